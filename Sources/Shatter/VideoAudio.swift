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
    /// Seconds of video: frames ÷ fps.
    public var duration: Double

    public init(from: String?, to: String?, mix: Mix, start: Double = 0, duration: Double) {
        self.from = from
        self.to = to
        self.mix = mix
        self.start = start
        self.duration = duration
    }

    /// The sources that are heard: (path, fade) pairs.
    private var heard: [(path: String, fade: String?)] {
        switch mix {
        case .none: return []
        case .from: return from.map { [($0, nil)] } ?? []
        case .to: return to.map { [($0, nil)] } ?? []
        case .crossfade: return (from.map { [($0, "out")] } ?? []) + (to.map { [($0, "in")] } ?? [])
        }
    }

    /// ffmpeg input options for the sound files, to follow the video input (index 0).
    func inputArguments() -> [String] { heard.flatMap { ["-i", $0.path] } }

    /// The filter graph and mapping that make the one audio stream, and its codec for `container`;
    /// empty when nothing is heard.
    func outputArguments(container: String) -> [String] {
        let sources = heard
        guard !sources.isEmpty else { return [] }
        let t0 = Self.number(start), d = Self.number(duration), end = Self.number(start + duration)
        var graph: [String] = []
        for (i, source) in sources.enumerated() {
            var chain = "[\(i + 1):a:0]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,"
                + "atrim=start=\(t0):end=\(end),asetpts=PTS-STARTPTS,apad=whole_dur=\(d),atrim=end=\(d)"
            if let fade = source.fade { chain += ",afade=t=\(fade):st=0:d=\(d):curve=qsin" }
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
