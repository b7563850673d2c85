import Foundation
import Glibc
import ShatterDigest

/// A clip's identity as a manifest records it: the XXH3-128 of every byte of its files (a video's one
/// file, a sequence's frames in order), so `--resume` keeps frames only while the clip is byte for byte
/// the one they were drawn from. Size, stream facts and the first bytes are not enough: a Y4M rewritten
/// past its header, or a frame folder re-rendered with another seed at `--compression 0`, keeps them all.
///
/// XXH3 runs at memory speed, so hashing a clip costs about what reading it once does; it is done while
/// the first frame renders.
///
/// ```swift
/// let identity = ClipBytes.digest(of: ["shots/a/00001.png", "shots/a/00002.png"])   // "xxh3-128:…"
/// ```
enum ClipBytes {
    /// One digest over `files` in order. Each file adds its name and length before its bytes, so bytes
    /// moved from one frame to the next, or frames renamed, change it too. A file that cannot be read to
    /// its end (gone, unreadable, no longer a regular file) adds why instead: the digest then matches no
    /// earlier one, and the render reports the file itself when it reads that frame.
    static func digest(of files: [String]) -> String {
        var hasher = DigestHasher(.xxh3_128)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        for file in files {
            let name = (file as NSString).lastPathComponent
            let outcome = add(file, to: &hasher, buffer: &buffer)
            Array("\n\(name):\(outcome)\n".utf8).withUnsafeBytes { hasher.update($0) }
        }
        return hasher.finalize().text
    }

    /// Streams `path`'s bytes into `hasher`; says how many, or why it stopped.
    private static func add(_ path: String, to hasher: inout DigestHasher, buffer: inout [UInt8]) -> String {
        // Non-blocking, so a clip swapped for a FIFO since it was probed cannot hang the open.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return "unreadable \(errno)" }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return "not a regular file" }
        var count = 0
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return "read failed \(errno)"
            }
            if n == 0 { return "\(count) bytes" }
            buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            count += n
        }
    }
}
