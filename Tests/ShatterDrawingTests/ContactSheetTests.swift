import ShatterCore
import Testing

@testable import ShatterDrawing

@Suite struct ContactSheetTests {
    @Test func downscalingAveragesTheAreaEachPixelCovers() {
        var image = Image(width: 4, height: 2)
        for y in 0..<2 { for x in 0..<4 { image[x, y] = x < 2 ? .opaqueWhite : .opaqueBlack } }
        let half = ContactSheet.downscale(image, toWidth: 2)
        #expect(half.width == 2 && half.height == 1)
        #expect(half[0, 0] == .opaqueWhite && half[1, 0] == .opaqueBlack)
        let one = ContactSheet.downscale(image, toWidth: 1)
        #expect(one[0, 0] == RGBA8(r: 128, g: 128, b: 128, a: 255))
    }

    @Test func sheetLaysFramesOutInRowsWithLabels() {
        var sheet = ContactSheet(columns: 2, thumbnailWidth: 10)
        for shade in [0, 100, 200] {
            sheet.add(Image(width: 20, height: 40, fill: RGBA8(r: UInt8(shade), g: 0, b: 0, a: 255)), label: "t")
        }
        let picture = sheet.render()
        // Two columns of 10 px thumbnails (20 px tall), 8 px spacing, a label row under each.
        #expect(picture.width == 8 + 2 * (10 + 8))
        #expect(picture[8, 8] == RGBA8(r: 0, g: 0, b: 0, a: 255))
        #expect(picture[8 + 18, 8] == RGBA8(r: 100, g: 0, b: 0, a: 255))
        let secondRowTop = picture.height - 8 - (20 + BitmapFont.standard.measure("0", size: 1).height + 4)
        #expect(picture[8, secondRowTop] == RGBA8(r: 200, g: 0, b: 0, a: 255))
    }
}
