import Shatter
import ShatterTestSupport
import Testing

/// `shatter probe` on this machine's GL. On llvmpipe every rule the CPU renderer assumes must hold
/// (blending within GLES's slack, the rest exactly); on another GL the report is a finding, not a failure.
@Suite(.enabled(if: GLSupport.isAvailable, "no EGL context can be made on this machine (reason printed above)"))
struct ProbeTests {
    @Test func onLlvmpipeEveryRuleTheCPURendererAssumesHolds() throws {
        let gl = try GLRenderer()
        let report = try ProbeReport.run(gl: gl)
        #expect(report.findings.count == ProbeReport.Rule.allCases.count)
        guard gl.info.renderer.hasPrefix("llvmpipe") else {
            print("probe on \(gl.info.renderer): \(report.disagreements.count) rules differ from the CPU renderer")
            return
        }
        #expect(report.disagreements.isEmpty, "\(report.disagreements)")
        // Every measurement but blending equal; one blend within the level GLES allows either side
        // of the twin's exact result (docs/parity.md, "Blending").
        var (measured, twin) = (report.gl, report.twin)
        #expect(ProbeReport.withinBlendSlack(measured.blendSourceOver, twin.blendSourceOver))
        #expect(ProbeReport.withinBlendSlack(measured.blendScreen, twin.blendScreen))
        (measured.blendSourceOver, measured.blendScreen, twin.blendSourceOver, twin.blendScreen) = ([], [], [], [])
        #expect(measured == twin)
        // The twin needs GL_SUBPIXEL_BITS of at least 4 (the spec's minimum); the other facts are equal.
        var facts = report.facts
        #expect(facts.subpixelBits >= ProbeReport.twinAssumptions.subpixelBits)
        facts.subpixelBits = ProbeReport.twinAssumptions.subpixelBits
        #expect(facts == ProbeReport.twinAssumptions)
    }
}
