/// The largest PNG input ``PNGDecoder`` agrees to read and decode.
///
/// Every limit is checked before the memory it guards is allocated: the file's size before it is
/// read (a pipe or device is read only up to `maxFileBytes`), each chunk's declared length before
/// libpng sees the data, and the header's width and height before any pixel memory, so a tiny file
/// that claims to be 100000 × 100000 is refused instead of asking for 40 GB.
///
/// ```swift
/// let thumbnails = PNGLimits(maxWidth: 512, maxHeight: 512, maxPixels: 512 * 512)
/// let image = try PNGDecoder.read(path: "thumb.png", limits: thumbnails)
/// ```
public struct PNGLimits: Sendable, Hashable {
    /// Widest accepted image, in pixels. Default 16384.
    public var maxWidth: Int
    /// Tallest accepted image, in pixels. Default 16384.
    public var maxHeight: Int
    /// Most accepted pixels (width × height). Default 64 Mi (67 108 864 = 8192 × 8192), i.e. 256 MiB of RGBA8.
    public var maxPixels: Int
    /// Most bytes read from one file, pipe or device. Default 256 MiB (268 435 456): a 64 Mi-pixel
    /// image stored uncompressed still fits.
    public var maxFileBytes: Int
    /// Longest accepted chunk other than image data (IDAT, APNG's fdAT), i.e. the most libpng buffers
    /// for one ancillary chunk (text, ICC profile, EXIF) or inflates from a compressed one. Default 8 MiB.
    public var maxChunkBytes: Int

    public init(
        maxWidth: Int = 16384, maxHeight: Int = 16384, maxPixels: Int = 64 * 1024 * 1024,
        maxFileBytes: Int = 256 * 1024 * 1024, maxChunkBytes: Int = 8 * 1024 * 1024
    ) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxPixels = maxPixels
        self.maxFileBytes = maxFileBytes
        self.maxChunkBytes = maxChunkBytes
    }

    /// 16384 px per side, 64 Mi pixels in all, 256 MiB files, 8 MiB ancillary chunks.
    public static let `default` = PNGLimits()

    /// Whether an image of `width` × `height` fits (both already known to be non-zero).
    public func allows(width: Int, height: Int) -> Bool {
        guard width <= maxWidth, height <= maxHeight else { return false }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        return !overflow && pixels <= maxPixels
    }
}
