import CDeflate
import Glibc
import ShatterCore

/// The common PNG, decoded with libdeflate instead of libpng's zlib: 8-bit RGB or RGBA, not interlaced,
/// nothing but IDAT data between the chunks libpng has already read and IEND. zlib's inflate (with its
/// Adler-32) is most of libpng's time on a 1080p screen, so a render's start-up waits less for its inputs.
///
/// It only ever answers for a file libpng reads to the same pixels: every chunk's CRC, the zlib header
/// (a 32 KiB window, as every encoder writes), the stream's Adler-32, its exact length and each row's
/// filter type are checked, and any chunk that could change the pixels (gAMA, sRGB, iCCP, cHRM, sBIT,
/// tRNS, PLTE, an unknown one) sends the file to libpng. Anything unusual answers nil: libpng then reads
/// the file as before and gives its own error for a bad one.
enum PNGQuickRead {
    /// Chunks before the image data that cannot change how libpng's simplified API reads the pixels.
    private static let harmless = Set(["pHYs", "tEXt", "zTXt", "iTXt", "tIME"].map(tag))

    /// Premultiplied RGBA8 rows of `bytes`, a whole PNG file whose header has been checked, or nil when
    /// libpng must read it.
    static func premultipliedRGBA(_ bytes: UnsafeBufferPointer<UInt8>, width: Int, height: Int) -> [UInt8]? {
        guard bytes.count >= 33, bytes[24] == 8, bytes[26] == 0, bytes[27] == 0, bytes[28] == 0 else { return nil }
        let channels: Int
        switch bytes[25] {
        case 2: channels = 3
        case 6: channels = 4
        default: return nil
        }
        guard let data = imageData(bytes) else { return nil }
        let rowBytes = width * channels + 1
        let streamBytes = height * rowBytes
        // The stream is inflated into the end of the pixels' own buffer and each row unfiltered forward
        // into place: a row is always written behind where the next unread bytes lie. Four bytes more,
        // so that a 3-byte pixel can be read as four.
        let count = max(width * height * 4, streamBytes) + 4
        let start = count - 4 - streamBytes
        var failed = false
        var pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = count
            (buffer.baseAddress! + count - 4).initialize(repeating: 0, count: 4)
            failed =
                !inflate(data, into: UnsafeMutableBufferPointer(rebasing: buffer[start..<(count - 4)]))
                || !unfilter(buffer.baseAddress!, from: start, width: width, height: height, channels: channels)
        }
        guard !failed else { return nil }
        pixels.removeLast(count - width * height * 4)
        return pixels
    }

    /// The IDAT chunks' data, joined, when every chunk's CRC holds, the IDATs follow each other, only
    /// harmless chunks come before them and only IEND after them, ending the file.
    private static func imageData(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var data: [UInt8] = []
        var offset = 8
        var seenData = false
        while offset + 12 <= bytes.count {
            let length = Int(bigEndian32(bytes, offset))
            let type = bigEndian32(bytes, offset + 4)
            guard length <= bytes.count - offset - 12 else { return nil }
            let body = UnsafeBufferPointer(rebasing: bytes[(offset + 4)..<(offset + 8 + length)])
            guard libdeflate_crc32(0, body.baseAddress, body.count) == bigEndian32(bytes, offset + 8 + length) else {
                return nil
            }
            let isFirst = offset == 8
            offset += 12 + length
            switch type {
            case tag("IHDR"): guard isFirst else { return nil }
            case tag("IDAT"):
                data.append(contentsOf: body.dropFirst(4))
                seenData = true
                // A chunk between or after the IDATs is libpng's to judge.
                if offset + 8 <= bytes.count, bigEndian32(bytes, offset + 4) != tag("IDAT"),
                    bigEndian32(bytes, offset + 4) != tag("IEND")
                {
                    return nil
                }
            case tag("IEND"): return seenData && length == 0 && offset == bytes.count ? data : nil
            default: guard !seenData, !isFirst, harmless.contains(type) else { return nil }
            }
        }
        return nil
    }

    /// Inflates the zlib stream `data` to exactly `out.count` bytes, all of `data` used, Adler-32 checked.
    private static func inflate(_ data: [UInt8], into out: UnsafeMutableBufferPointer<UInt8>) -> Bool {
        // CINFO 7: a 32 KiB window. zlib, behind libpng, refuses a distance beyond a smaller declared
        // window, which libdeflate would allow.
        guard data.count >= 2, data[0] >> 4 == 7 else { return false }
        guard let decompressor = libdeflate_alloc_decompressor() else { return false }
        defer { libdeflate_free_decompressor(decompressor) }
        var used = 0
        let result = data.withUnsafeBytes { input in
            libdeflate_zlib_decompress_ex(
                decompressor, input.baseAddress, input.count, out.baseAddress, out.count, &used, nil)
        }
        return result == LIBDEFLATE_SUCCESS && used == data.count
    }

    /// Undoes each row's filter (PNG's types 0–4) from the filtered rows at `from` into premultiplied RGBA8
    /// rows at the start of `base`, alpha 255 for RGB; false for an unknown filter type. A pixel at a time, its
    /// bytes side by side in a `UInt32` (the byte-wise arithmetic keeps them apart).
    private static func unfilter(
        _ base: UnsafeMutablePointer<UInt8>, from: Int, width: Int, height: Int, channels: Int
    ) -> Bool {
        let rowBytes = width * channels + 1
        let stride = width * 4
        // Row 0's row above is zeros, as PNG says.
        let zeros = UnsafeMutablePointer<UInt8>.allocate(capacity: stride)
        zeros.initialize(repeating: 0, count: stride)
        defer { zeros.deallocate() }
        let opaque: UInt32 = channels == 3 ? 0xFF00_0000 : 0
        for y in 0..<height {
            let filter = base[from + y * rowBytes]
            let raw = UnsafeRawPointer(base + from + y * rowBytes + 1)
            let out = UnsafeMutableRawPointer(base + y * stride)
            let up = y > 0 ? UnsafeRawPointer(out - stride) : UnsafeRawPointer(zeros)
            switch filter {
            case 0 where channels == 4: memmove(out, raw, stride)  // may overlap: raw lies ahead
            case 2 where channels == 4: addRows(raw, up, into: out, count: stride)
            case 0: unfilterRow(raw, out, up, width, channels, opaque) { _, _, _ in 0 }
            case 1: unfilterRow(raw, out, up, width, channels, opaque) { left, _, _ in left }
            case 2: unfilterRow(raw, out, up, width, channels, opaque) { _, above, _ in above }
            case 3: unfilterRow(raw, out, up, width, channels, opaque) { left, above, _ in averageBytes(left, above) }
            case 4: unfilterRow(raw, out, up, width, channels, opaque, paeth)
            default: return false
            }
            // Row y − 1 is no longer needed as the row above: premultiplied while still in cache.
            if channels == 4, y > 0 { Alpha.premultiplyInPlace(base + (y - 1) * stride, count: stride) }
        }
        if channels == 4, height > 0 { Alpha.premultiplyInPlace(base + (height - 1) * stride, count: stride) }
        return true
    }

    /// One row: each pixel plus its prediction from the pixels to its left, above and above-left. The
    /// whole pixel is read before it is written, which is all the in-place layout needs.
    @inline(__always)
    private static func unfilterRow(
        _ raw: UnsafeRawPointer, _ out: UnsafeMutableRawPointer, _ up: UnsafeRawPointer, _ width: Int,
        _ channels: Int, _ opaque: UInt32, _ predict: (UInt32, UInt32, UInt32) -> UInt32
    ) {
        var left: UInt32 = 0
        var aboveLeft: UInt32 = 0
        for x in 0..<width {
            let filtered = raw.loadUnaligned(fromByteOffset: x * channels, as: UInt32.self)
            let above = up.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
            let value = addBytes(filtered, predict(left, above, aboveLeft)) | opaque
            out.storeBytes(of: value, toByteOffset: x * 4, as: UInt32.self)
            left = value
            aboveLeft = above
        }
    }

    /// `out[i] = raw[i] + up[i]` (PNG's Up filter on RGBA rows), 16 bytes at a time. `raw` may lie
    /// ahead of `out` in the same buffer: each 16 bytes are read before they are written.
    @inline(__always)
    private static func addRows(
        _ raw: UnsafeRawPointer, _ up: UnsafeRawPointer, into out: UnsafeMutableRawPointer, count: Int
    ) {
        var i = 0
        while i + 16 <= count {
            let sum =
                raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                &+ up.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
            out.storeBytes(of: sum, toByteOffset: i, as: SIMD16<UInt8>.self)
            i += 16
        }
        while i < count {
            out.storeBytes(
                of: raw.load(fromByteOffset: i, as: UInt8.self) &+ up.load(fromByteOffset: i, as: UInt8.self), toByteOffset: i,
                as: UInt8.self)
            i += 1
        }
    }

    /// Byte-wise `a + b`, each byte wrapping on its own.
    @inline(__always)
    private static func addBytes(_ a: UInt32, _ b: UInt32) -> UInt32 {
        ((a & 0x7F7F_7F7F) &+ (b & 0x7F7F_7F7F)) ^ ((a ^ b) & 0x8080_8080)
    }

    /// Byte-wise `⌊(a + b) / 2⌋`.
    @inline(__always)
    private static func averageBytes(_ a: UInt32, _ b: UInt32) -> UInt32 {
        (a & b) &+ (((a ^ b) & 0xFEFE_FEFE) >> 1)
    }

    /// PNG's Paeth predictor, byte by byte: whichever of left, above and above-left is nearest to
    /// left + above − above-left, in that order on ties.
    @inline(__always)
    private static func paeth(_ left: UInt32, _ above: UInt32, _ aboveLeft: UInt32) -> UInt32 {
        let a = SIMD4<Int16>(truncatingIfNeeded: unsafeBitCast(left, to: SIMD4<UInt8>.self))
        let b = SIMD4<Int16>(truncatingIfNeeded: unsafeBitCast(above, to: SIMD4<UInt8>.self))
        let c = SIMD4<Int16>(truncatingIfNeeded: unsafeBitCast(aboveLeft, to: SIMD4<UInt8>.self))
        // p − a = b − c, p − b = a − c, p − c = a + b − 2c.
        let pa = magnitude(b &- c)
        let pb = magnitude(a &- c)
        let pc = magnitude(a &+ b &- c &- c)
        let chosen = c.replacing(with: b, where: pb .<= pc).replacing(with: a, where: (pa .<= pb) .& (pa .<= pc))
        return unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: chosen), to: UInt32.self)
    }

    @inline(__always)
    private static func magnitude(_ v: SIMD4<Int16>) -> SIMD4<Int16> {
        v.replacing(with: 0 &- v, where: v .< 0)
    }

    private static func bigEndian32(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }

    private static func tag(_ name: String) -> UInt32 {
        name.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }
}
