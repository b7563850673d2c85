import CShatterCPU
import ShatterCore

/// What the processor must have for this build of the renderer: nothing beyond x86-64 for a default
/// build; AVX2 and FMA for one compiled for x86-64-v3 (the GPU-box bundle), which draws at point sizes
/// 2 and up in about a quarter less time on the same machine. One-pixel and 2 × 2 sprites run the
/// small-sprite kernel's AVX2 twin in either build wherever the processor has AVX2, and one-pixel
/// sprites its AVX-512 twin where it has AVX-512 (`CPUTier.native`, which picks every C twin).
public enum BuildTarget {
    /// Why this processor cannot run this build, as a line to print, or nil when it can.
    public static var unmetRequirement: String? {
        requirement(builtForAVX2: shatter_built_for_avx2() != 0, processorRunsAVX2: shatter_cpu_runs_avx2() != 0)
    }

    static func requirement(builtForAVX2: Bool, processorRunsAVX2: Bool) -> String? {
        guard builtForAVX2, !processorRunsAVX2 else { return nil }
        return "this shatter was built for x86-64-v3 (AVX2 and FMA), which this processor lacks; "
            + "build one for any x86-64 with SHATTER_BUNDLE_CPU=baseline Tools/bundle.sh, or use swift build -c release"
    }

    /// Which twin of the small-sprite kernel draws one-pixel and 2 × 2 sprites on this processor, for
    /// `shatter info`: "AVX-512", "AVX2" or "baseline".
    public static var spriteKernel: String { SmallSpriteKernel.tiers.native.tier.description }

    /// The instruction set the renderer was compiled for, for `shatter info` and bench reports.
    public static var name: String { shatter_built_for_avx2() != 0 ? "x86-64-v3" : "baseline" }
}
