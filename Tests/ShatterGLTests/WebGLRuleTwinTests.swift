import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// The preview page's parity check (parity.js) is the twin of `ImageDifference` and `FuzzyRule.verdict`:
/// with one checked frame of the CPU renderer's tampered with, the page, opened in headless Chromium,
/// judges each frame exactly as Swift judges the frames the same browser reads back: the same verdict,
/// the same reasons word for word, the same figures (per blended fragment: the flower blends).
@Suite(
    .enabled(if: GLSupport.isAvailable, "recording needs an EGL context (reason printed above)"),
    .enabled(if: HeadlessChromium.path != nil, "Chromium cannot run here (Tools/setup.sh installs Debian's chromium)"))
struct WebGLRuleTwinTests {
    struct Figures: Decodable {
        let index: Int
        let passed: Bool
        let reasons: [String]
        let within: Double
        let largest: Int
        let largestSum: Int
    }

    @Test func thePageJudgesAsImageDifferenceDoes() throws {
        let effect = try Breathe(parameters: .init(width: 97, height: 61))
        let times = [1.0, 3.0, 6.0]
        let browser = try WebGLReadback.frames(of: times.map { try effect.displayList(at: $0) })

        let gl = try GLRenderer()
        defer { gl.close() }
        let preview = WebGLPreview(title: "twin", command: "shatter render breathe", settings: "{}", fps: 1)
        var frames = try preview.record(effect, times: times, gl: gl, checked: 3)
        #expect(frames.references.map(\.index) == [0, 1, 2])
        // Frame 1: a block brighter by 40 (beyond the precision budget) and one pixel by 200 (beyond the
        // summed threshold); frames 0 and 2 as the CPU renderer drew them.
        for y in 20..<32 {
            for x in 30..<42 {
                var pixel = frames.references[1].image[x, y]
                pixel.g = UInt8(min(255, Int(pixel.g) + 40))
                frames.references[1].image[x, y] = pixel
            }
        }
        frames.references[1].image[70, 10] = RGBA8(r: 255, g: 255, b: 255, a: 255)

        let folder = try TemporaryFolder()
        try preview.page(frames).write(toFile: folder.file("preview.html"), atomically: true, encoding: .utf8)
        let dom = try HeadlessChromium.dumpDOM(folder.file("preview.html"))
        #expect(dom.contains("<p id=\"parity\" class=\"differs\">This GL DIFFERS from Shatter's CPU renderer on 1 of 3"))
        let json = try #require(dom.firstMatch(of: #/<pre id="parity-figures" hidden="">([^<]*)</pre>/#)?.output.1)
        let figures = try JSONDecoder().decode(
            [Figures].self, from: Data(String(json).replacingOccurrences(of: "&amp;", with: "&").utf8))
        #expect(figures.map(\.passed) == [true, false, true])
        for (reference, page) in zip(frames.references, figures) {
            let difference = try ImageDifference(
                expected: reference.image, actual: browser.frames[reference.index], blends: reference.blends)
            let verdict = difference.verdict(.parity)
            #expect(page.passed == verdict.passed, "frame \(page.index)")
            #expect(page.reasons == verdict.reasons, "frame \(page.index)")
            #expect(page.within == difference.fractionWithin(1), "frame \(page.index)")
            #expect(page.largest == difference.largestChannelDifference, "frame \(page.index)")
            #expect(page.largestSum == difference.largestSummedDifference, "frame \(page.index)")
        }
        #expect(figures[1].reasons.count == 2, "\(figures[1].reasons)")
    }
}
