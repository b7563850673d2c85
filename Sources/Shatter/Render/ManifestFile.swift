import Glibc

/// Writes `manifest.json` without holding it all in memory: the header through `JSONEncoder`, the
/// frames streamed in the same pretty, key-sorted form, to a temporary sibling renamed into place,
/// so the bytes equal ``FrameManifest/encoded()`` and a reader only ever sees a whole manifest.
enum ManifestFile {
    static func write(header: FrameManifest, entries: [PackedEntry], to path: String) throws {
        var empty = header
        empty.frames = []
        let text = String(decoding: try empty.encoded(), as: UTF8.self)
        let marker = "\"frames\" : [\n\n  ]"
        guard let slot = text.range(of: marker) else {
            // An encoder that prints empty arrays another way: fall back to encoding everything.
            var whole = header
            whole.frames = entries.map(\.entry)
            return try AtomicFile.write(try whole.encoded(), to: path)
        }
        let temporary = path.replacingLastComponent { ".\($0).tmp-\(getpid())-\(UInt32.random(in: .min ... .max))" }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw OutputFolderError.cannotWriteFile(path: path, reason: OutputDirectory.lastError()) }
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
            unlink(temporary)
            throw OutputFolderError.cannotWriteFile(path: path, reason: reason)
        }
        guard rename(temporary, path) == 0 else {
            let reason = OutputDirectory.lastError()
            unlink(temporary)
            throw OutputFolderError.cannotWriteFile(path: path, reason: reason)
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
