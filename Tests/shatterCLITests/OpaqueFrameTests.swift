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
}
