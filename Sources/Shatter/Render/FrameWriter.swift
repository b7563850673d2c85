import Foundation
import Glibc
import ShatterDigest

/// Where the frame pipeline puts each rendered frame; called on the encoding cores.
public protocol FrameWriter: Sendable {
    /// Encodes and stores frame `index`, the `position`-th frame of this run (0, 1, 2, …, in render
    /// order); returns what a manifest records, or nil for writers that keep no record.
    func write(_ image: Image, index: Int, position: Int) throws -> WrittenFrame?
}

/// A frame whose PNG is complete on disk: what a writer that keeps files reports for the manifest.
public struct WrittenFrame: Sendable {
    public let index: Int
    public let path: String
    /// Digest of the raw RGBA pixels as rendered (premultiplied), independent of PNG settings.
    public let pixels: Digest
    /// Digest of the PNG file's bytes, to recognise the file when a render resumes.
    public let png: Digest
}

/// How frames go down a stream.
public enum StreamFormat: String, Sendable, CaseIterable {
    /// One PNG after another (what `ffmpeg -f image2pipe` reads).
    case png
    /// Raw 8-bit RGBA, straight alpha, row 0 at the top, frame after frame (`-f rawvideo -pix_fmt rgba`).
    case rgba
}

/// Frames written to a file descriptor (standard output, a pipe into ffmpeg) in frame order, though
/// they are encoded in parallel: each encoder waits for its turn to write.
public final class StreamFrameWriter: FrameWriter, @unchecked Sendable {
    public let fd: Int32
    public let format: StreamFormat
    public let png: PNGWriteOptions
    /// Unchecked Sendable: `turn` is only read and written under `condition`.
    private let condition = NSCondition()
    private var turn = 0
    private var broken = false

    public init(fd: Int32, format: StreamFormat, png: PNGWriteOptions = PNGWriteOptions()) {
        self.fd = fd
        self.format = format
        self.png = png
    }

    public func write(_ image: Image, index: Int, position: Int) throws -> WrittenFrame? {
        let bytes: [UInt8]
        do {
            bytes = format == .png ? try PNGEncoder.encode(image, options: png) : RawRGBA.bytes(image, background: png.background)
        } catch {
            inTurn(position) { broken = true }  // the frames after this one must not wait for it
            throw error
        }
        try inTurn(position) {
            guard !broken else { throw StreamError.readerClosed }
            try writeAll(bytes)
        }
        return nil
    }

    /// Runs `body` once every frame before `position` has had its turn, then passes the turn on.
    private func inTurn(_ position: Int, _ body: () throws -> Void) rethrows {
        condition.lock()
        while turn != position { condition.wait() }
        defer {
            turn += 1
            condition.broadcast()
            condition.unlock()
        }
        try body()
    }

    private func writeAll(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                offset += n
            } else if n < 0, errno == EINTR {
                continue
            } else {
                let code = errno
                broken = true
                if code == EPIPE { throw StreamError.readerClosed }
                throw StreamError.writeFailed(reason: String(cString: strerror(code)))
            }
        }
    }
}

/// Frames only looked at (for a contact sheet), never stored.
public struct DiscardingFrameWriter: FrameWriter {
    public init() {}
    public func write(_ image: Image, index: Int, position: Int) throws -> WrittenFrame? { nil }
}

/// Why frames could not be streamed.
public enum StreamError: Error, CustomStringConvertible, Equatable {
    /// The reading end of the pipe was closed (the reader quit).
    case readerClosed
    case writeFailed(reason: String)

    public var description: String {
        switch self {
        case .readerClosed: return "the program reading the frames closed the pipe"
        case .writeFailed(let reason): return "cannot write the frame stream: \(reason)"
        }
    }
}
