import Foundation
import Glibc
import Shatter
import ShatterTestSupport
import Testing

/// A render stopped part-way, by Ctrl-C or by the kernel, then finished with `--resume`.
@Suite struct ResumeCommandTests {
    /// Big enough frames that the render is still running when the test has seen a few of them.
    let render = [
        "render", "shatter", "--size", "200x200", "--scale", "2", "--point-size", "1", "--fps", "30",
        "--duration", "2", "--backend", "cpu", "--compression", "6",
    ]

    enum Stop: CaseIterable { case interrupt, kill }

    @Test(arguments: Stop.allCases)
    func aStoppedRenderResumedEndsExactlyAsACleanRun(stop: Stop) throws {
        let scratch = try TemporaryFolder()
        let out = scratch.file("stopped")
        let run = try BackgroundRun(render + ["--out", out], in: scratch)
        // Wait (without a clock) until a few frames are on disk, then stop it.
        while scratch.allContents(of: out).filter({ $0.hasPrefix("frame-") }).count < 3 && run.process.isRunning {
            usleep(2_000)
        }
        kill(run.process.processIdentifier, stop == .interrupt ? SIGINT : SIGKILL)
        let status = run.wait()
        let frames = scratch.allContents(of: out).filter { $0.hasPrefix("frame-") }
        #expect(frames.count < 61, "the render finished before it could be stopped")
        if stop == .interrupt {
            #expect(status == 130)
            let lines = run.stderr.split(whereSeparator: \.isNewline)
            #expect(
                lines.last.map(String.init) == "shatter: interrupted after \(frames.count) frames; rerun with --resume to finish")
            // Every frame on disk is whole and listed; nothing half-written.
            #expect(!scratch.allContents(of: out).contains { $0.hasPrefix(".") })
            let manifest = try #require(try FrameManifest.read(path: out + "/manifest.json"))
            #expect(manifest.frames.map(\.file) == frames)
        } else {
            #expect(run.process.terminationReason == .uncaughtSignal && status == SIGKILL)
            // Whatever the kill left, the manifest is still a whole manifest.
            #expect(try FrameManifest.read(path: out + "/manifest.json") != nil)
        }

        let resumed = try CLIRun.shatter(render + ["--out", out, "--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stdout.hasPrefix("Resuming: "))

        let clean = scratch.file("clean")
        #expect(try CLIRun.shatter(render + ["--out", clean]).status == 0)
        let names = scratch.allContents(of: clean)
        #expect(names.count == 62)  // 61 frames and the manifest
        #expect(scratch.allContents(of: out) == names, "no partial or temporary file is left")
        for name in names where name.hasSuffix(".png") {
            #expect(FileManager.default.contentsEqual(atPath: out + "/" + name, andPath: clean + "/" + name), "\(name)")
        }
        let resumedManifest = try #require(try FrameManifest.read(path: out + "/manifest.json"))
        let cleanManifest = try #require(try FrameManifest.read(path: clean + "/manifest.json"))
        #expect(resumedManifest == cleanManifest)
    }

    /// Renders 13 small frames of the shatter into `scratch`'s `out`; the folder and the command, to run again.
    static func renderSmall(in scratch: TemporaryFolder) throws -> (out: String, command: [String]) {
        let out = scratch.file("out")
        let small = ["render", "shatter", "--size", "40x30", "--fps", "10", "--backend", "cpu", "--out", out]
        #expect(try CLIRun.shatter(small).status == 0)
        return (out, small)
    }

    @Test func resumeRerendersAFrameWhosePNGNoLongerMatches() throws {
        let scratch = try TemporaryFolder()
        let (out, small) = try Self.renderSmall(in: scratch)
        let original = try Data(contentsOf: URL(fileURLWithPath: out + "/frame-00005.png"))
        try Data([0x89, 0x50]).write(to: URL(fileURLWithPath: out + "/frame-00005.png"))
        try FileManager.default.removeItem(atPath: out + "/frame-00007.png")
        let resumed = try CLIRun.shatter(small + ["--resume"])
        #expect(resumed.stdout.hasPrefix("Resuming: 11 frames already done, 2 to render"))
        #expect(resumed.stdout.contains("Rendered 2 frames"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/frame-00005.png")) == original)
    }

    @Test func resumeRefusesAFolderOfAnotherRender() throws {
        let scratch = try TemporaryFolder()
        let small = try Self.renderSmall(in: scratch).command
        let run = try CLIRun.shatter(small + ["--seed", "4", "--resume"])
        #expect(run.status == 1 && run.errorLines.count == 1)
        #expect(run.stderr.contains("it holds another render (seed 0 vs 4)"), "\(run.stderr)")
    }

    /// A shard resumed into a folder holding frames outside it (the whole render, another shard) would
    /// list only its own frames: refused, the manifest left whole. The whole render resumed into a
    /// shard's folder keeps that shard's frames and renders the rest.
    @Test func resumeRefusesAShardThatWouldDropFrames() throws {
        let scratch = try TemporaryFolder()
        let (out, small) = try Self.renderSmall(in: scratch)
        let manifest = try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))
        let run = try CLIRun.shatter(small + ["--shard", "0/2", "--resume"])
        #expect(run.status == 1 && run.errorLines.count == 1, "\(run.stderr)")
        #expect(
            run.stderr.contains("it holds another render (shard none, the whole render vs 0/2, which would drop its frame 1)"),
            "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")) == manifest)

        let shard = scratch.file("shard")
        #expect(try CLIRun.shatter(small.dropLast() + [shard, "--shard", "1/2"]).status == 0)
        let other = try CLIRun.shatter(small.dropLast() + [shard, "--shard", "0/2", "--resume"])
        #expect(other.status == 1 && other.stderr.contains("(shard 1/2 vs 0/2, which would drop its frame 1)"), "\(other.stderr)")
        let whole = try CLIRun.shatter(small.dropLast() + [shard, "--resume"])
        #expect(whole.stdout.hasPrefix("Resuming: 6 frames already done, 7 to render"), "\(whole.stdout)")
        #expect(try FrameManifest.read(path: shard + "/manifest.json")?.frames.count == 13)
    }
}
