import CLanes
import ShatterCore
import ShatterEffects
import Testing

@testable import ShatterPointSprites
@testable import ShatterSoftware

/// A grid whose centres and uv origins depend on the column alone along x and on the row alone along y
/// (the shattered transition's) reaches the small-sprite kernel as column and row tables and 8 bytes of
/// motion a point (`SeparableGrid`); any other grid as whole `PointLanes`. Both give the program's pixels.
@Suite struct SeparableGridTests {
    /// A grid of `columns` × `rows` points: centres and uv origins from the column and the row, motion
    /// from the vertex corpus (at rest, rising, bouncing, at the speed limit) and from draws.
    static func grid(columns: Int, rows: Int) -> PointGrid {
        let corpus = PointLanesTests.vertexCorpus()
        var draws = CorpusDraws(seed: 5)
        var attributes = [Float]()
        for row in 0..<rows {
            for column in 0..<columns {
                let i = row * columns + column
                let motion =
                    i < corpus.count
                    ? corpus[i].1 : SIMD2(Float(draws.next() % 700) / 1000 - 0.35, -Float(draws.next() % 3000) / 1000 - 3)
                attributes += [
                    (Float(column) + 0.5) / Float(columns) * 2 - 1, (Float(row) + 0.5) / Float(rows) * 2 - 1,
                    Float(column) / Float(columns), Float(row) / Float(rows), motion.x, motion.y,
                ]
            }
        }
        return PointGrid(attributes: attributes)
    }

    /// Each twin's clip positions and centres for every block of a separable grid read through its
    /// tables equal those read from whole lanes, bit for bit, including blocks that wrap one row (or,
    /// with fewer than eight columns, several) and the padding lanes of a last block, never drawn.
    @Test(arguments: [(7, 5), (13, 9), (40, 3), (1, 11)])
    func tablesGiveTheLanesCentres(columns: Int, rows: Int) throws {
        let grid = Self.grid(columns: columns, rows: rows)
        let batch = PointSpriteBatch(
            grid: grid, texture: Texture(image: Image(width: 37, height: 23)), time: 0,
            tiling: PieceTiling(eighths: 8, columns: grid.columns), texcoordScale: SIMD2(1.0 / 37, 1.0 / 23))
        let raster = try PointSpriteRaster(batch)
        let setup = PointSetup(framebufferWidth: 1923, framebufferHeight: 1084, raster: raster)
        let cache = PointInvariantCache()
        for time: Float in [0, 0.2, 0.6, 1.7, 30] {
            var timed = batch
            timed.time = time
            let program = PointSpriteProgram(batch: timed, clipScale: SIMD2(0.9987, 0.9981))
            let full = cache.lanes(for: timed, program: program, raster: raster, threads: 2)
            let separable = cache.lanes(for: timed, program: program, raster: raster, threads: 2, separableAllowed: true)
            #expect(full.separable == nil && separable.separable?.columns == columns)
            #expect(full.goneAfter == separable.goneAfter)
            let pinned = Pinned(full.lanes)
            let gone = Pinned(full.goneAfter)
            defer { withExtendedLifetime((pinned, gone, separable.separable)) {} }  // the frames point into them
            var lanesFrame = shatter_small_sprite_frame(
                lanes: pinned.pointer, goneAfter: gone.pointer, program: program, setup: setup)
            var tablesFrame = shatter_small_sprite_frame(
                lanes: nil, goneAfter: gone.pointer, program: program, setup: setup, separable: separable.separable)
            for twin in SmallSpriteKernelTests.twins {
                for block in 0..<full.blocks {
                    let (a, b) = (twin.clip(&lanesFrame, block), twin.clip(&tablesFrame, block))
                    let real = min(8, grid.count - block * 8)
                    #expect(
                        a.x.prefix(real).map(\.bitPattern) == b.x.prefix(real).map(\.bitPattern)
                            && a.y.prefix(real).map(\.bitPattern) == b.y.prefix(real).map(\.bitPattern),
                        "\(twin.tier), t \(time), block \(block)")
                    var (c, d) = (shatter_point_centres(), shatter_point_centres())
                    twin.centres(&lanesFrame, block, &c)
                    twin.centres(&tablesFrame, block, &d)
                    #expect(
                        c.visible == d.visible && Self.ints(c.x) == Self.ints(d.x) && Self.ints(c.y) == Self.ints(d.y),
                        "\(twin.tier), t \(time), block \(block)")
                }
            }
        }
    }

    /// A grid that is not separable (one point moved off its column, or rows of unequal length) is
    /// drawn from whole lanes, and a separable one whose rows hold fewer than eight points (blocks
    /// spanning several rows) or a count that is not whole blocks from tables: the frames are the
    /// program's, one pixel and 2 × 2.
    @Test(arguments: [1.0, 2.0])
    func framesOfEveryKindOfGridEqualTheProgram(pointSize: Double) throws {
        let effect = try PointLanesTests.transition(
            width: 60, height: 40, scale: 1, pointSize: pointSize, physics: .original, filter: .linear)
        let narrow = try PointLanesTests.transition(
            width: 5, height: 40, scale: 1, pointSize: pointSize, physics: .original, filter: .linear)
        let cases: [(ShatteredTransition, (PointGrid) -> PointGrid, Bool)] = [
            (effect, { $0 }, true),
            (narrow, { $0 }, true),
            (effect, { Self.moving(point: 77, of: $0) }, false),
            (effect, { PointGrid(attributes: Array($0.attributes.dropLast(PointGrid.stride))) }, false),
        ]
        var literal = SoftwareRenderer()
        literal.shortcuts.remove(.pointLanes)
        for (index, (effect, change, separable)) in cases.enumerated() {
            let grid = change(effect.displayList(at: 0).pointSprites!.grid)
            for twin in CPUTier.runnable {
                var lanes = SoftwareRenderer(threads: 3)
                lanes.tier = twin
                for time in [0.0, 0.3, 0.8] {
                    let list = Self.drawing(grid, in: effect.displayList(at: time))
                    #expect(try lanes.render(list) == literal.render(list), "case \(index), \(twin), t = \(time)")
                    let batch = list.pointSprites!
                    let program = PointSpriteProgram(batch: batch, clipScale: SIMD2(1, 1))
                    let kept = PointInvariantCache().lanes(
                        for: batch, program: program, raster: try PointSpriteRaster(batch), threads: 1, separableAllowed: true)
                    #expect((kept.separable != nil) == separable, "case \(index)")
                }
            }
        }
    }

    /// `grid` with point `point`'s centre nudged by one ulp along x.
    static func moving(point: Int, of grid: PointGrid) -> PointGrid {
        var attributes = grid.attributes
        attributes[point * PointGrid.stride] = attributes[point * PointGrid.stride].nextUp
        return PointGrid(attributes: attributes)
    }

    /// `list` with its sprites drawn from `grid`.
    static func drawing(_ grid: PointGrid, in list: DisplayList) -> DisplayList {
        var list = list
        list.commands = list.commands.map { command in
            guard case .pointSprites(var batch) = command else { return command }
            batch.grid = grid
            return .pointSprites(batch)
        }
        return list
    }

    static func ints(_ lanes: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32)) -> [Int32] {
        [lanes.0, lanes.1, lanes.2, lanes.3, lanes.4, lanes.5, lanes.6, lanes.7]
    }
}

extension DisplayList {
    /// The first point-sprite batch, if any.
    fileprivate var pointSprites: PointSpriteBatch? {
        for command in commands { if case .pointSprites(let batch) = command { return batch } }
        return nil
    }
}
