import ShatterCore

/// An opaque picture whose every channel is hashed from the pixel's position (SplitMix64 from `seed`):
/// no two neighbours alike, so a frame that shows it anything but exactly (a seam, a piece shifted or
/// resampled by a fraction of a pixel) differs from it.
public func noisePicture(width: Int, height: Int, seed: UInt64) -> Image {
    var image = Image(width: width, height: height)
    var random = SplitMix64(seed: seed)
    for y in 0..<height {
        for x in 0..<width {
            let bits = random.next()
            image[x, y] = RGBA8(
                r: UInt8(truncatingIfNeeded: bits), g: UInt8(truncatingIfNeeded: bits >> 8),
                b: UInt8(truncatingIfNeeded: bits >> 16), a: 255)
        }
    }
    return image
}
