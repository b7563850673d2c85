import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// `shatter compare --dirs GOLDEN NEW` and `--update`, on real render folders.
@Suite struct CompareDirsTests {
    @Test func identicalFoldersPassWithoutDecodingAPNG() throws {
        let s = try TemporaryFolder()
        let folders = try RenderFolders(s)
        // Each file confirmed against its manifest's file hash, then its pixel hash trusted: no decoding.
        let run = try CLIRun.shatter(["compare", "--dirs", folders.golden, folders.new, "--out", s.file("r")])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("PASS: 6/6 frames pass"))
        let report = try RenderFolders.report(s.file("r"))
        #expect(report.passed && report.schemaVersion == 2)
        #expect(report.frames.map(\.index) == Array(0...5))
        #expect(report.frames.allSatisfy { $0.verdict == .identical && !$0.decoded })
        #expect(report.counts.identical == 6)
        // Nothing was decoded, so there is no filmstrip; the page says how the frames were matched.
        #expect(s.contents(of: s.file("r")) == ["index.html", "report.json"])
        let html = try String(contentsOfFile: s.file("r") + "/index.html", encoding: .utf8)
        #expect(html.contains("6 frames identical (their raw-pixel and file hashes agree; no PNG was decoded): 0–5."))
    }

    @Test func aBlockChangedByThreeFailsNamingTheFrameAndTheBox() throws {
        let s = try TemporaryFolder()
        let folders = try RenderFolders(s)
        try folders.edit(folders.new, frame: 3) { RenderFolders.brighten(&$0, x: 10, y: 10, side: 10, by: 3) }
        let run = try CLIRun.shatter(["compare", "--dirs", folders.golden, folders.new, "--out", s.file("r")])
        #expect(run.status == 1)
        #expect(run.stdout.contains("FAIL: 5/6 frames pass"))
        #expect(run.stdout.contains("frame 3: 95.8333% of pixels match within 1, under the required 99.9%"), "\(run.stdout)")
        let report = try RenderFolders.report(s.file("r"))
        #expect(!report.passed)
        let frame = try #require(report.frames.first { $0.index == 3 })
        #expect(frame.verdict == .fail && frame.decoded)
        #expect(frame.differingPixels == 100 && frame.largestChannelDifference == 3)
        #expect(frame.differenceBox == CompareReport.Box(x: 10, y: 10, width: 10, height: 10))
        #expect(frame.files["diff"] == "diff-00003.png")
        #expect(report.frames.filter { $0.index != 3 }.allSatisfy { $0.verdict == .identical && !$0.decoded })
        // The diff shows the block in the 2–8 band over a pale copy of the frame.
        let diff = try PNGDecoder.read(path: s.file("r") + "/diff-00003.png")
        let palette = DiffPalette(rule: .parity)
        #expect(diff[10, 10] == palette.color(forDelta: 3) && diff[19, 19] == palette.color(forDelta: 3))
        #expect(diff[9, 9] != palette.color(forDelta: 3) && diff[20, 20] != palette.color(forDelta: 3))
    }

    @Test func missingExtraAndResizedFramesFailWithTheirReasons() throws {
        let s = try TemporaryFolder()
        let folders = try RenderFolders(s)
        try folders.remove(folders.new, frame: 2)
        try folders.put(try PNGDecoder.read(path: folders.framePath(folders.golden, 5)), in: folders.new, frame: 6)
        try folders.put(Image(width: 30, height: 60, fill: .opaqueWhite), in: folders.new, frame: 4)
        let run = try CLIRun.shatter(["compare", "--dirs", folders.golden, folders.new, "--out", s.file("r")])
        #expect(run.status == 1, "\(run.stderr)")
        let report = try RenderFolders.report(s.file("r"))
        let verdicts = Dictionary(uniqueKeysWithValues: report.frames.map { ($0.index!, $0.verdict) })
        #expect(
            verdicts == [0: .identical, 1: .identical, 2: .missing, 3: .identical, 4: .sizeMismatch, 5: .identical, 6: .extra])
        #expect(
            report.counts.failed == 3 && report.counts.missing == 1 && report.counts.extra == 1 && report.counts.sizeMismatch == 1
        )
        let reasons = Dictionary(uniqueKeysWithValues: report.frames.map { ($0.index!, $0.reasons.joined()) })
        #expect(reasons[2] == "\(folders.new) has no frame 2; expected \(folders.golden)/frame-00002.png")
        #expect(reasons[6] == "\(folders.golden) has no frame 6; \(folders.new)/frame-00006.png is extra")
        #expect(reasons[4] == "the images differ in size: 40x60 expected, 30x60 actual")
        // Worst first: missing, extra, resized.
        #expect(
            run.stdout.contains("frame 2: \(reasons[2]!)\n  frame 6: \(reasons[6]!)\n  frame 4: \(reasons[4]!)"), "\(run.stdout)")
    }

    @Test func updateMakesTheGoldenEqualToTheNewRenderAndThenComparePasses() throws {
        let s = try TemporaryFolder()
        let folders = try RenderFolders(s)
        try folders.edit(folders.new, frame: 3) { RenderFolders.brighten(&$0, x: 10, y: 10, side: 10, by: 3) }
        try folders.remove(folders.new, frame: 2)
        try folders.put(try PNGDecoder.read(path: folders.framePath(folders.golden, 5)), in: folders.new, frame: 6)
        let update = try CLIRun.shatter(["compare", "--dirs", folders.golden, folders.new, "--update"])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(
            update.stdout.contains(
                "updated \(folders.golden) from \(folders.new): 1 replaced, 1 added, 1 removed, 4 unchanged; "
                    + "manifest.json replaced"), "\(update.stdout)")
        #expect(update.stdout.contains("  replaced frame-00003.png\n  added frame-00006.png\n  removed frame-00002.png"))
        #expect(s.allContents(of: folders.golden) == s.allContents(of: folders.new))
        #expect(try FrameManifest.read(folder: folders.golden) == FrameManifest.read(folder: folders.new))
        let compare = try CLIRun.shatter(["compare", "--dirs", folders.golden, folders.new, "--out", s.file("r")])
        #expect(compare.status == 0 && compare.stdout.contains("PASS: 6/6 frames pass"), "\(compare.stdout)")
        // Nothing left to change: a second update says so and leaves every file alone.
        let again = try CLIRun.shatter(["compare", "--dirs", folders.golden, folders.new, "--update"])
        #expect(again.stdout.contains("0 replaced, 0 added, 0 removed, 6 unchanged\n"), "\(again.stdout)")
    }

    @Test func updateRecordsANewGoldenFolder() throws {
        let s = try TemporaryFolder()
        let folders = try RenderFolders(s)
        let fresh = s.file("goldens/splash")
        let update = try CLIRun.shatter(["compare", "--dirs", fresh, folders.new, "--update"])
        #expect(
            update.status == 0 && update.stdout.contains("0 replaced, 6 added, 0 removed, 0 unchanged; manifest.json written"))
        #expect(s.allContents(of: fresh) == s.allContents(of: folders.new))
    }

    @Test func foldersWithoutManifestsArePairedByFileNameAndDecoded() throws {
        let s = try TemporaryFolder()
        let folders = try RenderFolders(s)
        try folders.edit(folders.new, frame: 1) { RenderFolders.brighten(&$0, x: 0, y: 0, side: 10, by: 40) }
        try FileManager.default.removeItem(atPath: folders.golden + "/manifest.json")
        let run = try CLIRun.shatter(["compare", "--dirs", folders.golden, folders.new, "--out", s.file("r")])
        #expect(run.status == 1)
        #expect(run.stdout.contains("note: frames are paired by file name (\(folders.golden) has no manifest.json)"))
        let report = try RenderFolders.report(s.file("r"))
        #expect(report.frames.map(\.name) == (0...5).map { OutputDirectory.frameName($0) })
        #expect(report.frames.allSatisfy { $0.decoded })
        #expect(report.frames.map(\.verdict) == [.identical, .fail, .identical, .identical, .identical, .identical])
        #expect(report.frames[1].reasons.contains { $0.contains("summed RGBA difference is 120") })
    }

    @Test func badFolderArgumentsAreOneLineErrors() throws {
        let s = try TemporaryFolder()
        let empty = s.file("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let cases: [([String], String)] = [
            (["--dirs", s.file("golden")], "give --dirs GOLDEN NEW: two folders"),
            (["--dirs", s.file("nowhere"), empty], "the folder \(s.file("nowhere")) does not exist; check the --dirs paths"),
            (["--dirs", empty, empty], "neither \(empty) nor \(empty) holds a PNG frame"),
            (["--dirs", s.file("golden"), s.file("nowhere"), "--update"], "the folder \(s.file("nowhere")) does not exist"),
            (["--dirs", s.file("golden"), empty, "--update"], "\(empty) holds no PNG frame"),
            (["--images", "a.png", "b.png", "--update"], "--update needs --dirs GOLDEN NEW"),
        ]
        for (arguments, expected) in cases {
            // --update writes no report, and refuses an --out (issue 48, L4).
            let report = arguments.contains("--update") ? [] : ["--out", s.file("out")]
            let run = try CLIRun.shatter(["compare"] + arguments + report)
            #expect(run.status == 2, "\(arguments): \(run.status) \(run.stderr)")
            #expect(run.errorLines.count == 1 && run.stderr.contains(expected), "\(arguments): \(run.stderr)")
        }
        // A refused update leaves no golden folder behind.
        #expect(!FileManager.default.fileExists(atPath: s.file("golden")))
    }
}
