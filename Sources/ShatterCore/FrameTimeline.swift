/// Which instants a render samples: frame `i` is the state at `t = i / fps`, for
/// `i = 0 … ceil(duration · fps)`, so the first frame is the start state and the last shows the end
/// state (or a moment after it). 1.2 s at 60 fps is frames 0 … 72.
///
/// ```swift
/// let timeline = FrameTimeline(duration: 1.2, fps: 60)
/// timeline.count        // 73
/// timeline.time(of: 36) // 0.6
/// ```
public struct FrameTimeline: Sendable, Equatable {
    public let duration: Double
    public let fps: Double

    public init(duration: Double, fps: Double) {
        self.duration = duration
        self.fps = fps
    }

    /// Number of frames, both ends included. A 1e-9 tolerance keeps `1.2 * 60` from becoming 73.0000001.
    public var count: Int { Int((duration * fps - 1e-9).rounded(.up)) + 1 }

    public func time(of frame: Int) -> Double { Double(frame) / fps }

    /// The instant frame `frame` shows when the animation plays backwards: that of frame (last − frame),
    /// so reversed frame k is exactly forward frame (last − k).
    public func time(of frame: Int, reversed: Bool) -> Double {
        time(of: reversed ? count - 1 - frame : frame)
    }
}
