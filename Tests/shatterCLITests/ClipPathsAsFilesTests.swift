import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// A clip's path reaches ffprobe and ffmpeg as a plain file, whatever its name (issue 42, item 3, M5):
/// a name starting with `-` was read as an option, one with a colon as a protocol.
@Suite(.enabled(if: FFmpeg.available, "needs Debian's ffmpeg and ffprobe (Tools/setup.sh installs them)"))
struct ClipPathsAsFilesTests {
    /// A second of `size` test picture at 10 fps, in `folder` under `name` (any name: written elsewhere, then moved).
    static func clip(_ name: String, size: String = "64x48", in s: TemporaryFolder) throws {
        let made = try FFmpeg.shell(
            "ffmpeg -v error -nostdin -y -f lavfi -i testsrc=size=\(size):rate=10 -t 1 -pix_fmt yuv420p '\(s.file("made.mp4"))'")
        try #require(made.status == 0, "\(made.stderr)")
        try FileManager.default.moveItem(atPath: s.file("made.mp4"), toPath: s.file(name))
    }

    /// `-report` after `--` is a clip: before, ffprobe took it for its option and wrote a log here.
    @Test func aClipNamedLikeAnOptionIsReadAsAFile() throws {
        let s = try TemporaryFolder()
        try Self.clip("-report", in: s)
        try Self.clip("a.mp4", in: s)
        let run = try CLIRun.shatter(["join", "--video", "o.mp4", "--", "-report", "a.mp4"], in: s.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.path).sorted() == ["-report", "a.mp4", "o.mp4"])
    }

    /// A file named `concat:x.mp4|x.mp4` is that file, not x.mp4 twice: the video takes its 32×24 size.
    @Test func aClipNamedLikeAProtocolIsReadAsAFile() throws {
        let s = try TemporaryFolder()
        try Self.clip("x.mp4", in: s)
        try Self.clip("concat:x.mp4|x.mp4", size: "32x24", in: s)
        let run = try CLIRun.shatter(
            ["join", "concat:x.mp4|x.mp4", "x.mp4", "--fit", "stretch", "--video", "o.mp4"], in: s.path)
        #expect(run.status == 0, "\(run.stderr)")
        let video = try FFmpeg.probe(s.file("o.mp4"))
        #expect(video["width"] == "32" && video["height"] == "24", "\(video)")
    }
}
