import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// `shatter render breathe` as a user runs it.
@Suite struct RenderBreatheCommandTests {
    @Test func rendersTheCycleWithTheDefaultsAndAContactSheet() throws {
        let scratch = try TemporaryFolder()
        let out = scratch.file("frames")
        let sheet = scratch.file("sheet.png")
        let run = try CLIRun.shatter([
            "render", "breathe", "--fps", "2", "--backend", "cpu", "--out", out,
            "--contact-sheet", sheet,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let files = scratch.contents(of: out)
        #expect(files.count == 22)  // one 10.5 s cycle at 2 fps: frames 0 … 21
        #expect(run.stdout.hasPrefix("Rendered 22 frames to \(out)/"))
        // Frame 0: the closed flower, a 24-point disc in the middle of a black 368x448 canvas.
        let first = try PNGDecoder.read(path: out + "/frame-00000.png")
        #expect(first.width == 368 && first.height == 448)
        #expect(first[0, 0] == .opaqueBlack)
        #expect(first[184, 224].g > 250)
        #expect(first[184 + 30, 224] == .opaqueBlack)
        // t = 4.5 s (phase 0.43): open, petals reach 160 points from the centre.
        let open = try PNGDecoder.read(path: out + "/frame-00009.png")
        #expect(open[184 + 150, 224] != .opaqueBlack || open[184 - 150, 224] != .opaqueBlack)
        #expect(FileManager.default.fileExists(atPath: sheet))
    }

    @Test func petalsScaleCyclesAndDurationAreHonoured() throws {
        let scratch = try TemporaryFolder()
        let out = scratch.file("frames")
        let run = try CLIRun.shatter([
            "render", "breathe", "--size", "100x80", "--scale", "2", "--petals", "3",
            "--cycles", "2", "--fps", "0.5", "--backend", "cpu", "--out", out,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(scratch.contents(of: out).count == 12)  // 21 s at 0.5 fps: frames 0 … 11 (t = 0 … 22 s)
        let frame = try PNGDecoder.read(path: out + "/frame-00000.png")
        #expect(frame.width == 200 && frame.height == 160)

        let short = scratch.file("short")
        let one = try CLIRun.shatter([
            "render", "breathe", "--size", "40x40", "--duration", "0", "--backend", "cpu",
            "--out", short,
        ])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(scratch.contents(of: short) == ["frame-00000.png"])
    }

    static let badCases: [([String], String)] = [
        (["--petals", "0"], "--petals must be 1…64, not 0"),
        (["--petals", "65"], "--petals must be 1…64, not 65"),
        (["--petals", "-3"], "--petals must be 1…64, not -3"),
        (["--scale", "-1"], "--scale must be a number above 0"),
        (["--duration", "-2"], "--duration must be 0 or more seconds"),
        (["--cycles", "0"], "--cycles must be 1…1000, not 0"),
        (["--cycles", "2", "--duration", "3"], "give --duration or --cycles, not both"),
        (["--size", "0x10"], "--size"),
        (["--size", "20000x20"], "too large"),
        (["--fps", "0"], "--fps must be a number above 0"),
    ]

    @Test(arguments: badCases)
    func badOptionsAreOneLineAndExit64(arguments: [String], expected: String) throws {
        let scratch = try TemporaryFolder()
        let run = try CLIRun.shatter(["render", "breathe", "--backend", "cpu", "--out", scratch.file("out")] + arguments)
        #expect(run.status == 64, "\(arguments): \(run.stderr)")
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("shatter: error: ") && run.stderr.contains(expected), "\(run.stderr)")
        #expect(scratch.contents(of: scratch.file("out")).isEmpty)
    }
}
