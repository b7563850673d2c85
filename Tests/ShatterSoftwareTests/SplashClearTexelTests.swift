import ShatterCore
import ShatterEffects
import Testing

@testable import ShatterSoftware

/// The layer quad skips pixels whose four texels are all transparent (`draw(_:LayerQuad)`): the bytes
/// must be exactly those of running its program at every pixel, and counted blends must still count.
@Suite struct SplashClearTexelTests {
    /// The renderer running every program pixel by pixel, no shortcut taken.
    static var literal: SoftwareRenderer {
        var renderer = SoftwareRenderer()
        renderer.shortcuts = []
        return renderer
    }

    @Test(arguments: [(1.0, 0.0), (1.0, 0.37), (1.0, 1.2), (1.0, 2.45), (2.0, 0.81), (1.5, 2.9)])
    func splashFramesAreTheProgramsBytes(scale: Double, time: Double) throws {
        let splash = try UberSplash(parameters: .init(width: 201, height: 157, scale: scale))
        let list = splash.displayList(at: time)
        #expect(try SoftwareRenderer().render(list) == Self.literal.render(list))
    }

    /// A texture half transparent (its left half 0, its right half noise), rotated and scaled over a
    /// noisy frame, source-over and screen: the skipped pixels, the edges between and the rest.
    @Test(arguments: [BlendMode.sourceOver, .screen, .replace])
    func aRotatedHalfClearLayerIsTheProgramsBytes(blend: BlendMode) throws {
        var texels = SoftwareRendererFastPathTests.noise(37, 29, seed: 3)
        for y in 0..<29 { for x in 0..<18 { texels[x, y] = RGBA8(r: 0, g: 0, b: 0, a: 0) } }
        let angle: Float = 0.4
        let (c, s) = (Float(cos(Double(angle))) / 60, Float(sin(Double(angle))) / 60)
        let quad = LayerQuad(
            texture: Texture(image: texels),
            toTexture: PixelMap(row0: SIMD3(c, s, -0.6), row1: SIMD3(-s, c, 0.3)),
            opacity: 0.8, bounds: PixelRect(x: 0, y: 0, width: 97, height: 83), blend: blend)
        let background = Texture(image: SoftwareRendererFastPathTests.noise(97, 83, seed: 5))
        let list = DisplayList(
            width: 97, height: 83, clearColor: .opaqueWhite,
            commands: [
                .texturedQuad(TexturedQuad(texture: background, rect: PixelRect(x: 0, y: 0, width: 97, height: 83))),
                .layerQuad(quad),
            ])
        #expect(try SoftwareRenderer().render(list) == Self.literal.render(list))
    }

    @Test func clearTexelsStillCountAsBlends() throws {
        let quad = LayerQuad(
            texture: Texture(image: Image(width: 4, height: 4)),
            toTexture: PixelMap(row0: SIMD3(0.25, 0, 0), row1: SIMD3(0, 0.25, 0)),
            bounds: PixelRect(x: 0, y: 0, width: 4, height: 4))
        let list = DisplayList(width: 4, height: 4, clearColor: .opaqueWhite, commands: [.layerQuad(quad)])
        let counted = try SoftwareRenderer().renderCountingBlends(list)
        #expect(counted.image == (try SoftwareRenderer().render(list)))
        #expect(counted.blends?.counts == [UInt8](repeating: 1, count: 16))
    }
}

#if canImport(Glibc)
    import Glibc
#endif
