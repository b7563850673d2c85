import ShatterCore

/// The CPU renderer's render target: premultiplied RGBA8, row 0 at the top, written the way
/// llvmpipe writes a GLES RGBA8 color attachment (`shatter probe` measures each rule):
/// - store: float color clamped to [0, 1], ×255, rounded to nearest, ties to even;
/// - blending: in 8-bit fixed point, on the fragment color already converted to 8 bits
///   (GLES allows a fixed-point color buffer to do so).
struct Framebuffer: @unchecked Sendable {
    let bytes: UnsafeMutableBufferPointer<UInt8>
    let width: Int
    let height: Int

    /// Converts a float channel to unorm8 as GL does on store: clamped, ×255, rounded to nearest with
    /// ties to even. (For 0…255, adding and taking away 1.5·2²³ in float is that rounding.)
    @inline(__always)
    static func unorm8(_ value: Float) -> UInt8 {
        let scaled = min(max(value, 0), 1) * 255
        return UInt8((scaled + 12_582_912) - 12_582_912)
    }

    /// a·b/255 in 8-bit fixed point, llvmpipe's way: t = a·b, (t + (t >> 8) + 128) >> 8 (exact for
    /// almost every pair; `shatter probe` compares it with the GL's blend).
    @inline(__always)
    static func multiply(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let t = a &* b
        return (t &+ (t &>> 8) &+ 128) &>> 8
    }

    @inline(__always)
    static func bytes(_ word: UInt32) -> SIMD4<UInt32> {
        SIMD4(word & 0xFF, word >> 8 & 0xFF, word >> 16 & 0xFF, word >> 24)
    }

    @inline(__always)
    static func word(_ bytes: SIMD4<UInt32>) -> UInt32 {
        let clamped = bytes.replacing(with: 255, where: bytes .> 255)
        return clamped.x | clamped.y << 8 | clamped.z << 16 | clamped.w << 24
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

    /// Writes `source` at the pixel whose first byte is `offset`, combined with what is there by `blend`.
    @inline(__always)
    func store(_ source: SIMD4<Float>, at offset: Int, blend: BlendMode) {
        let s = Self.pack(source)
        guard blend != .replace else { return storeWord(s, at: offset) }
        let source = Self.bytes(s)
        let destination = Self.bytes(UInt32(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).load(as: UInt32.self)))
        let out: SIMD4<UInt32>
        switch blend {
        case .replace, .sourceOver:
            // ONE, ONE_MINUS_SRC_ALPHA
            out = source &+ Self.multiply(destination, SIMD4(repeating: 255 &- source.w))
        case .screen:
            // ONE, ONE_MINUS_SRC_COLOR for color; ONE, ONE_MINUS_SRC_ALPHA for alpha.
            out = source &+ Self.multiply(destination, 255 &- source)
        }
        storeWord(Self.word(out), at: offset)
    }
}
