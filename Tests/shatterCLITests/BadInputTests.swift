import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// Every bad input: one line on stderr naming the problem, a non-zero exit, no frame written.
@Suite struct BadInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        let expected: String
        let status: Int32
        var testDescription: String { name }
    }

    static let optionCases: [Case] = [
        Case(
            name: "point size 0", arguments: ["--point-size", "0"],
            expected: "shatter: --point-size is 0.0 px, outside 1…16384 px", status: 64),
        Case(
            name: "negative point size", arguments: ["--point-size", "-2"],
            expected: "shatter: --point-size is -2.0 px, outside 1…16384 px",
            status: 64),
        Case(name: "fps 0", arguments: ["--fps", "0"], expected: "--fps must be a number above 0", status: 64),
        Case(name: "fps nan", arguments: ["--fps", "nan"], expected: "--fps must be a number above 0", status: 64),
        Case(name: "negative duration", arguments: ["--duration", "-1"], expected: "--duration must be 0 or more", status: 64),
        Case(name: "unknown backend", arguments: ["--backend", "metal"], expected: "'metal'", status: 64),
        Case(name: "malformed size", arguments: ["--size", "10x"], expected: "--size", status: 64),
        Case(name: "zero size", arguments: ["--size", "0x10"], expected: "--size", status: 64),
        Case(name: "huge size", arguments: ["--size", "20000x10"], expected: "too large", status: 64),
        Case(name: "scale 0", arguments: ["--scale", "0"], expected: "--scale must be a number above 0", status: 64),
        Case(
            name: "sub-pixel sprites", arguments: ["--point-size", "0.5"],
            expected: "shatter: --point-size is 0.5 px, outside 1…16384 px in whole eighths of a pixel (0.125), e.g. 1.0",
            status: 64),
        Case(
            name: "off the eighths", arguments: ["--point-size", "3.3", "--scale", "2"],
            expected:
                "shatter: --point-size × --scale is 6.6 px, outside 1…16384 px in whole eighths of a pixel (0.125), e.g. 6.625",
            status: 64),
        Case(name: "negative seed", arguments: ["--seed", "-1"], expected: "--seed", status: 64),
        Case(name: "negative device", arguments: ["--device", "-1"], expected: "--device must be 0 or more", status: 64),
        Case(name: "bad background", arguments: ["--background", "12345"], expected: "--background", status: 64),
        Case(name: "compression 12", arguments: ["--compression", "12"], expected: "--compression must be 0…9", status: 64),
    ]

    @Test(arguments: optionCases)
    func badOptions(_ c: Case) throws {
        try expectRefused(c.arguments, expected: c.expected, status: c.status)
    }

    @Test func missingUnreadableAndNonPNGInputs() throws {
        let s = try TemporaryFolder()
        let valid = try PNGEncoder.encode(Image(width: 8, height: 8, fill: .opaqueWhite))
        var huge = Array(valid.prefix(33))  // signature + IHDR claiming 100000 x 100000
        huge.replaceSubrange(16..<24, with: [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0])
        let cases: [(String, String)] = [
            (s.file("missing.png"), "no such file"),
            (try s.write(Array("hello".utf8), to: "text.png"), "not a PNG file"),
            (try s.write([0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 0x4A, 0x46, 0x49, 0x46, 0], to: "photo.png"), "not a PNG file"),
            (try s.write(Array(valid.prefix(valid.count / 2)), to: "truncated.png"), "truncated"),
            (try s.write([], to: "empty.png"), "empty"),
            (try s.write(huge, to: "huge.png"), "over the limit"),
            // A folder is a clip of its PNG frames: the first frame that cannot be read is named.
            (s.path, "empty.png: file is empty"),
        ]
        for (path, expected) in cases {
            try expectRefused(["--from", path], expected: expected, status: 1)
            try expectRefused(["--to", path], expected: expected, status: 1)
        }
    }

    @Test func outThatIsAFileOrUnderAFile() throws {
        let s = try TemporaryFolder()
        let file = try s.write([1, 2, 3], to: "not-a-folder")
        try expectRefused([], out: file, expected: "is a file", status: 1)
        try expectRefused([], out: file + "/frames", expected: "is a file", status: 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data([1, 2, 3]))  // untouched
    }

    private func expectRefused(
        _ arguments: [String], out: String? = nil, expected: String, status: Int32,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let s = try TemporaryFolder()
        let folder = out ?? s.file("out")
        let run = try CLIRun.shatter(["render", "shatter", "--size", "30x30", "--backend", "cpu", "--out", folder] + arguments)
        #expect(run.status == status, "\(arguments): exit \(run.status), \(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.errorLines.count == 1, "\(arguments): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stderr.hasPrefix("shatter: error: "), sourceLocation: sourceLocation)
        #expect(run.stderr.contains(expected), "\(arguments): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(s.contents(of: s.file("out")).isEmpty, "\(arguments) left files behind", sourceLocation: sourceLocation)
    }
}
