import Foundation

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
    /// What a display last showed and when (seconds into the job): see ``shown(at:)``.
    private var display: (seconds: Double, at: Double)?

    /// How quickly a display takes up a new estimate: 63 % of the way after a quarter of the time left,
    /// and never slower than in `settling` seconds.
    static let settling = 2.0

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
        guard let estimate = self.seconds else { return }
        if let shown = display, self.written < total {
            // Counted down since it was shown, then moved toward the new estimate by how long ago that was,
            // against how long is left: a pace measured on a few frames moves it a little.
            let counted = max(0, shown.seconds - (seconds - shown.at))
            let weight = 1 - exp(-max(0, seconds - shown.at) / max(Self.settling, estimate / 4))
            display = (counted + weight * (estimate - counted), seconds)
        } else {
            display = (estimate, seconds)
        }
    }

    /// Seconds left as a display should show them `now` seconds into the job: the estimate counted down
    /// since the last frame (a slow frame does not freeze it), each new estimate taken up over about
    /// a quarter of the time left, so that a pace measured on a few frames does not make it jump
    /// (25 s, 1 min 6 s, 39 s). Nil while ``seconds`` is.
    public func shown(at now: Double) -> Double? {
        guard self.seconds != nil, let display else { return nil }
        return max(0, display.seconds - max(0, now - display.at))
    }

    public static func == (a: TimeLeft, b: TimeLeft) -> Bool {
        (a.total, a.drawn, a.written, a.lastSeconds) == (b.total, b.drawn, b.written, b.lastSeconds)
            && (a.spent, a.spentDrawing) == (b.spent, b.spentDrawing) && a.display?.seconds == b.display?.seconds
            && a.display?.at == b.display?.at
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
