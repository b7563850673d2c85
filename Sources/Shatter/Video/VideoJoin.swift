import Foundation

/// Any number of clips joined into one video, a transition between each neighbouring pair: the
/// first clip plays up to the first transition, which takes its last moments and the next clip's
/// first; that clip goes on to the next transition, and so on to the end of the last clip
/// (``JoinLayout``). The clips' sound is crossfaded at each transition. Frames stream through ffmpeg
/// as they are made, one transition built at a time, so the frames' memory does not grow with the clips;
/// the sound's does, since the ffmpeg that mixes it opens every clip with sound at once (about 2 MB each,
/// docs/video.md).
/// Two clips give exactly what ``ClipDriven/joining(from:to:fps:transitionDuration:head:tail:fitting:transition:)``
/// with a head and a tail gives: both run through the same stream.
///
/// ```swift
/// let clips = try ["a.mp4", "b.mp4", "c.mp4"].map { try Clip(path: $0, frameRate: 30) }
/// let screen = ShatteredTransition.Parameters(width: 1920, height: 1080, pointSize: 8)
/// var join = VideoJoin(
///     clips: clips, transitions: [.shatter(screen), .dust(.init(width: 1920, height: 1080), duration: 1.5)],
///     video: VideoEncoder.Request(path: "joined.mp4", width: 1920, height: 1080, fps: 30))
/// join.fit = .cover
/// let summary = try join.run(renderer: try Backend.cpu.makeRenderer())
/// ```
public struct VideoJoin {
    /// What happens between two neighbouring clips.
    public struct Transition: Sendable {
        /// Seconds it lasts.
        public var duration: Double
        /// Builds the transition around the frames the two clips show as it starts (fitted to the
        /// video); the join then plays both clips through it.
        public var make: @Sendable (_ from: Texture, _ to: Texture) throws -> any Effect
        /// Where the original plays its sounds, on the transition's clock (the effect `make` builds
        /// has them too, but the sound is laid out before any transition is built).
        public var soundCues: [SoundCue]

        public init(
            duration: Double, soundCues: [SoundCue] = [],
            make: @escaping @Sendable (_ from: Texture, _ to: Texture) throws -> any Effect
        ) {
            self.duration = duration
            self.soundCues = soundCues
            self.make = make
        }

        /// The shattered transition: the clip before breaks into pieces that fall away from the next.
        public static func shatter(_ parameters: ShatteredTransition.Parameters) -> Transition {
            Transition(duration: parameters.duration) { try ShatteredTransition(from: $0, to: $1, parameters: parameters) }
        }

        /// The Thanos-snap dust: the clip before turns to dust, revealing the next; over `duration`
        /// seconds (nil: the dust's own).
        public static func dust(_ parameters: DustEffect.Parameters, duration: Double? = nil) -> Transition {
            let reveal = DustReveal.Parameters(dust: parameters, duration: duration)
            return Transition(duration: reveal.seconds, soundCues: reveal.soundCues) {
                try DustReveal(snapshot: $0, next: $1, parameters: reveal)
            }
        }
    }

    public var clips: [Clip]
    /// One fewer than the clips: `transitions[i]` joins `clips[i]` and `clips[i + 1]`.
    public var transitions: [Transition]
    /// The video file, its size and rate, and how it is encoded; its `audio` is set by the join.
    public var video: VideoEncoder.Request
    /// How clips of another size than the video are fitted; nil refuses them.
    public var fit: ClipFit?
    /// What `contain` leaves around a clip; with an opaque colour the frames are composited over it.
    public var background: RGBA8 = .transparent
    /// The clips' sound: crossfaded at each transition (the default), or none; `.from` and `.to` keep
    /// the first clip's or the last clip's alone.
    public var audio: VideoAudio.Mix = .crossfade
    /// Only these frames of the joined video; nil for all of them.
    public var range: ClosedRange<Int>?
    /// Frames rendered but not yet written, at most, in each transition.
    public var framesInFlight = 4
    /// The user's copies of the original's sounds, laid at each transition's cues (a dust sound as each
    /// dust transition starts, picked by its seed) and mixed with the clips' sound; nil for none. A
    /// join whose transitions have no cues, or a `.gif`, is refused.
    public var sounds: OriginalSoundFolder?

    public init(clips: [Clip], transitions: [Transition], video: VideoEncoder.Request) {
        self.clips = clips
        self.transitions = transitions
        self.video = video
    }

    /// Where every clip and transition lies in the video.
    public var layout: JoinLayout { JoinLayout(clipFrames: clipFrames, transitionFrames: transitionFrames) }

    /// The clips (their indices) shorter than their transitions, which hold their last frame while
    /// those play (``JoinLayout/heldClips(clipFrames:transitionFrames:)``): worth a warning.
    public var heldClips: [Int] { JoinLayout.heldClips(clipFrames: clipFrames, transitionFrames: transitionFrames) }

    private var clipFrames: [Int] { clips.map { JoinLayout.frames(of: $0, fps: video.fps) } }
    private var transitionFrames: [Int] { transitions.map { FrameTimeline(duration: $0.duration, fps: video.fps).count } }

    /// Checks the clips, the transitions and the range, starts ffmpeg, streams every frame into it and
    /// moves the finished video into place. `events` hears `.planned` with the video's frame count
    /// before any frame is made, then `.frameWritten` after each frame of the whole video. Interrupted
    /// through `cancellation`, it removes what ffmpeg wrote; a failure leaves no video either. As for
    /// ``VideoRender``, ignore SIGPIPE in the program.
    public func run(
        renderer: Backend.Choice, cancellation: CancellationToken = CancellationToken(),
        events: @escaping @Sendable (RenderEvent) -> Void = { _ in }
    ) throws -> RenderSummary {
        guard clips.count >= 2 else { throw VideoJoinError.tooFewClips(clips.count) }
        guard transitions.count == clips.count - 1 else {
            throw VideoJoinError.transitionCount(clips: clips.count, transitions: transitions.count)
        }
        let seconds = ParameterError.transitionDurations
        if let short = transitions.first(where: { !seconds.contains($0.duration) }) {
            throw VideoJoinError.transitionDuration(short.duration, allowed: seconds)
        }
        let fitting = ClipFitting(fit: fit, width: video.width, height: video.height, background: background)
        for clip in clips { try fitting.check(width: clip.width, height: clip.height, role: clip.path) }
        let layout = self.layout
        try layout.checkFrameCap()
        let window = try Self.window(range, frames: layout.totalFrames)
        var request = video
        let cued = transitions.indices.map {
            OriginalSoundFolder.CuedPart(
                cues: transitions[$0].soundCues, start: layout.transitionStart($0), frames: layout.transitionFrames[$0])
        }
        let cues =
            try sounds?.voices(for: cued, in: video, totalFrames: layout.totalFrames, what: "a join without a dust transition")
            ?? []
        request.audio = try VideoAudio.join(
            clips: clips, layout: layout, fps: video.fps, mix: audio, window: window, cues: cues)
        var settings = JoinStream.Settings(fps: video.fps)
        settings.framesInFlight = framesInFlight
        settings.png.background = background.a == 255 ? background : nil
        let stream = JoinStream(parts: parts(layout, fitting: fitting), settings: settings, window: window)
        return try stream.run(into: try VideoEncoder(request), renderer: renderer, cancellation: cancellation, events: events)
    }

    /// The frames `range` picks of a video of `frames` frames; all of them for nil.
    private static func window(_ range: ClosedRange<Int>?, frames: Int) throws -> Range<Int> {
        guard let range else { return 0..<frames }
        guard range.upperBound < frames else {
            throw FrameSelectionError.outsideTimeline(first: range.lowerBound, last: range.upperBound, count: frames)
        }
        return range.lowerBound..<range.upperBound + 1
    }

    /// Each clip alone, then the transition out of it, built when its turn comes around the frames
    /// the two clips show then.
    private func parts(_ layout: JoinLayout, fitting: ClipFitting) -> [JoinStream.Part] {
        var parts: [JoinStream.Part] = []
        let fps = video.fps
        for (i, clip) in clips.enumerated() {
            let entering = i > 0 ? layout.transitionFrames[i - 1] : 0
            parts.append(.clip(clip, fitting: fitting, role: clip.path, first: entering, count: layout.soloFrames[i]))
            guard i < transitions.count else { continue }
            let (next, transition) = (clips[i + 1], transitions[i])
            // The transition takes this clip from where it is now, and the next from its start.
            let offset = Double(layout.transitionStart(i) - layout.entry(i)) / fps
            parts.append(
                .transition(frames: layout.transitionFrames[i]) {
                    let from = try ClipInput(role: "from", clip: clip, fitting: fitting, timeOffset: offset)
                    let to = try ClipInput(role: "to", clip: next, fitting: fitting)
                    return drawn(try transition.make(from.first, to.first), from: [from, to])
                })
            // The transition out of it was this clip's last use: its decoder stops here.
            parts.append(.done(clip))
        }
        return parts
    }
}

/// `base` drawing from `clips` (its type opened from the existential a transition makes).
private func drawn<Base: Effect>(_ base: Base, from clips: [ClipInput]) -> any Effect { ClipDriven(base, clips: clips) }

/// Why a join of clips cannot be made.
public enum VideoJoinError: Error, CustomStringConvertible, Equatable {
    case tooFewClips(Int)
    case transitionCount(clips: Int, transitions: Int)
    /// A transition lasting `seconds`, outside `allowed` (`ParameterError.transitionDurations`).
    case transitionDuration(Double, allowed: ClosedRange<Double>)

    public var description: String {
        switch self {
        case .tooFewClips(let count):
            return "a join needs at least two clips, not \(count); give two or more"
        case .transitionCount(let clips, let transitions):
            return "\(clips) clips need \(clips - 1) transitions (one between each two), not \(transitions)"
        case .transitionDuration(let seconds, let allowed):
            return "a transition lasts \(seconds) s, outside \(allowed.lowerBound)…\(allowed.upperBound) s"
        }
    }
}
