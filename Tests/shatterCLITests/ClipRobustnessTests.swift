import Foundation
import Glibc
import Shatter
import ShatterTestSupport
import Testing

/// Rows 4 and 5 of "a check that cannot be fooled" and the smaller items around clips and video:
/// patterns parsed by Shatter, rotated videos upright, a pixel cap on video clips, ffmpeg's own exit.
@Suite struct ClipRobustnessTests {
    static let render = ["render", "shatter", "--backend", "cpu", "--size", "20x20", "--duration", "0.1"]

    /// Widths that once crashed (a segfault, a trap) or took gigabytes: one line, exit 64, little memory.
    @Test(arguments: ["x/%02147483647d.png", "x/%099999999999999999999d.png", "x/%0999999999d.png", "x/%017d.png"])
    func hugePatternWidthsAreRefusedInOneLine(_ pattern: String) throws {
        let s = try TemporaryFolder()
        let run = try MeasuredRun.shatter(Self.render + ["--from", s.file(pattern), "--out", s.file("f")])
        try #require(!run.timedOut)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.errorLines.count == 1 && run.stderr.contains("not a usable frame pattern"), "\(run.stderr)")
        #expect(run.peakResidentBytes < 100 << 20, "peak resident memory \(run.peakResidentBytes >> 20) MiB")
        #expect(tree(s.path).isEmpty)
    }

    @Test func aPatternIsNumberedAsPrintfWouldNumberIt() throws {
        let s = try TemporaryFolder()
        for (k, name) in ["  0", "  1", "  2"].enumerated() {
            try PNGEncoder.write(
                Image(width: 20, height: 20, fill: RGBA8(r: UInt8(k * 100), g: 0, b: 0, a: 255)), to: s.file("c\(name).png"))
        }
        let run = try CLIRun.shatter(Self.render + ["--from", s.file("c%3d.png"), "--frames", "0-0", "--out", s.file("f")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try PNGDecoder.read(path: s.file("f/frame-00000.png")).pixels[0] == 0)
    }

    @Test(.enabled(if: FFmpeg.available, "needs ffmpeg and ffprobe"))
    func aRotatedVideoIsReadUpright() throws {
        let s = try TemporaryFolder()
        let made = try FFmpeg.shell(
            "cd '\(s.path)' && ffmpeg -v error -nostdin -y -f lavfi -i testsrc=size=64x32:rate=10 -frames:v 3 "
                + "-c:v libx264 -pix_fmt yuv420p in.mp4 && ffmpeg -v error -nostdin -y -i in.mp4 -c copy "
                + "-metadata:s:v:0 rotate=90 rot.mp4 && ffmpeg -v error -nostdin -y -i rot.mp4 -frames:v 1 -pix_fmt rgba upright.png"
        )
        try #require(made.status == 0, "\(made.stderr)")
        let upright = try PNGDecoder.read(path: s.file("upright.png"))
        #expect(upright.width == 32 && upright.height == 64)
        // Frame 0 of the transition is the --from picture, untouched.
        let run = try CLIRun.shatter([
            "render", "shatter", "--backend", "cpu", "--from", s.file("rot.mp4"), "--size", "32x64", "--scale", "1",
            "--frames", "0-0", "--out", s.file("f"),
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try PNGDecoder.read(path: s.file("f/frame-00000.png")) == upright)
    }

    @Test(.enabled(if: FFmpeg.available, "needs ffmpeg and ffprobe"))
    func aVideoClipLargerThanAPNGClipMayBeIsRefused() throws {
        let s = try TemporaryFolder()
        let made = try FFmpeg.shell(
            "ffmpeg -v error -nostdin -y -f lavfi -i color=c=red:size=16400x16:rate=1 -frames:v 1 -c:v ffv1 '\(s.file("wide.mkv"))'"
        )
        try #require(made.status == 0, "\(made.stderr)")
        let run = try MeasuredRun.shatter(Self.render + ["--from", s.file("wide.mkv"), "--fit", "cover", "--out", s.file("f")])
        #expect(run.status == 1)
        #expect(run.errorLines.count == 1 && run.stderr.contains("16400x16, over a clip's limit"), "\(run.stderr)")
        #expect(run.peakResidentBytes < 200 << 20, "peak resident memory \(run.peakResidentBytes >> 20) MiB")
    }

    /// ffmpeg's real end is what the error says: its status, its signal, or that it stopped reading.
    @Test(arguments: [("exit 7", "ffmpeg failed (exit 7)"), ("kill -9 $$", "ffmpeg was killed by signal 9")])
    func ffmpegsOwnStatusIsReported(_ ending: String, _ said: String) throws {
        let s = try TemporaryFolder()
        let fake = s.file("ffmpeg")
        try Data("#!/bin/sh\nhead -c 100 > /dev/null\n\(ending)\n".utf8).write(to: URL(fileURLWithPath: fake))
        chmod(fake, 0o755)
        let run = try CLIRun.shatter(
            [
                "render", "breathe", "--backend", "cpu", "--size", "200x200", "--duration", "0.5", "--video", s.file("v.mp4"),
                "--ffmpeg", fake,
            ])
        #expect(run.status == 1)
        #expect(run.errorLines.count == 1 && run.stderr.contains(said), "\(run.stderr)")
        #expect(tree(s.path) == ["ffmpeg": tree(s.path)["ffmpeg"]!])
    }

    @Test(.enabled(if: FFmpeg.available, "needs ffmpeg"))
    func ffmpegStoppingAfterTwoFramesSaysSo() throws {
        let s = try TemporaryFolder()
        let run = try CLIRun.shatter(
            [
                "render", "breathe", "--backend", "cpu", "--size", "300x300", "--duration", "1", "--video", s.file("v.mkv"),
                "--ffmpeg-args", "-frames:v 2",
            ])
        #expect(run.status == 1)
        #expect(run.stderr.contains("ffmpeg exited 0 but stopped reading before the last frame"), "\(run.stderr)")
        #expect(tree(s.path).isEmpty)
    }

    @Test func aVideoOfOneShardIsRefused() throws {
        let s = try TemporaryFolder()
        let run = try CLIRun.shatter(Self.render + ["--video", s.file("x.mp4"), "--shard", "0/2"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--video makes one whole video"), "\(run.stderr)")
        #expect(tree(s.path).isEmpty)
    }

    @Test func aBadEGLDeviceVariableDoesNotStopACPURender() throws {
        let s = try TemporaryFolder()
        let run = try CLIRun.shatter(Self.render + ["--out", s.file("f")], environment: ["SHATTER_EGL_DEVICE": "abc"])
        #expect(run.status == 0, "\(run.stderr)")
        let bench = try CLIRun.shatter(OutputWriterTests.smallBench, environment: ["SHATTER_EGL_DEVICE": "abc"])
        #expect(bench.status == 0, "\(bench.stderr)")
    }

    @Test func aStreamStoppedBySIGTERMDoesNotSuggestResume() throws {
        let s = try TemporaryFolder()
        let run = try BackgroundRun(
            [
                "render", "shatter", "--backend", "cpu", "--size", "120x120", "--duration", "60", "--pipe", "rgba", "--progress",
                "tty",
            ],
            in: s)
        // The progress line comes after the first frame, so the signal handler is in place by then.
        while run.stderr.isEmpty && run.process.isRunning { usleep(10_000) }
        kill(run.process.processIdentifier, SIGTERM)
        #expect(run.wait() == 143, "\(run.stderr)")
        #expect(run.stderr.contains("the stream is incomplete") && !run.stderr.contains("--resume"), "\(run.stderr)")
    }
}
