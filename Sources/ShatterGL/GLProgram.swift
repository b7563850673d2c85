import CShatterGL
import Glibc
import ShatterShaders

/// A linked GLSL program and the locations of all its active uniforms, looked up once at link time.
struct GLProgram {
    let name: GLuint
    /// The program's file name (`point_sprite`), for errors.
    let source: String
    /// Active uniforms by name (what the compiler kept).
    let locations: [String: GLint]
    /// Every uniform its two files declare, active or not.
    private let declared: Set<String>

    /// `capturingOutputs` links the program to record its vertex outputs (`ShaderSource.vertexOutputs`)
    /// with transform feedback, interleaved in one buffer.
    init(_ source: ShaderSource, capturingOutputs: Bool = false) throws {
        let vertex = try Self.compile(GLenum(GL_VERTEX_SHADER), source.vertex, file: source.vertexFile)
        defer { glDeleteShader(vertex) }
        let fragment = try Self.compile(GLenum(GL_FRAGMENT_SHADER), source.fragment, file: source.fragmentFile)
        defer { glDeleteShader(fragment) }
        let program = glCreateProgram()
        glAttachShader(program, vertex)
        glAttachShader(program, fragment)
        if capturingOutputs {
            let names = source.vertexOutputs.map { strdup($0.name) }
            defer { for name in names { free(name) } }
            let pointers = names.map { UnsafePointer($0) }
            glTransformFeedbackVaryings(program, GLsizei(pointers.count), pointers, GLenum(GL_INTERLEAVED_ATTRIBS))
        }
        glLinkProgram(program)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else {
            let log = Self.infoLog(program, glGetProgramiv, glGetProgramInfoLog)
            glDeleteProgram(program)
            throw GLError.programLink(program: source.rawValue, log: log)
        }
        name = program
        self.source = source.rawValue
        locations = Self.activeUniforms(program)
        declared = Self.declaredUniforms(source.vertex).union(Self.declaredUniforms(source.fragment))
    }

    /// A uniform's location. A name neither file declares (misspelt, or gone from the GLSL) throws,
    /// rather than giving -1, which GL would silently ignore. A declared uniform the compiler
    /// optimised away gives -1: drivers may drop what the program never reads, and setting it is
    /// then rightly a no-op.
    func location(_ uniform: String) throws(GLError) -> GLint {
        if let location = locations[uniform] { return location }
        guard declared.contains(uniform) else { throw GLError.unknownUniform(program: source, uniform: uniform) }
        return -1
    }

    /// The bytes the driver lays uniform block `block` out in (std140 blocks: fixed by the GLSL), or
    /// nil when the program has no such block.
    func uniformBlockDataSize(_ block: String) -> Int? {
        let index = glGetUniformBlockIndex(name, block)
        guard index != GLuint(GL_INVALID_INDEX) else { return nil }
        var size: GLint = 0
        glGetActiveUniformBlockiv(name, index, GLenum(GL_UNIFORM_BLOCK_DATA_SIZE), &size)
        return Int(size)
    }

    /// The names in `uniform TYPE NAME;` and `uniform TYPE NAME[N];` declarations (uniform blocks,
    /// `uniform NAME {`, are set through their binding, not by name, and are left out).
    static func declaredUniforms(_ glsl: String) -> Set<String> {
        var names = Set<String>()
        for line in glsl.split(whereSeparator: \.isNewline) {
            let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = code.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ";" || $0 == "[" })
            guard let keyword = words.firstIndex(of: "uniform") else { continue }
            // `uniform [precision] type name`: a precision qualifier moves the name one word on.
            let precisions: Set<Substring> = ["lowp", "mediump", "highp"]
            let type = keyword + 1 < words.count && precisions.contains(words[keyword + 1]) ? keyword + 2 : keyword + 1
            guard type + 1 < words.count, words[type + 1] != "{" else { continue }
            names.insert(String(words[type + 1]))
        }
        return names
    }

    private static func activeUniforms(_ program: GLuint) -> [String: GLint] {
        var count: GLint = 0
        var longest: GLint = 0
        glGetProgramiv(program, GLenum(GL_ACTIVE_UNIFORMS), &count)
        glGetProgramiv(program, GLenum(GL_ACTIVE_UNIFORM_MAX_LENGTH), &longest)
        var locations = [String: GLint]()
        var buffer = [GLchar](repeating: 0, count: Int(max(longest, 1)) + 1)
        for index in 0..<GLuint(max(count, 0)) {
            var length: GLsizei = 0
            var size: GLint = 0
            var type: GLenum = 0
            glGetActiveUniform(program, index, GLsizei(buffer.count), &length, &size, &type, &buffer)
            var name = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if name.hasSuffix("[0]") { name.removeLast(3) }  // arrays answer to their bare name too
            let location = glGetUniformLocation(program, name)
            // Members of uniform blocks are listed too, with no location: they are set through the block.
            if location >= 0 { locations[name] = location }
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
