import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// What stands between Shatter and starting ffmpeg or ffprobe is said in one line: a `--ffmpeg` that
/// names a folder, and a descriptor left open above a lowered open-file limit (bash's own 255 after
/// `ulimit -n 200`), which Shatter gets round by raising its soft limit where the hard one allows.
@Suite(.enabled(if: FFmpeg.available, "needs Debian's ffmpeg and ffprobe (Tools/setup.sh installs them)"))
struct FFmpegStartTests {
    static let render = ["render", "shatter", "--size", "32x24", "--fps", "10", "--duration", "0.2", "--backend", "cpu"]

    @Test func aFolderGivenAsFFmpegIsNamedInOneLine() throws {
        let s = try TemporaryFolder()
        let run = try CLIRun.shatter(Self.render + ["--video", s.file("v.mp4"), "--ffmpeg", "/usr/bin"])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(
            run.errorLines == [
                "shatter: error: --ffmpeg /usr/bin is a folder; give the ffmpeg program itself, such as /usr/bin/ffmpeg "
                    + "(see --help)"
            ], "\(run.stderr)")
        #expect(s.allContents().isEmpty)
    }

    /// `limits` lowers the open-file limit in bash after opening descriptor 250, then runs a join of two
    /// video clips (ffprobe, two decoders and the encoder).
    func join(limits: String, in s: TemporaryFolder) throws -> CLIRun {
        let clips = [try VideoTargetTests.clip(s.file("a.mp4")), try VideoTargetTests.clip(s.file("b.mp4"))]
        let script = "exec 250</dev/null; \(limits); exec \"$0\" \"$@\""
        return try CLIRun.command(
            "/bin/bash",
            ["-c", script, CLIRun.binary, "join"] + clips + [
                "--transition", "shatter:0.3", "--backend", "cpu", "--quiet", "--video", s.file("j.mp4"),
            ])
    }

    @Test func aDescriptorAboveTheHardLimitIsNamedInOneLine() throws {
        let s = try TemporaryFolder()
        let run = try join(limits: "ulimit -n 200", in: s)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(
            run.errorLines == [
                "shatter: error: descriptor 250 is open but the open-file limit (ulimit -n) is 200, so ffmpeg and ffprobe "
                    + "cannot be started; raise the limit above 250 (ulimit -n 1024) or close that descriptor"
            ], "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: s.file("j.mp4")))
    }

    @Test func aDescriptorAboveTheSoftLimitOnlyIsRoomMade() throws {
        let s = try TemporaryFolder()
        let run = try join(limits: "ulimit -Sn 200", in: s)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: s.file("j.mp4")))
    }

    /// Runs `arguments` under `limits`, with no descriptor open above them (issue 48, L8: a soft limit of
    /// 8–12 crashed Shatter with SIGILL, 16–20 printed Foundation's raw "Bad file descriptor" line).
    func run(_ arguments: [String], limits: String) throws -> CLIRun {
        try CLIRun.command("/bin/bash", ["-c", "\(limits); exec \"$0\" \"$@\"", CLIRun.binary] + arguments)
    }

    @Test(arguments: [8, 12, 16, 20])
    func aLowSoftOpenFileLimitIsRaised(_ limit: Int) throws {
        let s = try TemporaryFolder()
        let video = try run(Self.render + ["--video", s.file("v.mp4"), "--quiet"], limits: "ulimit -Sn \(limit)")
        #expect(video.status == 0 && video.stderr.isEmpty, "\(video.status): \(video.stderr)")
        #expect(FileManager.default.fileExists(atPath: s.file("v.mp4")))
        let frames = try run(Self.render + ["--out", s.file("f"), "--quiet"], limits: "ulimit -Sn \(limit)")
        #expect(frames.status == 0 && frames.stderr.isEmpty, "\(frames.status): \(frames.stderr)")
        #expect(s.contents(of: s.file("f")).count == 3)
    }

    @Test func aLowHardOpenFileLimitIsOneLine() throws {
        let s = try TemporaryFolder()
        let run = try run(Self.render + ["--video", s.file("v.mp4")], limits: "ulimit -n 12")
        #expect(run.status == 1, "\(run.stderr)")
        #expect(
            run.errorLines == [
                "shatter: error: the open-file limit (ulimit -n) is 12 and cannot be raised past 12; Shatter needs "
                    + "\(OpenFileFloor.minimum) open files: start it from a shell with a higher limit (ulimit -n 1024)"
            ], "\(run.stderr)")
        #expect(s.allContents().isEmpty)
    }
}
