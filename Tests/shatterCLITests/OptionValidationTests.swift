import Foundation
import ShatterTestSupport
import Testing

/// Every numeric option of every command at 0, negative, NaN, huge and malformed: each refused value
/// gives one line naming the option, exit 64 (2 under `compare`), no crash and no file written.
@Suite struct OptionValidationTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let command: [String]
        let option: String
        let value: String
        /// What the one line must contain (the option's name, unless a combined name is reported).
        let mentions: String
        var testDescription: String { (command + [option, value]).joined(separator: " ") }
    }

    /// (command, option, refused values, text the error names). Valid edge values (`--seed 0`,
    /// `--duration 0`) are not listed: they must render, which other tests check.
    static let table: [([String], String, [String], String)] = [
        (
            ["render", "shatter"], "--size",
            ["0x10", "10x0", "-1x10", "nanxnan", "100000x100000", "10x", "x10", "abc", "99999999999999999999x1"], "--size"
        ),
        (["render", "shatter"], "--scale", ["0", "-1", "nan", "inf", "1e300", "1e-300", "abc"], "--scale"),
        (
            ["render", "shatter"], "--point-size", ["0", "-2", "nan", "1e300", "abc", "1.1", "2.3", "autos", "auto2", ""],
            "--point-size"
        ),
        (["render", "shatter"], "--duration", ["-1", "nan", "inf", "1e300", "abc"], "--duration"),
        (["render", "shatter"], "--seed", ["-1", "nan", "1e300", "99999999999999999999", "abc"], "--seed"),
        (["render", "shatter"], "--fps", ["0", "-1", "nan", "1e300", "abc"], "--fps"),
        (
            ["render", "shatter"], "--frames", ["-1", "nan", "5-2", "3-", "-3", "99999999999999999999", "0-99999", "abc"],
            "--frames"
        ),
        (["render", "shatter"], "--device", ["-1", "nan", "99999999999999999999", "abc"], "--device"),
        (["render", "shatter"], "--compression", ["-1", "10", "nan", "abc"], "--compression"),
        (["render", "shatter"], "--sheet-frames", ["0", "-1", "65", "nan", "abc"], "--sheet-frames"),
        (["render", "shatter"], "--background", ["-1", "nan", "12345", "GGGGGG", "1000000"], "--background"),
        (
            ["render", "shatter"], "--physics", ["abc", "euler30", "original,textbook", "closed,euler60", "euler60,", ""],
            "--physics"
        ),
        (["render", "shatter", "--physics", "textbook,euler60"], "--duration", ["10.5", "3600"], "--duration"),
        (["render", "breathe"], "--size", ["0x10", "100000x100000", "10x", "abc"], "--size"),
        (["render", "breathe"], "--scale", ["0", "-1", "nan", "1e300", "abc"], "--scale"),
        (["render", "breathe"], "--petals", ["0", "-1", "65", "nan", "99999999999999999999", "abc"], "--petals"),
        (["render", "breathe"], "--duration", ["-1", "nan", "1e300", "abc"], "--duration"),
        (["render", "breathe"], "--cycles", ["0", "-1", "1001", "nan", "abc"], "--cycles"),
        (["render", "dust"], "--size", ["0x10", "100000x100000", "10x", "abc"], "--size"),
        (["render", "dust"], "--scale", ["0", "-1", "nan", "1e300", "abc"], "--scale"),
        (["render", "dust"], "--layers", ["0", "-1", "256", "nan", "abc"], "--layers"),
        (["render", "dust"], "--spread", ["0x0", "-1x1", "10x", "nan", "abc"], "--spread"),
        (["render", "dust"], "--seed", ["-1", "nan", "abc"], "--seed"),
        (["render", "splash"], "--size", ["0x10", "100000x100000", "10x", "abc"], "--size"),
        (["render", "splash"], "--scale", ["0", "-1", "nan", "1e300", "abc"], "--scale"),
        (["render", "splash"], "--duration", ["-1", "nan", "1e300", "abc"], "--duration"),
        (["render", "sprite"], "--frame-size", ["0x0", "-1x5", "10x", "100000x1", "abc"], "--frame-size"),
        (
            ["render", "sprite"], "--sheet-frame-count", ["0", "-1", "49", "nan", "99999999999999999999", "abc"],
            "--sheet-frame-count"
        ),
        (["render", "sprite"], "--frames", ["-1", "5-2", "121", "abc"], "--frames"),
        (["render", "sprite"], "--duration", ["0", "-1", "nan", "1e300", "abc"], "--duration"),
        (["render", "sprite"], "--scale", ["0", "-1", "nan", "1e300", "abc"], "--scale"),
        (["render", "sprite"], "--fps", ["0", "-1", "nan", "1e300", "abc"], "--fps"),
        (
            ["compare", "--images", "a.png", "b.png"], "--max-different-pixels", ["-1", "nan", "99999999999999999999", "abc"],
            "--max-different-pixels"
        ),
        (["compare", "--images", "a.png", "b.png"], "--precision", ["-0.1", "1.5", "nan", "1e300", "abc"], "--precision"),
        (
            ["compare", "--images", "a.png", "b.png"], "--pixel-delta-threshold", ["-1", "1021", "nan", "abc"],
            "--pixel-delta-threshold"
        ),
        (["compare", "--images", "a.png", "b.png"], "--channel-delta", ["-1", "256", "nan", "abc"], "--channel-delta"),
        (
            ["compare", "--images", "a.png", "b.png"], "--ignored-border", ["-1", "16385", "9223372036854775807", "nan", "abc"],
            "--ignored-border"
        ),
        (["compare", "shatter", "--size", "8x8"], "--scale", ["0", "nan", "1e300"], "--scale"),
        (["compare", "shatter", "--size", "8x8"], "--frames", ["5-2", "0-99999"], "--frames"),
        (
            ["bench", "--backends", "cpu"], "--point-sizes", ["0", "-1", "nan", "1e300", "1,,2", "abc", "auto,x", "autos"],
            "--point-sizes"
        ),
        (["bench"], "--backends", ["", "gl,,cpu", "metal", "auto"], "--backends"),
        (["bench", "--backends", "cpu"], "--size", ["0x10", "100000x100000", "10x"], "--size"),
        (["bench", "--backends", "cpu"], "--frame-count", ["0", "-1", "10001", "nan", "abc"], "--frame-count"),
        (["bench", "--backends", "cpu"], "--repeat", ["0", "-1", "101", "nan", "abc"], "--repeat"),
        (["info"], "--device", ["-1", "nan", "99999999999999999999", "abc"], "--device"),
    ]

    static let cases: [Case] = table.flatMap { command, option, values, mentions in
        values.map { Case(command: command, option: option, value: $0, mentions: mentions) }
    }

    @Test(arguments: cases)
    func refused(_ c: Case) throws {
        let s = try TemporaryFolder()
        // Every command that writes gets a scratch --out, so "nothing written" can be checked there.
        let out = c.command.first == "render" || c.command.first == "compare" ? ["--out", s.file("out")] : []
        let sizeFree = c.option == "--size" || c.option == "--frame-size" || c.command.contains("--size")
        let small = c.command.first == "render" && !sizeFree && c.command[1] != "sprite" ? ["--size", "8x8"] : []
        let run = try CLIRun.shatter(c.command + small + out + [c.option, c.value])
        let expectedStatus: Int32 = c.command.first == "compare" ? 2 : 64
        #expect(run.status == expectedStatus, "exit \(run.status): \(run.stderr)")
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("shatter: error: "), "\(run.stderr)")
        #expect(run.stderr.contains(c.mentions), "should name \(c.mentions): \(run.stderr)")
        #expect(!run.stderr.contains("Fatal error"), "\(run.stderr)")
        #expect(s.contents(of: s.path).isEmpty, "left files behind: \(s.contents(of: s.path))")
    }
}
