import ShatterCore
import ShatterEffects
import ShatterScenes
import ShatterTestSupport
import Testing

@testable import ShatterPointSprites
@testable import ShatterSoftware

#if canImport(Glibc)
    import Glibc
#endif

/// BrokenGlassEffectView's update (branch `transition`), transcribed from the original for the
/// tests: one `PointMoveInfo` per piece in Float, `update(deltaTime:)` once per display-link tick.
/// Only the initial state comes from the effect's grid (the original draws it from arc4random).
struct OriginalSimulation {
    struct PointMoveInfo {
        var xSpeed: Float, ySpeed: Float, yAccelerate: Float
        var originCenterX: Float, originCenterY: Float, translateX: Float, translateY: Float
    }

    var pointMoveInfo: [PointMoveInfo]
    let maxYSpeed: Float = -6.0

    init(grid: PointGrid) {
        let a = grid.attributes
        pointMoveInfo = (0..<grid.count).map { i in
            let k = i * PointGrid.stride
            return PointMoveInfo(
                xSpeed: a[k + 4], ySpeed: 0, yAccelerate: a[k + 5], originCenterX: a[k],
                originCenterY: a[k + 1], translateX: 0, translateY: 0)
        }
    }

    mutating func update(deltaTime: Double) {
        for i in 0..<pointMoveInfo.count {
            pointMoveInfo[i].ySpeed += Float(deltaTime) * pointMoveInfo[i].yAccelerate
            if pointMoveInfo[i].ySpeed < maxYSpeed {
                pointMoveInfo[i].ySpeed = maxYSpeed
            }
            pointMoveInfo[i].translateX += Float(deltaTime) * pointMoveInfo[i].xSpeed
            pointMoveInfo[i].translateY += Float(deltaTime) * pointMoveInfo[i].ySpeed
            let realX = pointMoveInfo[i].translateX + pointMoveInfo[i].originCenterX
            if realX <= -1.0 || realX >= 1.0 {
                pointMoveInfo[i].xSpeed = -pointMoveInfo[i].xSpeed * 0.6
                if fabsf(pointMoveInfo[i].xSpeed) < 0.01 {
                    pointMoveInfo[i].xSpeed = 0
                }
            }
        }
    }

    /// Where the Metal vertex function puts piece i: `transforms[i] * position`, NDC.
    func position(_ i: Int) -> SIMD2<Float> {
        SIMD2(
            pointMoveInfo[i].translateX + pointMoveInfo[i].originCenterX,
            pointMoveInfo[i].translateY + pointMoveInfo[i].originCenterY)
    }
}

/// `--physics euler60` against the original's own update loop, run step by step in the test.
@Suite struct Euler60Tests {
    static let timeline = FrameTimeline(duration: 1.2, fps: 60)
    /// Frames 18, 36 and 60: t = 0.3, 0.6 and 1.0 s.
    static let frames = [18, 36, 60]

    /// The default screens at the original's size, stepped like the original, and its twin in closed form.
    let stepped: ShatteredTransition
    let closed: ShatteredTransition

    init() throws {
        stepped = try ShatterFixture.effect(width: 375, height: 667, pointSize: 2, motion: .euler60)
        closed = try ShatterFixture.effect(width: 375, height: 667, pointSize: 2)
    }

    /// The simulation after the frame's display-link ticks (one per 1/60 s).
    func simulation(atFrame frame: Int) -> OriginalSimulation {
        var simulation = OriginalSimulation(grid: stepped.grid)
        for _ in 0..<frame { simulation.update(deltaTime: 1.0 / 60) }
        return simulation
    }

    /// A frame drawn from the simulation's positions: pieces that do not move, at exactly those
    /// places, leaving out those the original's GPU drops (centre off screen), in the original's order.
    func frame(drawnFrom simulation: OriginalSimulation) throws -> Image {
        var attributes = [Float]()
        for i in 0..<stepped.grid.count {
            let p = simulation.position(i)
            let k = i * PointGrid.stride
            guard abs(p.x) <= 1, abs(p.y) <= 1 else { continue }
            attributes += [p.x, p.y, stepped.grid.attributes[k + 2], stepped.grid.attributes[k + 3], 0, 0]
        }
        var list = stepped.displayList(at: 0)
        guard case .pointSprites(var batch) = list.commands[1] else { throw Failure("no pieces") }
        batch.grid = PointGrid(attributes: attributes)
        batch.motion = .closedForm
        list.commands[1] = .pointSprites(batch)
        return try SoftwareRenderer().render(list)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    @Test func theFrameAtTShowsFloorOf60TSteps() {
        let p = stepped.parameters
        #expect((0...72).allSatisfy { p.steps(at: Self.timeline.time(of: $0)) == $0 })
        #expect(p.steps(at: 0.999 / 60) == 0 && p.steps(at: 1.5 / 60) == 1)
        #expect(p.steps(at: 5) == 72)  // past the 1.2 s duration the state holds
    }

    @Test func framesPastTheLoopsBoundAreRefusedNotCut() throws {
        // 12 s of 60 Hz steps is beyond the 600 the vertex program loops over.
        let long = try ShatteredTransition(
            from: stepped.from, to: stepped.to,
            parameters: .init(
                width: 40, height: 40, duration: 12, motion: .euler60))
        #expect(throws: PointMotion.TooManySteps(steps: 660, stepSeconds: Float(1.0 / 60))) {
            try SoftwareRenderer().render(long.displayList(at: 11))
        }
        let error = PointMotion.TooManySteps(steps: 660, stepSeconds: Float(1.0 / 60))
        #expect(error.description.contains("660 steps of 1/60 s") && error.description.contains("at most 600 (10.0 s)"))
        _ = try SoftwareRenderer().render(long.displayList(at: 10))
    }

    @Test func everyPieceIsWhereTheOriginalsStepsPutIt() throws {
        let guardBand = GuardBand(width: 375, height: 667, largestPointSize: 2)
        let setup = PointSetup(
            framebufferWidth: guardBand.framebufferWidth,
            framebufferHeight: guardBand.framebufferHeight,
            raster: try PointSpriteRaster(
                PointSpriteBatch(
                    grid: stepped.grid, texture: stepped.from, time: 0, tiling: stepped.parameters.tiling,
                    texcoordScale: SIMD2(2.0 / 375, 2.0 / 667))))
        let g = Double(guardBand.pixels)
        let a = stepped.grid.attributes
        for frame in Self.frames {
            let simulation = simulation(atFrame: frame)
            guard case .pointSprites(let batch) = stepped.displayList(at: Self.timeline.time(of: frame)).commands[1] else {
                throw Failure("no pieces")
            }
            let program = PointSpriteProgram(batch: batch, clipScale: guardBand.clipScale)
            var visible = 0
            var mismatched = [Int]()
            var worst = 0.0
            for i in 0..<stepped.grid.count {
                let k = i * PointGrid.stride
                let drawn = setup.centre(
                    clip: program.vertex(
                        centre: SIMD2(a[k], a[k + 1]),
                        motion: SIMD2(a[k + 4], a[k + 5])))
                let p = simulation.position(i)
                let onScreen = abs(p.x) <= 1 && abs(p.y) <= 1
                guard let drawn, onScreen else {
                    if (drawn != nil) != onScreen { mismatched.append(i) }
                    continue
                }
                visible += 1
                // The simulation's centre in window pixels, as GL maps NDC; drawn to the nearest eighth.
                let x = (Double(p.x) + 1) * 375 / 2 + g
                let y = (Double(p.y) + 1) * 667 / 2 + g
                worst = max(worst, abs(Double(drawn.x) / 8 - x), abs(Double(drawn.y) / 8 - y))
            }
            #expect(mismatched.isEmpty, "frame \(frame): pieces \(mismatched.prefix(10)) drawn or dropped unlike the original")
            #expect(worst <= 1.0 / 16 + 1e-4, "frame \(frame): a piece is \(worst) px from the original's place")
            #expect(visible > 1_000, "frame \(frame): \(visible) pieces on screen")
        }
    }

    @Test func theFrameIsTheOneDrawnFromTheOriginalsPositions() throws {
        let renderer = SoftwareRenderer()
        for frame in Self.frames {
            let expected = try self.frame(drawnFrom: simulation(atFrame: frame))
            let actual = try renderer.render(stepped.displayList(at: Self.timeline.time(of: frame)))
            #expect(expected.pixels == actual.pixels, "frame \(frame)")
        }
    }

    /// Pixels of the rightmost `columns` columns that show a piece rather than the destination.
    func piecesInRightStrip(_ image: Image, columns: Int) -> Int {
        var count = 0
        for y in 0..<image.height {
            for x in (image.width - columns)..<image.width where image[x, y] != DefaultScenes.rootGreen { count += 1 }
        }
        return count
    }

    @Test func atOneSecondTheRightWallStripShowsTheOriginalsEmptyBand() throws {
        // The original flips a piece's x speed every frame it is past the wall, so ~40% of those that
        // reach the right wall stay just outside and are dropped; the closed form bounces them back in.
        let renderer = SoftwareRenderer()
        let t = Self.timeline.time(of: 60)
        let original = try frame(drawnFrom: simulation(atFrame: 60))
        let euler = try renderer.render(stepped.displayList(at: t))
        let smooth = try renderer.render(closed.displayList(at: t))
        // Measured: about 70% of the closed form's piece pixels in every strip up to 24 columns.
        for columns in [2, 8, 24] {
            let expected = piecesInRightStrip(original, columns: columns)
            #expect(piecesInRightStrip(euler, columns: columns) == expected)
            #expect(
                Double(expected) < 0.8 * Double(piecesInRightStrip(smooth, columns: columns)),
                "\(columns) columns: \(expected) vs the closed form's \(piecesInRightStrip(smooth, columns: columns))")
        }
    }
}
