import CFastPNG
import ShatterCore

/// An opaque image's rows as 8-bit RGB, for ``PNGEncoder``: an image whose every pixel is opaque is
/// written without its alpha channel (color type 2), a quarter fewer bytes to filter and code and
/// none of them the 255s that carry nothing; every reader gives such a file's pixels alpha 255.
/// Whether the image is opaque is found out while its rows are packed (`opaque_rgb.c`, vector twins),
/// so an opaque image's bytes are read once, as for RGBA.
struct OpaqueRGB: TierTwin, @unchecked Sendable {  // a C function pointer, immutable
    let entryPoints: shatter_opaque_rgb_packer
    /// Which tier's twin (the AVX-512 tier runs the AVX2 twin); every twin writes the same bytes.
    let tier: CPUTier

    init(tier: CPUTier) {
        entryPoints = shatter_opaque_rgb_for(tier.c)
        self.tier = tier
    }

    /// Every tier's twin, resolved once per process.
    static let tiers = TierTable<OpaqueRGB>()

    /// Packs `pixels` RGBA pixels at `rgba` as RGB into `rgb` up to the first that is not opaque;
    /// returns how many it packed.
    func pack(_ rgba: UnsafePointer<UInt8>, pixels: Int, into rgb: UnsafeMutablePointer<UInt8>) -> Int {
        entryPoints.pack(rgba, pixels, rgb)
    }

    /// Row `y` of `image` as RGB into `out` (`width × 3` bytes) when every pixel of the row is opaque
    /// (then premultiplied and straight color are the same); false at the first pixel that is not.
    static func row(_ image: Image, _ y: Int, into out: UnsafeMutablePointer<UInt8>) -> Bool {
        image.pixels.withUnsafeBufferPointer { pixels in
            tiers.native.pack(pixels.baseAddress! + y * image.width * 4, pixels: image.width, into: out) == image.width
        }
    }
}
