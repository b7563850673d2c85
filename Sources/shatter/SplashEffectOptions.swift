import ArgumentParser
import Shatter

/// The Uber splash's options: `shatter render splash …`, `shatter compare splash …`.
struct SplashEffectOptions: EffectOptions {
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
        try SizeLimits.check(size: size, scale: scale)
        try OptionLimits.check(duration: duration)
    }

    func makeEffect() throws -> UberSplash {
        UberSplash(parameters: .init(width: size.width, height: size.height, scale: scale, duration: duration))
    }
}
