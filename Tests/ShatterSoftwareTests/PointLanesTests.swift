import CLanes
import ShatterCore
import ShatterEffects
import ShatterTestSupport
import Testing

@testable import ShatterPointSprites
@testable import ShatterSoftware

/// Point sprites eight at a time must give exactly the bytes of the program run point by point: every
/// lane does the scalar's IEEE operations, in the same order.
@Suite struct PointLanesTests {
    /// Whole frames over a corpus: point sizes 1, 2, 4, 16; scales 1–3; instants from the start to
    /// after the last piece has fallen, many with pieces bouncing off the walls; both filters and
    /// both physics.
    @Test(arguments: [1.0, 2.0, 4.0, 16.0], [1.0, 2.0, 3.0])
    func framesEqualThePointByPointProgram(pointSize: Double, scale: Double) throws {
        for (physics, filter) in [(ShatteredTransition.RandomRange.original, TextureFilter.linear), (.textbook, .nearest)] {
            let effect = try Self.transition(
                width: 89, height: 61, scale: scale, pointSize: pointSize, physics: physics,
                filter: filter)
            var literal = SoftwareRenderer()
            literal.shortcuts.remove(.pointLanes)
            let lanes = SoftwareRenderer()
            for time in [0.0, 0.05, 0.31, 0.5, 0.77, 0.93, 1.1, 1.2] {
                let list = effect.displayList(at: time)
                #expect(try lanes.render(list) == literal.render(list), "t = \(time), \(physics), \(filter)")
            }
        }
    }

    @Test func fractionalPointSizesAndOddSizesToo() throws {
        for (pointSize, width, height) in [(1.5, 53, 37), (1.125, 40, 33), (2.75, 71, 45), (7.375, 64, 64)] {
            let effect = try Self.transition(
                width: width, height: height, scale: 1, pointSize: pointSize, physics: .original,
                filter: .linear)
            var literal = SoftwareRenderer()
            literal.shortcuts.remove(.pointLanes)
            for time in [0.0, 0.4, 0.85] {
                let list = effect.displayList(at: time)
                #expect(try SoftwareRenderer().render(list) == literal.render(list), "p \(pointSize) t \(time)")
            }
        }
    }

    /// The vertex program and the set-up on their own (the C kernel's, both twins), over points chosen
    /// to hit every branch: at rest, rising, at the speed limit, bouncing once, twice and coming to a
    /// stop at a wall, and centres a hair from the framebuffer's middle (where the viewport transform's
    /// FMA matters).
    @Test(arguments: [0.0, 0.2, 0.6, 1.0, 1.7, 4.0, 30.0])
    func vertexAndCentresEqualTheScalarInEveryLane(time: Float) {
        let (program, setup, points) = Self.vertexCorpus(at: time)
        var lanes = [PointLanes](repeating: .padding, count: points.count / 8)
        for (i, (centre, motion)) in points.enumerated() {
            lanes[i / 8].set(
                i % 8, centre: centre, origin: .zero, motion: motion,
                invariants: program.invariants(centre: centre, motion: motion))
        }
        lanes.withUnsafeBufferPointer { lanes in
            var frame = shatter_small_sprite_frame(lanes: lanes.baseAddress, goneAfter: nil, program: program, setup: setup)
            for twin in SmallSpriteKernelTests.twins {
                for block in 0..<lanes.count {
                    let clip = twin.clip(&frame, block)
                    var snapped = shatter_point_centres()
                    twin.centres(&frame, block, &snapped)
                    let centres = withUnsafeBytes(of: &snapped) { bytes in
                        (
                            x: (0..<8).map { bytes.load(fromByteOffset: $0 * 4, as: Int32.self) },
                            y: (0..<8).map { bytes.load(fromByteOffset: 32 + $0 * 4, as: Int32.self) }
                        )
                    }
                    for lane in 0..<8 {
                        let (centre, motion) = points[block * 8 + lane]
                        let scalar = program.vertex(centre: centre, motion: motion)
                        #expect(
                            clip.x[lane].bitPattern == scalar.x.bitPattern && clip.y[lane].bitPattern == scalar.y.bitPattern,
                            "\(twin.tier), centre \(centre), motion \(motion): \(clip.x[lane]), \(clip.y[lane]) vs \(scalar)")
                        let expected = setup.centre(clip: scalar)
                        #expect((snapped.visible & (1 << lane) != 0) == (expected != nil))
                        if let expected { #expect(SIMD2(centres.x[lane], centres.y[lane]) == expected) }
                    }
                }
            }
        }
    }

    /// The viewport transform's multiply-add in both twins (the FMA instruction in the AVX2 twin; the
    /// sum in double, and `fmaf` where that is not exact, in the other) against the scalar's FMA.
    @Test func viewportMultiplyAddRoundsOnceLikeTheFMA() {
        var rng = CorpusDraws(seed: 3)
        for half in [Float(961.5), 960, 0.5, 4096, 8191.5, 16384, 20000.5] {
            var clips: [Float] = [0, -0.0, 1, -1, 0x1p-14, -0x1p-14, 0x1.fffffep-15, 0x1p-30, -0x1p-126, 0x1p-149, 0.5, 1e-5]
            for _ in 0..<4000 {
                // Any significand, magnitudes from 1 down to 2⁻⁴⁰, both signs.
                let significand = 1 + Float(rng.next() % (1 << 23)) / Float(1 << 23)
                clips.append(
                    Float(
                        sign: rng.next() % 2 == 0 ? .plus : .minus, exponent: -1 - Int(rng.next() % 40),
                        significand: significand))
            }
            for twin in SmallSpriteKernelTests.twins {
                for start in stride(from: 0, to: clips.count - 7, by: 8) {
                    let lanes = twin.viewport(Array(clips[start..<start + 8]), half: half)
                    for lane in 0..<8 {
                        #expect(
                            lanes[lane].bitPattern == half.addingProduct(clips[start + lane], half).bitPattern,
                            "\(twin.tier), h \(half), clip \(clips[start + lane])")
                    }
                }
            }
        }
    }

    @Test func textureTapsEqualTheScalarTaps() {
        var rng = CorpusDraws(seed: 11)
        let image = Image(width: 37, height: 23)
        for filter in [TextureFilter.linear, .nearest] {
            image.pixels.withUnsafeBufferPointer { texels in
                let sampler = TextureSampler(texels: texels, width: 37, height: 23, filter: filter)
                var positions: [Int32] = [0, 127, 128, 255, 256, -1, -128, -129, 36 * 256, 37 * 256 - 129, 1 << 30, -(1 << 30)]
                for _ in 0..<2000 { positions.append(Int32(Int64(rng.next() % 40_000) - 10_000)) }
                while positions.count % 8 != 0 { positions.append(64) }
                for start in stride(from: 0, to: positions.count, by: 8) {
                    let taps = sampler.taps(fixed: SIMD8(positions[start..<start + 8]), size: 37)
                    for lane in 0..<8 {
                        let tap = sampler.fixedTap(positions[start + lane], size: 37)
                        #expect(
                            Int(taps.first[lane]) == tap.first && Int(taps.second[lane]) == tap.second
                                && taps.weight[lane] == tap.weight8,
                            "\(filter) \(positions[start + lane])")
                    }
                }
            }
        }
    }

    @Test func fixedPointBlendOfEightEqualsTheScalar() {
        var rng = CorpusDraws(seed: 5)
        for round in 0..<2000 {
            var words = [SIMD8<UInt32>](repeating: .zero, count: 4)
            var weights = [SIMD8<UInt32>](repeating: .zero, count: 2)
            for lane in 0..<8 {
                for k in 0..<4 { words[k][lane] = UInt32(truncatingIfNeeded: rng.next()) }
                // Every weight 0…256 turns up, the ends most.
                for k in 0..<2 {
                    weights[k][lane] = round < 257 ? UInt32((round + lane * 31 + k * 7) % 257) : UInt32(rng.next() % 257)
                }
            }
            let blended = FixedPointBilinear.blend(words[0], words[1], words[2], words[3], wx: weights[0], wy: weights[1])
            for lane in 0..<8 {
                #expect(
                    blended[lane]
                        == FixedPointBilinear.blend(
                            words[0][lane], words[1][lane], words[2][lane], words[3][lane],
                            wx: weights[0][lane], wy: weights[1][lane]))
            }
        }
    }

    /// Never wrong, only sometimes late: once a block is skipped as fallen out of sight, the vertex
    /// program finds every one of its points outside the clip volume.
    @Test func pointsPastTheirExitTimeAreOutOfSight() {
        let physics = PointPhysics()
        for clipScaleY in [Float(1), 0.9981, 0.5] {
            let batch = PointSpriteBatch(
                grid: PointGrid(attributes: []), texture: Texture(image: Image(width: 1, height: 1)),
                time: 0, tiling: PieceTiling(eighths: 8, columns: 1), texcoordScale: SIMD2(1, 1))
            var rng = CorpusDraws(seed: 8)
            for _ in 0..<3000 {
                let centre = SIMD2(Float(0), Float(Int(rng.next() % 2001) - 1000) / 1000)
                let motion = SIMD2(Float(0), -3 - Float(rng.next() % 3001) / 1000)
                let exit = PointExit.time(
                    centreY: centre.y, acceleration: motion.y, maxFallSpeed: physics.maxFallSpeed,
                    clipScaleY: clipScaleY)
                for later in [exit.nextUp, exit + 0.001, exit + 0.5, exit * 3 + 10] {
                    var at = batch
                    at.time = later
                    let clip = PointSpriteProgram(batch: at, clipScale: SIMD2(1, clipScaleY)).vertex(
                        centre: centre, motion: motion)
                    #expect(clip.y < -1, "y0 \(centre.y), a \(motion.y), exit \(exit), t \(later)")
                }
            }
        }
    }

    static func transition(
        width: Int, height: Int, scale: Double, pointSize: Double, physics: ShatteredTransition.RandomRange,
        filter: TextureFilter
    ) throws -> ShatteredTransition {
        let from = SoftwareRendererFastPathTests.noise(Int(Double(width) * scale), Int(Double(height) * scale), seed: 21)
        return try ShatteredTransition(
            from: Texture(image: from), to: Texture(image: Image(width: 1, height: 1, fill: .opaqueBlack)),
            parameters: .init(
                width: width, height: height, scale: scale, pointSize: pointSize, seed: 9,
                randomRange: physics, filter: filter))
    }

    /// The corpus (padded to whole blocks) with the program at `time` and the set-up of a framebuffer
    /// 1923 × 1084 with a slightly shrunk clip space, as a guard band gives.
    static func vertexCorpus(at time: Float) -> (PointSpriteProgram, PointSetup, [(SIMD2<Float>, SIMD2<Float>)]) {
        let batch = PointSpriteBatch(
            grid: PointGrid(attributes: []), texture: Texture(image: Image(width: 37, height: 23)),
            time: time, tiling: PieceTiling(eighths: 8, columns: 1), texcoordScale: SIMD2(1.0 / 37, 1.0 / 23))
        let program = PointSpriteProgram(batch: batch, clipScale: SIMD2(0.9987, 0.9981))
        let setup = PointSetup(framebufferWidth: 1923, framebufferHeight: 1084, raster: try! PointSpriteRaster(batch))
        var points = vertexCorpus()
        while points.count % 8 != 0 { points.append((SIMD2(0, 0), SIMD2(0, 0))) }
        return (program, setup, points)
    }

    static func vertexCorpus() -> [(SIMD2<Float>, SIMD2<Float>)] {
        var points: [(SIMD2<Float>, SIMD2<Float>)] = [
            (SIMD2(0, 0), SIMD2(0, 0)), (SIMD2(0.3, 0.2), SIMD2(0, 1)), (SIMD2(-0.2, 0.9), SIMD2(0.1, -6)),
            (SIMD2(0.99, 0.5), SIMD2(1.05, -3)), (SIMD2(-0.99, 0.5), SIMD2(-1.05, -3)), (SIMD2(0.95, 0), SIMD2(0.012, -4)),
            (SIMD2(0.999, 0), SIMD2(0.015, -3)), (SIMD2(0.5, 0), SIMD2(4, -3)), (SIMD2(-0.5, 0), SIMD2(-9, -3)),
            (SIMD2(1, 0), SIMD2(0.5, -3)), (SIMD2(-1, 1), SIMD2(-0.5, -3)), (SIMD2(0x1p-20, 0x1p-18), SIMD2(0, 0)),
            (SIMD2(-0x1p-16, 0x1p-15), SIMD2(0, 0)), (SIMD2(0x1.8p-15, -0x1.4p-14), SIMD2(0, 0)),
            (SIMD2(0, 0), SIMD2(1e-9, -1e-9)),
        ]
        var rng = CorpusDraws(seed: 1)
        for _ in 0..<400 {
            let unit = { Float(Int(rng.next() % 2_000_001) - 1_000_000) / 1_000_000 }
            points.append((SIMD2(unit(), unit()), SIMD2(unit() * 1.4, -3 - abs(unit()) * 3)))
        }
        return points
    }
}

/// Successive draws of Shatter's counter-based generator, for test corpora.
struct CorpusDraws {
    let rng: CounterRNG
    var index: UInt64 = 0
    init(seed: UInt64) { rng = CounterRNG(seed: seed, stream: .dust) }
    mutating func next() -> UInt64 {
        index += 1
        return rng.bits(index: index, draw: 0)
    }
}
