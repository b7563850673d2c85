import Foundation
import Glibc
import ShatterDigest

/// One folder's manifest as `manifest merge` reads it: the header at once, the entries in frame order
/// as often as asked (``entries()``), without holding them.
///
/// A `manifest.json` that Shatter wrote lists its frames in order: such a file is read from its open
/// descriptor again and again, never held: once for the header (and to learn that its entries are in
/// order and pass every check ``FrameManifest/read(folder:)`` makes: `OrderedEntries`), and once for
/// each merge pass, an entry at a time; a file that may fail a check is read once more to find which,
/// entry by entry (``FrameManifest/EntryChecks``, the same phrases).
/// A journal beside it (a render killed before it finished) is indexed (``ManifestJournalIndex``: 8
/// bytes a frame), its entries checked with the manifest's as ``FrameManifest/read(folder:)`` checks them
/// and read back line by line in frame order, replacing the manifest's. Any other manifest (entries
/// out of order, hand-made; one that is not a regular file) is read whole by
/// ``FrameManifest/read(folder:)`` and its entries held, sorted.
final class ManifestShard {
    let folder: String
    /// The manifest, its `frames` empty when they are streamed.
    let header: FrameManifest
    private let source: Source
    /// The streamed file's descriptor; -1 when the entries are held.
    private let fd: Int32
    private let path: String
    private let count: Int
    private let journal: ManifestJournalIndex?

    private enum Source {
        case held([FrameManifest.Entry])
        case streamed
    }

    /// The folder's manifest; nil when it has none.
    static func open(folder: String) throws -> ManifestShard? {
        let path = folder + "/" + FrameManifest.fileName
        // Not blocking on a FIFO; whatever is not a regular file is read whole below, as before.
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if fd >= 0, let shard = try streamed(folder: folder, path: path, fd: fd) { return shard }
        guard let manifest = try FrameManifest.read(folder: folder) else { return nil }
        return ManifestShard(folder: folder, manifest: manifest)
    }

    /// A manifest held in memory (one given, or read whole), its entries sorted by index.
    init(folder: String, manifest: FrameManifest) {
        self.folder = folder
        var header = manifest
        header.frames = []
        self.header = header
        source = .held(manifest.frames.sorted { $0.index < $1.index })
        (fd, path, count, journal) = (-1, folder + "/" + FrameManifest.fileName, manifest.frames.count, nil)
    }

    private init(
        folder: String, header: FrameManifest, fd: Int32, path: String, count: Int, journal: ManifestJournalIndex?
    ) {
        self.folder = folder
        self.header = header
        source = .streamed
        (self.fd, self.path, self.count, self.journal) = (fd, path, count, journal)
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    /// The first two reads of a regular `manifest.json` (the type's comment); nil, the descriptor
    /// closed, when its entries are not in strictly increasing order (or it has two `frames`), so it is
    /// read whole instead.
    private static func streamed(folder: String, path: String, fd: Int32) throws -> ManifestShard? {
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return nil
        }
        do {
            try FrameManifest.refuseOversized(status, path: path)
        } catch {
            close(fd)
            throw error
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var made = false
        do {
            var parser = try parser(fd: fd, path: path)
            var framesKeys = 0
            var summary = OrderedEntries()
            let header = try parser.header(framesKeys: &framesKeys) { summary.take($0) }
            if let problem = header.headerProblem { throw ManifestError.invalid(path: path, detail: problem) }
            guard summary.ordered, framesKeys == 1 else {
                close(fd)
                return nil
            }
            let count = summary.count
            if !summary.pass(header) {
                var checks = FrameManifest.EntryChecks(header)
                var second = try self.parser(fd: fd, path: path)
                _ = try second.header { checks.take($0) }
                if let problem = checks.problem ?? checks.folderProblem {
                    throw ManifestError.invalid(path: path, detail: problem)
                }
            }
            let journalPath = folder + "/" + FrameManifest.journalName
            let journal = try ManifestJournalIndex.open(path: journalPath, header: header)
            let shard = ManifestShard(folder: folder, header: header, fd: fd, path: path, count: count, journal: journal)
            made = true
            if journal != nil {
                // The manifest with its journal replayed, checked again as a whole.
                var replayed = FrameManifest.EntryChecks(header)
                var entries = try shard.entries()
                while let entry = try entries.next() { replayed.take(entry) }
                if let problem = replayed.problem ?? replayed.folderProblem {
                    throw ManifestError.invalid(path: journalPath, detail: problem)
                }
            }
            return shard
        } catch {
            // Once the shard is made its deinit closes the descriptor; before, it is closed here.
            if !made { close(fd) }
            throw error
        }
    }

    /// A parser at the start of the file.
    private static func parser(fd: Int32, path: String, chunkSize: Int = 1 << 20) throws -> ManifestStreamParser {
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw ManifestError.unreadable(path: path) }
        return ManifestStreamParser(
            source: ChunkedBytes(fd: fd, limit: FrameManifest.maximumBytes, chunkSize: chunkSize), path: path)
    }

    /// The entries in frame order, from the first; one cursor at a time per shard.
    func entries() throws -> Entries {
        switch source {
        case .held(let entries): return Entries(held: entries)
        case .streamed:
            // 64 KiB a shard: a merge reads every shard at once.
            var parser = try Self.parser(fd: fd, path: path, chunkSize: 64 << 10)
            guard try parser.seekFrames() else { throw ManifestError.invalid(path: path, detail: Self.changed) }
            return Entries(parser: parser, span: header.range.first...header.range.last, count: count, journal: journal)
        }
    }

    private static let changed = "it changed while it was being read"

    /// Entries one at a time, in frame order: the manifest's, with the journal's in their place.
    struct Entries {
        private var held: [FrameManifest.Entry]
        private var position = 0
        private var parser: ManifestStreamParser?
        private var span: ClosedRange<Int> = 0...0
        private var count = 0
        private var last = Int.min
        private var journal: ManifestJournalIndex?
        /// The manifest's next entry, once looked at, and where the journal's next is looked for.
        private var pending: FrameManifest.Entry??
        private var slot = 0
        private var outside = 0

        init(held: [FrameManifest.Entry]) {
            self.held = held
        }

        init(parser: ManifestStreamParser, span: ClosedRange<Int>, count: Int, journal: ManifestJournalIndex?) {
            held = []
            self.parser = parser
            (self.span, self.count, self.journal) = (span, count, journal)
        }

        mutating func next() throws -> FrameManifest.Entry? {
            guard let journal else { return try nextOwn() }
            if pending == nil { pending = .some(try nextOwn()) }
            let own = pending!
            let listed = journal.nextListed(from: slot)
            let other = outside < journal.outside.count ? journal.outside[outside] : nil
            guard let index = [own?.index, listed?.index, other?.index].compactMap({ $0 }).min() else { return nil }
            // A crafted journal's frames outside the range are never the manifest's (checked) nor listed.
            if let other, other.index == index {
                outside += 1
                return other
            }
            if let listed, listed.index == index {
                slot = listed.slot + 1
                if own?.index == index { pending = nil }
                return try journal.entry(slot: listed.slot)
            }
            pending = nil
            return own
        }

        /// The manifest's own next entry.
        private mutating func nextOwn() throws -> FrameManifest.Entry? {
            guard parser != nil else {
                guard position < held.count else { return nil }
                position += 1
                return held[position - 1]
            }
            guard let entry = try parser!.nextEntry() else { return nil }
            // Checked whole by the second read: an entry that is not as it was then means the file was
            // rewritten in place since (Shatter replaces a manifest by renaming, which this descriptor
            // does not see), and the merge stops rather than join what was never checked.
            position += 1
            guard entry.index > last, span.contains(entry.index), position <= count,
                FrameManifest.isPlainFrameName(entry.file)
            else { throw ManifestError.invalid(path: parser!.path, detail: ManifestShard.changed) }
            last = entry.index
            return entry
        }
    }
}

/// What the first read of a manifest learns of its entries, in a few words, enough to know that
/// ``FrameManifest/EntryChecks`` would find nothing, before the header (which follows `frames` in
/// the file) is known: the entries in strictly increasing order, their first and last frame, the greatest
/// common divisor of their distances from the first (all in one shard of N ⟺ N divides it), the digest
/// algorithms, whether every name is plain.
private struct OrderedEntries {
    private(set) var count = 0
    private(set) var ordered = true
    private var first: Int?
    private var last: Int?
    private var divisor = 0
    private var algorithms: (DigestAlgorithm, DigestAlgorithm)?
    private var oneAlgorithm = true
    private var plainNames = true

    mutating func take(_ entry: FrameManifest.Entry) {
        count += 1
        if let last, entry.index <= last { ordered = false }
        last = entry.index
        if let first {
            let (distance, overflow) = entry.index.subtractingReportingOverflow(first)
            if overflow { ordered = false } else { divisor = Self.gcd(divisor, distance) }
        } else {
            first = entry.index
        }
        let pair = (entry.pixels.algorithm, entry.png.algorithm)
        if let algorithms { oneAlgorithm = oneAlgorithm && algorithms == pair } else { algorithms = pair }
        plainNames = plainNames && FrameManifest.isPlainFrameName(entry.file)
    }

    /// Whether entries so summed pass every check against `header` (whose own values are sound).
    func pass(_ header: FrameManifest) -> Bool {
        guard ordered, plainNames, oneAlgorithm, count <= header.selectedCount else { return false }
        guard let first, let last, let algorithms else { return true }
        let algorithm = header.digestAlgorithm
        guard algorithms == (algorithm, algorithm), first >= header.range.first, last <= header.range.last else {
            return false
        }
        guard let shard = header.shard else { return true }
        return shard.contains(first) && divisor % shard.count == 0
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
