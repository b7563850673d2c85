import ShatterAnimation
import ShatterCore
import Testing

@testable import ShatterEffects

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct DustLayerSplitTests {
    @Test(arguments: [(1, 7), (8, 3), (32, 0), (255, 5)])
    func everyPixelLandsInTwoSlotsWithinItsColumnBand(layers: Int, seed: UInt64) throws {
        let width = 61
        let height = 9
        let split = try DustLayerSplit(width: width, height: height, layers: layers, seed: seed)
        let rng = CounterRNG(seed: seed, stream: .dust)
        var sameLayer = 0
        var twoLayers = 0
        for y in 0..<height {
            for x in 0..<width {
                let (first, second) = split.layers(ofPixelAt: x, y)
                let band = DustLayerSplit.band(ofColumn: x, width: width, layers: layers)
                #expect(band.contains(first) && band.contains(second), "pixel (\(x), \(y)): \(first), \(second) not in \(band)")
                // The original's formula, pass by pass: index = floor(N·(U + 2c/w)/3).
                for (pass, slot) in [first, second].enumerated() {
                    let u = rng.uniform(index: UInt64(y * width + x), draw: UInt64(pass))
                    #expect(slot == Int((Double(layers) * (u + 2 * Double(x) / Double(width)) / 3).rounded(.down)))
                }
                if first == second { sameLayer += 1 } else { twoLayers += 1 }
            }
        }
        if layers >= 8 { #expect(sameLayer > 0 && twoLayers > 0) }
        if layers == 1 { #expect(twoLayers == 0) }
    }

    /// Each layer's column extents are the first and last column holding one of its pixels (nil where it
    /// holds none: 255 layers over 61 columns leave some empty), and every texel is (first, second, 0, 255).
    @Test(arguments: [(1, 7), (8, 3), (32, 0), (200, 2), (255, 5)])
    func theColumnExtentsAreTheFirstAndLastColumnsHoldingTheLayer(layers: Int, seed: UInt64) throws {
        let width = 61
        let height = 9
        let split = try DustLayerSplit(width: width, height: height, layers: layers, seed: seed)
        var extents = [ClosedRange<Int>?](repeating: nil, count: layers)
        for x in 0..<width {
            for y in 0..<height {
                let texel = split.assignment.image[x, y]
                #expect(texel.b == 0 && texel.a == 255, "pixel (\(x), \(y)): \(texel)")
                for layer in [Int(texel.r), Int(texel.g)] {
                    extents[layer] = extents[layer].map { $0.lowerBound...x } ?? x...x
                }
            }
        }
        #expect(split.columnExtents == extents)
        if layers == 255 { #expect(extents.contains(nil) && extents[192...].contains { $0 != nil }) }
    }

    @Test func theBandsRunFromTheLeftEdgeToTheRight() {
        #expect(DustLayerSplit.band(ofColumn: 0, width: 375, layers: 32) == 0...10)
        #expect(DustLayerSplit.band(ofColumn: 374, width: 375, layers: 32) == 21...31)
    }

    @Test func theSplitIsOneTextureWhateverTheLayerCount() throws {
        for layers in [2, 32, 255] {
            let split = try DustLayerSplit(width: 40, height: 30, layers: layers, seed: 1)
            #expect(split.assignment.image.width == 40 && split.assignment.image.height == 30)
            #expect(split.columnExtents.count == layers)
        }
    }
}

@Suite struct DustMotionTests {
    static let snapshot = Texture(image: Image(width: 200, height: 120, fill: .opaqueWhite))

    static func effect(layers: Int = 32, scale: Double = 1, path: DustPath = .bezier, seed: UInt64 = 4) throws -> DustEffect {
        try DustEffect(
            snapshot: snapshot,
            parameters: .init(
                width: 200, height: 120, scale: scale, layers: layers, path: path,
                seed: seed))
    }

    /// Point at `fraction` of a quadratic Bézier's arc length, by 200 000 straight steps.
    static func pacedQuad(_ p0: Point, _ c: Point, _ p2: Point, fraction: Double) -> Point {
        func at(_ s: Double) -> Point { p0 * ((1 - s) * (1 - s)) + c * (2 * (1 - s) * s) + p2 * (s * s) }
        let steps = 200_000
        var lengths = [0.0]
        var previous = p0
        for i in 1...steps {
            let next = at(Double(i) / Double(steps))
            lengths.append(lengths[i - 1] + previous.distance(to: next))
            previous = next
        }
        let target = fraction * lengths[steps]
        let i = lengths.firstIndex { $0 >= target } ?? steps
        guard i > 0 else { return p0 }
        let local = (target - lengths[i - 1]) / (lengths[i] - lengths[i - 1])
        return at((Double(i - 1) + local) / Double(steps))
    }

    @Test(arguments: [3, 17, 31])
    func aLayerCentreWalksTheBezierAtConstantSpeed(index: Int) throws {
        let motion = try Self.effect(scale: 2).motions[index]
        let a = motion.anchor
        #expect(a == Point(x: 200, y: 120))
        #expect(abs(motion.beginTime - 1.35 * Double(index) / 32) < 1e-12)
        #expect(
            abs(motion.translation.x / 60 * motion.translation.x / 60 + motion.translation.y / 30 * motion.translation.y / 30 - 1)
                < 1e-9)
        for fraction in [0.1, 0.3, 0.5, 0.7, 0.9] {
            let state = motion.state(at: motion.beginTime + fraction)
            let expected = Self.pacedQuad(a, a + motion.translation, a + motion.endOffset, fraction: fraction)
            #expect(state.position.distance(to: expected) < 0.01, "fraction \(fraction): \(state.position) vs \(expected)")
            #expect(abs(state.opacity - (1 - fraction)) < 1e-9)
            #expect(abs(state.rotation - (motion.radian1 + motion.radian2) * fraction) < 1e-9)
        }
    }

    @Test func beforeItsStartALayerRestsAndAfterItsEndItHoldsTheEndState() throws {
        let motion = try Self.effect().motions[20]
        let rest = motion.state(at: motion.beginTime - 0.01)
        #expect(rest == DustLayerMotion.State(position: motion.anchor, rotation: 0, opacity: 1))
        let end = motion.state(at: motion.beginTime + 5)
        #expect(end.position.distance(to: motion.anchor + motion.endOffset) < 1e-9)
        #expect(end.opacity == 0)
        #expect(abs(end.rotation - (motion.radian1 + motion.radian2)) < 1e-12)
        // The rotated end point: R(a1)·(tx, ty), each angle within ±7.5°.
        #expect(abs(motion.radian1) <= .pi / 24 && abs(motion.radian2) <= .pi / 24)
        let r = motion.radian1
        let t = motion.translation
        #expect(motion.endOffset.distance(to: Point(x: t.x * cos(r) - t.y * sin(r), y: t.y * cos(r) + t.x * sin(r))) < 1e-12)
    }

    @Test func theCSSPathIsTheInterpolatedTransformList() throws {
        let motion = try Self.effect(path: .css).motions[9]
        let (t, a1) = (motion.translation, motion.radian1)
        for p in [0.25, 0.5, 0.8] {
            let state = motion.state(at: motion.beginTime + p)
            let angle = a1 * p
            let expected =
                motion.anchor + Point(x: t.x * cos(angle) - t.y * sin(angle), y: t.y * cos(angle) + t.x * sin(angle)) * p
            #expect(state.position.distance(to: expected) < 1e-9)
        }
        // Same end point as the Bézier.
        let bezier = try Self.effect(path: .bezier).motions[9]
        #expect(motion.state(at: 9).position.distance(to: bezier.state(at: 9).position) < 1e-9)
    }

    @Test func durationIsTheLastLayersStartPlusOneSecond() throws {
        #expect(try abs(Self.effect().duration - 2.3078125) < 1e-12)
        #expect(try abs(Self.effect(layers: 128).duration - (1.35 * 127 / 128 + 1)) < 1e-12)
    }

    static func visibleLayers(_ list: DisplayList) -> [Int] {
        list.commands.flatMap { command -> [Int] in
            guard case .dustLayers(let stack) = command else { return [] }
            return stack.layers.map(\.layer)
        }
    }

    @Test func fromTheEndOnTheDisplayListIsEmpty() throws {
        let effect = try Self.effect()
        #expect(Self.visibleLayers(effect.displayList(at: 0)) == Array(0..<32))
        #expect(Self.visibleLayers(effect.displayList(at: 1.2)).count > 0)
        #expect(effect.displayList(at: effect.duration).commands.isEmpty)
        // The last layer still has 12.5 µs to go at 2.3078 s, at an opacity no 8-bit pixel can show.
        #expect(effect.displayList(at: 2.3078).commands.isEmpty)
        #expect(Self.visibleLayers(effect.displayList(at: 2.3)) == [31])
    }

    @Test func theDrawnAreaHoldsEveryMovedLayer() throws {
        let effect = try Self.effect(scale: 2)
        let list = effect.displayList(at: 0)
        guard case .dustLayers(let stack) = try #require(list.commands.first) else {
            Issue.record("no dust")
            return
        }
        #expect(stack.bounds == PixelRect(x: 0, y: 0, width: 400, height: 240))
        #expect(stack.anchor == SIMD2(200, 120))
    }

    @Test func seedsChangeTheMotionButTheSameSeedRepeats() throws {
        #expect(try Self.effect(seed: 1).motions[5].translation == Self.effect(seed: 1).motions[5].translation)
        #expect(try Self.effect(seed: 1).motions[5].translation != Self.effect(seed: 2).motions[5].translation)
    }
}

@Suite struct SpriteSheetPlayerTests {
    @Test(arguments: [0.0, 0.0416, 0.0417, 0.5, 1.0, 1.3, 1.99])
    func theFrameShownIsTimeTimes48Over2(time: Double) throws {
        let player = try SpriteSheetPlayer(sheet: SnapSpriteSheet.drawn(), frameWidth: 80, frameHeight: 80)
        #expect(player.frames == 48)
        #expect(player.frameIndex(at: time) == Int((time * 48 / 2).rounded(.down)))
    }

    @Test func afterTheEndTheSpriteIsBackToItsFirstFrame() throws {
        let player = try SpriteSheetPlayer(sheet: SnapSpriteSheet.drawn(), frameWidth: 80, frameHeight: 80)
        #expect(player.frameIndex(at: 2.0) == 0)
    }

    @Test func aSheetTooNarrowForTheFramesAskedIsRefused() {
        let sheet = Image(width: 200, height: 20)
        #expect(
            throws: SpriteSheetPlayer.SheetError.tooSmall(
                sheetWidth: 200, sheetHeight: 20, frameWidth: 20, frameHeight: 20,
                available: 10, requested: 11)
        ) {
            _ = try SpriteSheetPlayer(sheet: sheet, frameWidth: 20, frameHeight: 20, frames: 11)
        }
        #expect(throws: SpriteSheetPlayer.SheetError.self) {
            _ = try SpriteSheetPlayer(sheet: sheet, frameWidth: 20, frameHeight: 21)
        }
    }

    @Test func theDrawnSheetIs48FramesThatChange() {
        let sheet = SnapSpriteSheet.drawn()
        #expect(sheet.width == 3840 && sheet.height == 80)
        let player = try? SpriteSheetPlayer(sheet: sheet, frameWidth: 80, frameHeight: 80)
        #expect(player?.frame(0) != player?.frame(20))
        #expect(player?.frame(0)[0, 0] == .transparent)
    }

    @Test func theSnapRingStaysInsideEveryFrame() throws {
        // Nothing drawn may reach a frame's outermost pixels, or the 80×80 layer (masksToBounds) would
        // cut it off: the ring must grow and fade within the frame.
        let player = try SpriteSheetPlayer(sheet: SnapSpriteSheet.drawn(), frameWidth: 80, frameHeight: 80)
        for k in 0..<player.frames {
            let frame = player.frame(k)
            let border = (0..<80).flatMap { i in [frame[i, 0], frame[i, 79], frame[0, i], frame[79, i]] }
            #expect(border.allSatisfy { $0 == .transparent }, "frame \(k) touches its edge")
        }
        // The ring is still there and spreads: lit pixels above the fingertips (row 22) grow apart.
        func ringSpan(_ k: Int) -> Int {
            let lit = (0..<80).filter { x in (0..<16).contains { y in player.frame(k)[x, y].a > 0 } }
            return (lit.max() ?? 0) - (lit.min() ?? 0)
        }
        #expect(ringSpan(SnapSpriteSheet.snapFrame + 18) > ringSpan(SnapSpriteSheet.snapFrame + 8) + 10)
    }
}
