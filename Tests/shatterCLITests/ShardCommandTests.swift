import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// Sharding as a scheduler runs it: separate `shatter` processes, one per shard, then a merge.
@Suite struct ShardCommandTests {
    let render = ["render", "shatter", "--size", "48x36", "--fps", "20", "--backend", "cpu"]

    @Test func threeShardsInSeparateProcessesMergeIntoExactlyTheWholeRender() throws {
        let scratch = try TemporaryFolder()
        let whole = scratch.file("whole")
        #expect(try CLIRun.shatter(render + ["--out", whole]).status == 0)

        // Three processes at once, as three pods or array tasks would run.
        let shards = (0..<3).map { scratch.file("shard-\($0)") }
        let runs = try (0..<3).map { try BackgroundRun(render + ["--shard", "\($0)/3", "--out", shards[$0]], in: scratch) }
        for run in runs { #expect(run.wait() == 0) }
        #expect(scratch.allContents(of: shards[1]).first == "frame-00001.png")
        #expect(scratch.allContents(of: shards[1]).contains("frame-00004.png"))

        let merged = scratch.file("merged.json")
        let merge = try CLIRun.shatter(["manifest", "merge"] + shards + ["--out", merged])
        #expect(merge.status == 0, "\(merge.stdout)\(merge.stderr)")
        #expect(merge.stdout.hasPrefix("Merged 3 manifests: 25 of 25 frames of shatter (cpu)"))

        // File by file, the shards hold exactly the whole render's frames, byte for byte.
        let wholeFrames = scratch.allContents(of: whole).filter { $0.hasSuffix(".png") }
        let shardFrames = shards.flatMap { shard in
            scratch.allContents(of: shard).filter { $0.hasSuffix(".png") }.map { (shard, $0) }
        }
        #expect(wholeFrames.count == 25 && shardFrames.map(\.1).sorted() == wholeFrames)
        for (shard, name) in shardFrames {
            #expect(FileManager.default.contentsEqual(atPath: shard + "/" + name, andPath: whole + "/" + name), "\(name)")
        }
        // The merged manifest agrees with the whole render's, frame by frame.
        let wholeManifest = try #require(try FrameManifest.read(path: whole + "/manifest.json"))
        let mergedManifest = try #require(try FrameManifest.read(path: merged))
        #expect(mergedManifest.jobDifference(from: wholeManifest) == nil)
        #expect(mergedManifest.frames.map(\.index) == wholeManifest.frames.map(\.index))
        #expect(mergedManifest.frames.map(\.pixels) == wholeManifest.frames.map(\.pixels))
        #expect(mergedManifest.frames.map(\.png) == wholeManifest.frames.map(\.png))
        #expect(
            mergedManifest.frames.map { $0.file.split(separator: "/").last.map(String.init) } == wholeManifest.frames.map(\.file))
    }

    @Test func theManifestHashesTheRawPixelsAsRendered() throws {
        let scratch = try TemporaryFolder()
        let out = scratch.file("out")
        #expect(try CLIRun.shatter(render + ["--point-size", "2", "--frames", "3", "--seed", "9", "--out", out]).status == 0)
        let manifest = try #require(try FrameManifest.read(path: out + "/manifest.json"))
        #expect(manifest.effect == "shatter" && manifest.seed == 9 && manifest.backend == "cpu")
        #expect(
            manifest.parameters["pointSize"] == "2.0" && manifest.parameters["width"] == "48"
                && manifest.parameters["height"] == "36")
        #expect(manifest.renderer.hasPrefix("Shatter CPU renderer"))
        let entry = try #require(manifest.frames.first)
        #expect(manifest.frames.count == 1 && entry.index == 3 && entry.file == "frame-00003.png")
        // The PNG holds straight alpha; premultiplied again it is the rendered frame.
        let image = try PNGDecoder.read(path: out + "/frame-00003.png")
        #expect(entry.pixels == Digest.of(image.pixels, .xxh3_128))
        let png = try Data(contentsOf: URL(fileURLWithPath: out + "/frame-00003.png"))
        #expect(entry.png == Digest.of(Array(png), .xxh3_128))
    }

    @Test func theShardIndexComesFromTheScheduler() throws {
        let scratch = try TemporaryFolder()
        let k8s = try CLIRun.shatter(
            render + ["--shards", "4", "--out", scratch.file("k")], environment: ["JOB_COMPLETION_INDEX": "2"])
        #expect(k8s.status == 0)
        #expect(
            scratch.allContents(of: scratch.file("k")) == [
                "frame-00002.png", "frame-00006.png", "frame-00010.png",
                "frame-00014.png", "frame-00018.png", "frame-00022.png", "manifest.json",
            ])
        let slurm = try CLIRun.shatter(
            render + ["--shards", "12", "--out", scratch.file("s")],
            environment: ["SLURM_ARRAY_TASK_ID": "12", "SLURM_ARRAY_TASK_MIN": "1"])
        #expect(slurm.status == 0)
        #expect(scratch.allContents(of: scratch.file("s")) == ["frame-00011.png", "frame-00023.png", "manifest.json"])
        let manifest = try #require(try FrameManifest.read(path: scratch.file("s") + "/manifest.json"))
        #expect(manifest.shard == (try FrameShard(index: 11, count: 12)))
    }

    @Test(arguments: [
        (["--shard", "3/3"], [String: String](), "--shard 3/3: shard index 3 is outside 0…2 for 3 shards"),
        (
            ["--shards", "3"], ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "x"],
            "--shards 3: SLURM_ARRAY_TASK_MIN must be a whole number"
        ),
        (["--shard", "1/2", "--shards", "2"], [:], "give --shard I/N or --shards N, not both"),
        (["--shards", "0"], [:], "--shards must be 1 or more, not 0"),
        (
            ["--shards", "2"], ["JOB_COMPLETION_INDEX": "", "SLURM_ARRAY_TASK_ID": ""], "--shards 2 takes this shard's index from"
        ),
    ])
    func badShardOptionsAreOneLineAndExit64(arguments: [String], environment: [String: String], message: String) throws {
        let scratch = try TemporaryFolder()
        let run = try CLIRun.shatter(render + arguments + ["--out", scratch.file("x")], environment: environment)
        #expect(run.status == 64)
        #expect(run.errorLines.count == 1)
        #expect(run.stderr.hasPrefix("shatter: error: \(message)"), "\(run.stderr)")
    }

    @Test func mergeReportsMissingFramesAndExits1() throws {
        let scratch = try TemporaryFolder()
        for i in [0, 2] {
            #expect(try CLIRun.shatter(render + ["--shard", "\(i)/3", "--out", scratch.file("s\(i)")]).status == 0)
        }
        let merge = try CLIRun.shatter(["manifest", "merge", scratch.file("s0"), scratch.file("s2")])
        #expect(merge.status == 1)
        #expect(merge.stdout.contains("missing 8 frames: 1, 4, 7, 10, 13, 16, 19, 22"))
        let none = try CLIRun.shatter(["manifest", "merge", scratch.path])
        #expect(none.status == 1 && none.errorLines.count == 1 && none.stderr.contains("has no manifest.json"))
    }
}

/// A `shatter` process running while the test does something else (signals it, starts others).
final class BackgroundRun {
    let process = Process()
    let stderrPath: String

    init(_ arguments: [String], in scratch: TemporaryFolder, environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: CLIRun.binary)
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        // Files, not pipes: nobody reads while it runs, and a full pipe would block it.
        stderrPath = scratch.file("stderr-" + UUID().uuidString)
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        try process.run()
    }

    func wait() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }
}
