import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// `shatter join`: any number of clips in one video, a transition between each two, their sound
/// crossfaded; bad joins refused in one line with no video left.
@Suite(.enabled(if: FFmpeg.available, "needs Debian's ffmpeg and ffprobe (Tools/setup.sh installs them)"))
struct JoinCommandTests {
    /// Three 2-second 64×48 videos at 25 fps (50 frames), lossless, with tones of 440, 1000 and 2500 Hz.
    static func clips(in s: TemporaryFolder) throws -> [String] {
        try [("a", "testsrc", 440), ("b", "testsrc2", 1000), ("c", "rgbtestsrc", 2500)].map { name, source, tone in
            let run = try FFmpeg.shell(
                "ffmpeg -v error -nostdin -y -f lavfi -i \(source)=size=64x48:rate=25:duration=2 "
                    + "-f lavfi -i sine=frequency=\(tone):duration=2 -c:v ffv1 -pix_fmt bgr0 -c:a flac '\(s.file(name)).mkv'")
            try #require(run.status == 0, "\(run.stderr)")
            return s.file(name) + ".mkv"
        }
    }

    /// The JSON objects of a run's standard error, in order.
    static func events(_ stderr: String) throws -> [[String: Any]] {
        try stderr.split(whereSeparator: \.isNewline).map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "\($0)")
        }
    }

    @Test func threeClipsJoinIntoOneVideoWithTheirSeamsTheirSoundAndHonestProgress() throws {
        let s = try TemporaryFolder()
        let clips = try Self.clips(in: s)
        let video = s.file("joined.mkv")
        let run = try BackgroundRun(
            ["join"] + clips + [
                "--transition", "shatter:0.4", "--transition", "dust:0.6", "--layers", "4", "--backend", "cpu",
                "--video", video, "--progress", "json",
            ], in: s)
        // `done` is the last event, and comes once the video is complete: when it is there, so is the file.
        var seenDone = false
        while !seenDone, run.process.isRunning {
            if run.stderr.contains("\"done\"") {
                seenDone = true
                #expect(FileManager.default.fileExists(atPath: video))
                #expect(try FFmpeg.probe(video)["nb_read_frames"] == "123")
            }
            usleep(2_000)
        }
        #expect(run.wait() == 0, "\(run.stderr)")
        // 3 × 50 frames less the shatter's ceil(0.4 · 25) + 1 = 11 and the dust's 16: 123 frames, 4.92 s.
        #expect(try FFmpeg.probe(video)["nb_read_frames"] == "123")
        let duration = try FFmpeg.shell("ffprobe -v error -show_entries format=duration -of csv=p=0 '\(video)'").stdout
        #expect(abs((Double(duration.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) - 4.92) < 0.01)
        let events = try Self.events(run.stderr)
        #expect(events.first?["event"] as? String == "start" && events.first?["framesTotal"] as? Int == 123)
        #expect(events.last?["event"] as? String == "done" && events.last?["framesDone"] as? Int == 123, "\(run.stderr)")
        #expect(events.dropFirst().dropLast().allSatisfy { $0["event"] as? String == "progress" })

        // a alone for 39 frames, the shatter from a's frame 39, b alone from its frame 11 to 33, the dust
        // from b's frame 34 to c's frame 15, c alone from its frame 16 to its last.
        let (joined, a, b, c) = (
            try Clip(path: video, frameRate: 25), try Clip(path: clips[0], frameRate: 25),
            try Clip(path: clips[1], frameRate: 25),
            try Clip(path: clips[2], frameRate: 25)
        )
        for (k, expected) in [
            (0, try a.frame(index: 0)), (38, try a.frame(index: 38)), (39, try a.frame(index: 39)), (50, try b.frame(index: 11)),
            (72, try b.frame(index: 33)), (73, try b.frame(index: 34)), (88, try c.frame(index: 15)),
            (89, try c.frame(index: 16)),
            (122, try c.frame(index: 49)),
        ] {
            #expect(try joined.frame(index: k) == expected, "frame \(k)")
        }
        // Each clip's tone where it plays alone; a's and b's both in the middle of the shatter (1.56–2 s).
        let level = { (hertz: Int, from: Double, to: Double) in
            try ClipCommandTests.level(video, hertz: hertz, from: from, to: to)
        }
        let alone = [(440, 0.2, 1.4), (1000, 2.1, 2.8), (2500, 3.7, 4.8)]
        for (hertz, from, to) in alone {
            let others = alone.filter { $0.0 != hertz }.map { try? level($0.0, from, to) }
            let own = try level(hertz, from, to)
            #expect(others.allSatisfy { own > ($0 ?? 0) + 20 }, "\(hertz) Hz: \(own) dB against \(others)")
        }
        let (fromMid, toMid) = (try level(440, 1.7, 1.86), try level(1000, 1.7, 1.86))
        #expect(abs(fromMid - toMid) < 6 && fromMid > -40, "mid shatter: 440 Hz \(fromMid) dB, 1000 Hz \(toMid) dB")
    }

    /// Long enough to report a few times: 3 clips scaled to 256×192 (at 64×48 the join ended in 0.4 s once
    /// the dust drew by layer spans).
    @Test func aLongerJoinReportsAtLeastOnceASecond() throws {
        let s = try TemporaryFolder()
        let clips = try Self.clips(in: s)
        let run = try CLIRun.shatter(
            ["join"] + clips + [
                "--transition", "dust:1", "--layers", "8", "--fit", "cover", "--size", "256x192", "--backend", "cpu",
                "--video", s.file("long.mkv"), "--progress", "json",
            ])
        try #require(run.status == 0, "\(run.stderr)")
        // Each dust's 26 frames outlast b's 50 by 2: one warning says b holds its last frame.
        let events = try Self.events(run.stderr)
        #expect(
            events.filter { $0["event"] as? String == "warning" }.map { $0["message"] as? String } == [
                "clip \(clips[1]) lasts 2.0 s, less than the 2.08 s its two transitions (2.0 s) show of it, so it holds its last frame; "
                    + "give a longer clip or a shorter --transition"
            ])
        let times = try events.filter { $0["event"] as? String != "warning" }.map {
            try #require($0["elapsedSeconds"] as? Double)
        }
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        // The clock ticks every 0.5 s, so even a late tick on a busy machine stays within the second.
        #expect(times.count >= 3 && gaps.allSatisfy { $0 >= 0 && $0 <= 1.0 }, "\(times)")
    }

    @Test func anInterruptedJoinLeavesNoVideo() throws {
        let s = try TemporaryFolder()
        let clips = try Self.clips(in: s)
        let video = s.file("stopped.mp4")
        let run = try BackgroundRun(
            ["join"] + clips + clips + ["--backend", "cpu", "--video", video, "--progress", "json"], in: s)
        while !run.stderr.contains("\"progress\"") && run.process.isRunning { usleep(10_000) }
        kill(run.process.processIdentifier, SIGTERM)
        #expect(run.wait() == 143, "\(run.stderr)")
        #expect(run.stderr.contains("no video was written") && !run.stderr.contains("\"done\""), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.path).filter { $0.contains("stopped.mp4") }.isEmpty)
    }

    @Test func badJoinsAreRefusedInOneLineAndLeaveNoVideo() throws {
        let s = try TemporaryFolder()
        let clips = try Self.clips(in: s)
        try FileManager.default.createDirectory(atPath: s.file("small"), withIntermediateDirectories: true)
        try PNGEncoder.write(Image(width: 32, height: 24, fill: .opaqueBlack), to: s.file("small") + "/0.png")
        let video = s.file("x.mp4")
        for (arguments, status, words) in [
            ([clips[0]], 64, "two or more clips"),
            ([clips[0], s.file("missing.mkv")], 1, "missing.mkv: no such file"),
            ([clips[0], s.file("small")], 64, "32x24 but the video is 64x48"),
            (clips + ["--transition", "dust", "--transition", "shatter", "--transition", "dust"], 64, "give --transition once"),
            (clips + ["--shard", "0/2"], 64, "join makes one video"),
            (clips + ["--audio", "to", "--frames", "0-999"], 64, "--frames 0-999 is outside"),
            (clips + ["--point-size", "big"], 64, "give a number of points or auto"),
            // One bound for every transition's seconds, named as join's option (join has no --duration).
            (clips + ["--transition", "shatter:1e-300"], 64, "'--transition <KIND[:SECONDS]>': the seconds after the colon"),
            (clips + ["--transition", "dust:0.0001"], 64, "the seconds after the colon must be a number from 0.001 to 86400"),
        ] {
            let run = try CLIRun.shatter(["join"] + arguments + ["--backend", "cpu", "--video", video])
            #expect(run.status == Int32(status) && run.errorLines.count == 1, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains(words), "\(run.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: s.path).filter { $0.contains("x.mp4") }.isEmpty)
        }
        // A FIFO named as the video is refused before any clip is opened, and kept.
        let fifo = s.file("pipe.mp4")
        #expect(mkfifo(fifo, 0o644) == 0)
        let intoFIFO = try CLIRun.shatter(["join"] + clips + ["--backend", "cpu", "--video", fifo])
        #expect(
            intoFIFO.status == 64 && intoFIFO.stderr.contains("--video \(fifo): it is not a regular file"), "\(intoFIFO.stderr)")
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO)
        // Fitted, the small clip joins; --frames keeps part of the joined video.
        let part = try CLIRun.shatter(
            [
                "join", clips[0], s.file("small"), "--fit", "stretch", "--frames", "10-39", "--backend", "cpu", "--video", video,
                "--quiet",
            ])
        try #require(part.status == 0, "\(part.stderr)")
        #expect(try FFmpeg.probe(video)["nb_read_frames"] == "30")
    }

    /// The pieces' side is `auto` unless given: at 64 px wide the original's proportion is under a pixel,
    /// so 1 px, the smallest; the join's frames are those of `--point-size 1`, not of the original's 2.
    @Test func theDefaultPointSizeKeepsTheOriginalsProportion() throws {
        let s = try TemporaryFolder()
        let clips = Array(try Self.clips(in: s).prefix(2))
        func frameHashes(_ extra: [String]) throws -> [Substring] {
            let video = s.file("join\(extra.joined()).mkv")
            let run = try CLIRun.shatter(
                ["join"] + clips + ["--transition", "shatter:0.4", "--frames", "40-48", "--backend", "cpu", "--audio", "none"]
                    + extra + ["--video", video, "--quiet"])
            try #require(run.status == 0, "\(run.stderr)")
            let md5 = try FFmpeg.shell("ffmpeg -v error -nostdin -i '\(video)' -map 0:v -f framemd5 -")
            try #require(md5.status == 0, "\(md5.stderr)")
            return md5.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: ",").last ?? "" }
        }
        let byDefault = try frameHashes([])
        #expect(byDefault.count == 9)
        #expect(byDefault == (try frameHashes(["--point-size", "1"])))
        #expect(byDefault != (try frameHashes(["--point-size", "2"])))
    }
}
