import CShatterGL

/// The unsigned-integer texel formats a program reads with `texelFetch` from a `usampler2D`.
enum IntegerTextureFormat: String, Sendable {
    /// One byte a texel (`GL_R8UI`).
    case r8ui
    /// Two 32-bit words a texel (`GL_RG32UI`).
    case rg32ui

    var bytesPerTexel: Int { self == .r8ui ? 1 : 8 }
}

extension GLRenderer {
    /// A texture made for one draw from `values` (row by row, `width` × `height` texels of `format`),
    /// bound to `unit` and recorded with the draw: the caller deletes it after drawing. Read with
    /// `texelFetch` only (integer textures cannot be filtered), so the filter is nearest.
    func integerTexture<T: FixedWidthInteger>(
        _ values: [T], format: IntegerTextureFormat, width: Int, height: Int, unit: Int
    ) throws -> GLuint {
        precondition(values.count * MemoryLayout<T>.size == width * height * format.bytesPerTexel)
        guard width <= info.maxTextureSize, height <= info.maxTextureSize else {
            throw GLError.textureTooLarge(width: width, height: height, maximum: info.maxTextureSize)
        }
        var name: GLuint = 0
        glGenTextures(1, &name)
        glActiveTexture(GLenum(GL_TEXTURE0 + Int32(unit)))
        glBindTexture(GLenum(GL_TEXTURE_2D), name)
        for (parameter, value) in [
            (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE),
            (GL_TEXTURE_MIN_FILTER, GL_NEAREST), (GL_TEXTURE_MAG_FILTER, GL_NEAREST),
        ] {
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), value)
        }
        let (internalFormat, layout, type) =
            format == .r8ui
            ? (GL_R8UI, GL_RED_INTEGER, GL_UNSIGNED_BYTE) : (GL_RG32UI, GL_RG_INTEGER, GL_UNSIGNED_INT)
        values.withUnsafeBytes { bytes in
            glTexImage2D(
                GLenum(GL_TEXTURE_2D), 0, internalFormat, GLsizei(width), GLsizei(height), 0, GLenum(layout),
                GLenum(type), bytes.baseAddress)
            recorder?.integerTexture(Array(bytes), format: format, unit: unit, width: width, height: height)
        }
        do {
            try checkError("glTexImage2D (\(format.rawValue) \(width)x\(height))")
        } catch {
            glDeleteTextures(1, &name)
            throw error
        }
        return name
    }
}
