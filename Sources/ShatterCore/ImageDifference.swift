/// How far two images of the same size are apart, pixel by pixel: the figures a GPU-vs-CPU parity
/// check is judged on.
///
/// ```swift
/// let d = try ImageDifference(expected: cpu, actual: gl)
/// d.fractionWithin(1)   // share of pixels whose every channel is within 1
/// ```
public struct ImageDifference: Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    /// `histogram[k]` = pixels whose largest channel difference is exactly k.
    public let histogram: [Int]
    /// The largest channel difference, and the first pixel (row-major) where it occurs.
    public let largestChannelDifference: Int
    public let largestAt: (x: Int, y: Int)?

    public struct SizeMismatch: Error, CustomStringConvertible {
        public let expected: (Int, Int), actual: (Int, Int)
        public var description: String {
            "images differ in size: \(expected.0)x\(expected.1) expected, \(actual.0)x\(actual.1) actual"
        }
    }

    public init(expected: Image, actual: Image) throws {
        guard expected.width == actual.width, expected.height == actual.height else {
            throw SizeMismatch(expected: (expected.width, expected.height), actual: (actual.width, actual.height))
        }
        width = expected.width
        height = expected.height
        var histogram = [Int](repeating: 0, count: 256)
        var largest = 0, largestIndex = -1
        expected.pixels.withUnsafeBufferPointer { a in
            actual.pixels.withUnsafeBufferPointer { b in
                for pixel in 0..<(a.count / 4) {
                    var d = 0
                    for c in 0..<4 { d = max(d, abs(Int(a[pixel * 4 + c]) - Int(b[pixel * 4 + c]))) }
                    histogram[d] += 1
                    if d > largest { largest = d; largestIndex = pixel }
                }
            }
        }
        self.histogram = histogram
        largestChannelDifference = largest
        largestAt = largestIndex >= 0 ? (largestIndex % width, largestIndex / width) : nil
    }

    public var pixelCount: Int { width * height }

    /// Pixels whose largest channel difference exceeds `tolerance`.
    public func pixelsBeyond(_ tolerance: Int) -> Int {
        histogram[(min(tolerance, 255) + 1)...].reduce(0, +)
    }

    /// Share of pixels whose every channel is within `tolerance`.
    public func fractionWithin(_ tolerance: Int) -> Double {
        pixelCount == 0 ? 1 : 1 - Double(pixelsBeyond(tolerance)) / Double(pixelCount)
    }

    public var description: String {
        let beyond1 = pixelsBeyond(1), beyond8 = pixelsBeyond(8)
        let at = largestAt.map { " at (\($0.x), \($0.y))" } ?? ""
        return "\(width)x\(height): \(beyond1) px beyond 1 (\(percent(beyond1))), \(beyond8) px beyond 8 "
            + "(\(percent(beyond8))), largest channel difference \(largestChannelDifference)\(at)"
    }

    private func percent(_ count: Int) -> String {
        let value = pixelCount == 0 ? 0 : Double(count) * 100 / Double(pixelCount)
        return "\((value * 10000).rounded() / 10000)%"
    }
}
