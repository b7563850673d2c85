#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a whole file into memory, refusing whatever it cannot bound: a regular file over the cap is
/// refused from its size before a byte is read, and a pipe, FIFO or device (`/dev/zero`, `/dev/stdin`)
/// is streamed only up to the cap. The first bytes are shown to `acceptsPrefix` as soon as they arrive,
/// so an endless stream of the wrong kind is refused after one read instead of after the cap.
///
/// ```swift
/// let bytes = try BoundedFileReader.read(path: "in.png", maxBytes: 1 << 28, prefixLength: 8) { $0.starts(with: [0x89, 0x50]) }
/// ```
///
/// Callers turn ``Failure`` into their own typed errors, which name the file.
public enum BoundedFileReader {
    /// Why a file could not be read; the caller knows the path.
    public enum Failure: Error, Equatable, Sendable {
        case notFound
        /// Permission denied and the like (`reason` is `strerror`).
        case notReadable(reason: String)
        case isDirectory
        /// A regular file of `size` bytes, over the cap.
        case fileTooLarge(size: Int)
        /// A stream (pipe, FIFO, device) that went on past the cap.
        case streamTooLong
        /// `acceptsPrefix` refused the first bytes, which are given (at most one read's worth).
        case rejectedPrefix([UInt8])
        /// Any other I/O failure (`reason` is `strerror`).
        case ioFailed(operation: String, reason: String)
    }

    /// What was read, and whether it came from a regular file (false: a pipe, FIFO or device, whose
    /// size could not be known in advance).
    public struct Contents: Sendable {
        public let bytes: [UInt8]
        public let isRegularFile: Bool
    }

    /// Reads all of `path`, at most `maxBytes`. `acceptsPrefix` is called once, with the bytes read so
    /// far, when at least `prefixLength` have arrived (or at the end of a shorter, non-empty file).
    ///
    /// The file is opened non-blocking so that a FIFO with no writer cannot hang the open; blocking is
    /// turned back on for the reads, and such a FIFO then reads as empty.
    public static func read(
        path: String, maxBytes: Int, prefixLength: Int = 0,
        acceptsPrefix: ([UInt8]) -> Bool = { _ in true }
    ) throws(Failure) -> Contents {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw openFailure(errno) }
        defer { close(fd) }

        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .ioFailed(operation: "stat", reason: describe(errno)) }
        let type = info.st_mode & S_IFMT
        // open(2) succeeds on a directory with O_RDONLY; the read would then fail with EISDIR.
        guard type != S_IFDIR else { throw .isDirectory }
        let isRegular = type == S_IFREG
        let size = Int(info.st_size)
        if isRegular && size > maxBytes { throw .fileTooLarge(size: size) }

        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
            throw .ioFailed(operation: "fcntl", reason: describe(errno))
        }

        // A regular file is read straight into an array of its size. A stream's reads are kept apart and
        // joined once at the end: growing one array by doubling would briefly hold twice the cap.
        var bytes: [UInt8] = []
        if isRegular { bytes.reserveCapacity(size) }  // a hint only: the file may still grow
        var pieces: [[UInt8]] = []
        var count = 0
        var checked = prefixLength == 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            // Never ask for more than one byte past the cap: that byte is enough to know it was passed.
            let want = min(chunk.count - 1, maxBytes - count) + 1
            let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, want) }
            if n < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EISDIR { throw .isDirectory }
                throw .ioFailed(operation: "read", reason: describe(code))
            }
            if isRegular { bytes.append(contentsOf: chunk[0..<n]) } else if n > 0 { pieces.append(Array(chunk[0..<n])) }
            count += n
            if !checked && (count >= prefixLength || (n == 0 && count > 0)) {
                checked = true
                let head = isRegular ? bytes : Array(pieces.joined())  // the first read or few: small
                guard acceptsPrefix(head) else { throw .rejectedPrefix(head) }
            }
            if count > maxBytes { throw isRegular ? .fileTooLarge(size: max(size, count)) : .streamTooLong }
            if n == 0 { break }
        }
        if !isRegular {
            bytes.reserveCapacity(count)
            for piece in pieces { bytes.append(contentsOf: piece) }
        }
        return Contents(bytes: bytes, isRegularFile: isRegular)
    }

    /// read(2), which `read(path:…)` hides by name.
    private static func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(fd, buffer, count)
        #else
            Darwin.read(fd, buffer, count)
        #endif
    }

    /// Sorts open(2)'s errno into missing / unreadable / directory / other.
    public static func openFailure(_ code: Int32) -> Failure {
        switch code {
        case ENOENT, ENOTDIR: return .notFound
        case EACCES, EPERM: return .notReadable(reason: describe(code))
        case EISDIR: return .isDirectory
        default: return .ioFailed(operation: "open", reason: describe(code))
        }
    }

    /// `strerror` as a Swift string ("Permission denied").
    public static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// For `acceptsPrefix` of a JSON document (a manifest, a probe report): whether the first byte
    /// that is not JSON white space, if any has arrived yet, opens an object, so that `/dev/zero` or
    /// `yes |` is refused as soon as it starts rather than read to the cap.
    public static func startsLikeJSONObject(_ bytes: [UInt8]) -> Bool {
        let whiteSpace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        guard let first = bytes.first(where: { !whiteSpace.contains($0) }) else { return true }
        return first == UInt8(ascii: "{")
    }
}
