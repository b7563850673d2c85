import Foundation
import Glibc
import ShatterDigest

/// Reading `manifest.json` a mebibyte at a time: the frames' entries, nearly all of a large manifest,
/// are parsed one by one as they stream past, and only the header (every other key, small) goes through
/// `JSONDecoder`. Decoding the whole file at once held its bytes twice and `JSONDecoder`'s map of them
/// besides: a 75 MB manifest peaked at 387 MB; streamed, what stays is the entries themselves.
extension FrameManifest {
    /// How much of a manifest's header (every key but `frames`) is kept for decoding at most.
    static let maximumHeaderBytes = 1 << 20

    /// Refuses a regular file (`status`, of the file at `path`) over ``maximumBytes``: the bound every
    /// reader of a manifest or journal holds before reading.
    static func refuseOversized(_ status: stat, path: String) throws {
        guard Int(status.st_size) <= maximumBytes else {
            throw ManifestError.invalid(
                path: path, detail: "\(status.st_size) bytes, over the limit of \(maximumBytes) bytes for a manifest")
        }
    }

    /// The manifest at `path`, read as ``read(path:)`` describes, in bounded memory beside its entries;
    /// nil when nothing is there.
    static func streamed(path: String) throws -> FrameManifest? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw ManifestError.unreadable(path: path)
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else { throw ManifestError.unreadable(path: path) }
        if status.st_mode & S_IFMT == S_IFREG { try refuseOversized(status, path: path) }
        // Blocking again for the reads: a FIFO with no writer then reads as empty.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var parser = ManifestStreamParser(source: ChunkedBytes(fd: fd, limit: maximumBytes), path: path)
        // Room for the entries a file this size can hold (Shatter writes about 190 bytes each), so the
        // array is not copied as it grows; a stream gets none.
        if status.st_mode & S_IFMT == S_IFREG {
            parser.expectedEntries = min(Int(status.st_size) / 160, FrameSelection.maximumFrames)
        }
        return try parser.manifest()
    }
}

/// A file's bytes one at a time, read a chunk (1 MiB unless asked) at a time, at most `limit` of them.
struct ChunkedBytes {
    let fd: Int32
    let limit: Int
    private var chunk: [UInt8]
    private var position = 0
    private var end = 0
    private(set) var consumed = 0
    private(set) var failure: ManifestStreamParser.Failure?

    /// `chunkSize`: 1 MiB for one pass over a file; a merge reading many shards at once takes less each.
    init(fd: Int32, limit: Int, chunkSize: Int = 1 << 20) {
        self.fd = fd
        self.limit = limit
        chunk = [UInt8](repeating: 0, count: chunkSize)
    }

    /// The next byte without taking it; nil at the end (or after a failure).
    mutating func peek() -> UInt8? {
        if position == end && !refill() { return nil }
        return chunk[position]
    }

    mutating func next() -> UInt8? {
        guard let byte = peek() else { return nil }
        position += 1
        return byte
    }

    /// Takes bytes up to and including the first `"` not escaped by a `\\` (`escaped`: the byte before
    /// was one), appending them to `out`, a chunk at a time; false if the bytes end first or `out` grows
    /// past `limit`.
    mutating func takeStringRest(into out: inout [UInt8], limit: Int) -> Bool {
        var escaped = false
        while true {
            if position == end && !refill() { return false }
            let (taken, closed) = chunk.withUnsafeBufferPointer { bytes -> (Int, Bool) in
                var i = position
                while i < end {
                    let byte = bytes[i]
                    i += 1
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        return (i - position, true)
                    }
                }
                return (i - position, false)
            }
            out.append(contentsOf: chunk[position..<(position + taken)])
            position += taken
            if out.count > limit { return false }
            if closed { return true }
        }
    }

    /// Skips JSON white space, a chunk at a time.
    mutating func skipSpace() {
        while true {
            if position == end && !refill() { return }
            while position < end {
                let byte = chunk[position]
                guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
                position += 1
            }
        }
    }

    private mutating func refill() -> Bool {
        guard failure == nil else { return false }
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { failure = .unreadable }
            guard n > 0 else { return false }
            consumed += n
            if consumed > limit {
                failure = .tooLong
                return false
            }
            (position, end) = (0, n)
            return true
        }
    }
}

/// The manifest's JSON, parsed as it streams: the top-level object's keys, `frames` entry by entry.
struct ManifestStreamParser {
    enum Failure: Error {
        case unreadable, tooLong
        case malformed(String)
    }

    var source: ChunkedBytes
    let path: String
    /// How many entries to make room for at once.
    var expectedEntries = 0

    init(source: ChunkedBytes, path: String) {
        self.source = source
        self.path = path
    }

    mutating func manifest() throws -> FrameManifest {
        var frames: [FrameManifest.Entry] = []
        frames.reserveCapacity(expectedEntries)
        var framesKeys = 0
        // A second `frames` key replaces the first's entries, as before.
        var manifest = try header(framesKeys: &framesKeys, starting: { frames.removeAll() }, each: { frames.append($0) })
        manifest.frames = frames
        if let problem = manifest.problem { throw ManifestError.invalid(path: path, detail: problem) }
        return manifest
    }

    /// The whole file parsed, each entry of `frames` given to `each` as it comes and not kept: the
    /// header, its `frames` empty and its values not yet checked. `framesKeys` counts the `frames` keys
    /// met (a crafted file may have two), `starting` is called as each begins.
    mutating func header(
        framesKeys: inout Int, starting: () -> Void = {}, each: (FrameManifest.Entry) throws -> Void
    ) throws -> FrameManifest {
        try failing { try $0.parse(framesKeys: &framesKeys, starting: starting, each: each) }
    }

    mutating func header(each: (FrameManifest.Entry) throws -> Void) throws -> FrameManifest {
        var framesKeys = 0
        return try header(framesKeys: &framesKeys, each: each)
    }

    /// Moves to the first entry of `frames`, so ``nextEntry()`` takes them one by one; false when the
    /// file has no `frames`.
    mutating func seekFrames() throws -> Bool {
        try failing { parser in
            parser.skipSpace()
            try parser.expect("{")
            parser.skipSpace()
            if parser.source.peek() == UInt8(ascii: "}") { return false }
            var skipped: [UInt8] = []
            while true {
                parser.skipSpace()
                let key = try parser.string()
                parser.skipSpace()
                try parser.expect(":")
                parser.skipSpace()
                if key == "frames" {
                    try parser.expect("[")
                    parser.entryPosition = 0
                    parser.entriesDone = false
                    return true
                }
                skipped.removeAll(keepingCapacity: true)
                try parser.value(into: &skipped)
                parser.skipSpace()
                guard let separator = parser.source.next() else { throw Failure.malformed("not valid JSON") }
                if separator == UInt8(ascii: "}") { return false }
                guard separator == UInt8(ascii: ",") else { throw Failure.malformed("not valid JSON") }
            }
        }
    }

    /// The next entry of `frames` once at them (``seekFrames()``, or inside ``header(each:)``); nil
    /// after the last.
    mutating func nextEntry() throws -> FrameManifest.Entry? {
        try failing { try $0.takeEntry() }
    }

    /// Where the parser is in `frames`: entries taken so far, and whether the `]` was met.
    private var entryPosition = 0
    private var entriesDone = true

    /// `body`'s failures as the ``ManifestError`` a reader reports.
    private mutating func failing<T>(_ body: (inout ManifestStreamParser) throws -> T) throws -> T {
        do {
            return try body(&self)
        } catch let failure as Failure {
            switch source.failure ?? failure {
            case .unreadable: throw ManifestError.unreadable(path: path)
            case .tooLong:
                throw ManifestError.invalid(
                    path: path, detail: "more than \(FrameManifest.maximumBytes) bytes arrived, over the limit for a manifest")
            case .malformed(let detail): throw ManifestError.notAManifest(path: path, detail: detail)
            }
        }
    }

    private mutating func parse(
        framesKeys: inout Int, starting: () -> Void, each: (FrameManifest.Entry) throws -> Void
    ) throws -> FrameManifest {
        skipSpace()
        guard let first = source.next() else { throw source.failure ?? Failure.malformed("not valid JSON") }
        guard first == UInt8(ascii: "{") else { throw Failure.malformed("not JSON: it does not start with {") }
        var header: [UInt8] = [UInt8(ascii: "{")]
        var sawFrames = false
        try members(opened: true) { parser, key in
            if key == "frames" {
                sawFrames = true
                framesKeys += 1
                starting()
                try parser.expect("[")
                (parser.entryPosition, parser.entriesDone) = (0, false)
                while let entry = try parser.takeEntry() { try each(entry) }
            } else {
                if header.count > 1 { header.append(UInt8(ascii: ",")) }
                header += Array(try JSONEncoder().encode(key)) + [UInt8(ascii: ":")]
                try parser.value(into: &header)
                guard header.count <= FrameManifest.maximumHeaderBytes else {
                    throw Failure.malformed("a header over \(FrameManifest.maximumHeaderBytes) bytes")
                }
            }
        }
        skipSpace()
        guard source.next() == nil, source.failure == nil else {
            throw source.failure ?? Failure.malformed("not valid JSON")
        }
        // The header decodes with frames empty; a manifest without them is refused as before.
        if sawFrames { header += Array((header.count > 1 ? ",\"frames\":[]" : "\"frames\":[]").utf8) }
        header.append(UInt8(ascii: "}"))
        return try FrameManifest.decode(header, path: path, validating: false)
    }

    /// One entry of `frames` and the `,` or `]` before the next: flat objects of strings and integers.
    private mutating func takeEntry() throws -> FrameManifest.Entry? {
        guard !entriesDone else { return nil }
        skipSpace()
        if entryPosition == 0 {
            if source.peek() == UInt8(ascii: "]") {
                _ = source.next()
                entriesDone = true
                return nil
            }
        } else {
            guard let separator = source.next() else { throw Failure.malformed("not valid JSON") }
            if separator == UInt8(ascii: "]") {
                entriesDone = true
                return nil
            }
            guard separator == UInt8(ascii: ",") else { throw Failure.malformed("not valid JSON") }
            skipSpace()
        }
        let taken = try entry(entryPosition)
        entryPosition += 1
        skipSpace()
        return taken
    }

    private mutating func entry(_ position: Int) throws -> FrameManifest.Entry {
        let bad = Failure.malformed("bad \"frames.\(position)\"")
        var index: Int?
        var strings: [String: String] = [:]
        try members { parser, key in
            if key == "index" {
                index = try parser.integer() ?? { throw bad }()
            } else if parser.source.peek() == UInt8(ascii: "\"") {
                strings[key] = try parser.string()
            } else {
                var ignored: [UInt8] = []
                try parser.value(into: &ignored, limit: 4096)
            }
        }
        guard let index else { throw Failure.malformed("no \"index\" in frames.\(position)") }
        guard let file = strings["file"] else { throw Failure.malformed("no \"file\" in frames.\(position)") }
        if strings["sha256"] != nil || strings["pngSHA256"] != nil {
            guard let pixels = strings["sha256"], let png = strings["pngSHA256"] else { throw bad }
            return FrameManifest.Entry(
                index: index, file: file, pixels: Digest(.sha256, hex: pixels), png: Digest(.sha256, hex: png))
        }
        guard let pixels = strings["pixels"].flatMap(Digest.init(text:)), let png = strings["png"].flatMap(Digest.init(text:))
        else { throw bad }
        return FrameManifest.Entry(index: index, file: file, pixels: pixels, png: png)
    }

    /// An object's members, `{` to `}` (the `{` already taken when `opened`): `body` is given each key
    /// with the parser at its value, which it takes.
    private mutating func members(opened: Bool = false, _ body: (inout ManifestStreamParser, String) throws -> Void) throws {
        if !opened { try expect("{") }
        skipSpace()
        if source.peek() == UInt8(ascii: "}") {
            _ = source.next()
            return
        }
        while true {
            skipSpace()
            let key = try string()
            skipSpace()
            try expect(":")
            skipSpace()
            try body(&self, key)
            skipSpace()
            guard let separator = source.next() else { throw Failure.malformed("not valid JSON") }
            if separator == UInt8(ascii: "}") { return }
            guard separator == UInt8(ascii: ",") else { throw Failure.malformed("not valid JSON") }
        }
    }

    private mutating func skipSpace() { source.skipSpace() }

    private mutating func expect(_ character: Unicode.Scalar) throws {
        guard source.next() == UInt8(ascii: character) else { throw Failure.malformed("not valid JSON") }
    }

    /// A JSON integer, nil for any other number; at most 19 digits.
    private mutating func integer() throws -> Int? {
        var digits: [UInt8] = []
        if source.peek() == UInt8(ascii: "-") { digits.append(source.next()!) }
        while let byte = source.peek(),
            (0x30...0x39).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
                || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+")
        {
            digits.append(source.next()!)
            guard digits.count <= 32 else { return nil }
        }
        return Int(String(decoding: digits, as: UTF8.self))
    }

    /// A JSON string, escapes decoded: one with none (every name and digest Shatter writes) is checked
    /// and taken as UTF-8 at once; one with escapes goes whole through `JSONDecoder`, so each reads as
    /// it would there.
    private mutating func string(limit: Int = 4096) throws -> String {
        var raw: [UInt8] = []
        try stringBytes(into: &raw, limit: limit)
        // Printable ASCII with no escape, as every name and digest Shatter writes is: taken as it is.
        let plain: String? = raw.withUnsafeBufferPointer { bytes in
            let inner = UnsafeBufferPointer(rebasing: bytes[1..<(bytes.count - 1)])
            for byte in inner where byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: "\\") { return nil }
            return String(decoding: inner, as: UTF8.self)
        }
        if let plain { return plain }
        guard let text = try? JSONDecoder().decode(String.self, from: Data(raw)) else {
            throw Failure.malformed("not valid JSON")
        }
        return text
    }

    /// A JSON string's bytes as they are, quotes included, onto `out`.
    private mutating func stringBytes(into out: inout [UInt8], limit: Int) throws {
        guard source.next() == UInt8(ascii: "\"") else { throw Failure.malformed("not valid JSON") }
        let start = out.count
        out.append(UInt8(ascii: "\""))
        guard source.takeStringRest(into: &out, limit: start + limit) else {
            throw out.count > start + limit
                ? Failure.malformed("a string over \(limit) bytes") : Failure.malformed("not valid JSON")
        }
    }

    /// Any JSON value's bytes as they are onto `out` (for the header, decoded afterwards), at most `limit`.
    private mutating func value(into out: inout [UInt8], limit: Int = FrameManifest.maximumHeaderBytes) throws {
        var depth = 0
        let start = out.count
        repeat {
            guard out.count - start <= limit else { throw Failure.malformed("a value over \(limit) bytes") }
            skipSpace()
            guard let byte = source.peek() else { throw Failure.malformed("not valid JSON") }
            switch byte {
            case UInt8(ascii: "\""): try stringBytes(into: &out, limit: limit)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                out.append(source.next()!)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard depth > 0 else { throw Failure.malformed("not valid JSON") }
                depth -= 1
                out.append(source.next()!)
            case UInt8(ascii: ","), UInt8(ascii: ":"):
                guard depth > 0 else { throw Failure.malformed("not valid JSON") }
                out.append(source.next()!)
            default:
                // A number or a literal: up to the next delimiter.
                while let next = source.peek(),
                    ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09]
                        .contains(next)
                {
                    out.append(source.next()!)
                    guard out.count - start <= limit else { throw Failure.malformed("a value over \(limit) bytes") }
                }
            }
        } while depth > 0
    }
}
