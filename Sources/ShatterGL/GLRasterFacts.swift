import CShatterGL
import ShatterCore

/// What a GL context says about the rules the CPU renderer copies, without drawing: the sub-pixel
/// precision of rasterisation, the fragment stage's `highp` float, and the read-back format.
public struct GLRasterFacts: Codable, Sendable, Equatable {
    /// GL_SUBPIXEL_BITS: window positions are snapped to 1/2^bits of a pixel.
    public var subpixelBits: Int
    /// glGetShaderPrecisionFormat(GL_FRAGMENT_SHADER, GL_HIGH_FLOAT): log2 of the range's ends and
    /// the significand bits (127, 127, 23 for IEEE single precision).
    public var fragmentHighpRange: [Int]
    public var fragmentHighpPrecision: Int
    /// GL_IMPLEMENTATION_COLOR_READ_FORMAT / _TYPE of the RGBA8 framebuffer, by name.
    public var readFormat: String

    public init(subpixelBits: Int, fragmentHighpRange: [Int], fragmentHighpPrecision: Int, readFormat: String) {
        self.subpixelBits = subpixelBits
        self.fragmentHighpRange = fragmentHighpRange
        self.fragmentHighpPrecision = fragmentHighpPrecision
        self.readFormat = readFormat
    }

    /// Queried with the renderer's RGBA8 framebuffer bound (the read format belongs to it).
    static func query() -> GLRasterFacts {
        var bits: GLint = 0
        glGetIntegerv(GLenum(GL_SUBPIXEL_BITS), &bits)
        var range: [GLint] = [0, 0]
        var precision: GLint = 0
        glGetShaderPrecisionFormat(GLenum(GL_FRAGMENT_SHADER), GLenum(GL_HIGH_FLOAT), &range, &precision)
        var format: GLint = 0
        var type: GLint = 0
        glGetIntegerv(GLenum(GL_IMPLEMENTATION_COLOR_READ_FORMAT), &format)
        glGetIntegerv(GLenum(GL_IMPLEMENTATION_COLOR_READ_TYPE), &type)
        let names: [GLint: String] = [
            GLint(GL_RGBA): "RGBA", GLint(GL_RGB): "RGB", 0x80E1: "BGRA",  // GL_BGRA_EXT
            GLint(GL_RGBA_INTEGER): "RGBA_INTEGER",
            GLint(GL_UNSIGNED_BYTE): "UNSIGNED_BYTE", GLint(GL_UNSIGNED_SHORT_4_4_4_4): "UNSIGNED_SHORT_4_4_4_4",
            GLint(GL_UNSIGNED_INT_2_10_10_10_REV): "UNSIGNED_INT_2_10_10_10_REV", GLint(GL_FLOAT): "FLOAT",
        ]
        func name(_ value: GLint) -> String { names[value] ?? "0x" + String(value, radix: 16) }
        _ = glGetError()
        return GLRasterFacts(
            subpixelBits: Int(bits), fragmentHighpRange: range.map(Int.init),
            fragmentHighpPrecision: Int(precision), readFormat: "\(name(format))/\(name(type))")
    }
}

extension GLRenderer {
    /// The context's ``GLRasterFacts``, with its framebuffer bound.
    public func rasterFacts() throws -> GLRasterFacts {
        _ = try render(DisplayList(width: 1, height: 1))
        return GLRasterFacts.query()
    }
}
