import Foundation
import Glibc
import ShatterCore
import ShatterPNG

/// Writes `manifest.json` without holding it all in memory: the header through `JSONEncoder`, the
/// frames streamed in the same pretty, key-sorted form, to a temporary sibling renamed into place,
/// so the bytes equal ``FrameManifest/encoded()`` and a reader only ever sees a whole manifest.
enum ManifestFile {
    static func write(header: FrameManifest, entries: [PackedEntry], to path: String) throws {
        try write(header: header, to: path) { writer in
            for entry in entries { writer.append(entry.entry) }
        }
    }

    /// ``write(header:name:in:produce:)`` at a path.
    static func write(header: FrameManifest, to path: String, produce: (inout Writer) throws -> Void) throws {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        try write(header: header, name: name, in: try FolderHandle(path: folder), produce: produce)
    }

    /// ``write(header:entries:to:)`` for `name` in an open folder: the temporary is created there
    /// exclusively and renamed over `name`, which must be missing or a plain file (`FolderHandle`).
    static func write(header: FrameManifest, entries: [PackedEntry], name: String, in folder: FolderHandle) throws {
        try write(header: header, name: name, in: folder) { writer in
            for entry in entries { writer.append(entry.entry) }
        }
    }

    /// A manifest whose entries `produce` appends to the writer it is given, in order, as they come: only
    /// a mebibyte of text is held. A failure (of `produce` or of the disk) removes the temporary.
    static func write(
        header: FrameManifest, name: String, in folder: FolderHandle, produce: (inout Writer) throws -> Void
    ) throws {
        let path = folder.filePath(name)
        try folder.refuseUnlessReplaceable(name)
        let temporary = AtomicFile.temporaryName(for: name)
        let fd = try folder.open(temporary, .new)
        do {
            try write(header: header, to: fd, path: path, produce: produce)
        } catch {
            close(fd)
            folder.remove(temporary)
            throw error
        }
        guard close(fd) == 0 else {
            let reason = OutputDirectory.lastError()
            folder.remove(temporary)
            throw OutputFolderError.cannotWriteFile(path: path, reason: reason)
        }
        if let code = folder.rename(temporary, to: name) {
            folder.remove(temporary)
            throw OutputFolderError.cannotWriteFile(path: path, reason: String(cString: strerror(code)))
        }
    }

    /// The manifest's text onto an open descriptor (a temporary, or a FIFO or terminal given as output).
    static func write(header: FrameManifest, to fd: Int32, path: String? = nil, produce: (inout Writer) throws -> Void) throws {
        var writer = try Writer(header: header, fd: fd)
        try produce(&writer)
        guard writer.finish() else {
            throw OutputFolderError.cannotWriteFile(path: path ?? "manifest", reason: OutputDirectory.lastError())
        }
    }

    /// The manifest's text, entry by entry: the header's text up to its empty `frames`, each entry in the
    /// encoder's pretty, key-sorted form, then the rest of the header's text.
    struct Writer {
        private var output: BufferedWriter
        private let head: Substring
        private let tail: Substring
        private var count = 0
        /// An encoder that prints an empty `frames` another way: the entries are kept and encoded whole.
        private var whole: FrameManifest?

        fileprivate init(header: FrameManifest, fd: Int32) throws {
            output = BufferedWriter(fd: fd)
            var empty = header
            empty.frames = []
            let text = String(decoding: try empty.encoded(), as: UTF8.self)
            if let slot = text.range(of: Self.marker) {
                (head, tail) = (text[..<slot.lowerBound], text[slot.upperBound...])
            } else {
                (head, tail, whole) = ("", "", empty)
            }
            output.append(head)
        }

        private static let marker = "\"frames\" : [\n\n  ]"

        mutating func append(_ entry: FrameManifest.Entry) {
            if whole != nil {
                whole!.frames.append(entry)
                return
            }
            let digests = entry.digestFields.map { "      \"\($0.key)\" : \"\($0.value)\"" }
            output.append(
                (count == 0 ? "\"frames\" : [\n" : ",\n") + "    {\n      \"file\" : \(Self.quoted(entry.file)),\n"
                    + "      \"index\" : \(entry.index),\n" + digests.joined(separator: ",\n") + "\n    }")
            count += 1
        }

        /// Writes what is left; false if any write failed.
        fileprivate mutating func finish() -> Bool {
            if let whole, let bytes = try? whole.encoded() {
                output.append(String(decoding: bytes, as: UTF8.self))
            } else {
                output.append(count == 0 ? Self.marker[...] : "\n  ]")
                output.append(tail)
            }
            return output.flush()
        }

        /// `text` as the encoder writes a string: printable ASCII without `"` or `\\` as it is (every
        /// name Shatter writes), anything else through the encoder itself.
        private static func quoted(_ text: String) -> String {
            if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
                return "\"" + text + "\""
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes]
            return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
        }
    }

    /// Collects text and writes it in 1 MiB pieces; remembers the first failure.
    private struct BufferedWriter {
        let fd: Int32
        var buffer: [UInt8] = []
        var failed = false

        init(fd: Int32) {
            self.fd = fd
            buffer.reserveCapacity(1 << 20)
        }

        mutating func append(_ text: some StringProtocol) {
            buffer.append(contentsOf: text.utf8)
            if buffer.count >= 1 << 20 { _ = flush() }
        }

        mutating func flush() -> Bool {
            var offset = 0
            while offset < buffer.count, !failed {
                let n = buffer[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
                if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { failed = true }
            }
            buffer.removeAll(keepingCapacity: true)
            return !failed
        }
    }
}

extension String {
    /// `a/b/name` → `a/b/` + transform(`name`).
    func replacingLastComponent(_ transform: (String) -> String) -> String {
        guard let slash = lastIndex(of: "/") else { return transform(self) }
        return String(self[...slash]) + transform(String(self[index(after: slash)...]))
    }
}
