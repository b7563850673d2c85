/// Checks the first 24 bytes of a would-be PNG before libpng sees it.
///
/// Doing this by hand gives precise errors (empty, not a PNG, which format it is instead) and lets
/// the size limits be enforced before libpng or Swift allocates anything for the pixels.
enum PNGHeader {
    /// The 8-byte PNG signature.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Validates signature and IHDR size; returns normally when libpng should take over.
    ///
    /// A file whose first chunk is not a well-formed IHDR is left for libpng to reject, so the
    /// error then carries libpng's own message.
    static func check(_ bytes: UnsafeBufferPointer<UInt8>, name: String, limits: PNGLimits) throws(PNGError) {
        guard !bytes.isEmpty else { throw .emptyFile(path: name) }
        let prefix = min(bytes.count, signature.count)
        guard bytes.prefix(prefix).elementsEqual(signature.prefix(prefix)) else {
            throw .notPNG(path: name, looksLike: sniff(bytes))
        }
        guard bytes.count >= 24 else {
            throw .truncated(path: name, detail: "only \(bytes.count) bytes, the header needs 33")
        }
        // Bytes 8..<16: IHDR length (13) and type; 16..<24: width and height, big-endian.
        guard bigEndian32(bytes, at: 8) == 13, bytes[12..<16].elementsEqual(Array("IHDR".utf8)) else { return }
        let width = Int(bigEndian32(bytes, at: 16))
        let height = Int(bigEndian32(bytes, at: 20))
        try checkSize(width: width, height: height, name: name, limits: limits)
    }

    /// The size rules, shared with the re-check on libpng's own reading of the header.
    static func checkSize(width: Int, height: Int, name: String, limits: PNGLimits) throws(PNGError) {
        guard width > 0, height > 0 else { throw .zeroDimensions(path: name, width: width, height: height) }
        guard limits.allows(width: width, height: height) else {
            throw .tooLarge(path: name, width: width, height: height, limits: limits)
        }
    }

    static func bigEndian32(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Names the format of a non-PNG file from its magic number, so the message can say "JPEG".
    static func sniff(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + magic.count && bytes[offset..<offset + magic.count].elementsEqual(magic)
        }
        if starts([0xFF, 0xD8, 0xFF]) { return "JPEG" }
        if starts(Array("GIF8".utf8)) { return "GIF" }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return "WebP" }
        if starts(Array("BM".utf8)) { return "BMP" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF" }
        if starts(Array("ftyp".utf8), at: 4) { return "HEIF/AVIF or MP4" }
        if starts(Array("%PDF".utf8)) { return "PDF" }
        if starts([0x3C]) || starts(Array("<?xml".utf8)) { return "text/HTML/SVG" }
        return nil
    }
}
