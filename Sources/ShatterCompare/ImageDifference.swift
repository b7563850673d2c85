import ShatterCore

/// How far two images of the same size are apart, pixel by pixel: the figures a GPU-vs-CPU parity
/// check is judged on, and what `shatter compare` reports.
///
/// ```swift
/// let d = try ImageDifference(expected: cpu, actual: gl)
/// d.pixelsBeyond(1)                 // pixels with some channel off by more than 1
/// d.verdict(FuzzyRule()).passed     // Skia Gold–style fuzzy rule
/// ```
///
/// Given the blended fragments each pixel received (`BlendCounts`, which the CPU renderer counts),
/// every per-pixel figure is *per blended fragment*: a pixel's differences divided by max(1, its
/// count), rounded up, so a rule's channel delta allows channelDelta × max(1, count) there: each
/// blended fragment may leave a conformant GL one level from the exact blend (docs/parity.md,
/// "Blending"). Without counts the figures are the plain differences.
public struct ImageDifference: Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    /// Pixels this far from every edge are left out of every figure.
    public let ignoredBorder: Int
    /// `histogram[k]` = compared pixels whose largest channel difference is exactly k.
    public let histogram: [Int]
    /// The largest channel difference, and the first pixel (row-major) where it occurs.
    public let largestChannelDifference: Int
    public let largestChannelAt: PixelLocation?
    /// The largest sum of the four channels' differences, and where.
    public let largestSummedDifference: Int
    public let largestSummedAt: PixelLocation?
    /// Sum of squared channel differences, for PSNR.
    public let squaredErrorSum: Double
    /// The images, kept for the derived figures (SSIM, heat map, mask); arrays are shared, not copied.
    public let expected: Image
    public let actual: Image
    /// The blended fragments per pixel the figures are divided by; nil for plain differences.
    public let blends: BlendCounts?

    public struct PixelLocation: Sendable, Equatable, Codable {
        public let x: Int, y: Int
    }

    public struct SizeMismatch: Error, CustomStringConvertible {
        public let expected: (Int, Int), actual: (Int, Int)
        public var description: String {
            "images differ in size: \(expected.0)x\(expected.1) expected, \(actual.0)x\(actual.1) actual"
        }
    }

    public init(expected: Image, actual: Image, ignoredBorder: Int = 0, blends: BlendCounts? = nil) throws {
        guard expected.width == actual.width, expected.height == actual.height else {
            throw SizeMismatch(expected: (expected.width, expected.height), actual: (actual.width, actual.height))
        }
        if let blends, blends.width != expected.width || blends.height != expected.height {
            throw SizeMismatch(expected: (expected.width, expected.height), actual: (blends.width, blends.height))
        }
        self.expected = expected
        self.actual = actual
        self.blends = blends
        width = expected.width
        height = expected.height
        self.ignoredBorder = max(0, ignoredBorder)
        var histogram = [Int](repeating: 0, count: 256)
        var largest = 0
        var largestIndex = -1
        var largestSum = 0
        var largestSumIndex = -1
        var squares = 0.0
        let border = self.ignoredBorder
        let width = self.width
        let height = self.height
        // Identical pixels (one memcmp) need no pass: every compared pixel is in histogram[0].
        let identical = expected.pixels == actual.pixels
        if identical, width > 2 * border, height > 2 * border { histogram[0] = (width - 2 * border) * (height - 2 * border) }
        if !identical {
            expected.pixels.withUnsafeBufferPointer { a in
                actual.pixels.withUnsafeBufferPointer { b in
                    guard width > 2 * border, height > 2 * border else { return }
                    for y in border..<(height - border) {
                        for x in border..<(width - border) {
                            let pixel = y * width + x
                            var channelMax = 0
                            var sum = 0
                            for c in 0..<4 {
                                let d = abs(Int(a[pixel * 4 + c]) - Int(b[pixel * 4 + c]))
                                channelMax = max(channelMax, d)
                                sum += d
                                squares += Double(d * d)
                            }
                            let fragments = Self.fragments(blends, pixel)
                            channelMax = Self.perFragment(channelMax, fragments)
                            sum = Self.perFragment(sum, fragments)
                            histogram[channelMax] += 1
                            if channelMax > largest {
                                largest = channelMax
                                largestIndex = pixel
                            }
                            if sum > largestSum {
                                largestSum = sum
                                largestSumIndex = pixel
                            }
                        }
                    }
                }
            }
        }
        self.histogram = histogram
        squaredErrorSum = squares
        largestChannelDifference = largest
        largestSummedDifference = largestSum
        func location(_ index: Int) -> PixelLocation? { index < 0 ? nil : PixelLocation(x: index % width, y: index / width) }
        largestChannelAt = location(largestIndex)
        largestSummedAt = location(largestSumIndex)
    }

    /// The blended fragments pixel `index` received, at least 1 (a pixel only stored once may be off by
    /// the conversion's rounding too).
    @inline(__always)
    static func fragments(_ blends: BlendCounts?, _ index: Int) -> Int {
        blends.map { max(1, Int($0.counts[index])) } ?? 1
    }

    /// A difference per blended fragment: `difference` / `fragments`, rounded up, so that it exceeds
    /// a tolerance t exactly where `difference` exceeds t × `fragments`.
    @inline(__always)
    static func perFragment(_ difference: Int, _ fragments: Int) -> Int {
        (difference + fragments - 1) / fragments
    }

    /// Pixels compared (all but the ignored border).
    public var pixelCount: Int { histogram.reduce(0, +) }

    /// Pixels whose largest channel difference exceeds `tolerance`.
    public func pixelsBeyond(_ tolerance: Int) -> Int {
        tolerance >= 255 ? 0 : histogram[(max(tolerance, -1) + 1)...].reduce(0, +)
    }

    /// Share of compared pixels whose every channel is within `tolerance`.
    public func fractionWithin(_ tolerance: Int) -> Double {
        pixelCount == 0 ? 1 : 1 - Double(pixelsBeyond(tolerance)) / Double(pixelCount)
    }

    /// Peak signal-to-noise ratio over the four channels, in dB; nil when the images are identical.
    public var psnr: Double? {
        guard squaredErrorSum > 0, pixelCount > 0 else { return nil }
        let meanSquare = squaredErrorSum / Double(pixelCount * 4)
        return 10 * log10(255 * 255 / meanSquare)
    }

    /// The smallest rectangle holding every pixel whose largest channel difference exceeds `tolerance`.
    public func boundingBox(beyond tolerance: Int) -> PixelRect? {
        guard largestChannelDifference > tolerance else { return nil }
        var minX = Int.max
        var minY = Int.max
        var maxX = -1
        var maxY = -1
        forEachDifferingPixel(beyond: tolerance) { x, y, _ in
            minX = min(minX, x)
            maxX = max(maxX, x)
            minY = min(minY, y)
            maxY = max(maxY, y)
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: Float(minX), y: Float(minY), width: Float(maxX - minX + 1), height: Float(maxY - minY + 1))
    }

    /// Calls `body(x, y, largest channel difference)` for every compared pixel beyond `tolerance` (per
    /// blended fragment where ``blends`` are given).
    public func forEachDifferingPixel(beyond tolerance: Int, _ body: (Int, Int, Int) -> Void) {
        let border = ignoredBorder
        // Most frames of a passing run differ nowhere: no need to look at their pixels again.
        guard largestChannelDifference > tolerance, width > 2 * border, height > 2 * border else { return }
        expected.pixels.withUnsafeBufferPointer { a in
            actual.pixels.withUnsafeBufferPointer { b in
                for y in border..<(height - border) {
                    for x in border..<(width - border) {
                        let o = (y * width + x) * 4
                        var d = 0
                        for c in 0..<4 { d = max(d, abs(Int(a[o + c]) - Int(b[o + c]))) }
                        d = Self.perFragment(d, Self.fragments(blends, o / 4))
                        if d > tolerance { body(x, y, d) }
                    }
                }
            }
        }
    }

    public var description: String {
        let beyond1 = pixelsBeyond(1)
        let beyond8 = pixelsBeyond(8)
        let at = largestChannelAt.map { " at (\($0.x), \($0.y))" } ?? ""
        let unit = blends == nil ? "" : " per blended fragment"
        return "\(width)x\(height): \(beyond1) px beyond 1\(unit) (\(percent(beyond1))), \(beyond8) px beyond 8 "
            + "(\(percent(beyond8))), largest channel difference\(unit) \(largestChannelDifference)\(at)"
    }

    private func percent(_ count: Int) -> String {
        Self.percent(pixelCount == 0 ? 0 : Double(count) / Double(pixelCount))
    }
}

#if canImport(Glibc)
    import Glibc
#endif
