import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// `shatter probe`'s rules on Chrome's GL, all thirteen. The probe's own draws, and the draws of each
/// vertex capture, are recorded from the GL backend and replayed in headless Chromium: frames read back
/// with `readPixels`, vertex outputs with WebGL2's transform feedback of the same `Shaders/` programs.
/// The probe is then run again with each draw answered by the browser's frame and each capture by the
/// browser's outputs, in the same order; the context's facts (sub-pixel bits, `highp`, read format) are
/// the browser's. The expectations are the native probe's: `ProbeReport`'s findings, unchanged.
@Suite(
    .enabled(if: GLSupport.isAvailable, "recording needs an EGL context (reason printed above)"),
    .enabled(if: HeadlessChromium.path != nil, "Chromium cannot run here (Tools/setup.sh installs Debian's chromium)"))
struct WebGLProbeTests {
    @Test func everyProbeRuleHoldsOnChromesGL() throws {
        let gl = try GLRenderer()
        defer { gl.close() }
        gl.beginRecording()
        _ = try RasterProbe().measure(gl)
        let recording = gl.endRecording()
        #expect(recording.captures.count == (try VertexProbe.scenes().count), "one capture per vertex scene")
        let browser = try WebGLReadback.replay(recording)
        #expect(browser.renderer.contains("SwiftShader"), "\(browser.renderer)")

        let subject = ReplayedProbeSubject(frames: browser.frames, facts: browser.facts, captures: browser.captures)
        let report = try ProbeReport.run(gl: subject)
        #expect(subject.served == browser.frames.count, "the second run drew what the first recorded")
        #expect(subject.servedCaptures == browser.captures.count, "the second run captured what the first recorded")
        #expect(report.findings.count == ProbeReport.Rule.allCases.count)
        for finding in report.findings {
            print("webgl probe: \(finding.agrees ? "agrees" : "DIFFERS") \(finding.rule.rawValue): \(finding.gl)")
            #expect(finding.agrees, "\(finding.rule.rawValue): WebGL2 \(finding.gl); CPU renderer \(finding.twin)")
        }
    }
}

/// The probe's draws answered by frames the browser drew, and its vertex captures by the outputs the
/// browser's transform feedback wrote, each in order.
final class ReplayedProbeSubject: ProbeSubject {
    let frames: [Image]
    let facts: GLRasterFacts
    let captures: [[VertexOutputs]]
    private(set) var served = 0
    private(set) var servedCaptures = 0

    init(frames: [Image], facts: GLRasterFacts, captures: [[VertexOutputs]]) {
        self.frames = frames
        self.facts = facts
        self.captures = captures
    }

    var description: String { "WebGL2 replay" }
    var probeNames: (renderer: String, platform: String, version: String) { ("WebGL2 replay", "browser", "") }
    func rasterFacts() throws -> GLRasterFacts { facts }

    func vertexOutputs(of list: DisplayList) throws -> [VertexOutputs] {
        guard servedCaptures < captures.count else {
            throw HeadlessChromium.Failure(description: "the probe captured more than it recorded")
        }
        servedCaptures += 1
        return captures[servedCaptures - 1]
    }

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
