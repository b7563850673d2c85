import CLanes

/// ``TextureSampler/fixedTap(_:size:)`` for eight texel positions, lane for lane the same operations.
extension TextureSampler {
    /// Eight ``Tap``s: texel indices and the second texel's weight in 1/256 (`weight8`).
    struct Taps {
        var first: SIMD8<Int32>
        var second: SIMD8<Int32>
        var weight: SIMD8<UInt32>
    }

    /// ``fixedTap(_:size:)`` for eight texel positions (1/256 texel).
    @inline(__always)
    func taps(fixed: SIMD8<Int32>, size: Int) -> Taps {
        let last = SIMD8<Int32>(repeating: Int32(size - 1))
        switch filter {
        case .nearest:
            let index = Self.clamp((fixed &+ SIMD8(repeating: 128)) &>> SIMD8(repeating: 8), last)
            return Taps(first: index, second: index, weight: .zero)
        case .linear:
            return Self.linearTaps(fixed: fixed, last: last)
        }
    }

    /// The linear filter's taps at texel positions `fixed` (1/256 texel): the whole part names the
    /// texels (clamped to 0…`last`), the low 8 bits are the weight.
    @inline(__always)
    static func linearTaps(fixed: SIMD8<Int32>, last: SIMD8<Int32>) -> Taps {
        let index = fixed &>> SIMD8(repeating: 8)
        let weight = unsafeBitCast(fixed & SIMD8(repeating: 255), to: SIMD8<UInt32>.self)
        return Taps(first: clamp(index, last), second: clamp(index &+ SIMD8<Int32>(repeating: 1), last), weight: weight)
    }

    /// Limits each index to 0…`last` (`last` ≥ 0).
    @inline(__always)
    static func clamp(_ index: SIMD8<Int32>, _ last: SIMD8<Int32>) -> SIMD8<Int32> { shatter_lanes_clamp(index, last) }
}

extension TextureSampler {
    /// Eight bilinear fetches blended in fixed point (``FixedPointBilinear``), one pair of taps per lane.
    /// Where every lane's two columns are neighbours (all but the texture's last column), each row's
    /// pair of texels is loaded as one 64-bit word.
    @inline(__always)
    func blend(_ x: Taps, _ y: Taps) -> SIMD8<UInt32> {
        let rowLength = SIMD8<Int32>(repeating: Int32(width))
        let top = y.first &* rowLength &+ x.first
        let bottom = y.second &* rowLength &+ x.first
        if (x.second .== x.first &+ SIMD8<Int32>(repeating: 1)).bits == 0xFF {
            return shatter_lanes_bilinear_pairs(
                shatter_lanes_pairs(words, top), shatter_lanes_pairs(words, bottom),
                x.weight, y.weight)
        }
        let texels = gather(x, y)
        return FixedPointBilinear.blend(texels.0, texels.1, texels.2, texels.3, wx: x.weight, wy: y.weight)
    }

    /// The four texels of eight bilinear fetches, one pair of taps per lane: (x₀y₀, x₁y₀, x₀y₁, x₁y₁).
    @inline(__always)
    func gather(_ x: Taps, _ y: Taps) -> (SIMD8<UInt32>, SIMD8<UInt32>, SIMD8<UInt32>, SIMD8<UInt32>) {
        let rowLength = SIMD8<Int32>(repeating: Int32(width))
        let top = y.first &* rowLength
        let bottom = y.second &* rowLength
        return (
            shatter_lanes_words(words, top &+ x.first), shatter_lanes_words(words, top &+ x.second),
            shatter_lanes_words(words, bottom &+ x.first), shatter_lanes_words(words, bottom &+ x.second)
        )
    }

    /// The texels, RGBA8 words.
    var words: UnsafeRawPointer { UnsafeRawPointer(texels.baseAddress!) }

    /// One texel row's half of eight bilinear fetches: the texels of `taps`' two columns in texel row
    /// `row`, blended by the columns' weights. Whole-vector loads when `contiguous` (each column's
    /// second texel the next one's first) and the load stays in the texture.
    @inline(__always)
    func horizontal(_ taps: Taps, row: Int, contiguous: Bool) -> SIMD32<UInt16> {
        let start = row &* width &+ Int(taps.first[0])
        if contiguous && start &+ 9 <= width &* height {
            let base = UnsafeRawPointer(texels.baseAddress!) + start &* 4
            return shatter_lanes_horizontal(
                base.loadUnaligned(as: SIMD8<UInt32>.self), base.loadUnaligned(fromByteOffset: 4, as: SIMD8<UInt32>.self),
                taps.weight)
        }
        let rowStart = SIMD8<Int32>(repeating: Int32(row &* width))
        return shatter_lanes_horizontal(
            shatter_lanes_words(words, rowStart &+ taps.first), shatter_lanes_words(words, rowStart &+ taps.second), taps.weight)
    }

    @inline(__always)
    func word(at index: Int) -> UInt32 {
        UInt32(littleEndian: UnsafeRawPointer(texels.baseAddress! + index * 4).load(as: UInt32.self))
    }
}
