import ArgumentParser
import Shatter

/// The shattered transition's options: `shatter render shatter …`, `shatter compare shatter …`.
struct ShatterEffectOptions: EffectOptions {
    static let abstract = "The shattered transition: a screen breaks into point sprites that fall away."
    static let discussion = """
        With no --from, the original demo's presented screen is drawn by Shatter; with no --to, its \
        green root screen. Frame i is the state at t = i / fps for i = 0 … ceil(duration · fps).
        """

    @Option(help: ArgumentHelp("PNG of the screen that shatters.", valueName: "PNG"))
    var from: String?

    @Option(help: ArgumentHelp("PNG of the screen revealed underneath.", valueName: "PNG"))
    var to: String?

    @Option(help: ArgumentHelp("Screen size in points (default: the --from PNG's size ÷ scale, else 375x667).",
                               valueName: "WxH"))
    var size: Dimensions?

    @Option(parsing: .unconditional, help: "Output pixels per point.")
    var scale: Double = 1

    @Option(name: .customLong("point-size"), parsing: .unconditional, help: ArgumentHelp("Sprite side in points.", valueName: "POINTS"))
    var pointSize: Double = 2

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds of animation.", valueName: "SECONDS"))
    var duration: Double = 1.2

    @Option(parsing: .unconditional, help: "Seed of the pieces' random motion.")
    var seed: UInt64 = 0

    @Option(help: ArgumentHelp(
        "original (R ∈ [0, 2], the original's arc4random quirk) or textbook (R ∈ [0, 1]); closed (motion in closed "
            + "form) or euler60 (the original's 60 Hz steps, exactly, for durations up to "
            + "\(Int(ShatteredTransition.Motion.longestSteppedDuration)) s). Combine with a comma: textbook,euler60. "
            + "(default: original,closed)",
        valueName: "RANGE,MOTION"), transform: PhysicsChoice.parse)
    var physics = PhysicsChoice()

    @Option(help: "Snapshot sampling: linear or nearest.")
    var filter: TextureFilter = .linear

    func validate() throws {
        try SizeLimits.check(size: size, scale: scale)
        guard pointSize.isFinite, pointSize > 0 else {
            throw ValidationError("--point-size must be a number above 0, not \(pointSize)")
        }
        guard pointSize * scale >= 1 else {
            throw ValidationError("--point-size × --scale is \(pointSize * scale) px; sprites must be at least 1 px")
        }
        guard pointSize * scale <= OptionLimits.maxPointPixels else {
            throw ValidationError("--point-size × --scale is \(pointSize * scale) px; sprites can be at most "
                                  + "\(Int(OptionLimits.maxPointPixels)) px")
        }
        try OptionLimits.check(duration: duration)
        let longest = ShatteredTransition.Motion.longestSteppedDuration
        guard physics.motion != .euler60 || duration <= longest else {
            throw ValidationError("--physics euler60 evaluates at most \(PointMotion.maxSteps) steps per frame "
                                  + "(\(Int(longest)) s at 60 Hz), so --duration must be at most \(Int(longest)), not \(duration); "
                                  + "the closed form has no such limit")
        }
    }

    func makeEffect() throws -> ShatteredTransition {
        let inputs = try TransitionInputs(fromPath: from, toPath: to, size: size.map { ($0.width, $0.height) }, scale: scale)
        let parameters = ShatteredTransition.Parameters(
            width: inputs.width, height: inputs.height, scale: scale, pointSize: pointSize, duration: duration,
            seed: seed, randomRange: physics.randomRange, motion: physics.motion, filter: filter)
        try SizeLimits.check(width: parameters.pixelWidth, height: parameters.pixelHeight, what: "the output")
        return ShatteredTransition(from: Texture(image: inputs.from), to: Texture(image: inputs.to), parameters: parameters)
    }
}
