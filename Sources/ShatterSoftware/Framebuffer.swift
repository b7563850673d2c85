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
            let destination = load(offset)
            out = source + destination - source * destination
        }
        bytes[offset] = Self.unorm8(out.x)
        bytes[offset + 1] = Self.unorm8(out.y)
        bytes[offset + 2] = Self.unorm8(out.z)
        bytes[offset + 3] = Self.unorm8(out.w)
    }
}
