import ShatterAnimation
import ShatterTestSupport
import Testing

/// One row: a timing, a parent time, and the local time expected there (nil = inactive).
struct TimingCase: Sendable, CustomTestStringConvertible {
    let label: String
    let timing: MediaTiming
    let parentTime: Double
    let expected: Double?

    var testDescription: String { "\(label) @ \(parentTime)" }
}

@Suite("Media timing")
struct MediaTimingTests {
    static func fill(_ mode: FillMode) -> MediaTiming { MediaTiming(beginTime: 1, duration: 2, fillMode: mode) }

    /// begin 1, duration 2: active on [1, 3). Before → start (0), inside → t − 1, after → end (2).
    static let fillCases: [TimingCase] = [
        TimingCase(label: "removed before", timing: fill(.removed), parentTime: 0.5, expected: nil),
        TimingCase(label: "removed at begin", timing: fill(.removed), parentTime: 1, expected: 0),
        TimingCase(label: "removed inside", timing: fill(.removed), parentTime: 2.5, expected: 2.5 - 1),
        TimingCase(label: "removed at end", timing: fill(.removed), parentTime: 3, expected: nil),
        TimingCase(label: "removed after", timing: fill(.removed), parentTime: 4, expected: nil),
        TimingCase(label: "forwards before", timing: fill(.forwards), parentTime: 0.5, expected: nil),
        TimingCase(label: "forwards inside", timing: fill(.forwards), parentTime: 2, expected: 2 - 1),
        TimingCase(label: "forwards at end", timing: fill(.forwards), parentTime: 3, expected: 2),
        TimingCase(label: "forwards after", timing: fill(.forwards), parentTime: 9, expected: 2),
        TimingCase(label: "backwards before", timing: fill(.backwards), parentTime: 0.5, expected: 0),
        TimingCase(label: "backwards inside", timing: fill(.backwards), parentTime: 2, expected: 2 - 1),
        TimingCase(label: "backwards after", timing: fill(.backwards), parentTime: 4, expected: nil),
        TimingCase(label: "both before", timing: fill(.both), parentTime: -5, expected: 0),
        TimingCase(label: "both inside", timing: fill(.both), parentTime: 1.25, expected: 1.25 - 1),
        TimingCase(label: "both after", timing: fill(.both), parentTime: 4, expected: 2),
    ]

    @Test("Fill modes before, inside and after the active time", arguments: fillCases)
    func fillModes(_ row: TimingCase) {
        expectLocalTime(row)
    }

    static let twice = MediaTiming(duration: 2, repeatCount: 2, fillMode: .forwards)
    static let reversing = MediaTiming(duration: 2, autoreverses: true, fillMode: .forwards)
    static let reversingTwice = MediaTiming(duration: 2, repeatCount: 2, autoreverses: true)
    static let oneAndAHalf = MediaTiming(duration: 2, repeatCount: 1.5, fillMode: .forwards)

    static let repeatCases: [TimingCase] = [
        TimingCase(label: "2×: late in cycle 1", timing: twice, parentTime: 1.999, expected: 1.999),
        TimingCase(label: "2×: cycle 2 starts", timing: twice, parentTime: 2, expected: 0),
        TimingCase(label: "2×: inside cycle 2", timing: twice, parentTime: 3.5, expected: 3.5 - 2),
        TimingCase(label: "2×: end holds the end", timing: twice, parentTime: 4, expected: 2),
        TimingCase(label: "2× removed at end", timing: MediaTiming(duration: 2, repeatCount: 2), parentTime: 4, expected: nil),
        TimingCase(label: "1.5×: half-way through cycle 2", timing: oneAndAHalf, parentTime: 2.5, expected: 0.5),
        TimingCase(label: "1.5×: ends half-way", timing: oneAndAHalf, parentTime: 3, expected: 3 - 2),
        TimingCase(label: "1.5×: after", timing: oneAndAHalf, parentTime: 10, expected: 3 - 2),
        TimingCase(label: "autoreverse forwards", timing: reversing, parentTime: 1.5, expected: 1.5),
        TimingCase(label: "autoreverse turns", timing: reversing, parentTime: 2, expected: 2),
        TimingCase(label: "autoreverse backwards", timing: reversing, parentTime: 3, expected: 2 - (3 - 2)),
        TimingCase(label: "autoreverse ends at start", timing: reversing, parentTime: 4, expected: 0),
        TimingCase(label: "autoreverse ×2: second cycle", timing: reversingTwice, parentTime: 5, expected: 5 - 4),
        TimingCase(label: "autoreverse ×2: second reverse", timing: reversingTwice, parentTime: 7.5, expected: 2 - (7.5 - 6)),
        TimingCase(label: "autoreverse ×2: over", timing: reversingTwice, parentTime: 8, expected: nil),
        TimingCase(
            label: "infinite", timing: MediaTiming(duration: 2, repeatCount: .infinity), parentTime: 1000.5, expected: 0.5),
        TimingCase(
            label: "repeatDuration inside", timing: MediaTiming(duration: 2, repeatDuration: 5), parentTime: 4.5,
            expected: 4.5 - 4),
        TimingCase(
            label: "repeatDuration over", timing: MediaTiming(duration: 2, repeatDuration: 5), parentTime: 5, expected: nil),
        TimingCase(
            label: "repeatDuration held", timing: MediaTiming(duration: 2, repeatDuration: 5, fillMode: .forwards), parentTime: 6,
            expected: 5 - 4),
    ]

    @Test("Repeat and autoreverse boundaries", arguments: repeatCases)
    func repeats(_ row: TimingCase) {
        expectLocalTime(row)
    }

    static let logo = MediaTiming(duration: 3, timeOffset: 2.1, repeatCount: .infinity)
    static let onceWithOffset = MediaTiming(beginTime: 1, duration: 3, timeOffset: 1.05, fillMode: .both)

    static let offsetCases: [TimingCase] = [
        TimingCase(label: "offset: starts part-way", timing: logo, parentTime: 0, expected: 2.1),
        TimingCase(label: "offset: before wrap", timing: logo, parentTime: 0.85, expected: 0.85 + 2.1),
        TimingCase(label: "offset: after wrap", timing: logo, parentTime: 1.5, expected: 1.5 + 2.1 - 3),
        TimingCase(label: "offset: next loop", timing: logo, parentTime: 4.5, expected: 4.5 + 2.1 - 6),
        TimingCase(label: "offset once: backwards fill shows the offset", timing: onceWithOffset, parentTime: 0, expected: 1.05),
        TimingCase(
            label: "offset once: plays the start last", timing: onceWithOffset, parentTime: 3.5, expected: 3.5 - 1 + 1.05 - 3),
        TimingCase(label: "offset once: ends where it began", timing: onceWithOffset, parentTime: 4, expected: 1.05),
        TimingCase(
            label: "speed 2", timing: MediaTiming(beginTime: 1, duration: 2, speed: 2), parentTime: 1.5, expected: (1.5 - 1) * 2),
        TimingCase(
            label: "speed 2 is over sooner", timing: MediaTiming(beginTime: 1, duration: 2, speed: 2), parentTime: 2,
            expected: nil),
        TimingCase(
            label: "speed 0.5", timing: MediaTiming(beginTime: 1, duration: 2, speed: 0.5), parentTime: 4, expected: (4 - 1) * 0.5
        ),
        TimingCase(
            label: "speed 0 freezes at the offset", timing: MediaTiming(duration: 2, speed: 0, timeOffset: 0.5), parentTime: 100,
            expected: 0.5),
        TimingCase(
            label: "speed with offset", timing: MediaTiming(duration: 4, speed: 2, timeOffset: 1), parentTime: 1,
            expected: 1 * 2 + 1),
    ]

    @Test("timeOffset wrap and speed", arguments: offsetCases)
    func offsetsAndSpeed(_ row: TimingCase) {
        expectLocalTime(row)
    }

    @Test func missingDurationIsInheritedOrDefault() {
        let unspecified = MediaTiming(fillMode: .forwards)
        #expect(unspecified.resolvedDuration() == 0.25)
        #expect(unspecified.resolvedDuration(inherited: 1) == 1)
        #expect(unspecified.localTime(at: 0.7, inheritedDuration: 1) == 0.7)
        #expect(unspecified.localTime(at: 0.7) == 0.25)
        #expect(MediaTiming(duration: 2, repeatCount: 1.5, autoreverses: true).activeDuration() == 6)
    }

    @Test func nonFiniteTimeIsInactive() {
        #expect(MediaTiming(duration: 1, fillMode: .both).localTime(at: .nan) == nil)
    }

    @Test func removedOnCompletionBeatsForwardFill() {
        let kept = BasicAnimation(
            from: 0.0, to: 10.0, timing: MediaTiming(duration: 1, fillMode: .forwards, isRemovedOnCompletion: false))
        var removed = kept
        removed.timing.isRemovedOnCompletion = true
        #expect(kept.presentationValue(at: 2, model: 5) == 10)
        #expect(removed.presentationValue(at: 2, model: 5) == 5)
        #expect(removed.presentationValue(at: 0.5, model: 5) == 5)  // 0 + (10 − 0) · 0.5
    }

    private func expectLocalTime(_ row: TimingCase) {
        let local = row.timing.localTime(at: row.parentTime)
        if let expected = row.expected {
            #expect(local.map { isClose($0, expected, 1e-9) } == true, "got \(String(describing: local)), want \(expected)")
        } else {
            #expect(local == nil)
        }
    }
}
