import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// `manifest.journal` is streamed with a per-line bound (issue 48, M1), and `manifest.json` entry by entry: before, every line was split
/// into an array first, so a 256 MiB journal of `{` lines cost 4.5 GB and 96 s in `manifest merge`.
@Suite struct JournalMemoryTests {
    /// A render of four frames in `s/render`, and its journal's path.
    private func render(_ s: TemporaryFolder) throws -> (folder: String, journal: String) {
        let folder = s.file("render")
        let run = try CLIRun.shatter([
            "render", "shatter", "--backend", "cpu", "--size", "64x48", "--frames", "0-3", "--out", folder,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        return (folder, folder + "/" + FrameManifest.journalName)
    }

    @Test func aLargeJournalOfJunkLinesIsRefusedInBoundedMemory() throws {
        let s = try TemporaryFolder()
        let (folder, journal) = try render(s)
        // 64 MiB of "{" lines: 32 Mi lines, which the split alone held in over 1 GB.
        #expect(FileManager.default.createFile(atPath: journal, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: journal))
        let piece = Data([UInt8](repeating: 0, count: 1 << 20).enumerated().map { $0.offset % 2 == 0 ? 0x7B : 0x0A })
        for _ in 0..<64 { handle.write(piece) }
        try handle.close()
        let run = try MeasuredRun.shatter(["manifest", "merge", folder])
        #expect(!run.timedOut)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(
            run.errorLines == [
                "shatter: error: \(journal) describes no possible render (line 1 is not a frame entry); "
                    + "it was edited or damaged, so render that folder again"
            ], "\(run.stderr)")
        #expect(run.peakResidentBytes < 100 << 20, "peak resident memory \(run.peakResidentBytes >> 20) MiB")
    }

    @Test func aLargeJournalOfGoodLinesIsReplayedInBoundedMemory() throws {
        let s = try TemporaryFolder()
        let (folder, journal) = try render(s)
        let manifest = try #require(try FrameManifest.read(folder: folder))
        // Each frame recorded again and again (a render resumed many times writes no more than this).
        let lines = manifest.frames.map { entry in
            "{\"file\":\"\(entry.file)\",\"index\":\(entry.index),\"pixels\":\"\(entry.pixels.text)\",\"png\":\"\(entry.png.text)\"}\n"
        }.joined()
        let piece = Data(String(repeating: lines, count: (1 << 20) / lines.utf8.count).utf8)
        #expect(FileManager.default.createFile(atPath: journal, contents: nil))
        let writer = try #require(FileHandle(forWritingAtPath: journal))
        for _ in 0..<16 { writer.write(piece) }
        // A torn last line, as a render killed mid-write leaves.
        writer.write(Data("{\"file\":\"frame-000".utf8))
        try writer.close()
        let run = try MeasuredRun.shatter(["manifest", "merge", folder])
        #expect(!run.timedOut)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.peakResidentBytes < 100 << 20, "peak resident memory \(run.peakResidentBytes >> 20) MiB")
    }

    /// `manifest.json` itself is streamed too: an 18.6 MB manifest of 100,000 entries peaked at 111 MB
    /// when decoded whole (its bytes twice and JSONDecoder's map of them), 59 MB streamed into a list of
    /// its entries, 29 MB streamed through the merge.
    @Test func aLargeManifestIsReadInBoundedMemory() throws {
        let s = try TemporaryFolder()
        let (folder, journal) = try render(s)
        var manifest = try #require(try FrameManifest.read(folder: folder))
        let first = manifest.frames[0]
        let count = 100_000
        manifest.frameCount = count
        manifest.range = .init(first: 0, last: count - 1)
        manifest.frames = (0..<count).map {
            FrameManifest.Entry(index: $0, file: String(format: "frame-%05d.png", $0), pixels: first.pixels, png: first.png)
        }
        try manifest.write(to: folder + "/" + FrameManifest.fileName)
        unlink(journal)
        let run = try MeasuredRun.shatter(["manifest", "merge", folder])
        #expect(!run.timedOut)
        // Read whole (frames 1-3 are another render's files, 4-99999 missing: the merge says so, exit 1),
        // where a manifest it could not read would be one line on standard error.
        #expect(run.status == 1 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.peakResidentBytes < 48 << 20, "peak resident memory \(run.peakResidentBytes >> 20) MiB")
    }

    /// A merge streams the entries through in frame order, into `--out` as they come, holding none of
    /// them: its peak does not grow with the frames, whether they are listed in `manifest.json` or, as a
    /// killed render leaves them, in its journal (indexed at 8 bytes a frame). Held (the entries, the
    /// merged copy and its encoded text), 50,000 and 150,000 entries peaked at 107 and 278 MiB either way
    /// (debug build); streamed, at 32–34 MB each.
    @Test(arguments: [false, true]) func aMergesPeakDoesNotGrowWithTheFrames(inJournal: Bool) throws {
        let s = try TemporaryFolder()
        let (folder, journal) = try render(s)
        var peaks: [Int] = []
        for count in [50_000, 150_000] {
            try Self.writeEntries(in: folder, frames: count, inJournal: inJournal)
            let out = s.file("merged-\(count).json")
            // Every entry names frame 0's file, which is there: all are joined and written to --out.
            let run = try MeasuredRun.shatter(["manifest", "merge", folder, "--no-verify", "--out", out])
            #expect(!run.timedOut)
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
            let size = (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? 0
            #expect(size > count * 150, "--out holds \(size) bytes for \(count) entries")
            peaks.append(run.peakResidentBytes)
        }
        #expect(FileManager.default.fileExists(atPath: journal) == inJournal)
        #expect(peaks[1] < peaks[0] + (6 << 20), "peak resident memory \(peaks.map { $0 >> 20 }) MiB")
    }

    /// Replaces `folder`'s manifest with one of `frames` frames, each entry naming frame 0's file, listed
    /// in the manifest or, with `inJournal`, in a journal beside an empty one; written as text (the encoder
    /// would take longer than the merge).
    private static func writeEntries(in folder: String, frames count: Int, inJournal: Bool) throws {
        let path = folder + "/" + FrameManifest.fileName
        let journal = folder + "/" + FrameManifest.journalName
        var header = try #require(try FrameManifest.read(folder: folder))
        let first = try #require(header.frames.first { $0.index == 0 })
        header.frameCount = count
        header.range = .init(first: 0, last: count - 1)
        header.frames = []
        unlink(journal)
        let text = String(decoding: try header.encoded(), as: UTF8.self)
        let slot = try #require(text.range(of: "\"frames\" : [\n\n  ]"))
        #expect(FileManager.default.createFile(atPath: inJournal ? journal : path, contents: nil))
        let writer = try #require(FileHandle(forWritingAtPath: inJournal ? journal : path))
        if !inJournal { writer.write(Data((text[..<slot.lowerBound] + "\"frames\" : [\n").utf8)) }
        let (file, pixels, png) = (first.file, first.pixels.text, first.png.text)
        var piece = ""
        for index in 0..<count {
            if inJournal {
                piece += "{\"file\":\"\(file)\",\"index\":\(index),\"pixels\":\"\(pixels)\",\"png\":\"\(png)\"}\n"
            } else {
                piece += "    {\n      \"file\" : \"\(file)\",\n      \"index\" : \(index),\n      \"pixels\" : \"\(pixels)\",\n"
                piece += "      \"png\" : \"\(png)\"\n    }" + (index + 1 < count ? ",\n" : "\n  ]")
            }
            if piece.utf8.count > 1 << 20 || index + 1 == count {
                writer.write(Data(piece.utf8))
                piece = ""
            }
        }
        if !inJournal { writer.write(Data(text[slot.upperBound...].utf8)) }
        try writer.close()
        if inJournal { try header.write(to: path) }
    }

    @Test func aLineLongerThanAnyEntryIsRefusedWithoutHoldingIt() throws {
        let s = try TemporaryFolder()
        let (folder, journal) = try render(s)
        // One 64 MiB line with no newline: only its first kilobyte is ever held.
        #expect(FileManager.default.createFile(atPath: journal, contents: nil))
        let writer = try #require(FileHandle(forWritingAtPath: journal))
        let piece = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
        for _ in 0..<64 { writer.write(piece) }
        try writer.close()
        let run = try MeasuredRun.shatter(["manifest", "merge", folder])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "\(journal) describes no possible render (line 1 is longer than 1024 bytes, which no frame entry is)"),
            "\(run.stderr)")
        #expect(run.peakResidentBytes < 100 << 20, "peak resident memory \(run.peakResidentBytes >> 20) MiB")
    }
}
