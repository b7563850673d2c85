import Foundation
import Glibc

/// A folder's `manifest.journal` as a merge reads it: for each frame of the manifest's range (and shard),
/// where the journal's last line for it lies (8 bytes a frame, at most ``FrameSelection/maximumFrames``
/// of them: 8 MB), so
/// its entries are read back in frame order, one line at a time, and never held. A render writes every
/// frame to the journal until it finishes, so a killed render's frames are all here.
final class ManifestJournalIndex {
    let path: String
    /// How many entries the journal replays (lines decoded, repeats included).
    let replayed: Int
    private let fd: Int32
    /// The frames of the range, in its shard: the first and the step to the next.
    private let first: Int
    private let step: Int
    /// Per frame of the range (the `slot`th from `first`): its line's offset << 11 | its length, plus
    /// one; 0 for none.
    private var lines: [UInt64]
    /// Entries for other frames (only a crafted journal has them; the checks refuse them), later lines
    /// winning, sorted.
    private(set) var outside: [FrameManifest.Entry] = []

    /// The journal at `path` indexed for `header`'s frames (its header sound); nil when there is none or
    /// it replays no entry.
    static func open(path: String, header: FrameManifest) throws -> ManifestJournalIndex? {
        guard let fd = try FrameManifest.openJournal(path) else { return nil }
        do {
            let index = try ManifestJournalIndex(fd: fd, path: path, header: header)
            return index.replayed > 0 ? index : nil
        } catch {
            close(fd)
            throw error
        }
    }

    private init(fd: Int32, path: String, header: FrameManifest) throws {
        let span = header.range.first...header.range.last
        let shard = header.shard
        (self.fd, self.path) = (fd, path)
        let (start, step) = (shard?.firstFrame(in: span) ?? span.lowerBound, shard?.count ?? 1)
        (first, self.step) = (start, step)
        var lines = [UInt64](repeating: 0, count: header.selectedCount)
        var outside: [Int: FrameManifest.Entry] = [:]
        replayed = try FrameManifest.forEachJournalEntry(fd: fd, path: path) { entry, offset, length in
            if span.contains(entry.index) && (shard?.contains(entry.index) ?? true) {
                lines[(entry.index - start) / step] = UInt64(offset) << 11 | UInt64(length) + 1
            } else {
                outside[entry.index] = entry
                guard outside.count <= FrameSelection.maximumFrames else {
                    throw ManifestError.invalid(path: path, detail: "more frame entries than any render has")
                }
            }
        }
        self.lines = lines
        self.outside = outside.values.sorted { $0.index < $1.index }
    }

    deinit {
        close(fd)
    }

    /// The first slot from `slot` on that the journal lists, and its frame; nil when none.
    func nextListed(from slot: Int) -> (slot: Int, index: Int)? {
        var slot = slot
        while slot < lines.count {
            if lines[slot] != 0 { return (slot, first + slot * step) }
            slot += 1
        }
        return nil
    }

    /// The journal's last entry for the frame of `slot`, read again from its line.
    func entry(slot: Int) throws -> FrameManifest.Entry {
        let packed = lines[slot] - 1
        let (offset, length) = (Int(packed >> 11), Int(packed & 0x7FF))
        var line = [UInt8](repeating: 0, count: length)
        let n = line.withUnsafeMutableBytes { pread(fd, $0.baseAddress, length, off_t(offset)) }
        guard n == length, let entry = FrameManifest.journalEntry(line), entry.index == first + slot * step else {
            throw ManifestError.invalid(path: path, detail: "it changed while it was being read")
        }
        return entry
    }
}
