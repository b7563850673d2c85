import Shatter
import ShatterTestSupport
import Testing

/// `Backend.Choice.close()` releases whatever renderer the choice holds through `Renderer.close()`,
/// with no knowledge of which renderer it is: the GL renderer lets go of its context (a render after
/// it is refused, never drawn on a dead context), the CPU renderer has nothing to let go of.
@Suite struct BackendCloseTests {
    static func frame() throws -> DisplayList {
        try ShatterFixture.effect(width: 40, height: 30, pointSize: 2).displayList(at: 0.5)
    }

    @Test(.enabled(if: GLSupport.isAvailable, "needs EGL + GLES 3 (Mesa's llvmpipe will do)"))
    func closingAGLChoiceReleasesItsContext() throws {
        let choice = try Backend.gl.makeRenderer()
        _ = try choice.renderer.render(Self.frame())
        choice.close()
        let error = #expect(throws: GLError.self) { try choice.renderer.render(Self.frame()) }
        #expect(error.map { "\($0)" } == "\(GLError.closed)")
    }

    @Test func closingACPUChoiceLeavesItRendering() throws {
        let choice = try Backend.cpu.makeRenderer()
        let before = try choice.renderer.render(Self.frame())
        choice.close()
        #expect(try choice.renderer.render(Self.frame()) == before)
    }
}
