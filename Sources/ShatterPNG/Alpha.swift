import ShatterCore

/// Conversions between Shatter's premultiplied pixels and PNG's straight alpha.
///
/// Rounding is exact round-to-nearest in both directions, which makes a premultiplied → PNG →
/// premultiplied round trip lossless for every valid premultiplied pixel (each color ≤ alpha):
/// un-premultiplying lands within ½ of the true straight value, and premultiplying that again
/// lands within a/510 < ½ of the original, so it rounds back to it.
enum Alpha {
    /// `round(c * a / 255)`; `(x + 128 + ((x + 128) >> 8)) >> 8` equals `(x + 127) / 255` for
    /// every x = c·a ≤ 255·255, without a division.
    @inline(__always)
    static func premultiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
        let t = UInt32(c) * UInt32(a) + 128
        return UInt8(truncatingIfNeeded: (t + (t >> 8)) >> 8)
    }

    /// `min(255, round(c' * 255 / a))` for a > 0. Colors above alpha (not valid premultiplied
    /// values) are clamped to 255.
    @inline(__always)
    static func unpremultiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
        UInt8(min(255, (UInt32(c) * 255 + UInt32(a) / 2) / UInt32(a)))
    }

    /// ``unpremultiply(_:_:)`` for every (alpha, color), indexed `alpha << 8 | color`: 64 KiB,
    /// built once, so writing a translucent frame costs a load per channel instead of a division.
    static let unpremultiplyTable: [UInt8] = (0..<65536).map { i in
        let a = UInt8(i >> 8), c = UInt8(i & 255)
        return a == 0 ? 0 : unpremultiply(c, a)
    }

    /// Straight RGBA8 (libpng's output) → premultiplied, in place.
    static func premultiplyInPlace(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let a = p[i + 3]
                if a == 255 { continue }  // the common case: opaque pixels are unchanged
                p[i] = premultiply(p[i], a)
                p[i + 1] = premultiply(p[i + 1], a)
                p[i + 2] = premultiply(p[i + 2], a)
            }
        }
    }

    /// Premultiplied RGBA8 → straight RGBA8 for PNG. Alpha 0 becomes (0, 0, 0, 0).
    static func straightRGBA(_ image: Image) -> [UInt8] {
        var out = image.pixels
        unpremultiplyTable.withUnsafeBufferPointer { table in
        out.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let a = p[i + 3]
                if a == 255 { continue }
                if a == 0 {
                    p[i] = 0; p[i + 1] = 0; p[i + 2] = 0
                    continue
                }
                let row = Int(a) << 8
                p[i] = table[row | Int(p[i])]
                p[i + 1] = table[row | Int(p[i + 1])]
                p[i + 2] = table[row | Int(p[i + 2])]
            }
        }
        }
        return out
    }

    /// Premultiplied RGBA8 composited over an opaque `background` → RGB8:
    /// `c' + round(bg * (255 - a) / 255)`, clamped to 255 for invalid (color > alpha) pixels.
    static func rgbOver(_ image: Image, background: RGBA8) -> [UInt8] {
        let count = image.width * image.height
        var out = [UInt8](repeating: 0, count: count * 3)
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for i in 0..<count {
                    let s = i * 4, d = i * 3
                    let inverse = 255 - src[s + 3]
                    dst[d] = UInt8(min(255, UInt16(src[s]) + UInt16(premultiply(background.r, inverse))))
                    dst[d + 1] = UInt8(min(255, UInt16(src[s + 1]) + UInt16(premultiply(background.g, inverse))))
                    dst[d + 2] = UInt8(min(255, UInt16(src[s + 2]) + UInt16(premultiply(background.b, inverse))))
                }
            }
        }
        return out
    }
}
