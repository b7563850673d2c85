import Foundation
import ShatterCore
import ShatterPNG
import ShatterTestSupport
import Testing

/// `shatter render shatter --frames 0-0` on softpipe, a second GLES independent of llvmpipe (4 sub-pixel
/// bits, wide points shifted by about 1/8 px), writes the `--from` picture byte for byte at every point
/// size in eighths from 1 to 17 px on three screens, and at `--point-size auto` at the widths people
/// render. Compared with the picture itself, not with the CPU renderer (llvmpipe and the CPU renderer
/// run the same sweep in process: `FirstFrameIsTheSnapshotTests`). softpipe must be chosen before EGL
/// starts, hence one process per frame.
@Suite struct FirstFrameOnSoftpipeTests {
    static let screens = ["97x61", "64x113", "160x90"]

    /// Per screen, the sizes n, n + 1/8, … n + 7/8 px for a whole n from 1 to 16, and 17.
    @Test(
        .enabled(if: GPUBackendTests.gl != nil, "needs an EGL context"),
        arguments: screens, Array(1...16))
    func everyEighthFrom1To17(screen: String, whole: Int) throws {
        let sizes = (0..<8).map { Double(whole) + Double($0) / 8 } + (whole == 16 ? [17] : [])
        try Self.expectFirstFrames(screen: screen, pointSizes: sizes.map { "\($0)" })
    }

    /// `auto` depends on the width alone, so each width is a strip 48 px high.
    @Test(
        .enabled(if: GPUBackendTests.gl != nil, "needs an EGL context"),
        arguments: [720, 1280, 1366, 1920, 2560, 3840])
    func atTheProportionalSize(width: Int) throws {
        try Self.expectFirstFrames(screen: "\(width)x48", pointSizes: ["auto"])
    }

    /// `environment` picks the GL (softpipe unless told), `driver` names it in failures.
    static func expectFirstFrames(
        screen: String, pointSizes: [String], environment: [String: String] = ["GALLIUM_DRIVER": "softpipe"],
        driver: String = "softpipe"
    ) throws {
        let scratch = try TemporaryFolder()
        let size = screen.split(separator: "x").map { Int($0)! }
        let picture = noisePicture(width: size[0], height: size[1], seed: UInt64(size[0] * 1000 + size[1]))
        try PNGEncoder.write(picture, to: scratch.file("from.png"))
        for pointSize in pointSizes {
            let out = scratch.file("frames-\(pointSize)")
            let run = try CLIRun.shatter(
                [
                    "render", "shatter", "--from", scratch.file("from.png"), "--size", screen, "--point-size", pointSize,
                    "--frames", "0-0", "--backend", "gl", "--out", out, "--quiet",
                ], environment: environment)
            try #require(run.status == 0, "\(screen) --point-size \(pointSize): \(run.stderr)")
            let frame = try PNGDecoder.read(path: out + "/frame-00000.png")
            var differing = 0
            var first: String?
            for y in 0..<picture.height {
                for x in 0..<picture.width where frame[x, y] != picture[x, y] {
                    differing += 1
                    if first == nil { first = "(\(x), \(y)): \(frame[x, y]) for \(picture[x, y])" }
                }
            }
            #expect(
                differing == 0,
                "\(driver), \(screen), --point-size \(pointSize): \(differing) pixels of frame 0 differ from --from, first \(first ?? "")"
            )
        }
    }
}
