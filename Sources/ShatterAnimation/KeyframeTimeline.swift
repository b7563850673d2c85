/// The time structure shared by value keyframes and path keyframes: `count` keyframes joined by
/// `count − 1` pieces, and a rule to turn an overall fraction into "piece i at parameter u".
///
/// Invalid key times are ignored as Core Animation does: a count that does not fit the mode, a
/// decreasing or non-finite entry → evenly spaced keys. Key times that start after 0 or end
/// before 1 are valid: the first value holds before the first key and the last after the last.
struct KeyframeTimeline<Value> {
    /// Number of keyframes (at least 1).
    let count: Int
    /// The keyframe values themselves (what discrete mode shows).
    let keyframe: (Int) -> Value
    /// Piece `i` (from keyframe i to i + 1) at parameter `u` in 0…1.
    let piece: (Int, Double) -> Value
    /// How finely piece `i` must be sampled to measure its length (1 for a straight blend).
    let samples: (Int) -> Int
    /// Distance between two values, for pacing.
    let distance: (Value, Value) -> Double
    /// Each piece's ``ArcLengthTable`` for the paced modes, as ``arcLengthTables()`` measures them, where a
    /// caller keeps them from call to call; nil: measured at each paced call.
    var arcLengths: [ArcLengthTable]? = nil

    func value(
        at fraction: Double, mode: CalculationMode, keyTimes: [Double]?,
        timingFunctions: [TimingFunction]?
    ) -> Value {
        guard count > 1 else { return keyframe(0) }
        switch mode {
        case .discrete:
            let keys =
                Self.validKeyTimes(keyTimes, counts: [count + 1, count])
                ?? (0...count).map { Double($0) / Double(count) }
            return keyframe(min(Self.lastKey(atOrBefore: fraction, in: keys), count - 1))
        case .paced, .cubicPaced:
            return pacedValue(at: fraction)
        case .linear, .cubic:
            let keys =
                Self.validKeyTimes(keyTimes, counts: [count])
                ?? (0..<count).map { Double($0) / Double(count - 1) }
            let (index, u) = Self.locate(fraction, in: keys)
            let shaped = timingFunctions.flatMap { index < $0.count ? $0[index] : nil }?.progress(at: u) ?? u
            return piece(index, shaped)
        }
    }

    /// Constant speed: each piece gets time in proportion to its length, and inside a piece the
    /// parameter is found from the measured length so far.
    private func pacedValue(at fraction: Double) -> Value {
        let tables = arcLengths ?? arcLengthTables()
        let total = tables.reduce(0) { $0 + $1.length }
        guard total > 0, total.isFinite else {
            return piece(0, 0)  // nowhere to go: every keyframe is the same value
        }
        var cumulative = [0.0]
        for table in tables { cumulative.append(cumulative[cumulative.count - 1] + table.length / total) }
        let (index, u) = Self.locate(fraction, in: cumulative)
        return piece(index, tables[index].parameter(atFraction: u))
    }

    /// Every piece's cumulative lengths, sampled `samples(i)` times: what pacing measures.
    func arcLengthTables() -> [ArcLengthTable] {
        (0..<(count - 1)).map { index in
            ArcLengthTable(samples: samples(index), point: { piece(index, $0) }, distance: distance)
        }
    }

    /// `keyTimes` if its count is one of `counts` and it is finite and non-decreasing.
    static func validKeyTimes(_ keyTimes: [Double]?, counts: [Int]) -> [Double]? {
        guard let keys = keyTimes, counts.contains(keys.count), keys.allSatisfy(\.isFinite),
            zip(keys, keys.dropFirst()).allSatisfy({ $0 <= $1 })
        else { return nil }
        return keys
    }

    /// Index of the last key at or before `fraction` (0 when `fraction` is before them all).
    static func lastKey(atOrBefore fraction: Double, in keys: [Double]) -> Int {
        var low = 0
        var high = keys.count  // answer in low..<high; keys[low] ≤ fraction maintained lazily
        while high - low > 1 {
            let middle = (low + high) / 2
            if keys[middle] <= fraction { low = middle } else { high = middle }
        }
        return low
    }

    /// The piece containing `fraction` and the fraction of the way through it, holding the first
    /// value before the first key and the last value after the last.
    static func locate(_ fraction: Double, in keys: [Double]) -> (index: Int, u: Double) {
        let last = keys.count - 1
        if fraction <= keys[0] { return (0, 0) }
        if fraction >= keys[last] { return (last - 1, 1) }
        let index = lastKey(atOrBefore: fraction, in: keys)
        return (index, (fraction - keys[index]) / (keys[index + 1] - keys[index]))
    }
}

/// Cumulative lengths along a curve sampled at evenly spaced parameters, for pacing.
struct ArcLengthTable: Sendable {
    private let lengths: [Double]

    init<Value>(samples: Int, point: (Double) -> Value, distance: (Value, Value) -> Double) {
        let steps = max(samples, 1)
        var lengths = [0.0]
        var previous = point(0)
        for step in 1...steps {
            let next = point(Double(step) / Double(steps))
            lengths.append(lengths[lengths.count - 1] + distance(previous, next))
            previous = next
        }
        self.lengths = lengths
    }

    /// Total length.
    var length: Double { lengths[lengths.count - 1] }

    /// The curve parameter at which `fraction` of the length has been travelled.
    func parameter(atFraction fraction: Double) -> Double {
        guard length > 0 else { return fraction }
        let target = fraction * length
        let steps = lengths.count - 1
        let index = min(KeyframeTimeline<Double>.lastKey(atOrBefore: target, in: lengths), steps - 1)
        let span = lengths[index + 1] - lengths[index]
        let within = span > 0 ? min(max((target - lengths[index]) / span, 0), 1) : 0
        return (Double(index) + within) / Double(steps)
    }
}
