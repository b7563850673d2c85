import ShatterCore

/// The CPU renderer's render target: premultiplied RGBA8, row 0 at the top, written the way a GLES
/// RGBA8 color attachment is (float color clamped to [0, 1], ×255, rounded to nearest).
struct Framebuffer: @unchecked Sendable {
    let bytes: UnsafeMutableBufferPointer<UInt8>
    let width: Int
    let height: Int

    /// Converts a float channel to unorm8 as GL does on store.
    @inline(__always)
    static func unorm8(_ value: Float) -> UInt8 {
        UInt8(min(max(value, 0), 1) * 255 + 0.5)
    }

    /// `value` converted to unorm8 and back.
    @inline(__always)
    static func quantised(_ value: SIMD4<Float>) -> SIMD4<Float> {
        unpack(pack(value))
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
        let out: SIMD4<Float>
        switch blend {
        case .replace:
            out = source
        case .sourceOver:
            out = source + load(offset) * (1 - source.w)
        case .screen:
            // A fixed-point color buffer may blend the fragment color already converted to its own
            // 8-bit format (llvmpipe does; GLES allows it). Doing the same keeps layered translucent
            // screens (the flower's ghost petals) from drifting a step apart per layer.
            let s = Self.quantised(source)
            let destination = load(offset)
            out = s + destination - s * destination
        }
        UnsafeMutableRawPointer(bytes.baseAddress! + offset).storeBytes(of: Self.pack(out).littleEndian, as: UInt32.self)
    }
}
