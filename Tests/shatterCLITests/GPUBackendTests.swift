import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// `--backend gpu` and renderer-aware merges, on this machine's real GL (llvmpipe here).
@Suite struct GPUBackendTests {
    /// The GL this machine has, when it has one.
    static let gl: GLInfo? = {
        guard let renderer = try? GLRenderer() else { return nil }
        defer { renderer.close() }
        return renderer.info
    }()
    static let softwareGL = gl?.isSoftwareRasterizer == true

    @Test(.enabled(if: softwareGL, "needs a software rasteriser (llvmpipe) to refuse"))
    func gpuRefusesLlvmpipeInOneLineAndWritesNothing() throws {
        let scratch = try TemporaryFolder()
        let out = scratch.file("frames")
        let run = try CLIRun.shatter(["render", "shatter", "--size", "32x24", "--backend", "gpu", "--out", out])
        #expect(run.status == 1)
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("shatter: error: the only GL here is llvmpipe"), "\(run.stderr)")
        #expect(run.stderr.contains("likely: "))
        #expect(run.stderr.contains("--backend gl accepts it"))
        #expect(scratch.contents(of: out).isEmpty)
    }

    /// The largest output (16384 px a side) on a GL whose renderbuffer is no larger: the guard band
    /// leaves it 4 px short at point size 2, refused in one line naming the size the user gave and the
    /// largest this GL draws, which renders.
    @Test(.enabled(if: (gl?.maxRenderbufferSize ?? .max) <= 16384, "needs a GL drawing at most 16384 px a side"))
    func anOutputTheGuardBandMakesTooLargeIsRefusedNamingTheLargestThatDraws() throws {
        let scratch = try TemporaryFolder()
        let render = [
            "render", "shatter", "--point-size", "2", "--frames", "0", "--backend", "gl", "--out", scratch.file("frames"),
        ]
        let run = try CLIRun.shatter(render + ["--size", "16384x1"])
        #expect(run.status == 1 && run.errorLines.count == 1, "\(run.stderr)")
        let prefix =
            "shatter: error: a 16384x1 frame is drawn with a 2-pixel guard band on every side, and this GL draws at most "
        #expect(run.stderr.hasPrefix(prefix), "\(run.stderr)")
        let largest = try #require(Int(run.stderr.dropFirst(prefix.count).prefix { $0.isNumber }))
        #expect(
            run.stderr.hasSuffix(
                " pixels a side with it; give a smaller --size (× --scale), at most \(largest) pixels a side, or --backend cpu\n"),
            "\(run.stderr)")
        #expect(scratch.contents(of: scratch.file("frames")).isEmpty)
        let fits = try CLIRun.shatter(render + ["--size", "\(largest)x1", "--overwrite"])
        #expect(fits.status == 0, "\(fits.stderr)")
    }

    @Test(.enabled(if: gl != nil, "needs an EGL context for the GL shard"))
    func mergingAGLShardWithACPUShardFailsNamingBothRenderers() throws {
        let scratch = try TemporaryFolder()
        let job = ["render", "shatter", "--size", "32x24", "--fps", "10", "--duration", "0.5"]
        let gl = try CLIRun.shatter(job + ["--backend", "gl", "--shard", "0/2", "--out", scratch.file("gl")])
        let cpu = try CLIRun.shatter(job + ["--backend", "cpu", "--shard", "1/2", "--out", scratch.file("cpu")])
        #expect(gl.status == 0 && cpu.status == 0, "\(gl.stderr)\(cpu.stderr)")

        // Each shard's manifest records its driver beside the renderer: GL_VERSION for GL, none for the CPU.
        let glManifest = try #require(try FrameManifest.read(path: scratch.file("gl") + "/manifest.json"))
        #expect(glManifest.driver?.hasPrefix("OpenGL ES 3") == true, "\(String(describing: glManifest.driver))")
        #expect(try FrameManifest.read(path: scratch.file("cpu") + "/manifest.json")?.driver == nil)

        let merged = scratch.file("merged.json")
        let refused = try CLIRun.shatter(["manifest", "merge", scratch.file("gl"), scratch.file("cpu"), "--out", merged])
        #expect(refused.status == 1)
        #expect(refused.errorLines.count == 1, "\(refused.stderr)")
        #expect(
            refused.stderr.contains(Self.gl!.renderer) && refused.stderr.contains("Shatter CPU renderer"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--allow-mixed-renderers"))
        #expect(!FileManager.default.fileExists(atPath: merged))

        let accepted = try CLIRun.shatter([
            "manifest", "merge", scratch.file("gl"), scratch.file("cpu"), "--out", merged,
            "--allow-mixed-renderers",
        ])
        #expect(accepted.status == 0, "\(accepted.stdout)\(accepted.stderr)")
        #expect(accepted.stdout.hasPrefix("Merged 2 manifests: 6 of 6 frames of shatter (gl+cpu)"), "\(accepted.stdout)")
    }

    @Test(.enabled(if: gl != nil, "needs an EGL context"))
    func infoListsEveryDeviceWithWhatBecameOfItAndTheSchedulersGPU() throws {
        let run = try CLIRun.shatter(["info", "--device", "auto"], environment: ["CUDA_VISIBLE_DEVICES": "0"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("scheduler's GPU: CUDA_VISIBLE_DEVICES=0"), "\(run.stdout)")
        for device in Self.gl!.devices {
            #expect(run.stdout.contains("  [\(device.index)] \(device.summary): "), "\(run.stdout)")
        }
        if Self.gl!.devices.contains(where: \.isSoftware) {
            #expect(run.stdout.contains("software: skipped: software rasteriser"), "\(run.stdout)")
        }
        #expect(run.stdout.contains(Self.softwareGL ? "gpu: refuses (" : "gpu: uses "))
        let environment = try CLIRun.shatter(["info"], environment: ["SHATTER_EGL_DEVICE": "auto"])
        #expect(environment.status == 0)
    }

    @Test(.enabled(if: gl != nil, "needs an EGL context"))
    func probeWritesItsReportAndOneLinePerRule() throws {
        let scratch = try TemporaryFolder()
        let json = scratch.file("probe.json")
        let run = try CLIRun.shatter(["probe", "--json", json])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("shatter probe: \(Self.gl!.renderer) on the ") == true)
        #expect(lines.filter { $0.hasPrefix("agrees ") || $0.hasPrefix("DIFFERS ") }.count == 13)
        if Self.gl!.renderer.hasPrefix("llvmpipe") {
            #expect(
                run.stdout.contains(
                    "13 of 13 rules agree with the CPU renderer: it can match this GL exactly but for blend rounding."))
        }
        let report = try JSONDecoder().decode(ProbeReport.self, from: Data(contentsOf: URL(fileURLWithPath: json)))
        #expect(report.renderer == Self.gl!.renderer && report.gl.filterRamp.count == 1025)
    }

    /// The exit code follows the findings on a second GL (softpipe, where the rules copied from llvmpipe
    /// disagree): 1 with the disagreeing rules named on standard error, the report still written.
    @Test(.enabled(if: gl != nil, "needs an EGL context"))
    func probeExitsOneNamingEveryRuleThatDisagrees() throws {
        let scratch = try TemporaryFolder()
        let json = scratch.file("probe.json")
        let run = try CLIRun.shatter(["probe", "--json", json], environment: ["GALLIUM_DRIVER": "softpipe"])
        let differing = run.stdout.split(separator: "\n").filter { $0.hasPrefix("DIFFERS ") }
        #expect(FileManager.default.fileExists(atPath: json), "\(run.stderr)")
        if differing.isEmpty {
            #expect(run.status == 0, "\(run.stderr)")
        } else {
            #expect(run.status == 1 && run.errorLines.count == 1, "\(run.stderr)")
            let report = try JSONDecoder().decode(ProbeReport.self, from: Data(contentsOf: URL(fileURLWithPath: json)))
            #expect(report.disagreements.count == differing.count)
            for finding in report.disagreements { #expect(run.stderr.contains(finding.rule.rawValue)) }
        }
    }

    /// `--expect`: a report recorded on this GL expects what it measures (exit 0); the same report with
    /// one measurement edited, as another GL might have measured it, makes the probe exit 1 naming that
    /// rule and no other; a file that is not a report is one line.
    @Test(.enabled(if: gl != nil, "needs an EGL context"))
    func probeHeldToARecordedReportNamesTheRuleMeasuredOtherwise() throws {
        let scratch = try TemporaryFolder()
        let recorded = scratch.file("recorded.json")
        let record = try CLIRun.shatter(["probe", "--json", recorded])
        #expect(FileManager.default.fileExists(atPath: recorded), "\(record.stderr)")
        let same = try CLIRun.shatter(["probe", "--expect", recorded])
        #expect(same.stdout.contains("13 of 13 rules measure as recorded on \(Self.gl!.renderer)"), "\(same.stdout)")
        #expect(same.status == record.status, "\(same.stderr)")

        var report = try JSONDecoder().decode(ProbeReport.self, from: Data(contentsOf: URL(fileURLWithPath: recorded)))
        report.gl.colorStore[3] += 1  // the fragment (3.5)/255 stored as 5: rounded the other way
        let edited = scratch.file("edited.json")
        try JSONEncoder().encode(report).write(to: URL(fileURLWithPath: edited))
        let run = try CLIRun.shatter(["probe", "--expect", edited])
        #expect(run.status == 1 && run.errorLines.count == 1, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "1 rule measured otherwise than recorded on \(Self.gl!.renderer): \(ProbeReport.Rule.colorStore.rawValue)"),
            "\(run.stderr)")
        #expect(run.stdout.contains("UNLIKE  color store at (k + 0.5)/255  GL: "), "\(run.stdout)")

        // The record's words reach the terminal without their control characters (a title change, a
        // screen clear): each is shown as U+FFFD.
        report.renderer = "evil\u{1B}]0;owned\u{07}\u{1B}[2J GL"
        let store = try #require(report.findings.firstIndex { $0.rule == .colorStore })
        report.findings[store].gl = "stored\u{1B}[31m red"
        try JSONEncoder().encode(report).write(to: URL(fileURLWithPath: edited))
        let hostile = try CLIRun.shatter(["probe", "--expect", edited])
        #expect(hostile.status == 1 && hostile.errorLines.count == 1, "\(hostile.stderr)")
        #expect(!(hostile.stdout + hostile.stderr).contains("\u{1B}") && !hostile.stdout.contains("\u{07}"))
        #expect(hostile.stderr.contains("recorded on evil\u{FFFD}]0;owned\u{FFFD}\u{FFFD}[2J GL: "), "\(hostile.stderr)")
        #expect(hostile.stdout.contains("stored\u{FFFD}[31m red"), "\(hostile.stdout)")

        let notAReport = scratch.file("manifest.json")
        try #"{"frames": []}"#.write(toFile: notAReport, atomically: true, encoding: .utf8)
        let bad = try CLIRun.shatter(["probe", "--expect", notAReport])
        #expect(bad.status != 0 && bad.errorLines.count == 1, "\(bad.stderr)")
        #expect(bad.stderr.contains("\(notAReport) is not a probe report"), "\(bad.stderr)")
        #expect(!bad.stdout.contains("agrees "), "nothing is measured before the expectation is read")
    }

    /// A GPU node whose vendor file names NVIDIA's EGL while the driver's libraries are not on the library
    /// path: the message says that, not "install Mesa's EGL". (The vendor file is a temporary one naming a
    /// library this machine lacks; libglvnd then loads no other vendor.)
    @Test func aVendorFileNamingAnUnloadableNVIDIALibrarySaysSo() throws {
        let scratch = try TemporaryFolder()
        let vendor = scratch.file("10_nvidia.json")
        try #"{ "file_format_version" : "1.0.0", "ICD" : { "library_path" : "libEGL_nvidia.so.0" } }"#
            .write(toFile: vendor, atomically: true, encoding: .utf8)
        let out = scratch.file("frames")
        let run = try CLIRun.shatter(
            ["render", "shatter", "--backend", "gl", "--frames", "0-0", "--out", out],
            environment: ["__EGL_VENDOR_LIBRARY_FILENAMES": vendor])
        #expect(run.status == 1 && run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("\(vendor) names NVIDIA's EGL, but libEGL_nvidia.so.0 does not load ("), "\(run.stderr)")
        #expect(run.stderr.contains("/usr/local/nvidia/lib64") && !run.stderr.contains("install Mesa"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + "/frame-00000.png"))
    }

    @Test(.enabled(if: NoGLLibrariesTests.namespacesWork, "unshare --mount is not permitted here"))
    func probeWithoutGLIsOneLine() throws {
        let run = try CLIRun.command(NoGLLibrariesTests.withoutGL, [CLIRun.binary, "probe"])
        #expect(run.status == 1 && run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("libEGL.so.1 could not be loaded"))
    }
}
