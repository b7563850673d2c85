import ShatterCore
import ShatterEffects
import Testing

@testable import ShatterSoftware

/// A texture lent straight (`Texture(image:lendingStraight:replacing:)`, a frei0r host's picture,
/// unread) is drawn only where the draw premultiplies as it reads (the 1:1 copy of the next screen) or
/// checks the alpha of every texel it reads (the binned sprite kernel). Wherever no texel read was
/// translucent, the frame is byte for byte the premultiplied picture's; where one was, the texture says
/// so (`metTranslucent`), so the caller can draw again; any other draw refuses it before drawing.
@Suite struct StraightTexelsTests {
    static let (width, height) = (67, 41)  // no point size divides it: sprites clipped at the edges

    /// Straight RGBA8 noise, opaque but where `translucent` says.
    static func straight(seed: UInt64, translucent: (Int, Int) -> Bool) -> [UInt8] {
        let noise = SoftwareRendererFastPathTests.noise(width, height, seed: seed)
        var pixels = noise.pixels
        for y in 0..<height {
            for x in 0..<width {
                pixels[(y * width + x) * 4 + 3] = translucent(x, y) ? UInt8(pixels[(y * width + x) * 4 + 3] / 2) : 255
            }
        }
        return pixels
    }

    /// The transition's frame at `time` from the pictures premultiplied, and from them lent straight
    /// (its bytes, and whether each texture met a translucent texel), drawn by `renderer`.
    static func frames(
        from: [UInt8], to: [UInt8], pointSize: Double, time: Double, renderer: SoftwareRenderer
    ) throws -> (expected: Image, straight: [UInt8], fromMet: Bool, toMet: Bool) {
        var a = from
        var b = to
        Alpha.premultiplyInPlace(&a)
        Alpha.premultiplyInPlace(&b)
        let parameters = ShatteredTransition.Parameters(width: width, height: height, pointSize: pointSize)
        let standIns = (
            from: Texture(image: Image(width: width, height: height, pixels: a)),
            to: Texture(image: Image(width: width, height: height, pixels: b))
        )
        let effect = try ShatteredTransition(from: standIns.from, to: standIns.to, parameters: parameters)
        let expected = try renderer.render(effect.displayList(at: time))
        var output = [UInt8](repeating: 7, count: from.count)
        let (fromMet, toMet) = try from.withUnsafeBufferPointer { fromTexels in
            try to.withUnsafeBufferPointer { toTexels in
                let blank = Image(width: width, height: height)
                let lent = (
                    from: Texture(image: blank, lendingStraight: fromTexels, replacing: standIns.from),
                    to: Texture(image: blank, lendingStraight: toTexels, replacing: standIns.to)
                )
                let list = effect.displayList(at: time).replacingTextures { $0 === standIns.from ? lent.from : lent.to }
                try output.withUnsafeMutableBufferPointer { try renderer.render(list, into: $0) }
                return (lent.from.metTranslucent, lent.to.metTranslucent)
            }
        }
        return (expected, output, fromMet, toMet)
    }

    /// Every kernel twin this processor runs (the widest first, the one for any x86-64 last).
    static var renderers: [SoftwareRenderer] {
        CPUTier.runnable.reversed().map { tier in
            var renderer = SoftwareRenderer(threads: 3)
            renderer.tier = tier
            return renderer
        }
    }

    @Test(arguments: [3.0, 6.0, 11.5])
    func opaqueTexelsReadGiveThePremultipliedPicturesBytes(pointSize: Double) throws {
        // `to` translucent in a band across the middle: premultiplied as it is copied, and said.
        let from = Self.straight(seed: 1) { _, _ in false }
        let to = Self.straight(seed: 2) { _, y in (15..<19).contains(y) }
        for renderer in Self.renderers {
            for time in [0.0, 0.1, 0.4, 0.8, 1.3] {
                let frames = try Self.frames(from: from, to: to, pointSize: pointSize, time: time, renderer: renderer)
                #expect(!frames.fromMet, "t = \(time)")
                #expect(frames.toMet, "t = \(time)")
                #expect(frames.straight == frames.expected.pixels, "t = \(time)")
            }
        }
        // Both opaque: nothing met.
        let opaqueTo = Self.straight(seed: 2) { _, _ in false }
        let frames = try Self.frames(from: from, to: opaqueTo, pointSize: 6, time: 0.4, renderer: SoftwareRenderer())
        #expect(!frames.fromMet && !frames.toMet)
        #expect(frames.straight == frames.expected.pixels)
    }

    /// A translucent texel of `from` that a piece draws is met (the caller then draws again); one that
    /// no piece draws any more changes nothing, and the frame is the premultiplied picture's.
    @Test func aTranslucentTexelReadIsMet() throws {
        let to = Self.straight(seed: 2) { _, _ in false }
        // Every texel is drawn at rest, so one translucent pixel anywhere is met.
        for (x, y) in [(0, 0), (33, 20), (66, 40), (40, 7)] {
            let from = Self.straight(seed: 3) { $0 == x && $1 == y }
            for renderer in Self.renderers {
                let frames = try Self.frames(from: from, to: to, pointSize: 6, time: 0, renderer: renderer)
                #expect(frames.fromMet, "(\(x), \(y))")
            }
        }
        // Long after the start no piece is left on screen: nothing of `from` is read.
        let from = Self.straight(seed: 3) { _, _ in true }
        let late = try Self.frames(from: from, to: to, pointSize: 6, time: 3, renderer: SoftwareRenderer())
        #expect(!late.fromMet)
        #expect(late.straight == late.expected.pixels)
    }

    /// Pieces too small for the binned kernel, or the dust's layers, cannot check what they read: the
    /// draw refuses the texture before writing a byte.
    @Test func drawsThatCannotCheckRefuseBeforeDrawing() throws {
        let pixels = Self.straight(seed: 4) { _, _ in false }
        let standIn = Texture(image: Image(width: Self.width, height: Self.height, pixels: pixels))
        let small = try ShatteredTransition(
            from: standIn, to: standIn,
            parameters: ShatteredTransition.Parameters(width: Self.width, height: Self.height, pointSize: 1))
        let dust = try DustReveal(
            snapshot: standIn, next: standIn,
            parameters: DustReveal.Parameters(dust: DustEffect.Parameters(width: Self.width, height: Self.height, layers: 4)))
        try pixels.withUnsafeBufferPointer { texels in
            let lent = Texture(image: Image(width: Self.width, height: Self.height), lendingStraight: texels, replacing: standIn)
            for effect in [small, dust] as [any Effect] {
                let list = try effect.displayList(at: 0.2).replacingTextures { _ in lent }
                var output = [UInt8](repeating: 7, count: pixels.count)
                #expect(throws: StraightTexelsRefused.self) {
                    try output.withUnsafeMutableBufferPointer { try SoftwareRenderer().render(list, into: $0) }
                }
                #expect(output.allSatisfy { $0 == 7 }, "\(type(of: effect)) wrote before refusing")
            }
        }
    }
}
