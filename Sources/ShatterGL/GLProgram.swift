import CShatterGL
import ShatterShaders

/// A linked GLSL program and the locations of all its active uniforms, looked up once at link time.
struct GLProgram {
    let name: GLuint
    private let locations: [String: GLint]

    init(_ source: ShaderSource) throws {
        let vertex = try Self.compile(GLenum(GL_VERTEX_SHADER), source.vertex, file: source.vertexFile)
        defer { glDeleteShader(vertex) }
        let fragment = try Self.compile(GLenum(GL_FRAGMENT_SHADER), source.fragment, file: source.fragmentFile)
        defer { glDeleteShader(fragment) }
        let program = glCreateProgram()
        glAttachShader(program, vertex)
        glAttachShader(program, fragment)
        glLinkProgram(program)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else {
            let log = Self.infoLog(program, glGetProgramiv, glGetProgramInfoLog)
            glDeleteProgram(program)
            throw GLError.programLink(program: source.rawValue, log: log)
        }
        name = program
        locations = Self.activeUniforms(program)
    }

    /// A uniform's location; -1 (which GL ignores) for one the compiler optimised away.
    func location(_ uniform: String) -> GLint { locations[uniform] ?? -1 }

    private static func activeUniforms(_ program: GLuint) -> [String: GLint] {
        var count: GLint = 0, longest: GLint = 0
        glGetProgramiv(program, GLenum(GL_ACTIVE_UNIFORMS), &count)
        glGetProgramiv(program, GLenum(GL_ACTIVE_UNIFORM_MAX_LENGTH), &longest)
        var locations = [String: GLint]()
        var buffer = [GLchar](repeating: 0, count: Int(max(longest, 1)) + 1)
        for index in 0..<GLuint(max(count, 0)) {
            var length: GLsizei = 0, size: GLint = 0, type: GLenum = 0
            glGetActiveUniform(program, index, GLsizei(buffer.count), &length, &size, &type, &buffer)
            var name = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if name.hasSuffix("[0]") { name.removeLast(3) }  // arrays answer to their bare name too
            locations[name] = glGetUniformLocation(program, name)
        }
        return locations
    }

    func delete() { glDeleteProgram(name) }

    private static func compile(_ kind: GLenum, _ text: String, file: String) throws -> GLuint {
        let shader = glCreateShader(kind)
        text.withCString { pointer in
            var source: UnsafePointer<GLchar>? = pointer
            glShaderSource(shader, 1, &source, nil)
        }
        glCompileShader(shader)
        var compiled: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &compiled)
        guard compiled == GL_TRUE else {
            let log = infoLog(shader, glGetShaderiv, glGetShaderInfoLog)
            glDeleteShader(shader)
            throw GLError.shaderCompile(file: file, log: log)
        }
        return shader
    }

    private static func infoLog(
        _ object: GLuint,
        _ getParameter: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
        _ getLog: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void
    ) -> String {
        var length: GLint = 0
        getParameter(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        guard length > 1 else { return "(no log)" }
        var log = [GLchar](repeating: 0, count: Int(length))
        getLog(object, length, nil, &log)
        return String(decoding: log.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
