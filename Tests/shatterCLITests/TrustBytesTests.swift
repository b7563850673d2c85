import Foundation
import Glibc
import Shatter
import ShatterTestSupport
import Testing

/// Every file and folder under `root` (links and FIFOs by kind, regular files by their bytes' hash):
/// what a test compares before and after a command to see that nothing outside the paths it named
/// was read into, written or removed.
func tree(_ root: String) -> [String: String] {
    var entries: [String: String] = [:]
    guard let walker = FileManager.default.enumerator(atPath: root) else { return entries }
    while let name = walker.nextObject() as? String {
        var status = stat()
        guard lstat(root + "/" + name, &status) == 0 else { continue }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            entries[name] = SHA256Hex.of([UInt8]((try? Data(contentsOf: URL(fileURLWithPath: root + "/" + name))) ?? Data()))
        case S_IFDIR: entries[name] = "folder"
        case S_IFIFO: entries[name] = "fifo"
        case S_IFLNK: entries[name] = "link"
        default: entries[name] = "other"
        }
    }
    return entries
}

/// Rows 1, 2 and 6 of "a check that cannot be fooled": recorded hashes are trusted only with their
/// files' bytes, manifest file names stay in their folder, and a resume keeps only its own maker's frames.
@Suite struct TrustBytesTests {
    /// Paints one pixel of frame 5 in place, leaving the manifest as it was.
    static func paintBehindTheManifest(_ folders: RenderFolders, _ folder: String) throws {
        var image = try PNGDecoder.read(path: folders.framePath(folder, 5))
        image.pixels[0] = image.pixels[0] == 0 ? 255 : 0
        image.pixels[3] = 255
        try PNGEncoder.write(image, to: folders.framePath(folder, 5))
    }

    @Test func aFrameEditedBehindItsManifestIsReportedAndJudgedByItsPixels() throws {
        let s = try TemporaryFolder()
        let folders = try RenderFolders(s)
        try Self.paintBehindTheManifest(folders, folders.new)
        let run = try CLIRun.shatter([
            "compare", "--dirs", folders.golden, folders.new, "--out", s.file("r"), "--max-different-pixels", "0",
        ])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("FAIL: 5/6 frames pass"), "\(run.stdout)")
        #expect(run.stdout.contains("manifest.json no longer matches the file of frame 5"), "\(run.stdout)")
        let report = try RenderFolders.report(s.file("r"))
        let frame = try #require(report.frames.first { $0.index == 5 })
        #expect(frame.verdict == .fail && frame.decoded)
        #expect(report.frames.filter { $0.index != 5 }.allSatisfy { $0.verdict == .identical && !$0.decoded })
    }

    /// An edited frame whose manifest entry got the new file's digest but kept the old pixel digest
    /// (a script that rehashes files): its pixels are claimed, not confirmed, so it is decoded and fails.
    @Test func aStalePixelDigestBesideAnUpdatedFileDigestIsNotIdentical() throws {
        let s = try TemporaryFolder()
        let folders = try RenderFolders(s)
        try Self.paintBehindTheManifest(folders, folders.new)
        var manifest = try #require(try FrameManifest.read(folder: folders.new))
        let i = try #require(manifest.frames.firstIndex { $0.index == 5 })
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folders.framePath(folders.new, 5))))
        let stale = manifest.frames[i]
        manifest.frames[i] = .init(
            index: 5, file: stale.file, pixels: stale.pixels, png: Digest.of(bytes, manifest.digestAlgorithm))
        try manifest.write(to: folders.new + "/" + FrameManifest.fileName)
        let run = try CLIRun.shatter([
            "compare", "--dirs", folders.golden, folders.new, "--out", s.file("r"), "--max-different-pixels", "0",
        ])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("FAIL: 5/6 frames pass"), "\(run.stdout)")
        let frame = try #require(try RenderFolders.report(s.file("r")).frames.first { $0.index == 5 })
        #expect(frame.verdict == .fail && frame.decoded)
    }

    @Test func updateReplacesAGoldenFrameEditedBehindItsManifest() throws {
        let s = try TemporaryFolder()
        let folders = try RenderFolders(s)
        try Self.paintBehindTheManifest(folders, folders.golden)
        let run = try CLIRun.shatter(["compare", "--dirs", folders.golden, folders.new, "--update"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("1 replaced, 0 added, 0 removed, 5 unchanged"), "\(run.stdout)")
        #expect(run.stdout.contains("golden frame 5 no longer matched its manifest"), "\(run.stdout)")
        #expect(tree(folders.golden) == tree(folders.new))
    }

    @Test func updateFromANewFolderWhoseFilesChangedIsRefusedAndChangesNothing() throws {
        let s = try TemporaryFolder()
        let folders = try RenderFolders(s)
        try Self.paintBehindTheManifest(folders, folders.new)
        let before = tree(s.path)
        let run = try CLIRun.shatter(["compare", "--dirs", folders.golden, folders.new, "--update"])
        #expect(run.status == 2)
        #expect(run.errorLines.count == 1 && run.stderr.contains("frame 5 no longer matches its manifest.json"), "\(run.stderr)")
        #expect(tree(s.path) == before)
    }

    /// A manifest entry naming a file outside its folder: refused wherever a manifest is read, in one
    /// line naming the manifest and the entry, with nothing read, written or removed.
    @Test(arguments: ["../victim.png", "../../x.png", "sub/frame-00000.png", ".shatter.lock", "manifest.json"])
    func manifestFileNamesOutsideTheirFolderAreRefused(_ name: String) throws {
        let s = try TemporaryFolder()
        let folders = try RenderFolders(s)
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: s.file("victim.png")))
        for folder in [folders.golden, folders.new] {
            var manifest = try #require(try FrameManifest.read(path: folder + "/" + FrameManifest.fileName))
            manifest.frames[0].file = name
            try manifest.write(to: folder + "/" + FrameManifest.fileName)
        }
        let before = tree(s.path)
        let commands = [
            ["compare", "--dirs", folders.golden, folders.new, "--out", s.file("r")],
            ["compare", "--dirs", folders.golden, folders.new, "--update"],
            ["manifest", "merge", "--no-verify", folders.new, "--collect", s.file("c")],
            [
                "render", "splash", "--size", "40x60", "--duration", "0.5", "--fps", "10", "--backend", "cpu", "--out",
                folders.new,
                "--resume",
            ],
        ]
        for command in commands {
            let run = try CLIRun.shatter(command)
            #expect(run.status != 0, "\(command)")
            #expect(run.errorLines.count == 1, "\(run.stderr)")
            #expect(run.stderr.contains("manifest.json") && run.stderr.contains("frame 0 names the file"), "\(run.stderr)")
            #expect(tree(s.path) == before, "\(command)")
        }
    }

    @Test func mergeCollectsOnlyRegularFiles() throws {
        let s = try TemporaryFolder()
        let folders = try RenderFolders(s)
        try FileManager.default.removeItem(atPath: folders.framePath(folders.new, 1))
        #expect(mkfifo(folders.framePath(folders.new, 1), 0o644) == 0)
        try FileManager.default.removeItem(atPath: folders.framePath(folders.new, 2))
        try FileManager.default.createSymbolicLink(
            atPath: folders.framePath(folders.new, 2), withDestinationPath: folders.framePath(folders.golden, 2))
        let run = try CLIRun.shatter(["manifest", "merge", "--no-verify", folders.new, "--collect", s.file("c")])
        #expect(run.status == 1)
        #expect(run.stdout.contains("frame-00001.png is not a regular file"), "\(run.stdout)")
        #expect(run.stdout.contains("frame-00002.png is not a regular file"), "\(run.stdout)")
        #expect(!FileManager.default.fileExists(atPath: s.file("c")))
    }

    /// Without a golden manifest only files named as frames are the golden's to remove: a logo and a
    /// folder named like a PNG stay, and nothing is reported removed that was not.
    @Test func updateIntoAGoldenWithoutAManifestRemovesOnlyFrames() throws {
        let s = try TemporaryFolder()
        let folders = try RenderFolders(s)
        try FileManager.default.removeItem(atPath: folders.golden + "/" + FrameManifest.fileName)
        try PNGEncoder.write(
            Image(width: 2, height: 2, fill: RGBA8(r: 255, g: 255, b: 255, a: 255)), to: folders.golden + "/logo.png")
        try FileManager.default.createDirectory(atPath: folders.golden + "/sub.png", withIntermediateDirectories: false)
        try FileManager.default.copyItem(
            atPath: folders.framePath(folders.golden, 0), toPath: folders.framePath(folders.golden, 9))
        let run = try CLIRun.shatter(["compare", "--dirs", folders.golden, folders.new, "--update"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("removed frame-00009.png"))
        #expect(!run.stdout.contains("logo.png") && !run.stdout.contains("sub.png"), "\(run.stdout)")
        #expect(FileManager.default.fileExists(atPath: folders.golden + "/logo.png"))
        #expect(FileManager.default.fileExists(atPath: folders.golden + "/sub.png"))
        #expect(!FileManager.default.fileExists(atPath: folders.framePath(folders.golden, 9)))
    }

    @Test func resumeRefusesAFolderWrittenByAnotherShatterVersion() throws {
        let s = try TemporaryFolder()
        let folders = try RenderFolders(s)
        var manifest = try #require(try FrameManifest.read(folder: folders.golden))
        manifest.shatterVersion = "0.9.0"
        try manifest.write(to: folders.golden + "/" + FrameManifest.fileName)
        let before = tree(s.path)
        let run = try CLIRun.shatter([
            "render", "splash", "--size", "40x60", "--duration", "0.5", "--fps", "10", "--backend", "cpu", "--out",
            folders.golden,
            "--resume",
        ])
        #expect(run.status == 1)
        #expect(run.errorLines.count == 1 && run.stderr.contains("written by Shatter 0.9.0"), "\(run.stderr)")
        #expect(run.stderr.contains("--overwrite"))
        #expect(tree(s.path) == before)
    }
}
