import ShatterCore
import ShatterEffects
import ShatterSoftware
import Testing

@testable import ShatterFrei0r

/// A frame drawn from two opaque pictures (what MLT and GStreamer give from video) is opaque: the next
/// picture is drawn under everything, over the whole frame, and whatever is drawn over alpha 255 keeps
/// it. So such a frame is already straight, and the plugin skips reading it again for translucent
/// pixels (`Frei0rInstance.update`); were one pixel translucent, its bytes would differ from the CLI's.
@Suite struct FrameOpacityTests {
    /// Sizes with tails shorter than a group of eight, odd sides, and a tall one.
    static let sizes = [(61, 37), (64, 36), (33, 100), (9, 7)]
    static let progresses = [0, 0.01, 0.1, 0.33, 0.5, 0.77, 0.99, 1]

    /// Each parameter's values to try, by name; every combination is drawn.
    static func choices(_ transition: PluginTransition) -> [String: [Double]] {
        switch transition {
        case .shatter:
            ["point_size": [0, 1 / 64, 3 / 64, 20 / 64], "seed": [0, 0.007, 0.5], "physics": [0, 1], "duration": [0.1, 0.2]]
        case .dust:
            ["layers": [1 / 255, 0.1255, 1], "drift": [0, 0.5, 1], "seed": [0, 0.007, 0.5]]
        }
    }

    /// An opaque picture of noise (premultiplied as it is, every alpha 255).
    static func texture(width: Int, height: Int, seed: UInt32) -> Texture {
        var state = seed &* 2_654_435_761 &+ 1
        let pixels = (0..<(width * height * 4)).map { i in
            state = state &* 1_664_525 &+ 1_013_904_223
            return i % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: state >> 24)
        }
        return Texture(image: Image(width: width, height: height, pixels: pixels))
    }

    /// Every combination of `choices` applied to the defaults.
    static func combinations(_ transition: PluginTransition) -> [[Double]] {
        let names = transition.parameters.map { "\($0.name)" }
        var all = [transition.parameters.map(\.defaultValue)]
        for (name, values) in choices(transition) {
            let index = names.firstIndex(of: name)!
            all = all.flatMap { base in
                values.map { value in
                    var next = base
                    next[index] = value
                    return next
                }
            }
        }
        return all
    }

    @Test(arguments: [PluginTransition.shatter, .dust])
    func opaquePicturesMakeAnOpaqueFrame(_ transition: PluginTransition) throws {
        let renderer = SoftwareRenderer()
        var frames = 0
        for (width, height) in Self.sizes {
            let from = Self.texture(width: width, height: height, seed: 1)
            let to = Self.texture(width: width, height: height, seed: 2)
            for values in Self.combinations(transition) {
                let settings = transition.settings(values, width: width, height: height)
                guard let effect = try? settings.makeEffect(from: from, to: to) else { continue }
                for progress in Self.progresses {
                    let frame = try renderer.render(effect.displayList(at: progress * settings.seconds))
                    let translucent = stride(from: 3, to: frame.pixels.count, by: 4).first { frame.pixels[$0] != 255 }
                    #expect(translucent == nil, "\(width)×\(height) \(values) at \(progress): pixel \((translucent ?? 0) / 4)")
                    frames += 1
                }
            }
        }
        #expect(frames > 500)  // the combinations were drawn, not refused
    }
}
