import ArgumentParser
import Shatter

/// The Thanos-snap dust's options: `shatter render dust …`, `shatter compare dust …`.
struct DustEffectOptions: EffectOptions {
    static let abstract = "The Thanos-snap dust: a picture splits into layers that drift away, turn and fade."
    static let discussion = """
        With no --from, the shattered transition's default screen is drawn by Shatter. The animation \
        lasts 1.35·(N − 1)/N + 1 s (2.3078 s for 32 layers); frame i is the state at t = i / fps. \
        --reverse plays the same frames backwards, so the picture re-forms.
        """

    @Option(help: ArgumentHelp("The picture that turns to dust. " + ClipOpening.help, valueName: "CLIP"))
    var from: String?

    @Option(help: ClipOpening.fitHelp)
    var fit: ClipFit?

    @OptionGroup var screen: ScreenOptions<ClipOrPhoneScreen>

    @Option(parsing: .unconditional, help: ArgumentHelp("Number of layers, 1…255 (the original: 32).", valueName: "N"))
    var layers: Int = 32

    @Option(
        help: ArgumentHelp(
            "Radii of each layer's random drift, in points (the repo's 30x15; the article's 60x30).",
            valueName: "WxH"))
    var spread: Dimensions = Dimensions(width: 30, height: 15)

    @Option(help: "bezier (potato04's paced quadratic Bézier) or css (Google's exact CSS trajectory).")
    var path: DustPath = .bezier

    @Flag(help: "Play backwards: the dust gathers back into the picture.")
    var reverse = false

    @Option(parsing: .unconditional, help: "Seed of the layer split and the layers' random motion.")
    var seed: UInt64 = 0

    func validate() throws {
        guard (1...DustLayerSplit.maximumLayers).contains(layers) else {
            throw ValidationError("--layers must be 1…\(DustLayerSplit.maximumLayers), not \(layers)")
        }
    }

    var inputPaths: [String] { [from].compactMap { $0 } }

    func makeEffect() throws -> ClipDriven<DustEffect> {
        try makeEffect(EffectContext(fps: 60, background: nil))
    }

    func makeEffect(_ context: EffectContext) throws -> ClipDriven<DustEffect> {
        let clip = try ClipOpening.open(from, context: context)
        let size = ClipOpening.size(screen.size.map { ($0.width, $0.height) }, clip: clip, scale: screen.scale)
        let parameters = DustEffect.Parameters(
            width: size.0, height: size.1, scale: screen.scale, layers: layers,
            spread: Size(width: Double(spread.width), height: Double(spread.height)), path: path, seed: seed,
            reverse: reverse)
        try SizeLimits.check(width: parameters.pixelWidth, height: parameters.pixelHeight, what: "the output")
        let input = try clip.map {
            try ClipOpening.input(
                $0, role: "from", fit: fit, width: parameters.pixelWidth, height: parameters.pixelHeight,
                context: context)
        }
        let snapshot =
            input?.first
            ?? Texture(image: DefaultScenes.presentedScreen(widthPoints: size.0, heightPoints: size.1, scale: screen.scale))
        return ClipDriven(try DustEffect(snapshot: snapshot, parameters: parameters), clips: input.map { [$0] } ?? [])
    }
}
