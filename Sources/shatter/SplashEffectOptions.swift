import ArgumentParser
import Shatter

/// The Uber splash's options: `shatter render splash …`, `shatter compare splash …`.
struct SplashEffectOptions: EffectOptions {
    static let name = "splash"
    static let abstract = "The Uber splash: the animated U logo over a rippling grid of tiles, looping every 3 s."
    static let discussion = """
        Logo, tiles and label are drawn by Shatter (no artwork is read). Frame i is the state at \
        t = i / fps for i = 0 … ceil(duration · fps); the default 6 s is two loops.
        """

    @Option(help: ArgumentHelp("Screen size in points.", valueName: "WxH"))
    var size: Dimensions = Dimensions(width: 375, height: 667)

    @Option(parsing: .unconditional, help: "Output pixels per point.")
    var scale: Double = 1

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds of animation.", valueName: "SECONDS"))
    var duration: Double = 6

    func validate() throws {
        guard scale.isFinite, scale > 0 else { throw ValidationError("--scale must be a number above 0, not \(scale)") }
        guard duration.isFinite, duration >= 0 else {
            throw ValidationError("--duration must be 0 or more seconds, not \(duration)")
        }
        try SizeLimits.check(width: Int((Double(size.width) * min(scale, 1e6)).rounded()),
                             height: Int((Double(size.height) * min(scale, 1e6)).rounded()), what: "--size × --scale")
    }

    func makeScene() throws -> EffectScene {
        let effect = UberSplash(parameters: .init(width: size.width, height: size.height, scale: scale, duration: duration))
        return EffectScene(duration: duration, displayList: effect.displayList(at:))
    }
}
