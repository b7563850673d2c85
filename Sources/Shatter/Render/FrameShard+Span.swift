/// Which frames of a span a shard draws, found by arithmetic instead of by listing the span, and safe
/// up to `Int.max`: a span read from a file may be anything, and listing it first could ask for
/// exabytes.
///
/// ```swift
/// let shard = try FrameShard(index: 1, count: 3)
/// shard.firstFrame(in: 5...20)   // 7
/// shard.frameCount(in: 5...20)   // 5: 7, 10, 13, 16, 19
/// ```
extension FrameShard {
    /// The first frame ≥ 0 of `span` in this shard; nil when the span holds none.
    public func firstFrame(in span: ClosedRange<Int>) -> Int? {
        let lower = max(0, span.lowerBound)  // frames are never negative
        // lower % count and index are both in 0..<count, so their difference cannot overflow.
        var offset = index - lower % count
        if offset < 0 { offset += count }
        let (first, overflow) = lower.addingReportingOverflow(offset)
        return !overflow && first <= span.upperBound ? first : nil
    }

    /// How many frames ≥ 0 of `span` this shard draws.
    public func frameCount(in span: ClosedRange<Int>) -> Int {
        firstFrame(in: span).map { (span.upperBound - $0) / count + 1 } ?? 0
    }
}
