import CDeflate

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

    /// Straight (not premultiplied) RGBA8 rows of `bytes`, a whole PNG file whose header has been checked,
    /// or nil when libpng must read it.
    static func straightRGBA(_ bytes: UnsafeBufferPointer<UInt8>, width: Int, height: Int) -> [UInt8]? {
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
        // into place: a row is always written behind where the next unread bytes lie.
        let count = max(width * height * 4, streamBytes)
        let start = count - streamBytes
        var failed = false
        var pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = count
            failed =
                !inflate(data, into: UnsafeMutableBufferPointer(rebasing: buffer[start...]))
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
                // A gap between IDATs, or a chunk after them, is libpng's to judge.
                guard !seenData || data.count > 0 else { return nil }
                data.append(contentsOf: body.dropFirst(4))
                seenData = true
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

    /// Undoes each row's filter (PNG's types 0–4) from the filtered rows at `from` into RGBA8 rows at the
    /// start of `base`, alpha 255 for RGB; false for an unknown filter type.
    private static func unfilter(
        _ base: UnsafeMutablePointer<UInt8>, from: Int, width: Int, height: Int, channels: Int
    ) -> Bool {
        let rowBytes = width * channels + 1
        let stride = width * 4
        // Row 0's row above is zeros, as PNG says.
        let zeros = UnsafeMutablePointer<UInt8>.allocate(capacity: stride)
        zeros.initialize(repeating: 0, count: stride)
        defer { zeros.deallocate() }
        for y in 0..<height {
            let filter = base[from + y * rowBytes]
            let raw = UnsafePointer(base + from + y * rowBytes + 1)
            let out = base + y * stride
            let up = y > 0 ? UnsafePointer(out - stride) : UnsafePointer(zeros)
            switch filter {
            case 0: unfilterRow(raw, out, up, width, channels) { _, _, _ in 0 }
            case 1: unfilterRow(raw, out, up, width, channels) { left, _, _ in left }
            case 2: unfilterRow(raw, out, up, width, channels) { _, above, _ in above }
            case 3: unfilterRow(raw, out, up, width, channels) { left, above, _ in (left + above) >> 1 }
            case 4: unfilterRow(raw, out, up, width, channels, paeth)
            default: return false
            }
        }
        return true
    }

    /// One row: each byte plus its prediction from the byte to its left, above and above-left.
    @inline(__always)
    private static func unfilterRow(
        _ raw: UnsafePointer<UInt8>, _ out: UnsafeMutablePointer<UInt8>, _ up: UnsafePointer<UInt8>, _ width: Int,
        _ channels: Int, _ predict: (Int, Int, Int) -> Int
    ) {
        for c in 0..<channels { out[c] = raw[c] &+ UInt8(truncatingIfNeeded: predict(0, Int(up[c]), 0)) }
        if channels == 3 { out[3] = 255 }
        for x in 1..<max(width, 1) {
            let o = x * 4
            let r = x * channels
            for c in 0..<channels {
                let predicted = predict(Int(out[o - 4 + c]), Int(up[o + c]), Int(up[o - 4 + c]))
                out[o + c] = raw[r + c] &+ UInt8(truncatingIfNeeded: predicted)
            }
            if channels == 3 { out[o + 3] = 255 }
        }
    }

    @inline(__always)
    private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a)
        let pb = abs(p - b)
        let pc = abs(p - c)
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
    }

    private static func bigEndian32(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }

    private static func tag(_ name: String) -> UInt32 {
        name.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }
}
