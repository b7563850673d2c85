import ShatterCore
import ShatterEffects
import ShatterTestSupport
import Testing

@testable import ShatterPointSprites
@testable import ShatterSoftware

/// The CPU renderer runs its programs with work hoisted out of the pixel loops
/// (`SoftwareRenderer.Shortcuts.exact`). Over corpora of real and adversarial inputs, each hoisted
/// form must give its literal twin's result bit for bit (compared as bit patterns, so even −0 and 0
/// differ), and the fixed-point sprite blend must be the integer arithmetic it claims to be.
@Suite struct TwinEquivalenceTests {
    static func bits(_ v: SIMD2<Float>) -> [UInt32] { [v.x.bitPattern, v.y.bitPattern] }
    static func bits(_ v: SIMD4<Float>) -> [UInt32] { [v.x.bitPattern, v.y.bitPattern, v.z.bitPattern, v.w.bitPattern] }

    /// The pieces of real transitions (several point sizes, scales, seeds and both random ranges).
    static func transitions() throws -> [ShatteredTransition] {
        [
            try ShatterFixture.effect(width: 160, height: 250, pointSize: 2, seed: 1),
            try ShatterFixture.effect(width: 97, height: 61, scale: 1.5, pointSize: 4.5, seed: 7),
            try ShatterFixture.effect(width: 120, height: 90, scale: 2, pointSize: 1, seed: 3),
            try ShatteredTransition(
                from: Texture(image: SoftwareRendererFastPathTests.noise(64, 48, seed: 2)),
                to: Texture(image: Image(width: 1, height: 1)),
                parameters: .init(width: 64, height: 48, pointSize: 16, seed: 9, randomRange: .textbook)),
        ]
    }

    static func pieces(_ effect: ShatteredTransition) throws -> PointSpriteBatch {
        guard case .pointSprites(let batch) = try #require(effect.displayList(at: 0).commands.last) else {
            throw NoPieces()
        }
        return batch
    }

    struct NoPieces: Error {}

    /// Points no transition makes: still, rising, starting beyond a wall, very fast, under odd physics.
    static func adversarialPoints(count: Int) -> PointSpriteBatch {
        var random = SplitMix64(seed: 42)
        var attributes = [Float]()
        for i in 0..<count {
            let speed: Float = i % 7 == 0 ? 0 : random.float(in: -40...40)
            let acceleration: Float = i % 11 == 0 ? 0 : (i % 13 == 0 ? random.float(in: 0...5) : random.float(in: -30...0))
            attributes += [random.float(in: -1.3...1.3), random.float(in: -1.3...1.3), 0, 0, speed, acceleration]
        }
        let grid = PointGrid(attributes: attributes)
        return PointSpriteBatch(
            grid: grid, texture: Texture(image: Image(width: 1, height: 1)), time: 0,
            tiling: PieceTiling(eighths: 16, columns: grid.columns), texcoordScale: SIMD2(0.1, 0.1),
            physics: PointPhysics(maxFallSpeed: -2.5, restitution: 0.9, stopSpeed: 0))
    }

    /// Checks `vertex(centre:motion:invariants:)` against the literal `vertex(centre:motion:)` for
    /// every point of `batch` at `times`, and at each point's own boundary instants (where its fall
    /// reaches the speed limit and where it first hits a wall, and the floats either side).
    func checkVertexStage(_ batch: PointSpriteBatch, times: [Float]) -> Int {
        var batch = batch
        let clipScale = SIMD2<Float>(0.93, 0.87)
        var mismatches = 0
        let attributes = batch.grid.attributes
        func check(_ program: PointSpriteProgram, _ i: Int) {
            let a = i * PointGrid.stride
            let centre = SIMD2(attributes[a], attributes[a + 1])
            let motion = SIMD2(attributes[a + 4], attributes[a + 5])
            let invariants = program.invariants(centre: centre, motion: motion)
            let hoisted = program.vertex(centre: centre, motion: motion, invariants: invariants)
            let literal = program.vertex(centre: centre, motion: motion)
            if Self.bits(hoisted) != Self.bits(literal) {
                mismatches += 1
                Issue.record("point \(i) at t = \(program.u_time): \(hoisted) with the quotients hoisted, \(literal) as written")
            }
        }
        for time in times {
            batch.time = time
            let program = PointSpriteProgram(batch: batch, clipScale: clipScale)
            for i in 0..<batch.grid.count { check(program, i) }
        }
        let anyTime = PointSpriteProgram(batch: batch, clipScale: clipScale)
        for i in stride(from: 0, to: batch.grid.count, by: 3) {
            let a = i * PointGrid.stride
            let invariants = anyTime.invariants(
                centre: SIMD2(attributes[a], attributes[a + 1]),
                motion: SIMD2(attributes[a + 4], attributes[a + 5]))
            for boundary in [invariants.x, invariants.y] where boundary.isFinite && boundary >= 0 {
                for time in [boundary.nextDown, boundary, boundary.nextUp] {
                    batch.time = time
                    check(PointSpriteProgram(batch: batch, clipScale: clipScale), i)
                }
            }
        }
        return mismatches
    }

    @Test func theVertexProgramWithHoistedQuotientsIsTheProgramAsWritten() throws {
        let times = stride(from: Float(0), through: 3, by: 0.0625).map { $0 } + [0.013, 0.4999, 1.2, 2.71828]
        for effect in try Self.transitions() {
            #expect(checkVertexStage(try Self.pieces(effect), times: times) == 0)
        }
        #expect(checkVertexStage(Self.adversarialPoints(count: 3000), times: times) == 0)
    }

    /// The textured quad's integer raster (what GL and the twin both run): it covers the pixels whose
    /// centres lie in the rectangle, reads a texture drawn 1:1 on whole pixels at its texels' centres,
    /// and otherwise stays within half a 1/65536 texel per pixel of the ideal mapping
    /// u = (x + ½ − rect.x) / width; the hoisted taps give the fragment as written.
    @Test(arguments: [TextureFilter.linear, .nearest])
    func theTexturedQuadRasterFollowsTheIdealMappingInIntegers(filter: TextureFilter) {
        let texture = Texture(image: SoftwareRendererFastPathTests.noise(37, 23, seed: 8))
        let oneToOne = TexturedQuadRaster(
            rect: PixelRect(x: 5, y: -3, width: 37, height: 23), textureWidth: 37, textureHeight: 23)
        #expect(oneToOne.columns == 5..<42 && oneToOne.rows == -3..<20)
        #expect(oneToOne.step == SIMD2(65536, 65536) && oneToOne.filterPosition(x: 9, y: 0) == SIMD2(4 * 256, 3 * 256))
        let rects = [
            PixelRect(x: 3.5, y: -2.25, width: 50, height: 40), PixelRect(x: -7.3, y: 4.9, width: 21.7, height: 13.1),
            PixelRect(x: 11, y: 2, width: 0.75, height: 90),
        ]
        for rect in rects {
            let raster = TexturedQuadRaster(rect: rect, textureWidth: 37, textureHeight: 23)
            for x in raster.columns {
                #expect(Float(x) + 0.5 >= rect.x && Float(x) + 0.5 < rect.x + rect.width)
                let ideal = ((Double(x) + 0.5 - Double(rect.x)) / Double(rect.width) * 37 - 0.5) * 65536
                let drift = 0.5 * Double(x - raster.columns.lowerBound + 1) + 0.5
                #expect(abs(Double(raster.position(x: x, y: 0).x) - ideal) <= drift, "\(rect) x \(x)")
            }
            for opacity: Float in [1, 0.7, 0.003] {
                let program = TexturedQuadProgram(
                    quad: TexturedQuad(texture: texture, rect: rect, opacity: opacity, filter: filter))
                let (columns, rows) = program.clipped(width: 64, height: 64)
                texture.withSampler(filter: filter) { sampler in
                    for y in rows {
                        let rowTap = sampler.fixedTap(raster.filterPosition(x: columns.lowerBound, y: y).y, size: sampler.height)
                        for x in columns {
                            let columnTap = sampler.fixedTap(
                                raster.filterPosition(x: x, y: rows.lowerBound).x, size: sampler.width)
                            let literal = program.fragment(x: x, y: y, texture: sampler)
                            let hoisted = program.fragment(columnTap, rowTap, texture: sampler)
                            #expect(Self.bits(hoisted) == Self.bits(literal), "\(rect) opacity \(opacity) pixel (\(x), \(y))")
                        }
                    }
                }
            }
        }
    }

    /// llvmpipe's unorm8 lerp, one channel at a time: what the two-lanes-per-word blend computes.
    static func lerp8(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 { (a * (256 - w) + b * w + 128) >> 8 }

    static func referenceBlend(_ t: [UInt32], wx: UInt32, wy: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            let c = t.map { $0 >> shift & 0xFF }
            out |= lerp8(lerp8(c[0], c[1], wx), lerp8(c[2], c[3], wx), wy) << shift
        }
        return out
    }

    /// Every pair of weights 0…256, over random texels and the extremes: the packed blend is the
    /// per-channel integer bilinear, bit for bit (no carry crosses from one lane into the next).
    @Test func theFixedPointBlendIsThePerChannelIntegerBilinear() {
        var random = SplitMix64(seed: 11)
        let quads: [[UInt32]] =
            [
                [0, 0xFFFF_FFFF, 0xFFFF_FFFF, 0], [0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF],
                [0x00FF_00FF, 0xFF00_FF00, 0x8080_8080, 0x7F7F_7F7F],
            ]
            + (0..<3).map { _ in (0..<4).map { _ in UInt32(truncatingIfNeeded: random.next()) } }
        var mismatches = 0
        for t in quads {
            for wx: UInt32 in 0...256 {
                for wy: UInt32 in 0...256
                where FixedPointBilinear.blend(t[0], t[1], t[2], t[3], wx: wx, wy: wy)
                    != Self.referenceBlend(t, wx: wx, wy: wy)
                {
                    mismatches += 1
                }
            }
        }
        #expect(mismatches == 0)
    }
}
