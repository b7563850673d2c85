import Foundation
import ShatterTestSupport
import Testing

/// The shattered transition on two independent GLES implementations, llvmpipe and softpipe (which has
/// 4 sub-pixel bits and shifts wide points by about 1/8 px), passes `FuzzyRule.parity` against the CPU
/// renderer: the point-sprite program writes the same bytes on any conformant GL (docs/parity.md).
/// softpipe must be chosen before EGL starts, so each GL runs as its own `shatter compare`.
@Suite struct PointSpriteParityTests {
    static let drivers = ["llvmpipe", "softpipe"]

    @Test(
        .enabled(if: GPUBackendTests.gl != nil, "needs an EGL context"),
        arguments: drivers,
        [
            ["--size", "120x90"], ["--size", "96x64", "--point-size", "1.5"], ["--size", "96x64", "--point-size", "3"],
            ["--size", "64x48", "--scale", "2"], ["--size", "96x64", "--filter", "nearest"],
            ["--size", "96x64", "--physics", "textbook,euler60"],
        ])
    func theShatteredTransitionPassesTheParityRuleOnEachGL(driver: String, options: [String]) throws {
        let scratch = try TemporaryFolder()
        let run = try CLIRun.shatter(
            ["compare", "shatter", "--fps", "5", "--out", scratch.file("report")] + options,
            environment: ["GALLIUM_DRIVER": driver])
        #expect(run.status == 0, "\(driver) \(options): \(run.stdout.suffix(600))\(run.stderr)")
        #expect(
            run.stdout.contains("PASS: 7/7 frames pass") && run.stdout.contains("actual: \(driver)"), "\(run.stdout.suffix(300))")
    }
}
