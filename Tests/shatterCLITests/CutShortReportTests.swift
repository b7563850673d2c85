import Foundation
import ShatterTestSupport
import Testing

/// A `compare --out` report cut short (here by a file-size limit, which fails a write as a full disk
/// does) leaves the frames' images but no `report.json` or `index.html`: nobody can read it, so the
/// next comparison into the folder replaces it instead of refusing the folder as someone else's.
@Suite struct CutShortReportTests {
    @Test func aReportCutShortByAFullDiskDoesNotBlockTheNextComparison() throws {
        let s = try TemporaryFolder()
        for (seed, folder) in [(1, "golden"), (2, "new")] {
            let render = try CLIRun.shatter([
                "render", "shatter", "--size", "96x72", "--backend", "cpu", "--frames", "0-5", "--seed", "\(seed)", "--quiet",
                "--out", s.file(folder),
            ])
            #expect(render.status == 0, "\(render.stderr)")
        }
        let compare = ["compare", "--dirs", s.file("golden"), s.file("new"), "--out", s.file("report")]
        // 16 KiB a file: the frames' images fit, the filmstrip does not.
        let cut = try CLIRun.command(
            "/bin/bash", ["-c", "ulimit -f 16; exec \"$@\"", "bash", CLIRun.binary] + compare + ["--keep-all"])
        #expect(cut.status == 2 && cut.errorLines.count == 1, "\(cut.stderr)")
        #expect(cut.stderr.contains("filmstrip.png: write failed (File too large)"), "\(cut.stderr)")
        let left = s.allContents(of: s.file("report"))
        #expect(left.contains("diff-00001.png") && !left.contains("report.json"), "\(left)")
        #expect(!left.contains { $0.hasPrefix(".") }, "a temporary was left: \(left)")
        let next = try CLIRun.shatter(compare)
        #expect(next.status == 1, "\(next.stderr)")
        #expect(FileManager.default.fileExists(atPath: s.file("report/report.json")))
    }
}
