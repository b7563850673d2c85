import Foundation
import Glibc

extension FrameManifest {
    /// The longest `manifest.journal` line read: an entry Shatter writes is under 200 bytes, so a line
    /// past this is damage, refused without holding more of it.
    static let maximumJournalLine = 1024

    /// Replays the journal at `path` over `byIndex` (later entries win), streaming it 1 MiB at a time:
    /// memory holds one read, one line of at most ``maximumJournalLine`` bytes, and the table, whose size
    /// the frame limit bounds. Only the last line may fail to decode (a render killed mid-write tears
    /// it); any other such line is damage, refused at once, so a journal of junk lines costs one read.
    /// The journal is a folder's own file: opened without following a link and refused unless a regular
    /// file of at most ``maximumBytes``, so it is never a FIFO to wait on or a device to read without end.
    /// Returns how many entries were replayed.
    @discardableResult
    static func replayJournal(_ path: String, into byIndex: inout [Int: Entry]) throws -> Int {
        guard let fd = try openJournal(path) else { return 0 }
        defer { close(fd) }
        return try forEachJournalEntry(fd: fd, path: path) { entry, _, _ in
            byIndex[entry.index] = entry
            // Each index is kept once, so a journal that lists more frames than the render has is
            // damaged; stopping here keeps the table within the frame limit.
            guard byIndex.count <= FrameSelection.maximumFrames else {
                throw ManifestError.invalid(path: path, detail: "more frame entries than any render has")
            }
        }
    }

    /// The journal at `path` opened for reading; nil when there is none. It is a folder's own file:
    /// opened without following a link and refused unless a regular file of at most ``maximumBytes``, so
    /// it is never a FIFO to wait on or a device to read without end.
    static func openJournal(_ path: String) throws -> Int32? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            if code == ELOOP {
                throw ManifestError.notAManifest(path: path, detail: "a symbolic link, not a journal Shatter wrote")
            }
            throw ManifestError.unreadable(path: path)
        }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            close(fd)
            throw ManifestError.unreadable(path: path)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw ManifestError.notAManifest(path: path, detail: "not a plain file, not a journal Shatter wrote")
        }
        do {
            try refuseOversized(status, path: path)
        } catch {
            close(fd)
            throw error
        }
        return fd
    }

    /// Each entry of an open journal in the order written, with where its line starts in the file and
    /// how long it is, streamed as ``replayJournal(_:into:)`` says: only the last line may fail to decode.
    /// Returns how many entries there were.
    static func forEachJournalEntry(fd: Int32, path: String, _ body: (Entry, _ offset: Int, _ length: Int) throws -> Void)
        throws -> Int
    {
        var reader = JournalLines(fd: fd, path: path)
        var undecoded: Int?
        var replayed = 0
        let decoder = JSONDecoder()
        while let (number, line) = try reader.next() {
            if let undecoded {
                throw ManifestError.invalid(path: path, detail: "line \(undecoded) is not a frame entry")
            }
            // A cheap look first: most damage is not even an object, and costs no decoder.
            guard let entry = journalEntry(line, decoder: decoder) else {
                undecoded = number
                continue
            }
            try body(entry, reader.lineOffset, line.count)
            replayed += 1
        }
        return replayed
    }

    /// A journal line's entry; nil when it is none.
    static func journalEntry(_ line: [UInt8], decoder: JSONDecoder = JSONDecoder()) -> Entry? {
        guard line.first == UInt8(ascii: "{"), line.last == UInt8(ascii: "}") else { return nil }
        return try? decoder.decode(Entry.self, from: Data(line))
    }
}

/// A journal's lines, read 1 MiB at a time, each at most ``FrameManifest/maximumJournalLine`` bytes.
private struct JournalLines {
    let fd: Int32
    let path: String
    private var chunk = [UInt8](repeating: 0, count: 1 << 20)
    private var start = 0
    private var end = 0
    private var line: [UInt8] = []
    private var number = 0
    private var total = 0
    /// Where the line last given starts in the file.
    private(set) var lineOffset = 0
    private var atEnd = false

    init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
        line.reserveCapacity(FrameManifest.maximumJournalLine)
    }

    /// The next line (without its newline) and its number from 1; nil at the end. A last line without
    /// a newline is given too; empty lines are lines.
    mutating func next() throws -> (Int, [UInt8])? {
        line.removeAll(keepingCapacity: true)
        lineOffset = total - end + start
        while true {
            if start == end {
                if atEnd { return nil }
                try fill()
                if start == end {
                    atEnd = true
                    if line.isEmpty { return nil }
                    number += 1
                    return (number, line)
                }
            }
            let newline = chunk.withUnsafeBytes { raw -> Int? in
                guard let found = memchr(raw.baseAddress! + start, 0x0A, end - start) else { return nil }
                return raw.baseAddress!.distance(to: UnsafeRawPointer(found))
            }
            let stop = newline ?? end
            guard line.count + (stop - start) <= FrameManifest.maximumJournalLine else {
                throw ManifestError.invalid(
                    path: path,
                    detail: "line \(number + 1) is longer than \(FrameManifest.maximumJournalLine) bytes, which no frame entry is"
                )
            }
            line.append(contentsOf: chunk[start..<stop])
            if let newline {
                start = newline + 1
                number += 1
                return (number, line)
            }
            start = end
        }
    }

    private mutating func fill() throws {
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw ManifestError.unreadable(path: path) }
            total += n
            // A file that grew past the bound while being read is refused as one that was too large.
            guard total <= FrameManifest.maximumBytes else {
                throw ManifestError.invalid(
                    path: path, detail: "more than \(FrameManifest.maximumBytes) bytes, over the limit for a manifest")
            }
            (start, end) = (0, n)
            return
        }
    }
}
