import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// `compare <effect>`'s report carries the effect's preview page (`preview.html`, recorded from the
/// comparison's own GL pass) and links it near the top; where the page would be too large, the report
/// says so in one line, writes no page, and the comparison's verdict and exit code are as they were.
@Suite struct ComparePreviewTests {
    @Test(
        .enabled(if: GPUBackendTests.gl != nil, "compare and the preview need an EGL context"),
        .enabled(if: HeadlessChromium.path != nil, "Chromium cannot run here (Tools/setup.sh installs Debian's chromium)"))
    func theReportLinksAPreviewThatPlaysAndAgreesInChromium() throws {
        let s = try TemporaryFolder()
        // Compare's own options among the effect's, to see them left out of the page's render command.
        let run = try CLIRun.shatter(
            [
                "compare", "shatter", "--size", "97x61", "--out", "report", "--point-size", "2.5", "--keep-all",
                "--precision", "0.999", "--fps", "10",
            ], in: s.path)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("PASS: 13/13 frames pass"), "\(run.stdout)")
        let out = s.file("report")
        #expect(FileManager.default.fileExists(atPath: out + "/preview.html"))
        let report = try JSONDecoder().decode(
            CompareReport.self, from: Data(contentsOf: URL(fileURLWithPath: out + "/report.json")))
        #expect(report.preview == .file("preview.html"))

        // The report page, as a browser reads it: the link, in the header above the frames.
        let dom = try Chromium.run(["--dump-dom", "file://" + out + "/index.html"]).stdout
        let link = try #require(
            dom.range(of: "Play it in the browser: <a href=\"preview.html\">preview.html</a>"), "\(dom.prefix(3000))")
        #expect(link.lowerBound < (dom.range(of: "</header>")?.lowerBound ?? dom.startIndex))

        // The linked page plays the compared frames and its own parity check passes on ANGLE.
        let preview = try HeadlessChromium.dumpDOM(out + "/preview.html")
        #expect(
            preview.contains(
                "<p id=\"parity\" class=\"agrees\">This GL agrees with Shatter's CPU renderer on the 5 checked frames "
                    + "(0, 3, 6, 9, 12) under the parity rule"), "\(preview.prefix(3000))")
        #expect(preview.contains("<pre id=\"command\">shatter render shatter --size 97x61 --point-size 2.5 --fps 10</pre>"))
        #expect(preview.contains("13 frames at 10.0 fps"), "all the compared frames")
    }

    /// 1-px pieces on a 1000×1000 screen hold more than a page carries: the report says so in one line
    /// instead of the link, no page is written (an earlier run's is gone), and the comparison passes as
    /// before.
    @Test(.enabled(if: GPUBackendTests.gl != nil, "compare and the preview need an EGL context"))
    func aPreviewTooLargeIsOneLineInTheReportAndTheComparisonStillPasses() throws {
        let s = try TemporaryFolder()
        let small = try CLIRun.shatter(
            ["compare", "shatter", "--size", "40x30", "--frames", "0-2", "--out", "report"], in: s.path)
        try #require(small.status == 0, "\(small.stderr)")
        try #require(FileManager.default.fileExists(atPath: s.file("report/preview.html")))

        let run = try CLIRun.shatter(
            ["compare", "shatter", "--size", "1000x1000", "--point-size", "1", "--frames", "0-2", "--out", "report"],
            in: s.path)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("PASS: 3/3 frames pass"), "\(run.stdout)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: s.file("report/preview.html")))
        let report = try JSONDecoder().decode(
            CompareReport.self, from: Data(contentsOf: URL(fileURLWithPath: s.file("report/report.json"))))
        let reason = try #require(report.preview?.unavailable)
        #expect(report.preview?.file == nil)
        #expect(reason.contains("MB of data, more than a page's 48 MB"), "\(reason)")
        #expect(!reason.contains("\n"))
        let html = try String(contentsOfFile: s.file("report/index.html"), encoding: .utf8)
        let lines = html.split(separator: "\n").filter { $0.contains("preview") }
        #expect(lines.count == 1 && lines[0].hasPrefix("<p class=\"preview\">No browser preview: the first "), "\(lines)")
        #expect(!html.contains("<a href=\"preview.html\""))
    }

    /// Two images have no effect to replay: no page, no link, nothing said.
    @Test func imagesHaveNoPreview() throws {
        let s = try TemporaryFolder()
        for name in ["a.png", "b.png"] { try PNGEncoder.write(Image(width: 10, height: 10), to: s.file(name)) }
        let run = try CLIRun.shatter(["compare", "--images", "a.png", "b.png", "--out", "report"], in: s.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: s.file("report/preview.html")))
        let html = try String(contentsOfFile: s.file("report/index.html"), encoding: .utf8)
        #expect(!html.contains("class=\"preview\""))
        let report = try JSONDecoder().decode(
            CompareReport.self, from: Data(contentsOf: URL(fileURLWithPath: s.file("report/report.json"))))
        #expect(report.preview == nil)
    }
}
