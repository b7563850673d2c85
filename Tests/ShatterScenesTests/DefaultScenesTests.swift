import ShatterCore
import ShatterDrawing
import Testing

@testable import ShatterScenes

/// The default input pictures: right sizes, opaque, page-like content, the exact root green.
@Suite struct DefaultScenesTests {
    private struct Size: Sendable, CustomTestStringConvertible {
        let w: Int, h: Int, scale: Double
        var testDescription: String { "\(w)x\(h)@\(scale)" }
    }

    private static let sizes = [
        Size(w: 375, h: 667, scale: 1), Size(w: 375, h: 667, scale: 2), Size(w: 333, h: 517, scale: 1),
        Size(w: 1920, h: 1080, scale: 1), Size(w: 64, h: 64, scale: 1), Size(w: 100, h: 100, scale: 1),
        Size(w: 375, h: 667, scale: 1.5), Size(w: 31, h: 17, scale: 3),
    ]

    private func expectedPixels(_ size: Size) -> (Int, Int) {
        (Int((Double(size.w) * size.scale).rounded()), Int((Double(size.h) * size.scale).rounded()))
    }

    @Test(arguments: sizes)
    private func scenesHaveTheRightSizeAndAreOpaque(size: Size) {
        let page = DefaultScenes.presentedScreen(widthPoints: size.w, heightPoints: size.h, scale: size.scale)
        let root = DefaultScenes.destination(widthPoints: size.w, heightPoints: size.h, scale: size.scale)
        for image in [page, root] {
            #expect((image.width, image.height) == expectedPixels(size))
            #expect(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 })
        }
    }

    @Test(arguments: [
        Size(w: 375, h: 667, scale: 1), Size(w: 375, h: 667, scale: 2),
        Size(w: 333, h: 517, scale: 1), Size(w: 1920, h: 1080, scale: 1),
    ])
    private func presentedScreenLooksLikeAPage(size: Size) {
        let image = DefaultScenes.presentedScreen(widthPoints: size.w, heightPoints: size.h, scale: size.scale)
        let layout = PresentedLayout(widthPoints: size.w, heightPoints: size.h, scale: size.scale)
        var white = 0
        for y in 0..<image.height { for x in 0..<image.width where image[x, y] == .opaqueWhite { white += 1 } }
        #expect(Double(white) / Double(image.width * image.height) > 0.6)

        // The picture and title are in the top part of the page.
        let top = image.height / 3
        let picture = image[Int(layout.picture.x + layout.picture.side / 2), Int(layout.picture.y + 2)]
        #expect(picture != .opaqueWhite && layout.picture.y < Double(top))
        #expect(
            count(
                in: image, rows: layout.title.y..<(layout.title.y + 9 * layout.title.size),
                where: { $0 == DefaultScenes.titleColor }) > 20)

        // The Close button is blue where the layout says it is.
        let close = BitmapFont.standard.measure("Close", size: layout.close.size)
        var blue = 0
        for y in layout.close.y..<(layout.close.y + close.height) {
            for x in layout.close.x..<(layout.close.x + close.width) where image[x, y] == DefaultScenes.systemBlue {
                blue += 1
            }
        }
        #expect(blue > 20 && layout.close.y < top)

        // Body text fills much of the page below the header.
        #expect(layout.bodyLines().count >= 8)
        let lowerHalf = (image.height / 2)..<image.height
        #expect(count(in: image, rows: lowerHalf, where: { $0 == DefaultScenes.bodyColor }) > 500)
    }

    @Test(arguments: [Size(w: 375, h: 667, scale: 1), Size(w: 375, h: 667, scale: 2), Size(w: 31, h: 17, scale: 3)])
    private func destinationIsThePlainRootGreenOfTheOriginal(size: Size) {
        // The demo's root view is green and nothing else: no caption or mark anywhere.
        let image = DefaultScenes.destination(widthPoints: size.w, heightPoints: size.h, scale: size.scale)
        #expect(DefaultScenes.rootGreen == RGBA8(r: 77, g: 110, b: 21, a: 255))
        #expect(count(in: image, rows: 0..<image.height, where: { $0 == DefaultScenes.rootGreen }) == image.width * image.height)
    }

    @Test func sameInputsGiveIdenticalBytes() {
        let a = DefaultScenes.presentedScreen(widthPoints: 333, heightPoints: 517, scale: 2)
        let b = DefaultScenes.presentedScreen(widthPoints: 333, heightPoints: 517, scale: 2)
        #expect(a == b)
        #expect(
            DefaultScenes.destination(widthPoints: 64, heightPoints: 64, scale: 1)
                == DefaultScenes.destination(widthPoints: 64, heightPoints: 64, scale: 1))
    }

    @Test func degenerateSizesDoNotCrash() {
        for (w, h, scale) in [
            (0, 0, 1.0), (1, 1, 1.0), (10, 500, 1.0), (500, 10, 1.0), (-5, 20, 1.0),
            (40, 40, 0.0), (40, 40, -2.0), (40, 40, .nan),
        ] {
            let page = DefaultScenes.presentedScreen(widthPoints: w, heightPoints: h, scale: scale)
            let root = DefaultScenes.destination(widthPoints: w, heightPoints: h, scale: scale)
            #expect(page.pixels.count == page.width * page.height * 4)
            #expect(root.pixels.count == root.width * root.height * 4)
        }
    }

    @Test func wrapKeepsLinesWithinTheColumn() {
        let lines = PresentedLayout.wrap("aa bbbbbbb cc dd", columns: 5)
        #expect(lines == ["aa", "bbbbb", "bb cc", "dd"])
        #expect(
            PresentedLayout.lorem.allSatisfy { text in
                PresentedLayout.wrap(text, columns: 17).allSatisfy { $0.count <= 17 }
            })
    }

    private func count(in image: Image, rows: Range<Int>, where match: (RGBA8) -> Bool) -> Int {
        var total = 0
        for y in rows where y >= 0 && y < image.height {
            for x in 0..<image.width where match(image[x, y]) { total += 1 }
        }
        return total
    }
}
