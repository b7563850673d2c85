import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// The one-render cap of 1,000,000 frames holds over a whole video of clips (issue 42, item 3, M2):
/// clips shown alone and every transition counted together, refused before ffmpeg starts. Before,
/// a slow clip planned millions of frames and ran until killed, and transitions each under the cap
/// added up past it.
@Suite(.enabled(if: FFmpeg.available, "needs Debian's ffmpeg and ffprobe (Tools/setup.sh installs them)"))
struct VideoFrameCapTests {
    /// Refused at once (a run that starts rendering is killed after 30 s), in one line naming the
    /// cap, no video left.
    static func expectRefused(_ run: MeasuredRun, frames: String, in s: TemporaryFolder) {
        #expect(!run.timedOut)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(
            run.stderr.contains("make \(frames) frames; at most 1000000 can be rendered at once — lower --fps"),
            "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: s.file("o.mp4")))
    }

    /// Three frames at a frame each 100 s (a rate a clip may have) last 300 s: 3,000,000 frames at 10,000 fps.
    @Test(arguments: ClipFrameRateTests.slowClipCommands)
    func aSlowClipsFramesCountAgainstTheCap(_ arguments: [String]) throws {
        let s = try TemporaryFolder()
        Self.expectRefused(try ClipFrameRateTests.run(arguments, rate: "1:100", in: s), frames: "3000000", in: s)
    }

    /// Two transitions of 900,000 frames each: each under the cap, together over it.
    @Test func transitionsAddUpAgainstTheCap() throws {
        let s = try TemporaryFolder()
        for name in ["a", "b", "c"] {
            let made = try FFmpeg.shell(
                "ffmpeg -v error -nostdin -y -f lavfi -i testsrc=size=64x48:rate=30 -t 1 -pix_fmt yuv420p '\(s.file(name)).mp4'")
            try #require(made.status == 0, "\(made.stderr)")
        }
        let run = try MeasuredRun.shatter(
            ["join"] + ["a", "b", "c"].map { s.file($0) + ".mp4" } + [
                "--transition", "shatter:30000", "--video", s.file("o.mp4"),
            ], limit: 30)
        Self.expectRefused(run, frames: "1800002", in: s)
    }
}
