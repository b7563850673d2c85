import Foundation
import Glibc
import ShatterTestSupport
import Testing

/// One SIGTERM stops a run wherever it is waiting: on a clip's frame that is a FIFO a stalled writer
/// holds open (nothing reads the token then), or on an ffprobe checking a sound. The run ends within
/// seconds, says so in one line, and leaves nothing half-written and no child running.
@Suite struct StalledInputTests {
    /// How long a stopped run may take: the watchdog's two 2 s waits, and a loaded machine's slack.
    static let stopWithin: TimeInterval = 15

    /// Waits for `run` to end within `seconds`; false (after killing it) when it does not.
    static func ends(_ run: BackgroundRun, within seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while run.process.isRunning && Date() < deadline { usleep(20_000) }
        guard run.process.isRunning else { return true }
        kill(run.process.processIdentifier, SIGKILL)
        return false
    }

    @Test func aClipFrameStalledOnAFIFOIsStoppedByOneSIGTERM() throws {
        let s = try TemporaryFolder()
        let render = try CLIRun.shatter([
            "render", "shatter", "--size", "64x48", "--backend", "cpu", "--frames", "0-19", "--quiet", "--out", s.file("a"),
        ])
        #expect(render.status == 0, "\(render.stderr)")
        // Clip b is clip a with frame 10 a FIFO that this test holds open and never writes.
        try FileManager.default.createDirectory(atPath: s.file("b"), withIntermediateDirectories: true)
        for i in 0..<20 where i != 10 {
            let name = String(format: "frame-%05d.png", i)
            try FileManager.default.copyItem(atPath: s.file("a/" + name), toPath: s.file("b/" + name))
        }
        let fifo = s.file("b/frame-00010.png")
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = open(fifo, O_RDWR)  // a reader and a writer at once: opens without waiting
        #expect(writer >= 0)
        defer { close(writer) }
        let run = try BackgroundRun(
            ["join", s.file("a"), s.file("b"), "--backend", "cpu", "--video", s.file("j.mkv"), "--progress", "json"], in: s)
        // Frames 0…9 of b are drawn first; then the read of frame 10 waits for ever.
        while !run.stderr.contains("\"framesDone\":10") && run.process.isRunning { usleep(20_000) }
        usleep(500_000)
        kill(run.process.processIdentifier, SIGTERM)
        #expect(Self.ends(run, within: Self.stopWithin), "one SIGTERM did not stop a render waiting on a FIFO")
        #expect(run.process.terminationStatus == 143, "\(run.stderr)")
        #expect(
            run.stderr.contains("shatter: stopped by SIGTERM before finishing; nothing was left half-written"), "\(run.stderr)")
        // No video, and no temporary under a hidden name.
        #expect(s.allContents().filter { $0.contains("j.mkv") }.isEmpty, "\(s.allContents())")
    }

    @Test func SIGTERMWhileFFprobeChecksASoundStopsThatFFprobe() throws {
        let s = try TemporaryFolder()
        // An ffprobe that takes its time (as on a slow network disk): it notes its pid, then waits.
        let tools = s.file("tools")
        try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
        let pidFile = s.file("ffprobe.pid")
        try "#!/bin/sh\necho $$ > '\(pidFile)'\nexec sleep 120\n".write(
            toFile: tools + "/ffprobe", atomically: true, encoding: .utf8)
        chmod(tools + "/ffprobe", 0o755)
        try FileManager.default.createDirectory(atPath: s.file("sounds"), withIntermediateDirectories: true)
        try Data("not checked yet".utf8).write(to: URL(fileURLWithPath: s.file("sounds/thanos_snap_sound.mp3")))
        let path = tools + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let run = try BackgroundRun(
            ["render", "dust", "--size", "64x48", "--backend", "cpu", "--video", s.file("v.mp4"), "--sounds", s.file("sounds")],
            in: s, environment: ["PATH": path])
        var probe: Int32?
        while probe == nil && run.process.isRunning {
            probe = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap {
                Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            usleep(20_000)
        }
        let pid = try #require(probe, "ffprobe never started: \(run.stderr)")
        defer { kill(pid, SIGKILL) }
        kill(run.process.processIdentifier, SIGTERM)
        #expect(Self.ends(run, within: Self.stopWithin), "one SIGTERM did not stop a run waiting on ffprobe")
        #expect(run.process.terminationStatus == 143, "\(run.stderr)")
        // The ffprobe is gone too (or a zombie about to be reaped by whoever inherited it).
        let deadline = Date().addingTimeInterval(5)
        func alive() -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
            return !stat.contains(") Z ")
        }
        while alive() && Date() < deadline { usleep(20_000) }
        #expect(!alive(), "the ffprobe Shatter started still runs after Shatter stopped")
        #expect(s.allContents().filter { $0.contains("v.mp4") }.isEmpty, "\(s.allContents())")
    }
}
