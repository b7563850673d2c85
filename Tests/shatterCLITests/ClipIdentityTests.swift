import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// `--resume` recognises a clip by every byte of its files, as docs/robustness.md promises: a clip
/// changed where its size, stream facts, first 64 KiB and first frame all stay the same is another
/// input, and the folder holding frames drawn from it is refused in one line, untouched.
@Suite struct ClipIdentityTests {
    let render = ["render", "shatter", "--frames", "0-2", "--fps", "25", "--backend", "cpu", "--quiet"]

    /// Renders from `clip` into `out`, lets `change` rewrite the clip, and expects `--resume` to refuse.
    func expectResumeRefused(from clip: String, in s: TemporaryFolder, after change: () throws -> Void) throws {
        let out = s.file("out")
        let first = try CLIRun.shatter(render + ["--from", clip, "--out", out])
        try #require(first.status == 0, "\(first.stderr)")
        let before = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        try change()
        let resumed = try CLIRun.shatter(render + ["--from", clip, "--out", out, "--resume"])
        #expect(resumed.status == 1, "exit \(resumed.status): \(resumed.stdout) \(resumed.stderr)")
        #expect(resumed.errorLines.count == 1, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("holds another render (input from has other pixels)"), "\(resumed.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == before)
    }

    @Test(.enabled(if: FFmpeg.available, "needs Debian's ffmpeg and ffprobe (Tools/setup.sh installs them)"))
    func aVideoChangedPastItsFirst64KiBIsAnotherInput() throws {
        let s = try TemporaryFolder()
        let clip = s.file("a.y4m")
        // 25 raw 64×48 frames: about 115 KB, the last frame's bytes well past the first 64 KiB.
        let made = try FFmpeg.shell(
            "ffmpeg -v error -nostdin -y -f lavfi -i testsrc=size=64x48:rate=25:duration=1 -pix_fmt yuv420p '\(clip)'")
        try #require(made.status == 0, "\(made.stderr)")
        var bytes = try #require(FileManager.default.contents(atPath: clip).map { [UInt8]($0) })
        try #require(bytes.count > 100_000)
        try expectResumeRefused(from: clip, in: s) {
            // One luma byte of the last frame, size and header kept.
            bytes[bytes.count - 3_000] ^= 0x40
            try Data(bytes).write(to: URL(fileURLWithPath: clip))
        }
    }

    @Test func aFrameFolderWithOneLaterFrameChangedIsAnotherInput() throws {
        let s = try TemporaryFolder()
        let folder = s.file("clip")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Stored PNGs (`--compression 0`'s kind): a frame's size does not depend on its pixels.
        let stored = PNGWriteOptions(compressionLevel: 0)
        func frame(_ k: Int, _ grey: UInt8) throws {
            let image = Image(width: 32, height: 24, fill: RGBA8(r: grey, g: grey, b: grey, a: 255))
            try PNGEncoder.write(image, to: folder + "/\(k).png", options: stored)
        }
        for k in 1...3 { try frame(k, UInt8(60 * k)) }
        let size = try FileManager.default.attributesOfItem(atPath: folder + "/3.png")[.size] as? Int
        try expectResumeRefused(from: folder, in: s) {
            try frame(3, 7)
            // The same names and sizes and the same first frame: only the bytes tell.
            let now = try FileManager.default.attributesOfItem(atPath: folder + "/3.png")[.size] as? Int
            try #require(now == size)
        }
    }
}
