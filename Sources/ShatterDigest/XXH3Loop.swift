import CFastDigest
import ShatterCore

/// XXH3's long-input loop, one twin per tier (`fast_digest.h`), compiled from libxxhash's own header by
/// CFastDigest: the library's entry points are SSE2 only, and the static archive the GPU-box bundle
/// links has no run-time dispatcher. The baseline tier runs the library's own loop. Every loop gives
/// the same digest.
struct XXH3Loop: TierTwin, @unchecked Sendable {  // a C function pointer, immutable
    let entryPoints: shatter_fast_digest
    let tier: CPUTier

    init(tier: CPUTier) {
        entryPoints = shatter_fast_digest_for(tier.c)
        self.tier = tier
    }

    /// Every tier's loop, resolved once per process.
    static let tiers = TierTable<XXH3Loop>()
}
