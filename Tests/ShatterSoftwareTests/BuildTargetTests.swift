import Foundation
import ShatterCore
import Testing

@testable import ShatterPointSprites
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

    /// The processor's own word (the kernel's flags in /proc/cpuinfo) agrees with what the renderer
    /// asked cpuid and the OS: the AVX2 twins run exactly where every feature of the AVX2 tier is there
    /// (``InstructionSetTableTests/tiers``), the AVX-512 twin where the AVX-512 tier's are, and `shatter
    /// info` names the widest twin.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/cpuinfo"), "needs Linux's /proc/cpuinfo"))
    func theKernelTwinFollowsTheProcessorsFlags() throws {
        let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let flagsLine = try #require(cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") })
        let flags = Set(flagsLine.split(separator: " ").map(String.init))
        let avx2 = flags.isSuperset(of: InstructionSetTableTests.tiers["SHATTER_AVX2_FEATURES"]!.map(\.value) + ["avx"])
        #expect(CPUTier.avx2.runsHere == avx2)
        #expect(
            CPUTier.avx512.runsHere
                == (avx2 && flags.isSuperset(of: InstructionSetTableTests.tiers["SHATTER_AVX512_FEATURES"]!.map(\.value))))
        let widest = CPUTier.avx512.runsHere ? "AVX-512" : CPUTier.avx2.runsHere ? "AVX2" : "baseline"
        #expect(BuildTarget.spriteKernel == widest)
    }
}
