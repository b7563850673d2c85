import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// `render shatter` decodes its `--from` and `--to` PNGs at once and hashes each input's pixels once:
/// the manifest must still record what it always did, and a bad input must fail as it always did.
@Suite struct InputStartupTests {
    @Test func theManifestRecordsEachInputsPixelHash() throws {
        let s = try TemporaryFolder()
        // Half-transparent pixels, so the hash is of the premultiplied pixels the renderer draws.
        var from = Image(width: 40, height: 30, fill: RGBA8(r: 200, g: 100, b: 50, a: 128))
        from.pixels[0...3] = [10, 20, 30, 40]
        try PNGEncoder.write(from, to: s.file("from.png"))
        try PNGEncoder.write(Image(width: 12, height: 9, fill: RGBA8(r: 0, g: 0, b: 255, a: 255)), to: s.file("to.png"))
        let expected = try ["from", "to"].map { SHA256Hex.of(try PNGDecoder.read(path: s.file("\($0).png")).pixels) }

        // A still shown as it is (the smaller `to` is stretched by the renderer) records its pixels' hash.
        let plain = try render(s, "plain", ["--from", s.file("from.png"), "--to", s.file("to.png")])
        #expect(plain.inputs == ["from": expected[0], "to": expected[1]])
        // A fitted still records its clip digest, which is the hash of its pixels too.
        let fitted = try render(s, "fitted", ["--from", s.file("from.png"), "--to", s.file("to.png"), "--fit", "stretch"])
        #expect(fitted.inputs?["from"] == expected[0])
        #expect(fitted.inputs?["to"]?.hasPrefix("clip:\(expected[1]):stretch:") == true, "\(fitted.inputs ?? [:])")
    }

    @Test func aBadInputFailsInOneLineNamingTheFirstBadOneAndLeavesNoFolder() throws {
        let s = try TemporaryFolder()
        let good = s.file("good.png")
        try PNGEncoder.write(Image(width: 30, height: 30, fill: .opaqueWhite), to: good)
        let valid = try PNGEncoder.encode(Image(width: 30, height: 30, fill: .opaqueWhite))
        let truncated = try s.write(Array(valid.prefix(valid.count / 2)), to: "truncated.png")
        let text = try s.write(Array("hello".utf8), to: "text.png")
        let cases: [(from: String, to: String, expected: String)] = [
            (good, truncated, "truncated.png"),
            (truncated, good, "truncated.png"),
            (text, truncated, "text.png: not a PNG file"),  // both bad: `--from`'s error, as when read in turn
            (truncated, text, "truncated.png"),
            (good, s.file("missing.png"), "missing.png"),
        ]
        for c in cases {
            let out = s.file("out")
            let run = try CLIRun.shatter([
                "render", "shatter", "--from", c.from, "--to", c.to, "--size", "30x30", "--backend", "cpu", "--out", out,
            ])
            #expect(run.status == 1, "\(c): exit \(run.status), \(run.stderr)")
            #expect(run.errorLines.count == 1, "\(c): \(run.stderr)")
            #expect(run.stderr.hasPrefix("shatter: error: ") && run.stderr.contains(c.expected), "\(c): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out), "\(c) left a folder")
        }
    }

    /// The first frame renders while the manifest is made; a folder the manifest refuses (here a
    /// render of other `--from` pixels) still gets the one-line error and keeps every byte it had.
    @Test func aFolderHoldingARenderOfOtherInputsIsRefusedUntouched() throws {
        let s = try TemporaryFolder()
        let (from, to) = (s.file("from.png"), s.file("to.png"))
        try PNGEncoder.write(Image(width: 40, height: 30, fill: .opaqueWhite), to: from)
        try PNGEncoder.write(Image(width: 40, height: 30, fill: .opaqueBlack), to: to)
        _ = try render(s, "out", ["--from", from, "--to", to])
        let out = s.file("out")
        let before = try s.allContents(of: out).map { try Data(contentsOf: URL(fileURLWithPath: out + "/" + $0)) }
        try PNGEncoder.write(Image(width: 40, height: 30, fill: RGBA8(r: 9, g: 9, b: 9, a: 255)), to: from)
        let run = try CLIRun.shatter([
            "render", "shatter", "--size", "40x30", "--frames", "0-1", "--backend", "cpu", "--from", from, "--to", to,
            "--out", out,
        ])
        #expect(run.status == 1 && run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("holds another render (input from has other pixels)"), "\(run.stderr)")
        #expect(try s.allContents(of: out).map { try Data(contentsOf: URL(fileURLWithPath: out + "/" + $0)) } == before)
    }

    private func render(_ s: TemporaryFolder, _ name: String, _ arguments: [String]) throws -> FrameManifest {
        let out = s.file(name)
        let run = try CLIRun.shatter(
            ["render", "shatter", "--size", "40x30", "--frames", "0-1", "--backend", "cpu", "--quiet", "--out", out] + arguments)
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try FrameManifest.read(folder: out))
    }
}
