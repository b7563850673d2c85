import ArgumentParser
import Shatter

/// `shatter render splash`: the Uber splash screen (animated "U" logo over a rippling tile grid).
struct RenderSplashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "splash",
        abstract: "The Uber splash: the animated U logo over a rippling grid of tiles, looping every 3 s.",
        discussion: """
            Logo, tiles and label are drawn by Shatter (no artwork is read). Frame i is the state at \
            t = i / fps for i = 0 … ceil(duration · fps); the default 6 s is two loops.
            """
    )

    @Option(help: ArgumentHelp("Screen size in points.", valueName: "WxH"))
    var size: Dimensions = Dimensions(width: 375, height: 667)

    @Option(parsing: .unconditional, help: "Output pixels per point.")
    var scale: Double = 1

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds of animation.", valueName: "SECONDS"))
    var duration: Double = 6

    @OptionGroup var timing: TimingOptions

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard scale.isFinite, scale > 0 else { throw ValidationError("--scale must be a number above 0, not \(scale)") }
        guard scale <= 16 else { throw ValidationError("--scale must be at most 16, not \(scale)") }
        guard duration.isFinite, duration >= 0 else {
            throw ValidationError("--duration must be 0 or more seconds, not \(duration)")
        }
        try SizeLimits.check(width: Int((Double(size.width) * scale).rounded()),
                             height: Int((Double(size.height) * scale).rounded()), what: "--size × --scale")
    }

    func run() throws {
        let effect = UberSplash(parameters: .init(width: size.width, height: size.height, scale: scale, duration: duration))
        try FrameRendering(output: output, timeline: timing.timeline(duration: duration)).run(effect.displayList(at:))
    }
}
