import ShatterCore
import Testing

@testable import ShatterDrawing

/// Canvas and bitmap-font behaviour: exact glyph pixels, measuring, clipping, anti-aliased coverage.
@Suite struct CanvasTests {
    /// The inked pixels of `image` (alpha > 0) as a set of (x, y) keys.
    private func inked(_ image: Image) -> Set<[Int]> {
        var set: Set<[Int]> = []
        for y in 0..<image.height { for x in 0..<image.width where image[x, y].a > 0 { set.insert([x, y]) } }
        return set
    }

    @Test func letterLAtSizeOneSetsExactlyItsPixels() {
        var image = Image(width: 8, height: 12)
        BitmapFont.standard.draw("L", in: &image, at: (x: 1, y: 1), color: .opaqueBlack, size: 1)
        var expected: Set<[Int]> = []
        for y in 1...7 { expected.insert([1, y]) }  // the stem
        for x in 1...5 { expected.insert([x, 7]) }  // the foot
        #expect(inked(image) == expected)
        #expect(image[1, 1] == .opaqueBlack)
    }

    @Test func letterIAtSizeTwoIsMadeOfTwoByTwoBlocks() {
        var image = Image(width: 12, height: 14)
        BitmapFont.standard.draw("I", in: &image, at: (x: 0, y: 0), color: .opaqueBlack, size: 2)
        var expected: Set<[Int]> = []
        func block(_ column: Int, _ row: Int) {
            for dy in 0..<2 { for dx in 0..<2 { expected.insert([column * 2 + dx, row * 2 + dy]) } }
        }
        for column in 1...3 {
            block(column, 0)
            block(column, 6)
        }  // serifs
        for row in 1...5 { block(2, row) }  // stem
        #expect(inked(image) == expected)
    }

    @Test(arguments: [1, 2, 3, 5])
    func measureEqualsTheDrawnExtent(size: Int) {
        // "L" inks the first column and row, "p" the last descender row, "H" the last column.
        let font = BitmapFont.standard
        let extent = font.measure("LpH", size: size)
        var image = Image(width: extent.width + 10, height: extent.height + 10)
        font.draw("LpH", in: &image, at: (x: 3, y: 4), color: .opaqueBlack, size: size)
        let ink = inked(image)
        let xs = ink.map { $0[0] }
        let ys = ink.map { $0[1] }
        #expect(xs.min() == 3 && ys.min() == 4)
        #expect(xs.max()! - xs.min()! + 1 == extent.width)
        #expect(ys.max()! - ys.min()! + 1 == extent.height)
        #expect(extent == ((3 * 6 - 1) * size, 9 * size))
    }

    @Test func measureOfEmptyTextHasNoWidth() {
        #expect(BitmapFont.standard.measure("", size: 3) == (0, 27))
    }

    @Test func textPartlyOutsideIsClippedNotCrashing() {
        var image = Image(width: 10, height: 6)
        let font = BitmapFont.standard
        for origin in [(x: -4, y: -3), (x: 7, y: 2), (x: -100, y: 0), (x: 0, y: 5), (x: 50, y: 50)] {
            font.draw("Hello, World!", in: &image, at: origin, color: .opaqueBlack, size: 2)
        }
        // "H" at (-4, -3) size 2: its right stem (font column 4) lands on x = 4...5 from y = 0.
        #expect(image[4, 0] == .opaqueBlack && image[5, 2] == .opaqueBlack)
        #expect(image.pixels.count == 10 * 6 * 4)
    }

    @Test func nonASCIIDrawsAsQuestionMark() {
        var chinese = Image(width: 6, height: 9)
        var question = Image(width: 6, height: 9)
        BitmapFont.standard.draw("的", in: &chinese, at: (x: 0, y: 0), color: .opaqueBlack)
        BitmapFont.standard.draw("?", in: &question, at: (x: 0, y: 0), color: .opaqueBlack)
        #expect(chinese == question && !inked(chinese).isEmpty)
    }

    @Test func everyPrintableGlyphHasInkExceptSpace() {
        for code in 33...126 {
            let rows = BitmapFont.rows(for: Unicode.Scalar(UInt8(code)))
            #expect(rows.contains { $0 != 0 }, "glyph \(code) is blank")
            #expect(rows.allSatisfy { $0 < 0x20 }, "glyph \(code) is wider than 5")
        }
        #expect(BitmapFont.rows(for: " ").allSatisfy { $0 == 0 })
        #expect(BitmapFont.glyphs.count == 95 * 9)
        // Only g, j, p, q, y (and , ;) reach below the baseline.
        let descending = (33...126).filter { BitmapFont.rows(for: Unicode.Scalar(UInt8($0)))[7...].contains { $0 != 0 } }
        #expect(String(String.UnicodeScalarView(descending.map { Unicode.Scalar(UInt8($0)) })) == ",;gjpqy")
    }

    @Test func fillRectIsSourceOverAndClipped() {
        var canvas = Canvas(width: 4, height: 4)  // opaque white
        canvas.fillRect(x: -2, y: -2, width: 4, height: 4, color: RGBA8(r: 0, g: 0, b: 0, a: 128))
        #expect(canvas.image[1, 1] == RGBA8(r: 127, g: 127, b: 127, a: 255))
        #expect(canvas.image[2, 2] == .opaqueWhite)
        canvas.fillRect(x: 3, y: 3, width: 9, height: 9, color: .opaqueBlack)
        #expect(canvas.image[3, 3] == .opaqueBlack && canvas.image[2, 3] == .opaqueWhite)
    }

    @Test func roundedRectCoverage() {
        var canvas = Canvas(width: 40, height: 40, fill: .transparent)
        canvas.fillRoundedRect(x: 10, y: 10, width: 20, height: 20.5, radius: 6, color: .opaqueBlack)
        let image = canvas.image
        #expect(image[20, 20] == .opaqueBlack)  // centre: fully covered
        #expect(image[2, 2] == .transparent && image[35, 20] == .transparent)  // far outside
        #expect(image[10, 10] == .transparent)  // cut off by the corner radius
        let edge = image[20, 30].a  // bottom edge at y = 30.5
        #expect(edge > 0 && edge < 255)
        #expect(image[20, 30] == RGBA8(r: 0, g: 0, b: 0, a: 128))  // covers exactly half
        #expect(image[10, 20] == .opaqueBlack && image[9, 20] == .transparent)  // aligned edge is crisp
    }

    @Test func roundedRectOffImageOrNonFiniteIsIgnored() {
        var canvas = Canvas(width: 8, height: 8)
        canvas.fillRoundedRect(x: -1e300, y: 0, width: 1e301, height: 1e300, radius: 2, color: .opaqueBlack)
        #expect(canvas.image[4, 4] == .opaqueBlack)
        canvas = Canvas(width: 8, height: 8)
        canvas.fillRoundedRect(x: .nan, y: 0, width: 4, height: 4, radius: 1, color: .opaqueBlack)
        canvas.fillRoundedRect(x: 100, y: 100, width: 4, height: 4, radius: 1, color: .opaqueBlack)
        #expect(canvas.image == Image(width: 8, height: 8, fill: .opaqueWhite))
    }

    @Test func roundedRectPaintSeesPixelCoordinates() {
        var canvas = Canvas(width: 8, height: 8, fill: .opaqueBlack)
        canvas.fillRoundedRect(x: 0, y: 0, width: 8, height: 8, radius: 0) { x, y in
            RGBA8(r: UInt8(x), g: UInt8(y), b: 0, a: 255)
        }
        #expect(canvas.image[5, 3] == RGBA8(r: 5, g: 3, b: 0, a: 255))
    }
}
