import Foundation
import Shatter
import ShatterTestSupport
import Testing

@Suite struct FrameShardTests {
    @Test func shardsPartitionTheFramesByIndexModuloN() throws {
        let frames = Array(5...16)
        let shards = try (0..<3).map { try FrameShard(index: $0, count: 3).select(frames) }
        #expect(shards[0] == [6, 9, 12, 15])
        #expect(shards[1] == [7, 10, 13, 16])
        #expect(shards.flatMap { $0 }.sorted() == frames)
    }

    @Test func parsesIOverN() throws {
        #expect(try FrameShard(parsing: "2/8") == FrameShard(index: 2, count: 8))
        #expect(throws: FrameShardError.indexOutOfRange(index: 8, count: 8)) { try FrameShard(parsing: "8/8") }
        #expect(throws: FrameShardError.malformed("1-4")) { try FrameShard(parsing: "1-4") }
        #expect(throws: FrameShardError.countBelowOne(0)) { try FrameShard(parsing: "0/0") }
    }

    @Test func takesTheIndexFromKubernetesOrSlurm() throws {
        #expect(try FrameShard(count: 4, environment: ["JOB_COMPLETION_INDEX": "3"]).index == 3)
        #expect(try FrameShard(count: 4, environment: ["SLURM_ARRAY_TASK_ID": "2"]).index == 2)
        // `sbatch --array=1-4`: task ids 1…4 are shards 0…3.
        #expect(try FrameShard(count: 4, environment: ["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1"]).index == 3)
        #expect(throws: FrameShardError.indexOutOfRange(index: 4, count: 4)) {
            try FrameShard(count: 4, environment: ["JOB_COMPLETION_INDEX": "4"])
        }
        // A malformed minimum is refused like a malformed id, never read as 0.
        #expect(throws: FrameShardError.badEnvironment(name: "SLURM_ARRAY_TASK_MIN", value: "x")) {
            try FrameShard(count: 4, environment: ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "x"])
        }
        do {
            _ = try FrameShard(count: 4, environment: [:])
            Issue.record("no index should be an error")
        } catch {
            #expect("\(error)".contains("JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID"))
        }
    }
}

@Suite struct ManifestTests {
    func manifest(
        shard: FrameShard? = nil, frames: [Int], seed: UInt64 = 1, digest: (Int) -> String = { String(format: "%032x", $0) }
    )
        -> FrameManifest
    {
        FrameManifest(
            effect: "shatter", parameters: ["seed": "\(seed)"], seed: seed, backend: "cpu", renderer: "CPU",
            fps: 10, frameCount: 6, range: .init(first: 0, last: 5), shard: shard,
            frames: frames.map {
                .init(
                    index: $0, file: String(format: "frame-%05d.png", $0), pixels: Digest(.xxh3_128, hex: digest($0)),
                    png: Digest(.xxh3_128, hex: String(format: "%032x", 0xf000 + $0)))
            })
    }

    @Test func mergeJoinsShardsAndReportsWhatIsMissing() throws {
        let a = manifest(shard: try FrameShard(index: 0, count: 2), frames: [0, 2, 4])
        let b = manifest(shard: try FrameShard(index: 1, count: 2), frames: [1, 5])
        let result = ManifestMerge.merge([("a", a), ("b", b)], fileExists: { _ in true })
        #expect(result.merged.frames.map(\.index) == [0, 1, 2, 4, 5])
        #expect(result.merged.frames[1].file == "b/frame-00001.png")
        #expect(result.merged.shard == nil)
        #expect(result.missing == [3])
        #expect(result.conflicts.isEmpty && !result.isComplete)
    }

    @Test func mergeReportsFramesThatDifferAndRendersOfAnotherJob() {
        let a = manifest(frames: [0, 1, 2, 3, 4, 5])
        let b = manifest(frames: [2], digest: { String(format: "%032x", 1000 + $0) })
        let c = manifest(frames: [3], seed: 2)
        let result = ManifestMerge.merge([("a", a), ("b", b), ("c", c)], fileExists: { _ in true })
        #expect(result.missing.isEmpty)
        #expect(result.conflicts.count == 2)
        #expect(result.conflicts[0].hasPrefix("frame 2 differs: a/frame-00002.png"))
        #expect(result.conflicts[1] == "c is another render than a: seed 2 vs 1")
    }

    /// Shards that disagree on every frame: the first 1,000 conflicts are listed and the rest counted,
    /// so the merge's memory does not grow with them.
    @Test func conflictsPastTheFirstThousandAreCounted() {
        var a = manifest(frames: [])
        a.frameCount = 1500
        a.range = .init(first: 0, last: 1499)
        var b = a
        func entries(_ seed: Int) -> [FrameManifest.Entry] {
            (0..<1500).map {
                .init(
                    index: $0, file: "f.png", pixels: Digest(.xxh3_128, hex: String(format: "%032x", seed + $0)),
                    png: Digest(.xxh3_128, hex: String(format: "%032x", $0)))
            }
        }
        (a.frames, b.frames) = (entries(0), entries(5000))
        let result = ManifestMerge.merge([("a", a), ("b", b)], fileExists: { _ in true })
        #expect(result.merged.frames.count == 1500 && result.conflicts.count == 1001)
        #expect(result.conflicts[999].hasPrefix("frame 999 differs: a/f.png"))
        #expect(result.conflicts.last == "and 500 more conflicts, not listed (the first 1000 are)")
    }

    @Test func aListedFrameWhoseFileIsGoneIsMissing() {
        let result = ManifestMerge.merge([("a", manifest(frames: [0, 1, 2, 3, 4, 5]))], fileExists: { !$0.hasSuffix("4.png") })
        #expect(result.missing == [4])
    }

    @Test func framesAreDescribedAsRanges() {
        #expect(ManifestMerge.describe([9, 1, 2, 3, 5, 7, 8]) == "1-3, 5, 7-9")
        #expect(ManifestMerge.describe([]) == "")
    }

    @Test func aManifestReadsBackAsWrittenAndBadOnesAreOneLine() throws {
        let scratch = try TemporaryFolder()
        let folder = scratch.path
        let original = manifest(shard: try FrameShard(index: 1, count: 3), frames: [1, 4])
        try original.write(to: folder + "/manifest.json")
        #expect(try FrameManifest.read(path: folder + "/manifest.json") == original)
        #expect(try FrameManifest.read(path: folder + "/absent.json") == nil)
        try Data("{\"effect\": 3}".utf8).write(to: URL(fileURLWithPath: folder + "/bad.json"))
        #expect(throws: ManifestError.self) { try FrameManifest.read(path: folder + "/bad.json") }
    }

    @Test func staleTemporariesOfDeadProcessesAreRemovedAndLiveOnesKept() throws {
        let scratch = try TemporaryFolder()
        let out = try OutputDirectory(scratch.file("frames"))
        let live = getppid()  // the test runner's parent: alive for the whole test
        let names = [
            ".frame-00003.png.tmp-999999999-ab12", ".manifest.json.tmp-999999999-1",
            ".frame-00004.png.tmp-\(live)-cd", ".frame-00005.png.tmp-\(getpid())-ef", ".notes.tmp-999999999-1",
        ]
        for name in names { _ = FileManager.default.createFile(atPath: out.path + "/" + name, contents: Data([1])) }
        #expect(out.removeStaleTemporaries() == 3)
        let left = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(left == [".frame-00004.png.tmp-\(live)-cd", ".notes.tmp-999999999-1"])
    }
}

/// Shards of different renderers may differ by a level here and there, so a merge refuses them
/// unless asked to accept them.
@Suite struct MixedRendererMergeTests {
    func manifest(backend: String, renderer: String, frames: [Int]) -> FrameManifest {
        FrameManifest(
            effect: "shatter", parameters: [:], seed: 1, backend: backend, renderer: renderer, fps: 10, frameCount: 4,
            range: .init(first: 0, last: 3), shard: nil,
            frames: frames.map {
                .init(
                    index: $0, file: "frame-\($0).png", pixels: Digest(.xxh3_128, hex: "p\($0)"),
                    png: Digest(.xxh3_128, hex: "f\($0)"))
            })
    }

    @Test func aGLShardAndACPUShardAreRefusedNamingBoth() {
        let gl = manifest(backend: "gl", renderer: "llvmpipe (LLVM 15.0.6, 256 bits)", frames: [0, 2])
        let cpu = manifest(backend: "cpu", renderer: "Shatter CPU renderer (2 threads)", frames: [1, 3])
        let refused = ManifestMerge.merge([("a", gl), ("b", cpu)], fileExists: { _ in true })
        #expect(refused.hasMixedRenderers && !refused.isComplete)
        #expect(refused.conflicts.isEmpty && refused.missing.isEmpty)
        #expect(refused.renderers.map(\.renderer) == ["llvmpipe (LLVM 15.0.6, 256 bits)", "Shatter CPU renderer (2 threads)"])
        #expect(refused.renderers.map(\.folder) == ["a", "b"])

        let accepted = ManifestMerge.merge([("a", gl), ("b", cpu)], allowMixedRenderers: true, fileExists: { _ in true })
        #expect(accepted.isComplete)
        #expect(accepted.merged.backend == "gl+cpu")
        #expect(accepted.merged.renderer == "llvmpipe (LLVM 15.0.6, 256 bits); Shatter CPU renderer (2 threads)")
    }

    @Test func twoGPUsModelsAreTwoRenderersButCPUThreadCountsAreOne() {
        let h100 = manifest(backend: "gl", renderer: "NVIDIA H100 80GB HBM3/PCIe/SSE2", frames: [0, 1])
        let a100 = manifest(backend: "gl", renderer: "NVIDIA A100-SXM4-40GB/PCIe/SSE2", frames: [2, 3])
        #expect(ManifestMerge.merge([("a", h100), ("b", a100)], fileExists: { _ in true }).hasMixedRenderers)
        let two = manifest(backend: "cpu", renderer: "Shatter CPU renderer (2 threads)", frames: [0, 1])
        let sixteen = manifest(backend: "cpu", renderer: "Shatter CPU renderer (16 threads)", frames: [2, 3])
        let cpu = ManifestMerge.merge([("a", two), ("b", sixteen)], fileExists: { _ in true })
        #expect(cpu.isComplete && cpu.renderers.isEmpty)
    }
}
