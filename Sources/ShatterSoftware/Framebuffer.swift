import ShatterCore

/// The CPU renderer's render target: premultiplied RGBA8, row 0 at the top, written as GLES 3.0
/// states a GLES RGBA8 color attachment is written (`shatter probe` measures each rule on a GL):
/// - store: float color clamped to [0, 1], ×255, rounded to nearest, ties to even;
/// - blending: exactly, on the float fragment color, rounded to nearest (``SpecBlend``).
struct Framebuffer: @unchecked Sendable {
    let bytes: UnsafeMutableBufferPointer<UInt8>
    let width: Int
    let height: Int
    /// When asked for (`SoftwareRenderer.renderCountingBlends(_:)`): per pixel, how many blended
    /// fragments it received, saturating at 255. Each may leave a GL one level from the twin
    /// (docs/parity.md, "Blending"); nil costs one predictable branch per blended fragment.
    var blendCounts: UnsafeMutablePointer<UInt8>? = nil

    /// Converts a float channel to unorm8 as GL does on store: clamped, ×255, rounded to nearest with
    /// ties to even. (For 0…255, adding and taking away 1.5·2²³ in float is that rounding.)
    @inline(__always)
    static func unorm8(_ value: Float) -> UInt8 {
        let scaled = min(max(value, 0), 1) * 255
        return UInt8((scaled + 12_582_912) - 12_582_912)
    }

    /// A pixel's four channels packed into one little-endian word (R in the low byte).
    @inline(__always)
    static func pack(_ value: SIMD4<Float>) -> UInt32 {
        UInt32(unorm8(value.x)) | UInt32(unorm8(value.y)) << 8 | UInt32(unorm8(value.z)) << 16
            | UInt32(unorm8(value.w)) << 24
    }

    /// A packed RGBA8 pixel as floats in [0, 1].
    @inline(__always)
    static func unpack(_ word: UInt32) -> SIMD4<Float> {
        SIMD4(Float(word & 0xFF), Float(word >> 8 & 0xFF), Float(word >> 16 & 0xFF), Float(word >> 24)) * (1 / 255)
    }

    @inline(__always)
    func load(_ offset: Int) -> SIMD4<Float> {
        Self.unpack(UInt32(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).load(as: UInt32.self)))
    }

    /// Overwrites the pixel at `offset` with a packed RGBA8 word.
    @inline(__always)
    func storeWord(_ word: UInt32, at offset: Int) {
        UnsafeMutableRawPointer(bytes.baseAddress! + offset).storeBytes(of: word.littleEndian, as: UInt32.self)
    }

    /// Overwrites the first `count` (at most 8) of the pixels from `offset` on with packed words.
    @inline(__always)
    func storeWords(_ words: SIMD8<UInt32>, count: Int, at offset: Int) {
        let destination = UnsafeMutableRawPointer(bytes.baseAddress! + offset)
        if count == 8 {
            destination.storeBytes(of: words, as: SIMD8<UInt32>.self)
        } else {
            for k in 0..<count { destination.storeBytes(of: words[k].littleEndian, toByteOffset: k * 4, as: UInt32.self) }
        }
    }

    /// Writes `source` at the pixel whose first byte is `offset`, combined with what is there by `blend`
    /// (``SpecBlend``: exact, rounded to nearest).
    @inline(__always)
    func store(_ source: SIMD4<Float>, at offset: Int, blend: BlendMode) {
        guard blend != .replace else { return storeWord(Self.pack(source), at: offset) }
        let destination = UInt32(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).load(as: UInt32.self))
        // ONE, ONE_MINUS_SRC_ALPHA (source-over); screen takes ONE_MINUS_SRC_COLOR for the colors.
        let out = SpecBlend.pixel(source, over: destination, screen: blend == .screen)
        storeWord(out, at: offset)
        if let blendCounts {
            let pixel = offset >> 2
            blendCounts[pixel] &+= blendCounts[pixel] == 255 ? 0 : 1
        }
    }
}
