import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// A picture is a PNG by its bytes, not its name: `--from /dev/stdin` with a file sent to it
/// (`< p.png`), through a pipe (`cat p.png |`), or a PNG file named without `.png`, each renders the
/// frames `--from p.png` does.
struct PictureFromStandardInputTests {
    @Test func aPNGOnStandardInputOrWithoutItsExtensionIsThePicture() throws {
        let s = try TemporaryFolder()
        try PNGEncoder.write(noisePicture(width: 32, height: 24, seed: 7), to: s.file("p.png"))
        try FileManager.default.copyItem(atPath: s.file("p.png"), toPath: s.file("shot"))
        let render = [CLIRun.binary, "render", "shatter", "--fps", "10", "--duration", "0.2", "--backend", "cpu", "--quiet"]
        func frames(_ from: String, out: String, script: String = "\"$@\"") throws -> [Digest] {
            let run = try CLIRun.command("/bin/sh", ["-c", script, "sh"] + render + ["--from", from, "--out", s.file(out)])
            #expect(run.status == 0, "\(out): \(run.stderr)")
            return try #require(try FrameManifest.read(folder: s.file(out))).frames.map(\.pixels)
        }
        let expected = try frames(s.file("p.png"), out: "named")
        #expect(expected.count == 3)
        #expect(try frames("/dev/stdin", out: "redirected", script: "\"$@\" < '\(s.file("p.png"))'") == expected)
        #expect(try frames("/dev/stdin", out: "piped", script: "cat '\(s.file("p.png"))' | \"$@\"") == expected)
        #expect(try frames(s.file("shot"), out: "unnamed") == expected)
    }
}
