import Foundation
import Glibc
import Shatter
import ShatterTestSupport
import Testing

/// The GL backend lets go of EGL before the process ends: the context is released, the thread's EGL
/// state freed and the display terminated (NVIDIA's EGL has crashed at exit in other programs that
/// left a context current). SHATTER_EGL_TRACE=1 prints each step, so the test sees them happen.
@Suite(.enabled(if: GPUBackendTests.gl != nil, "needs an EGL context"))
struct EGLShutdownTests {
    static let steps = ["shatter: EGL eglMakeCurrent(no context)", "shatter: EGL eglReleaseThread", "shatter: EGL eglTerminate"]

    static func traced(_ stderr: String) -> [String] {
        stderr.split(whereSeparator: \.isNewline).map(String.init).filter { $0.hasPrefix("shatter: EGL ") }
    }

    @Test func aFinishedRenderShutsEGLDownInOrder() throws {
        let scratch = try TemporaryFolder()
        let run = try CLIRun.shatter(
            [
                "render", "shatter", "--size", "32x24", "--frames", "0-1", "--backend", "gl",
                "--out", scratch.file("f"),
            ], environment: ["SHATTER_EGL_TRACE": "1"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.traced(run.stderr) == Self.steps)
    }

    @Test func aRenderStoppedBySIGTERMShutsEGLDownToo() throws {
        let scratch = try TemporaryFolder()
        let out = scratch.file("f")
        let run = try BackgroundRun(
            [
                "render", "shatter", "--size", "120x120", "--point-size", "1", "--fps", "30", "--duration", "30",
                "--backend", "gl", "--out", out,
            ], in: scratch, environment: ["SHATTER_EGL_TRACE": "1"])
        while scratch.allContents(of: out).filter({ $0.hasPrefix("frame-") }).count < 2 && run.process.isRunning {
            usleep(2_000)
        }
        kill(run.process.processIdentifier, SIGTERM)
        #expect(run.wait() == 143, "\(run.stderr)")
        #expect(Self.traced(run.stderr) == Self.steps, "\(run.stderr)")
    }
}
