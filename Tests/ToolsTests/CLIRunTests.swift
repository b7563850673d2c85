import Foundation
import ShatterTestSupport
import Testing

/// CLIRun, which every test of a script or of the built tool runs its program through, returns a chatty
/// child's whole output: one that writes more to stderr than a pipe holds (64 KiB) before it ends its
/// stdout. Reading stdout to its end first, as CLIRun once did, left both waiting for ever.
@Suite struct CLIRunTests {
    @Test func aChildThatFillsStderrBeforeItsStdoutEndsIsReadWhole() throws {
        let run = try CLIRun.command(
            "/bin/bash", ["-c", "for i in $(seq 1 20000); do echo \"complaint $i\" >&2; done; echo done; exit 3"])
        #expect(run.status == 3)
        #expect(run.stdout == "done\n")
        #expect(run.errorLines.count == 20000)
        #expect(run.errorLines.last == "complaint 20000", "\(run.errorLines.suffix(2))")
    }
}
