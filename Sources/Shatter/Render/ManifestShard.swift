import Foundation
import Glibc

/// One folder's manifest as `manifest merge` reads it: the header at once, the entries in frame order
/// as often as asked (``entries()``), without holding them.
///
/// A `manifest.json` that Shatter wrote lists its frames in order and, once the render has finished, has
/// no journal beside it: such a file is read three times from its open descriptor, never held: once for
/// the header (and to learn that its entries are in order), once to check every entry as
/// ``FrameManifest/read(folder:)`` would (``FrameManifest/EntryChecks``, the same phrases), and once for
/// each merge pass, an entry at a time. Any other folder (a journal left by a killed render, entries out
/// of order, a manifest that is not a regular file) is read whole by ``FrameManifest/read(folder:)`` and
/// its entries held, sorted: a journal's later lines replace earlier entries, which needs them all.
final class ManifestShard {
    let folder: String
    /// The manifest, its `frames` empty when they are streamed.
    let header: FrameManifest
    private let source: Source
    /// The streamed file's descriptor; -1 when the entries are held.
    private let fd: Int32
    private let path: String
    private let count: Int

    private enum Source {
        case held([FrameManifest.Entry])
        case streamed
    }

    /// The folder's manifest; nil when it has none.
    static func open(folder: String) throws -> ManifestShard? {
        let path = folder + "/" + FrameManifest.fileName
        var status = stat()
        let hasJournal = lstat(folder + "/" + FrameManifest.journalName, &status) == 0
        if !hasJournal, stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
            let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            if fd >= 0 {
                if let shard = try streamed(folder: folder, path: path, fd: fd) { return shard }
            }
        }
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
        (fd, path, count) = (-1, folder + "/" + FrameManifest.fileName, manifest.frames.count)
    }

    private init(folder: String, header: FrameManifest, fd: Int32, path: String, count: Int) {
        self.folder = folder
        self.header = header
        source = .streamed
        (self.fd, self.path, self.count) = (fd, path, count)
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
        guard Int(status.st_size) <= FrameManifest.maximumBytes else {
            close(fd)
            throw ManifestError.invalid(
                path: path,
                detail: "\(status.st_size) bytes, over the limit of \(FrameManifest.maximumBytes) bytes for a manifest")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        do {
            var parser = try parser(fd: fd, path: path)
            var (framesKeys, count, last, ordered) = (0, 0, Int?.none, true)
            let header = try parser.header(framesKeys: &framesKeys) { entry in
                count += 1
                if let last, entry.index <= last { ordered = false }
                last = entry.index
            }
            if let problem = header.headerProblem { throw ManifestError.invalid(path: path, detail: problem) }
            guard ordered, framesKeys == 1 else {
                close(fd)
                return nil
            }
            var checks = FrameManifest.EntryChecks(header)
            var second = try self.parser(fd: fd, path: path)
            _ = try second.header { checks.take($0) }
            if let problem = checks.problem ?? checks.folderProblem {
                throw ManifestError.invalid(path: path, detail: problem)
            }
            return ManifestShard(folder: folder, header: header, fd: fd, path: path, count: count)
        } catch {
            close(fd)
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
            return Entries(parser: parser, span: header.range.first...header.range.last, count: count)
        }
    }

    private static let changed = "it changed while it was being read"

    /// Entries one at a time, in frame order.
    struct Entries {
        private var held: [FrameManifest.Entry]
        private var position = 0
        private var parser: ManifestStreamParser?
        private var span: ClosedRange<Int> = 0...0
        private var count = 0
        private var last = Int.min

        init(held: [FrameManifest.Entry]) {
            self.held = held
        }

        init(parser: ManifestStreamParser, span: ClosedRange<Int>, count: Int) {
            held = []
            self.parser = parser
            (self.span, self.count) = (span, count)
        }

        mutating func next() throws -> FrameManifest.Entry? {
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
