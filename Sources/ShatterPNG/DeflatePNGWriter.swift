import CDeflate
import CFastPNG

/// Writes 8-bit RGB or RGBA PNGs, not interlaced: the IDAT stream made by Shatter's fast encoder
/// (``FastDeflate``, level 1) or by libdeflate in one call after the rows are filtered here (the other
/// levels), the chunks put together here. Any PNG reader reads them; `LibPNGWriter` stays for the
/// other formats the tests write.
struct DeflatePNGWriter {
    let width: Int
    let height: Int
    /// 3 (RGB) or 4 (RGBA).
    var channels: Int
    /// `--compression`'s level: ``PNGWriteOptions/fastCompressionLevel`` is Shatter's own encoder,
    /// any other libdeflate's level, 0 (stored) … 9.
    var level: Int32 = 1
    var filter: PNGFilter = .up
    /// Whether ``FastDeflate`` makes the IDAT stream instead of libdeflate.
    var fast: Bool { level == Int32(PNGWriteOptions.fastCompressionLevel) }

    /// Encodes the image whose row `y` `row(y, buffer)` writes (`width × channels` bytes), every row.
    func encode(name: String, everyRow row: (Int, UnsafeMutablePointer<UInt8>) -> Void) throws(PNGError) -> [UInt8] {
        // Rows that never give up leave the encoding nothing to give up, so nil cannot come back.
        try encode(name: name) { y, buffer in
            row(y, buffer)
            return true
        }!
    }

    /// Encodes the image whose row `y` `row(y, buffer)` writes (`width × channels` bytes). `row`
    /// returns false to give the encoding up (the rows are not what it can write), and then so does
    /// this, with nil.
    func encode(name: String, row: (Int, UnsafeMutablePointer<UInt8>) -> Bool) throws(PNGError) -> [UInt8]? {
        let stride = width * channels
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max),
            stride.multipliedReportingOverflow(by: height).overflow == false
        else {
            throw .invalidImage(path: name, reason: "\(width)×\(height) pixels")
        }
        if fast {
            let bound = FastDeflate.bound(width: width, height: height, channels: channels)
            return try container(name: name, bound: bound) { out in
                var givenUp = false
                let size = FastDeflate.tiers.native.zlib(
                    width: width, height: height, channels: channels, filter: filter, into: out
                ) {
                    givenUp = !row($0, $1)
                    return !givenUp
                }
                if givenUp { return nil }
                return size > 0
                    ? .success(size) : .failure(.encodeFailed(path: name, message: "out of memory for the encoder's rows"))
            }
        }
        guard let filtered = filterRows(stride: stride, row: row) else { return nil }
        defer { filtered.deallocate() }
        guard let compressor = libdeflate_alloc_compressor(level) else {
            throw .encodeFailed(path: name, message: "libdeflate could not make a level \(level) compressor (out of memory)")
        }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, filtered.count)
        return try container(name: name, bound: bound) { out in
            let size = libdeflate_zlib_compress(compressor, filtered.baseAddress, filtered.count, out, bound)
            return size > 0
                ? .success(size)
                : .failure(.encodeFailed(path: name, message: "libdeflate could not compress \(filtered.count) bytes"))
        }
    }

    /// The PNG file around an IDAT stream of at most `bound` bytes, which `idat` writes in place and
    /// returns the size of; nil, and no file, where `idat` gave up (returned nil).
    private func container(
        name: String, bound: Int, idat compress: (UnsafeMutablePointer<UInt8>) -> Result<Int, PNGError>?
    ) throws(PNGError) -> [UInt8]? {
        let head = PNGHeader.signature.count + 25 + 8  // signature, IHDR chunk, IDAT's length and type
        var failure: PNGError?
        var givenUp = false
        let png = [UInt8](unsafeUninitializedCapacity: head + bound + 4 + 12) { out, count in
            let idat: Int
            switch compress(out.baseAddress! + head) {
            case nil:
                givenUp = true
                return
            case .success(let size) where size <= Int(Int32.max): idat = size
            case .success(let size):
                failure = .encodeFailed(path: name, message: "the IDAT stream (\(size) bytes) is over PNG's chunk size")
                return
            case .failure(let error):
                failure = error
                return
            }
            var at = 0
            func put(_ bytes: some Sequence<UInt8>) {
                for b in bytes {
                    out[at] = b
                    at += 1
                }
            }
            func put32(_ value: UInt32) {
                put([UInt8(value >> 24), UInt8(value >> 16 & 255), UInt8(value >> 8 & 255), UInt8(value & 255)])
            }
            func crc(from start: Int) { put32(UInt32(libdeflate_crc32(0, out.baseAddress! + start, at - start))) }
            put(PNGHeader.signature)
            put32(13)
            let ihdr = at
            put(Array("IHDR".utf8))
            put32(UInt32(width))
            put32(UInt32(height))
            put([8, channels == 4 ? 6 : 2, 0, 0, 0])  // bit depth, color type, deflate, adaptive filtering, no interlace
            crc(from: ihdr)
            put32(UInt32(idat))
            let idatStart = at
            put(Array("IDAT".utf8))
            at += idat  // already in place
            crc(from: idatStart)
            put32(0)
            let iend = at
            put(Array("IEND".utf8))
            crc(from: iend)
            count = at
        }
        if let failure { throw failure }
        return givenUp ? nil : png
    }

    /// The filtered image: per row a filter-type byte and the filtered bytes. Rows are made two at a
    /// time (this one and the one above), never the whole unfiltered image. Nil where `row` gave up.
    private func filterRows(stride: Int, row: (Int, UnsafeMutablePointer<UInt8>) -> Bool) -> UnsafeMutableBufferPointer<UInt8>? {
        let out = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: (stride + 1) * height)
        let rows = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * 2)
        defer { rows.deallocate() }
        // PNG filter types: 0 none, 1 sub, 2 up, 4 Paeth (average, 3, is left out: it seldom wins).
        let candidates: [Int32] =
            switch filter {
            case .none: [0]
            case .sub: [1]
            case .up: [2]
            case .paeth: [4]
            case .adaptive: [0, 1, 2, 4]
            }
        let trial = candidates.count > 1 ? UnsafeMutablePointer<UInt8>.allocate(capacity: stride) : nil
        defer { trial?.deallocate() }
        for y in 0..<height {
            let current = rows + (y & 1) * stride
            let previous = y == 0 ? nil : UnsafePointer(rows + ((y - 1) & 1) * stride)
            guard row(y, current) else {
                out.deallocate()
                return nil
            }
            let line = out.baseAddress! + y * (stride + 1)
            var best = candidates[0]
            var bestCost = Int.max
            if let trial {
                for candidate in candidates {
                    shatter_png_filter_row(candidate, current, previous, stride, channels, trial)
                    let cost = shatter_png_row_cost(trial, stride)
                    if cost < bestCost { (best, bestCost) = (candidate, cost) }
                }
            }
            line[0] = UInt8(best)
            shatter_png_filter_row(best, current, previous, stride, channels, line + 1)
        }
        return out
    }
}
