import Glibc
import ShatterCore
import ShatterPNG

/// Writes `manifest.json` without holding it all in memory: the header through `JSONEncoder`, the
/// frames streamed in the same pretty, key-sorted form, to a temporary sibling renamed into place,
/// so the bytes equal ``FrameManifest/encoded()`` and a reader only ever sees a whole manifest.
enum ManifestFile {
    static func write(header: FrameManifest, entries: [PackedEntry], to path: String) throws {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        try write(header: header, entries: entries, name: name, in: try FolderHandle(path: folder))
    }

    /// ``write(header:entries:to:)`` for `name` in an open folder: the temporary is created there
    /// exclusively and renamed over `name`, which must be missing or a plain file (`FolderHandle`).
    static func write(header: FrameManifest, entries: [PackedEntry], name: String, in folder: FolderHandle) throws {
        let path = folder.filePath(name)
        var empty = header
        empty.frames = []
        let text = String(decoding: try empty.encoded(), as: UTF8.self)
        let marker = "\"frames\" : [\n\n  ]"
        guard let slot = text.range(of: marker) else {
            // An encoder that prints empty arrays another way: fall back to encoding everything.
            var whole = header
            whole.frames = entries.map(\.entry)
            return try AtomicFile.write(try whole.encoded(), name: name, in: folder)
        }
        try folder.refuseUnlessReplaceable(name)
        let temporary = AtomicFile.temporaryName(for: name)
        let fd = try folder.open(temporary, .new)
        var writer = BufferedWriter(fd: fd)
        writer.append(text[..<slot.lowerBound])
        if entries.isEmpty {
            writer.append(marker[...])
        } else {
            writer.append("\"frames\" : [\n")
            for (position, entry) in entries.enumerated() {
                let digests = entry.entry.digestFields.map { "      \"\($0.key)\" : \"\($0.value)\"" }
                writer.append(
                    "    {\n      \"file\" : \"\(OutputDirectory.frameName(entry.index))\",\n      \"index\" : \(entry.index),\n"
                        + digests.joined(separator: ",\n") + "\n    }" + (position + 1 < entries.count ? ",\n" : "\n"))
            }
            writer.append("  ]")
        }
        writer.append(text[slot.upperBound...])
        let flushed = writer.flush()
        guard flushed, close(fd) == 0 else {
            let reason = OutputDirectory.lastError()
            if !flushed { close(fd) }
            folder.remove(temporary)
            throw OutputFolderError.cannotWriteFile(path: path, reason: reason)
        }
        if let code = folder.rename(temporary, to: name) {
            folder.remove(temporary)
            throw OutputFolderError.cannotWriteFile(path: path, reason: String(cString: strerror(code)))
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
