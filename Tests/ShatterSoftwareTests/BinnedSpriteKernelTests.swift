import ShatterCore
import ShatterEffects
import Testing

@testable import ShatterPointSprites
@testable import ShatterSoftware

/// Sprites of 3 × 3 pixels and more are drawn band by band by the binned fragment stage in C
/// (`binned_sprites.c`), one body compiled for any x86-64 and for AVX2. Both twins must write the bytes
/// of its Swift reference (`PointFrame.drawSprites`) and of the program run point by point.
@Suite struct BinnedSpriteKernelTests {
    /// Point sizes 3 to 33 (one block of eight columns, two, partial blocks, five), both filters, a
    /// screen whose size no point size divides (so sprites are clipped at the image's right and bottom
    /// edges), from the start (the snapshot at rest: every weight 0) to after the pieces have fallen.
    @Test(arguments: [3.0, 4.0, 7.375, 16.0, 33.0])
    func eachTwinDrawsTheReferencesBytes(pointSize: Double) throws {
        for filter in [TextureFilter.linear, .nearest] {
            let effect = try PointLanesTests.transition(
                width: 150, height: 97, scale: 1, pointSize: pointSize, physics: .original, filter: filter)
            try Self.expectTwinsEqualTheReference(effect)
        }
    }

    /// A snapshot sharper than the screen (two texels a pixel) and one coarser (fewer texels than pixels,
    /// so columns share texels and the last ones clamp): texel steps other than one a pixel.
    @Test(arguments: [4.0, 16.0])
    func snapshotsOfAnotherSizeThanTheScreen(pointSize: Double) throws {
        let screen = try PointLanesTests.transition(
            width: 96, height: 64, scale: 1, pointSize: pointSize, physics: .original, filter: .linear)
        for (width, height) in [(192, 128), (71, 45)] {
            for filter in [TextureFilter.linear, .nearest] {
                var parameters = screen.parameters
                parameters.filter = filter
                let effect = try ShatteredTransition(
                    from: Texture(image: SoftwareRendererFastPathTests.noise(width, height, seed: 5)), to: screen.to,
                    parameters: parameters)
                try Self.expectTwinsEqualTheReference(effect)
            }
        }
    }

    /// A destination screen drawn 1:1 under the sprites, copied band by band before each band's sprites
    /// (a screen whose width no point size divides, sprites clipped at its edges).
    @Test(arguments: [3.0, 16.0, 33.0])
    func spritesOverADestinationCopiedBandByBand(pointSize: Double) throws {
        let screen = try PointLanesTests.transition(
            width: 150, height: 97, scale: 1, pointSize: pointSize, physics: .original, filter: .linear)
        let effect = try ShatteredTransition(
            from: screen.from, to: Texture(image: SoftwareRendererFastPathTests.noise(150, 97, seed: 8)),
            parameters: screen.parameters)
        #expect(SoftwareRenderer().background(of: effect.displayList(at: 0.5), at: 0) != nil)
        try Self.expectTwinsEqualTheReference(effect)
    }

    /// Frames of `effect` through the C stage's AVX2 twin (where the processor has it) and its twin for
    /// any x86-64, each forced, on one thread and on three, against the Swift reference and the program
    /// run point by point.
    static func expectTwinsEqualTheReference(_ effect: ShatteredTransition) throws {
        var literal = SoftwareRenderer()
        literal.shortcuts.remove(.pointLanes)
        for threads in [1, 3] {
            var reference = SoftwareRenderer(threads: threads)
            reference.shortcuts.remove(.binnedKernel)
            var baseline = SoftwareRenderer(threads: threads)
            baseline.tier = .baseline
            let native = SoftwareRenderer(threads: threads)
            for time in [0.0, 0.05, 0.31, 0.5, 0.77, 1.1] {
                let list = effect.displayList(at: time)
                let expected = try literal.render(list)
                #expect(try reference.render(list) == expected, "Swift reference, threads \(threads), t = \(time)")
                #expect(try baseline.render(list) == expected, "baseline twin, threads \(threads), t = \(time)")
                #expect(try native.render(list) == expected, "AVX2 twin, threads \(threads), t = \(time)")
            }
        }
    }
}
