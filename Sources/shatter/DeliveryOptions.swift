import ArgumentParser
import Glibc
import Shatter

/// Frames in a video instead of a folder, and how the run reports itself (`render`'s `--pipe` is
/// ``PipeOption``: `join` has none to show).
struct DeliveryOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Encode the frames into this video through ffmpeg: .mp4 (H.264), .webm (VP9 with alpha), "
                + ".mov (ProRes 4444), .gif, .mkv (lossless FFV1).", valueName: "FILE"))
    var video: String?

    @Option(
        help: ArgumentHelp(
            "Size against fidelity for .mp4 and .webm: high (H.264 CRF 18, at most 50 Mb/s), medium (CRF 21, "
                + "at most 20 Mb/s; plays on common devices), small (CRF 26, at most 8 Mb/s). All fit H.264 "
                + "High@4.2 at 1080p60. Colour is BT.709, limited range, tagged. (default: medium)", valueName: "PRESET"))
    var quality: VideoEncoder.Quality?

    @Option(help: ArgumentHelp("The ffmpeg to run for --video (default: ffmpeg on PATH).", valueName: "PATH"))
    var ffmpeg: String?

    @Option(
        name: .customLong("ffmpeg-args"), parsing: .unconditional,
        help: ArgumentHelp("Extra ffmpeg output options for --video, e.g. \"-crf 28\".", valueName: "ARGS"))
    var ffmpegArgs: String?

    @Option(
        help: ArgumentHelp(
            "Sound for --video when the clips are videos with audio: crossfade (each clip's sound fades out "
                + "while the next one's fades in, equal power), from (the first clip's alone), to (the last's), or none. "
                + "(default: crossfade)",
            valueName: "MIX"))
    var audio: VideoAudio.Mix?

    @Option(
        help: ArgumentHelp(
            "Folder of your copies of the Thanos original's sounds for --video of sprite, dust and join's dust: "
                + "thanos_snap_sound, thanos_dust_1 … thanos_dust_6, thanos_reverse_sound, any extension ffmpeg "
                + "reads; each is laid at the original's cue and mixed with any clip sound. (default: none)",
            valueName: "DIR"))
    var sounds: String?

    @Option(help: ProgressMode.help)
    var progress: ProgressMode = .auto

    @Flag(help: "No progress and no summary; errors only.")
    var quiet = false

    func validate() throws {
        if audio != nil, video == nil { throw ValidationError("--audio goes with --video") }
        if sounds != nil, video == nil { throw ValidationError("--sounds goes with --video") }
        if ffmpeg != nil || ffmpegArgs != nil || quality != nil, video == nil {
            throw ValidationError("--ffmpeg, --ffmpeg-args and --quality go with --video")
        }
        if let video {
            let container = video.split(separator: ".").last.map { $0.lowercased() } ?? ""
            guard video.contains("."), VideoEncoder.containers.contains(container) else {
                throw ValidationError(
                    "--video \(video): give a file ending in "
                        + VideoEncoder.containers.map { "." + $0 }.joined(separator: ", "))
            }
        }
    }

    var progressMode: ProgressMode { quiet ? .none : progress }

    /// `--sounds`' folder, opened and its files checked; nil without it.
    func soundFolder() throws -> OriginalSoundFolder? { try sounds.map { try OriginalSoundFolder(path: $0) } }

    /// `--ffmpeg-args`, split at spaces.
    var extraArguments: [String] { ffmpegArgs.map { $0.split(separator: " ").map(String.init) } ?? [] }
}

extension StreamFormat: ExpressibleByArgument {}
extension VideoEncoder.Quality: ExpressibleByArgument {}
