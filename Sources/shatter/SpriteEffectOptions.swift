import ArgumentParser
import Shatter

/// The sprite-sheet player's options: `shatter render sprite …`, `shatter compare sprite …`.
struct SpriteEffectOptions: EffectOptions {
    static let abstract = "Play a horizontal sprite sheet frame by frame, as the Thanos gauntlet's snap."
    static let discussion = """
        Frame k of the sheet shows for t in [k·d/N, (k+1)·d/N); from t = d on the layer shows \
        frame 0 again, as the original (its animation is removed on completion). With no --sheet, \
        Shatter draws a 48-frame, 80x80 snap. --reverse plays the same frames backwards.
        """

    @Option(help: ArgumentHelp("PNG sprite sheet, frames side by side from the left.", valueName: "PNG"))
    var sheet: String?

    @Option(
        name: .customLong("frame-size"),
        help: ArgumentHelp(
            "Size of one frame in sheet pixels (default: the sheet's height, square).",
            valueName: "WxH"))
    var frameSize: Dimensions?

    @Option(
        name: .customLong("sheet-frame-count"), parsing: .unconditional,
        help: ArgumentHelp(
            "Sheet frames to play (default: all whole frames in the sheet; 48 for the drawn one).",
            valueName: "N"))
    var sheetFrameCount: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds the frames take (the original: 2).", valueName: "SECONDS"))
    var duration: Double = 2

    @Option(parsing: .unconditional, help: "Output pixels per sheet pixel.")
    var scale: Double = 1

    @Flag(help: "Play backwards: the snap undone, as the original's time stone (its sound: thanos_reverse_sound).")
    var reverse = false

    func validate() throws {
        try OptionLimits.check(scale: scale)
        try OptionLimits.check(duration: duration, positive: true)
        if let sheetFrameCount, sheetFrameCount < 1 {
            throw ValidationError("--sheet-frame-count must be 1 or more, not \(sheetFrameCount)")
        }
        if let frameSize {
            try OptionLimits.check(size: frameSize, scale: scale, what: "--frame-size × --scale")
        }
    }

    var inputPaths: [String] { [sheet].compactMap { $0 } }

    func makeEffect() throws -> SpriteSheetPlayer {
        let image = try sheet.map { try PNGDecoder.read(path: $0) } ?? SnapSpriteSheet.drawn()
        let size = frameSize ?? Dimensions(width: image.height, height: image.height)
        let parameters = SpriteSheetPlayer.Parameters(
            frameWidth: size.width, frameHeight: size.height,
            frames: sheetFrameCount, duration: duration, scale: scale, reverse: reverse)
        let player: SpriteSheetPlayer
        do {
            player = try SpriteSheetPlayer(sheet: image, parameters: parameters)
        } catch let error as SpriteSheetPlayer.SheetError where sheetFrameCount != nil || frameSize != nil {
            // The options asked for more than the sheet holds: a usage error. Without them, the sheet
            // itself is unusable, a runtime failure (the CLI's error mapping says so).
            throw ValidationError("\(error); check --frame-size and --sheet-frame-count")
        }
        try SizeLimits.check(width: player.pixelWidth, height: player.pixelHeight, what: "the output")
        return player
    }
}
