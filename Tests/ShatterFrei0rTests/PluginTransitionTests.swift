import ShatterCore
import ShatterEffects
import ShatterSoftware
import Testing

@testable import ShatterFrei0r

/// The plugins' parameters map to `shatter join`'s defaults, take any value a host may send, and draw
/// what the renderer draws for the same effect. The C interface, the release libraries and the hosts
/// themselves are checked by Tools/checks/check-frei0r.sh.
@Suite struct PluginTransitionTests {
    static let defaults = (
        shatter: PluginTransition.shatter.parameters.map(\.defaultValue),
        dust: PluginTransition.dust.parameters.map(\.defaultValue)
    )

    @Test func leftAloneAPluginIsJoinsDefault() {
        #expect(
            PluginTransition.shatter.settings(Self.defaults.shatter, width: 640, height: 360)
                == .shatter(
                    ShatteredTransition.Parameters(
                        width: 640, height: 360, pointSize: ShatteredTransition.proportionalPointSize(pixelWidth: 640))))
        #expect(
            PluginTransition.dust.settings(Self.defaults.dust, width: 640, height: 360)
                == .dust(DustReveal.Parameters(dust: DustEffect.Parameters(width: 640, height: 360))))
    }

    @Test func valuesMapAsDocsFrei0rSays() {
        let settings = PluginTransition.shatter.settings([0.3, 3.0 / 64, 0.25, 0.007, 0.8], width: 320, height: 180)
        #expect(
            settings
                == .shatter(
                    ShatteredTransition.Parameters(
                        width: 320, height: 180, pointSize: 3, duration: 2.5, seed: 7, randomRange: .textbook,
                        motion: .euler60)))
        #expect(
            PluginTransition.dust.settings([0, 1, 1, 0], width: 8, height: 8)
                == .dust(
                    DustReveal.Parameters(
                        dust: DustEffect.Parameters(width: 8, height: 8, layers: 255, spread: .init(width: 60, height: 30)))))
    }

    @Test(arguments: [PluginTransition.shatter, .dust])
    func nanIsTheDefaultAndOutsideIsTheNearerEnd(_ transition: PluginTransition) {
        let count = transition.parameters.count
        let defaults = transition.parameters.map(\.defaultValue)
        let settings = { transition.settings($0, width: 100, height: 50) }
        #expect(settings(Array(repeating: .nan, count: count)) == settings(defaults))
        #expect(settings(Array(repeating: 1e308, count: count)) == settings(Array(repeating: 1, count: count)))
        #expect(settings(Array(repeating: -.infinity, count: count)) == settings(Array(repeating: 0, count: count)))
    }

    @Test func aFrameIsTheRenderersFrameAtProgressTimesTheDuration() throws {
        let (width, height) = (61, 37)
        let from = Self.picture(width: width, height: height, seed: 1)
        let to = Self.picture(width: width, height: height, seed: 2)
        let instance = try #require(Frei0rInstance(transition: .shatter, width: width, height: height))
        instance.setValue(0.5, at: 0)
        var output = [UInt8](repeating: 0, count: width * height * 4)
        for _ in 0..<2 {  // the second frame reuses the first one's buffers and effect
            output.withUnsafeMutableBufferPointer { out in
                instance.update(from: from.pixels, to: to.pixels, output: out.baseAddress!)
            }
        }
        let effect = try ShatteredTransition(
            from: Texture(image: from), to: Texture(image: to),
            parameters: .init(
                width: width, height: height, pointSize: ShatteredTransition.proportionalPointSize(pixelWidth: width)))
        let expected = try SoftwareRenderer().render(effect.displayList(at: 0.6))
        #expect(output == expected.pixels)
        #expect(output != from.pixels && output != to.pixels)
    }

    /// Opaque pixels with detail everywhere, so moved pieces show (straight and premultiplied alike).
    static func picture(width: Int, height: Int, seed: UInt8) -> Image {
        var image = Image(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] = RGBA8(r: UInt8(x * 4 % 256), g: UInt8((y * 7 + Int(seed) * 50) % 256), b: seed &* 90, a: 255)
            }
        }
        return image
    }
}
