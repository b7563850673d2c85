import Foundation

/// The sound of a video made from clips: the `from` clip's audio fading out while the `to` clip's
/// fades in over the transition (an equal-power crossfade: quarter-sine gains, cos² + sin² = 1), or one
/// side alone. ffmpeg does the work while it encodes the frames; the audio is cut and padded with
/// silence to exactly the video's length, `frames / fps` seconds.
///
/// ```swift
/// var request = VideoEncoder.Request(path: "joined.mp4", width: 1280, height: 720, fps: 30)
/// request.audio = VideoAudio(from: "a.mp4", to: "b.mp4", mix: .crossfade, start: 0, duration: 37.0 / 30)
/// ```
public struct VideoAudio: Sendable, Equatable {
    public enum Mix: String, Sendable, CaseIterable {
        case none, crossfade, from, to
    }

    /// Video files whose first audio stream is used; nil for a side without sound.
    public var from: String?
    public var to: String?
    public var mix: Mix
    /// Clip time of the first frame, seconds (a render of a later range starts later in the sound).
    public var start: Double
    /// Seconds of the transition: its frames ÷ fps.
    public var duration: Double
    /// Seconds of the `from` clip before the transition, and of the `to` clip after it (a whole join).
    public var head: Double
    public var tail: Double

    public init(from: String?, to: String?, mix: Mix, start: Double = 0, duration: Double, head: Double = 0, tail: Double = 0) {
        self.from = from
        self.to = to
        self.mix = mix
        self.start = start
        self.duration = duration
        self.head = head
        self.tail = tail
    }

    /// Seconds of the whole video.
    public var total: Double { head + duration + tail }

    private struct Source {
        let path: String
        /// The `to` side: it starts where the transition does.
        let isTo: Bool
        let fades: Bool
    }

    /// The sources that are heard.
    private var heard: [Source] {
        let fades = mix == .crossfade
        let from = mix == .to ? nil : from.map { Source(path: $0, isTo: false, fades: fades) }
        let to = mix == .from ? nil : to.map { Source(path: $0, isTo: true, fades: fades) }
        return mix == .none ? [] : [from, to].compactMap { $0 }
    }

    /// ffmpeg input options for the sound files, to follow the video input (index 0).
    func inputArguments() -> [String] { heard.flatMap { ["-i", $0.path] } }

    /// The filter graph and mapping that make the one audio stream, and its codec for `container`;
    /// empty when nothing is heard.
    func outputArguments(container: String) -> [String] {
        let sources = heard
        guard !sources.isEmpty else { return [] }
        let (t0, d, h, total) = (Self.number(start), Self.number(duration), Self.number(head), Self.number(self.total))
        var graph: [String] = []
        for (i, source) in sources.enumerated() {
            // Each side is cut to what it plays, placed (the `to` side after the head), padded with
            // silence to the video's length, then faded across the transition.
            let plays = source.isTo ? duration + tail : (source.fades ? head + duration : self.total)
            var chain =
                "[\(i + 1):a:0]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,"
                + "atrim=start=\(t0):end=\(Self.number(start + plays)),asetpts=PTS-STARTPTS"
            if source.isTo, head > 0 { chain += ",adelay=delays=\(Int((head * 48000).rounded()))S:all=1" }
            chain += ",apad=whole_dur=\(total),atrim=end=\(total)"
            if source.fades { chain += ",afade=t=\(source.isTo ? "in" : "out"):st=\(h):d=\(d):curve=qsin" }
            graph.append(chain + "[s\(i)]")
        }
        let labels = sources.indices.map { "[s\($0)]" }.joined()
        graph.append(sources.count == 1 ? "\(labels)anull[sound]" : "\(labels)amix=inputs=\(sources.count):normalize=0[sound]")
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
