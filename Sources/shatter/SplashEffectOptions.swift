import ArgumentParser
import Shatter

/// The Uber splash's options: `shatter render splash …`, `shatter compare splash …`.
struct SplashEffectOptions: EffectOptions {
    static let abstract = "The Uber splash: the animated U logo over a rippling grid of tiles, looping every 3 s."
    static let discussion = """
        Logo, tiles and label are drawn by Shatter (no artwork is read). Frame i is the state at \
        t = i / fps for i = 0 … ceil(duration · fps); the default 6 s is two loops.
        """

    @OptionGroup var screen: ScreenOptions<PhoneScreen>

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds of animation.", valueName: "SECONDS"))
    var duration: Double = 6

    func validate() throws {
        try OptionLimits.check(duration: duration)
    }

    func makeEffect() throws -> UberSplash {
        let size = screen.points
        return try UberSplash(parameters: .init(width: size.width, height: size.height, scale: screen.scale, duration: duration))
    }
}
