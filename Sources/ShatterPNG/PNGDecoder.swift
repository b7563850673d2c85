import CPNG
import Glibc
import ShatterCore

/// Reads PNG files of every color type into premultiplied RGBA8 `Image`s.
///
/// Gray, gray + alpha, palette (with or without tRNS), RGB, RGBA, 1- to 16-bit and interlaced
/// files all decode through libpng's simplified API to straight RGBA8, which is then
/// premultiplied with exact rounding: `c' = round(c · a / 255)`. 16-bit samples are scaled to
/// 8 bits (`round(v / 257)`) and, when the file carries no gAMA/sRGB chunk, taken to be sRGB
/// like every browser does (libpng alone would assume linear and brighten them).
///
/// ```swift
/// let texture = try PNGDecoder.read(path: "Assets/card.png")
/// let tiny = try PNGDecoder.decode(data: bytes, name: "download.png", limits: PNGLimits(maxPixels: 1 << 20))
/// ```
public enum PNGDecoder {
    /// Reads and decodes the PNG file at `path`; errors name `path`. At most ``PNGLimits/maxFileBytes``
    /// are read, also from a pipe or device, and a stream that does not start with the PNG signature is
    /// refused after its first bytes.
    public static func read(path: String, limits: PNGLimits = .default) throws(PNGError) -> Image {
        let bytes = try FileReader.readPNG(path: path, limits: limits)
        return try decode(data: bytes, name: path, limits: limits)
    }

    /// The bytes of the PNG file at `path`, undecoded, read with the same bounds as ``read(path:limits:)``:
    /// for hashing or copying frames a folder holds, which a link to `/dev/zero` or a FIFO must not stall.
    public static func fileBytes(path: String, limits: PNGLimits = .default) throws(PNGError) -> [UInt8] {
        try FileReader.readPNG(path: path, limits: limits)
    }

    /// Whether the regular file at `path` starts with the PNG signature: what makes a file a picture
    /// whatever its name (`/dev/stdin` with a PNG sent to it, `shot` with no extension). Reads 8 bytes;
    /// false for anything else, a file it cannot open, and anything but a regular file (a stream read
    /// here would lose its first bytes).
    public static func hasSignature(path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        var head = [UInt8](repeating: 0, count: PNGHeader.signature.count)
        let count = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        return count == head.count && head == PNGHeader.signature
    }

    /// Decodes PNG bytes; `name` is what error messages call the data (usually its file name).
    public static func decode(data: [UInt8], name: String, limits: PNGLimits = .default) throws(PNGError) -> Image {
        try decode(data: data, name: name, limits: limits, quick: true)
    }

    /// `quick: false` reads every file through libpng, as tests do to compare ``PNGQuickRead`` with it.
    static func decode(data: [UInt8], name: String, limits: PNGLimits, quick: Bool) throws(PNGError) -> Image {
        try data.withUnsafeBufferPointer { bytes throws(PNGError) in
            try PNGHeader.check(bytes, name: name, limits: limits)
            try PNGChunkScan.check(bytes, name: name, limits: limits)
            return try decodeChecked(bytes, name: name, limits: limits, quick: quick)
        }
    }

    /// libpng's part, once the header has passed the size limits.
    private static func decodeChecked(
        _ bytes: UnsafeBufferPointer<UInt8>, name: String,
        limits: PNGLimits, quick: Bool
    ) throws(PNGError) -> Image {
        var png = png_image()
        png.version = SHATTER_PNG_IMAGE_VERSION
        guard png_image_begin_read_from_memory(&png, bytes.baseAddress, bytes.count) != 0 else {
            // begin_read has already freed its state on failure.
            throw libpngError(message: String(cString: shatter_png_image_message(&png)), name: name)
        }
        // Re-check libpng's own reading of the header; the hand check skipped malformed IHDRs.
        do {
            try PNGHeader.checkSize(width: Int(png.width), height: Int(png.height), name: name, limits: limits)
        } catch {
            png_image_free(&png)
            throw error
        }
        png.format = SHATTER_PNG_FORMAT_RGBA
        png.flags |= SHATTER_PNG_IMAGE_FLAG_16BIT_sRGB

        let width = Int(png.width)
        let height = Int(png.height)
        // The common 8-bit RGB(A) file, inflated by libdeflate; anything else, a bad file too, by libpng.
        if quick, let pixels = PNGQuickRead.premultipliedRGBA(bytes, width: width, height: height) {
            png_image_free(&png)
            return Image(width: width, height: height, pixels: pixels)
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        // IHDR bytes 24 and 28: bit depth and interlace method (already validated by libpng).
        if bytes[24] == 16 && bytes[28] == 1 {
            png_image_free(&png)
            try decodeClassic(bytes, width: width, height: height, into: &pixels, name: name, limits: limits)
        } else {
            let ok = pixels.withUnsafeMutableBytes { buffer in
                // finish_read frees libpng's state whether it succeeds or not.
                png_image_finish_read(&png, nil, buffer.baseAddress, Int32(width * 4), nil)
            }
            guard ok != 0 else { throw libpngError(message: String(cString: shatter_png_image_message(&png)), name: name) }
        }
        Alpha.premultiplyInPlace(&pixels)
        return Image(width: width, height: height, pixels: pixels)
    }

    /// The classic-API path for 16-bit interlaced files, whose 16→8 scaling the simplified API
    /// gets wrong (pnggroup/libpng#853). Same output: straight RGBA8, samples scaled with rounding.
    private static func decodeClassic(
        _ bytes: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
        into pixels: inout [UInt8], name: String, limits: PNGLimits
    ) throws(PNGError) {
        var message = [CChar](repeating: 0, count: Int(SHATTER_PNG_MESSAGE_SIZE))
        // libpng's limits too, so they hold here even without the Swift checks before.
        var readLimits = ShatterPNGReadLimits(
            max_width: UInt32(clamping: limits.maxWidth), max_height: UInt32(clamping: limits.maxHeight),
            max_chunk_bytes: max(0, limits.maxChunkBytes))
        let status = pixels.withUnsafeMutableBufferPointer { out in
            shatter_png_decode_rgba8(
                bytes.baseAddress, bytes.count, UInt32(width), UInt32(height),
                &readLimits, out.baseAddress, &message)
        }
        guard status == 0 else {
            throw libpngError(message: message.withUnsafeBytes(libpngMessage), name: name)
        }
    }

    /// Sorts libpng's message: running out of input means truncated, anything else is corrupt.
    private static func libpngError(message: String, name: String) -> PNGError {
        if message.contains("beyond end of data") || message.contains("unexpected end") {
            return .truncated(path: name, detail: "libpng: \(message)")
        }
        return .corrupt(path: name, message: message.isEmpty ? "unknown error" : message)
    }
}
