import Foundation
import Shatter
import ShatterTestSupport
import Testing

@Suite struct CompareCommandTests {
    @Test func glAgainstCPUPassesAndWritesAReport() throws {
        let s = try TemporaryFolder()
        let out = s.file("report")
        let run = try CLIRun.shatter(["compare", "shatter", "--size", "90x60", "--frames", "0-5", "--out", out])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("PASS: 6/6 frames pass"))
        let report = try JSONDecoder().decode(
            CompareReport.self, from: Data(contentsOf: URL(fileURLWithPath: out + "/report.json")))
        #expect(report.frames.map(\.index) == Array(0...5))
        #expect(report.frames[0].differingPixels == 0 && report.frames[0].psnr == nil)
        #expect(report.expectedRenderer.hasPrefix("Shatter CPU renderer"))
        // With no rule options, the rule is the one Shatter's GL parity tests use.
        let parity = FuzzyRule.parity
        #expect(report.rule.precision == 0.999 && report.rule.pixelDeltaThreshold == parity.pixelDeltaThreshold)
        #expect(report.rule.channelDelta == parity.channelDelta && report.rule.ignoredBorder == parity.ignoredBorder)
        #expect(report.rule.maxDifferentPixels == nil && FuzzyRule.parity.budget == .precision(0.999))
        let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(html.contains("<img class=\"filmstrip\" src=\"filmstrip.png\""))
        let strip = try PNGDecoder.read(path: out + "/filmstrip.png")
        #expect(strip.width > 6 * 90 && strip.height > 3 * 60)
        // Passing frames keep no images unless asked; the effect's browser preview rides along.
        #expect(s.contents(of: out) == ["filmstrip.png", "index.html", "preview.html", "report.json"])
    }

    /// The note that deltas are per blended fragment explains a difference the slack allowed: a report
    /// whose every frame is identical does not print it (issue 48's newcomer), one with a differing pixel does.
    @Test func theBlendSlackNoteComesOnlyWhereSomePixelDiffers() throws {
        let s = try TemporaryFolder()
        var seen: [String: Bool] = [:]
        // On llvmpipe the shattered pieces match the CPU renderer exactly; the splash's blends do not.
        for effect in ["shatter", "splash"] {
            let out = s.file(effect)
            let run = try CLIRun.shatter(["compare", effect, "--size", "32x32", "--frames", "0-1", "--out", out])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            let report = try JSONDecoder().decode(
                CompareReport.self, from: Data(contentsOf: URL(fileURLWithPath: out + "/report.json")))
            let differs = report.frames.contains { ($0.largestChannelDifference ?? 0) > 0 }
            let noted = run.stdout.contains("note: differences are per blended fragment")
            #expect(noted == differs, "\(effect): \(run.stdout)")
            #expect(report.notes.contains(CompareSession.blendNote) == differs, "\(effect): \(report.notes)")
            seen[effect] = differs
        }
        #expect(seen == ["shatter": false, "splash": true], "llvmpipe's frames: \(seen)")
    }

    @Test func jsonGoesToStdoutWhenAsked() throws {
        let s = try TemporaryFolder()
        let run = try CLIRun.shatter(["compare", "shatter", "--size", "40x40", "--frames", "3", "--json", "--out", s.file("r")])
        #expect(run.status == 0)
        let report = try JSONDecoder().decode(CompareReport.self, from: Data(run.stdout.utf8))
        #expect(report.frames.count == 1 && report.frames[0].index == 3)
    }

    /// Two 10×10 images that differ in `count` pixels by 255 in red.
    func pair(_ s: TemporaryFolder, differing count: Int) throws -> (String, String) {
        let a = Image(width: 10, height: 10, fill: .opaqueBlack)
        var b = a
        for i in 0..<count { b[i % 10, i / 10] = RGBA8(r: 255, g: 0, b: 0, a: 255) }
        try PNGEncoder.write(a, to: s.file("a.png"))
        try PNGEncoder.write(b, to: s.file("b-\(count).png"))
        return (s.file("a.png"), s.file("b-\(count).png"))
    }

    @Test func imagesModeJudgesByTheRuleAtItsBoundaries() throws {
        let s = try TemporaryFolder()
        let (a, b) = try pair(s, differing: 3)
        let loose = ["--pixel-delta-threshold", "1020"]
        let atLimit = try CLIRun.shatter(
            ["compare", "--images", a, b, "--max-different-pixels", "3", "--out", s.file("r1")] + loose)
        #expect(atLimit.status == 0, "\(atLimit.stdout)")
        let overLimit = try CLIRun.shatter(
            ["compare", "--images", a, b, "--max-different-pixels", "2", "--out", s.file("r2")] + loose)
        #expect(overLimit.status == 1)
        #expect(overLimit.stdout.contains("3 pixels differ by more than 1, over the limit of 2"))
        // The failing frame's images are kept for a person to look at.
        #expect(
            s.contents(of: s.file("r2")) == [
                "actual-00000.png", "diff-00000.png", "expected-00000.png",
                "filmstrip.png", "index.html", "mask-00000.png", "report.json",
            ])
        let mask = try PNGDecoder.read(path: s.file("r2") + "/mask-00000.png")
        #expect(mask[2, 0] == .opaqueWhite && mask[3, 0] == .opaqueBlack)
        // The summed threshold alone fails a single pixel off by 255.
        let summed = try CLIRun.shatter(["compare", "--images", a, b, "--max-different-pixels", "3", "--out", s.file("r3")])
        #expect(summed.status == 1 && summed.stdout.contains("summed RGBA difference is 255"))
        let same = try CLIRun.shatter(["compare", "--images", a, a, "--out", s.file("r4")])
        #expect(same.status == 0)
    }

    @Test func imagesOfDifferentSizesAreAFailingImageNotAnError() throws {
        let s = try TemporaryFolder()
        let (a, _) = try pair(s, differing: 0)
        let small = s.file("small.png")
        try PNGEncoder.write(Image(width: 5, height: 5, fill: .opaqueWhite), to: small)
        let run = try CLIRun.shatter(["compare", "--images", a, small, "--out", s.file("r")])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("FAIL: 0/1 images pass"))
        #expect(run.stdout.contains("small.png: the images differ in size: 10x10 expected, 5x5 actual"), "\(run.stdout)")
        // Two loose images have no frame number or time: the table and the page leave those columns out.
        #expect(run.stdout.hasPrefix("image ") && !run.stdout.contains(" t "))
        let report = try RenderFolders.report(s.file("r"))
        let frame = try #require(report.frames.first)
        #expect(frame.index == nil && frame.time == nil && frame.name == "small.png")
        #expect(frame.verdict == .sizeMismatch && frame.actualSize == .init(width: 5, height: 5))
        #expect(frame.files == ["expected": "expected-00000.png", "actual": "actual-00000.png"])
        let html = try String(contentsOfFile: s.file("r") + "/index.html", encoding: .utf8)
        #expect(html.contains("<h3>small.png <span class=\"badge\">size mismatch</span></h3>"))
        #expect(!html.contains("t (s)") && !html.contains("Frame "))
    }

    @Test func errorsExitWithTwoAndOneClearLine() throws {
        let s = try TemporaryFolder()
        let (a, _) = try pair(s, differing: 0)
        let text = try s.write(Array("not a png".utf8), to: "text.png")
        let small = s.file("small.png")
        try PNGEncoder.write(Image(width: 5, height: 5, fill: .opaqueWhite), to: small)
        let cases: [([String], String)] = [
            (["--images", s.file("missing.png"), a], "no such file"),
            (["--images", text, a], "not a PNG file"),
            (["--images", a], "give --images EXPECTED.png ACTUAL.png"),
            (["--images", a, a, "--precision", "1.5"], "--precision must be between 0 and 1"),
            (["--images", a, a, "--precision", "0.9", "--max-different-pixels", "3"], "not both"),
            (["shatter", "--frames", "5-2"], "--frames"),
            (["shatter", "--size", "20x20", "--frames", "0-500"], "outside this animation's frames 0-72"),
        ]
        for (arguments, expected) in cases {
            let run = try CLIRun.shatter(["compare"] + arguments + ["--out", s.file("out")])
            #expect(run.status == 2, "\(arguments): \(run.status) \(run.stderr)")
            #expect(run.errorLines.count == 1 && run.stderr.contains(expected), "\(arguments): \(run.stderr)")
        }
    }

    @Test func compareNeedsGLAndSaysSo() throws {
        let s = try TemporaryFolder()
        let run = try CLIRun.shatter(
            ["compare", "shatter", "--size", "20x20", "--frames", "0", "--out", s.file("r")],
            environment: ["__EGL_VENDOR_LIBRARY_FILENAMES": s.file("none.json")])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("shatter: error: no headless EGL platform works here"))
    }
}
