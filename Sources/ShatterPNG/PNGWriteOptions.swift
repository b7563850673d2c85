import ShatterCore

/// How ``PNGEncoder`` writes a PNG.
///
/// ```swift
/// var options = PNGWriteOptions()              // RGBA, level 1: fast, for frame sequences
/// options.compressionLevel = 9                 // smallest file, several times slower
/// options.filter = .paeth                      // a little slower than .up, often smaller
/// options.background = .opaqueWhite            // flatten onto white, write RGB
/// try PNGEncoder.write(frame, to: "out/frame-00001.png", options: options)
/// ```
public struct PNGWriteOptions: Sendable, Hashable {
    /// Compression level, 0 (stored) ... 9 (smallest, slowest): libdeflate's levels. Default
    /// ``fastCompressionLevel`` (1): rendering writes one PNG per frame, and level 1 encodes several
    /// times faster than level 6 for files only modestly larger.
    public var compressionLevel: Int
    /// The row filter applied before compression. Default ``PNGFilter/up``: about as fast as none,
    /// and the smallest single filter for frames with large flat areas or large sprites; frames of
    /// scattered one-pixel pieces come out smaller with ``PNGFilter/none``. ``PNGFilter/adaptive``
    /// (a choice per row) is close to the best of both, at about twice the encoding time.
    public var filter: PNGFilter
    /// `nil`: write 8-bit RGBA with straight alpha. An opaque color: composite the image over
    /// it and write 8-bit RGB, dropping alpha. A background that is not opaque is refused.
    public var background: RGBA8?

    /// The default compression level: fast rather than small.
    public static let fastCompressionLevel = 1

    public init(
        compressionLevel: Int = PNGWriteOptions.fastCompressionLevel, filter: PNGFilter = .up,
        background: RGBA8? = nil
    ) {
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
    /// Per row, whichever of none, sub, up and Paeth gives the smallest sum of absolute filtered
    /// bytes (the usual heuristic): slowest.
    case adaptive
}
