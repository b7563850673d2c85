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
}
