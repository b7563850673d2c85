import CPNG
import Foundation
import ShatterCore
import ShatterTestSupport
import Testing

@testable import ShatterPNG

/// PNG generation through the real libpng writer (chunk surgery and scratch folders are in
/// ShatterTestSupport, shared with the CLI tests).
enum Fixtures {
    /// A PNG of any color type, written by libpng. `rows` are tightly packed samples
    /// (16-bit big-endian); `palette` is flat RGB triples.
    static func png(
        width: Int, height: Int, colorType: Int32, bitDepth: Int32 = 8, interlaced: Bool = false,
        rows: [UInt8], palette: [UInt8] = [], paletteAlpha: [UInt8] = [],
        transparentGray: UInt16? = nil
    ) throws -> [UInt8] {
        var writer = LibPNGWriter(width: width, height: height)
        writer.colorType = colorType
        writer.bitDepth = bitDepth
        writer.interlaced = interlaced
        writer.palette = stride(from: 0, to: palette.count, by: 3).map {
            png_color(red: palette[$0], green: palette[$0 + 1], blue: palette[$0 + 2])
        }
        writer.paletteAlpha = paletteAlpha
        if let transparentGray {
            writer.transparentColor = png_color_16(index: 0, red: 0, green: 0, blue: 0, gray: transparentGray)
        }
        return try writer.encode(rows: rows, stride: rows.count / height, name: "fixture")
    }

    /// A small valid RGBA PNG (several IDAT bytes, so truncation points land inside image data).
    static func sampleRGBA(width: Int = 16, height: Int = 16) throws -> [UInt8] {
        var generator = SplitMix64(seed: 7)
        return try png(
            width: width, height: height, colorType: PNG_COLOR_TYPE_RGB_ALPHA,
            rows: (0..<width * height * 4).map { _ in generator.byte() })
    }
}

/// Runs `body`, records an issue unless it throws, and returns the PNGError.
func pngError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> PNGError? {
    do {
        try body()
        Issue.record("expected a PNGError, got success", sourceLocation: sourceLocation)
    } catch let error as PNGError {
        return error
    } catch {
        Issue.record("expected a PNGError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// A premultiplied pixel from straight components, with the decoder's rounding.
func premultiplied(_ r: Int, _ g: Int, _ b: Int, _ a: Int) -> RGBA8 {
    func p(_ c: Int) -> UInt8 { UInt8((c * a + 127) / 255) }
    return RGBA8(r: p(r), g: p(g), b: p(b), a: UInt8(a))
}

extension Image {
    var allPixels: [RGBA8] { (0..<height).flatMap { y in (0..<width).map { x in self[x, y] } } }
}
