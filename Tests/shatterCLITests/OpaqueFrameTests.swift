import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// `shatter render` writes an opaque frame as RGB and keeps alpha where a frame has it or
/// `--keep-alpha` asks for it.
@Suite struct OpaqueFrameTests {
    static func colorType(_ path: String) throws -> UInt8 {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return bytes[25]
    }

    @Test func opaqueFramesAreRGBUnlessKeepAlphaAsks() throws {
        let scratch = try TemporaryFolder()
        var frames: [Image] = []
        for (name, flags, type) in [("rgb", [String](), UInt8(2)), ("rgba", ["--keep-alpha"], UInt8(6))] {
            let out = scratch.file(name)
            let run = try CLIRun.shatter(
                ["render", "shatter", "--size", "60x40", "--backend", "cpu", "--frames", "0-20", "--out", out] + flags)
            #expect(run.status == 0, "\(run.stderr)")
            for frame in [0, 10, 20] {
                #expect(try Self.colorType(out + String(format: "/frame-%05d.png", frame)) == type, "\(name) \(frame)")
            }
            frames.append(try PNGDecoder.read(path: out + "/frame-00010.png"))
            #expect(
                try PNGDecoder.read(path: out + "/frame-00000.png")
                    == DefaultScenes.presentedScreen(widthPoints: 60, heightPoints: 40, scale: 1))
        }
        #expect(frames[0] == frames[1])
    }

    @Test func aTranslucentFrameKeepsItsAlpha() throws {
        let scratch = try TemporaryFolder()
        var from = Image(width: 20, height: 10, fill: RGBA8(r: 200, g: 10, b: 10, a: 255))
        from[19, 9] = RGBA8(r: 50, g: 0, b: 0, a: 128)
        try PNGEncoder.write(from, to: scratch.file("from.png"), options: PNGWriteOptions(keepsOpaqueAlpha: true))
        let out = scratch.file("out")
        let run = try CLIRun.shatter([
            "render", "shatter", "--from", scratch.file("from.png"), "--size", "20x10", "--backend", "cpu",
            "--frames", "0-0", "--out", out,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.colorType(out + "/frame-00000.png") == 6)
        #expect(try PNGDecoder.read(path: out + "/frame-00000.png") == from)
    }

    @Test func keepAlphaWithABackgroundIsRefused() throws {
        let scratch = try TemporaryFolder()
        let out = scratch.file("out")
        let run = try CLIRun.shatter([
            "render", "shatter", "--size", "60x40", "--backend", "cpu", "--keep-alpha", "--background", "000000", "--out", out,
        ])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--keep-alpha and --background disagree"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// `--keep-alpha` is part of the render (issue 48, M3): a resume with the other setting is refused,
    /// naming both, rather than leaving RGB and RGBA frames in one folder. Refused, not rendered again:
    /// the earlier frames are the user's finished work, and `--overwrite` is the one way to discard them.
    @Test(arguments: [([String](), ["--keep-alpha"]), (["--keep-alpha"], [String]())])
    func aResumeWithTheOtherAlphaSettingIsRefused(_ first: [String], _ second: [String]) throws {
        let scratch = try TemporaryFolder()
        let out = scratch.file("out")
        let render = ["render", "shatter", "--size", "60x40", "--backend", "cpu", "--frames", "0-3", "--out", out]
        #expect(try CLIRun.shatter(render + first).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))
        let run = try CLIRun.shatter(render + second + ["--resume"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        let (was, asked) =
            first.isEmpty
            ? ("RGB frames where opaque", "RGBA frames (--keep-alpha)")
            : ("RGBA frames (--keep-alpha)", "RGB frames where opaque")
        #expect(run.stderr.contains("it holds another render (\(was) vs \(asked))"), "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")) == before)
        #expect(try Self.colorType(out + "/frame-00002.png") == (first.isEmpty ? 2 : 6))
        // The same setting resumes.
        #expect(try CLIRun.shatter(render + first + ["--resume"]).status == 0)
    }

    /// `manifest merge` names RGB and RGBA shards as two renders in one line and merges nothing from the odd one.
    @Test func mergingRGBAndRGBAShardsIsRefused() throws {
        let scratch = try TemporaryFolder()
        let render = ["render", "shatter", "--size", "60x40", "--backend", "cpu", "--frames", "0-3"]
        #expect(try CLIRun.shatter(render + ["--shard", "0/2", "--out", scratch.file("s0")]).status == 0)
        #expect(try CLIRun.shatter(render + ["--shard", "1/2", "--keep-alpha", "--out", scratch.file("s1")]).status == 0)
        let run = try CLIRun.shatter([
            "manifest", "merge", scratch.file("s0"), scratch.file("s1"), "--collect", scratch.file("all"),
        ])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let conflicts = run.stdout.split(separator: "\n").filter { $0.hasPrefix("conflict:") }
        #expect(
            conflicts == [
                "conflict: \(scratch.file("s1")) is another render than \(scratch.file("s0")): "
                    + "RGBA frames (--keep-alpha) vs RGB frames where opaque"
            ], "\(run.stdout)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("all")))
    }
}
