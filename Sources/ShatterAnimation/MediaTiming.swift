/// What an animation shows outside its active interval, as `CAMediaTimingFillMode`.
///
/// ```swift
/// var timing = MediaTiming(beginTime: 1, duration: 2)
/// timing.fillMode = .backwards   // show the start state before t = 1
/// ```
public enum FillMode: Sendable, Hashable, CaseIterable {
    /// Nothing outside the active interval: the property shows its underlying value.
    case removed
    /// Hold the end state after the active interval.
    case forwards
    /// Hold the start state (local time = `timeOffset`) before the active interval.
    case backwards
    /// Hold both ends.
    case both

    var fillsBackwards: Bool { self == .backwards || self == .both }
    var fillsForwards: Bool { self == .forwards || self == .both }
}

/// The `CAMediaTiming` properties of an animation, and the mapping from parent time to local time.
///
/// Parent time `tp` becomes active time `a = (tp − beginTime) · speed`. The animation is active for
/// `0 ≤ a < activeDuration` (half-open: at its exact end a non-filling animation is already gone).
/// Local time is `(a + timeOffset)` wrapped into one cycle (`duration`, or twice that when
/// autoreversing, the second half played backwards). Before and after, ``fillMode`` decides.
///
/// ```swift
/// // A 3 s loop started 2.1 s into its cycle (the Fuber logo).
/// let logo = MediaTiming(duration: 3, timeOffset: 2.1, repeatCount: .infinity)
/// logo.localTime(at: 0.5)   // 2.6
/// logo.localTime(at: 1.0)   // 0.1 (wrapped)
/// ```
public struct MediaTiming: Sendable, Hashable {
    /// Start of the active interval, in the parent's time (a group child: the group's local time).
    public var beginTime: Double
    /// Length of one simple cycle in seconds. 0 (the default) means "unspecified": a group child
    /// takes its group's duration and a top-level animation takes ``defaultDuration``.
    public var duration: Double
    /// Rate of local time against parent time. 0 freezes the animation at `timeOffset`; a negative
    /// speed mirrors time about `beginTime` (the animation is then active before it).
    public var speed: Double
    /// Added to the active time, so the animation starts part-way and wraps.
    public var timeOffset: Double
    /// Number of cycles, possibly fractional; `.infinity` repeats forever; 0 plays once.
    public var repeatCount: Double
    /// Length of the active interval in seconds; when greater than 0 it wins over `repeatCount`
    /// (Core Animation leaves setting both undefined).
    public var repeatDuration: Double
    /// When true one cycle plays forwards then backwards (and lasts `2 · duration`).
    public var autoreverses: Bool
    /// What the animation shows before and after its active interval.
    public var fillMode: FillMode
    /// When true (Core Animation's default) a top-level animation is gone once its active
    /// interval is over, whatever its fill mode: set it to false to hold `.forwards`.
    /// Ignored for the children of a group, as in Core Animation.
    public var isRemovedOnCompletion: Bool

    /// Duration of a top-level animation that leaves `duration` at 0 (Core Animation's 0.25 s).
    public static let defaultDuration = 0.25

    /// Creates timing; every argument defaults to Core Animation's default.
    ///
    /// ```swift
    /// let sprite = MediaTiming(duration: 2)
    /// let dust = MediaTiming(beginTime: 1.35 * 3 / 32, duration: 1, fillMode: .forwards,
    ///                        isRemovedOnCompletion: false)
    /// ```
    public init(
        beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
        repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
        fillMode: FillMode = .removed, isRemovedOnCompletion: Bool = true
    ) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
        self.isRemovedOnCompletion = isRemovedOnCompletion
    }

    /// The simple duration actually used: ``duration``, or `inherited` when that is 0 or invalid.
    ///
    /// ```swift
    /// MediaTiming().resolvedDuration(inherited: 1)   // 1: a group child takes the group's
    /// ```
    public func resolvedDuration(inherited: Double = MediaTiming.defaultDuration) -> Double {
        if duration > 0, duration.isFinite { return duration }
        return inherited > 0 && inherited.isFinite ? inherited : Self.defaultDuration
    }

    /// Length of the active interval in active time (before `speed` is undone).
    ///
    /// ```swift
    /// MediaTiming(duration: 2, repeatCount: 1.5, autoreverses: true).activeDuration()   // 6
    /// ```
    public func activeDuration(inherited: Double = MediaTiming.defaultDuration) -> Double {
        if repeatDuration > 0 { return repeatDuration }
        let cycle = resolvedDuration(inherited: inherited) * (autoreverses ? 2 : 1)
        return (repeatCount > 0 ? repeatCount : 1) * cycle
    }

    /// Local time (0…duration) at parent time `parentTime`, or nil when the animation shows
    /// nothing there. `inheritedDuration` is what a 0 ``duration`` stands for.
    /// ``isRemovedOnCompletion`` is not applied here (it only concerns animations on a layer).
    ///
    /// ```swift
    /// let t = MediaTiming(beginTime: 1, duration: 2, fillMode: .backwards)
    /// t.localTime(at: 0)    // 0 (held at the start)
    /// t.localTime(at: 2)    // 1
    /// t.localTime(at: 3)    // nil (ended, no forward fill)
    /// ```
    public func localTime(at parentTime: Double, inheritedDuration: Double = MediaTiming.defaultDuration) -> Double? {
        resolve(TimeContext(time: parentTime, duration: inheritedDuration, isHeldAtEnd: false, isTopLevel: false))?.time
    }

    /// Maps a parent time context to this animation's local one (nil = inactive).
    func resolve(_ parent: TimeContext) -> TimeContext? {
        guard parent.time.isFinite else { return nil }
        let simple = resolvedDuration(inherited: parent.duration)
        let cycle = simple * (autoreverses ? 2 : 1)
        let active = activeDuration(inherited: parent.duration)
        var elapsed = (parent.time - beginTime) * speed
        var heldAtEnd = false
        if elapsed < 0 {
            guard fillMode.fillsBackwards else { return nil }
            elapsed = 0
        } else if elapsed >= active {
            // A parent frozen at its own end shows its children's state "just before" that
            // instant, so a child ending exactly there counts as ending, not as removed.
            let endsWithParent = parent.isHeldAtEnd && abs(elapsed - active) <= 1e-9 * max(1, active)
            if parent.isTopLevel && isRemovedOnCompletion { return nil }
            guard fillMode.fillsForwards || endsWithParent else { return nil }
            elapsed = active
            heldAtEnd = true
        }
        let offset = timeOffset.isFinite ? timeOffset : 0
        let unwrapped = elapsed + offset
        var time = unwrapped - (unwrapped / cycle).rounded(.down) * cycle
        if heldAtEnd && unwrapped > 0 && time <= 1e-9 * max(1, cycle) {
            time = cycle  // the end state is the limit from below, not the next cycle's start
        }
        if autoreverses && time > simple { time = cycle - time }
        return TimeContext(time: min(max(time, 0), simple), duration: simple, isHeldAtEnd: heldAtEnd, isTopLevel: false)
    }
}

/// A point in some animation's time space, and what its children inherit from it.
struct TimeContext: Sendable {
    /// Time in this space.
    var time: Double
    /// Duration that a child with no duration takes.
    var duration: Double
    /// True when this space is frozen at the end of its active interval (forward fill).
    var isHeldAtEnd: Bool
    /// True for the layer's own time, where `isRemovedOnCompletion` applies.
    var isTopLevel: Bool

    /// The layer's own clock at `time`.
    static func layer(_ time: Double) -> TimeContext {
        TimeContext(time: time, duration: MediaTiming.defaultDuration, isHeldAtEnd: false, isTopLevel: true)
    }
}
