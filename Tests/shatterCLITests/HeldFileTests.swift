import Foundation
import Glibc
import ShatterTestSupport
import Testing

/// ffmpeg and ffprobe get the files Shatter opened and checked by descriptor (`/proc/<pid>/fd/<n>`),
/// never by name: a sound swapped for a FIFO after its check is still read, an ffmpeg orphaned by a
/// killed render cannot make the `--video` temporary again, and a relative clip in a working folder
/// deeper than PATH_MAX is the file the user named.
@Suite(.enabled(if: FFmpeg.available, "needs Debian's ffmpeg and ffprobe (Tools/setup.sh installs them)"))
struct HeldFileTests {
    /// A folder of tools put first on PATH: `name` runs `script` (a POSIX shell body).
    static func tool(_ name: String, _ script: String, in s: TemporaryFolder) throws -> [String: String] {
        let tools = s.file("tools")
        try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
        try ("#!/bin/sh\n" + script).write(toFile: tools + "/" + name, atomically: true, encoding: .utf8)
        chmod(tools + "/" + name, 0o755)
        return ["PATH": tools + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
    }

    @Test func aSoundSwappedForAFIFOAfterItsCheckIsStillTheSoundChecked() throws {
        let s = try TemporaryFolder()
        let sound = try #require(
            try SoundFixtures.write(into: s.file("sounds"), names: ["thanos_snap_sound"])["thanos_snap_sound"])
        // The real ffprobe checks the sound; then, before the video is encoded, its name becomes a FIFO
        // that nobody ever writes.
        let environment = try Self.tool(
            "ffprobe", "/usr/bin/ffprobe \"$@\"; status=$?\nrm -f '\(sound)'; mkfifo '\(sound)'\nexit $status\n", in: s)
        let video = s.file("v.mp4")
        let run = try BackgroundRun(
            ["render", "sprite", "--backend", "cpu", "--video", video, "--sounds", s.file("sounds")],
            in: s, environment: environment)
        #expect(StalledInputTests.ends(run, within: 60), "the encoder waited on the FIFO: \(run.stderr)")
        #expect(run.process.terminationStatus == 0, "\(run.stderr)")
        #expect(try FFmpegTool.probe(["-select_streams", "a:0", "-show_entries", "stream=codec_type", video]) == "audio")
    }

    @Test func anFFmpegOrphanedByAKilledRenderCannotMakeItsTemporaryAgain() throws {
        let s = try TemporaryFolder()
        // An ffmpeg slow to start: it notes its pid, then waits 4 s before it opens anything.
        let pidFile = s.file("ffmpeg.pid")
        let slow = try Self.tool("ffmpeg", "echo $$ > '\(pidFile)'\nsleep 4\nexec /usr/bin/ffmpeg \"$@\"\n", in: s)
        try FileManager.default.createDirectory(atPath: s.file("out"), withIntermediateDirectories: true)
        let video = s.file("out/v.mp4")
        let render = ["render", "shatter", "--size", "64x48", "--backend", "cpu", "--frames", "0-1", "--video", video]
        let killed = try BackgroundRun(render, in: s, environment: slow)
        while !FileManager.default.fileExists(atPath: pidFile) && killed.process.isRunning { usleep(10_000) }
        kill(killed.process.processIdentifier, SIGKILL)
        _ = killed.wait()
        let orphan = try #require(
            Int32((try String(contentsOfFile: pidFile, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)))
        // The next render sweeps the killed one's temporary and makes the video, while the orphan sleeps.
        let next = try CLIRun.shatter(render)
        #expect(next.status == 0, "\(next.stderr)")
        // Then the orphan wakes and starts ffmpeg on what it was given.
        let deadline = Date().addingTimeInterval(30)
        while kill(orphan, 0) == 0
            && !((try? String(contentsOfFile: "/proc/\(orphan)/stat", encoding: .utf8))?.contains(") Z ") ?? true)
            && Date() < deadline
        { usleep(20_000) }
        #expect(s.allContents(of: s.file("out")) == ["v.mp4"], "the orphaned ffmpeg wrote a file")
    }

    @Test func aRelativeClipInAWorkingFolderDeeperThanPATHMAXIsTheClipNamed() throws {
        let s = try TemporaryFolder()
        for (name, source) in [("a.y4m", "testsrc"), ("b.y4m", "smptebars")] {
            try FFmpegTool.run([
                "-f", "lavfi", "-i", "\(source)=size=64x48:rate=10", "-t", "1", "-pix_fmt", "yuv420p", s.file(name),
            ])
        }
        // 25 folders of 200 letters: 5,025 bytes below the scratch folder, past PATH_MAX (4,096). Only a
        // shell can go there, one step at a time (bash: dash's cd fails past PATH_MAX); rm -rf can remove it
        // (FileManager cannot).
        let step = String(repeating: "d", count: 200)
        let script = """
            cd '\(s.path)' && for i in $(seq 25); do mkdir \(step) && cd \(step) || exit 9; done
            cp '\(s.file("a.y4m"))' '\(s.file("b.y4m"))' . && '\(CLIRun.binary)' join a.y4m b.y4m --backend cpu --video out.mkv
            status=$?; ls out.mkv; cd '\(s.path)' && rm -rf \(step); exit $status
            """
        let run = try CLIRun.command("/bin/bash", ["-c", script])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("out.mkv"), "\(run.stdout)")
    }
}
