import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// The files an operator deploys agree with each other (no Docker engine or cluster runs here).
@Suite struct PackagingTests {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    func text(_ path: String) throws -> String { try String(contentsOfFile: repository + "/" + path, encoding: .utf8) }

    @Test func dockerfileJobsAndBundleAgreeOnPaths() throws {
        let dockerfile = try text("Dockerfile")
        let bundle = try text("Tools/bundle.sh")
        let render = try text("Deploy/cluster/shatter-indexed-job.yaml")
        let merge = try text("Deploy/cluster/shatter-merge-job.yaml")
        // The bundle's binary is what the image copies, to where both Jobs run it.
        #expect(bundle.contains("dist/shatter-linux-$arch") && bundle.contains("$dist/shatter"))
        #expect(dockerfile.contains("Tools/bundle.sh dist/shatter-linux-x86_64"))
        #expect(dockerfile.contains("COPY --from=build /src/dist/shatter-linux-x86_64/shatter /opt/shatter/shatter"))
        #expect(dockerfile.contains("ENTRYPOINT [\"/opt/shatter/shatter\"]"))
        #expect(render.contains("command: [\"/opt/shatter/shatter\"]"))
        #expect(merge.contains("/opt/shatter/shatter manifest merge /out/shard-*/"))
        // The shard folders the render Job writes are the ones the merge Job reads, on the same claim.
        #expect(render.contains("--out=/out/shard-$(SHARD_INDEX)") && render.contains("mountPath: /out"))
        #expect(merge.contains("mountPath: /out"))
        #expect(render.contains("claimName: shatter-frames") && merge.contains("claimName: shatter-frames"))
        // What EGL needs on an NVIDIA node.
        #expect(dockerfile.contains("egl_vendor.d/10_nvidia.json") && dockerfile.contains("NVIDIA_DRIVER_CAPABILITIES=graphics"))
        // Exit 64 fails the Job at once; preemption (130/143) is retried with --resume.
        #expect(render.contains("values: [64]") && render.contains("values: [130, 143]") && render.contains("- --resume"))
        #expect(try text("LICENSE").contains("Apache License") && text("LICENSE").contains("Version 2.0"))
    }

    @Test func mergeCollectsShardsIntoOneSequenceWithoutDoubleSlashes() throws {
        let s = try TemporaryFolder()
        let dust = ["render", "dust", "--size", "16x16", "--fps", "5", "--backend", "cpu"]  // 13 frames
        for i in 0..<3 { #expect(try CLIRun.shatter(dust + ["--shard", "\(i)/3", "--out", s.file("shard-\(i)")]).status == 0) }
        let whole = s.file("whole")
        #expect(try CLIRun.shatter(dust + ["--out", whole]).status == 0)
        let collected = s.file("frames")
        let merge = try CLIRun.shatter([
            "manifest", "merge", s.file("shard-0") + "/", s.file("shard-1") + "/", s.file("shard-2") + "/",
            "--out", s.file("merged.json"), "--collect", collected,
        ])
        #expect(merge.status == 0, "\(merge.stdout)\(merge.stderr)")
        let merged = try #require(try FrameManifest.read(path: s.file("merged.json")))
        #expect(!merged.frames.contains { $0.file.contains("//") })
        #expect(s.contents(of: collected) == s.contents(of: whole))
        for name in s.contents(of: whole) {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: collected + "/" + name))
                    == Data(contentsOf: URL(fileURLWithPath: whole + "/" + name)))
        }
        let manifest = try #require(try FrameManifest.read(folder: collected))
        #expect(manifest.frames.map(\.file) == s.contents(of: whole) && manifest.shard == nil)
        // Collecting again into the same folder is refused: it is not empty.
        let again = try CLIRun.shatter([
            "manifest", "merge", s.file("shard-0"), s.file("shard-1"), s.file("shard-2"), "--collect", collected,
        ])
        #expect(again.status == 64 && again.stderr.contains("must be a new or empty folder"), "\(again.stderr)")
    }

    @Test func compareTakesTheSpritePlayerLikeEveryEffect() throws {
        let s = try TemporaryFolder()
        let run = try CLIRun.shatter(["compare", "sprite", "--fps", "4", "--out", s.file("compare")])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("PASS: 9/9 frames pass"), "\(run.stdout)")
    }
}
