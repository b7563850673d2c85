import ShatterCore
import Testing

@testable import ShatterEffects

@Suite struct ShatteredTransitionGridTests {
    let blank = Texture(image: Image(width: 1, height: 1, fill: .opaqueWhite))

    struct Point {
        let centre: SIMD2<Float>, uvOrigin: SIMD2<Float>, xSpeed: Float, yAcceleration: Float
    }

    func point(_ grid: PointGrid, _ index: Int) -> Point {
        let a = grid.attributes
        let i = index * PointGrid.stride
        return Point(
            centre: SIMD2(a[i], a[i + 1]), uvOrigin: SIMD2(a[i + 2], a[i + 3]),
            xSpeed: a[i + 4], yAcceleration: a[i + 5])
    }

    @Test func originalScreenHas188By334Points() throws {
        let effect = try ShatteredTransition(from: blank, to: blank, parameters: .init(width: 375, height: 667))
        #expect(effect.parameters.columns == 188)
        #expect(effect.parameters.rows == 334)
        #expect(effect.grid.count == 62_792)
    }

    @Test func centresAndUVOriginsFollowTheCellsFromTheBottomLeft() throws {
        let p = ShatteredTransition.Parameters(width: 375, height: 667, pointSize: 2)
        let grid = try ShatteredTransition(from: blank, to: blank, parameters: p).grid
        // Point (col 0, row 0): centre one point in from the bottom-left corner.
        let first = point(grid, 0)
        #expect(abs(first.centre.x - (1.0 / 375 * 2 - 1)) < 1e-6)
        #expect(abs(first.centre.y - (1.0 / 667 * 2 - 1)) < 1e-6)
        #expect(first.uvOrigin == SIMD2(0, 0))
        // Point (col 5, row 7): row-major with the column inside.
        let inner = point(grid, 7 * 188 + 5)
        #expect(abs(inner.centre.x - Float((5.0 * 2 + 1) / 375 * 2 - 1)) < 1e-6)
        #expect(abs(inner.centre.y - Float((7.0 * 2 + 1) / 667 * 2 - 1)) < 1e-6)
        #expect(abs(inner.uvOrigin.x - Float(10.0 / 375)) < 1e-7)
        #expect(abs(inner.uvOrigin.y - Float(14.0 / 667)) < 1e-7)
    }

    @Test(arguments: [ShatteredTransition.RandomRange.original, .textbook])
    func randomRangesMatchTheOriginalOrTheTextbook(range: ShatteredTransition.RandomRange) throws {
        let p = ShatteredTransition.Parameters(width: 200, height: 200, pointSize: 2, seed: 9, randomRange: range)
        let grid = try ShatteredTransition(from: blank, to: blank, parameters: p).grid
        let points = (0..<grid.count).map { point(grid, $0) }
        let speeds = points.map(\.xSpeed)
        let accelerations = points.map(\.yAcceleration)
        // R ∈ [0, 2]: xSpeed = (R − 0.5)·0.7 ∈ [−0.35, 1.05], yAcc = −1.5R − 3 ∈ [−6, −3].
        let rMax: Float = range == .original ? 2 : 1
        #expect(speeds.min()! >= -0.35 && speeds.max()! <= (rMax - 0.5) * 0.7)
        #expect(accelerations.max()! <= -3 && accelerations.min()! >= -1.5 * rMax - 3)
        // Over 10,000 points the extremes are nearly reached and the mean sits in the middle.
        #expect(speeds.min()! < -0.34 && speeds.max()! > (rMax - 0.5) * 0.7 - 0.01)
        let mean = speeds.reduce(0, +) / Float(speeds.count)
        #expect(abs(mean - (rMax / 2 - 0.5) * 0.7) < 0.01)
    }

    @Test func theSameSeedGivesTheSameGridAndAnotherSeedDoesNot() throws {
        func grid(seed: UInt64) throws -> [Float] {
            try ShatteredTransition(from: blank, to: blank, parameters: .init(width: 50, height: 40, seed: seed)).grid.attributes
        }
        #expect(try grid(seed: 3) == grid(seed: 3))
        #expect(try grid(seed: 3) != grid(seed: 4))
    }

    @Test func displayListDrawsTheDestinationThenThePiecesAtTheRequestedTime() throws {
        let p = ShatteredTransition.Parameters(width: 100, height: 50, scale: 2, pointSize: 4)
        let list = try ShatteredTransition(from: blank, to: blank, parameters: p).displayList(at: 0.25)
        #expect(list.width == 200 && list.height == 100)
        guard list.commands.count == 2, case .texturedQuad(let background) = list.commands[0],
            case .pointSprites(let pieces) = list.commands[1]
        else {
            Issue.record("expected a destination quad then the point sprites")
            return
        }
        #expect(background.rect == PixelRect(x: 0, y: 0, width: 200, height: 100))
        #expect(pieces.time == 0.25)
        #expect(pieces.tiling == PieceTiling(eighths: 64, columns: p.columns))  // 4 points at scale 2: 8 px
        #expect(pieces.texcoordScale == SIMD2(Float(4.0 / 100), Float(4.0 / 50)))
        #expect(pieces.blend == .replace)
    }

    /// The point size reaches both renderers in one exact form: the batch carries the effect's tiling
    /// (the size in eighths of a pixel, the grid's columns), and the raster each renderer builds from the
    /// batch holds that tiling as it is, its size the eighths' (no float round trip in between).
    @Test(arguments: [(1.0, 1.0), (1.375, 2.0), (2.625, 1.0), (16.0, 2.0), (10.25, 1.0)])
    func theBatchCarriesTheEffectsTiling(pointSize: Double, scale: Double) throws {
        let p = ShatteredTransition.Parameters(width: 61, height: 37, scale: scale, pointSize: pointSize)
        let effect = try ShatteredTransition(from: blank, to: blank, parameters: p)
        let batch = effect.pieces(at: 0.3)
        #expect(batch.tiling == p.tiling)
        #expect(batch.tiling.eighths == Int32(pointSize * scale * 8) && batch.tiling.columns == effect.grid.columns)
        let raster = try PointSpriteRaster(batch)
        #expect(raster.tiling == batch.tiling && raster.size == Float(pointSize * scale))
        #expect(raster.coverage == Int32((pointSize * scale).rounded(.up)))
    }
}
