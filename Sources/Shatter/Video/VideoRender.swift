/// An effect rendered into one video file through ffmpeg. For an effect drawn from clips
/// (``ClipSourced``, e.g. ``ClipDriven/joining(from:to:fps:transitionDuration:head:tail:fitting:transition:)``)
/// it is the whole join: the `from` clip's head before the transition, the transition, the `to` clip's
/// tail after it, and the clips' sound mixed as ``audio`` says. A failed or interrupted render leaves
/// no video.
///
/// ```swift
/// var video = VideoRender(effect: join, path: "joined.mp4", options: .init())
/// video.audio = .crossfade
/// let summary = try video.run(renderer: try Backend.cpu.makeRenderer())
/// ```
public struct VideoRender<E: Effect> {
    public var effect: E
    /// The video file; its extension picks the codec (``VideoEncoder/containers``).
    public var path: String
    /// The frame rate and, for a transition alone, the frames; a head or tail needs them all.
    public var options: RenderSession<E>.Options
    /// Keep an alpha channel where the container can.
    public var alpha = true
    /// The ffmpeg to run; nil: the first `ffmpeg` on `PATH`.
    public var ffmpeg: String?
    /// More ffmpeg output options, placed before the output file (e.g. `-crf 28`).
    public var extraArguments: [String] = []
    /// The clips' sound, when the effect draws from videos with audio.
    public var audio: VideoAudio.Mix = .crossfade
    /// `.mp4`'s and `.webm`'s size against fidelity.
    public var quality = VideoEncoder.Quality.medium
    /// The user's copies of the original's sounds, laid at the effect's `Effect.soundCues` and mixed
    /// with any clip sound; nil for none. An effect without cues, or a `.gif`, is refused.
    public var sounds: OriginalSoundFolder?

    public init(effect: E, path: String, options: RenderSession<E>.Options = .init()) {
        self.effect = effect
        self.path = path
        self.options = options
    }

    /// Renders every frame into the video (head first, tail last) and moves it into place: the two
    /// clips' join runs through the same stream as ``VideoJoin``'s, so events and the summary count
    /// every frame of the video, head and tail too, and the summary comes once ffmpeg has finished.
    /// Interrupted through `cancellation`, it removes what ffmpeg wrote and returns a summary saying
    /// so. As for any writer into a pipe, ignore SIGPIPE in the program (`signal(SIGPIPE, SIG_IGN)`,
    /// as `shatter` does) so that an ffmpeg that quits is an error naming its last words rather than
    /// the process's death; a library does not change how the whole process takes signals.
    public func run(
        renderer: Backend.Choice, cancellation: CancellationToken = CancellationToken(),
        events: @escaping @Sendable (RenderEvent) -> Void = { _ in }
    ) throws -> RenderSummary {
        let clips = effect as? any ClipSourced
        let join = clips?.join ?? ClipJoin()
        if join != ClipJoin(), options.range != nil { throw VideoError.partialJoin }
        if options.shard != nil { throw VideoError.shardedVideo }
        let selection = try FrameSelection(
            timeline: FrameTimeline(duration: effect.duration, fps: options.fps), range: options.range)
        let transition = selection.timeline.count
        let layout = join.layout(transitionFrames: transition)
        try layout.checkFrameCap()
        // Some frames of the transition (checked above), or all of the video; never a part of a head or tail.
        let window = options.range.map { $0.lowerBound..<$0.upperBound + 1 } ?? 0..<layout.totalFrames
        var request = VideoEncoder.Request(path: path, width: effect.pixelWidth, height: effect.pixelHeight, fps: options.fps)
        request.alpha = alpha
        request.ffmpeg = ffmpeg
        request.extraArguments = extraArguments
        request.quality = quality
        let from = clips?.input("from")
        let to = clips?.input("to")
        var parts: [JoinStream.Part] = [.transition(frames: transition) { effect }]
        let cued = OriginalSoundFolder.CuedPart(
            cues: effect.soundCues, start: layout.transitionStart(0), frames: transition, backwards: effect.playsBackwards)
        let cues =
            try sounds?.voices(for: [cued], in: request, totalFrames: layout.totalFrames, what: "the \(E.name) effect") ?? []
        // Clips' sound is heard only from an effect drawn from clips; the cues are heard in any.
        request.audio = try VideoAudio.join(
            clips: [from?.clip, to?.clip], layout: layout, fps: options.fps, mix: clips == nil ? .none : audio,
            window: window, cues: cues)
        if clips != nil {
            if let from, join.headFrames > 0 {
                parts.insert(.clip(from.clip, fitting: from.fitting, role: "from", first: 0, count: join.headFrames), at: 0)
            }
            if let to, join.tailFrames > 0 {
                parts.append(.clip(to.clip, fitting: to.fitting, role: "to", first: transition, count: join.tailFrames))
            }
        }
        var settings = JoinStream.Settings(fps: options.fps)
        (settings.png, settings.framesInFlight, settings.contactSheetFrames) =
            (options.png, options.framesInFlight, options.contactSheetFrames)
        let stream = JoinStream(parts: parts, settings: settings, window: window)
        return try stream.run(into: try VideoEncoder(request), renderer: renderer, cancellation: cancellation, events: events)
    }
}
