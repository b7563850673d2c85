/// PNG's row filters (PNG specification §9): each byte is stored as its difference from a prediction
/// made from the byte one pixel to the left (a), the byte above (b) and the one above-left (c).
enum PNGRowFilter: UInt8, CaseIterable {
    case none = 0, sub = 1, up = 2, average = 3, paeth = 4

    /// Writes `count` filtered bytes of `row` to `out`; `previous` is the row above (nil for the
    /// first row, which PNG treats as zeros); `bpp` is bytes per pixel.
    @inline(__always)
    func apply(row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>?, count: Int, bpp: Int,
               out: UnsafeMutablePointer<UInt8>) {
        switch (self, previous) {
        case (.none, _), (.up, nil):
            out.update(from: row, count: count)
        case (.sub, _), (.paeth, nil):
            // Paeth over a zero row predicts from the left, as sub does.
            out.update(from: row, count: min(bpp, count))
            for i in bpp..<max(bpp, count) { out[i] = row[i] &- row[i - bpp] }
        case (.up, let above?):
            for i in 0..<count { out[i] = row[i] &- above[i] }
        case (.average, let above):
            for i in 0..<count {
                let left = i >= bpp ? UInt16(row[i - bpp]) : 0, up = above.map { UInt16($0[i]) } ?? 0
                out[i] = row[i] &- UInt8((left + up) >> 1)
            }
        case (.paeth, let above?):
            for i in 0..<min(bpp, count) { out[i] = row[i] &- above[i] }  // a = c = 0: the prediction is b
            for i in bpp..<max(bpp, count) {
                out[i] = row[i] &- Self.paeth(row[i - bpp], above[i], above[i - bpp])
            }
        }
    }

    @inline(__always)
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int16(a) + Int16(b) - Int16(c)
        let pa = abs(p - Int16(a)), pb = abs(p - Int16(b)), pc = abs(p - Int16(c))
        return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
    }

    /// The usual heuristic for choosing a filter per row: the sum of the filtered bytes read as
    /// signed, by magnitude. Smaller usually compresses better.
    @inline(__always)
    static func cost(_ bytes: UnsafePointer<UInt8>, count: Int) -> Int {
        var sum = 0
        for i in 0..<count {
            let b = Int(Int8(bitPattern: bytes[i]))
            sum &+= b < 0 ? -b : b
        }
        return sum
    }
}
