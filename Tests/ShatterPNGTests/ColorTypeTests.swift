import CPNG
import ShatterCore
import ShatterTestSupport
import Testing

@testable import ShatterPNG

/// Every PNG color type / bit depth / interlacing decodes to the exact premultiplied pixels.
struct ColorTypeCase: Sendable, CustomTestStringConvertible {
    var label: String
    var width: Int
    var colorType: Int32
    var bitDepth: Int32 = 8
    var interlaced = false
    var rows: [UInt8]
    var palette: [UInt8] = []
    var paletteAlpha: [UInt8] = []
    var transparentGray: UInt16?
    var expected: [RGBA8]
    var testDescription: String { label }
}

private func gray(_ v: UInt8) -> RGBA8 { RGBA8(r: v, g: v, b: v, a: 255) }
private func rgb(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> RGBA8 { RGBA8(r: r, g: g, b: b, a: 255) }

/// 16-bit samples, big-endian, from 8-bit values repeated (v·257), which scale back to exactly v.
private func wide(_ values: [UInt8]) -> [UInt8] { values.flatMap { [$0, $0] } }

/// Half-transparent orange (200, 100, 50, α 128) premultiplies to (100, 50, 25, 128).
private let halfOrange = premultiplied(200, 100, 50, 128)

let colorTypeCases: [ColorTypeCase] = [
    ColorTypeCase(
        label: "gray 1-bit", width: 8, colorType: PNG_COLOR_TYPE_GRAY, bitDepth: 1,
        rows: [0b1010_0001, 0b0000_1111],
        expected: [255, 0, 255, 0, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255].map(gray)),
    ColorTypeCase(
        label: "gray 8-bit", width: 2, colorType: PNG_COLOR_TYPE_GRAY,
        rows: [0, 7, 128, 255], expected: [0, 7, 128, 255].map(gray)),
    ColorTypeCase(
        label: "gray 8-bit + tRNS", width: 2, colorType: PNG_COLOR_TYPE_GRAY,
        rows: [0, 128, 128, 255], transparentGray: 128,
        expected: [gray(0), .transparent, .transparent, gray(255)]),
    ColorTypeCase(
        label: "gray 16-bit", width: 2, colorType: PNG_COLOR_TYPE_GRAY, bitDepth: 16,
        rows: wide([0, 7, 128, 255]), expected: [0, 7, 128, 255].map(gray)),
    ColorTypeCase(
        label: "gray 16-bit, non-repeating", width: 2, colorType: PNG_COLOR_TYPE_GRAY, bitDepth: 16,
        rows: [0x12, 0x34, 0x80, 0x00, 0x80, 0xFF, 0xFF, 0x7F],  // round(v / 257), ties up
        expected: [18, 128, 128, 255].map(gray)),
    ColorTypeCase(
        label: "gray+alpha 8-bit", width: 2, colorType: PNG_COLOR_TYPE_GRAY_ALPHA,
        rows: [200, 128, 255, 255, 50, 0, 10, 1],
        expected: [premultiplied(200, 200, 200, 128), gray(255), .transparent, premultiplied(10, 10, 10, 1)]),
    ColorTypeCase(
        label: "gray+alpha 16-bit", width: 2, colorType: PNG_COLOR_TYPE_GRAY_ALPHA, bitDepth: 16,
        rows: wide([200, 128, 255, 255, 50, 0, 10, 255]),
        expected: [premultiplied(200, 200, 200, 128), gray(255), .transparent, gray(10)]),
    ColorTypeCase(
        label: "palette 8-bit", width: 2, colorType: PNG_COLOR_TYPE_PALETTE,
        rows: [0, 1, 2, 3], palette: [255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30],
        expected: [rgb(255, 0, 0), rgb(0, 255, 0), rgb(0, 0, 255), rgb(10, 20, 30)]),
    ColorTypeCase(
        label: "palette 2-bit", width: 4, colorType: PNG_COLOR_TYPE_PALETTE, bitDepth: 2,
        rows: [0b00_01_10_11, 0b11_10_01_00], palette: [255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30],
        expected: [
            rgb(255, 0, 0), rgb(0, 255, 0), rgb(0, 0, 255), rgb(10, 20, 30),
            rgb(10, 20, 30), rgb(0, 0, 255), rgb(0, 255, 0), rgb(255, 0, 0),
        ]),
    ColorTypeCase(
        label: "palette + tRNS", width: 2, colorType: PNG_COLOR_TYPE_PALETTE,
        rows: [0, 1, 2, 3], palette: [255, 0, 0, 200, 100, 50, 0, 0, 255, 10, 20, 30],
        paletteAlpha: [255, 128, 0],  // shorter than PLTE: entry 3 stays opaque
        expected: [rgb(255, 0, 0), halfOrange, .transparent, rgb(10, 20, 30)]),
    ColorTypeCase(
        label: "RGB 8-bit", width: 2, colorType: PNG_COLOR_TYPE_RGB,
        rows: [10, 20, 30, 0, 0, 0, 255, 255, 255, 1, 128, 254],
        expected: [rgb(10, 20, 30), rgb(0, 0, 0), rgb(255, 255, 255), rgb(1, 128, 254)]),
    ColorTypeCase(
        label: "RGB 16-bit", width: 2, colorType: PNG_COLOR_TYPE_RGB, bitDepth: 16,
        rows: wide([10, 20, 30, 0, 0, 0, 255, 255, 255, 1, 128, 254]),
        expected: [rgb(10, 20, 30), rgb(0, 0, 0), rgb(255, 255, 255), rgb(1, 128, 254)]),
    ColorTypeCase(
        label: "RGBA 8-bit", width: 2, colorType: PNG_COLOR_TYPE_RGB_ALPHA,
        rows: [200, 100, 50, 128, 1, 2, 3, 255, 9, 9, 9, 0, 255, 255, 255, 64],
        expected: [halfOrange, rgb(1, 2, 3), .transparent, RGBA8(r: 64, g: 64, b: 64, a: 64)]),
    ColorTypeCase(
        label: "RGBA 16-bit", width: 2, colorType: PNG_COLOR_TYPE_RGB_ALPHA, bitDepth: 16,
        rows: wide([200, 100, 50, 128, 1, 2, 3, 255, 9, 9, 9, 0, 255, 255, 255, 64]),
        expected: [halfOrange, rgb(1, 2, 3), .transparent, RGBA8(r: 64, g: 64, b: 64, a: 64)]),
]

@Test("decodes every color type to exact premultiplied pixels", arguments: colorTypeCases)
func decodesColorType(_ c: ColorTypeCase) throws {
    let height = c.expected.count / c.width
    let data = try Fixtures.png(
        width: c.width, height: height, colorType: c.colorType, bitDepth: c.bitDepth,
        interlaced: c.interlaced, rows: c.rows, palette: c.palette,
        paletteAlpha: c.paletteAlpha, transparentGray: c.transparentGray)
    let image = try PNGDecoder.decode(data: data, name: c.label)
    #expect(image.width == c.width)
    #expect(image.height == height)
    #expect(image.allPixels == c.expected)
}

@Test("interlaced (Adam7) RGBA decodes like the same pixels non-interlaced", arguments: [Int32(8), 16])
func decodesInterlaced(bitDepth: Int32) throws {
    let width = 13
    let height = 11
    let bytesPerSample = Int(bitDepth) / 8
    var generator = SplitMix64(seed: 42)
    let straight = (0..<width * height * 4).map { _ in generator.byte() }
    let rows = straight.flatMap { [UInt8](repeating: $0, count: bytesPerSample) }
    let interlaced = try Fixtures.png(
        width: width, height: height, colorType: PNG_COLOR_TYPE_RGB_ALPHA,
        bitDepth: bitDepth, interlaced: true, rows: rows)
    #expect(interlaced[28] == 1, "IHDR interlace byte should say Adam7")
    let image = try PNGDecoder.decode(data: interlaced, name: "interlaced.png")
    let expected = stride(from: 0, to: straight.count, by: 4).map { i in
        premultiplied(Int(straight[i]), Int(straight[i + 1]), Int(straight[i + 2]), Int(straight[i + 3]))
    }
    #expect(image.allPixels == expected)
}
