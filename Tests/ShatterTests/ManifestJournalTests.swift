import Foundation
import ShatterTestSupport
import Testing

@testable import Shatter

/// The manifest written as frames land: one journal line per frame, one whole manifest at the end, and
/// a killed render's journal replayed by readers.
@Suite struct ManifestJournalTests {
    func withFolder(_ body: (String) throws -> Void) throws {
        let folder = try TemporaryFolder()
        try body(folder.path)
    }

    func header() -> FrameManifest {
        FrameManifest(
            effect: "shatter", parameters: ["seed": "1"], inputs: ["from": String(repeating: "ab", count: 32)],
            seed: 1, backend: "cpu", renderer: "test", fps: 60, frameCount: 73, range: .init(first: 0, last: 72),
            shard: nil)
    }

    func entry(_ index: Int) -> FrameManifest.Entry {
        let hex = String(repeating: String(index % 16, radix: 16), count: 32)
        return FrameManifest.Entry(
            index: index, file: OutputDirectory.frameName(index), pixels: Digest(.xxh3_128, hex: hex),
            png: Digest(.xxh3_128, hex: String(hex.reversed().map { $0 == "0" ? "f" : $0 })))
    }

    @Test(arguments: [0, 1, 3])
    func theStreamedManifestIsByteForByteTheEncodedOne(frames: Int) throws {
        try withFolder { folder in
            var manifest = header()
            manifest.frames = (0..<frames).map(entry)
            let path = folder + "/manifest.json"
            try ManifestFile.write(header: manifest, entries: manifest.frames.compactMap(PackedEntry.init), to: path)
            #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == (try manifest.encoded()))
            #expect(try FrameManifest.read(path: path) == manifest)
        }
    }

    /// A format 2 manifest (SHA-256 digests, `sha256` and `pngSHA256`) goes through the streamed writer and
    /// the journal unchanged: a merge or a reader of an old folder writes it back in its own format.
    @Test func anOldFormatManifestStreamsAndJournalsInItsOwnFormat() throws {
        try withFolder { folder in
            var manifest = header()
            manifest.format = 2
            manifest.frames = (0..<3).map { index in
                let hex = String(repeating: String(index, radix: 16), count: 64)
                return FrameManifest.Entry(
                    index: index, file: OutputDirectory.frameName(index), pixels: Digest(.sha256, hex: hex),
                    png: Digest(.sha256, hex: String(hex.reversed().map { $0 == "0" ? "f" : $0 })))
            }
            let path = folder + "/manifest.json"
            try ManifestFile.write(header: manifest, entries: manifest.frames.compactMap(PackedEntry.init), to: path)
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(bytes == (try manifest.encoded()))
            #expect(String(decoding: bytes, as: UTF8.self).contains("\"pngSHA256\" : \"" + manifest.frames[1].png.hex))
            #expect(try FrameManifest.read(path: path) == manifest)
            let line = FrameManifest.journalLine(manifest.frames[2])
            #expect(try JSONDecoder().decode(FrameManifest.Entry.self, from: Data(line)) == manifest.frames[2])
            // An XXH3 entry in a format 2 manifest is refused: the format says what its digests are.
            manifest.frames[0] = entry(0)
            #expect(throws: ManifestError.self) { try FrameManifest.decode(try manifest.encoded(), path: path) }
        }
    }

    @Test func aJournalEntryOutsideTheRenderIsRefusedNamingTheJournal() throws {
        try withFolder { folder in
            let recorder = try ManifestRecorder(folder: folder, manifest: header())
            try recorder.record(entry(3))
            try recorder.record(entry(4_000_000_000))
            #expect {
                try FrameManifest.read(folder: folder)
            } throws: { error in
                guard case ManifestError.invalid(let path, let detail) = error else { return false }
                return path.hasSuffix(FrameManifest.journalName) && detail.contains("frame 4000000000")
            }
        }
    }

    @Test func aJournalThatNeverEndsIsRefusedAtItsFirstByte() throws {
        try withFolder { folder in
            try ManifestRecorder(folder: folder, manifest: header()).record(entry(0))
            let journal = folder + "/" + FrameManifest.journalName
            try FileManager.default.removeItem(atPath: journal)
            try FileManager.default.createSymbolicLink(atPath: journal, withDestinationPath: "/dev/zero")
            #expect {
                try FrameManifest.read(folder: folder)
            } throws: { error in
                guard case ManifestError.notAManifest(let path, _) = error else { return false }
                return path == journal
            }
        }
    }

    @Test func aKilledRecordersJournalIsReplayedAndFinishFoldsItIn() throws {
        try withFolder { folder in
            var recorder: ManifestRecorder? = try ManifestRecorder(folder: folder, manifest: header())
            for i in [2, 0, 1, 5] { try recorder?.record(entry(i)) }
            // As if killed here: manifest.json holds the header, the journal the frames.
            #expect(try FrameManifest.read(path: folder + "/manifest.json")?.frames.isEmpty == true)
            let replayed = try #require(try FrameManifest.read(folder: folder))
            #expect(replayed.frames == [0, 1, 2, 5].map(entry))
            // A torn last line (a kill mid-write) is ignored.
            let journal = FileHandle(forWritingAtPath: folder + "/" + FrameManifest.journalName)
            journal?.seekToEndOfFile()
            journal?.write(Data("{\"file\":\"frame-000".utf8))
            try journal?.close()
            #expect(try FrameManifest.read(folder: folder)?.frames == [0, 1, 2, 5].map(entry))

            try recorder?.finish()
            recorder = nil
            #expect(!FileManager.default.fileExists(atPath: folder + "/" + FrameManifest.journalName))
            #expect(try FrameManifest.read(path: folder + "/manifest.json")?.frames == [0, 1, 2, 5].map(entry))
        }
    }

    /// A merge streams a killed render's manifest and journal (``ManifestShard``: the journal indexed,
    /// read back in frame order) and joins what ``FrameManifest/read(folder:)`` reads, and its streamed
    /// `--out` is byte for byte the merged manifest encoded whole, a folder name that JSON escapes too.
    @Test func aMergeStreamsAKilledRendersJournalAsAReaderReadsIt() throws {
        let scratch = try TemporaryFolder()
        let folder = scratch.file("shard \"é\" \\ one")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var manifest = header()
        manifest.frames = [0, 1, 2, 3].map(entry)
        let recorder = try ManifestRecorder(folder: folder, manifest: manifest)
        // Frames 1 and 3 again, with other digests (a resumed render), then new ones out of order.
        for (i, seed) in [(3, 9), (7, 0), (1, 11), (5, 0), (6, 0)] {
            var again = entry(i + seed)
            again.index = i
            again.file = OutputDirectory.frameName(i)
            try recorder.record(again)
        }
        let journal = try #require(FileHandle(forWritingAtPath: folder + "/" + FrameManifest.journalName))
        journal.seekToEndOfFile()
        journal.write(Data("{\"file\":\"frame-000".utf8))
        try journal.close()
        let read = try #require(try FrameManifest.read(folder: folder))
        #expect(read.frames.map(\.index) == [0, 1, 2, 3, 5, 6, 7])

        let shards = try ManifestShards(folders: [folder])
        var streamed: [FrameManifest.Entry] = []
        let result = try shards.merge(allowMixedRenderers: false, check: { _, _ in .present }, each: { streamed.append($0) })
        let whole = ManifestMerge.merge([(folder, read)], check: { _, _ in .present })
        #expect(streamed == whole.merged.frames && result.mergedCount == 7)
        #expect(result.missingRuns == whole.missingRuns && result.missingRuns == [4...4, 8...72])
        let out = scratch.file("merged.json")
        try OutputFile.writeManifest(header: shards.merged, to: out) { writer in
            for entry in streamed { writer.append(entry) }
        }
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: out))) == (try whole.merged.encoded()))
    }
}
