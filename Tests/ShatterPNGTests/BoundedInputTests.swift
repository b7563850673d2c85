import CPNG
import Foundation
import ShatterCore
import ShatterTestSupport
import Testing

@testable import ShatterPNG

/// Inputs that could cost unbounded memory or time are refused by their size, their first bytes or
/// their chunk lengths, before the memory is allocated; a PNG sent through a pipe still decodes.
struct BoundedInputTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    @Test("a file over maxFileBytes is refused from its size, unread")
    func oversizedFile() throws {
        // Sparse: 256 MiB + 1 byte on disk costs nothing, and reading it would take seconds.
        let path = try folder.write(try Fixtures.sampleRGBA(), to: "huge.png")
        #expect(truncate(path, off_t(PNGLimits.default.maxFileBytes + 1)) == 0)
        let error = pngError { _ = try PNGDecoder.read(path: path) }
        #expect(error == .fileTooLarge(path: path, bytes: 268_435_457, limit: 268_435_456))
        #expect(error?.description.contains("256 MiB") == true)

        let small = try folder.write(try Fixtures.sampleRGBA(), to: "small.png")
        let tight = PNGLimits(maxFileBytes: 100)
        guard case .fileTooLarge(small, _, 100) = pngError({ _ = try PNGDecoder.read(path: small, limits: tight) }) else {
            Issue.record("a file over a 100-byte cap should be .fileTooLarge")
            return
        }
    }

    @Test("endless devices are refused after their first bytes", arguments: ["/dev/zero", "/dev/urandom"])
    func endlessDevice(_ path: String) {
        // Refused as not a PNG from its first bytes, not read on. What random bytes look like is chance (a
        // first byte of `<` reads as text, 1 time in 256), so only /dev/zero's answer is exact.
        let error = pngError { _ = try PNGDecoder.read(path: path) }
        guard case .notPNG(path, let looksLike) = error else {
            Issue.record("\(path) should be refused as not a PNG, not \(String(describing: error))")
            return
        }
        if path == "/dev/zero" { #expect(looksLike == nil) }
    }

    @Test("a FIFO with no writer reads as empty instead of hanging")
    func fifoWithoutWriter() throws {
        let path = folder.file("pipe.png")
        #expect(mkfifo(path, 0o600) == 0)
        let error = pngError { _ = try PNGDecoder.read(path: path) }
        #expect(error == .emptyStream(path: path))
        #expect(error?.description.contains("empty") == true)
    }

    @Test("a PNG sent through a pipe decodes like the file")
    func pngThroughAPipe() throws {
        let png = try Fixtures.sampleRGBA()
        let fromFile = try PNGDecoder.read(path: try folder.write(png, to: "sample.png"))
        let fromPipe = try withPipe(holding: png) { try PNGDecoder.read(path: $0) }
        #expect(fromPipe == fromFile)
    }

    @Test("a pipe that goes on past maxFileBytes is refused at the cap")
    func streamPastTheCap() throws {
        let bytes = try Fixtures.sampleRGBA() + [UInt8](repeating: 0, count: 4000)
        let error = try withPipe(holding: bytes) { path in
            pngError { _ = try PNGDecoder.read(path: path, limits: PNGLimits(maxFileBytes: 1000)) }
        }
        guard case .streamTooLong(_, 1000) = error else {
            Issue.record("expected .streamTooLong, got \(String(describing: error))")
            return
        }
    }

    @Test(
        "a chunk that declares more bytes than the file holds is refused before libpng allocates them",
        arguments: [("tEXt", 0x3FFF_FFFF), ("tEXt", 0x7FFF_FFFF), ("zTXt", 0x3FFF_FFFF), ("iCCP", 0x3FFF_FFFF)])
    func lyingChunkLength(_ type: String, _ length: Int) throws {
        // libpng's contrib/testpngs/crashers/huge_*_chunk.png in 57 bytes: signature, IHDR, a chunk header, 16 bytes.
        let bytes =
            Array(try Fixtures.sampleRGBA().prefix(33)) + PNGCorpus.be32(UInt32(length)) + Array(type.utf8)
            + Array("Comment\0hello wo".utf8)
        #expect(bytes.count == 57)
        let error = pngError { _ = try PNGDecoder.decode(data: bytes, name: "crafted.png") }
        #expect(
            error
                == .truncated(
                    path: "crafted.png", detail: "its \(type) chunk at byte 33 declares \(length) bytes, only 16 follow"))
    }

    @Test("an ancillary chunk over maxChunkBytes is refused; image data of any length is not")
    func chunkLimit() throws {
        let sample = try Fixtures.sampleRGBA()
        let text = PNGCorpus.chunk("tEXt", Array("Comment\0".utf8) + [UInt8](repeating: 0x41, count: 92))
        let png = Array(sample[..<33]) + text + Array(sample[33...])  // right after IHDR
        #expect(try PNGDecoder.decode(data: png, name: "text.png").width == 16)
        let tight = PNGLimits(maxChunkBytes: 64)
        #expect(
            pngError { _ = try PNGDecoder.decode(data: png, name: "text.png", limits: tight) }
                == .chunkTooLarge(path: "text.png", chunk: "tEXt", bytes: 100, limit: 64))
        // The IDAT of the 16×16 sample is far over 64 bytes.
        #expect(try PNGDecoder.decode(data: try Fixtures.sampleRGBA(), name: "sample.png", limits: tight).width == 16)
    }

    @Test("a chunk type that is not four letters is named in hex, so the message stays one line")
    func unprintableChunkType() throws {
        let bytes =
            Array(try Fixtures.sampleRGBA().prefix(33)) + PNGCorpus.be32(0x7FFF_FFFF) + [0x0A, 0x0D, 0, 1]
            + [UInt8](repeating: 0, count: 16)
        let error = pngError { _ = try PNGDecoder.decode(data: bytes, name: "odd.png") }
        #expect(error?.description.contains("0xa0d0001 chunk") == true, "\(String(describing: error))")
        #expect(error?.description.contains("\n") == false)
    }

    @Test("the classic decode path hands PNGLimits to libpng itself")
    func libpngLimitsOnTheClassicPath() throws {
        // 16-bit Adam7 is the file kind that takes the classic path; the Swift checks would refuse a
        // wide image first, so the C function is called directly to see libpng apply the limit.
        let png = try Fixtures.png(
            width: 4, height: 2, colorType: PNG_COLOR_TYPE_RGB_ALPHA, bitDepth: 16, interlaced: true,
            rows: [UInt8](repeating: 0x80, count: 4 * 2 * 8))
        var pixels = [UInt8](repeating: 0, count: 4 * 2 * 4)
        var message = [CChar](repeating: 0, count: Int(SHATTER_PNG_MESSAGE_SIZE))
        func decode(maxWidth: UInt32) -> Int32 {
            var limits = ShatterPNGReadLimits(max_width: maxWidth, max_height: 16, max_chunk_bytes: 1 << 20)
            return png.withUnsafeBufferPointer { bytes in
                shatter_png_decode_rgba8(bytes.baseAddress, bytes.count, 4, 2, &limits, &pixels, &message)
            }
        }
        #expect(decode(maxWidth: 16) == 0)
        #expect(decode(maxWidth: 3) == -1)
        // libpng warns "Image width exceeds user limit in IHDR", then fails with:
        let text = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        #expect(String(decoding: text, as: UTF8.self) == "Invalid IHDR data")
    }

    /// Calls `body` with a path that opens a pipe already holding `bytes` and no writer left, as
    /// `/dev/stdin` is when a program's output was piped in.
    private func withPipe<T>(holding bytes: [UInt8], _ body: (String) throws -> T) throws -> T {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        #expect(bytes.count <= 65536, "a pipe's buffer holds 64 KiB")
        #expect(bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == bytes.count)
        close(ends[1])
        return try body("/proc/self/fd/\(ends[0])")
    }
}
