import Shatter
import ShatterTestSupport
import Testing

/// The GL backend against the CPU reference on the shattered transition, on a real EGL driver.
@Suite(.enabled(if: GLSupport.isAvailable, "no EGL context can be made on this machine (reason printed above)"))
struct GLParityTests {
    @Test(arguments: [1.0, 2.0, 4.0, 16.0])
    func shatterMatchesTheCPURendererOnAnOddSize(pointSize: Double) throws {
        let gl = try GLRenderer()
        let effect = try ShatterFixture.effect(width: 333, height: 517, pointSize: pointSize, seed: 11)
        for t in [0.0, 0.15, 0.4, 0.7, 1.0] {
            let d = try Parity.check(effect.displayList(at: t), gl: gl, label: "p\(pointSize)-t\(t)")
            print("parity 333x517 p=\(pointSize) t=\(t): \(d)")
        }
    }

    @Test(arguments: [(2.0, 2.0), (1.5, 2.0), (3.0, 1.0)])
    func shatterMatchesAtOtherScalesAndSizes(scale: Double, pointSize: Double) throws {
        let gl = try GLRenderer()
        let effect = try ShatterFixture.effect(width: 160, height: 250, scale: scale, pointSize: pointSize, seed: 2)
        for t in [0.0, 0.35, 0.8] {
            let d = try Parity.check(effect.displayList(at: t), gl: gl, label: "s\(scale)-p\(pointSize)-t\(t)")
            print("parity 160x250@\(scale) p=\(pointSize) t=\(t): \(d)")
        }
    }

    /// Random texels make every misplaced sprite visible. Where `shatter probe` finds the twin's
    /// point rules (GL_SUBPIXEL_BITS at least 4, the same pixels covered) the CPU twin places sprites
    /// exactly, so no pixel may differ by more than 8; other drivers are held to the general rule.
    /// (Filtering is spelled out in point_sprite.frag, so no filter rule is assumed.) Both motions: the
    /// closed form and the original's 60 Hz steps, both evaluated on the CPU (PointMotionStage).
    @Test(arguments: ShatteredTransition.Motion.allCases)
    func spritesLandOnExactlyTheSamePixels(motion: ShatteredTransition.Motion) throws {
        let gl = try GLRenderer()
        var noise = Image(width: 333, height: 517)
        let rng = CounterRNG(seed: 1, stream: .dust)
        for y in 0..<517 {
            for x in 0..<333 {
                let b = rng.bits(index: UInt64(y * 333 + x), draw: 0)
                noise[x, y] = RGBA8(r: UInt8(b & 255), g: UInt8((b >> 8) & 255), b: UInt8((b >> 16) & 255), a: 255)
            }
        }
        let effect = try ShatteredTransition(
            from: Texture(image: noise), to: Texture(image: Image(width: 1, height: 1, fill: .opaqueBlack)),
            parameters: .init(width: 333, height: 517, pointSize: 1, seed: 3, motion: motion))
        for t in [0.3, 0.55, 0.8, 1.4] {
            let d = try Parity.check(effect.displayList(at: t), gl: gl, label: "noise-\(motion)-t\(t)")
            if GLSupport.holds(.subpixelBits, .pointSnapping, .spriteEdges) {
                #expect(d.pixelsBeyond(8) == 0, "t = \(t): \(d)")
            }
        }
    }

    @Test func steppedMotionBeyondTheLoopsBoundIsRefused() throws {
        let effect = try ShatterFixture.effect(width: 40, height: 40, pointSize: 2, motion: .euler60)
        var list = effect.displayList(at: 1)
        guard case .pointSprites(var batch) = list.commands[1] else { return }
        batch.motion = .stepped(steps: PointMotion.maxSteps + 1, stepSeconds: 1 / 60)
        list.commands[1] = .pointSprites(batch)
        #expect(throws: PointMotion.TooManySteps.self) { try GLRenderer().render(list) }
    }

    /// At t = 0.5 one piece is centred on a whole pixel, so two of its pixel centres fall exactly on
    /// texel edges, where llvmpipe and the twin pick neighbouring texels: hence the nearest variant.
    @Test func nearestFilteringMatchesToo() throws {
        let gl = try GLRenderer()
        let effect = try ShatterFixture.effect(width: 200, height: 300, pointSize: 4, filter: .nearest)
        _ = try Parity.check(effect.displayList(at: 0.5), gl: gl, label: "nearest", rule: .nearestFilteringParity)
    }

    /// Assumes only that a byte k stored as k/255 comes back as k (every GL): sprites sit on whole
    /// texels at t = 0, so the hand-written filter's weights are all 0.
    @Test func firstFrameIsTheSnapshotOnGLToo() throws {
        let effect = try ShatterFixture.effect(width: 333, height: 517, pointSize: 2)
        let frame = try GLRenderer().render(effect.displayList(at: 0))
        #expect(frame == effect.from.image)
    }

    /// Assumes the point rules (snapping, edge coverage) only for the edge sprite's exact pixels.
    @Test func aSpriteShowsItsTextureUprightAndEdgeSpritesSurvive() throws {
        let gl = try GLRenderer()
        let texels = SpriteFixture.gradient4x4
        let centred = try gl.render(SpriteFixture.single(texture: texels, canvas: 8, size: 4, centre: SIMD2(0, 0)))
        for y in 0..<4 { for x in 0..<4 { #expect(centred[x + 2, y + 2] == texels[x, y]) } }
        let edge = try gl.render(
            SpriteFixture.single(
                texture: Image(width: 1, height: 1, fill: .opaqueWhite), canvas: 8,
                size: 4, centre: SIMD2(-1 - 0.5 / 4, 0)))
        // Columns −2…1 (the centre rounded to a pixel boundary, half up, as the CPU renderer does).
        for row in 2..<6 { #expect(edge[0, row] == .opaqueWhite && edge[1, row] == .opaqueWhite) }
        #expect(edge[2, 3] == .transparent)
    }
}
