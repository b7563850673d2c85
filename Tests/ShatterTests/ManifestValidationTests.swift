import Foundation
import Glibc
import ShatterTestSupport
import Testing

@testable import Shatter

/// A manifest is a file anyone can edit: what it decodes is checked before any of its numbers sizes
/// an array, and no field can crash, hang or exhaust memory.
@Suite struct ManifestValidationTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    /// A sound 7-frame manifest, as JSON fields to tamper with.
    static func fields(_ changes: [String: Any] = [:]) -> [String: Any] {
        let entry: [String: Any] = ["file": "frame-00002.png", "index": 2, "pngSHA256": "aa", "sha256": "bb"]
        let base: [String: Any] = [
            "format": 2, "effect": "breathe", "parameters": [:] as [String: String], "backend": "cpu",
            "renderer": "CPU", "fps": 60, "frameCount": 7, "range": ["first": 0, "last": 6], "frames": [entry],
        ]
        return base.merging(changes) { $1 }
    }

    func decodeError(_ changes: [String: Any]) throws -> String? {
        let data = try JSONSerialization.data(withJSONObject: Self.fields(changes))
        do {
            _ = try FrameManifest.decode(Array(data), path: "m.json")
            return nil
        } catch let error as ManifestError {
            guard case .invalid(let path, let detail) = error else { return "not .invalid: \(error)" }
            #expect(path == "m.json" && !error.description.contains("\n"))
            return detail
        }
    }

    @Test func aSoundManifestPasses() throws {
        #expect(try decodeError([:]) == nil)
        // A render of a few frames of a very long animation is sound: only the selection is capped.
        #expect(try decodeError(["frameCount": 864_000_001, "range": ["first": 0, "last": 99]]) == nil)
    }

    @Test("the issue's crafted ranges, and every other impossible value, are refused with what is wrong")
    func impossibleValues() throws {
        #expect(
            try decodeError(["range": ["first": 0, "last": 4_611_686_018_427_387_904]])?.contains("not a range within") == true)
        #expect(try decodeError(["range": ["first": Int.max, "last": Int.max]])?.contains("not a range within") == true)
        #expect(
            try decodeError(["range": ["first": 0, "last": 4_611_686_018_427_387_904], "frameCount": 4_611_686_018_427_387_905])
                == "range 0-4611686018427387904 has 4611686018427387905 frames, over the limit of 1000000")
        #expect(try decodeError(["range": ["first": 5, "last": 4]]) != nil)
        #expect(try decodeError(["range": ["first": -1, "last": 4]]) != nil)
        #expect(try decodeError(["frameCount": 0, "range": ["first": 0, "last": 0]])?.contains("frameCount 0") == true)
        #expect(try decodeError(["fps": 0]) == "fps 0.0 is not a number above 0")
        #expect(try decodeError(["fps": -3]) != nil)
        let stray: [String: Any] = ["file": "frame\nline.png", "index": 70, "pngSHA256": "a", "sha256": "b"]
        #expect(try decodeError(["frames": [stray]]) == "frame 70 (frame\u{FFFD}line.png) is outside the range 0-6")
        let entry: [String: Any] = ["file": "frame-00004.png", "index": 4, "pngSHA256": "a", "sha256": "b"]
        #expect(try decodeError(["frames": [entry, entry]]) == "frame 4 is listed twice")
        #expect(try decodeError(["frames": Array(repeating: entry, count: 8)]) == "8 frame entries for the 7 frames of its range")
        let shard: [String: Any] = ["index": 1, "count": 2, "scheme": "modulo"]
        #expect(
            try decodeError(["shard": shard, "frames": [entry]])
                == "frame 4 (frame-00004.png) is outside the range 0-6 of shard 1/2")
    }

    /// The message names the digest of the other algorithm (issue 48, L6: it read "frame 5's digests are
    /// xxh3-128, not the xxh3-128 of manifest format 3" when the file's digest was SHA-256).
    @Test func aMixedEntryNamesTheDigestThatDiffers() throws {
        let entry: [String: Any] = [
            "file": "frame-00002.png", "index": 2, "pixels": "xxh3-128:" + String(repeating: "a", count: 32),
            "png": "sha256:" + String(repeating: "b", count: 64),
        ]
        #expect(
            try decodeError(["format": 3, "frames": [entry]])
                == "frame 2's png digest is sha256, not the xxh3-128 of manifest format 3")
    }

    @Test("a shard's frames are counted, not listed: 2 million frames in 2 shards is within the limit")
    func shardedSelection() throws {
        let shard: [String: Any] = ["index": 1, "count": 2, "scheme": "modulo"]
        #expect(
            try decodeError(["frameCount": 2_000_000, "range": ["first": 0, "last": 1_999_999], "shard": shard, "frames": []])
                == nil)
        #expect(
            try decodeError(["frameCount": 2_000_000, "range": ["first": 0, "last": 1_999_999], "frames": []])?
                .contains("2000000 frames, over the limit") == true)
        // A shard index outside its count is refused by FrameShard itself.
        let bad: [String: Any] = ["index": 3, "count": 2, "scheme": "modulo"]
        #expect(throws: ManifestError.self) {
            _ = try FrameManifest.decode(
                Array(try JSONSerialization.data(withJSONObject: Self.fields(["shard": bad]))), path: "m.json")
        }
    }

    @Test("expectedFrames is arithmetic: exact for a shard near Int.max, cut at the limit for an unchecked one")
    func expectedFramesNeverExplode() throws {
        var manifest = try FrameManifest.decode(Array(try JSONSerialization.data(withJSONObject: Self.fields())), path: "m.json")
        manifest.range = .init(first: Int.max - 4, last: Int.max)
        manifest.shard = try FrameShard(index: 0, count: 3)
        // Int.max = 2^63 − 1 ≡ 1 (mod 3), so shard 0 of 3 holds Int.max − 4 and Int.max − 1.
        #expect(manifest.expectedFrames == [Int.max - 4, Int.max - 1])
        manifest.shard = nil
        manifest.range = .init(first: 0, last: Int.max)
        #expect(manifest.expectedFrames.count == FrameSelection.maximumFrames)
        manifest.range = .init(first: 3, last: 2)
        #expect(manifest.expectedFrames.isEmpty)
    }

    @Test func describeIsSafeAtIntMax() {
        #expect(ManifestMerge.describe([Int.max, Int.max - 1, 3, 3, 5]) == "3, 5, \(Int.max - 1)-\(Int.max)")
        #expect(ManifestMerge.describe([Int.max]) == "\(Int.max)")
        #expect(ManifestMerge.describe([Int.min, Int.min + 1, Int.max]) == "\(Int.min)-\(Int.min + 1), \(Int.max)")
    }

    @Test("endless or writerless manifest files are refused at once", arguments: ["/dev/zero", "/dev/urandom", "fifo"])
    func endlessManifest(_ source: String) throws {
        let path = source == "fifo" ? folder.file("manifest.json") : source
        if source == "fifo" { #expect(mkfifo(path, 0o600) == 0) }
        #expect(throws: ManifestError.self) { try FrameManifest.read(path: path) }
    }

    @Test("a manifest file over maximumBytes is refused from its size, unread")
    func oversizedManifest() throws {
        let path = folder.file("manifest.json")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("{".utf8)))
        #expect(truncate(path, off_t(FrameManifest.maximumBytes + 1)) == 0)  // sparse: costs no disk
        #expect(
            throws: ManifestError.invalid(path: path, detail: "536870913 bytes, over the limit of 536870912 bytes for a manifest")
        ) {
            try FrameManifest.read(path: path)
        }
    }
}
