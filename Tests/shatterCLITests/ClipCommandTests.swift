import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// Clip to clip from the command line: PNG sequences and videos as --from/--to, fitting, and the
/// sound of two videos crossfaded into the transition's video.
@Suite(.enabled(if: FFmpeg.available, "needs Debian's ffmpeg and ffprobe (Tools/setup.sh installs them)"))
struct ClipCommandTests {
    /// Two 2-second 64×48 videos at 25 fps, lossless (FFV1 in RGB), with a 440 Hz and a 1500 Hz tone.
    static func videos(in s: TemporaryFolder) throws -> (from: String, to: String) {
        for (name, source, tone) in [("a", "testsrc", 440), ("b", "testsrc2", 1500)] {
            let run = try FFmpeg.shell(
                "ffmpeg -v error -nostdin -y -f lavfi -i \(source)=size=64x48:rate=25:duration=2 "
                    + "-f lavfi -i sine=frequency=\(tone):duration=2 -c:v ffv1 -pix_fmt bgr0 -c:a flac '\(s.file(name)).mkv'")
            try #require(run.status == 0, "\(run.stderr)")
        }
        return (s.file("a.mkv"), s.file("b.mkv"))
    }

    /// RMS level in dB of the `hertz` band of `path`'s sound between `start` and `end` seconds.
    static func level(_ path: String, hertz: Int, from start: Double, to end: Double) throws -> Double {
        let run = try FFmpeg.shell(
            "ffmpeg -nostdin -i '\(path)' -vn -af 'atrim=\(start):\(end),bandpass=f=\(hertz):width_type=q:w=20,"
                + "astats=measure_overall=RMS_level:measure_perchannel=none' -f null - 2>&1")
        let line = try #require(run.stdout.split(separator: "\n").first { $0.contains("RMS level dB") })
        return try #require(Double(line.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)))
    }

    @Test func twoVideosJoinWithTheTransitionsLengthAndACrossfadedSound() throws {
        let s = try TemporaryFolder()
        let clips = try Self.videos(in: s)
        let video = s.file("joined.mkv")
        let run = try CLIRun.shatter([
            "render", "shatter", "--from", clips.from, "--to", clips.to, "--fps", "25", "--duration", "1.2",
            "--backend", "cpu", "--video", video, "--quiet",
        ])
        try #require(run.status == 0, "\(run.stderr)")
        // ceil(1.2 · 25) + 1 = 31 frames, and the video (sound included) lasts 31 / 25 = 1.24 s.
        #expect(try FFmpeg.probe(video)["nb_read_frames"] == "31")
        let duration = try FFmpeg.shell("ffprobe -v error -show_entries format=duration -of csv=p=0 '\(video)'").stdout
        #expect(abs((Double(duration.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) - 1.24) < 0.01)
        let samples = try FFmpeg.shell(
            "ffmpeg -nostdin -i '\(video)' -vn -af astats=measure_overall=Number_of_samples:measure_perchannel=none "
                + "-f null - 2>&1 | grep 'Number of samples'"
        ).stdout
        // 1.24 s at 48 kHz is 59520 samples; the container may round the end to its millisecond clock.
        let count = Int(samples.split(separator: ":").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        #expect(abs(count - 59_520) <= 48, "\(samples)")
        // The 440 Hz tone of --from is loud at the start and faded at the end; --to's 1500 Hz the reverse.
        let fromEarly = try Self.level(video, hertz: 440, from: 0, to: 0.25)
        let fromLate = try Self.level(video, hertz: 440, from: 0.99, to: 1.24)
        let toEarly = try Self.level(video, hertz: 1500, from: 0, to: 0.25)
        let toLate = try Self.level(video, hertz: 1500, from: 0.99, to: 1.24)
        #expect(
            fromEarly > toEarly + 10 && toLate > fromLate + 10,
            "440 Hz \(fromEarly) → \(fromLate) dB, 1500 Hz \(toEarly) → \(toLate) dB")
        // Mid-transition both are heard at about the same level (equal power: −3 dB each).
        let fromMid = try Self.level(video, hertz: 440, from: 0.52, to: 0.72)
        let toMid = try Self.level(video, hertz: 1500, from: 0.52, to: 0.72)
        #expect(abs(fromMid - toMid) < 3, "mid: 440 Hz \(fromMid) dB, 1500 Hz \(toMid) dB")

        // The same clips as PNG sequences give exactly the frames the lossless video holds.
        for name in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: s.file(name), withIntermediateDirectories: true)
            #expect(try FFmpeg.shell("ffmpeg -v error -nostdin -i '\(s.file(name)).mkv' '\(s.file(name))/%05d.png'").status == 0)
        }
        let folder = s.file("frames")
        let pngs = try CLIRun.shatter([
            "render", "shatter", "--from", s.file("a") + "/%05d.png", "--to", s.file("b"), "--fps", "25",
            "--duration", "1.2", "--backend", "cpu", "--out", folder, "--quiet",
        ])
        try #require(pngs.status == 0, "\(pngs.stderr)")
        let decoded = try Clip(path: video, frameRate: 25)
        for k in [0, 9, 17, 30] {
            let frame = try PNGDecoder.read(path: folder + String(format: "/frame-%05d.png", k))
            #expect(try decoded.frame(index: k) == frame, "frame \(k)")
        }
    }

    @Test func audioNoneLeavesTheSoundOutAndAudioToNeedsAVideoWithSound() throws {
        let s = try TemporaryFolder()
        let clips = try Self.videos(in: s)
        let base = [
            "render", "shatter", "--from", clips.from, "--to", clips.to, "--fps", "10", "--duration", "0.3", "--backend", "cpu",
        ]
        let silent = s.file("silent.mkv")
        #expect(try CLIRun.shatter(base + ["--video", silent, "--audio", "none"]).status == 0)
        #expect(
            try FFmpeg.shell("ffprobe -v error -select_streams a -show_entries stream=index -of csv=p=0 '\(silent)'").stdout
                .isEmpty)
        try PNGEncoder.write(Image(width: 64, height: 48, fill: .opaqueBlack), to: s.file("still.png"))
        let refused = try CLIRun.shatter([
            "render", "shatter", "--from", clips.from, "--to", s.file("still.png"), "--fps", "10",
            "--duration", "0.3", "--backend", "cpu", "--video", s.file("x.mkv"), "--audio", "to",
        ])
        #expect(
            refused.status != 0 && refused.errorLines.count == 1 && refused.stderr.contains("--to clip is not a video with sound")
        )
        #expect(!FileManager.default.fileExists(atPath: s.file("x.mkv")))
    }

    @Test func aClipOfAnotherSizeIsRefusedInOneLineOrFitted() throws {
        let s = try TemporaryFolder()
        for k in 0..<3 {
            try FileManager.default.createDirectory(atPath: s.file("tall"), withIntermediateDirectories: true)
            try PNGEncoder.write(
                Image(width: 21, height: 37, fill: RGBA8(r: UInt8(80 * k), g: 0, b: 0, a: 255)),
                to: s.file("tall") + "/\(k).png")
        }
        let base = [
            "render", "shatter", "--from", s.file("tall"), "--size", "40x30", "--fps", "10", "--duration", "0.2", "--backend",
            "cpu",
        ]
        let refused = try CLIRun.shatter(base + ["--out", s.file("no")])
        #expect(refused.status == 64 && refused.errorLines.count == 1)
        #expect(refused.stderr.contains("21x37") && refused.stderr.contains("40x30") && refused.stderr.contains("--fit"))
        #expect(!FileManager.default.fileExists(atPath: s.file("no") + "/frame-00000.png"))
        let fitted = try CLIRun.shatter(
            base + ["--fit", "contain", "--background", "0000ff", "--out", s.file("yes"), "--frames", "0-0"])
        try #require(fitted.status == 0, "\(fitted.stderr)")
        let first = try PNGDecoder.read(path: s.file("yes") + "/frame-00000.png")
        // 21×37 in 40×30: scaled to 17×30, centered; the bands either side are the background.
        #expect(first.width == 40 && first.height == 30)
        #expect(first[0, 15] == RGBA8(r: 0, g: 0, b: 255, a: 255) && first[39, 15] == RGBA8(r: 0, g: 0, b: 255, a: 255))
        #expect(first[20, 15] == RGBA8(r: 0, g: 0, b: 0, a: 255))
    }

    @Test func headAndTailMakeTheWholeJoinWhoseDurationsAddUp() throws {
        let s = try TemporaryFolder()
        let clips = try Self.videos(in: s)
        let video = s.file("whole.mkv")
        let run = try CLIRun.shatter([
            "render", "shatter", "--from", clips.from, "--to", clips.to, "--fps", "25", "--duration", "0.4",
            "--head", "--tail", "--backend", "cpu", "--video", video, "--progress", "json",
        ])
        try #require(run.status == 0, "\(run.stderr)")
        // 2 s + 2 s − the transition's 11 frames: 39 frames of a, 11 of the transition, 39 of b = 3.56 s.
        #expect(try FFmpeg.probe(video)["nb_read_frames"] == "89")
        // Progress and the summary count the whole video, head and tail too, from the start to the end.
        let events = try JoinCommandTests.events(run.stderr)
        #expect(events.first?["event"] as? String == "start" && events.first?["framesTotal"] as? Int == 89)
        #expect(events.last?["event"] as? String == "done" && events.last?["framesDone"] as? Int == 89, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Rendered 89 frames to \(video)"), "\(run.stdout)")
        let duration = try FFmpeg.shell("ffprobe -v error -show_entries format=duration -of csv=p=0 '\(video)'").stdout
        #expect(abs((Double(duration.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) - 3.56) < 0.01)
        let (joined, a, b) = (
            try Clip(path: video, frameRate: 25), try Clip(path: clips.from, frameRate: 25),
            try Clip(path: clips.to, frameRate: 25)
        )
        // a plays to the transition, which starts on a's frame 39; after it b goes on from its frame 11 to its last.
        for (k, expected) in [
            (0, try a.frame(index: 0)), (38, try a.frame(index: 38)), (39, try a.frame(index: 39)),
            (50, try b.frame(index: 11)), (88, try b.frame(index: 49)),
        ] {
            #expect(try joined.frame(index: k) == expected, "frame \(k)")
        }
        // a's tone alone at the start, b's alone at the end.
        let early = (try Self.level(video, hertz: 440, from: 0, to: 1), try Self.level(video, hertz: 1500, from: 0, to: 1))
        let late = (try Self.level(video, hertz: 440, from: 2.5, to: 3.5), try Self.level(video, hertz: 1500, from: 2.5, to: 3.5))
        #expect(early.0 > early.1 + 20 && late.1 > late.0 + 20, "early \(early), late \(late)")
        let refused = try CLIRun.shatter([
            "render", "shatter", "--from", clips.from, "--to", clips.to, "--head", "--backend", "cpu",
            "--out", s.file("frames"),
        ])
        #expect(refused.status == 64 && refused.stderr.contains("--head and --tail make one whole --video"))
    }

    @Test func dustTakesAClipToo() throws {
        let s = try TemporaryFolder()
        let clips = try Self.videos(in: s)
        let folder = s.file("dust")
        let run = try CLIRun.shatter([
            "render", "dust", "--from", clips.from, "--layers", "4", "--fps", "25", "--frames", "0-1",
            "--backend", "cpu", "--out", folder, "--quiet",
        ])
        try #require(run.status == 0, "\(run.stderr)")
        // Frame 0 is the clip's first frame; at frame 1 the first specks have gone, and the rest is the
        // clip's frame 1 (testsrc's moving gradient), not its frame 0.
        let clip = try Clip(path: clips.from, frameRate: 25)
        #expect(try PNGDecoder.read(path: folder + "/frame-00000.png") == clip.frame(index: 0))
        let second = try PNGDecoder.read(path: folder + "/frame-00001.png")
        let (one, zero) = (try clip.frame(index: 1), try clip.frame(index: 0))
        let pixels = (0..<48).flatMap { y in (0..<64).map { (x: $0, y: y) } }
        let likeOne = pixels.filter { second[$0.x, $0.y] == one[$0.x, $0.y] }.count
        let onlyLikeZero = pixels.filter { second[$0.x, $0.y] == zero[$0.x, $0.y] && one[$0.x, $0.y] != zero[$0.x, $0.y] }.count
        #expect(
            likeOne > pixels.count * 9 / 10 && onlyLikeZero == 0, "\(likeOne) like frame 1, \(onlyLikeZero) only like frame 0")
    }
}
