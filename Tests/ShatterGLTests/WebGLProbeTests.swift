import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// `shatter probe`'s rules on Chrome's GL, where WebGL2 can express them: every rule but the vertex
/// programs' outputs (WebGL2 has transform feedback, but the probe captures through `GLRenderer`, not
/// through a recording). The probe's own draws are recorded from the GL backend, replayed in headless
/// Chromium, and the probe is run again with each draw answered by the browser's frame, in the same
/// order; the context's facts (sub-pixel bits, `highp`, read format) are the browser's.
@Suite(
    .enabled(if: GLSupport.isAvailable, "recording needs an EGL context (reason printed above)"),
    .enabled(if: HeadlessChromium.path != nil, "Chromium cannot run here (Tools/setup.sh installs Debian's chromium)"))
struct WebGLProbeTests {
    static let vertexRules: Set<ProbeReport.Rule> = [.pointSpriteVertex, .coveringQuadVertex, .instancedCircleVertex]

    @Test func everyRasterRuleHoldsOnChromesGL() throws {
        let gl = try GLRenderer()
        defer { gl.close() }
        gl.beginRecording()
        _ = try RasterProbe().measure(gl)
        let browser = try WebGLReadback.replay(gl.endRecording())
        #expect(browser.renderer.contains("SwiftShader"), "\(browser.renderer)")

        let subject = ReplayedProbeSubject(frames: browser.frames, facts: browser.facts, vertexCapture: gl)
        let report = try ProbeReport.run(gl: subject)
        #expect(subject.served == browser.frames.count, "the second run drew what the first recorded")
        let raster = report.findings.filter { !Self.vertexRules.contains($0.rule) }
        #expect(raster.count == ProbeReport.Rule.allCases.count - Self.vertexRules.count)
        for finding in raster {
            print("webgl probe: \(finding.agrees ? "agrees" : "DIFFERS") \(finding.rule.rawValue): \(finding.gl)")
            #expect(finding.agrees, "\(finding.rule.rawValue): WebGL2 \(finding.gl); CPU renderer \(finding.twin)")
        }
    }
}

/// The probe's draws answered by frames the browser drew, in order; vertex outputs (not measured here)
/// from the GL backend.
final class ReplayedProbeSubject: ProbeSubject {
    let frames: [Image]
    let facts: GLRasterFacts
    let vertexCapture: GLRenderer
    private(set) var served = 0

    init(frames: [Image], facts: GLRasterFacts, vertexCapture: GLRenderer) {
        self.frames = frames
        self.facts = facts
        self.vertexCapture = vertexCapture
    }

    var description: String { "WebGL2 replay" }
    var probeNames: (renderer: String, platform: String, version: String) { ("WebGL2 replay", "browser", "") }
    func rasterFacts() throws -> GLRasterFacts { facts }
    func vertexOutputs(of list: DisplayList) throws -> [VertexOutputs] { try vertexCapture.vertexOutputs(of: list) }

    func render(_ list: DisplayList, into target: inout Image) throws -> FrameTimings {
        guard served < frames.count else { throw HeadlessChromium.Failure(description: "the probe drew more than it recorded") }
        let frame = frames[served]
        guard frame.width == list.width, frame.height == list.height else {
            throw HeadlessChromium.Failure(
                description: "draw \(served) is \(list.width)x\(list.height), the browser's frame is not")
        }
        target = frame
        served += 1
        return FrameTimings(draw: 0)
    }
}
