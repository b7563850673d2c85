import Foundation
import Shatter
import ShatterCore
import ShatterPNG
import ShatterTestSupport
import Testing

/// Video as a player shows it: BT.709 colour, tagged, and the quality presets' sizes.
@Suite(.enabled(if: FFmpeg.available, "needs Debian's ffmpeg and ffprobe (Tools/setup.sh installs them)"))
struct VideoColourTests {
    /// Six flat 32×32 patches (saturated primaries, a grey, a skin tone, yellow): the colours a wrong
    /// matrix shifts most.
    static let patches: [[UInt8]] = [
        [255, 0, 0], [0, 255, 0], [0, 0, 255], [128, 128, 128], [230, 180, 140], [255, 255, 0],
    ]

    static func patchPicture(_ path: String) throws {
        var pixels: [UInt8] = []
        for y in 0..<64 {
            for x in 0..<96 { pixels += patches[(y / 32) * 3 + x / 32] + [255] }
        }
        try PNGEncoder.write(Image(width: 96, height: 64, pixels: pixels), to: path)
    }

    /// ffprobe's colour tags of the first video stream.
    static func colourTags(_ path: String) throws -> [String] {
        let run = try FFmpeg.shell(
            "ffprobe -v error -select_streams v:0 -show_entries "
                + "stream=color_primaries,color_transfer,color_space,color_range -of csv=p=0 '\(path)'")
        return run.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").map(String.init)
    }

    @Test(arguments: ["mp4", "webm", "mov"])
    func aBT709PlayerSeesThePNGsColoursAndTheStreamSaysBT709(container: String) throws {
        let s = try TemporaryFolder()
        try Self.patchPicture(s.file("patches.png"))
        let video = s.file("patches.\(container)")
        // Frame 0 is the picture at rest: once as a PNG, once into the video.
        let render = [
            "render", "shatter", "--from", s.file("patches.png"), "--to", s.file("patches.png"), "--scale", "1",
            "--frames", "0-0", "--fps", "10", "--backend", "cpu", "--quiet",
        ]
        try #require(try CLIRun.shatter(render + ["--out", s.file("frames")]).status == 0)
        let run = try CLIRun.shatter(render + ["--video", video])
        try #require(run.status == 0, "\(run.stderr)")
        #expect(try Self.colourTags(video) == ["tv", "bt709", "bt709", "bt709"])

        // Decoded as a BT.709 player would, told so rather than trusting the tags.
        // Raw RGB, not a PNG: ffmpeg would tag a PNG with the video's transfer (gAMA), which a reader may apply.
        let decodedPath = s.file("decoded.rgb")
        let decode = try FFmpeg.shell(
            "ffmpeg -v error -nostdin -i '\(video)' -vf scale=in_color_matrix=bt709:in_range=tv,format=rgb24 "
                + "-frames:v 1 -f rawvideo '\(decodedPath)'")
        try #require(decode.status == 0, "\(decode.stderr)")
        let frame = try PNGDecoder.read(path: s.file("frames") + "/" + OutputDirectory.frameName(0))
        let decoded = [UInt8](try Data(contentsOf: URL(fileURLWithPath: decodedPath)))
        try #require(frame.width == 96 && frame.height == 64 && decoded.count == 96 * 64 * 3)
        // Each patch's inner 16×16 (chroma is shared by 2×2 pixels, so edges blend by design).
        var worst = 0
        for patch in 0..<6 {
            for y in 0..<16 {
                for x in 0..<16 {
                    let pixel = ((patch / 3) * 32 + 8 + y) * 96 + (patch % 3) * 32 + 8 + x
                    for c in 0..<3 { worst = max(worst, abs(Int(frame.pixels[pixel * 4 + c]) - Int(decoded[pixel * 3 + c]))) }
                }
            }
        }
        #expect(worst <= 4, "a patch is \(worst) levels off in the \(container)")
    }

    @Test func qualityPresetsOrderTheSizesAndStayHighProfile() throws {
        let s = try TemporaryFolder()
        let render = [
            "render", "shatter", "--size", "160x120", "--fps", "30", "--duration", "0.5", "--backend", "cpu", "--quiet",
        ]
        var sizes: [String: Int] = [:]
        for preset in ["high", "small"] {
            let video = s.file("\(preset).mp4")
            let run = try CLIRun.shatter(render + ["--video", video, "--quality", preset])
            try #require(run.status == 0, "\(run.stderr)")
            sizes[preset] = (try FileManager.default.attributesOfItem(atPath: video)[.size] as? Int) ?? 0
            let profile = try FFmpeg.shell(
                "ffprobe -v error -select_streams v:0 -show_entries stream=profile -of csv=p=0 '\(video)'")
            #expect(profile.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "High")
        }
        #expect(sizes["small"]! < sizes["high"]!, "\(sizes)")

        let stray = try CLIRun.shatter(render + ["--out", s.file("frames"), "--quality", "small"])
        #expect(stray.status != 0 && stray.stderr.contains("--quality go with --video"), "\(stray.stderr)")
        let unknown = try CLIRun.shatter(render + ["--video", s.file("x.mp4"), "--quality", "best"])
        #expect(unknown.status != 0 && unknown.stderr.contains("high"), "\(unknown.stderr)")
    }
}
