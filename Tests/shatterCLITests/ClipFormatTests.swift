import Foundation
import ShatterTestSupport
import Testing

/// ffmpeg picks a demuxer by a file's bytes, not its name: a clip or sound that is really an HLS
/// playlist or an ffconcat script would make it read the other files it lists. Shatter lets ffmpeg
/// read only formats of one self-contained file, and says so in one line.
@Suite(.enabled(if: FFmpeg.available, "needs Debian's ffmpeg and ffprobe (Tools/setup.sh installs them)"))
struct ClipFormatTests {
    @Test(arguments: [
        ("playlist.mp4", "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nSECRET\n#EXT-X-ENDLIST\n"),
        ("script.mp4", "ffconcat version 1.0\nfile secret.ts\n"),
    ])
    func aClipThatListsOtherFilesIsRefused(name: String, text: String) throws {
        let s = try TemporaryFolder()
        try FFmpegTool.run(["-f", "lavfi", "-i", "testsrc=size=32x24:rate=10", "-t", "1", "-f", "mpegts", s.file("secret.ts")])
        try FFmpegTool.run(["-f", "lavfi", "-i", "smptebars=size=32x24:rate=10", "-t", "1", s.file("b.mkv")])
        try text.replacingOccurrences(of: "SECRET", with: s.file("secret.ts")).write(
            toFile: s.file(name), atomically: true, encoding: .utf8)
        let run = try CLIRun.shatter(
            ["join", s.file(name), s.file("b.mkv"), "--backend", "cpu", "--video", s.file("o.mkv")], in: s.path)
        #expect(run.status == 1 && run.errorLines.count == 1, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "\(s.file(name)): not a video ffmpeg can read (its bytes are a playlist or script that lists other files"),
            "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: s.file("o.mkv")))
    }

    @Test func aSoundThatListsOtherFilesIsRefused() throws {
        let s = try TemporaryFolder()
        try SoundFixtures.write(into: s.path, names: ["thanos_dust_1"])
        try FileManager.default.createDirectory(atPath: s.file("sounds"), withIntermediateDirectories: true)
        try "ffconcat version 1.0\nfile ../thanos_dust_1.flac\n".write(
            toFile: s.file("sounds/thanos_snap_sound.mp3"), atomically: true, encoding: .utf8)
        let run = try CLIRun.shatter(
            ["render", "sprite", "--backend", "cpu", "--video", s.file("v.mp4"), "--sounds", s.file("sounds")])
        #expect(run.status == 1 && run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("lists other files"), "\(run.stderr)")
    }
}
