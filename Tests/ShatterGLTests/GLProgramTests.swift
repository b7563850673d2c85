import ShatterCore
import ShatterShaders
import ShatterTestSupport
import Testing

@testable import ShatterGL

/// A uniform the Swift code sets by a name the GLSL does not declare fails loudly, naming the
/// program and the name, instead of GL ignoring location -1.
@Suite(.enabled(if: GLSupport.isAvailable, "no EGL context can be made on this machine (reason printed above)"))
struct GLProgramTests {
    /// A renderer whose context is current on this thread, as programs are only made inside a render.
    static func current() throws -> GLRenderer {
        let gl = try GLRenderer()
        _ = try gl.render(DisplayList(width: 1, height: 1, commands: []))
        return gl
    }

    @Test func aMisspeltUniformIsATypedErrorNamingTheProgramAndTheUniform() throws {
        let program = try Self.current().use(.dustLayers)
        #expect(try program.location("u_texelScale") >= 0)
        #expect {
            try program.location("u_texelscale")
        } throws: { error in
            guard case GLError.unknownUniform(let name, let uniform) = error else { return false }
            return name == "dust_layers" && uniform == "u_texelscale"
                && "\(error)".hasPrefix("program dust_layers declares no uniform named u_texelscale")
        }
    }

    @Test(arguments: ShaderSource.allCases)
    func everyUniformTheCompilerKeptIsOneTheProgramDeclares(source: ShaderSource) throws {
        let program = try Self.current().use(source)
        #expect(!program.locations.isEmpty)
        for name in program.locations.keys {
            #expect(
                GLProgram.declaredUniforms(source.vertex).union(GLProgram.declaredUniforms(source.fragment)).contains(name),
                "\(source.rawValue): \(name) is active but not found among the declarations")
        }
    }
}

/// The dust program's uniform block is filled from an array of `DustLayerUniform`: its Swift layout
/// must be std140's layout of GLSL's `DustLayer` (vec2 at 0, six floats after it, 32-byte stride),
/// for as many layers as a stack may hold.
@Suite struct DustLayerUniformLayoutTests {
    @Test func theSwiftStructIsTheStd140Struct() {
        typealias U = DustLayerUniform
        #expect(MemoryLayout<U>.stride == 32 && MemoryLayout<U>.size == 32)
        let offsets = [\U.position, \U.cosine, \U.sine, \U.opacity, \U.index, \U.firstColumn, \U.lastColumn]
            .map { (path: PartialKeyPath<U>) in MemoryLayout<U>.offset(of: path) }
        #expect(offsets == [0, 8, 12, 16, 20, 24, 28])
        #expect(ShaderSource.dustLayers.fragment.contains("DustLayer u_layers[\(DustLayerStack.maximumLayers)];"))
    }

    @Test(.enabled(if: GLSupport.isAvailable, "needs an EGL context to ask the driver"))
    func theDriverLaysTheBlockOutInTheBytesTheRendererUploads() throws {
        let gl = try GLProgramTests.current()
        let program = try gl.use(.dustLayers)
        withExtendedLifetime(gl) {  // the query needs the renderer's context alive
            #expect(
                program.uniformBlockDataSize("DustLayers") == DustLayerStack.maximumLayers * MemoryLayout<DustLayerUniform>.stride
            )
        }
    }
}
