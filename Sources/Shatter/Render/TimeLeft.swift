/// Time left in a job whose frames cost unequally. A video of clips copies its clips' frames through
/// but draws each transition's, many times slower: the average pace so far, taken while a clip
/// plays, would leave out the transitions still to come. Each kind of frame's pace is measured on
/// its own, and the frames left of each kind are counted at that pace.
///
/// ```swift
/// var left = TimeLeft(total: 30, drawn: [10..<20])  // frames 10-19 are a transition's
/// left.record(written: 10, at: 1)                     // ten clip frames in a second
/// left.seconds                                        // nil: no transition frame's pace yet
/// left.record(written: 12, at: 3)                     // two transition frames in two seconds
/// left.seconds                                        // 8 × 1 s + 10 × 0.1 s = 9 s
/// ```
public struct TimeLeft: Sendable, Equatable {
    /// Frames in the job.
    public let total: Int
    /// Positions (from 0, in the order frames are written) of the frames that are drawn, not copied.
    public let drawn: [Range<Int>]
    private var written = 0
    private var lastSeconds = 0.0
    private var spent = Pace()
    private var spentDrawing = Pace()

    private struct Pace: Sendable, Equatable {
        var frames = 0
        var seconds = 0.0
        var perFrame: Double? { frames > 0 ? seconds / Double(frames) : nil }
    }

    /// A job of `total` frames, those at `drawn` positions costly (none: every frame alike).
    public init(total: Int, drawn: [Range<Int>] = []) {
        self.total = total
        self.drawn = drawn
    }

    /// `written` frames are done `seconds` after the job started; the frames since the last record
    /// share the time since it.
    public mutating func record(written: Int, at seconds: Double) {
        let new = self.written..<max(self.written, min(written, total))
        guard !new.isEmpty else { return }
        let drawing = drawnCount(in: new)
        let share = max(0, seconds - lastSeconds) / Double(new.count)
        spentDrawing.frames += drawing
        spentDrawing.seconds += share * Double(drawing)
        spent.frames += new.count - drawing
        spent.seconds += share * Double(new.count - drawing)
        (self.written, lastSeconds) = (new.upperBound, seconds)
    }

    /// Seconds left; nil while a kind of frame still to come has no pace yet (a copied frame is
    /// counted at the drawn pace, an upper bound, until one is measured).
    public var seconds: Double? {
        let rest = written..<total
        let drawing = drawnCount(in: rest)
        let copying = rest.count - drawing
        let drawPace = spentDrawing.perFrame
        let copyPace = spent.perFrame ?? drawPace
        if drawing > 0 && drawPace == nil || copying > 0 && copyPace == nil { return nil }
        return Double(drawing) * (drawPace ?? 0) + Double(copying) * (copyPace ?? 0)
    }

    private func drawnCount(in range: Range<Int>) -> Int {
        drawn.reduce(0) { $0 + $1.clamped(to: range).count }
    }
}
