import ShatterCore
import Testing

@testable import ShatterEffects

/// `--point-size auto`: the original's 2-point pieces on a 375-point-wide screen, kept in proportion.
@Suite struct ProportionalPointSizeTests {
    /// 2/375 of the width, to the nearest 1/8 px: 1920 · 2/375 = 10.24 → 81.92 eighths → 82 → 10.25.
    @Test(arguments: [
        (375, 2.0), (750, 4), (1125, 6), (720, 3.875), (1080, 5.75), (1280, 6.875), (1920, 10.25), (3840, 20.5),
        (176, 1), (175, 1), (1, 1),
    ])
    func sizeAtWidth(pixelWidth: Int, pixels: Double) {
        #expect(ShatteredTransition.proportionalPointSize(pixelWidth: pixelWidth) == pixels)
    }

    /// At any scale the pieces are the same pixels: the size in points is the pixels over the scale, and
    /// their product is a whole number of eighths in the Float the renderers use.
    @Test(arguments: [(1920, 1.0), (1920, 3), (1920, 2), (1280, 1.5), (5120, 0.375)])
    func theScaleChangesThePointsNotThePixels(pixelWidth: Int, scale: Double) throws {
        let points = Int((Double(pixelWidth) / scale).rounded())
        var parameters = ShatteredTransition.Parameters(width: points, height: 36, scale: scale)
        #expect(parameters.pixelWidth == pixelWidth)
        parameters.pointSize = parameters.proportionalPointSize
        let blank = Texture(image: Image(width: 1, height: 1, fill: .opaqueWhite))
        let list = try ShatteredTransition(from: blank, to: blank, parameters: parameters).displayList(at: 0.5)
        guard case .pointSprites(let pieces) = list.commands.last else {
            Issue.record("expected the point sprites last")
            return
        }
        let expected = Float(ShatteredTransition.proportionalPointSize(pixelWidth: pixelWidth))
        #expect(pieces.tiling.pixels == expected)
        #expect(try PointSpriteRaster(pieces).size == expected)
    }
}
