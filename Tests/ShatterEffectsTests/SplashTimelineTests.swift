import ShatterAnimation
import ShatterEffects
import Testing

/// The Uber splash's presentation values at chosen instants, against values worked out by hand
/// from effects-originals §4 (Bézier curves evaluated separately, by bisection, to 1e-12).
/// Logo-local time is (t + 2.1) mod 3; tile-local (t + 1.05 − delay) mod 3; container (t + 1.05) mod 3.
@Suite struct SplashTimelineTests {
    let logo = SplashLogo()
    let grid = SplashTileGrid()

    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

    static let blue = Color(red: 15.0 / 255, green: 78.0 / 255, blue: 101.0 / 255)

    @Test func logoLocalZeroIsTheStartOfTheLoop() {
        // 0.9 + 2.1 = 3 → local 0. The original's offset is 0.7 × 3 = 2.0999999999999996, so 0.9
        // itself lands a hair before the wrap: a nanosecond later is the loop's start.
        let s = logo.state(at: 0.9 + 1e-9)
        #expect(Self.close(s.circle.strokeEnd, 0))
        #expect(Self.close(s.circle.transform.rotation, -.pi / 4))
        #expect(Self.close(s.circle.transform.scale, 0.25))
        #expect(Self.close(s.line.lineWidth, 0))
        #expect(Self.close(s.line.transform.scale, 0.25))
        #expect(Self.close(s.square.bounds.size.width, 14))  // ⅔ of 21
        #expect(s.square.backgroundColor == .white)  // held white before 1/3 s
        #expect(Self.close(s.mask.bounds.size.width, 75) && s.mask.cornerRadius == 0)
    }

    @Test func logoLocalOneAndAQuarterIsHalfwayThroughTheGrowth() {
        let s = logo.state(at: 2.15)  // local 1.25: half of the 2.5 s growth
        let strokeEnd = 0.17080358948907665  // curve (1, 0, 0.35, 1) at 0.5
        #expect(Self.close(s.circle.strokeEnd, strokeEnd))
        #expect(Self.close(s.circle.transform.rotation, -37.31383847299155 * .pi / 180))
        #expect(Self.close(s.circle.transform.scale, 0.37810269211680747))
        #expect(Self.close(s.line.lineWidth, 0.8540179474453833))
        #expect(Self.close(s.square.bounds.size.width, 17.5))  // 14 + 7 × (symmetric curve at 0.5)
        // Color: (1.25 − 1/3) / 1.2 = 0.7639 of the way, curve (0.25, 0, 0.2, 1) → 0.96591.
        #expect(Self.close(s.square.backgroundColor.red, 0.09090643545120947))
        #expect(Self.close(s.square.backgroundColor.green, 0.329543496145267))
        #expect(Self.close(s.square.backgroundColor.blue, 0.41666496274785936))
        #expect(s.mask.bounds.size.width == 75)
    }

    @Test func logoLocalTwoAndAHalfIsTheFullLogoAsTheMaskStarts() {
        let s = logo.state(at: 0.4 + 1e-9)  // local 2.5 (see the local-0 test for the nanosecond)
        #expect(s.circle.strokeEnd == 1)  // children over: the model
        #expect(s.circle.transform == .identity)
        #expect(Self.close(s.line.lineWidth, 5))
        #expect(Self.close(s.square.bounds.size.width, 21))
        #expect(
            Self.close(s.square.backgroundColor.red, Self.blue.red) && Self.close(s.square.backgroundColor.blue, Self.blue.blue))
        // The collapse starts: a 75-point square with radius 37.5 is the disk itself.
        #expect(Self.close(s.mask.bounds.size.width, 75) && Self.close(s.mask.cornerRadius, 37.5))
    }

    @Test func logoLocalTwoAndThreeQuartersIsHalfwayThroughTheCollapse() {
        let s = logo.state(at: 0.65)  // local 2.75; curve (0.65, 0, 0.4, 1) at 0.5 = 0.45046
        #expect(s.circle.strokeEnd == 1)
        #expect(Self.close(s.line.lineWidth, 2.747699974741394))
        #expect(Self.close(s.line.transform.scale, 0.6171089957060372))
        #expect(Self.close(s.square.bounds.size.width, 4.072188031580151))
        #expect(Self.close(s.mask.bounds.size.width, 47.52193969184502))
        #expect(Self.close(s.mask.cornerRadius, 21.508669820663904))
    }

    @Test func theLoopRepeatsEveryThreeSeconds() {
        for t in [0.2, 1.3, 2.75] {
            #expect(logo.state(at: t) == logo.state(at: t + 3))
            #expect(grid.containerScale(at: t) == grid.containerScale(at: t + 3))
        }
    }

    @Test func gridIsSevenByElevenWithTheCentreTileInTheMiddle() {
        #expect(grid.tiles.count == 77)
        let centre = grid.tiles[grid.centreIndex]
        #expect(centre.column == 3 && centre.row == 5)
        #expect(centre.layer.model.position == Point(x: 315, y: 495))
    }

    @Test func rippleDelaysGrowWithDistance() throws {
        let centre = try #require(grid.tile(column: 3, row: 5))
        #expect(centre.rippleDelay == 0 && centre.rippleOffset == .zero && centre.ripples)
        let edge = try #require(grid.tile(column: 0, row: 5))  // 270 points left
        #expect(Self.close(edge.rippleDelay, 0.179982, 1e-9))
        #expect(Self.close(edge.rippleOffset.x, -6.75, 1e-9) && Self.close(edge.rippleOffset.y, 0, 1e-9))
        #expect(!edge.ripples)
        let corner = try #require(grid.tile(column: 0, row: 0))  // (−270, −450): 524.79 points
        #expect(Self.close(corner.rippleDelay, 0.34982212797934903, 1e-9))
        #expect(Self.close(corner.rippleOffset.x, -6.75, 1e-9) && Self.close(corner.rippleOffset.y, -11.25, 1e-9))
        #expect(!corner.ripples)
        #expect(try #require(grid.tile(column: 1, row: 1)).ripples)
        #expect(grid.tile(column: 7, row: 0) == nil)
    }

    @Test func beforeItsDelayATileHoldsItsStateAtLocalOnePointZeroFive() throws {
        let corner = try #require(grid.tile(column: 0, row: 0))
        // Backwards fill: local 1.05 = 0.35 of the loop, eased in-out over the first 0.61.
        let opacity = 0.6254469639897958
        #expect(Self.close(corner.layer.presentation(at: 0).opacity, opacity))
        #expect(Self.close(corner.layer.presentation(at: 0.3).opacity, opacity))
        #expect(corner.layer.presentation(at: 0.36).opacity > opacity)
    }

    @Test func perimeterTilesNeverMoveOrScale() throws {
        let edge = try #require(grid.tile(column: 0, row: 5))
        for t in stride(from: 0.0, through: 6, by: 0.05) {
            let state = edge.layer.presentation(at: t)
            #expect(state.position == Point(x: 45, y: 495) && state.transform.scale == 1)
        }
    }

    @Test func innerTilesSwellAndMoveOutAtTheRipplePeak() throws {
        let tile = try #require(grid.tile(column: 1, row: 1))
        // Peak at keyTime 0.7 = local 2.1 → t = delay + 1.05.
        let state = tile.layer.presentation(at: tile.rippleDelay + 1.05)
        #expect(Self.close(state.transform.scale, 1.05))
        #expect(Self.close(state.position.x, 135 - 4.5) && Self.close(state.position.y, 135 - 9))
        #expect(Self.close(state.opacity, 0.45))
    }

    @Test(
        "Container zoom before, during and after",
        arguments: [
            (0.0, 0.75),  // local 1.05: still 0.75
            (0.6, 0.7697513371720408),  // local 1.65: curve (0.6, 0, 0.15, 1) at 0.2288
            (1.7, 1.0),  // local 2.75: held at 1
            (2.0, 0.75),  // local 0.05: back to 0.75
        ])
    func containerZoom(time: Double, scale: Double) {
        #expect(Self.close(grid.containerScale(at: time), scale))
    }
}
