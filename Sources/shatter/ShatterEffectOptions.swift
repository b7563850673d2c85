import ArgumentParser
import Shatter

/// The shattered transition's options: `shatter render shatter …`, `shatter compare shatter …`.
struct ShatterEffectOptions: EffectOptions {
    static let abstract = "The shattered transition: a screen breaks into point sprites that fall away."
    static let discussion = """
        With no --from, the original demo's presented screen is drawn by Shatter; with no --to, its \
        green root screen. Frame i is the state at t = i / fps for i = 0 … ceil(duration · fps). \
        --from and --to may be clips (PNG frames, a %d pattern, a video): frame i draws each clip's \
        frame shown at t = i / fps (PNG frames play at --fps), and a clip that ends first holds its last frame.
        """

    @Option(help: ArgumentHelp("The screen that shatters. " + ClipOpening.help, valueName: "CLIP"))
    var from: String?

    @Option(help: ArgumentHelp("The screen revealed underneath. " + ClipOpening.help, valueName: "CLIP"))
    var to: String?

    @Option(help: ClipOpening.fitHelp)
    var fit: ClipFit?

    @Flag(help: "With --video: start with the --from clip, so the transition takes its last moments.")
    var head = false

    @Flag(help: "With --video: go on with the rest of the --to clip after the transition.")
    var tail = false

    @OptionGroup var screen: ScreenOptions<ClipOrPhoneScreen>

    @Option(
        name: .customLong("point-size"), parsing: .unconditional,
        help: ArgumentHelp(
            "Side of the pieces in points (pixels = points × --scale), or " + PointSizeChoice.autoHelp
                + PointSizeChoice.defaultHelp, valueName: "POINTS|auto"),
        transform: PointSizeChoice.parse)
    var pointSize = PointSizeChoice.auto

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds of animation.", valueName: "SECONDS"))
    var duration: Double = 1.2

    @Option(parsing: .unconditional, help: "Seed of the pieces' random motion.")
    var seed: UInt64 = 0

    @Option(
        help: ArgumentHelp(
            "original (R ∈ [0, 2], the original's arc4random quirk) or textbook (R ∈ [0, 1]); closed (motion in closed "
                + "form) or euler60 (the original's 60 Hz steps, exactly, for durations up to "
                + "\(Int(ShatteredTransition.Motion.longestSteppedDuration)) s). Combine with a comma: textbook,euler60. "
                + "(default: original,closed)",
            valueName: "RANGE,MOTION"), transform: PhysicsChoice.parse)
    var physics = PhysicsChoice()

    @Option(help: "Snapshot sampling: linear or nearest.")
    var filter: TextureFilter = .linear

    func validate() throws {
        // auto is decided once the output's width is known, always a size the renderers place exactly.
        if case .points(let pointSize) = pointSize { try validate(pointSize: pointSize) }
        try OptionLimits.check(duration: duration)
        let longest = ShatteredTransition.Motion.longestSteppedDuration
        guard physics.motion != .euler60 || duration <= longest else {
            throw ValidationError(
                "--physics euler60 evaluates at most \(PointMotion.maxSteps) steps per frame "
                    + "(\(Int(longest)) s at 60 Hz), so --duration must be at most \(Int(longest)), not \(duration); "
                    + "the closed form has no such limit")
        }
    }

    private func validate(pointSize: Double) throws {
        let option = screen.scale == 1 ? "--point-size" : "--point-size × --scale"
        try OptionLimits.check(pointSize: pointSize, scale: screen.scale, option: option)
    }

    var inputPaths: [String] { [from, to].compactMap { $0 } }

    func makeEffect() throws -> ClipDriven<ShatteredTransition> {
        try makeEffect(EffectContext(fps: 60, background: nil))
    }

    func makeEffect(_ context: EffectContext) throws -> ClipDriven<ShatteredTransition> {
        let (fromClip, toClip) = try ClipOpening.open(from: from, to: to, context: context)
        let size = ClipOpening.size(screen.size.map { ($0.width, $0.height) }, clip: fromClip, scale: screen.scale)
        var parameters = ShatteredTransition.Parameters(
            width: size.0, height: size.1, scale: screen.scale, duration: duration,
            seed: seed, randomRange: physics.randomRange, motion: physics.motion, filter: filter)
        parameters.pointSize = pointSize.resolved(pixelWidth: parameters.pixelWidth, scale: screen.scale)
        let width = parameters.pixelWidth
        let height = parameters.pixelHeight
        try SizeLimits.check(width: width, height: height, what: "the output")
        if head, fromClip == nil { throw ValidationError("--head needs a --from clip") }
        if tail, toClip == nil { throw ValidationError("--tail needs a --to clip") }
        let scale = screen.scale
        return try ClipDriven.joining(
            from: fromClip, to: toClip, fps: context.fps, transitionDuration: duration, head: head, tail: tail,
            fitting: { ClipOpening.fitting($0, fit: fit, width: width, height: height, context: context) },
            transition: { from, to in
                let screen =
                    from ?? Texture(image: DefaultScenes.presentedScreen(widthPoints: size.0, heightPoints: size.1, scale: scale))
                let destination =
                    to ?? Texture(image: DefaultScenes.destination(widthPoints: size.0, heightPoints: size.1, scale: scale))
                return try ShatteredTransition(from: screen, to: destination, parameters: parameters)
            })
    }
}
