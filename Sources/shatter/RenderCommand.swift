import ArgumentParser

/// `shatter render <effect>`.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render an effect's frames to PNG.",
        subcommands: [RenderShatterCommand.self, RenderSplashCommand.self]
    )
}
