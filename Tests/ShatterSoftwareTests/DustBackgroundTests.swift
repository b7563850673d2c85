import ShatterCore
import ShatterEffects
import ShatterTestSupport
import Testing

@testable import ShatterSoftware

/// The dust over the next picture (`DustReveal`: a 1:1 copy of it, then the dust): the renderer copies the
/// picture row by row just before each row's dust is blended onto it. Every tier's frame must be the
/// programs' run pixel by pixel, the copy first, at every instant (the dust's rows shrinking as it goes).
@Suite struct DustBackgroundTests {
    @Test(arguments: [false, true])
    func theRevealAtEveryInstantIsTheProgramsBytes(opaqueNext: Bool) throws {
        let snapshot = Texture(image: SoftwareRendererFastPathTests.noise(83, 59, seed: 4))
        // Premultiplied noise of every alpha, or made opaque (a video frame).
        var next = SoftwareRendererFastPathTests.noise(83, 59, seed: 9)
        if opaqueNext { for i in stride(from: 3, to: next.pixels.count, by: 4) { next.pixels[i] = 255 } }
        let reveal = try DustReveal(
            snapshot: snapshot, next: Texture(image: next),
            parameters: .init(dust: .init(width: 83, height: 59, layers: 10, seed: 6), duration: 1))
        var literal = SoftwareRenderer()
        literal.shortcuts = []
        for time in stride(from: 0.0, through: 1.0, by: 0.125) {
            let list = reveal.displayList(at: time)
            let reference = try literal.render(list)
            for tier in CPUTier.runnable {
                var renderer = SoftwareRenderer()
                renderer.tier = tier
                #expect(try renderer.render(list) == reference, "t = \(time), \(tier)")
            }
        }
    }

    /// A covering quad of fewer rows than the frame (the rows above and below it copied apart), a stack
    /// with no layer and one over an empty snapshot (nothing drawn by the dust: the picture copied whole).
    @Test func aSmallCoveringQuadNoLayersAndAnEmptySnapshot() throws {
        let snapshot = Texture(image: SoftwareRendererFastPathTests.noise(80, 60, seed: 5))
        let next = Texture(image: SoftwareRendererFastPathTests.noise(100, 70, seed: 8))
        let split = try DustLayerSplit(width: 80, height: 60, layers: 6, seed: 1)
        let poses = (0..<6).compactMap { i -> DustLayerPose? in
            guard let columns = split.columnExtents[i] else { return nil }
            return DustLayerPose(
                layer: i, position: SIMD2(40 + Float(i), 30 - Float(i) / 2), rotation: SIMD2(0.995, 0.0998), opacity: 0.8,
                columns: columns)
        }
        let bounds = PixelRect(x: 9, y: 4, width: 50, height: 51)
        let empty = Texture(image: Image(width: 0, height: 0))
        let stacks = [
            DustLayerStack(snapshot: snapshot, assignment: split.assignment, anchor: SIMD2(40, 30), layers: poses, bounds: bounds),
            DustLayerStack(snapshot: snapshot, assignment: split.assignment, anchor: SIMD2(40, 30), layers: [], bounds: bounds),
            DustLayerStack(snapshot: empty, assignment: empty, anchor: SIMD2(5, 5), layers: [poses[0]], bounds: bounds),
        ]
        var literal = SoftwareRenderer()
        literal.shortcuts = []
        for (n, stack) in stacks.enumerated() {
            let list = DisplayList(
                width: 100, height: 70, clearColor: .transparent,
                commands: [.texturedQuad(TexturedQuad(texture: next, rect: PixelRect(x: 0, y: 0, width: 100, height: 70))), .dustLayers(stack)])
            let reference = try literal.render(list)
            for tier in CPUTier.runnable {
                var renderer = SoftwareRenderer()
                renderer.tier = tier
                #expect(try renderer.render(list) == reference, "stack \(n), \(tier)")
            }
        }
    }
}
