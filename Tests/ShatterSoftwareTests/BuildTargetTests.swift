import Testing

@testable import ShatterSoftware

/// A build for x86-64-v3 on a processor without AVX2 stops with one line saying what to build instead,
/// rather than dying of an illegal instruction at the first sprite.
@Suite struct BuildTargetTests {
    @Test func onlyAnAVX2BuildOnAProcessorWithoutItIsRefused() {
        let refusal = BuildTarget.requirement(builtForAVX2: true, processorRunsAVX2: false)
        #expect(refusal?.contains("AVX2") == true)
        #expect(refusal?.contains("SHATTER_BUNDLE_CPU=baseline Tools/bundle.sh") == true)
        #expect(BuildTarget.requirement(builtForAVX2: true, processorRunsAVX2: true) == nil)
        #expect(BuildTarget.requirement(builtForAVX2: false, processorRunsAVX2: false) == nil)
    }

    /// This processor runs whatever the tests were built for, and the renderer names a build for
    /// x86-64-v3 in its description (which `shatter info` and bench reports print).
    @Test func thisProcessorRunsThisBuildAndTheRendererSaysWhichItIs() {
        #expect(BuildTarget.unmetRequirement == nil)
        let description = SoftwareRenderer(threads: 2).description
        #expect(description.contains("x86-64-v3") == (BuildTarget.name != "baseline"), "\(description)")
    }
}
