import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// `--point-size auto` (render, compare) and `auto` in bench's `--point-sizes`: the original's 2 points
/// on a 375-point-wide screen, scaled to the output's width and rounded to 1/8 px.
@Suite struct PointSizeAutoTests {
    /// Frame 30 (t = 0.5 s, pieces falling apart) of one render; its bytes and the manifest's point size.
    func render(_ options: [String], in scratch: TemporaryFolder, name: String) throws -> (png: Data, pointSize: String?) {
        let out = scratch.file(name)
        let run = try CLIRun.shatter(["render", "shatter", "--backend", "cpu", "--frames", "30", "--out", out] + options)
        #expect(run.status == 0, "\(run.stderr)")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")))
        let parameters = (manifest as? [String: Any])?["parameters"] as? [String: Any]
        return (try Data(contentsOf: URL(fileURLWithPath: out + "/frame-00030.png")), parameters?["pointSize"] as? String)
    }

    /// At 1920 pixels wide auto is 10.25 px (2/375 · 1920 = 10.24): the same bytes as asking for 10.25,
    /// not the original's 2 points.
    @Test func autoAt1920WideDrawsTenAndAQuarterPixelPieces() throws {
        let scratch = try TemporaryFolder()
        let auto = try render(["--size", "1920x48", "--point-size", "auto"], in: scratch, name: "auto")
        let explicit = try render(["--size", "1920x48", "--point-size", "10.25"], in: scratch, name: "explicit")
        let original = try render(["--size", "1920x48", "--point-size", "2"], in: scratch, name: "two")
        #expect(auto.pointSize == "10.25")
        #expect(auto.png == explicit.png)
        #expect(auto.png != original.png)
    }

    /// render's default is auto (issue 48: one default everywhere): at 1280 wide, the width of the
    /// README's --head --tail example, 6.875 px pieces, not 2 px ones that read as TV static there.
    @Test func renderDefaultsToAutoAtAVideosWidth() throws {
        let scratch = try TemporaryFolder()
        let unset = try render(["--size", "1280x48"], in: scratch, name: "unset")
        let auto = try render(["--size", "1280x48", "--point-size", "auto"], in: scratch, name: "auto")
        let two = try render(["--size", "1280x48", "--point-size", "2"], in: scratch, name: "two")
        #expect(unset.pointSize == "6.875")
        #expect(unset.png == auto.png)
        #expect(unset.png != two.png)
    }

    /// On the default screen (375 points wide) auto is the original's 2 points at any scale, so the
    /// default's frames are the ones --point-size 2 drew when it was the default.
    @Test(arguments: ["1", "2"]) func theDefaultScreenKeepsTheOriginalsTwoPoints(scale: String) throws {
        let scratch = try TemporaryFolder()
        let unset = try render(["--scale", scale], in: scratch, name: "unset")
        let two = try render(["--scale", scale, "--point-size", "2"], in: scratch, name: "two")
        #expect(unset.pointSize == "2.0")
        #expect(unset.png == two.png)
    }

    /// The width a --from picture decides, at --scale 2: 960 px wide gives 5.125 px pieces, 2.5625 points.
    @Test func autoFollowsTheClipsWidthAndTheScale() throws {
        let scratch = try TemporaryFolder()
        var picture = Image(width: 960, height: 40, fill: RGBA8(r: 20, g: 120, b: 220, a: 255))
        for x in stride(from: 0, to: 960, by: 7) { picture[x, x % 40] = RGBA8(r: 250, g: 250, b: 0, a: 255) }
        try PNGEncoder.write(picture, to: scratch.file("from.png"))
        let common = ["--from", scratch.file("from.png"), "--scale", "2"]
        let auto = try render(common + ["--point-size", "auto"], in: scratch, name: "auto")
        let explicit = try render(common + ["--point-size", "2.5625"], in: scratch, name: "explicit")
        #expect(auto.pointSize == "2.5625")
        #expect(auto.png == explicit.png)
    }

    @Test func helpSaysWhatAutoMeansAndGivesAt1920() throws {
        for command in [["render", "shatter"], ["bench"]] {
            let help = try CLIRun.shatter(command + ["--help"])
            let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(text.contains("auto: the original's look (2-point pieces on a 375-point-wide screen) at any size"), "\(text)")
            #expect(text.contains("10.25 px at 1920 wide"), "\(text)")
        }
    }

    @Test func benchMeasuresAutoAtItsScreensWidth() throws {
        let s = try TemporaryFolder()
        let run = try CLIRun.shatter([
            "bench", "--size", "1920x24", "--frames", "1", "--repeat", "1", "--point-sizes", "2,auto",
            "--backends", "cpu", "--encode", "none", "--json", s.file("b.json"),
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: s.file("b.json")))) as? [String: Any]
        let results = try #require(json?["results"] as? [[String: Any]])
        #expect(results.map { $0["pointSize"] as? Double } == [2, 10.25])
    }
}
