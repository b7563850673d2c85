import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// One render per folder: renders never mix, never overwrite what is not theirs, and say what to do.
@Suite struct OutputFolderTests {
    let shatter = ["render", "shatter", "--size", "24x24", "--fps", "30", "--backend", "cpu"]  // 37 frames
    let dust = ["render", "dust", "--size", "24x24", "--fps", "5", "--backend", "cpu"]  // 13 frames

    func snapshot(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        }
        return files
    }

    @Test func anotherRenderIntoAFolderIsRefusedAndTouchesNothing() throws {
        let s = try TemporaryFolder()
        let out = s.file("out")
        #expect(try CLIRun.shatter(shatter + ["--out", out]).status == 0)
        let before = try snapshot(out)
        let run = try CLIRun.shatter(dust + ["--out", out])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("holds another render (effect shatter vs dust)"), "\(run.stderr)")
        #expect(run.stderr.contains("--resume") && run.stderr.contains("--overwrite"), "\(run.stderr)")
        #expect(try snapshot(out) == before)
    }

    @Test func overwriteRemovesTheOldRenderOnlyAndLeavesOtherFiles() throws {
        let s = try TemporaryFolder()
        let out = s.file("out")
        #expect(try CLIRun.shatter(shatter + ["--out", out]).status == 0)
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: out + "/notes.txt"))
        let run = try CLIRun.shatter(dust + ["--out", out, "--overwrite"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(s.contents(of: out) == (0...12).map { OutputDirectory.frameName($0) } + ["notes.txt"])
        let manifest = try #require(try FrameManifest.read(folder: out))
        #expect(manifest.effect == "dust" && manifest.frames.count == 13)
    }

    @Test func framesNoManifestClaimsAreRefused() throws {
        let s = try TemporaryFolder()
        let out = s.file("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let mine = Data("my own frame".utf8)
        try mine.write(to: URL(fileURLWithPath: out + "/frame-00003.png"))
        let run = try CLIRun.shatter(dust + ["--out", out])
        #expect(run.status == 1 && run.errorLines.count == 1, "\(run.stderr)")
        #expect(
            run.stderr.contains("holds 1 frame file (frame-00003.png…) that no Shatter manifest there describes"),
            "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/frame-00003.png")) == mine)
        #expect(s.allContents(of: out) == ["frame-00003.png"])
    }

    @Test func theSameRenderAgainIsAllowedButAnotherShardIsNot() throws {
        let s = try TemporaryFolder()
        let out = s.file("out")
        #expect(try CLIRun.shatter(dust + ["--out", out]).status == 0)
        #expect(try CLIRun.shatter(dust + ["--out", out]).status == 0)
        let shards = s.file("shards")
        #expect(try CLIRun.shatter(dust + ["--out", shards, "--shard", "0/3"]).status == 0)
        let second = try CLIRun.shatter(dust + ["--out", shards, "--shard", "1/3"])
        #expect(second.status == 1, "\(second.stderr)")
        #expect(
            second.stderr.contains("holds another render (shard 0/3 vs 1/3)") && second.stderr.contains("its own --out"),
            "\(second.stderr)")
    }

    @Test func aSecondRenderIntoABusyFolderFailsAtOnceNamingTheHolder() throws {
        let s = try TemporaryFolder()
        let out = s.file("out")
        // A render long enough to be caught in the act: 1,201 frames.
        let first = Process()
        first.executableURL = URL(fileURLWithPath: CLIRun.binary)
        first.arguments = ["render", "splash", "--size", "40x40", "--fps", "200", "--backend", "cpu", "--out", out]
        first.standardOutput = FileHandle.nullDevice
        first.standardError = FileHandle.nullDevice
        try first.run()
        defer {
            first.terminate()
            first.waitUntilExit()
        }
        // Wait until it holds the lock.
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: out + "/" + FolderLock.fileName), Date() < deadline { usleep(10_000) }
        let second = try CLIRun.shatter([
            "render", "splash", "--size", "40x40", "--fps", "200", "--backend", "cpu",
            "--out", out,
        ])
        #expect(second.status == 1, "\(second.stderr)")
        #expect(second.errorLines.count == 1, "\(second.stderr)")
        #expect(
            second.stderr.contains("is being written by another render (process \(first.processIdentifier))"), "\(second.stderr)")
    }

    @Test func resumeRecognisesAChangedInputAndAnEntryThatNamesAnotherFile() throws {
        let s = try TemporaryFolder()
        let out = s.file("out")
        let from = s.file("from.png")
        try PNGEncoder.write(Image(width: 24, height: 24, fill: .opaqueWhite), to: from)
        #expect(try CLIRun.shatter(shatter + ["--from", from, "--frames", "0-6", "--out", out]).status == 0)

        // Same path, other pixels: another render.
        try PNGEncoder.write(Image(width: 24, height: 24, fill: .opaqueBlack), to: from)
        let changed = try CLIRun.shatter(shatter + ["--from", from, "--frames", "0-6", "--out", out, "--resume"])
        #expect(changed.status == 1, "\(changed.stderr)")
        #expect(changed.stderr.contains("input from has other pixels"), "\(changed.stderr)")

        // An entry pointing frame 5 at frame 3's file is not trusted: frame 5 is rendered again.
        try PNGEncoder.write(Image(width: 24, height: 24, fill: .opaqueWhite), to: from)
        var manifest = try #require(try FrameManifest.read(folder: out))
        let three = try #require(manifest.frames.first { $0.index == 3 })
        manifest.frames = manifest.frames.map {
            $0.index == 5
                ? FrameManifest.Entry(
                    index: 5, file: three.file, pixels: three.pixels,
                    png: three.png) : $0
        }
        try manifest.write(to: out + "/manifest.json")
        try FileManager.default.removeItem(atPath: out + "/frame-00005.png")
        let resumed = try CLIRun.shatter(shatter + ["--from", from, "--frames", "0-6", "--out", out, "--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stdout.hasPrefix("Resuming: 6 frames already done, 1 to render"), "\(resumed.stdout)")
        #expect(FileManager.default.fileExists(atPath: out + "/frame-00005.png"))
    }

    @Test func mergeHashesEveryFrameAgainstItsManifest() throws {
        let s = try TemporaryFolder()
        let shards = (0..<2).map { s.file("shard-\($0)") }
        for (i, folder) in shards.enumerated() {
            #expect(try CLIRun.shatter(dust + ["--shard", "\(i)/2", "--out", folder]).status == 0)
        }
        #expect(try CLIRun.shatter(["manifest", "merge"] + shards).status == 0)
        // Another render's frame put in place of frame 2: the file exists, but it is not the frame.
        try Data(contentsOf: URL(fileURLWithPath: shards[1] + "/frame-00003.png"))
            .write(to: URL(fileURLWithPath: shards[0] + "/frame-00002.png"), options: .atomic)
        let merge = try CLIRun.shatter(["manifest", "merge"] + shards)
        #expect(merge.status == 1)
        #expect(merge.stdout.contains("frame 2: \(shards[0])/frame-00002.png no longer matches its manifest"), "\(merge.stdout)")
        #expect(try CLIRun.shatter(["manifest", "merge", "--no-verify"] + shards).status == 0)
    }
}

/// `compare --out` is one comparison's folder, like a render's; a comparison must compare something.
@Suite struct CompareFolderTests {
    func images(_ s: TemporaryFolder) throws -> (String, String) {
        let a = s.file("a.png")
        let b = s.file("b.png")
        try PNGEncoder.write(Image(width: 10, height: 10, fill: .opaqueWhite), to: a)
        var changed = Image(width: 10, height: 10, fill: .opaqueWhite)
        changed[4, 4] = .opaqueBlack
        try PNGEncoder.write(changed, to: b)
        return (a, b)
    }

    @Test func anEarlierReportIsReplacedWithNothingOfItLeft() throws {
        let s = try TemporaryFolder()
        let (a, b) = try images(s)
        let out = s.file("compare")
        #expect(try CLIRun.shatter(["compare", "--images", a, b, "--out", out]).status == 1)  // fails: diff-00000.png kept
        #expect(FileManager.default.fileExists(atPath: out + "/diff-00000.png"))
        // The same comparison again, once b is fixed: its report replaces the earlier one.
        try FileManager.default.removeItem(atPath: b)
        try FileManager.default.copyItem(atPath: a, toPath: b)
        let again = try CLIRun.shatter(["compare", "--images", a, b, "--out", out])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(s.allContents(of: out) == ["filmstrip.png", "index.html", "report.json"])  // no stale diff-00000.png
        let report = try String(contentsOfFile: out + "/report.json", encoding: .utf8)
        #expect(report.contains("\"passed\" : true"), "\(report)")
    }

    @Test func anotherComparisonsReportIsRefusedUnlessOverwrite() throws {
        let s = try TemporaryFolder()
        let (a, b) = try images(s)
        let out = s.file("compare")
        // A trailing slash on --out prints no doubled slash.
        let first = try CLIRun.shatter(["compare", "--images", a, a, "--out", out + "/"])
        #expect(first.status == 0 && first.stdout.contains("report: \(out)/index.html\n"), "\(first.stdout)")
        let earlier = try String(contentsOfFile: out + "/report.json", encoding: .utf8)
        let refused = try CLIRun.shatter(["compare", "--images", b, b, "--out", out])
        #expect(refused.status == 2 && refused.errorLines.count == 1, "\(refused.stderr)")
        #expect(
            refused.stderr.contains(
                "--out: \(out) holds the report of another comparison (\(a) vs \(a)); choose another --out, "
                    + "or add --overwrite to replace it"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: out + "/report.json", encoding: .utf8) == earlier)  // nothing replaced
        let replaced = try CLIRun.shatter(["compare", "--images", b, b, "--out", out, "--overwrite"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        let report = try JSONDecoder().decode(
            CompareReport.self, from: Data(contentsOf: URL(fileURLWithPath: out + "/report.json")))
        #expect(report.subject == "\(b) vs \(b)")
    }

    @Test func aFolderHoldingAnythingElseIsRefusedAndOverwriteWritesBesideIt() throws {
        let s = try TemporaryFolder()
        let (a, b) = try images(s)
        let out = s.file("compare")
        #expect(try CLIRun.shatter(["compare", "--images", a, b, "--out", out]).status == 1)
        // A file the report does not name makes the folder someone else's, report or not.
        try Data("mine".utf8).write(to: URL(fileURLWithPath: out + "/notes.txt"))
        let refused = try CLIRun.shatter(["compare", "--images", a, a, "--out", out])
        #expect(refused.status == 2 && refused.errorLines.count == 1, "\(refused.stderr)")
        #expect(
            refused.stderr.contains("holds files that are not an earlier comparison's report (notes.txt)")
                && refused.stderr.contains("--overwrite"), "\(refused.stderr)")
        #expect(s.allContents(of: out).contains("diff-00000.png"))  // nothing removed
        // A report.json that is not a comparison's is not taken for one.
        let other = s.file("other")
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: other + "/report.json"))
        #expect(try CLIRun.shatter(["compare", "--images", a, a, "--out", other]).status == 2)
        #expect(try String(contentsOfFile: other + "/report.json", encoding: .utf8) == "{}")

        let replaced = try CLIRun.shatter(["compare", "--images", a, a, "--out", out, "--overwrite"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(s.allContents(of: out) == ["filmstrip.png", "index.html", "notes.txt", "report.json"])
    }

    @Test func aBorderThatLeavesNoPixelIsAnError() throws {
        let s = try TemporaryFolder()
        let (a, b) = try images(s)
        let run = try CLIRun.shatter(["compare", "--images", a, b, "--ignored-border", "5", "--out", s.file("c")])
        #expect(run.status == 2 && run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("an ignored border of 5 px leaves no pixel of the 10x10 images to compare"), "\(run.stderr)")
    }
}

/// A second Ctrl-C (or SIGTERM) while the first is being honoured stops at once, and says so.
@Suite struct SecondSignalTests {
    @Test func aSecondSignalExitsAtOnceWithOneLine() throws {
        let s = try TemporaryFolder()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRun.binary)
        process.arguments = [
            "render", "shatter", "--size", "900x900", "--point-size", "1", "--backend", "cpu",
            "--compression", "9", "--out", s.file("out"),
        ]
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while (try? FileManager.default.contentsOfDirectory(atPath: s.file("out")))?.contains(where: { $0.hasPrefix("frame-") })
            != true,
            Date() < deadline
        { usleep(20_000) }
        kill(process.processIdentifier, SIGTERM)
        usleep(200_000)  // standard signals do not queue: let the first be taken before the second is sent
        kill(process.processIdentifier, SIGTERM)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 143, "\(stderr)")
        #expect(stderr.contains("shatter: stopped at once by a second signal; rerun with --resume to finish"), "\(stderr)")
    }
}
