import ArgumentParser
import Glibc
import Shatter

/// `shatter join CLIP CLIP [CLIP…] --video FILE`: clips one after another in one video, a transition
/// between each two, their sound crossfaded. Options only: the join is the library's ``VideoJoin``.
struct JoinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "join",
        abstract: "Join two or more clips into one video, with a transition between each two.",
        discussion: """
            Each clip plays whole, in order; a transition takes the last moments of the clip before it and \
            the first of the next, so the video lasts the clips' lengths less the transitions'. A clip \
            shorter than its transitions holds its last frame. The clips' sound fades from one to the next \
            over each transition (equal power). Frames stream into ffmpeg as they are made: their memory \
            does not grow with the clips; the sound's mix opens every clip with sound at once (about 2 MB \
            each; --audio none opens none). join writes one video: --frames A-B picks frames of the joined video (a \
            preview); it has no --out, --pipe, --shard or --resume (render a transition alone with \
            `shatter render shatter --from A --to B` for those).
            """)

    @Argument(help: ArgumentHelp("Two or more clips, in order. " + ClipOpening.help, valueName: "CLIP"))
    var clips: [String] = []

    @Option(
        name: .customLong("transition"),
        help: ArgumentHelp(
            "shatter (the clip breaks into pieces that fall away) or dust (it turns to dust, revealing the next), "
                + "with seconds after a colon: shatter:1.2, dust:2. Once for every join, or once per join in order "
                + "(default: shatter:1.2; dust alone lasts 2.31 s).", valueName: "KIND[:SECONDS]"),
        transform: JoinTransitionChoice.parse)
    var transitions: [JoinTransitionChoice] = []

    @Option(help: ArgumentHelp("Video size in pixels (default: the first clip's).", valueName: "WxH"))
    var size: Dimensions?

    @Option(
        help: ArgumentHelp(
            "Fit clips of another size: stretch, contain (letterboxed with --background) or cover. Without it every "
                + "clip, a still PNG too, must be the video's size.", valueName: "MODE"))
    var fit: ClipFit?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Seconds each still picture (a PNG clip) is shown, as editors hold an image (default: one frame: it is "
                + "seen only while its transitions play).", valueName: "SECONDS"))
    var still: Double?

    @Option(help: ArgumentHelp("Colour around clips fitted with contain; frames are composited over it.", valueName: "RRGGBB"))
    var background: HexColor?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Frames per second (default: the first clip's rate if it is a video, else 60).", valueName: "N"))
    var fps: Double?

    @Option(
        name: .customLong("point-size"), parsing: .unconditional,
        help: ArgumentHelp(
            "Side of the shatter's pieces in points (join draws at scale 1: a point is a pixel), or "
                + PointSizeChoice.autoHelp + PointSizeChoice.defaultHelp,
            valueName: "POINTS|auto"),
        transform: PointSizeChoice.parse)
    var pointSize = PointSizeChoice.auto

    @Option(parsing: .unconditional, help: ArgumentHelp("Layers of the dust, 1…255.", valueName: "N"))
    var layers: Int = 32

    @Option(parsing: .unconditional, help: "Seed of the pieces' and the dust's random motion.")
    var seed: UInt64 = 0

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Only these frames of the joined video: A-B (inclusive) or one index N.", valueName: "A-B"))
    var frames: FrameRange?

    @Option(help: "auto, gl, gpu or cpu, as for render.")
    var backend: Backend = .auto

    @OptionGroup var device: DeviceOption

    @OptionGroup(title: "Video and progress") var delivery: DeliveryOptions

    @Flag(help: "Replace the --video file if it exists (without this, an existing file is refused).")
    var overwrite = false

    @Option(help: .hidden) var pipe: String?
    @Option(help: .hidden) var out: String?
    @Option(help: .hidden) var shard: String?

    func validate() throws {
        guard out == nil, shard == nil else {
            throw ValidationError(
                "join makes one video (--video FILE), not frames or shards; render one transition's frames with "
                    + "`shatter render shatter --from A --to B --out DIR`")
        }
        guard pipe == nil else { throw ValidationError("join writes a video: give --video FILE, not --pipe") }
        guard delivery.video != nil else { throw ValidationError("join needs --video FILE (.mp4, .webm, .mov, .gif, .mkv)") }
        guard clips.count >= 2 else {
            throw ValidationError("join needs two or more clips, not \(clips.count); give them in order: join A B [C…]")
        }
        guard transitions.count <= 1 || transitions.count == clips.count - 1 else {
            throw ValidationError(
                "\(clips.count) clips have \(clips.count - 1) joins; give --transition once for all or \(clips.count - 1) "
                    + "times, not \(transitions.count)")
        }
        if let fps { try FPSOption.check(fps) }
        if let still, !(still > 0 && still <= 3600) {
            throw ValidationError("--still must be more than 0 and at most 3600 seconds, not \(still)")
        }
        if let size { try SizeLimits.check(width: size.width, height: size.height, what: "--size") }
        if case .points(let points) = pointSize { try OptionLimits.check(pointSize: points, option: "--point-size") }
        guard (1...DustLayerSplit.maximumLayers).contains(layers) else {
            throw ValidationError("--layers must be 1…\(DustLayerSplit.maximumLayers), not \(layers)")
        }
    }

    func run() throws {
        let path = delivery.video!
        let sounds = try delivery.soundFolder()
        try OutputFile.check([("--video", path)], inputs: clips + (sounds?.files.values.sorted() ?? []), regularOnly: ["--video"])
        try ExistingVideo.check(path, overwrite: overwrite)
        // The first clip sets the rate when it is a video; PNG frames play at the video's rate.
        let first = try Clip(path: clips[0], frameRate: fps ?? 60)
        let rate = fps ?? (first.isVideo ? first.frameRate : 60)
        let stillFrames = still.map { max(1, Int(($0 * rate).rounded())) } ?? 1
        let opened = try ([first] + clips.dropFirst().map { try Clip(path: $0, frameRate: rate) }).map {
            $0.held(forFrames: stillFrames)
        }
        let (width, height) = size.map { ($0.width, $0.height) } ?? (first.width, first.height)
        try SizeLimits.check(width: width, height: height, what: "the video")
        for clip in opened where fit == nil && (clip.width != width || clip.height != height) {
            throw ValidationError(
                "clip \(clip.path) is \(clip.width)x\(clip.height) but the video is \(width)x\(height); "
                    + "pass --fit stretch|contain|cover, or --size to match")
        }
        let audio = delivery.audio ?? .crossfade
        if audio == .from || audio == .to, !(audio == .from ? opened.first! : opened.last!).hasAudio {
            throw ValidationError(
                "--audio \(audio.rawValue): the \(audio == .from ? "first" : "last") clip is not a video with sound")
        }

        var request = VideoEncoder.Request(path: path, width: width, height: height, fps: rate)
        request.alpha = background == nil
        request.ffmpeg = delivery.ffmpeg
        request.extraArguments = delivery.extraArguments
        request.quality = delivery.quality ?? .medium
        let choices = transitions.isEmpty ? [JoinTransitionChoice.shatter] : transitions
        var join = VideoJoin(
            clips: opened,
            transitions: (0..<opened.count - 1).map { i in
                (choices.count == 1 ? choices[0] : choices[i]).transition(width: width, height: height, options: self)
            },
            video: request)
        join.fit = fit
        join.background = background?.color ?? .transparent
        join.audio = audio
        join.sounds = sounds
        join.range = frames.map { $0.first...$0.last }
        // The whole video within the frame cap before the backend starts (the join checks it again).
        try join.layout.checkFrameCap()
        let warnings = delivery.quiet ? [] : HeldClipWarning.lines(join, json: delivery.progressMode.resolved == .json)

        let choice = try RenderRun.makeRenderer(backend, device: device, quiet: delivery.quiet)
        defer { choice.close() }
        let summary = try RenderRun.perform(
            { cancellation, events in
                try join.run(
                    renderer: choice, cancellation: cancellation, events: HeldClipWarning.printing(warnings, before: events))
            }, delivery: delivery, interruptedHint: "no video was written")
        guard !delivery.quiet else { return }
        RenderRun.printSummary(summary, place: path, choice: choice, toStandardError: false)
    }
}

/// `shatter` or `dust`, with optional seconds: `shatter:1.2`, `dust:2`, `dust`.
struct JoinTransitionChoice: ExpressibleByArgument {
    enum Kind: String, CaseIterable { case shatter, dust }
    let kind: Kind
    let seconds: Double?

    static let shatter = JoinTransitionChoice(kind: .shatter, seconds: nil)

    init(kind: Kind, seconds: Double?) {
        self.kind = kind
        self.seconds = seconds
    }

    init?(argument: String) {
        let parts = argument.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let kind = Kind(rawValue: String(parts[0])) else { return nil }
        var seconds: Double?
        if parts.count == 2 {
            guard let value = Double(parts[1]), ParameterError.transitionDurations.contains(value) else { return nil }
            seconds = value
        }
        self.init(kind: kind, seconds: seconds)
    }

    static var defaultValueDescription: String { "shatter:1.2" }

    /// `--transition`'s value, or an error that lists the choices.
    static func parse(_ argument: String) throws -> JoinTransitionChoice {
        if let choice = JoinTransitionChoice(argument: argument) { return choice }
        let kinds = Kind.allCases.map(\.rawValue)
        guard kinds.contains(String(argument.prefix { $0 != ":" })) else {
            throw ValidationError(
                "give \(kinds.joined(separator: " or ")), with seconds after a colon if you like (shatter:1.2, dust:2)")
        }
        let seconds = ParameterError.transitionDurations
        throw ValidationError(
            "the seconds after the colon must be a number from \(seconds.lowerBound) to \(Int(seconds.upperBound))")
    }

    /// The library's transition for a `width`×`height` video.
    func transition(width: Int, height: Int, options: JoinCommand) -> VideoJoin.Transition {
        switch kind {
        case .shatter:
            return .shatter(
                ShatteredTransition.Parameters(
                    width: width, height: height, pointSize: options.pointSize.resolved(pixelWidth: width, scale: 1),
                    duration: seconds ?? 1.2, seed: options.seed))
        case .dust:
            return .dust(
                DustEffect.Parameters(width: width, height: height, layers: options.layers, seed: options.seed),
                duration: seconds)
        }
    }
}
