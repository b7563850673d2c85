/// Conversions between Shatter's premultiplied pixels and the straight alpha of PNG files and of hosts
/// such as frei0r's (`ShatterPNG` and `ShatterFrei0r` share them, so both give the same bytes).
///
/// Rounding is exact round-to-nearest in both directions, which makes a premultiplied → PNG →
/// premultiplied round trip lossless for every valid premultiplied pixel (each color ≤ alpha):
/// un-premultiplying lands within ½ of the true straight value, and premultiplying that again
/// lands within a/510 < ½ of the original, so it rounds back to it.
package enum Alpha {
    /// `round(c * a / 255)`; `(x + 128 + ((x + 128) >> 8)) >> 8` equals `(x + 127) / 255` for
    /// every x = c·a ≤ 255·255, without a division.
    @inline(__always)
    package static func premultiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
        let t = UInt32(c) * UInt32(a) + 128
        return UInt8(truncatingIfNeeded: (t + (t >> 8)) >> 8)
    }

    /// `min(255, round(c' * 255 / a))` for a > 0. Colors above alpha (not valid premultiplied
    /// values) are clamped to 255.
    @inline(__always)
    package static func unpremultiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
        UInt8(min(255, (UInt32(c) * 255 + UInt32(a) / 2) / UInt32(a)))
    }

    /// Straight RGBA8 (libpng's output) → premultiplied, in place.
    package static func premultiplyInPlace(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { premultiplyInPlace($0.baseAddress!, count: $0.count) }
    }

    /// `count` bytes of straight RGBA8 at `p` → premultiplied, in place.
    package static func premultiplyInPlace(_ p: UnsafeMutablePointer<UInt8>, count: Int) {
        // The common case, opaque pixels, is unchanged: eight at a time are checked with one vector compare.
        let opaque = SIMD8<UInt32>(repeating: 0xFF00_0000)
        var i = 0
        while i + 32 <= count {
            if UnsafeRawPointer(p + i).loadUnaligned(as: SIMD8<UInt32>.self) & opaque != opaque {
                for k in stride(from: i, to: i + 32, by: 4) { premultiplyPixel(p + k) }
            }
            i += 32
        }
        for k in stride(from: i, to: count, by: 4) { premultiplyPixel(p + k) }
    }

    /// How many of the `count` bytes of straight RGBA8 at `p` lead with opaque pixels only, counted in
    /// whole groups of eight pixels (`count` when every pixel is opaque): the start a premultiply
    /// leaves as it is. Groups are tested eight at a time with one vector compare, so an opaque
    /// picture (a video frame) costs one read.
    package static func opaqueBytes(_ p: UnsafePointer<UInt8>, count: Int) -> Int {
        let opaque = SIMD8<UInt32>(repeating: 0xFF00_0000)
        let raw = UnsafeRawPointer(p)
        var i = 0
        // Blocks of 256 bytes folded into one vector, so each costs a single test.
        while i + 256 <= count {
            var words = raw.loadUnaligned(fromByteOffset: i, as: SIMD8<UInt32>.self)
            for k in stride(from: 32, to: 256, by: 32) {
                words &= raw.loadUnaligned(fromByteOffset: i + k, as: SIMD8<UInt32>.self)
            }
            if words & opaque != opaque { break }
            i += 256
        }
        while i + 32 <= count, raw.loadUnaligned(fromByteOffset: i, as: SIMD8<UInt32>.self) & opaque == opaque {
            i += 32
        }
        if i + 32 > count, stride(from: i + 3, to: count, by: 4).allSatisfy({ p[$0] == 255 }) { return count }
        return i
    }

    /// `count` bytes of straight RGBA8 at `source` → premultiplied at `target`: the bytes
    /// ``premultiplyInPlace(_:count:)`` gives after a copy. Returns whether every pixel was opaque (the
    /// copy then is the straight pixels themselves).
    @discardableResult
    package static func premultiply(_ source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>, count: Int)
        -> Bool
    {
        // The opaque start (all of a video frame) is found by the folded test and copied by the C
        // library's copy, the fastest there is (with AVX-512 where the processor has it, where this
        // library is built for any x86-64), from the cache the test just filled: a 1080p frame's row at
        // a time costs little more than the copy alone. The rest is copied and premultiplied by groups.
        let start = opaqueBytes(source, count: count)
        target.update(from: source, count: start)
        guard start < count else { return true }
        let opaque = SIMD8<UInt32>(repeating: 0xFF00_0000)
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(target)
        var allOpaque = true
        var i = start
        while i + 32 <= count {
            let group = from.loadUnaligned(fromByteOffset: i, as: SIMD8<UInt32>.self)
            to.storeBytes(of: group, toByteOffset: i, as: SIMD8<UInt32>.self)
            if group & opaque != opaque {
                allOpaque = false
                for k in stride(from: i, to: i + 32, by: 4) { premultiplyPixel(target + k) }
            }
            i += 32
        }
        target.advanced(by: i).update(from: source + i, count: count - i)
        for k in stride(from: i, to: count, by: 4) {
            allOpaque = allOpaque && target[k + 3] == 255
            premultiplyPixel(target + k)
        }
        return allOpaque
    }

    @inline(__always)
    private static func premultiplyPixel(_ p: UnsafeMutablePointer<UInt8>) {
        let a = p[3]
        guard a != 255 else { return }
        p[0] = premultiply(p[0], a)
        p[1] = premultiply(p[1], a)
        p[2] = premultiply(p[2], a)
    }

    /// Premultiplied RGBA8 → straight RGBA8 for PNG. Alpha 0 becomes (0, 0, 0, 0).
    package static func straightRGBA(_ image: Image) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: image.pixels.count) { out, count in
            for y in 0..<image.height { straightRow(image, y, into: out.baseAddress! + y * image.width * 4) }
            count = image.pixels.count
        }
    }

    /// Row `y` of ``straightRGBA(_:)``, written to `out` (`width × 4` bytes).
    package static func straightRow(_ image: Image, _ y: Int, into out: UnsafeMutablePointer<UInt8>) {
        let count = image.width * 4
        image.pixels.withUnsafeBufferPointer { pixels in
            StraightenTwin.tiers.native.copy(pixels.baseAddress! + y * count, into: out, count: count)
        }
    }

    /// `count` bytes of premultiplied RGBA8 at `out` → straight, in place (a frame drawn straight into
    /// a host's buffer); what ``straightRow(_:_:into:)`` does as it copies. ``StraightenTwin`` at the
    /// processor's tier: sixteen pixels a step, a step of opaque pixels (a frame is mostly opaque)
    /// checked with one test and left as it is, the others divided in float lanes: ``unpremultiply(_:_:)``
    /// of each color channel (alpha 0 giving 0, 0, 0, 0).
    package static func straightenInPlace(_ out: UnsafeMutablePointer<UInt8>, count: Int) {
        StraightenTwin.tiers.native.run(out, count: count)
    }

    /// Premultiplied RGBA8 composited over an opaque `background`: RGB8 (`channels` 3) or RGBA8 with
    /// alpha 255 (`channels` 4); see ``rgbOverRow(_:_:background:into:channels:)``.
    package static func composited(_ image: Image, over background: RGBA8, channels: Int) -> [UInt8] {
        let rowBytes = image.width * channels
        return [UInt8](unsafeUninitializedCapacity: rowBytes * image.height) { out, count in
            for y in 0..<image.height {
                rgbOverRow(image, y, background: background, into: out.baseAddress! + y * rowBytes, channels: channels)
            }
            count = rowBytes * image.height
        }
    }

    /// Row `y` of the premultiplied RGBA8 `image` composited over an opaque `background`:
    /// `c' + round(bg * (255 - a) / 255)`, clamped to 255 for invalid (color > alpha) pixels; as RGB8,
    /// or as RGBA8 with alpha 255 when `channels` is 4.
    package static func rgbOverRow(
        _ image: Image, _ y: Int, background: RGBA8, into out: UnsafeMutablePointer<UInt8>,
        channels: Int = 3
    ) {
        image.pixels.withUnsafeBufferPointer { pixels in
            let src = pixels.baseAddress! + y * image.width * 4
            for x in 0..<image.width {
                let s = x * 4
                let d = x * channels
                let inverse = 255 - src[s + 3]
                out[d] = UInt8(min(255, UInt16(src[s]) + UInt16(premultiply(background.r, inverse))))
                out[d + 1] = UInt8(min(255, UInt16(src[s + 1]) + UInt16(premultiply(background.g, inverse))))
                out[d + 2] = UInt8(min(255, UInt16(src[s + 2]) + UInt16(premultiply(background.b, inverse))))
                if channels == 4 { out[d + 3] = 255 }
            }
        }
    }
}
