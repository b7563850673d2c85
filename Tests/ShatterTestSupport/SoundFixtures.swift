import Foundation

/// Stand-ins for the Thanos original's sounds, made by the real ffmpeg, and a way to hear where each
/// starts in a video: every sound is a tone of its own pitch, so a band-pass filter around that pitch
/// finds it in a mix.
public enum SoundFixtures {
    /// The tone of each sound file, by name without extension; each in another format ffmpeg reads.
    public static let tones: [(name: String, hertz: Int, format: String)] = [
        ("thanos_snap_sound", 500, "wav"), ("thanos_reverse_sound", 700, "ogg"),
        ("thanos_dust_1", 1000, "flac"), ("thanos_dust_2", 1300, "wav"), ("thanos_dust_3", 1650, "ogg"),
        ("thanos_dust_4", 2100, "flac"), ("thanos_dust_5", 2650, "wav"), ("thanos_dust_6", 3350, "flac"),
    ]

    /// The tone's pitch for `name` (`thanos_dust_3`).
    public static func hertz(of name: String) -> Int { tones.first { $0.name == name }!.hertz }

    /// Writes the sounds named `names` (all of them by default) into `folder`, half a second of tone
    /// each; returns their paths by name.
    @discardableResult
    public static func write(into folder: String, names: [String]? = nil) throws -> [String: String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var paths: [String: String] = [:]
        for tone in tones where names?.contains(tone.name) ?? true {
            let path = "\(folder)/\(tone.name).\(tone.format)"
            try FFmpegTool.run(["-f", "lavfi", "-i", "sine=frequency=\(tone.hertz):duration=0.5", path])
            paths[tone.name] = path
        }
        return paths
    }

    /// The loudness of `video`'s sound in a narrow band around `hertz`, in 1 ms steps (RMS of each
    /// 48-sample window of the mono mix at 48 kHz).
    public static func envelope(of video: String, hertz: Int) throws -> [Float] {
        let raw = NSTemporaryDirectory() + "shatter-band-" + UUID().uuidString + ".f32"
        defer { try? FileManager.default.removeItem(atPath: raw) }
        try FFmpegTool.run(
            [
                "-i", video, "-vn", "-af", "bandpass=f=\(hertz):width_type=q:w=10",
                "-ac", "1", "-ar", "48000", "-f", "f32le", raw,
            ])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: raw))
        let samples = bytes.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        return stride(from: 0, to: samples.count - 47, by: 48).map { start in
            (samples[start..<start + 48].reduce(0) { $0 + $1 * $1 } / 48).squareRoot()
        }
    }

    /// Seconds into `envelope` where the band, from `start` seconds on, first reaches half its loudest
    /// there: where the first of its sounds after `start` begins.
    public static func onset(_ envelope: [Float], from start: Double = 0) -> Double? {
        let tail = envelope.dropFirst(Int(start * 1000))
        guard let loudest = tail.max(), loudest > 0 else { return nil }
        return tail.firstIndex { $0 >= loudest / 2 }.map { Double($0) / 1000 }
    }
}
