import ShatterCore

/// The Swift twin of GLSL's `texture(sampler2D, uv)` on an RGBA8 texture with clamp-to-edge
/// addressing: texel centres at (i + 0.5) / size, `linear` = bilinear between the four nearest texel
/// centres, `nearest` = the texel containing uv. Colours come back premultiplied, in [0, 1].
struct TextureSampler {
    let texels: UnsafeBufferPointer<UInt8>
    let width: Int
    let height: Int
    let filter: TextureFilter

    @inline(__always)
    func sample(_ u: Float, _ v: Float) -> SIMD4<Float> {
        switch filter {
        case .nearest:
            let x = clampIndex(Int((u * Float(width)).rounded(.down)), width)
            let y = clampIndex(Int((v * Float(height)).rounded(.down)), height)
            return texel(x, y)
        case .linear:
            let fx = u * Float(width) - 0.5, fy = v * Float(height) - 0.5
            let x0f = fx.rounded(.down), y0f = fy.rounded(.down)
            let ax = fx - x0f, ay = fy - y0f
            let x0 = Int(x0f), y0 = Int(y0f)
            let xa = clampIndex(x0, width), xb = clampIndex(x0 + 1, width)
            let ya = clampIndex(y0, height), yb = clampIndex(y0 + 1, height)
            let top = texel(xa, ya) * (1 - ax) + texel(xb, ya) * ax
            let bottom = texel(xa, yb) * (1 - ax) + texel(xb, yb) * ax
            return top * (1 - ay) + bottom * ay
        }
    }

    @inline(__always)
    private func clampIndex(_ i: Int, _ size: Int) -> Int { min(max(i, 0), size - 1) }

    @inline(__always)
    private func texel(_ x: Int, _ y: Int) -> SIMD4<Float> {
        let o = (y * width + x) * 4
        return SIMD4(Float(texels[o]), Float(texels[o + 1]), Float(texels[o + 2]), Float(texels[o + 3])) * (1 / 255)
    }
}

extension Texture {
    /// Calls `body` with a sampler over this texture's texels.
    func withSampler<R>(filter: TextureFilter, _ body: (TextureSampler) throws -> R) rethrows -> R {
        try image.pixels.withUnsafeBufferPointer { texels in
            try body(TextureSampler(texels: texels, width: image.width, height: image.height, filter: filter))
        }
    }
}
