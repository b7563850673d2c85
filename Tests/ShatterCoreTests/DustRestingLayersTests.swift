import Testing

@testable import ShatterCore

/// Which layers of a dust stack both renderers take as resting (their color at a pixel is exactly their
/// own texel's): only where the program's arithmetic makes that exact.
@Suite struct DustRestingLayersTests {
    static let anchor = SIMD2<Float>(32, 20.5)

    static func layer(_ index: Float, moved: Bool = false, turned: Bool = false, at place: SIMD2<Float>? = nil)
        -> DustLayerUniform
    {
        DustLayerUniform(
            position: place ?? (moved ? anchor + SIMD2(0.25, 0) : anchor), cosine: turned ? 0.9945 : 1, sine: turned ? 0.1045 : 0,
            opacity: 1, index: index, firstColumn: 0, lastColumn: 63)
    }

    @Test func theRestingRunAtTheTopGetsSlotsByIndex() {
        let layers = [Self.layer(4, moved: true), Self.layer(0), Self.layer(7), Self.layer(2)]
        let resting = DustRestingLayers(layers: layers, anchor: Self.anchor, texelScale: SIMD2(1, 1))
        #expect(resting.from == 1)
        #expect(resting.slots[0] == 1 && resting.slots[7] == 2 && resting.slots[2] == 3)
        #expect(resting.slots.enumerated().filter { $0.element >= 0 }.count == 3)
        #expect(resting.slotTexels[7] == 2 && resting.slotTexels[4] == 255)
    }

    /// A layer that moves or turns ends the run: the layers below it are drawn whole, even those at rest.
    @Test func aMovingLayerEndsTheRun() {
        for top in [Self.layer(3, moved: true), Self.layer(3, turned: true)] {
            let resting = DustRestingLayers(layers: [Self.layer(1), top], anchor: Self.anchor, texelScale: SIMD2(1, 1))
            #expect(resting == .none(layerCount: 2))
        }
        let partly = DustRestingLayers(
            layers: [Self.layer(1), Self.layer(2, turned: true), Self.layer(3)], anchor: Self.anchor, texelScale: SIMD2(1, 1))
        #expect(partly.from == 2 && partly.slots[3] == 2 && partly.slots[1] == -1)
    }

    /// Where the arithmetic is not exact, no layer rests: a stretched snapshot, an anchor off the half
    /// pixel, one too far out for float to hold x + 0.5 − anchor exactly, an index that is no texel's
    /// (over 255, fractional, or a second layer's).
    @Test func noLayerRestsWhereItWouldNotBeExact() {
        let two = [Self.layer(1), Self.layer(2)]
        #expect(DustRestingLayers(layers: two, anchor: Self.anchor, texelScale: SIMD2(2, 1)).from == 2)
        #expect(DustRestingLayers(layers: two, anchor: Self.anchor, texelScale: SIMD2(1, 0.5)).from == 2)
        let off = Self.anchor + SIMD2(0.25, 0)
        let atOff = [Self.layer(1, at: off), Self.layer(2, at: off)]
        #expect(DustRestingLayers(layers: atOff, anchor: off, texelScale: SIMD2(1, 1)).from == 2)
        let far = SIMD2<Float>(0x1p21, 20.5)
        let atFar = [Self.layer(1, at: far), Self.layer(2, at: far)]
        #expect(DustRestingLayers(layers: atFar, anchor: far, texelScale: SIMD2(1, 1)).from == 2)
        for index: Float in [256, 2.5, -1, .nan] {
            let resting = DustRestingLayers(
                layers: [Self.layer(1), Self.layer(index)], anchor: Self.anchor, texelScale: SIMD2(1, 1))
            #expect(resting.from == 2, "index \(index)")
        }
        let twice = DustRestingLayers(
            layers: [Self.layer(5), Self.layer(6), Self.layer(5)], anchor: Self.anchor, texelScale: SIMD2(1, 1))
        #expect(twice.from == 1 && twice.slots[5] == 2 && twice.slots[6] == 1)
    }
}
