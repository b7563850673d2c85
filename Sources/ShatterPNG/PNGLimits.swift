/// The largest image ``PNGDecoder`` agrees to decode.
///
/// The limits are checked against the PNG header *before* any pixel memory is allocated, so a
/// tiny file that claims to be 100000 × 100000 is refused instead of asking for 40 GB.
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

    public init(maxWidth: Int = 16384, maxHeight: Int = 16384, maxPixels: Int = 64 * 1024 * 1024) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxPixels = maxPixels
    }

    /// 16384 px per side, 64 Mi pixels in all.
    public static let `default` = PNGLimits()

    /// Whether an image of `width` × `height` fits (both already known to be non-zero).
    func allows(width: Int, height: Int) -> Bool {
        guard width <= maxWidth, height <= maxHeight else { return false }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        return !overflow && pixels <= maxPixels
    }
}
