import CShatterGL

/// The test draw that proves a device really renders: a clear into a small RGBA8 framebuffer, read
/// back. A device can pass eglInitialize and eglCreateContext and still fail here (a GPU behind a
/// cgroup, a broken driver install), and it is cheaper to learn that before the first frame.
enum EGLSmokeTest {
    /// nil when the draw came back right; otherwise what went wrong.
    static func run() -> String? {
        var framebuffer: GLuint = 0
        var color: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        glGenRenderbuffers(1, &color)
        defer {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            glDeleteFramebuffers(1, &framebuffer)
            glDeleteRenderbuffers(1, &color)
        }
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), color)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), 4, 4)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), color)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            return "framebuffer incomplete (0x\(String(status, radix: 16)))"
        }
        glClearColor(0.25, 0.5, 0.75, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        var pixel = [UInt8](repeating: 0, count: 4)
        glReadPixels(2, 2, 1, 1, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &pixel)
        let error = glGetError()
        guard error == GLenum(GL_NO_ERROR) else { return "GL error 0x\(String(error, radix: 16))" }
        let expected: [Int] = [64, 128, 191, 255]
        guard zip(pixel, expected).allSatisfy({ abs(Int($0) - $1) <= 1 }) else {
            return "cleared to \(expected), read back \(pixel.map(Int.init))"
        }
        return nil
    }
}
