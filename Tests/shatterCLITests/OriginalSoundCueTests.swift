import Foundation
import Glibc
import Shatter
import ShatterTestSupport
import Testing

/// `--sounds DIR`: the original's sounds, laid at its cues in the video. Each sound file is a tone of
/// its own pitch (``SoundFixtures``); the video's decoded sound, filtered around that pitch, must
/// start within one video frame of the instant the effect's own timeline puts the cue at.
@Suite(.enabled(if: FFmpeg.available, "needs Debian's ffmpeg and ffprobe (Tools/setup.sh installs them)"))
struct OriginalSoundCueTests {
    static let fps = 25.0
    let frame = 1 / OriginalSoundCueTests.fps
    let cpu = ["--fps", "25", "--backend", "cpu", "--quiet"]

    /// Where the sound of `name` starts in `video` (from `start` s on), and how loud its band is there
    /// against `other`'s band: a ratio well above 1 says it is that sound, not a neighbour leaking in.
    static func heard(_ name: String, in video: String, from start: Double = 0) throws -> Double? {
        SoundFixtures.onset(try SoundFixtures.envelope(of: video, hertz: SoundFixtures.hertz(of: name)), from: start)
    }

    /// The one of `names` loudest in `video` between `start` and `end` seconds.
    static func loudest(of names: [String], in video: String, from start: Double, to end: Double) throws -> String {
        let levels = try names.map { name in
            (
                name,
                try SoundFixtures.envelope(of: video, hertz: SoundFixtures.hertz(of: name))[Int(start * 1000)..<Int(end * 1000)]
                    .max() ?? 0
            )
        }
        return levels.max { $0.1 < $1.1 }!.0
    }

    static let dustNames = (1...6).map { "thanos_dust_\($0)" }

    @Test func theSpriteStartsWithTheSnapAndReversedWithTheReverseSound() throws {
        let s = try TemporaryFolder()
        try SoundFixtures.write(into: s.file("sounds"))
        let sprite = SpriteSheetPlayer.Parameters(frameWidth: 80, frameHeight: 80)
        // The sprite's keyframes start at the timeline's first instant; played backwards, the reversed
        // sprite's first moving instant is the forward timeline's end, shown at frame (last − end · fps).
        let timeline = FrameTimeline(duration: sprite.duration, fps: Self.fps)
        let reversedStart = timeline.time(of: timeline.count - 1) - sprite.duration
        for (reverse, sound, other, expected, video) in [
            (false, "thanos_snap_sound", "thanos_reverse_sound", timeline.time(of: 0), s.file("s.mp4")),
            (true, "thanos_reverse_sound", "thanos_snap_sound", reversedStart, s.file("r.mkv")),
        ] {
            let run = try CLIRun.shatter(
                ["render", "sprite", "--video", video, "--sounds", s.file("sounds")] + (reverse ? ["--reverse"] : []) + cpu)
            try #require(run.status == 0, "\(run.stderr)")
            let onset = try #require(try Self.heard(sound, in: video))
            #expect(abs(onset - expected) <= frame, "\(sound) starts at \(onset) s, the cue at \(expected) s")
            #expect(try Self.loudest(of: [sound, other], in: video, from: 0, to: 0.4) == sound)
        }
    }

    @Test func theDustPlaysTheSeedsDustSoundAsItStartsAndReversedTheReverseSound() throws {
        let s = try TemporaryFolder()
        try SoundFixtures.write(into: s.file("sounds"))
        let folder = try OriginalSoundFolder(path: s.file("sounds"))
        for seed: UInt64 in [3, 4] {
            let dust = DustEffect.Parameters(width: 64, height: 48, seed: seed)
            let video = s.file("dust-\(seed).mkv")
            let run = try CLIRun.shatter(
                ["render", "dust", "--size", "64x48", "--seed", "\(seed)", "--video", video, "--sounds", s.file("sounds")] + cpu)
            try #require(run.status == 0, "\(run.stderr)")
            // The seed's pick, heard where the first layer starts to drift.
            let picked = try folder.file(for: SoundCue(sound: .dust, time: 0, seed: seed), part: 0)
            let name = (picked as NSString).lastPathComponent.split(separator: ".")[0]
            #expect(try Self.loudest(of: Self.dustNames, in: video, from: 0, to: 0.4) == name, "seed \(seed)")
            let onset = try #require(try Self.heard(String(name), in: video))
            let begin = DustLayerMotion(
                index: 0, of: dust.layers, anchor: Point(x: 0, y: 0), spread: dust.spread, path: dust.path, seed: seed
            )
            .beginTime
            #expect(abs(onset - begin) <= frame, "seed \(seed): \(name) starts at \(onset) s, the first layer at \(begin) s")
        }

        // Backwards, the restore starts as the last layer comes back: the forward timeline's end.
        let dust = DustEffect.Parameters(width: 64, height: 48)
        let timeline = FrameTimeline(duration: dust.duration, fps: Self.fps)
        let expected = timeline.time(of: timeline.count - 1) - dust.duration
        let video = s.file("restore.mkv")
        let run = try CLIRun.shatter(
            ["render", "dust", "--size", "64x48", "--reverse", "--video", video, "--sounds", s.file("sounds")] + cpu)
        try #require(run.status == 0, "\(run.stderr)")
        let onset = try #require(try Self.heard("thanos_reverse_sound", in: video))
        #expect(abs(onset - expected) <= frame, "the reverse sound starts at \(onset) s, the restore at \(expected) s")
        #expect(
            try Self.loudest(of: ["thanos_reverse_sound"] + Self.dustNames, in: video, from: 0, to: 0.4) == "thanos_reverse_sound"
        )
    }

    @Test func eachDustTransitionOfAJoinStartsWithItsOwnDustSoundOverTheClipsSound() throws {
        let s = try TemporaryFolder()
        try SoundFixtures.write(into: s.file("sounds"))
        // Three 3-second clips with low tones of their own, joined by two 1-second dust transitions.
        var clips: [String] = []
        for (name, source, tone) in [("a", "testsrc", 220), ("b", "testsrc2", 300), ("c", "rgbtestsrc", 380)] {
            let run = try FFmpeg.shell(
                "ffmpeg -v error -nostdin -y -f lavfi -i \(source)=size=64x48:rate=25:duration=3 "
                    + "-f lavfi -i sine=frequency=\(tone):duration=3 -c:v ffv1 -pix_fmt bgr0 -c:a flac '\(s.file(name)).mkv'")
            try #require(run.status == 0, "\(run.stderr)")
            clips.append(s.file(name) + ".mkv")
        }
        let video = s.file("joined.mkv")
        let run = try CLIRun.shatter(
            ["join"] + clips + ["--transition", "dust:1", "--seed", "9", "--video", video, "--sounds", s.file("sounds")] + cpu)
        try #require(run.status == 0, "\(run.stderr)")

        let transition = FrameTimeline(duration: 1, fps: Self.fps).count
        let layout = JoinLayout(clipFrames: [75, 75, 75], transitionFrames: [transition, transition])
        let folder = try OriginalSoundFolder(path: s.file("sounds"))
        let reveal = DustReveal.Parameters(dust: DustEffect.Parameters(width: 64, height: 48, seed: 9), duration: 1)
        for seam in 0..<2 {
            // The dust's first layer starts with the transition; its timing is stretched to the second given.
            let begin = DustLayerMotion.beginTime(index: 0, of: reveal.dust.layers) * reveal.seconds / reveal.dust.duration
            let expected = Double(layout.transitionStart(seam)) / Self.fps + begin
            let picked = try folder.file(for: SoundCue(sound: .dust, time: 0, seed: 9), part: seam)
            let name = String((picked as NSString).lastPathComponent.split(separator: ".")[0])
            #expect(try Self.loudest(of: Self.dustNames, in: video, from: expected, to: expected + 0.4) == name, "seam \(seam)")
            let onset = try #require(try Self.heard(name, in: video, from: expected - 0.5))
            #expect(abs(onset - expected) <= frame, "seam \(seam): \(name) starts at \(onset) s, the transition at \(expected) s")
        }
        // The clips' own sound is still there, mixed under the cues: a's tone before the first seam.
        let a = try SoundFixtures.envelope(of: video, hertz: 220)
        let before = a[100..<Int(Double(layout.transitionStart(0)) / Self.fps * 1000)]
        #expect((before.min() ?? 0) > (a.max() ?? 0) / 4, "clip a's tone is missing under the sounds")
    }

    @Test func badSoundFoldersAreRefusedInOneLineLeavingNoVideo() throws {
        let s = try TemporaryFolder()
        let sounds = s.file("sounds")
        try SoundFixtures.write(into: sounds, names: ["thanos_dust_2"])
        // A sound in a video container: an input no --video may replace.
        let mkv = try FFmpeg.shell("ffmpeg -v error -nostdin -i '\(sounds)/thanos_dust_2.wav' '\(sounds)/thanos_dust_3.mkv'")
        try #require(mkv.status == 0, "\(mkv.stderr)")
        let video = s.file("v.mp4")
        let sprite = ["render", "sprite", "--video", video] + cpu
        for (arguments, status, words) in [
            (sprite + ["--sounds", sounds], Int32(1), "has no thanos_snap_sound (with any extension)"),
            (sprite + ["--sounds", s.file("nowhere")], 1, "nowhere is not a folder of sound files"),
            (
                ["render", "shatter", "--size", "32x24", "--video", video, "--sounds", sounds] + cpu, 64,
                "plays none of the original's sounds"
            ),
            (
                ["render", "dust", "--size", "32x24", "--video", s.file("v.gif"), "--sounds", sounds] + cpu, 64,
                "a .gif has no sound"
            ),
            (
                ["render", "dust", "--size", "32x24", "--out", s.file("frames"), "--sounds", sounds] + cpu, 64,
                "--sounds goes with --video"
            ),
            (
                [
                    "render", "dust", "--size", "32x24", "--video", s.file("sounds/thanos_dust_3.mkv"), "--overwrite", "--sounds",
                    sounds,
                ]
                    + cpu, 64, "thanos_dust_3.mkv is an input of this command"
            ),
        ] {
            let run = try CLIRun.shatter(arguments)
            #expect(run.status == status, "\(arguments): \(run.stderr)")
            #expect(run.errorLines.count == 1 && run.stderr.contains(words), "\(arguments): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: video) && !FileManager.default.fileExists(atPath: s.file("v.gif")))
        #expect(s.allContents(of: sounds) == ["thanos_dust_2.wav", "thanos_dust_3.mkv"])

        // Two files for one sound, and a FIFO under a sound's name: refused, the FIFO left as it was.
        try FileManager.default.copyItem(atPath: s.file("sounds/thanos_dust_2.wav"), toPath: s.file("sounds/thanos_dust_2.flac"))
        let dust = ["render", "dust", "--size", "32x24", "--video", video, "--sounds", sounds] + cpu
        let two = try CLIRun.shatter(dust)
        #expect(two.status == 1 && two.stderr.contains("thanos_dust_2.flac and thanos_dust_2.wav; keep one"), "\(two.stderr)")
        try FileManager.default.removeItem(atPath: s.file("sounds/thanos_dust_2.flac"))
        #expect(mkfifo(s.file("sounds/thanos_snap_sound.wav"), 0o600) == 0)
        let fifo = try CLIRun.shatter(dust)
        #expect(fifo.status == 1 && fifo.stderr.contains("is not a plain file"), "\(fifo.stderr)")
        var status = stat()
        #expect(lstat(s.file("sounds/thanos_snap_sound.wav"), &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        #expect(!FileManager.default.fileExists(atPath: video))
    }
}
