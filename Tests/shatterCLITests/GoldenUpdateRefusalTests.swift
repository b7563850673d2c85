import Foundation
import Glibc
import Shatter
import ShatterTestSupport
import Testing

/// `compare --dirs GOLDEN NEW --update` refuses, before touching anything, manifests it cannot honour
/// (issue 42, item 3, M3): before, it removed golden frames it could not replace and exited 0.
@Suite struct GoldenUpdateRefusalTests {
    /// What stands at NEW's frame 5 instead of its PNG.
    enum Stand: String, CaseIterable { case nothing, link, fifo, folder }

    @Test(arguments: Stand.allCases)
    func aNewFrameListedButNotThereIsRefused(_ stand: Stand) throws {
        let s = try TemporaryFolder()
        let folders = try RenderFolders(s)
        try folders.edit(folders.new, frame: 3) { RenderFolders.brighten(&$0, x: 10, y: 10, side: 10, by: 3) }
        let frame = folders.framePath(folders.new, 5)
        try FileManager.default.removeItem(atPath: frame)
        switch stand {
        case .nothing: break
        case .link:
            try FileManager.default.createSymbolicLink(atPath: frame, withDestinationPath: folders.framePath(folders.golden, 5))
        case .fifo: #expect(mkfifo(frame, 0o644) == 0)
        case .folder: try FileManager.default.createDirectory(atPath: frame, withIntermediateDirectories: false)
        }
        let before = tree(folders.golden)
        let run = try CLIRun.shatter(["compare", "--dirs", folders.golden, folders.new, "--update"])
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "\(folders.new)/manifest.json lists frame-00005.png, not there as a regular file; nothing was updated"),
            "\(run.stderr)")
        #expect(tree(folders.golden) == before)
    }

    /// A golden manifest naming frame-00004.png for frames 4 and 5: replacing frame 5 would remove frame 4's file.
    @Test func aGoldenManifestNamingOneFileForTwoFramesIsRefused() throws {
        let s = try TemporaryFolder()
        let folders = try RenderFolders(s)
        var manifest = try #require(try FrameManifest.read(folder: folders.golden))
        let four = try #require(manifest.frames.first { $0.index == 4 })
        manifest.frames = manifest.frames.map {
            $0.index == 5 ? FrameManifest.Entry(index: 5, file: four.file, pixels: four.pixels, png: four.png) : $0
        }
        try manifest.write(to: folders.golden + "/" + FrameManifest.fileName)
        let before = tree(folders.golden)
        let run = try CLIRun.shatter(["compare", "--dirs", folders.golden, folders.new, "--update"])
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(
            run.stderr.contains("\(folders.golden)/manifest.json names frame-00004.png for frames 4 and 5; nothing was updated"),
            "\(run.stderr)")
        #expect(tree(folders.golden) == before)
    }

    /// `--update` writes GOLDEN and no report, so a report option is refused rather than ignored (issue 48,
    /// L4: a stale JUnit file stayed as the result).
    @Test(arguments: [["--junit", "result.xml"], ["--out", "report"], ["--json"], ["--keep-all"]])
    func aReportOptionWithUpdateIsRefused(_ option: [String]) throws {
        let s = try TemporaryFolder()
        let folders = try RenderFolders(s)
        try folders.edit(folders.new, frame: 3) { RenderFolders.brighten(&$0, x: 10, y: 10, side: 10, by: 3) }
        let before = tree(folders.golden)
        let run = try CLIRun.shatter(["compare", "--dirs", folders.golden, folders.new, "--update"] + option, in: s.path)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(
            run.errorLines.first?.contains("\(option[0]) is for a comparison's report; --update writes GOLDEN and no report")
                == true, "\(run.stderr)")
        #expect(tree(folders.golden) == before)
        #expect(
            !FileManager.default.fileExists(atPath: s.file("report"))
                && !FileManager.default.fileExists(atPath: s.file("result.xml")))
    }

    /// Names from NEW's manifest are printed safe for a terminal (issue 48, L5).
    @Test func theSummaryPrintsNamesWithoutEscapesOrLineBreaks() throws {
        let s = try TemporaryFolder()
        let folders = try RenderFolders(s)
        let odd = "odd\u{1B}[2J\nforged.png"
        try FileManager.default.copyItem(atPath: folders.framePath(folders.new, 2), toPath: folders.new + "/" + odd)
        var manifest = try #require(try FrameManifest.read(folder: folders.new))
        manifest.frames = manifest.frames.map {
            $0.index == 2 ? FrameManifest.Entry(index: 2, file: odd, pixels: $0.pixels, png: $0.png) : $0
        }
        try manifest.write(to: folders.new + "/" + FrameManifest.fileName)
        let run = try CLIRun.shatter(["compare", "--dirs", folders.golden, folders.new, "--update"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("\u{1B}"), "\(run.stdout)")
        #expect(run.stdout.contains("odd\u{FFFD}[2J\u{FFFD}forged.png"), "\(run.stdout)")
        #expect(!run.stdout.split(separator: "\n").contains { $0.hasPrefix("forged") }, "\(run.stdout)")
    }
}
