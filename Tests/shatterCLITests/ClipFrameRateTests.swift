import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// A video's declared frame rate is bounded where the clip is opened (issue 42, item 3, M1): a rate no
/// video plays at made a join's or a head's frame count trap (exit 132) instead of an error.
@Suite(.enabled(if: FFmpeg.available, "needs Debian's ffmpeg and ffprobe (Tools/setup.sh installs them)"))
struct ClipFrameRateTests {
    /// A 64×48 Y4M of `frames` grey frames declaring the rate `rate` (`F` of its header, e.g. "1:100").
    static func y4m(_ path: String, rate: String, frames: Int = 3) throws {
        let frame = Array("FRAME\n".utf8) + [UInt8](repeating: 128, count: 64 * 48 * 3 / 2)
        let header = Array("YUV4MPEG2 W64 H48 F\(rate) Ip A1:1 C420jpeg\n".utf8)
        try Data(header + Array([[UInt8]](repeating: frame, count: frames).joined())).write(to: URL(fileURLWithPath: path))
    }

    /// A second of 64×48 test picture at 10 fps.
    static func clip(_ path: String) throws {
        let made = try FFmpeg.shell(
            "ffmpeg -v error -nostdin -y -f lavfi -i testsrc=size=64x48:rate=10 -t 1 -pix_fmt yuv420p '\(path)'")
        try #require(made.status == 0, "\(made.stderr)")
    }

    /// A join and a render's head, each of a.mp4 and slow.y4m at 10,000 fps.
    static let slowClipCommands = [
        ["join", "a.mp4", "slow.y4m", "--fit", "stretch", "--fps", "10000", "--video", "o.mp4"],
        ["render", "shatter", "--backend", "cpu", "--from", "slow.y4m", "--head", "--fps", "10000", "--video", "o.mp4"],
    ]

    /// Runs `arguments` (names of files in `s`) on a.mp4 and a slow.y4m declaring `rate`; a run still
    /// going after 30 s is killed.
    static func run(_ arguments: [String], rate: String, in s: TemporaryFolder) throws -> MeasuredRun {
        try clip(s.file("a.mp4"))
        try y4m(s.file("slow.y4m"), rate: rate)
        return try MeasuredRun.shatter(arguments.map { $0.contains(".") ? s.file($0) : $0 }, limit: 30)
    }

    @Test(arguments: slowClipCommands)
    func aClipDeclaringARateNoVideoPlaysAtIsRefusedNamingIt(_ arguments: [String]) throws {
        let s = try TemporaryFolder()
        let run = try Self.run(arguments, rate: "1:2147483647", in: s)
        try #require(!run.timedOut)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("slow.y4m: its frame rate is 4.6566128752"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: s.file("o.mp4")))
    }
}
