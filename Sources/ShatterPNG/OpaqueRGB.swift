import CFastPNG
import ShatterCore

/// An opaque image's rows as 8-bit RGB, for ``PNGEncoder``: an image whose every pixel is opaque is
/// written without its alpha channel (color type 2), a quarter fewer bytes to filter and code and
/// none of them the 255s that carry nothing; every reader gives such a file's pixels alpha 255.
/// Whether the image is opaque is found out while its rows are packed (`opaque_rgb.c`, vector twins),
/// so an opaque image's bytes are read once, as for RGBA.
enum OpaqueRGB {
    /// Row `y` of `image` as RGB into `out` (`width × 3` bytes) when every pixel of the row is opaque
    /// (then premultiplied and straight color are the same); false at the first pixel that is not.
    static func row(_ image: Image, _ y: Int, into out: UnsafeMutablePointer<UInt8>) -> Bool {
        image.pixels.withUnsafeBufferPointer { pixels in
            shatter_opaque_rgb(pixels.baseAddress! + y * image.width * 4, image.width, out, FastDeflate.processorRunsAVX2 ? 1 : 0)
                == image.width
        }
    }
}
