import ShatterCore

/// The CPU renderer's render target: premultiplied RGBA8, row 0 at the top, written the way a GLES
/// RGBA8 colour attachment is (float colour clamped to [0, 1], ×255, rounded to nearest).
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
        SIMD4(Float(unorm8(value.x)), Float(unorm8(value.y)), Float(unorm8(value.z)), Float(unorm8(value.w))) * (1 / 255)
    }

    @inline(__always)
    func load(_ offset: Int) -> SIMD4<Float> {
        SIMD4(Float(bytes[offset]), Float(bytes[offset + 1]), Float(bytes[offset + 2]), Float(bytes[offset + 3]))
            * (1 / 255)
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
            // A fixed-point colour buffer may blend the fragment colour already converted to its own
            // 8-bit format (llvmpipe does; GLES allows it). Doing the same keeps layered translucent
            // screens (the flower's ghost petals) from drifting a step apart per layer.
            let s = Self.quantised(source)
            let destination = load(offset)
            out = s + destination - s * destination
        }
        bytes[offset] = Self.unorm8(out.x)
        bytes[offset + 1] = Self.unorm8(out.y)
        bytes[offset + 2] = Self.unorm8(out.z)
        bytes[offset + 3] = Self.unorm8(out.w)
    }
}
