import ShatterCore

/// The Swift twin of GLSL's `texture(sampler2D, uv)` on an RGBA8 texture with clamp-to-edge
/// addressing: texel centres at (i + 0.5) / size, `linear` = bilinear between the four nearest texel
/// centres, `nearest` = the texel containing uv. Colors come back premultiplied, in [0, 1].
///
/// Sampling is split into one ``Tap`` per axis (the two texels and the weight between them) so a
/// raster loop can compute a column's or a row's tap once and reuse it: the float operations, and so
/// the results, are the same as computing them per pixel.
struct TextureSampler {
    let texels: UnsafeBufferPointer<UInt8>
    let width: Int
    let height: Int
    let filter: TextureFilter

    /// Along one axis: the two texel indices to blend and the weight of the second.
    struct Tap {
        let first: Int
        let second: Int
        let weight: Float
    }

    @inline(__always)
    func sample(_ u: Float, _ v: Float) -> SIMD4<Float> {
        sample(tap(u, size: width), tap(v, size: height))
    }

    /// The tap for normalised coordinate `coordinate` on an axis of `size` texels.
    @inline(__always)
    func tap(_ coordinate: Float, size: Int) -> Tap {
        switch filter {
        case .nearest:
            let index = clampIndex(Int(floor(coordinate * Float(size))), size)
            return Tap(first: index, second: index, weight: 0)
        case .linear:
            let position = coordinate * Float(size) - 0.5
            let lower = floor(position)
            let index = Int(lower)
            return Tap(first: clampIndex(index, size), second: clampIndex(index + 1, size), weight: position - lower)
        }
    }

    /// Bilinear blend of the four texels the taps name (weight 0 gives the first texel exactly).
    @inline(__always)
    func sample(_ x: Tap, _ y: Tap) -> SIMD4<Float> {
        let top = texel(x.first, y.first) * (1 - x.weight) + texel(x.second, y.first) * x.weight
        let bottom = texel(x.first, y.second) * (1 - x.weight) + texel(x.second, y.second) * x.weight
        return top * (1 - y.weight) + bottom * y.weight
    }

    /// The texel as stored: RGBA8 in one little-endian word.
    @inline(__always)
    func word(_ x: Int, _ y: Int) -> UInt32 {
        UInt32(littleEndian: UnsafeRawPointer(texels.baseAddress! + (y * width + x) * 4).load(as: UInt32.self))
    }

    @inline(__always)
    private func clampIndex(_ i: Int, _ size: Int) -> Int { min(max(i, 0), size - 1) }

    @inline(__always)
    private func texel(_ x: Int, _ y: Int) -> SIMD4<Float> {
        Framebuffer.unpack(UInt32(littleEndian: UnsafeRawPointer(texels.baseAddress! + (y * width + x) * 4)
            .load(as: UInt32.self)))
    }

    /// floorf without a library call: exact for every finite float (those ≥ 2²³ are already whole).
    @inline(__always)
    private func floor(_ value: Float) -> Float {
        guard abs(value) < 8_388_608 else { return value }
        let truncated = Float(Int32(value))
        return truncated > value ? truncated - 1 : truncated
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
