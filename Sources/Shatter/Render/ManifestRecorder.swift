import Glibc
import ShatterCore
import ShatterDigest

/// Keeps a folder's manifest up to date while frames are written, from any thread, at a cost that does
/// not grow with the frame count.
///
/// `manifest.json` is written once at the start (header plus any frames kept from an earlier run);
/// each frame is then one line appended to `manifest.journal` as its PNG lands; ``finish()`` writes the
/// whole manifest atomically and removes the journal. A killed render leaves `manifest.json` and the
/// journal, which ``FrameManifest/read(folder:)`` replays, so every frame complete on disk stays listed.
/// Entries are held in under 100 bytes each (digests as binary), so a million frames cost under 100 MB.
public final class ManifestRecorder: Sendable {
    public let folder: String
    private let handle: FolderHandle
    private let state: Locked<State>

    private struct State {
        var header: FrameManifest
        var entries: [PackedEntry]
        var journal: Int32
        var finished = false
    }

    /// Writes the starting manifest (header plus frames kept from an earlier run) and starts an empty
    /// journal. `expectedFrames` reserves room for the entries to come.
    public convenience init(folder: String, manifest: FrameManifest, expectedFrames: Int = 0) throws {
        try self.init(folder: FolderHandle(path: folder), manifest: manifest, expectedFrames: expectedFrames)
    }

    /// Both files are reached through the folder's descriptor (`FolderHandle`): a link, FIFO or device
    /// at `manifest.journal` is refused before the manifest is touched, never opened (a FIFO would hang the
    /// open), and the journal is made afresh (`O_EXCL`), so no earlier file's other names see its lines.
    public init(folder: FolderHandle, manifest: FrameManifest, expectedFrames: Int = 0) throws {
        self.folder = folder.path
        handle = folder
        var header = manifest
        let kept = manifest.frames.compactMap(PackedEntry.init)
        header.frames = []
        var entries = [PackedEntry]()
        entries.reserveCapacity(kept.count + expectedFrames)
        entries.append(contentsOf: kept)
        entries.sort { $0.index < $1.index }
        try folder.refuseUnlessReplaceable(FrameManifest.journalName)
        try ManifestFile.write(header: header, entries: entries, name: FrameManifest.fileName, in: folder)
        // The earlier journal was folded into the manifest just written; a regular file's name is removed
        // (never truncated through another name) and a new one made.
        if folder.kind(of: FrameManifest.journalName).isRegular { folder.remove(FrameManifest.journalName) }
        let fd = try folder.open(FrameManifest.journalName, .new)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_APPEND)
        state = Locked(State(header: header, entries: entries, journal: fd))
    }

    deinit {
        state.withLock { if $0.journal >= 0 { close($0.journal) } }
    }

    /// Records a frame whose PNG is in place: one journal line, written with one call.
    public func record(_ entry: FrameManifest.Entry) throws {
        guard let packed = PackedEntry(entry) else {
            throw OutputFolderError.cannotWriteFile(
                path: folder + "/" + FrameManifest.journalName,
                reason: "frame \(entry.index)'s digests are not well-formed (\(entry.pixels), \(entry.png))")
        }
        let line = FrameManifest.journalLine(entry)
        try state.withLock { state in
            let written = line.withUnsafeBytes { write(state.journal, $0.baseAddress, $0.count) }
            guard written == line.count else {
                let reason = written < 0 ? OutputDirectory.lastError() : "short write"
                throw OutputFolderError.cannotWriteFile(path: folder + "/" + FrameManifest.journalName, reason: reason)
            }
            state.entries.append(packed)
        }
    }

    /// Writes the whole manifest atomically and removes the journal. Safe to call more than once.
    public func finish() throws {
        try state.withLock { state in
            guard !state.finished else { return }
            state.entries.sort { $0.index < $1.index }
            try ManifestFile.write(header: state.header, entries: state.entries, name: FrameManifest.fileName, in: handle)
            close(state.journal)
            state.journal = -1
            handle.remove(FrameManifest.journalName)
            state.finished = true
        }
    }

    /// The manifest as recorded so far.
    public var manifest: FrameManifest {
        state.withLock { state in
            var manifest = state.header
            manifest.frames = state.entries.sorted { $0.index < $1.index }.map(\.entry)
            return manifest
        }
    }
}

/// A manifest entry with its two digests as binary words instead of hex strings; the file name is the one
/// the index implies.
struct PackedEntry: Sendable {
    let index: Int
    let algorithm: DigestAlgorithm
    let pixels: Words
    let png: Words

    /// A digest's value, up to 256 bits, most significant word first; an algorithm with fewer bits uses
    /// the first words only.
    struct Words: Sendable {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

        init?(_ digest: Digest) {
            guard digest.isWellFormed else { return nil }
            let bytes = Array(digest.hex.utf8)
            var values: [UInt64] = [0, 0, 0, 0]
            for word in 0..<bytes.count / 16 {
                for byte in bytes[(word * 16)..<(word * 16 + 16)] {
                    let nibble = byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : byte - UInt8(ascii: "a") + 10
                    values[word] = values[word] << 4 | UInt64(nibble)
                }
            }
            words = (values[0], values[1], values[2], values[3])
        }

        func digest(_ algorithm: DigestAlgorithm) -> Digest {
            let hex = [words.0, words.1, words.2, words.3].prefix(algorithm.hexCount / 16).map { word in
                let digits = String(word, radix: 16)
                return String(repeating: "0", count: 16 - digits.count) + digits
            }.joined()
            return Digest(algorithm, hex: hex)
        }
    }

    init?(_ entry: FrameManifest.Entry) {
        guard entry.file == OutputDirectory.frameName(entry.index), entry.pixels.algorithm == entry.png.algorithm,
            let pixels = Words(entry.pixels), let png = Words(entry.png)
        else { return nil }
        index = entry.index
        algorithm = entry.pixels.algorithm
        self.pixels = pixels
        self.png = png
    }

    var entry: FrameManifest.Entry {
        FrameManifest.Entry(
            index: index, file: OutputDirectory.frameName(index), pixels: pixels.digest(algorithm), png: png.digest(algorithm))
    }
}
