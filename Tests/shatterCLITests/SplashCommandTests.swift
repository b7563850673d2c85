import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// `shatter render splash` as a user runs it.
@Suite struct SplashCommandTests {
    @Test func rendersTheRequestedFramesAtTheRequestedSize() throws {
        let scratch = try TemporaryFolder()
        let out = scratch.file("frames")
        let sheet = scratch.file("sheet.png")
        let run = try CLIRun.shatter([
            "render", "splash", "--size", "40x60", "--scale", "2", "--duration", "0.5",
            "--fps", "4", "--backend", "cpu", "--out", out, "--contact-sheet", sheet,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(scratch.contents(of: out) == ["frame-00000.png", "frame-00001.png", "frame-00002.png"])
        #expect(run.stdout.hasPrefix("Rendered 3 frames to \(out)/"))
        let first = try PNGDecoder.read(path: out + "/frame-00000.png")
        #expect(first.width == 80 && first.height == 120)
        #expect(
            first
                == (try SoftwareRenderer().render(
                    try UberSplash(parameters: .init(width: 40, height: 60, scale: 2))
                        .displayList(at: 0))))
        #expect(try PNGDecoder.read(path: sheet).width > 0)
    }

    @Test func defaultsAreTwoLoopsOfTheIPhoneScreenAtSixtyFPS() throws {
        let help = try CLIRun.shatter(["render", "splash", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--size") && help.stdout.contains("default: 375x667"))
        #expect(help.stdout.contains("--duration") && help.stdout.contains("default: 6.0"))
        #expect(help.stdout.contains("--backend"))
    }

    @Test(arguments: [
        (["--scale", "0"], "--scale must be a number above 0"),
        (["--scale", "-2"], "--scale must be a number above 0"),
        (["--duration", "-1"], "--duration must be 0 or more"),
        (["--fps", "0"], "--fps must be a number above 0"),
        (["--size", "0x10"], "--size"),
        (["--size", "20000x10"], "too large"),
    ])
    func badOptionsAreOneLineAndExit64(arguments: [String], expected: String) throws {
        let scratch = try TemporaryFolder()
        let run = try CLIRun.shatter(["render", "splash", "--backend", "cpu", "--out", scratch.file("out")] + arguments)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.errorLines.count == 1 && run.stderr.hasPrefix("shatter: error: "))
        #expect(run.stderr.contains(expected), "\(run.stderr)")
        #expect(scratch.contents(of: scratch.file("out")).isEmpty)
    }
}
