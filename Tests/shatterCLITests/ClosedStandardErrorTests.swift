import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// A render whose standard error is read by a process that quits (`2>&1 | head`, a log shipper that
/// dies) goes on: its progress lines are lost, not the render. SIGPIPE is reset to its default first
/// (`env --default-signal`), as a shell started by a terminal leaves it, since this test's own runner
/// may ignore it and hand that down.
struct ClosedStandardErrorTests {
    @Test func aFolderRenderOutlivesItsStandardErrorReader() throws {
        let s = try TemporaryFolder()
        let out = s.file("out")
        let render = [
            CLIRun.binary, "render", "shatter", "--size", "40x30", "--fps", "10", "--backend", "cpu", "--progress", "json",
            "--out", out,
        ]
        // `:` reads nothing and exits at once; the render's status is kept in a file.
        let script = "(\"$@\" 2>&1 >/dev/null; echo $? > '\(s.file("status"))') | :"
        let run = try CLIRun.command("/usr/bin/env", ["--default-signal=PIPE", "/bin/sh", "-c", script, "sh"] + render)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOfFile: s.file("status"), encoding: .utf8) == "0\n")
        let manifest = try #require(try FrameManifest.read(path: out + "/manifest.json"))
        #expect(manifest.frames.count == 13)
        #expect(s.contents(of: out).count == 13)
    }
}
