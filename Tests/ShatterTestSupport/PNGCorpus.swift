import Foundation

/// Builds PNG files byte by byte (stored deflate blocks, hand-computed CRCs), so the bad-input
/// corpus can hold what Shatter's own encoder never writes: 16-bit, interlaced, gray + alpha,
/// palette, APNG chunks, and every kind of damage; and takes existing PNG files apart chunk by chunk.
public enum PNGCorpus {
    /// One pixel as straight 8-bit RGBA; the files below store it in various formats.
    public typealias Pixel = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)

    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The picture every valid corpus file holds: opaque where `a` is 255.
    public static func pixel(_ x: Int, _ y: Int) -> Pixel {
        (UInt8(x * 40 % 256), UInt8(y * 50 % 256), UInt8((x + y) * 20 % 256), 255)
    }

    /// Straight RGBA8 bytes of ``pixel(_:_:)`` (gray when `gray`), for the reference file.
    public static func reference(width: Int, height: Int, gray: Bool = false, alpha: (Int, Int) -> UInt8 = { _, _ in 255 })
        -> [UInt8]
    {
        (0..<height).flatMap { y in
            (0..<width).flatMap { x -> [UInt8] in
                let p = pixel(x, y)
                return gray ? [p.r, p.r, p.r, alpha(x, y)] : [p.r, p.g, p.b, alpha(x, y)]
            }
        }
    }

    /// A whole PNG: IHDR, `extra` chunks, one IDAT of the given samples, IEND.
    /// `sample(x, y)` gives the bytes of one pixel as stored (already big-endian for 16-bit).
    public static func png(
        width: Int, height: Int, bitDepth: UInt8 = 8, colorType: UInt8, interlaced: Bool = false,
        extra: [UInt8] = [], sample: (Int, Int) -> [UInt8]
    ) -> [UInt8] {
        var raw: [UInt8] = []
        for (xs, ys) in passes(width: width, height: height, interlaced: interlaced) {
            for y in ys {
                raw.append(0)  // filter: none
                for x in xs { raw += sample(x, y) }
            }
        }
        let header = be32(UInt32(width)) + be32(UInt32(height)) + [bitDepth, colorType, 0, 0, interlaced ? 1 : 0]
        return signature + chunk("IHDR", header) + extra + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    /// Column and row lists of each pass: one pass, or Adam7's seven (empty passes left out).
    public static func passes(width: Int, height: Int, interlaced: Bool) -> [([Int], [Int])] {
        let adam7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        let layout = interlaced ? adam7 : [(0, 0, 1, 1)]
        return layout.compactMap { x0, y0, dx, dy in
            let xs = Array(stride(from: x0, to: width, by: dx))
            let ys = Array(stride(from: y0, to: height, by: dy))
            return xs.isEmpty || ys.isEmpty ? nil : (xs, ys)
        }
    }

    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(CRC32.checksum(body))
    }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    public static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65535, data.count - offset)
            let last: UInt8 = offset + n == data.count ? 1 : 0
            out += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += data[offset..<offset + n]
            offset += n
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + be32(b << 16 | a)
    }

    public static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    /// Offset of the first chunk of `type` (its length field).
    public static func offset(of type: String, in png: [UInt8]) -> Int? {
        chunks(png).first { $0.type == type }?.offset
    }

    /// `png` with the IHDR's width and height replaced and its CRC recomputed.
    public static func withSize(_ png: [UInt8], width: UInt32, height: UInt32) -> [UInt8] {
        var png = png
        png.replaceSubrange(16..<24, with: be32(width) + be32(height))
        png.replaceSubrange(29..<33, with: be32(CRC32.checksum(png[12..<29])))
        return png
    }

    /// (type, offset of the length field, data length) of each chunk after the signature.
    public static func chunks(_ png: [UInt8]) -> [(type: String, offset: Int, length: Int)] {
        var result: [(String, Int, Int)] = []
        var at = 8
        while at + 8 <= png.count {
            let length = Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3])
            result.append((String(decoding: png[at + 4..<at + 8], as: UTF8.self), at, length))
            at += 12 + length
        }
        return result
    }

    /// `png` without its first chunk of `type` (unchanged when it has none).
    public static func removingChunk(_ type: String, from png: [UInt8]) -> [UInt8] {
        guard let chunk = chunks(png).first(where: { $0.type == type }) else { return png }
        var copy = png
        copy.removeSubrange(chunk.offset..<chunk.offset + 12 + chunk.length)
        return copy
    }
}
