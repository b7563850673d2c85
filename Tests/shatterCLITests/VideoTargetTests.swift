import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// `--video FILE` keeps a video already there unless `--overwrite`, as `--out` keeps a render; a join
/// warns of a clip its transitions outlast.
@Suite(.enabled(if: FFmpeg.available, "needs Debian's ffmpeg and ffprobe (Tools/setup.sh installs them)"))
struct VideoTargetTests {
    /// A clip of `seconds` of 64×48 test picture at 10 fps.
    static func clip(_ path: String, seconds: String = "1") throws -> String {
        let made = try FFmpeg.shell(
            "ffmpeg -v error -nostdin -y -f lavfi -i testsrc=size=64x48:rate=10 -t \(seconds) -pix_fmt yuv420p '\(path)'")
        try #require(made.status == 0, "\(made.stderr)")
        return path
    }

    /// Runs `arguments + ["--video", video]` three times: the first makes it, the second is refused in
    /// one line leaving it as it was, the third replaces it with `--overwrite`.
    func expectKept(_ arguments: [String], video: String) throws {
        let first = try CLIRun.shatter(arguments + ["--video", video])
        try #require(first.status == 0, "\(first.stderr)")
        let made = try Data(contentsOf: URL(fileURLWithPath: video))
        let refused = try CLIRun.shatter(arguments + ["--video", video])
        #expect(refused.status == 1 && refused.errorLines.count == 1, "\(refused.stderr)")
        #expect(
            refused.stderr.contains("--video \(video) already exists; add --overwrite to replace it, or give another file"),
            "\(refused.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: video)) == made)
        let replaced = try CLIRun.shatter(arguments + ["--video", video, "--overwrite"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
    }

    @Test func renderKeepsAnExistingVideoUnlessOverwrite() throws {
        let s = try TemporaryFolder()
        let render = ["render", "shatter", "--size", "32x24", "--fps", "10", "--duration", "0.3", "--backend", "cpu"]
        try expectKept(render, video: s.file("t.mp4"))
        // The summary tells the job's wall time from the encoder's time summed over cores.
        let run = try CLIRun.shatter(render + ["--video", s.file("u.mp4")])
        #expect(run.stdout.contains("; CPU time on \(AvailableCores.count) core"), "\(run.stdout)")
        // --resume still needs a folder.
        let resume = try CLIRun.shatter(render + ["--video", s.file("v.mp4"), "--resume"])
        #expect(resume.status == 64 && resume.stderr.contains("--resume needs a folder (--out DIR)"), "\(resume.stderr)")
    }

    /// A link kept where the video belongs (to a bigger disk, say) stays a link: the video replaces the
    /// file it names, and nothing is left beside either.
    @Test func aVideoThroughALinkReplacesTheFileItNames() throws {
        let s = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: s.file("disk"), withIntermediateDirectories: false)
        let target = try Self.clip(s.file("disk/real.mp4"))
        let before = try Data(contentsOf: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: s.file("link.mp4"), withDestinationPath: target)
        let run = try CLIRun.shatter(
            ["render", "shatter", "--size", "32x24", "--fps", "10", "--duration", "0.3", "--backend", "cpu", "--quiet"]
                + ["--video", s.file("link.mp4"), "--overwrite"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: s.file("link.mp4")) == target)
        let after = try Data(contentsOf: URL(fileURLWithPath: target))
        #expect(after != before && after.count > 0)
        #expect(try FFmpeg.shell("ffprobe -v error -show_entries stream=width -of csv=p=0 '\(target)'").stdout == "32\n")
        #expect(s.allContents() == ["disk", "link.mp4"])
        #expect(s.allContents(of: s.file("disk")) == ["real.mp4"])
    }

    @Test func joinKeepsAnExistingVideoUnlessOverwrite() throws {
        let s = try TemporaryFolder()
        let clips = [try Self.clip(s.file("a.mp4")), try Self.clip(s.file("b.mp4"))]
        try expectKept(["join"] + clips + ["--transition", "shatter:0.3", "--backend", "cpu", "--quiet"], video: s.file("j.mp4"))
    }

    /// The summary's CPU times are what was spent: encoding's and ffmpeg's together are at most the CPU
    /// time the whole run used, as GNU time measures it (writes waiting on a slower ffmpeg once counted
    /// 7 s of "CPU time" in a run that used 2.2 s).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time"), "needs GNU time"))
    func theSummaryCountsTheCPUTimeSpent() throws {
        let s = try TemporaryFolder()
        let run = try CLIRun.command(
            "/usr/bin/time",
            [
                "-f", "TIME %U %S", CLIRun.binary, "render", "shatter", "--size", "640x480", "--point-size", "8", "--backend",
                "cpu", "--quality", "high", "--video", s.file("t.mp4"),
            ])
        #expect(run.status == 0, "\(run.stderr)")
        let times = try #require(run.stderr.split(separator: "\n").last { $0.hasPrefix("TIME ") }, "\(run.stderr)")
        let total = times.split(separator: " ").dropFirst().compactMap { Double($0) }.reduce(0, +)
        func figure(_ name: String) -> Double? {
            guard let range = run.stdout.range(of: name + " ") else { return nil }
            return Double(run.stdout[range.upperBound...].prefix { $0.isNumber || $0 == "." })
        }
        let encode = try #require(figure("encode"), "\(run.stdout)")
        let ffmpeg = try #require(figure("ffmpeg"), "\(run.stdout)")
        #expect(ffmpeg > 0 && encode + ffmpeg <= total + 0.05, "\(run.stdout) against \(times)")
    }

    @Test func aClipShorterThanItsTransitionsIsNamedInOneWarning() throws {
        let s = try TemporaryFolder()
        let clips = [
            try Self.clip(s.file("a.mp4")), try Self.clip(s.file("short.mp4"), seconds: "0.5"), try Self.clip(s.file("c.mp4")),
        ]
        let run = try CLIRun.shatter(
            ["join"] + clips + [
                "--transition", "shatter:0.4", "--backend", "cpu", "--progress", "none", "--video", s.file("j.mp4"),
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.errorLines == [
                "shatter: warning: clip \(clips[1]) lasts 0.5 s, less than the 1.0 s its two transitions (0.8 s) show of "
                    + "it, so it holds its last frame; give a longer clip or a shorter --transition"
            ], "\(run.stderr)")
    }

    /// `render --head` of a clip shorter than the transition: the same warning as join's, naming
    /// render's own option; the `--tail` clip, long enough, is not named.
    @Test func aHeadClipShorterThanTheTransitionIsNamedInOneWarning() throws {
        let s = try TemporaryFolder()
        let short = try Self.clip(s.file("short.mp4"), seconds: "0.5")
        let run = try CLIRun.shatter([
            "render", "shatter", "--from", short, "--to", try Self.clip(s.file("b.mp4")), "--head", "--tail",
            "--duration", "0.8", "--fps", "10", "--backend", "cpu", "--progress", "none", "--video", s.file("r.mp4"),
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.errorLines == [
                "shatter: warning: clip \(short) lasts 0.5 s, less than the 0.9 s its transition (0.8 s) shows of it, so it "
                    + "holds its last frame; give a longer clip or a shorter --duration"
            ], "\(run.stderr)")
    }
}
