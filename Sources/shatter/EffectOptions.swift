import ArgumentParser
import Shatter

/// An effect as the CLI knows it: its own options, and how they become frames. `render`, `compare`
/// (and later `bench`) build one subcommand per effect from ``EffectRegistry``, so a new effect is one
/// conformance plus one line there.
protocol EffectOptions: ParsableArguments {
    static var name: String { get }
    static var abstract: String { get }
    static var discussion: String { get }
    /// Loads inputs and builds the effect; throws errors a person can act on.
    func makeScene() throws -> EffectScene
}

/// A built effect: how long it runs, what to draw at any instant, and whether frames play it backwards.
struct EffectScene {
    let duration: Double
    let displayList: (Double) -> DisplayList
    /// Frame i shows the instant of frame (last − i) (the dust's `--reverse`).
    var reversed = false
}

enum EffectRegistry {
    static let all: [any EffectOptions.Type] = [
        ShatterEffectOptions.self, BreatheEffectOptions.self, DustEffectOptions.self, SplashEffectOptions.self,
    ]

    static var renderCommands: [any ParsableCommand.Type] { all.map { renderCommand(for: $0) } }
    static var compareCommands: [any ParsableCommand.Type] { all.map { compareCommand(for: $0) } }

    private static func renderCommand<E: EffectOptions>(for _: E.Type) -> any ParsableCommand.Type { RenderEffect<E>.self }
    private static func compareCommand<E: EffectOptions>(for _: E.Type) -> any ParsableCommand.Type { CompareEffect<E>.self }
}

/// `shatter render <effect>`, and the sprite-sheet player.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render an effect's frames to PNG.",
        subcommands: EffectRegistry.renderCommands + [RenderSpriteCommand.self]
    )
}

/// `shatter render <effect> [effect options] [timing] [output]`.
struct RenderEffect<Effect: EffectOptions>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: Effect.name, abstract: Effect.abstract, discussion: Effect.discussion)
    }

    @OptionGroup var effect: Effect
    @OptionGroup var timing: TimingOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup(title: "Sharding and resuming") var sharding: ShardOptions

    func run() throws {
        let scene = try effect.makeScene()
        let timeline = timing.timeline(duration: scene.duration)
        let job = RenderJob(effect: Effect.name, parameters: RenderJob.parameters(of: effect),
                            shard: try sharding.resolved(), resume: sharding.resume)
        try FrameRendering(output: output, timeline: timeline, frames: try timing.frames(in: timeline),
                           reversed: scene.reversed, job: job).run(scene.displayList)
    }
}
