import CLanes
import ShatterCore

/// The dust's two row stages in C (`dust_layers.h`) as the renderer holds them: one tier's layers row
/// (`dust_layers.c`) and blend (`dust_blend.c`), resolved once per process like `SmallSpriteKernel`.
/// Every tier gives the literal program's bytes (`DustSpanTests`).
struct DustRowKernel: TierTwin, @unchecked Sendable {  // C function pointers, immutable
    let layers: shatter_dust_layers
    let blend: shatter_dust_blend
    /// Which tier's twins (the AVX-512 tier runs the AVX2 twins).
    let tier: CPUTier

    init(tier: CPUTier) {
        layers = shatter_dust_layers_for(tier.c)
        blend = shatter_dust_blend_for(tier.c)
        self.tier = tier
    }

    /// Every tier's twins, resolved once per process.
    static let tiers = TierTable<DustRowKernel>()
}
