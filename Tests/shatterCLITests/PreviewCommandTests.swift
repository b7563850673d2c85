import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// `shatter preview` writes one HTML file that plays the effect in the browser's WebGL2: opened in
/// headless Chromium (ANGLE over SwiftShader) at `#frame=N`, the canvas a person sees mid-transition is
/// the CPU renderer's frame N, the page's own parity check says the GL agrees, and the page names the
/// settings and the `shatter render` command.
@Suite struct PreviewCommandTests {
    @Test(
        .enabled(if: GPUBackendTests.gl != nil, "recording the frames needs an EGL context"),
        .enabled(if: HeadlessChromium.path != nil, "Chromium cannot run here (Tools/setup.sh installs Debian's chromium)"))
    func thePagePlaysInChromiumAndShowsTheCPURenderersFrame() throws {
        let s = try TemporaryFolder()
        let options = ["--size", "97x61", "--point-size", "2.5", "--fps", "10"]
        let run = try CLIRun.shatter(["preview", "shatter"] + options + ["--out", "preview.html"], in: s.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("shatter preview: 13 frames (5 checked against the CPU renderer"), "\(run.stdout)")

        let dom = try HeadlessChromium.dumpDOM(s.file("preview.html"))
        #expect(dom.contains("<pre id=\"command\">shatter render shatter --size 97x61 --point-size 2.5 --fps 10</pre>"))
        #expect(dom.contains("\"pointSize\" : 2.5"), "the settings")
        #expect(dom.contains("Drawn by ANGLE"), "the GL that drew it")
        // The page's own parity check, on the GL that opened it.
        #expect(
            dom.contains(
                "<p id=\"parity\" class=\"agrees\">This GL agrees with Shatter's CPU renderer on the 5 checked frames "
                    + "(0, 3, 6, 9, 12) under the parity rule"), "\(dom.prefix(3000))")

        // Frame 6 of 13, paused there, as a person sees it; and the CPU renderer's frame 6.
        let shot = s.file("shot.png")
        try HeadlessChromium.screenshot("file://" + s.file("preview.html") + "#frame=6", width: 400, height: 300, to: shot)
        let screen = try PNGDecoder.read(path: shot)
        var canvas = Image(width: 97, height: 61)
        for y in 0..<61 { for x in 0..<97 { canvas[x, y] = screen[x, y] } }
        let render = try CLIRun.shatter(
            ["render", "shatter"] + options + ["--frames", "0-6", "--backend", "cpu", "--out", "cpu", "--quiet"], in: s.path)
        try #require(render.status == 0, "\(render.stderr)")
        let cpu = try PNGDecoder.read(path: s.file("cpu/frame-00006.png"))
        #expect(try PNGDecoder.read(path: s.file("cpu/frame-00000.png")) != cpu, "frame 6 is mid-transition")
        let difference = try ImageDifference(expected: cpu, actual: canvas, ignoredBorder: 0)
        #expect(difference.verdict(.parity).passed, "\(difference)")
        #expect(canvas == cpu, "the shattered pieces are drawn exactly: \(difference)")
        if let keep = ProcessInfo.processInfo.environment["SHATTER_PREVIEW_SCREENSHOT"] {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(atPath: shot, toPath: keep)
        }
    }

    /// More frame data than a page carries: one line naming the options that make it smaller, exit 1,
    /// and no page.
    @Test(.enabled(if: GPUBackendTests.gl != nil, "recording the frames needs an EGL context"))
    func aPageTooLargeIsRefusedInOneLineAndNothingIsWritten() throws {
        let s = try TemporaryFolder()
        let run = try CLIRun.shatter(
            ["preview", "shatter", "--size", "1000x1000", "--point-size", "1", "--out", "preview.html"], in: s.path)
        #expect(run.status == 1)
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("MB of data, more than a page's 48 MB"), "\(run.stderr)")
        #expect(run.stderr.contains("lower --fps, choose --frames A-B, a smaller --size or a larger --point-size"))
        #expect(!FileManager.default.fileExists(atPath: s.file("preview.html")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.path).isEmpty)
    }

    /// With no GL library at all, one line says the preview needs a GL and how to get one (not the
    /// render's `--backend cpu`, which preview has not), exit 1, and no page.
    @Test(.enabled(if: NoGLLibrariesTests.namespacesWork, "unshare --mount is not permitted here"))
    func withoutAnyGLItSaysWhatToInstall() throws {
        let s = try TemporaryFolder()
        let run = try CLIRun.command(
            NoGLLibrariesTests.withoutGL, [CLIRun.binary, "preview", "shatter", "--size", "48x32", "--out", "preview.html"],
            in: s.path)
        #expect(run.status == 1)
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("libEGL.so.1 could not be loaded"), "\(run.stderr)")
        #expect(run.stderr.contains("shatter preview records the GL backend's calls, so it needs a GL"), "\(run.stderr)")
        #expect(!run.stderr.contains("--backend cpu"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.path).isEmpty)
    }
}
