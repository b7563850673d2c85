import Foundation
import ShatterTestSupport
import Testing

/// zink, Mesa's GL over Vulkan, here over lavapipe (mesa-vulkan-drivers): its shaders go through
/// SPIR-V and NIR's Vulkan path rather than Mesa's GL backend, so it is a third GL compiler the CPU
/// renderer is held to. `shatter probe`'s rules, every effect's `compare` under the parity rule on an
/// odd and a portrait screen (the shattered transition at a fractional point size too), and frame 0 as
/// the `--from` picture. The driver is chosen by environment before EGL starts, so the CLI runs in a
/// process of its own; small screens and few frames keep CI's cost to seconds.
@Suite(
    .enabled(if: GPUBackendTests.gl != nil, "needs an EGL context (Mesa's EGL, which zink is a driver of)"),
    .enabled(if: Zink.isInstalled, "needs lavapipe's Vulkan ICD (\(Zink.icd), Debian's mesa-vulkan-drivers)"))
struct ZinkParityTests {
    @Test func probeFindsEveryRuleTheCPURendererAssumes() throws {
        let s = try TemporaryFolder()
        let run = try CLIRun.shatter(["probe"], environment: Zink.environment(runtime: s.path))
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("shatter probe: zink"), "\(run.stdout)")
        #expect(run.stdout.contains("rules agree with the CPU renderer: it can match this GL exactly"), "\(run.stdout)")
    }

    /// (effect, extra options): every effect on an odd landscape screen, and on a portrait one.
    static let comparisons: [(String, [String])] = [
        ("shatter", ["--size", "97x61", "--point-size", "5.375", "--fps", "4"]),
        ("shatter", ["--size", "61x97", "--point-size", "1.625", "--fps", "4"]),
        ("breathe", ["--size", "97x61", "--fps", "2"]),
        ("breathe", ["--size", "61x97", "--fps", "3"]),
        ("dust", ["--size", "97x61", "--fps", "4"]),
        ("dust", ["--size", "61x97", "--fps", "4"]),
        ("splash", ["--size", "97x61", "--fps", "4"]),
        ("splash", ["--size", "61x97", "--fps", "4"]),
        ("sprite", ["--fps", "4"]),
    ]

    @Test(arguments: comparisons)
    func everyEffectPassesTheParityRule(effect: String, options: [String]) throws {
        let s = try TemporaryFolder()
        let run = try CLIRun.shatter(
            ["compare", effect, "--out", s.file("report")] + options, environment: Zink.environment(runtime: s.path))
        #expect(run.status == 0, "\(effect) \(options.joined(separator: " ")): \(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("zink"), "\(run.stdout)")
    }

    /// Frame 0 of the shattered transition is the `--from` picture byte for byte, at fractional point sizes.
    @Test func firstFrameIsTheFromPicture() throws {
        let s = try TemporaryFolder()
        for screen in ["97x61", "64x113"] {
            try FirstFrameOnSoftpipeTests.expectFirstFrames(
                screen: screen, pointSizes: ["1", "2.5", "5.375", "auto"], environment: Zink.environment(runtime: s.path),
                driver: "zink")
        }
    }
}

/// Where zink over lavapipe can be reached, and the environment that reaches it.
enum Zink {
    static let icd = "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json"
    static let isInstalled = FileManager.default.fileExists(atPath: icd)

    /// Vulkan's loader wants a runtime folder of the user's own: `runtime`, a test's scratch folder.
    static func environment(runtime: String) -> [String: String] {
        [
            "GALLIUM_DRIVER": "zink", "LIBGL_ALWAYS_SOFTWARE": "1", "VK_ICD_FILENAMES": icd,
            "XDG_RUNTIME_DIR": runtime,
        ]
    }
}
