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
        let hex = String(repeating: String(index % 16, radix: 16), count: 64)
        return FrameManifest.Entry(
            index: index, file: OutputDirectory.frameName(index), sha256: hex,
            pngSHA256: String(hex.reversed().map { $0 == "0" ? "f" : $0 }))
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
}
