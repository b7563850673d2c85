import ShatterCore

/// How ``PNGEncoder`` writes a PNG.
///
/// ```swift
/// var options = PNGWriteOptions()              // level 1: Shatter's fast encoder, for frames; RGB where opaque
/// options.compressionLevel = 9                 // smallest file, many times slower (libdeflate)
/// options.filter = .paeth                      // one filter for every row instead of the level's own
/// options.background = .opaqueWhite            // flatten onto white, write RGB
/// try PNGEncoder.write(frame, to: "out/frame-00001.png", options: options)
/// ```
public struct PNGWriteOptions: Sendable, Hashable {
    /// Compression level, 0 (stored) ... 9 (smallest, slowest). Default ``fastCompressionLevel`` (1):
    /// Shatter's own encoder, Huffman coding of the filtered bytes with runs of zeros as matches and
    /// no match search, several times faster than libdeflate's level 1 and about as small on frames
    /// (smaller on noisy ones, up to a fifth larger on flat, repetitive screens). 2 … 9 are
    /// libdeflate's levels: slower, smaller where a screen repeats itself. 0 stores the bytes.
    /// docs/png.md has the measurements.
    public var compressionLevel: Int
    /// The row filter applied before compression. Default `nil`: ``PNGFilter/adaptive``, a choice
    /// per row (up for flat screens, Paeth for gradients and text, sub for horizontal runs), which
    /// the fast encoder (level 1) makes at little cost and which keeps levels 2 … 9 at least as small
    /// as level 1; at level 0, ``PNGFilter/none`` (stored bytes gain nothing from a filter). At
    /// levels 2 … 9, ``PNGFilter/up`` encodes up to twice as fast for files a few percent larger or
    /// smaller.
    public var filter: PNGFilter?
    /// `nil`: write 8-bit RGBA with straight alpha (RGB where every pixel is opaque, unless
    /// ``keepsOpaqueAlpha``). An opaque color: composite the image over it and write 8-bit RGB,
    /// dropping alpha. A background that is not opaque is refused.
    public var background: RGBA8?
    /// Whether an image whose every pixel is opaque is still written as RGBA. Default `false`: it is
    /// written as RGB (color type 2), which every reader reads as the same pixels with alpha 255,
    /// a quarter fewer bytes to code and files about a tenth smaller (docs/png.md); an image with any
    /// translucent pixel is RGBA either way. `true`: RGBA (color type 6) whatever the pixels, as
    /// Shatter wrote every frame before 0.17.0, for a reader that wants one layout.
    public var keepsOpaqueAlpha: Bool

    /// The default compression level: fast rather than small (Shatter's own encoder).
    public static let fastCompressionLevel = 1

    /// The filter `filter` names, else the level's own (see ``filter``).
    public var effectiveFilter: PNGFilter {
        filter ?? (compressionLevel == 0 ? .none : .adaptive)
    }

    public init(
        compressionLevel: Int = PNGWriteOptions.fastCompressionLevel, filter: PNGFilter? = nil,
        background: RGBA8? = nil, keepsOpaqueAlpha: Bool = false
    ) {
        self.compressionLevel = compressionLevel
        self.filter = filter
        self.background = background
        self.keepsOpaqueAlpha = keepsOpaqueAlpha
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
    /// Per row, whichever filter gives the smallest sum of absolute filtered bytes (the usual
    /// heuristic): of sub, up and Paeth at level 1, where it costs little; of none, sub, up and Paeth
    /// at levels 2 … 9, where it is the slowest choice.
    case adaptive
}
