import ShatterCore

/// How ``PNGEncoder`` writes a PNG.
///
/// ```swift
/// var options = PNGWriteOptions()              // RGBA, zlib level 1: fast, for frame sequences
/// options.compressionLevel = 9                 // smallest file, several times slower
/// options.filter = .paeth                      // a little slower than .up, often smaller
/// options.background = .opaqueWhite            // flatten onto white, write RGB
/// try PNGEncoder.write(frame, to: "out/frame-00001.png", options: options)
/// ```
public struct PNGWriteOptions: Sendable, Hashable {
    /// zlib compression level, 0 (store) ... 9 (smallest). Default ``fastCompressionLevel`` (1):
    /// rendering writes one PNG per frame, and level 1 encodes several times faster than zlib's
    /// usual 6 for files only modestly larger (measured in the package README / report).
    public var compressionLevel: Int
    /// The row filter applied before zlib. Default ``PNGFilter/up``: fastest, and with level 1 it
    /// keeps frames small; libpng's own per-row choice (``PNGFilter/adaptive``) tries all five
    /// filters on every row and measured 4× slower at level 1 for no smaller file.
    public var filter: PNGFilter
    /// `nil`: write 8-bit RGBA with straight alpha. An opaque color: composite the image over
    /// it and write 8-bit RGB, dropping alpha. A background that is not opaque is refused.
    public var background: RGBA8?

    /// The default compression level: fast rather than small.
    public static let fastCompressionLevel = 1

    public init(compressionLevel: Int = PNGWriteOptions.fastCompressionLevel, filter: PNGFilter = .up,
                background: RGBA8? = nil) {
        self.compressionLevel = compressionLevel
        self.filter = filter
        self.background = background
    }
}

/// PNG row filters: each row is predicted from its neighbours before compression.
public enum PNGFilter: Sendable, Hashable, CaseIterable {
    /// No prediction; the right choice only with compression level 0.
    case none
    /// Predict from the pixel to the left.
    case sub
    /// Predict from the pixel above: the cheapest useful filter.
    case up
    /// Predict from left, above and upper-left: usually the smallest single filter.
    case paeth
    /// libpng picks a filter per row by trying all five: slowest.
    case adaptive
}
