import Foundation
import ShatterCore
import ShatterTestSupport
import Testing

@testable import ShatterPNG

/// The files Shatter writes are read by readers other than the libpng it decodes with: Python's zlib
/// and CRC checks on every chunk and row (PNG's own rules, written out), and pypng where installed.
@Suite struct OtherReaderTests {
    /// Any python3 (its zlib module); Tools/setup.sh's environment first, which has pypng.
    static let python = PythonReaders.python(importing: [])

    /// Checks each PNG named on the command line against the `.raw` beside it (the expected 8-bit
    /// samples, rows packed): signature, chunk CRCs, IHDR, the zlib stream, every row's filter, and
    /// the pixels; then, if pypng imports, decodes it with pypng too. Prints one line per file.
    static let checker = #"""
        import struct, sys, zlib
        try:
            import png as pypng
        except ImportError:
            pypng = None
        def unfilter(data, width, height, bpp):
            stride = width * bpp
            out, prev, pos = bytearray(), bytearray(stride), 0
            for _ in range(height):
                kind, row = data[pos], bytearray(data[pos + 1:pos + 1 + stride])
                pos += 1 + stride
                for i in range(stride):
                    a = row[i - bpp] if i >= bpp else 0
                    b = prev[i]
                    c = prev[i - bpp] if i >= bpp else 0
                    if kind == 1: row[i] = (row[i] + a) & 255
                    elif kind == 2: row[i] = (row[i] + b) & 255
                    elif kind == 3: row[i] = (row[i] + (a + b) // 2) & 255
                    elif kind == 4:
                        p = a + b - c
                        pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                        row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
                    elif kind != 0: raise ValueError("filter type %d" % kind)
                out += row
                prev = row
            assert pos == len(data), "trailing data after the last row"
            return bytes(out)
        for path in sys.argv[1:]:
            blob = open(path, "rb").read()
            assert blob[:8] == b"\x89PNG\r\n\x1a\n", "signature"
            pos, idat, chunks = 8, b"", []
            while pos < len(blob):
                length, kind = struct.unpack(">I4s", blob[pos:pos + 8])
                body = blob[pos + 8:pos + 8 + length]
                crc, = struct.unpack(">I", blob[pos + 8 + length:pos + 12 + length])
                assert zlib.crc32(kind + body) == crc, "CRC of " + kind.decode()
                chunks.append(kind)
                if kind == b"IHDR": width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
                if kind == b"IDAT": idat += body
                pos += 12 + length
            assert chunks[0] == b"IHDR" and chunks[-1] == b"IEND", chunks
            assert depth == 8 and color in (2, 6) and interlace == 0
            bpp = 4 if color == 6 else 3
            pixels = unfilter(zlib.decompress(idat), width, height, bpp)
            expected = open(path[:-4] + ".raw", "rb").read()
            assert pixels == expected, "pixels differ"
            verdict = "zlib ok"
            if pypng is not None:
                w, h, rows, info = pypng.Reader(bytes=blob).read()
                assert (w, h) == (width, height) and b"".join(bytes(r) for r in rows) == expected, "pypng pixels differ"
                verdict += ", pypng ok"
            print(path, verdict)
        """#

    @Test(.enabled(if: python != nil, "needs python3 (its zlib module; pypng too where installed)"))
    func pythonReadsEveryFilterAndLevel() throws {
        let images = [
            RoundTripTests.randomImage(width: 37, height: 23, seed: 4), RoundTripTests.randomImage(width: 1, height: 9, seed: 5),
            RoundTripTests.randomImage(width: 11, height: 1, seed: 6),
            Image(width: 64, height: 16, fill: RGBA8(r: 9, g: 200, b: 90, a: 255)),
        ]
        try check(images, levels: [0, 1, 6, 9])
    }

    /// The fast encoder (level 1) where its bands and blocks meet their edges: a noisy band over
    /// 65,535 bytes (stored, in several blocks), a flat image whose zero runs go on across bands and
    /// past 258 bytes, and rows of short zero runs at every offset within an 8-byte word.
    @Test(.enabled(if: python != nil, "needs python3 (its zlib module; pypng too where installed)"))
    func pythonReadsTheFastEncodersEdges() throws {
        var stripes = Image(width: 45, height: 67)
        for y in 0..<67 {
            for x in 0..<45 where (x * 7 + y * 3) % 11 < 3 { stripes[x, y] = RGBA8(r: UInt8(x * 5), g: UInt8(y), b: 200, a: 255) }
        }
        let images = [
            RoundTripTests.randomImage(width: 600, height: 70, seed: 9),
            Image(width: 300, height: 65, fill: RGBA8(r: 40, g: 40, b: 40, a: 255)), stripes,
        ]
        try check(images, levels: [1])
    }

    /// Writes every image at every level, filter and both channel counts, and has the checker read them.
    private func check(_ images: [Image], levels: [Int]) throws {
        let folder = NSTemporaryDirectory() + "shatter-png-readers-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files = [String]()
        for (n, image) in images.enumerated() {
            for filter in PNGFilter.allCases {
                for level in levels {
                    for background in [nil, RGBA8(r: 250, g: 240, b: 10, a: 255)] {
                        let options = PNGWriteOptions(compressionLevel: level, filter: filter, background: background)
                        let path = folder + "/\(n)-\(filter)-\(level)-\(background == nil ? "own" : "over").png"
                        let png = try PNGEncoder.write(image, to: path, options: options)
                        // An opaque image is written as RGB without a background too (its pixels over any opaque
                        // color are themselves).
                        let rgb = png[25] == 2
                        #expect(rgb == (background != nil || image.allPixels.allSatisfy { $0.a == 255 }), "\(path)")
                        let over = background ?? RGBA8(r: 0, g: 0, b: 0, a: 255)
                        let raw = rgb ? Alpha.composited(image, over: over, channels: 3) : Alpha.straightRGBA(image)
                        try Data(raw).write(to: URL(fileURLWithPath: String(path.dropLast(4)) + ".raw"))
                        files.append(path)
                    }
                }
            }
        }
        let script = folder + "/check.py"
        try Self.checker.write(toFile: script, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python!)
        process.arguments = [script] + files
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.split(separator: "\n").filter { $0.contains("zlib ok") }.count == files.count, "\(text)")
    }

    @Test func higherLevelsGiveSmallerFilesOfANoisyFrame() throws {
        let image = RoundTripTests.randomImage(width: 300, height: 200, seed: 8)
        let sizes = try [0, 1, 6, 9].map { try PNGEncoder.encode(image, options: PNGWriteOptions(compressionLevel: $0)).count }
        #expect(sizes[0] > sizes[1] && sizes[1] >= sizes[2] && sizes[2] >= sizes[3], "\(sizes)")
    }
}
