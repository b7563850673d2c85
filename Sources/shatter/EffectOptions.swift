import ArgumentParser
import Shatter

/// An effect's command-line options, and how they make the library's ``Effect``. `render` and
/// `compare` build one subcommand per effect from ``EffectRegistry``, so a new effect is one
/// conformance here (plus its `Effect` conformance in the library) and one line in the registry.
protocol EffectOptions: ParsableArguments {
    associatedtype Made: Effect
    static var abstract: String { get }
    static var discussion: String { get }
    /// Loads inputs and builds the effect; throws errors a person can act on.
    func makeEffect() throws -> Made
    /// The same, for a render at `context.fps` (clips of PNG frames play at it) whose `contain`-fitted
    /// clips are letterboxed with `context.background`.
    func makeEffect(_ context: EffectContext) throws -> Made
    /// The files the effect reads (clips, a sprite sheet): no output may replace them.
    var inputPaths: [String] { get }
}

extension EffectOptions {
    func makeEffect(_ context: EffectContext) throws -> Made { try makeEffect() }
    var inputPaths: [String] { [] }
}

/// What building an effect may need from the rest of the command line.
struct EffectContext {
    var fps: Double
    var background: RGBA8?
}

enum EffectRegistry {
    static let all: [any EffectOptions.Type] = [
        ShatterEffectOptions.self, BreatheEffectOptions.self, DustEffectOptions.self, SplashEffectOptions.self,
        SpriteEffectOptions.self,
    ]

    static var renderCommands: [any ParsableCommand.Type] { all.map { renderCommand(for: $0) } }
    static var compareCommands: [any ParsableCommand.Type] { all.map { compareCommand(for: $0) } }
    static var previewCommands: [any ParsableCommand.Type] { all.map { previewCommand(for: $0) } }

    private static func renderCommand<E: EffectOptions>(for _: E.Type) -> any ParsableCommand.Type { RenderEffect<E>.self }
    private static func compareCommand<E: EffectOptions>(for _: E.Type) -> any ParsableCommand.Type { CompareEffect<E>.self }
    private static func previewCommand<E: EffectOptions>(for _: E.Type) -> any ParsableCommand.Type { PreviewEffect<E>.self }
}

/// `shatter render <effect>`.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render an effect's frames to PNG.",
        subcommands: EffectRegistry.renderCommands
    )
}

/// `shatter render <effect> [effect options] [timing] [output] [sharding]`.
struct RenderEffect<Options: EffectOptions>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: Options.Made.name, abstract: Options.abstract, discussion: Options.discussion)
    }

    @OptionGroup var effect: Options
    @OptionGroup var timing: TimingOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup(title: "Sharding and resuming") var sharding: ShardOptions
    @OptionGroup(title: "Streaming, video and progress") var stream: PipeOption
    @OptionGroup(title: "Streaming, video and progress") var delivery: DeliveryOptions

    func run() throws {
        // Every output path is checked before an input is read or a frame rendered.
        let outputs = [("--contact-sheet", output.contactSheet), ("--video", delivery.video)].compactMap { option, path in
            path.map { (option: option, path: $0) }
        }
        let folder = output.out ?? "frames"
        let sounds = try delivery.soundFolder()
        try OutputFile.check(
            outputs, inputs: effect.inputPaths + (sounds?.files.values.sorted() ?? []), folders: folder == "-" ? [] : [folder],
            regularOnly: ["--video"])
        if let video = delivery.video { try ExistingVideo.check(video, overwrite: sharding.overwrite) }
        if let out = output.out, out != "-" { try OutputFile.checkApart(out, option: "--out", from: effect.inputPaths) }
        let made = try effect.makeEffect(EffectContext(fps: timing.rate.fps, background: output.background?.color))
        try RenderRun(timing: timing, output: output, sharding: sharding, pipe: stream.pipe, delivery: delivery).run(
            made, sounds: sounds)
    }
}
