import Foundation
import Shatter
import ShatterTestSupport
import ShatterTesting
import Testing

/// Chrome's GL, ANGLE over SwiftShader, which shares neither compiler nor rasteriser with Mesa: each
/// effect's frames recorded from the GL backend (`GLRenderer.beginRecording`), replayed in WebGL2 by the
/// page `WebGLPage.check` writes (Shaders/ verbatim, player.js), opened in headless Chromium, read back
/// with `readPixels`, and held to the CPU renderer under `FuzzyRule.parity`, per blended fragment as
/// `shatter compare` judges. Small, odd and portrait screens, fractional point sizes.
@Suite(
    .enabled(if: GLSupport.isAvailable, "recording needs an EGL context (reason printed above)"),
    .enabled(if: HeadlessChromium.path != nil, "Chromium cannot run here (Tools/setup.sh installs Debian's chromium)"))
struct WebGLParityTests {
    struct Sample: CustomStringConvertible, Sendable {
        let description: String
        let effect: @Sendable () throws -> any Effect
    }

    static let samples: [Sample] = [
        Sample(description: "shatter 97x61 at 5.375 px") {
            try ShatterFixture.effect(width: 97, height: 61, pointSize: 5.375, seed: 3)
        },
        Sample(description: "shatter 61x97 at 1.625 px") {
            try ShatterFixture.effect(width: 61, height: 97, pointSize: 1.625, seed: 8)
        },
        Sample(description: "shatter 64x113 at 2.5 px, nearest") {
            try ShatterFixture.effect(width: 64, height: 113, pointSize: 2.5, seed: 1, filter: .nearest)
        },
        Sample(description: "breathe 97x61") { try Breathe(parameters: .init(width: 97, height: 61)) },
        Sample(description: "breathe 61x97") { try Breathe(parameters: .init(width: 61, height: 97)) },
        Sample(description: "dust 97x61") { try DustFixture.effect(width: 97, height: 61, layers: 16, seed: 5) },
        Sample(description: "dust 61x97") { try DustFixture.effect(width: 61, height: 97, layers: 32, seed: 2) },
        Sample(description: "splash 97x61") { try UberSplash(parameters: .init(width: 97, height: 61)) },
        Sample(description: "splash 61x97") { try UberSplash(parameters: .init(width: 61, height: 97)) },
        Sample(description: "sprite") {
            try SpriteSheetPlayer(
                sheet: SnapSpriteSheet.drawn(), frameWidth: SnapSpriteSheet.frameSide, frameHeight: SnapSpriteSheet.frameSide)
        },
    ]

    @Test(arguments: samples)
    func everyFrameMatchesTheCPURenderer(sample: Sample) throws {
        let effect = try sample.effect()
        let lists = try (0...8).map { try effect.displayList(at: effect.duration * Double($0) / 8) }
        let browser = try WebGLReadback.frames(of: lists)
        #expect(browser.renderer.contains("SwiftShader"), "\(browser.renderer)")
        for (index, list) in lists.enumerated() {
            let reference = try SoftwareRenderer().renderCountingBlends(list)
            let label = "webgl \(sample) frame \(index)"
            let difference = try FuzzyCheck.check(
                browser.frames[index], matches: reference.image, rule: .parity, label: label,
                artifactStem: FuzzyCheck.temporaryStem(folder: "webgl", label: label), blends: reference.blends)
            print("\(label) on \(browser.renderer): \(difference)")
        }
    }

    /// Frame 0 of the shattered transition is the `--from` picture byte for byte on Chrome's GL too, at
    /// fractional point sizes and the proportional one, on an odd and a portrait screen.
    @Test(arguments: [(97, 61), (64, 113)])
    func firstFrameIsTheFromPicture(width: Int, height: Int) throws {
        let picture = noisePicture(width: width, height: height, seed: UInt64(width * 1000 + height))
        let sizes = [1, 1.375, 2.5, 5.375, 9.875, ShatteredTransition.proportionalPointSize(pixelWidth: width)]
        let lists = try sizes.map { size in
            try ShatteredTransition(
                from: Texture(image: picture), to: Texture(image: Image(width: 1, height: 1, fill: .opaqueBlack)),
                parameters: .init(width: width, height: height, pointSize: size, seed: 7)
            ).displayList(at: 0)
        }
        let browser = try WebGLReadback.frames(of: lists)
        for (size, frame) in zip(sizes, browser.frames) {
            let differing = (0..<height).flatMap { y in (0..<width).filter { frame[$0, y] != picture[$0, y] } }.count
            #expect(differing == 0, "\(width)x\(height) at \(size) px: \(differing) pixels of frame 0 differ from the picture")
        }
    }
}

/// Display lists drawn by the GL backend while it records, the recording replayed in headless Chromium's
/// WebGL2, and the frames it read back.
enum WebGLReadback {
    static func frames(of lists: [DisplayList]) throws -> (renderer: String, frames: [Image]) {
        let gl = try GLRenderer()
        defer { gl.close() }
        gl.beginRecording()
        for list in lists { _ = try gl.render(list) }
        let browser = try replay(gl.endRecording())
        return (browser.renderer, browser.frames)
    }

    /// `recording` replayed in headless Chromium: the GL's name, every frame, the GL's raster facts, and
    /// every capture's vertex outputs as the browser's transform feedback wrote them.
    static func replay(
        _ recording: GLRecording
    ) throws -> (renderer: String, frames: [Image], facts: GLRasterFacts, captures: [[VertexOutputs]]) {
        let folder = try TemporaryFolder()
        try WebGLPage.check(recording).write(toFile: folder.file("check.html"), atomically: true, encoding: .utf8)
        let dom = try HeadlessChromium.dumpDOM(folder.file("check.html"))
        let status = dom.firstMatch(of: #/<p id="status">([^<]*)</p>/#).map { String($0.output.1) } ?? "no status"
        guard status == "done" else { throw HeadlessChromium.Failure(description: "the page says: \(status)") }
        let renderer = dom.firstMatch(of: #/<p id="renderer">([^<]*)</p>/#).map { String($0.output.1) } ?? ""
        var frames: [Image] = []
        for match in dom.matches(of: #/<pre id="frame-(\d+)">([A-Za-z0-9+\/=]*)</pre>/#) {
            let frame = recording.frames[frames.count]
            guard Int(match.output.1) == frames.count, let bytes = Data(base64Encoded: String(match.output.2)),
                bytes.count == frame.width * frame.height * 4
            else { throw HeadlessChromium.Failure(description: "frame \(frames.count) is not in the page whole") }
            var image = Image(width: frame.width, height: frame.height)
            image.pixels = Array(bytes)
            frames.append(image)
        }
        guard frames.count == recording.frames.count else {
            throw HeadlessChromium.Failure(description: "\(frames.count) frames came back of \(recording.frames.count)")
        }
        let facts = try #require(dom.firstMatch(of: #/<pre id="facts">([^<]*)</pre>/#)?.output.1)
        return (
            renderer, frames,
            try JSONDecoder().decode(
                GLRasterFacts.self, from: Data(String(facts).replacingOccurrences(of: "&quot;", with: "\"").utf8)),
            try captures(in: dom, of: recording)
        )
    }

    /// Each `<pre id="capture-N">` read back as the draws' vertex outputs, named and split as the recording
    /// says its programs write them.
    static func captures(in dom: String, of recording: GLRecording) throws -> [[VertexOutputs]] {
        var captures: [[VertexOutputs]] = []
        for match in dom.matches(of: #/<pre id="capture-(\d+)">([A-Za-z0-9+\/= ]*)</pre>/#) {
            guard Int(match.output.1) == captures.count, captures.count < recording.captures.count else {
                throw HeadlessChromium.Failure(description: "capture \(captures.count) is not in the page in order")
            }
            let draws = recording.captures[captures.count].draws
            let texts = match.output.2.split(separator: " ", omittingEmptySubsequences: false)
            guard texts.count == draws.count || (draws.isEmpty && texts == [""]) else {
                throw HeadlessChromium.Failure(description: "capture \(captures.count): \(texts.count) draws of \(draws.count)")
            }
            captures.append(
                try zip(draws, texts).map { draw, text in
                    guard let bytes = Data(base64Encoded: String(text)) else {
                        throw HeadlessChromium.Failure(description: "capture \(captures.count) of \(draw.program) is not base64")
                    }
                    return try outputs(of: draw, bytes: bytes, in: recording)
                })
        }
        guard captures.count == recording.captures.count else {
            throw HeadlessChromium.Failure(description: "\(captures.count) captures came back of \(recording.captures.count)")
        }
        return captures
    }

    /// One draw's captured bytes as its program's outputs, per vertex.
    static func outputs(of draw: GLRecording.Draw, bytes: Data, in recording: GLRecording) throws -> VertexOutputs {
        let program = try #require(recording.programs[draw.program])
        let (words, vertices) = (program.components.reduce(0, +), draw.count * draw.instances)
        guard bytes.count == vertices * words * 4 else {
            throw HeadlessChromium.Failure(
                description: "\(draw.program): \(bytes.count) bytes captured for \(vertices) vertices of \(words) words")
        }
        let all = bytes.withUnsafeBytes { raw in
            (0..<(vertices * words)).map { UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self)) }
        }
        return VertexOutputs(
            program: program.vertex, outputs: zip(program.outputs, program.components).map { (name: $0, components: $1) },
            vertices: (0..<vertices).map { Array(all[($0 * words)..<(($0 + 1) * words)]) })
    }
}
