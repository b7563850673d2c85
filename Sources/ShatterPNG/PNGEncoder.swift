import ShatterCore

/// Writes `Image`s as 8-bit PNG: RGBA with straight alpha, RGB where every pixel is opaque (unless
/// ``PNGWriteOptions/keepsOpaqueAlpha``), or RGB over an opaque background.
///
/// Premultiplied color is un-premultiplied with exact rounding, `c = min(255, round(c' · 255 / a))`,
/// and fully transparent pixels become (0, 0, 0, 0); reading the file back with ``PNGDecoder``
/// gives the original pixels exactly whenever every color ≤ alpha (any valid premultiplied image).
///
/// ```swift
/// let bytes = try PNGEncoder.encode(frame)                                    // fast; RGB where opaque
/// try PNGEncoder.write(frame, to: "out/frame-00001.png")                      // atomic
/// try PNGEncoder.write(frame, to: "poster.png",
///                      options: PNGWriteOptions(compressionLevel: 9, background: .opaqueWhite))
/// ```
public enum PNGEncoder {
    /// Encodes `image` to PNG bytes in memory.
    public static func encode(_ image: Image, options: PNGWriteOptions = PNGWriteOptions()) throws(PNGError) -> [UInt8] {
        try encode(image, options: options, name: "<memory>")
    }

    /// Encodes `image` and writes it to `path` atomically: the bytes go to a temporary file in
    /// the same folder, which is then renamed over `path`. On any failure the temporary file is
    /// removed and an existing file at `path` is left as it was.
    /// Returns the bytes written, for callers that also hash or count them.
    @discardableResult
    public static func write(_ image: Image, to path: String, options: PNGWriteOptions = PNGWriteOptions()) throws(PNGError)
        -> [UInt8]
    {
        let bytes = try encode(image, options: options, name: path)
        try AtomicFile.write(bytes, to: path)
        return bytes
    }

    /// `encode` with errors labelled `name`.
    static func encode(_ image: Image, options: PNGWriteOptions, name: String) throws(PNGError) -> [UInt8] {
        guard (0...9).contains(options.compressionLevel) else {
            throw .invalidCompressionLevel(options.compressionLevel)
        }
        // `pixels` is a public var, so its size is re-checked rather than trusted.
        guard image.width > 0, image.height > 0, image.pixels.count == image.width * image.height * 4 else {
            throw .invalidImage(path: name, reason: "\(image.width)×\(image.height) with \(image.pixels.count) bytes")
        }
        var writer = DeflatePNGWriter(width: image.width, height: image.height, channels: 3)
        writer.level = Int32(options.compressionLevel)
        writer.filter = options.effectiveFilter
        if let background = options.background {
            guard background.a == 255 else { throw .backgroundNotOpaque(background) }
            return try writer.encode(
                name: name, everyRow: { y, row in Alpha.rgbOverRow(image, y, background: background, into: row) })
        }
        // An opaque image goes as RGB; the first pixel that is not stops that (in the row where it lies),
        // and the image is written as RGBA after all.
        if !options.keepsOpaqueAlpha, let png = try writer.encode(name: name, row: { OpaqueRGB.row(image, $0, into: $1) }) {
            return png
        }
        writer.channels = 4
        return try writer.encode(name: name, everyRow: { y, row in Alpha.straightRow(image, y, into: row) })
    }
}
