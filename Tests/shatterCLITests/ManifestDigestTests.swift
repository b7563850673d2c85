import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// Manifests of format 3 record XXH3-128 digests; those of format 2 (SHA-256) are still read, and their
/// digests still checked against the files' bytes before anything is trusted.
@Suite struct ManifestDigestTests {
    /// Rewrites `folder`'s manifest as Shatter 0.14 wrote it: format 2, each frame's SHA-256 of the pixels
    /// (`sha256`) and of the file (`pngSHA256`) as bare hex.
    static func writeTheOldWay(_ folders: RenderFolders, _ folder: String) throws {
        let path = folder + "/" + FrameManifest.fileName
        var json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let frames = try #require(json["frames"] as? [[String: Any]])
        json["format"] = 2
        json["frames"] = try frames.map { frame in
            let index = try #require(frame["index"] as? Int)
            let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folders.framePath(folder, index))))
            let pixels = try PNGDecoder.read(path: folders.framePath(folder, index)).pixels
            return ["file": frame["file"]!, "index": index, "sha256": SHA256Hex.of(pixels), "pngSHA256": SHA256Hex.of(file)]
        }
        let data = try JSONSerialization.data(
            withJSONObject: json, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        try data.write(to: URL(fileURLWithPath: path))
    }

    @Test func aNewManifestRecordsXXH3OfThePixelsAndTheFile() throws {
        let s = try TemporaryFolder()
        let folders = try RenderFolders(s)
        let manifest = try #require(try FrameManifest.read(folder: folders.golden))
        #expect(manifest.format == 3 && manifest.digestAlgorithm == .xxh3_128)
        for entry in manifest.frames {
            let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folders.framePath(folders.golden, entry.index))))
            #expect(entry.png == Digest.of(file, .xxh3_128))
            let image = try PNGDecoder.read(path: folders.framePath(folders.golden, entry.index))
            #expect(entry.pixels == Digest.of(image.pixels, .xxh3_128))
        }
        let text = try String(contentsOfFile: folders.golden + "/" + FrameManifest.fileName, encoding: .utf8)
        #expect(text.contains("\"png\" : \"xxh3-128:") && text.contains("\"pixels\" : \"xxh3-128:"))
        #expect(!text.contains("sha256") && !text.contains("SHA256"))
    }

    @Test func aFrameEditedBehindAnXXH3ManifestIsCaughtByCompareMergeAndResume() throws {
        let s = try TemporaryFolder()
        let folders = try RenderFolders(s)
        try TrustBytesTests.paintBehindTheManifest(folders, folders.new)
        let compare = try CLIRun.shatter(["compare", "--dirs", folders.golden, folders.new, "--out", s.file("r")])
        #expect(compare.stdout.contains("manifest.json no longer matches the file of frame 5"), "\(compare.stdout)")
        let merge = try CLIRun.shatter(["manifest", "merge", folders.new, "--out", s.file("m.json")])
        #expect(merge.status != 0 && merge.stdout.contains("frame 5:"), "\(merge.stdout)\(merge.stderr)")
        #expect(merge.stdout.contains("no longer matches its manifest"), "\(merge.stdout)")
        let resume = try CLIRun.shatter([
            "render", "splash", "--size", "40x60", "--duration", "0.5", "--fps", "10", "--backend", "cpu", "--out",
            folders.new, "--resume",
        ])
        #expect(resume.status == 0, "\(resume.stderr)")
        #expect(resume.stdout.contains("Rendered 1 frame"), "\(resume.stdout)")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: folders.framePath(folders.new, 5)))
                == Data(contentsOf: URL(fileURLWithPath: folders.framePath(folders.golden, 5))))
    }

    @Test func anOldFormatManifestIsReadAndItsSHA256Checked() throws {
        let s = try TemporaryFolder()
        let folders = try RenderFolders(s)
        try Self.writeTheOldWay(folders, folders.golden)
        try Self.writeTheOldWay(folders, folders.new)
        let old = try #require(try FrameManifest.read(folder: folders.golden))
        #expect(old.format == 2 && old.digestAlgorithm == .sha256 && old.frames.count == 6)
        #expect(old.frames.allSatisfy { $0.pixels.algorithm == .sha256 && $0.png.algorithm == .sha256 && $0.png.isWellFormed })

        // Untouched, every frame is trusted by its SHA-256: identical, none decoded.
        let same = try CLIRun.shatter(["compare", "--dirs", folders.golden, folders.new, "--out", s.file("same")])
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(try RenderFolders.report(s.file("same")).frames.allSatisfy { $0.verdict == .identical && !$0.decoded })

        // A frame edited behind the old manifest is caught by its SHA-256, in compare and merge alike.
        try TrustBytesTests.paintBehindTheManifest(folders, folders.new)
        let compare = try CLIRun.shatter([
            "compare", "--dirs", folders.golden, folders.new, "--out", s.file("r"), "--max-different-pixels", "0",
        ])
        #expect(compare.status == 1)
        #expect(compare.stdout.contains("manifest.json no longer matches the file of frame 5"), "\(compare.stdout)")
        let merge = try CLIRun.shatter(["manifest", "merge", folders.new, "--out", s.file("m.json")])
        #expect(merge.status != 0 && merge.stdout.contains("no longer matches its manifest"), "\(merge.stdout)")

        // A clean old folder merges into an old-format manifest, its digests as they were.
        let merged = try CLIRun.shatter(["manifest", "merge", folders.golden, "--out", s.file("old.json")])
        #expect(merged.status == 0, "\(merged.stdout)\(merged.stderr)")
        let written = try #require(try FrameManifest.read(path: s.file("old.json")))
        #expect(written.format == 2 && written.frames.map(\.pixels) == old.frames.map(\.pixels))
        #expect(try String(contentsOfFile: s.file("old.json"), encoding: .utf8).contains("\"pngSHA256\""))
    }

    /// An old folder against a new one: the digests are of two algorithms, so none is taken as equal,
    /// and every frame is decoded and judged by its pixels (which are the same).
    @Test func anOldFolderAgainstANewOneIsJudgedByPixels() throws {
        let s = try TemporaryFolder()
        let folders = try RenderFolders(s)
        try Self.writeTheOldWay(folders, folders.golden)
        let run = try CLIRun.shatter(["compare", "--dirs", folders.golden, folders.new, "--out", s.file("r")])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(try RenderFolders.report(s.file("r")).frames.allSatisfy { $0.verdict == .identical && $0.decoded })
    }
}
