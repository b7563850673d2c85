import ShatterCore

/// Sampling an RGBA8 texture with clamp-to-edge addressing: texel centres at (i + 0.5) / size,
/// `linear` = bilinear between the four nearest texel centres, `nearest` = the texel containing uv.
/// Colors come back premultiplied, in [0, 1]. Two models:
///
/// - ``filterTap(_:size:)`` + ``filtered(_:_:)``: GLSL's `texture()` as llvmpipe filters unorm8
///   textures (and `point_sprite.frag` spells out, so no GPU's filter is involved there): the texel
///   position snapped to 1/256 texel, ties to even, and an 8-bit fixed-point lerp
///   (``FixedPointBilinear``). `shatter probe` measures the rule on any GL.
/// - ``tap(_:size:)`` + `sample(_:_:)`: bilinear in float, the twin of the hand-written filters in
///   `layer_quad.frag` and `dust_layers.frag`.
///
/// Sampling is split into one ``Tap`` per axis (the two texels and the weight between them) so a
/// raster loop can compute a column's or a row's tap once and reuse it: the operations, and so the
/// results, are the same as computing them per pixel.
struct TextureSampler {
    let texels: UnsafeBufferPointer<UInt8>
    let width: Int
    let height: Int
    let filter: TextureFilter

    /// Along one axis: the two texel indices to blend and the weight of the second (in float, and in
    /// 1/256 for the fixed-point model).
    struct Tap {
        let first: Int
        let second: Int
        let weight: Float
        var weight8: UInt32 = 0
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

    /// The fixed-point tap of `texture()` for normalised coordinate `coordinate`: the texel position
    /// (coordinate · size − 0.5) in 1/256 texel, rounded to nearest even; its whole part picks the
    /// texels, its low 8 bits are the weight.
    @inline(__always)
    func filterTap(_ coordinate: Float, size: Int) -> Tap {
        switch filter {
        case .nearest:
            return tap(coordinate, size: size)
        case .linear:
            let position = (coordinate * Float(size) - 0.5) * 256
            let fixed = Int(roundedToEven(position))
            let index = fixed >> 8
            let weight = UInt32(fixed & 255)
            return Tap(
                first: clampIndex(index, size), second: clampIndex(index + 1, size), weight: Float(weight) / 256,
                weight8: weight)
        }
    }

    /// The tap at texel position `fixed` (1/256 texel, the filter's first texel centre at 0): for the
    /// linear filter its whole part names the texels, its low 8 bits are the weight; nearest takes the
    /// texel the position (plus half a texel) lies in. Integers only (`point_sprite.frag`).
    @inline(__always)
    func fixedTap(_ fixed: Int32, size: Int) -> Tap {
        switch filter {
        case .nearest:
            let index = clampIndex(Int((fixed &+ 128) &>> 8), size)
            return Tap(first: index, second: index, weight: 0)
        case .linear:
            let index = Int(fixed &>> 8)
            let weight = UInt32(fixed & 255)
            return Tap(
                first: clampIndex(index, size), second: clampIndex(index + 1, size), weight: Float(weight) / 256,
                weight8: weight)
        }
    }

    /// The four texels of two ``filterTap(_:size:)`` taps blended in 8-bit fixed point, as one RGBA8 word.
    @inline(__always)
    func filtered(_ x: Tap, _ y: Tap) -> UInt32 {
        FixedPointBilinear.blend(
            word(x.first, y.first), word(x.second, y.first), word(x.first, y.second),
            word(x.second, y.second), wx: x.weight8, wy: y.weight8)
    }

    /// Bilinear blend of the four texels the taps name (weight 0 gives the first texel exactly).
    @inline(__always)
    func sample(_ x: Tap, _ y: Tap) -> SIMD4<Float> {
        let top = texel(x.first, y.first) * (1 - x.weight) + texel(x.second, y.first) * x.weight
        let bottom = texel(x.first, y.second) * (1 - x.weight) + texel(x.second, y.second) * x.weight
        return top * (1 - y.weight) + bottom * y.weight
    }

    /// Whether the four texels the taps name are all 0 (transparent black): `sample(_:_:)` of them is
    /// then exactly 0, whatever the weights in [0, 1].
    @inline(__always)
    func isClear(_ x: Tap, _ y: Tap) -> Bool {
        word(x.first, y.first) | word(x.second, y.first) | word(x.first, y.second) | word(x.second, y.second) == 0
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
        Framebuffer.unpack(
            UInt32(
                littleEndian: UnsafeRawPointer(texels.baseAddress! + (y * width + x) * 4)
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
    /// Calls `body` with a sampler over this texture's texels (lent or its image's).
    func withSampler<R>(filter: TextureFilter, _ body: (TextureSampler) throws -> R) rethrows -> R {
        try withTexels { texels in
            try body(TextureSampler(texels: texels, width: image.width, height: image.height, filter: filter))
        }
    }
}
