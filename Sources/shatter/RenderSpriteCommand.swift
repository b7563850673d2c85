import ArgumentParser
import Shatter

/// `shatter render sprite`: a horizontal sprite sheet played with discrete keyframes.
struct RenderSpriteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sprite",
        abstract: "Play a horizontal sprite sheet frame by frame, as the Thanos gauntlet's snap.",
        discussion: """
            Frame k of the sheet shows for t in [k·d/N, (k+1)·d/N); from t = d on the layer shows \
            frame 0 again, as the original (its animation is removed on completion). With no --sheet, \
            Shatter draws a 48-frame, 80x80 snap.
            """
    )

    @Option(help: ArgumentHelp("PNG sprite sheet, frames side by side from the left.", valueName: "PNG"))
    var sheet: String?

    @Option(name: .customLong("frame-size"),
            help: ArgumentHelp("Size of one frame in sheet pixels (default: the sheet's height, square).",
                               valueName: "WxH"))
    var frameSize: Dimensions?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Frames to play (default: all whole frames in the sheet; 48 for the drawn one).",
                               valueName: "N"))
    var frames: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds the frames take (the original: 2).", valueName: "SECONDS"))
    var duration: Double = 2

    @Option(parsing: .unconditional, help: "Output pixels per sheet pixel.")
    var scale: Double = 1

    @OptionGroup var timing: FPSOption

    @OptionGroup var output: OutputOptions

    func validate() throws {
        try OptionLimits.check(scale: scale)
        try OptionLimits.check(duration: duration, positive: true)
        _ = try OptionLimits.frameCount(timing.timeline(duration: duration))
        if let frames, frames < 1 { throw ValidationError("--frames must be 1 or more, not \(frames)") }
        if let frameSize {
            try OptionLimits.check(size: frameSize, scale: scale, what: "--frame-size × --scale")
        }
    }

    func run() throws {
        let image = try sheet.map { try PNGDecoder.read(path: $0) } ?? SnapSpriteSheet.drawn()
        let size = frameSize ?? Dimensions(width: image.height, height: image.height)
        let player: SpriteSheetPlayer
        do {
            player = try SpriteSheetPlayer(sheet: image, frameWidth: size.width, frameHeight: size.height,
                                           frames: frames, duration: duration, scale: scale)
        } catch let error as SpriteSheetPlayer.SheetTooSmall {
            throw ValidationError(error.description)
        }
        try SizeLimits.check(width: player.pixelWidth, height: player.pixelHeight, what: "the output")
        try FrameRendering(output: output, timeline: timing.timeline(duration: duration),
                           job: RenderJob(effect: "sprite", parameters: RenderJob.parameters(of: self))).run(player.displayList(at:))
    }
}
