import CLanes
import ShatterCore

/// The split's C loop (`dust_split.h`), one twin per tier, resolved once per process.
package struct DustSplitTwin: TierTwin, @unchecked Sendable {  // a C function pointer, immutable
    let entryPoints: shatter_dust_split
    package let tier: CPUTier

    package init(tier: CPUTier) {
        entryPoints = shatter_dust_split_for(tier.c)
        self.tier = tier
    }

    package static let tiers = TierTable<DustSplitTwin>()

    /// Fills `words` (width × height, little-endian RGBA8 texels: first layer, second, 0, 255), given
    /// `offsets` (each column's 2c/w), and ORs into `held` (4 × width words: word w of column c, layers
    /// 64w…64w + 63, at w · width + c) the layers each column holds.
    func run(
        key: UInt64, width: Int, height: Int, layers: Int, offsets: UnsafePointer<Double>,
        into words: UnsafeMutablePointer<UInt32>, held: UnsafeMutablePointer<UInt64>
    ) {
        entryPoints.run(key, Int32(width), Int32(height), Int32(layers), offsets, words, held)
    }
}
