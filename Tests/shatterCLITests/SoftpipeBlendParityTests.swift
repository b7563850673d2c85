import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// The breathing flower on softpipe, a second GLES implementation whose blend rounds differently from
/// llvmpipe's (`shatter probe`: by 1 in about an eighth of the bytes of one blend). It passes parity
/// because the twin blends exactly and the rule allows every blended fragment its level
/// (docs/parity.md, "Blending"); judged without the counts (or with a twin copying llvmpipe) it fails.
/// GALLIUM_DRIVER must be set before EGL starts, so the CLI runs in a process of its own.
@Suite(.enabled(if: GPUBackendTests.gl != nil, "needs an EGL context"))
struct SoftpipeBlendParityTests {
    @Test func breatheOnSoftpipePassesTheParityRule() throws {
        let s = try TemporaryFolder()
        let run = try CLIRun.shatter(
            ["compare", "breathe", "--fps", "5", "--frames", "20-45", "--size", "184x224", "--out", s.file("report")],
            environment: ["GALLIUM_DRIVER": "softpipe"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("softpipe"), "\(run.stdout)")
        #expect(run.stdout.contains("note: differences are per blended fragment"), "\(run.stdout)")
    }
}
