import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// `join --still SECONDS` holds a still picture (a PNG clip) for that long, as editors hold an image;
/// without it the still is seen only while its transitions play, and the one warning says so and names
/// the option. `--fit`'s help says what join does with a still of another size: refuses it like any clip.
@Suite(.enabled(if: FFmpeg.available, "needs Debian's ffmpeg and ffprobe (Tools/setup.sh installs them)"))
struct JoinStillTests {
    static func frameCount(_ video: String) throws -> Int {
        let run = try CLIRun.command(
            "/usr/bin/ffprobe",
            [
                "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames", "-of",
                "csv=p=0", video,
            ])
        return Int(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @Test func aStillIsHeldForTheSecondsGiven() throws {
        let s = try TemporaryFolder()
        let clips = try JoinCommandTests.clips(in: s)
        try PNGEncoder.write(Image(width: 64, height: 48, fill: RGBA8(r: 200, g: 30, b: 30, a: 255)), to: s.file("login.png"))
        let arguments = ["join", clips[0], s.file("login.png"), clips[1], "--transition", "shatter:0.4", "--backend", "cpu"]
        // 2 s clips at 25 fps and transitions of 11 frames: each clip is seen alone for 50 − 11 frames, the still
        // for none (its one frame is shorter than its transitions' 22), or for 75 − 22 frames held 3 s.
        let plain = try CLIRun.shatter(arguments + ["--video", s.file("plain.mkv")])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(
            plain.errorLines.contains(
                "shatter: warning: clip \(s.file("login.png")) is a still picture shown for 0.04 s, less than the 0.88 s its "
                    + "two transitions (0.8 s) show of it, so it is seen only while they play; give --still SECONDS to "
                    + "show it longer"), "\(plain.stderr)")
        #expect(try Self.frameCount(s.file("plain.mkv")) == 39 + 0 + 39 + 22)
        let held = try CLIRun.shatter(arguments + ["--still", "3", "--video", s.file("held.mkv")])
        #expect(held.status == 0 && !held.stderr.contains("warning"), "\(held.stderr)")
        #expect(try Self.frameCount(s.file("held.mkv")) == 39 + 53 + 39 + 22)
    }

    @Test func badStillsAreRefusedInOneLine() throws {
        let s = try TemporaryFolder()
        let clips = try JoinCommandTests.clips(in: s)
        for value in ["0", "-1", "nan", "4000"] {
            let run = try CLIRun.shatter(["join", clips[0], clips[1], "--still", value, "--video", s.file("x.mkv")])
            #expect(run.status == 64 && run.errorLines.count == 1, "\(run.stderr)")
            #expect(run.stderr.contains("--still must be more than 0 and at most 3600 seconds"), "\(run.stderr)")
        }
        let help = try CLIRun.shatter(["join", "--help"])
        #expect(
            help.stdout.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ").contains(
                "Without it every clip, a still PNG too, must be the video's size."), "\(help.stdout)")
    }
}
