import ShatterCore
import ShatterTestSupport
import Testing

@testable import ShatterPNG

/// ``PNGQuickRead`` (libdeflate instead of libpng's zlib, for 8-bit RGB and RGBA) must read every file
/// it takes to libpng's pixels, leave every other file to libpng, and never change how a bad file fails.
@Suite struct QuickReadTests {
    static let width = 37
    static let height = 23

    /// Filtered rows (any bytes are valid filtered data) under `filter(y)`, `channels` bytes a pixel.
    static func rows(channels: Int, filter: (Int) -> UInt8) -> [UInt8] {
        var generator = SplitMix64(seed: 11)
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(filter(y))
            // Smooth runs with noise, so every predictor's arithmetic (wrap-around too) is exercised.
            for x in 0..<width * channels { raw.append(x % 7 == 0 ? generator.byte() : UInt8(truncatingIfNeeded: x * 3 + y)) }
        }
        return raw
    }

    static func file(colorType: UInt8, idat: [[UInt8]], before: [UInt8] = [], after: [UInt8] = []) -> [UInt8] {
        let header = PNGCorpus.be32(UInt32(width)) + PNGCorpus.be32(UInt32(height)) + [8, colorType, 0, 0, 0]
        return PNGCorpus.signature + PNGCorpus.chunk("IHDR", header) + before
            + idat.flatMap { PNGCorpus.chunk("IDAT", $0) } + after + PNGCorpus.chunk("IEND", [])
    }

    static func quick(_ png: [UInt8]) -> [UInt8]? {
        png.withUnsafeBufferPointer { PNGQuickRead.premultipliedRGBA($0, width: width, height: height) }
    }

    /// Decoding with and without the quick path ends the same way: the same image or the same error.
    static func expectSameOutcome(_ png: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let quick = Result { () throws(PNGError) in try PNGDecoder.decode(data: png, name: "f.png", limits: .default, quick: true)
        }
        let libpng = Result { () throws(PNGError) in
            try PNGDecoder.decode(data: png, name: "f.png", limits: .default, quick: false)
        }
        switch (quick, libpng) {
        case (.success(let a), .success(let b)): #expect(a == b, sourceLocation: sourceLocation)
        case (.failure(let a), .failure(let b)): #expect(a.description == b.description, sourceLocation: sourceLocation)
        default: Issue.record("quick: \(quick), libpng: \(libpng)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [UInt8(2), 6])
    func everyRowFilterReadsToLibpngsPixels(colorType: UInt8) throws {
        let channels = colorType == 6 ? 4 : 3
        let filters: [(Int) -> UInt8] = (0...4).map { f in { _ in UInt8(f) } } + [{ UInt8($0 % 5) }]
        for filter in filters {
            let raw = Self.rows(channels: channels, filter: filter)
            let stream = PNGCorpus.zlibStored(raw)
            // One IDAT, and the stream split over three.
            for idat in [[stream], [Array(stream[..<5]), Array(stream[5..<300]), Array(stream[300...])]] {
                let png = Self.file(colorType: colorType, idat: idat, before: PNGCorpus.chunk("tEXt", Array("Title\0x".utf8)))
                #expect(Self.quick(png) != nil, "the quick path should take this file")
                Self.expectSameOutcome(png)
            }
        }
    }

    @Test func filesThatMayReadDifferentlyAreLeftToLibpng() throws {
        let raw = Self.rows(channels: 4) { UInt8($0 % 5) }
        let stream = PNGCorpus.zlibStored(raw)
        var smallWindow = stream
        smallWindow[0] = 0x68  // a 16 KiB window: zlib refuses distances beyond it, libdeflate would not
        smallWindow[1] = 0x81  // header check bits for 0x68
        let cases = [
            Self.file(colorType: 6, idat: [stream], before: PNGCorpus.chunk("gAMA", PNGCorpus.be32(100_000))),
            Self.file(colorType: 6, idat: [stream], before: PNGCorpus.chunk("sRGB", [0])),
            Self.file(
                colorType: 2, idat: [PNGCorpus.zlibStored(Self.rows(channels: 3) { _ in 1 })],
                before: PNGCorpus.chunk("tRNS", [0, 1, 0, 2, 0, 3])),
            Self.file(colorType: 6, idat: [smallWindow]),
            Self.file(colorType: 6, idat: [stream], after: PNGCorpus.chunk("tEXt", Array("Title\0x".utf8))),
            Self.file(colorType: 6, idat: [stream]) + [0],  // a byte after IEND
        ]
        for png in cases {
            #expect(Self.quick(png) == nil)
            Self.expectSameOutcome(png)
        }
    }

    @Test func damagedFilesFailAsLibpngSays() throws {
        let raw = Self.rows(channels: 4) { UInt8($0 % 5) }
        let stream = PNGCorpus.zlibStored(raw)
        var badFilter = raw
        badFilter[(Self.width * 4 + 1) * 5] = 5
        var badChecksum = stream
        badChecksum[badChecksum.count - 1] ^= 1
        var flipped = Self.file(colorType: 6, idat: [stream])
        flipped[60] ^= 0x40  // inside the IDAT: its CRC no longer holds
        let cases = [
            Self.file(colorType: 6, idat: [PNGCorpus.zlibStored(badFilter)]),
            Self.file(colorType: 6, idat: [badChecksum]),
            Self.file(colorType: 6, idat: [Array(stream.dropLast(9))]),  // the stream ends early
            Self.file(colorType: 6, idat: [stream + [1, 2, 3]]),  // bytes after the stream's end
            Self.file(colorType: 6, idat: [PNGCorpus.zlibStored(raw + [0, 0])]),  // too much image data
            Self.file(colorType: 6, idat: [PNGCorpus.zlibStored(Array(raw.dropLast(4)))]),  // too little
            flipped,
        ]
        for png in cases {
            #expect(Self.quick(png) == nil)
            Self.expectSameOutcome(png)
        }
    }
}
