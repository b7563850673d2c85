import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// Debian's ffmpeg and ffprobe, the real encoder the streams and videos are made for.
enum FFmpeg {
    static let available = FFmpegTool.available

    /// `sh -c script`, for pipelines.
    static func shell(_ script: String) throws -> CLIRun {
        try CLIRun.command("/bin/sh", ["-c", script])
    }

    /// ffprobe's `key=value` lines for the first video stream.
    static func probe(_ path: String) throws -> [String: String] {
        let run = try CLIRun.command(
            "/usr/bin/ffprobe",
            [
                "-v", "error", "-select_streams", "v:0", "-count_frames",
                "-show_entries", "stream=nb_read_frames,width,height,r_frame_rate,codec_name,pix_fmt",
                "-of", "default=noprint_wrappers=1", path,
            ])
        var values: [String: String] = [:]
        for line in run.stdout.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { values[parts[0]] = parts[1] }
        }
        return values
    }
}

/// Frames into real video pipelines: a PNG stream or raw RGBA on standard output, a video in one step.
@Suite(.enabled(if: FFmpeg.available, "needs Debian's ffmpeg and ffprobe (Tools/setup.sh installs them)"))
struct StreamingTests {
    let render = ["render", "shatter", "--size", "48x36", "--fps", "10", "--backend", "cpu"]  // 13 frames

    func quoted(_ arguments: [String]) -> String { arguments.map { "'\($0)'" }.joined(separator: " ") }

    /// The folder render's frames, decoded.
    func folderFrames(_ s: TemporaryFolder) throws -> [Image] {
        let folder = s.file("folder")
        #expect(try CLIRun.shatter(render + ["--out", folder]).status == 0)
        return try (0...12).map { try PNGDecoder.read(path: folder + "/" + OutputDirectory.frameName($0)) }
    }

    @Test func aPNGStreamIntoFFmpegDecodesToTheFolderFrames() throws {
        let s = try TemporaryFolder()
        let expected = try folderFrames(s)
        try FileManager.default.createDirectory(atPath: s.file("decoded"), withIntermediateDirectories: true)
        let run = try FFmpeg.shell(
            "\(quoted([CLIRun.binary] + render + ["--out", "-", "--quiet"])) | "
                + "ffmpeg -hide_banner -loglevel error -f image2pipe -framerate 10 -i - '\(s.file("decoded"))/%05d.png'")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "stderr: \(run.stderr)")
        let decoded = try (1...13).map { try PNGDecoder.read(path: s.file("decoded") + String(format: "/%05d.png", $0)) }
        #expect(decoded == expected)
    }

    @Test func rawRGBAIntoFFmpegIsLosslessThroughFFV1() throws {
        let s = try TemporaryFolder()
        let expected = try folderFrames(s)
        let video = s.file("raw.mkv")
        let run = try FFmpeg.shell(
            "\(quoted([CLIRun.binary] + render + ["--pipe", "rgba", "--quiet"])) | "
                + "ffmpeg -hide_banner -loglevel error -f rawvideo -pix_fmt rgba -s 48x36 -r 10 -i - "
                + "-c:v ffv1 -pix_fmt bgra '\(video)'")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FFmpeg.probe(video)["nb_read_frames"] == "13")
        try FileManager.default.createDirectory(atPath: s.file("decoded"), withIntermediateDirectories: true)
        _ = try FFmpeg.shell("ffmpeg -hide_banner -loglevel error -i '\(video)' '\(s.file("decoded"))/%05d.png'")
        let decoded = try (1...13).map { try PNGDecoder.read(path: s.file("decoded") + String(format: "/%05d.png", $0)) }
        #expect(decoded == expected)
    }

    @Test func videoInOneStepHasTheFramesSizeAndRate() throws {
        let s = try TemporaryFolder()
        let mp4 = s.file("transition.mp4")
        let run = try CLIRun.shatter(render + ["--video", mp4])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Rendered 13 frames to \(mp4)"), "\(run.stdout)")
        let probe = try FFmpeg.probe(mp4)
        #expect(probe["codec_name"] == "h264" && probe["pix_fmt"] == "yuv420p")
        #expect(probe["nb_read_frames"] == "13" && probe["width"] == "48" && probe["height"] == "36")
        #expect(probe["r_frame_rate"] == "10/1")
        #expect(s.allContents(of: s.path) == ["transition.mp4"])  // no temporary left, no frames folder

        // Lossless .mkv gives back the very frames.
        let mkv = s.file("transition.mkv")
        #expect(try CLIRun.shatter(render + ["--video", mkv]).status == 0)
        try FileManager.default.createDirectory(atPath: s.file("decoded"), withIntermediateDirectories: true)
        _ = try FFmpeg.shell("ffmpeg -hide_banner -loglevel error -i '\(mkv)' '\(s.file("decoded"))/%05d.png'")
        let decoded = try (1...13).map { try PNGDecoder.read(path: s.file("decoded") + String(format: "/%05d.png", $0)) }
        #expect(decoded == (try folderFrames(s)))
    }

    @Test func aVideoRenderKilledOutrightLeavesNothingTheNextRenderKeeps() throws {
        let s = try TemporaryFolder()
        let folder = s.file("videos")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let video = folder + "/transition.mp4"
        let slow = ["render", "shatter", "--size", "200x200", "--scale", "2", "--fps", "30", "--backend", "cpu"]
        let killed = try BackgroundRun(slow + ["--video", video], in: s)
        // Wait (without a clock) until ffmpeg has written into the hidden temporary file, then kill the
        // render. The render makes the file empty before it starts ffmpeg, so an empty file says nothing of
        // ffmpeg: killed before ffmpeg opens it, the orphaned ffmpeg could make it again after the next
        // render swept it.
        func started() -> Bool {
            s.allContents(of: folder).contains { name in
                name.hasPrefix(".transition.mp4.tmp-")
                    && ((try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int) ?? 0) > 0
            }
        }
        while !started() && killed.process.isRunning {
            usleep(2_000)
        }
        kill(killed.process.processIdentifier, SIGKILL)
        #expect(killed.wait() == SIGKILL)
        #expect(s.allContents(of: folder).contains { $0.hasPrefix(".transition.mp4.tmp-") }, "the kill left no temporary")
        // Another video's temporary in the same folder is not this render's to remove.
        let unrelated = ".other.mp4.tmp-\(killed.process.processIdentifier)-1"
        _ = FileManager.default.createFile(atPath: folder + "/" + unrelated, contents: Data())

        let again = try CLIRun.shatter(render + ["--video", video])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(s.allContents(of: folder) == [unrelated, "transition.mp4"])
    }

    @Test func aReaderThatQuitsEndsTheRenderWithOneLine() throws {
        // The renderer's standard output is a pipe the reader closes after 100 bytes.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRun.binary)
        process.arguments = [
            "render", "shatter", "--size", "300x300", "--fps", "60", "--backend", "cpu", "--out", "-", "--quiet",
        ]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        _ = out.fileHandleForReading.readData(ofLength: 100)
        try out.fileHandleForReading.close()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 1, "\(stderr)")
        #expect(stderr == "shatter: error: the program reading the frames closed the pipe; stopped\n", "\(stderr)")
    }

    @Test func ffmpegMissingOrFailingIsOneLineAndLeavesNoVideo() throws {
        let s = try TemporaryFolder()
        let missing = try CLIRun.shatter(render + ["--video", s.file("a.mp4")], environment: ["PATH": "/nonexistent"])
        #expect(missing.status == 1 && missing.errorLines.count == 1, "\(missing.stderr)")
        #expect(
            missing.stderr.contains("no ffmpeg found") && missing.stderr.contains("apt-get install ffmpeg"), "\(missing.stderr)")
        let failing = try CLIRun.shatter(render + ["--video", s.file("b.mp4"), "--ffmpeg-args", "-c:v no-such-codec"])
        #expect(failing.status == 1 && failing.errorLines.count == 1, "\(failing.stderr)")
        #expect(failing.stderr.contains("ffmpeg failed") && failing.stderr.contains("no-such-codec"), "\(failing.stderr)")
        #expect(s.allContents(of: s.path).isEmpty, "left: \(s.allContents(of: s.path))")
    }
}

/// Smaller promises of the render commands.
@Suite struct RenderConveniencesTests {
    @Test func aContactSheetAloneWritesOnlyTheSheet() throws {
        let s = try TemporaryFolder()
        let run = try CLIRun.shatter(
            [
                "render", "splash", "--size", "40x60", "--fps", "5", "--duration", "1", "--backend", "cpu",
                "--contact-sheet", s.file("sheet.png"),
            ], environment: [:])
        #expect(run.status == 0, "\(run.stderr)")
        // The summary says where the frames went, not "to nowhere" (issue 48).
        #expect(run.stdout.hasPrefix("Rendered 6 frames to the contact sheet \(s.file("sheet.png")) in "), "\(run.stdout)")
        #expect(!run.stdout.contains("Contact sheet:"), "\(run.stdout)")
        #expect(s.allContents(of: s.path) == ["sheet.png"])
        #expect(try PNGDecoder.read(path: s.file("sheet.png")).width > 40)
        // A sheet path that cannot be written is refused before anything renders.
        let bad = try CLIRun.shatter([
            "render", "splash", "--backend", "cpu", "--contact-sheet", s.file("no/such/folder/sheet.png"),
            "--out", s.file("frames"),
        ])
        #expect(bad.status == 1 && bad.errorLines.count == 1, "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: s.file("frames")))
    }

    @Test func oneFrameIsOneFrameAndTheVersionIsPrinted() throws {
        let s = try TemporaryFolder()
        let run = try CLIRun.shatter([
            "render", "shatter", "--size", "20x20", "--frames", "3", "--backend", "cpu",
            "--out", s.file("out"),
        ])
        #expect(run.stdout.hasPrefix("Rendered 1 frame to "), "\(run.stdout)")
        let version = try CLIRun.shatter(["--version"])
        #expect(version.status == 0 && version.stdout == ShatterVersion.current + "\n")
    }

    @Test func jsonProgressIsOneObjectALine() throws {
        let s = try TemporaryFolder()
        let run = try CLIRun.shatter([
            "render", "shatter", "--size", "20x20", "--fps", "10", "--backend", "cpu",
            "--progress", "json", "--out", s.file("out"),
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let last = try #require(run.errorLines.last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect(object["event"] as? String == "done" && object["framesDone"] as? Int == 13 && object["framesTotal"] as? Int == 13)
    }
}
