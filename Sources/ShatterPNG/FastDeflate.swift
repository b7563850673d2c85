import CFastPNG
import ShatterCore

/// Compression level 1's IDAT stream: Shatter's own encoder (Sources/CFastPNG/fast_png.c), which
/// filters each row (by ``PNGFilter``; `.adaptive` picks sub, up or Paeth per row) and codes each band
/// of 32 rows as one Huffman block of its bytes, runs of zeros as distance-1 matches, with no match
/// search. Several times libdeflate's level 1 speed on noisy frames, at about its size; see docs/png.md.
struct FastDeflate: TierTwin, @unchecked Sendable {  // a C function pointer, immutable
    let entryPoints: shatter_fast_png_coder
    /// Which tier's twin; every twin writes the same bytes.
    let tier: CPUTier

    init(tier: CPUTier) {
        entryPoints = shatter_fast_png_for(tier.c)
        self.tier = tier
    }

    /// Every tier's twin, resolved once per process.
    static let tiers = TierTable<FastDeflate>()

    /// The most bytes ``zlib(width:height:channels:filter:into:row:)`` writes.
    static func bound(width: Int, height: Int, channels: Int) -> Int {
        shatter_fast_png_bound(width, height, Int32(channels))
    }

    /// Writes the zlib stream of the image whose row `y` `row(y, buffer)` writes (`width × channels`
    /// bytes) to `out` (``bound(width:height:channels:)`` bytes); returns its size, or 0 when the
    /// encoder's band buffers could not be allocated or `row` returned false (to stop it).
    func zlib(
        width: Int, height: Int, channels: Int, filter: PNGFilter, into out: UnsafeMutablePointer<UInt8>,
        row: (Int, UnsafeMutablePointer<UInt8>) -> Bool
    ) -> Int {
        withoutActuallyEscaping(row) { row in
            let source = RowSource(row)
            return withExtendedLifetime(source) {
                entryPoints.zlib(
                    width, height, Int32(channels), filter.pngType,
                    { context, y, buffer in
                        Unmanaged<RowSource>.fromOpaque(context!).takeUnretainedValue().row(y, buffer!) ? 1 : 0
                    },
                    Unmanaged.passUnretained(source).toOpaque(), out)
            }
        }
    }

    /// The row closure behind the C callback's context pointer.
    private final class RowSource {
        let row: (Int, UnsafeMutablePointer<UInt8>) -> Bool
        init(_ row: @escaping (Int, UnsafeMutablePointer<UInt8>) -> Bool) { self.row = row }
    }
}

extension PNGFilter {
    /// PNG's filter type number; -1 (SHATTER_FAST_PNG_ADAPTIVE) for a choice per row.
    var pngType: Int32 {
        switch self {
        case .none: 0
        case .sub: 1
        case .up: 2
        case .paeth: 4
        case .adaptive: -1
        }
    }
}
