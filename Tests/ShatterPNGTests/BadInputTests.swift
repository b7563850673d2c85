import CPNG
import Foundation
import ShatterCore
import ShatterTestSupport
import Testing

@testable import ShatterPNG

/// Every broken input becomes its own PNGError whose message names the file; nothing crashes.
struct BadInputTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    /// Reads `path`, expecting failure; checks the message names the file and is one line.
    func readError(
        _ path: String, limits: PNGLimits = .default,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> PNGError? {
        let error = pngError({ _ = try PNGDecoder.read(path: path, limits: limits) }, sourceLocation: sourceLocation)
        if let error {
            #expect(error.description.contains(path), "message should name \(path)", sourceLocation: sourceLocation)
            #expect(!error.description.contains("\n"), sourceLocation: sourceLocation)
        }
        return error
    }

    @Test func missingFile() {
        let path = folder.path + "/nope.png"
        #expect(readError(path) == .fileNotFound(path: path))
    }

    @Test func directory() {
        #expect(readError(folder.path) == .isDirectory(path: folder.path))
    }

    @Test func emptyFile() throws {
        let path = try folder.write([], to: "empty.png")
        #expect(readError(path) == .emptyFile(path: path))
    }

    @Test func jpegRenamedToPNG() throws {
        let path = try folder.write([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1], to: "photo.png")
        #expect(readError(path) == .notPNG(path: path, looksLike: "JPEG"))
        #expect(readError(path)?.description.contains("JPEG") == true)
    }

    /// A file cut anywhere up to the last image byte is truncated. (A file cut inside IEND, after
    /// all pixels, still decodes, as it does in libpng and browsers.)
    @Test("truncated files are reported as truncated", arguments: ["4", "8", "33", "half", "inside last IDAT"])
    func truncated(at cut: String) throws {
        let png = try Fixtures.sampleRGBA()
        let idat = try #require(PNGCorpus.chunks(png).last { $0.type == "IDAT" })
        let length =
            [
                "4": 4, "8": 8, "33": 33, "half": png.count / 2,
                "inside last IDAT": idat.offset + 8 + idat.length - 1,
            ][cut] ?? 0
        let path = try folder.write(Array(png.prefix(length)), to: "cut-\(length).png")
        guard case .truncated = readError(path) else {
            Issue.record("cut at \(cut) (\(length) of \(png.count) bytes) should be .truncated")
            return
        }
    }

    @Test func brokenCRCInIDAT() throws {
        var png = try Fixtures.sampleRGBA()
        let idat = try #require(PNGCorpus.chunks(png).first { $0.type == "IDAT" })
        png[idat.offset + 8 + idat.length] ^= 0xFF  // first CRC byte
        let path = try folder.write(png, to: "crc.png")
        guard case .corrupt(_, let message) = readError(path) else {
            Issue.record("a bad IDAT CRC should be .corrupt")
            return
        }
        #expect(message.contains("CRC"), "libpng's own message should be carried: \(message)")
    }

    @Test("a header claiming 100000×100000 is refused before decoding")
    func hugeHeader() throws {
        // Valid IHDR CRC but a tiny IDAT: decoding would fail as corrupt, so getting the size
        // error proves the check ran first (and nothing near 40 GB was allocated).
        let png = PNGCorpus.withSize(try Fixtures.sampleRGBA(), width: 100_000, height: 100_000)
        let path = try folder.write(png, to: "huge.png")
        let error = readError(path)
        #expect(error == .tooLarge(path: path, width: 100_000, height: 100_000, limits: .default))
        #expect(error?.description.contains("100000×100000") == true)
        #expect(error?.description.contains("16384") == true)
    }

    @Test("custom PNGLimits apply per side and to the pixel count")
    func customLimits() throws {
        let path = try folder.write(try Fixtures.sampleRGBA(width: 20, height: 16), to: "20x16.png")
        let narrow = PNGLimits(maxWidth: 16)
        #expect(readError(path, limits: narrow) == .tooLarge(path: path, width: 20, height: 16, limits: narrow))
        let few = PNGLimits(maxPixels: 319)
        #expect(readError(path, limits: few) == .tooLarge(path: path, width: 20, height: 16, limits: few))
        #expect(try PNGDecoder.read(path: path, limits: PNGLimits(maxPixels: 320)).width == 20)
    }

    @Test("zero width or height", arguments: [(UInt32(0), UInt32(16)), (16, 0)])
    func zeroSize(width: UInt32, height: UInt32) throws {
        let path = try folder.write(PNGCorpus.withSize(try Fixtures.sampleRGBA(), width: width, height: height), to: "zero.png")
        #expect(readError(path) == .zeroDimensions(path: path, width: Int(width), height: Int(height)))
    }

    @Test func paletteWithoutPLTE() throws {
        let png = try Fixtures.png(
            width: 2, height: 2, colorType: PNG_COLOR_TYPE_PALETTE, rows: [0, 1, 1, 0],
            palette: [255, 0, 0, 0, 255, 0])
        let path = try folder.write(PNGCorpus.removingChunk("PLTE", from: png), to: "noplte.png")
        guard case .corrupt = readError(path) else {
            Issue.record("a palette image without PLTE should be .corrupt")
            return
        }
    }

    @Test("permission denied", .disabled(if: geteuid() == 0, "running as root: chmod 000 does not deny root"))
    func permissionDenied() throws {
        let path = try folder.write(try Fixtures.sampleRGBA(), to: "secret.png")
        chmod(path, 0)
        guard case .notReadable = readError(path) else {
            Issue.record("an unreadable file should be .notReadable")
            return
        }
    }

    @Test("EACCES from open(2) maps to notReadable (runs as root too)")
    func permissionMapping() {
        let error = FileReader.pngError(BoundedFileReader.openFailure(EACCES), path: "x.png", limits: .default)
        #expect(error == .notReadable(path: "x.png", reason: "Permission denied"))
        #expect(error.description.contains("x.png"))
    }

    @Test("randomly damaged PNGs never crash: they decode or throw PNGError")
    func fuzz() throws {
        let png = try Fixtures.sampleRGBA()
        var generator = SplitMix64(seed: 99)
        for _ in 0..<500 {
            var damaged = png
            for _ in 0..<Int(generator.byte() % 4 + 1) {
                damaged[Int(generator.next() % UInt64(damaged.count))] = generator.byte()
            }
            if generator.byte() < 64 { damaged.removeLast(Int(generator.next() % UInt64(damaged.count))) }
            do {
                _ = try PNGDecoder.decode(data: damaged, name: "fuzz.png")
            } catch {
                #expect(error.description.hasPrefix("fuzz.png"))
            }
        }
    }
}
