import Shatter
import ShatterCore
import ShatterTestSupport
import Testing

/// A texture that reads texels its caller lends (`Texture.init(image:lending:replacing:)`, a frei0r
/// host's opaque picture) draws what a texture owning those texels draws, on GL as on the CPU: the
/// image it carries gives only the size.
@Suite(.enabled(if: GLSupport.isAvailable, "no EGL context can be made on this machine (reason printed above)"))
struct LentTextureTests {
    static let (width, height) = (48, 32)

    static func picture(seed: Int) -> Image {
        var image = Image(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] = RGBA8(r: UInt8(x * 5 % 256), g: UInt8((y * 7 + seed * 40) % 256), b: UInt8(seed * 90), a: 255)
            }
        }
        return image
    }

    @Test func aLentTextureDrawsItsLentTexels() throws {
        let (from, to) = (Self.picture(seed: 1), Self.picture(seed: 2))
        let standIns = (from: Texture(image: Image(width: 1, height: 1)), to: Texture(image: Image(width: 1, height: 1)))
        let effect = try ShatteredTransition(
            from: standIns.from, to: standIns.to,
            parameters: .init(width: Self.width, height: Self.height, pointSize: 2, duration: 1.2))
        let list = try effect.displayList(at: 0.5)
        let owned = list.replacingTextures {
            $0 === standIns.from ? Texture(image: from, replacing: standIns.from) : Texture(image: to, replacing: standIns.to)
        }
        let expected = (gl: try GLRenderer().render(owned), cpu: try SoftwareRenderer().render(owned))
        // The carried image is blank: a renderer that read it instead of the lent texels would draw nothing.
        let blank = Image(width: Self.width, height: Self.height)
        try from.pixels.withUnsafeBufferPointer { fromTexels in
            try to.pixels.withUnsafeBufferPointer { toTexels in
                let lent = list.replacingTextures {
                    $0 === standIns.from
                        ? Texture(image: blank, lending: fromTexels, replacing: standIns.from)
                        : Texture(image: blank, lending: toTexels, replacing: standIns.to)
                }
                let drawn = (gl: try GLRenderer().render(lent), cpu: try SoftwareRenderer().render(lent))
                #expect(drawn.gl == expected.gl)
                #expect(drawn.cpu == expected.cpu)
            }
        }
        #expect(expected.cpu != Image(width: Self.width, height: Self.height, fill: .transparent))
    }
}
