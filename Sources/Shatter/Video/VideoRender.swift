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

    public init(effect: E, path: String, options: RenderSession<E>.Options = .init()) {
        self.effect = effect
        self.path = path
        self.options = options
    }

    /// Renders every frame into the video (head first, tail last) and moves it into place. Interrupted
    /// through `cancellation`, it removes what ffmpeg wrote and returns a summary saying so. As for any
    /// writer into a pipe, ignore SIGPIPE in the program (`signal(SIGPIPE, SIG_IGN)`, as `shatter`
    /// does) so that an ffmpeg that quits is an error naming its last words rather than the process's
    /// death; a library does not change how the whole process takes signals.
    public func run(
        renderer: Backend.Choice, cancellation: CancellationToken = CancellationToken(),
        events: @escaping @Sendable (RenderEvent) -> Void = { _ in }
    ) throws -> RenderSummary {
        let clips = effect as? any ClipSourced
        if let join = clips?.join, join != ClipJoin(), options.range != nil || options.shard != nil {
            throw VideoError.partialJoin
        }
        var request = VideoEncoder.Request(path: path, width: effect.pixelWidth, height: effect.pixelHeight, fps: options.fps)
        request.alpha = alpha
        request.ffmpeg = ffmpeg
        request.extraArguments = extraArguments
        request.quality = quality
        request.audio = try clips.flatMap { try sound(of: $0) }
        let video = try VideoEncoder(request)
        let summary: RenderSummary
        do {
            let session = try RenderSession(
                effect: effect, renderer: renderer, destination: .stream(fd: video.input, format: .rgba), options: options)
            if let clips { try write(clips, head: true, fd: video.input, transitionFrames: 0) }
            summary = try session.run(cancellation: cancellation, events: events)
        } catch {
            // A closed pipe into ffmpeg means ffmpeg gave up: its own status and words say why.
            if error as? StreamError == .readerClosed { throw video.stoppedReading() }
            video.abandon()
            throw error
        }
        if summary.interrupted {
            video.abandon()
            return summary
        }
        do {
            if let clips { try write(clips, head: false, fd: video.input, transitionFrames: summary.written) }
        } catch {
            video.abandon()
            throw error
        }
        try video.finish()
        return summary
    }

    /// The clips' sound under ``audio``: nil when no clip is a video with audio or the mix is `.none`.
    private func sound(of clips: any ClipSourced) throws -> VideoAudio? {
        let from = clips.input("from").flatMap { $0.clip.hasAudio ? $0.clip.path : nil }
        let to = clips.input("to").flatMap { $0.clip.hasAudio ? $0.clip.path : nil }
        if audio == .from || audio == .to, (audio == .from ? from : to) == nil {
            throw VideoError.silentClip(role: audio.rawValue)
        }
        guard audio != .none, from != nil || to != nil else { return nil }
        let selection = try FrameSelection(
            timeline: FrameTimeline(duration: effect.duration, fps: options.fps), range: options.range, shard: options.shard)
        let fps = options.fps
        return VideoAudio(
            from: from, to: to, mix: audio, start: Double(selection.range.lowerBound) / fps,
            duration: Double(selection.indices.count) / fps, head: Double(clips.join.headFrames) / fps,
            tail: Double(clips.join.tailFrames) / fps)
    }

    /// A join's head (the `from` clip before the transition) or tail (the `to` clip after it) into the video.
    private func write(_ clips: any ClipSourced, head: Bool, fd: Int32, transitionFrames: Int) throws {
        let count = head ? clips.join.headFrames : clips.join.tailFrames
        guard count > 0, let input = clips.input(head ? "from" : "to") else { return }
        let writer = StreamFrameWriter(fd: fd, format: .rgba, png: PNGWriteOptions(background: options.png.background))
        for j in 0..<count {
            let time = Double(head ? j : transitionFrames + j) / options.fps
            _ = try writer.write(try input.fittedFrame(at: time), index: j, position: j)
        }
    }
}
