/// Which frames of an effect's timeline a render or comparison draws: all of them, or a range, thinned
/// to one shard; checked before anything is allocated, so no count that is too large ever becomes an array.
///
/// ```swift
/// let selection = try FrameSelection(timeline: FrameTimeline(duration: 1.2, fps: 60), range: 10...19,
///                                    shard: try FrameShard(index: 1, count: 2))
/// selection.indices   // [11, 13, 15, 17, 19]
/// ```
public struct FrameSelection: Sendable, Equatable {
    /// The most frames one render may draw: 1,000,000 (4.6 hours at 60 fps). Frame lists, manifests and
    /// progress all grow with it, so it is checked before any of them exists.
    public static let maximumFrames = 1_000_000

    public let timeline: FrameTimeline
    /// The frames the whole job renders, over all shards.
    public let range: ClosedRange<Int>
    public let shard: FrameShard?
    /// Frame i shows the instant of frame (last − i).
    public let reversed: Bool

    public init(
        timeline: FrameTimeline, range: ClosedRange<Int>? = nil, shard: FrameShard? = nil,
        reversed: Bool = false
    ) throws(FrameSelectionError) {
        let frames = timeline.duration * timeline.fps
        guard timeline.fps.isFinite, timeline.fps > 0, timeline.duration.isFinite, timeline.duration >= 0,
            frames.isFinite, frames < Double(Int.max / 2)
        else {
            throw .badTimeline(duration: timeline.duration, fps: timeline.fps)
        }
        let count = timeline.count
        let range = range ?? 0...(count - 1)
        guard range.lowerBound >= 0, range.upperBound < count else {
            throw .outsideTimeline(first: range.lowerBound, last: range.upperBound, count: count)
        }
        let selected = Self.count(of: range, in: shard)
        guard selected <= Self.maximumFrames else {
            throw .tooManyFrames(count: selected, limit: Self.maximumFrames, wholeTimeline: count)
        }
        self.timeline = timeline
        self.range = range
        self.shard = shard
        self.reversed = reversed
    }

    /// How many frames this process draws.
    public var count: Int { Self.count(of: range, in: shard) }

    /// The frames this process draws, in order.
    public var indices: [Int] {
        guard let shard else { return Array(range) }
        return shard.firstFrame(in: range).map { Array(stride(from: $0, through: range.upperBound, by: shard.count)) } ?? []
    }

    /// The instant frame `index` shows.
    public func time(of index: Int) -> Double { timeline.time(of: index, reversed: reversed) }

    private static func count(of range: ClosedRange<Int>, in shard: FrameShard?) -> Int {
        shard?.frameCount(in: range) ?? range.count
    }
}

/// Why a set of frames cannot be drawn.
public enum FrameSelectionError: Error, CustomStringConvertible, Equatable {
    /// Duration or frame rate not finite and positive, or a frame count beyond any machine.
    case badTimeline(duration: Double, fps: Double)
    case outsideTimeline(first: Int, last: Int, count: Int)
    /// More than ``FrameSelection/maximumFrames`` frames selected.
    case tooManyFrames(count: Int, limit: Int, wholeTimeline: Int)

    public var description: String {
        switch self {
        case .badTimeline(let duration, let fps):
            return "a timeline of \(duration) s at \(fps) frames per second cannot be rendered"
        case .outsideTimeline(let first, let last, let count):
            return "frames \(first)-\(last) are outside this animation's frames 0-\(count - 1)"
        case .tooManyFrames(let count, let limit, _):
            return "\(count) frames selected; at most \(limit) can be rendered at once"
        }
    }
}
