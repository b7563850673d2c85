import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// The triage page of a failing `compare --dirs`, opened in headless Chromium as a person would open
/// it: the DOM after load must hold the expected/actual/diff toggle, the 8× zoom crops and the legend,
/// in worst-first order, and the screenshot must show the verdict and the diff colors.
/// `SHATTER_REPORT_SCREENSHOT=docs/compare-report.png` keeps the screenshot (the README's picture).
@Suite(.enabled(if: Chromium.path != nil, "Chromium cannot run here (Tools/setup.sh installs Debian's chromium)"))
struct ReportPageBrowserTests {
    @Test func aFailingComparisonsPageShowsTheToggleTheZoomAndTheLegend() throws {
        let s = try TemporaryFolder()
        let folders = try RenderFolders(s, size: "160x284")
        try folders.edit(folders.new, frame: 3) { image in
            RenderFolders.brighten(&image, x: 40, y: 100, side: 16, by: 12)
            RenderFolders.brighten(&image, x: 120, y: 200, side: 1, by: 60)
        }
        try folders.remove(folders.new, frame: 4)
        let out = s.file("report")
        // Relative paths, as a person types them: the page names "golden" and "new".
        let run = try CLIRun.shatter(["compare", "--dirs", "golden", "new", "--out", "report"], in: s.path)
        #expect(run.status == 1, "\(run.stderr)")
        let page = "file://" + out + "/index.html"

        let dom = try Chromium.run(["--dump-dom", page]).stdout
        #expect(dom.contains("<p class=\"verdict fail\">FAIL</p>"))
        #expect(dom.contains("<h1>shatter compare golden vs new</h1>"))
        #expect(dom.contains("6 frames · 2 fail (1 beyond the rule, 1 missing) · 4 pass (4 identical, 0 within the rule)"))
        #expect(
            dom.contains(
                "A pixel differs when any of its channels is off by more than 1 (of 255); a frame passes when at least 99.9%"))
        // Worst first: the missing frame, then the changed one.
        let missing = try #require(dom.range(of: "id=\"frame-4\""))
        let changed = try #require(dom.range(of: "id=\"frame-3\""))
        #expect(missing.lowerBound < changed.lowerBound)
        // The toggle: four choices, the diff shown first, every layer at full resolution.
        for value in ["diff", "expected", "actual", "blink"] {
            #expect(dom.contains("id=\"frame-3-\(value)\" value=\"\(value)\""), "\(value)")
        }
        #expect(dom.contains("value=\"diff\" checked=\"\""))
        #expect(dom.contains("<img class=\"layer diff\" src=\"diff-00003.png\" width=\"160\" height=\"284\""))
        // The zoom: 8× around the single pixel off by 60 (the largest difference), 24×24 px around it.
        #expect(dom.contains("8× around (120, 200), the largest difference, in the 24×24 px from (108, 188)"))
        #expect(dom.components(separatedBy: "<div class=\"crop\" style=\"width:192px;height:192px\">").count == 4)
        #expect(dom.contains("style=\"width:1280px;height:2272px;left:-864px;top:-1504px\""))
        // The legend, from the rule: tolerated, then three bands.
        for band in ["1 (tolerated)", "2–8", "9–32", "33–255"] { #expect(dom.contains("</span>\(band)</li>"), "\(band)") }

        let shot = s.file("page.png")
        _ = try Chromium.run(["--screenshot=\(shot)", "--window-size=1200,1500", page])
        let image = try PNGDecoder.read(path: shot)
        #expect(image.width == 1200 && image.height == 1500)
        // What a person sees: the red FAIL badge, and the diff's orange (9–32) and red (33–255) pixels.
        let palette = DiffPalette(rule: .parity)
        let colors = Set(
            stride(from: 0, to: image.pixels.count, by: 4).map {
                RGBA8(r: image.pixels[$0], g: image.pixels[$0 + 1], b: image.pixels[$0 + 2], a: 255)
            })
        #expect(colors.contains(RGBA8(r: 0xb4, g: 0x23, b: 0x18, a: 255)))
        #expect(colors.contains(palette.color(forDelta: 12)!) && colors.contains(palette.color(forDelta: 60)!))
        if let keep = ProcessInfo.processInfo.environment["SHATTER_REPORT_SCREENSHOT"] {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(atPath: shot, toPath: keep)
        }
    }
}

/// Debian's headless Chromium, run with a time limit and a throwaway profile.
enum Chromium {
    static let path: String? = {
        for candidate in ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            // Installed is not enough: it must start (libraries, sandbox) and print its version.
            if let run = try? HeadlessChromium.run(candidate, ["--version"], limit: 60), run.status == 0 { return candidate }
        }
        return nil
    }()

    static func run(_ arguments: [String]) throws -> CLIRun {
        let run = try HeadlessChromium.run(path!, ["--disable-gpu", "--hide-scrollbars"] + arguments, limit: 120)
        guard run.status == 0 else { throw RenderFolders.Failure(description: "chromium exited \(run.status): \(run.errors)") }
        return CLIRun(status: run.status, stdout: run.output, stderr: run.errors)
    }
}
