import Foundation

/// The sound of a video made from clips: each clip's audio in its place, the sound of the clip before
/// a transition fading out while the next one's fades in over it (an equal-power crossfade:
/// quarter-sine gains, cos² + sin² = 1), or one clip's alone. ffmpeg does the work while it encodes the
/// frames; the sound is cut and padded with silence to exactly the video's length, `frames / fps` seconds.
/// That ffmpeg opens every voice's file at once: its memory grows by about 2 MB a voice (docs/video.md).
///
/// ```swift
/// let layout = JoinLayout(clipFrames: [60, 60, 60], transitionFrames: [37, 37])
/// var request = VideoEncoder.Request(path: "joined.mp4", width: 1280, height: 720, fps: 30)
/// request.audio = VideoAudio(clips: ["a.mp4", "b.mp4", nil], layout: layout, fps: 30, mix: .crossfade)
/// ```
public struct VideoAudio: Sendable, Equatable {
    /// Whose sound is heard: every clip's, crossfaded at the transitions; the first clip's alone (for
    /// the whole video); the last clip's alone (from where it enters); or none.
    public enum Mix: String, Sendable, CaseIterable {
        case none, crossfade, from, to
    }

    /// One clip's sound in the video, or one sound file laid at a cue. Times are seconds of the video,
    /// before any ``window``.
    public struct Voice: Sendable, Equatable {
        /// A video or sound file whose first audio stream is used.
        public var path: String
        /// Where the clip's sound starts in the video (its second 0 plays here).
        public var start: Double
        /// Where it stops.
        public var end: Double
        /// Fades in over `start ..< start + fadeIn` and out over `end − fadeOut ..< end` (0: no fade).
        public var fadeIn: Double
        public var fadeOut: Double

        public init(path: String, start: Double, end: Double, fadeIn: Double = 0, fadeOut: Double = 0) {
            (self.path, self.start, self.end, self.fadeIn, self.fadeOut) = (path, start, end, fadeIn, fadeOut)
        }
    }

    public var voices: [Voice]
    /// Seconds of the whole join.
    public var total: Double
    /// The part of the join the video holds, in seconds (a render of some frames); nil for all of it.
    public var window: Range<Double>?

    public init(voices: [Voice], total: Double, window: Range<Double>? = nil) {
        self.voices = voices
        self.total = total
        self.window = window
    }

    /// The sound of clips joined as `layout` says, `clips` naming each clip's video file with sound
    /// (nil for a clip without), and `cues` laid over it (the original's sounds,
    /// ``OriginalSoundFolder``); nil when nothing is heard. Crossfaded, each clip is heard from the
    /// start of the transition into it to the end of the transition out of it; alone, the first clip
    /// is heard through the whole video, the last from where it enters to the end.
    public init?(
        clips: [String?], layout: JoinLayout, fps: Double, mix: Mix, window: Range<Int>? = nil, cues: [Voice] = []
    ) {
        let seconds = { (frame: Int) in Double(frame) / fps }
        let last = clips.count - 1
        var voices: [Voice] = []
        for (i, path) in clips.enumerated() {
            guard let path else { continue }
            switch mix {
            case .none: continue
            case .from where i != 0, .to where i != last: continue
            case .from, .to:
                voices.append(Voice(path: path, start: seconds(layout.entry(i)), end: seconds(layout.totalFrames)))
            case .crossfade:
                voices.append(
                    Voice(
                        path: path, start: seconds(layout.entry(i)), end: seconds(layout.exit(i)),
                        fadeIn: i > 0 ? seconds(layout.transitionFrames[i - 1]) : 0,
                        fadeOut: i < last ? seconds(layout.transitionFrames[i]) : 0))
            }
        }
        voices += cues
        guard !voices.isEmpty else { return nil }
        self.init(
            voices: voices, total: seconds(layout.totalFrames),
            window: window.map { seconds($0.lowerBound)..<seconds($0.upperBound) })
    }

    /// The sound of `clips` joined as `layout` says, with `cues` laid over it, for the frames `window`
    /// of the video: nil when nothing is heard; throws when `.from` or `.to` asks for the sound of a
    /// clip that has none.
    static func join(
        clips: [Clip?], layout: JoinLayout, fps: Double, mix: Mix, window: Range<Int>, cues: [Voice] = []
    ) throws -> VideoAudio? {
        let paths = clips.map { $0.flatMap { $0.hasAudio ? $0.path : nil } }
        if mix == .from, (paths.first ?? nil) == nil { throw VideoError.silentClip(role: "from") }
        if mix == .to, (paths.last ?? nil) == nil { throw VideoError.silentClip(role: "to") }
        let whole = window == 0..<layout.totalFrames
        return VideoAudio(clips: paths, layout: layout, fps: fps, mix: mix, window: whole ? nil : window, cues: cues)
    }

    /// Seconds of the video: the window's, else the whole join's.
    public var duration: Double { window.map { $0.upperBound - $0.lowerBound } ?? total }

    /// ffmpeg input options for the sound files, to follow the video input (index 0).
    func inputArguments() -> [String] { voices.flatMap { ToolPath.input($0.path) } }

    /// The filter graph and mapping that make the one audio stream, and its codec for `container`.
    func outputArguments(container: String) -> [String] {
        let total = Self.number(self.total)
        var graph: [String] = []
        for (i, voice) in voices.enumerated() {
            // Each clip's sound is cut to what it plays, placed where the clip enters, padded with
            // silence to the join's length, then faded across its transitions.
            let (start, end) = (voice.start, voice.end)
            var chain =
                "[\(i + 1):a:0]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,"
                + "atrim=start=0:end=\(Self.number(end - start)),asetpts=PTS-STARTPTS"
            if start > 0 { chain += ",adelay=delays=\(Int((start * 48000).rounded()))S:all=1" }
            chain += ",apad=whole_dur=\(total),atrim=end=\(total)"
            if voice.fadeIn > 0 { chain += ",afade=t=in:st=\(Self.number(start)):d=\(Self.number(voice.fadeIn)):curve=qsin" }
            if voice.fadeOut > 0 {
                chain += ",afade=t=out:st=\(Self.number(end - voice.fadeOut)):d=\(Self.number(voice.fadeOut)):curve=qsin"
            }
            graph.append(chain + "[s\(i)]")
        }
        let labels = voices.indices.map { "[s\($0)]" }.joined()
        let mixed = voices.count == 1 ? "\(labels)anull" : "\(labels)amix=inputs=\(voices.count):normalize=0"
        // A window keeps the part of the joined sound under the frames the video holds.
        let cut = window.map {
            ",atrim=start=\(Self.number($0.lowerBound)):end=\(Self.number($0.upperBound)),asetpts=PTS-STARTPTS"
        }
        graph.append(mixed + (cut ?? "") + "[sound]")
        let codec: [String]
        switch container {
        case "webm": codec = ["-c:a", "libopus", "-b:a", "160k"]
        case "mkv": codec = ["-c:a", "flac"]
        default: codec = ["-c:a", "aac", "-b:a", "192k"]
        }
        return ["-filter_complex", graph.joined(separator: ";"), "-map", "0:v", "-map", "[sound]"] + codec
    }

    private static func number(_ value: Double) -> String { String(format: "%.6f", value) }
}
