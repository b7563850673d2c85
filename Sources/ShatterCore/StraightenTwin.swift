import CAlpha

/// Premultiplied RGBA8 → straight in place, one twin per tier (`straighten.h`): the rounding of
/// ``Alpha/unpremultiply(_:_:)`` sixteen pixels at a time, by a float division that is exact for every
/// (alpha, color) (the C file says why; `AlphaStraightenTests` checks all 65,536), where the table it
/// replaces cost a load per channel of every translucent pixel.
package struct StraightenTwin: TierTwin, @unchecked Sendable {  // a C function pointer, immutable
    let entryPoints: shatter_straighten
    package let tier: CPUTier

    package init(tier: CPUTier) {
        entryPoints = shatter_straighten_for(tier.c)
        self.tier = tier
    }

    /// Every tier's twin, resolved once per process.
    package static let tiers = TierTable<StraightenTwin>()

    /// `count` bytes (whole pixels) of premultiplied RGBA8 at `pixels` → straight, in place.
    package func run(_ pixels: UnsafeMutablePointer<UInt8>, count: Int) {
        entryPoints.run(pixels, count)
    }

    /// `count` bytes (whole pixels) of premultiplied RGBA8 at `pixels` → straight at `out` (which does not
    /// overlap them), read and written once.
    package func copy(_ pixels: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, count: Int) {
        entryPoints.copy(pixels, out, count)
    }
}
