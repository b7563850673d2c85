import ShatterAnimation
import ShatterTestSupport
import Testing

@Suite("Keyframe animations")
struct KeyframeAnimationTests {
    /// The value at `fraction` of a 1 s animation over model 0.
    func value<Value>(_ animation: KeyframeAnimation<Value>, _ fraction: Double, model: Value) -> Value {
        var held = animation
        held.timing = MediaTiming(duration: 1, fillMode: .forwards, isRemovedOnCompletion: false)
        return held.presentationValue(at: fraction, model: model)
    }

    func value(_ animation: KeyframeAnimation<Double>, _ fraction: Double) -> Double {
        value(animation, fraction, model: -1)
    }

    // Discrete: values [10, 20, 30] on boundaries [0, 0.2, 0.7, 1] (N + 1 key times).
    @Test(
        "Discrete with N + 1 key times",
        arguments: [
            (0.0, 10.0), (0.19, 10), (0.2, 20), (0.69, 20), (0.7, 30), (0.99, 30), (1.0, 30),
        ])
    func discreteWithKeyTimes(fraction: Double, expected: Double) {
        let steps = KeyframeAnimation(values: [10.0, 20, 30], keyTimes: [0, 0.2, 0.7, 1], calculationMode: .discrete)
        #expect(value(steps, fraction) == expected)
    }

    // Discrete without key times: value i on [i/N, (i+1)/N), N = 4.
    @Test(
        "Discrete without key times",
        arguments: [
            (0.0, 1.0), (0.249, 1), (0.25, 2), (0.5, 3), (0.74, 3), (0.75, 4), (0.999, 4), (1.0, 4),
        ])
    func discreteEvenlySpaced(fraction: Double, expected: Double) {
        let steps = KeyframeAnimation(values: [1.0, 2, 3, 4], calculationMode: .discrete)
        #expect(value(steps, fraction) == expected)
        // A key-time count that fits neither N nor N + 1 is ignored: same as none.
        var invalid = steps
        invalid.keyTimes = [0, 1]
        #expect(value(invalid, fraction) == expected)
    }

    @Test func discreteWithOneKeyTimePerValue() {
        // N key times: each value from its key time until the next, the last until the end.
        let steps = KeyframeAnimation(values: [1.0, 2, 3], keyTimes: [0, 0.5, 0.9], calculationMode: .discrete)
        #expect(value(steps, 0.49) == 1)
        #expect(value(steps, 0.5) == 2)
        #expect(value(steps, 0.95) == 3)
    }

    // Uneven values [0, 1, 10]: linear gives each segment half the time, paced gives time by
    // distance (1 of 10 for the first segment, 9 of 10 for the second).
    @Test("Paced versus linear on uneven values", arguments: [0.05, 0.1, 0.25, 0.5, 0.75])
    func pacedVersusLinear(fraction: Double) {
        let linear = KeyframeAnimation(values: [0.0, 1, 10])
        var paced = linear
        paced.calculationMode = .paced
        let linearExpected = fraction <= 0.5 ? 1 * (fraction / 0.5) : 1 + 9 * ((fraction - 0.5) / 0.5)
        #expect(isClose(value(linear, fraction), linearExpected))
        #expect(isClose(value(paced, fraction), 10 * fraction))  // constant speed: 10 units per second
    }

    @Test func pacedIgnoresKeyTimesAndSegmentCurves() {
        let paced = KeyframeAnimation(
            values: [Point(x: 0, y: 0), Point(x: 3, y: 4), Point(x: 3, y: 14)],
            keyTimes: [0, 0.9, 1], timingFunctions: [.easeIn, .easeOut],
            calculationMode: .paced)
        // Lengths 5 and 10: a third of the time reaches the corner.
        #expect(isClose(value(paced, 1.0 / 3, model: .zero), Point(x: 3, y: 4)))
        #expect(isClose(value(paced, 2.0 / 3, model: .zero), Point(x: 3, y: 4 + 10 * 0.5)))
        #expect(isClose(value(paced, 0.2, model: .zero), Point(x: 3 * 0.6, y: 4 * 0.6)))  // 3 of 5 units
    }

    @Test func linearKeyTimesAndSegmentTimingFunctions() {
        let animation = KeyframeAnimation(
            values: [0.0, 10, 40], keyTimes: [0, 0.5, 1],
            timingFunctions: [.easeIn, .linear])
        #expect(isClose(value(animation, 0.25), 10 * referenceBezier(0.42, 0, 1, 1, at: 0.5), 1e-6))
        #expect(isClose(value(animation, 0.75), 10 + 30 * 0.5))
        #expect(value(animation, 0.5) == 10)
    }

    @Test func overallTimingFunctionWarpsBeforeKeyTimes() {
        let animation = KeyframeAnimation(values: [0.0, 10, 40], keyTimes: [0, 0.5, 1], timingFunction: .easeOut)
        let warped = referenceBezier(0, 0, 0.58, 1, at: 0.4)  // ≈ 0.571: already in segment 2
        #expect(warped > 0.5)
        #expect(isClose(value(animation, 0.4), 10 + 30 * (warped - 0.5) / 0.5, 1e-5))
    }

    // Key times [0.2, 0.6] that do not span 0…1: hold the first value before, the last after.
    @Test(
        "Key times inside 0…1 hold the ends",
        arguments: [
            (0.0, 0.0), (0.1, 0), (0.2, 0), (0.4, 10 * (0.4 - 0.2) / 0.4), (0.6, 10), (0.8, 10), (1.0, 10),
        ])
    func keyTimesInsideUnitHold(fraction: Double, expected: Double) {
        let animation = KeyframeAnimation(values: [0.0, 10], keyTimes: [0.2, 0.6])
        #expect(isClose(value(animation, fraction), expected))
    }

    @Test(
        "Invalid key times fall back to even spacing",
        arguments: [
            [0.0, 0.7], [0.0, 0.8, 0.3], [0.0, .nan, 1],
        ])
    func invalidKeyTimesAreIgnored(keyTimes: [Double]) {
        let animation = KeyframeAnimation(values: [0.0, 10, 40], keyTimes: keyTimes)
        #expect(isClose(value(animation, 0.25), 5))
        #expect(isClose(value(animation, 0.75), 25))
    }

    @Test func degenerateValueLists() {
        #expect(value(KeyframeAnimation<Double>(values: []), 0.5) == -1)  // nothing to show: model
        #expect(value(KeyframeAnimation(values: [7.0]), 0.5) == 7)
        // Equal key times make an instant jump.
        let jump = KeyframeAnimation(values: [0.0, 1, 5, 6], keyTimes: [0, 0.5, 0.5, 1])
        #expect(isClose(value(jump, 0.25), 0.5))
        #expect(isClose(value(jump, 0.75), 5.5))
    }

    // Cubic mode: uniform Catmull-Rom, written out as its polynomial, end values repeated.
    @Test("Cubic mode is Catmull-Rom", arguments: [0.0, 0.1, 0.3, 1.0 / 3, 0.5, 0.6, 0.9, 1.0])
    func cubicMode(fraction: Double) {
        let points = [0.0, 1, 3, 2]
        let animation = KeyframeAnimation(values: points, calculationMode: .cubic)
        let scaled = min(fraction * 3, 2.999_999_999)
        let segment = Int(scaled)
        let t = fraction * 3 - Double(segment)
        let p0 = points[max(segment - 1, 0)]
        let p1 = points[segment]
        let p2 = points[segment + 1]
        let p3 = points[min(segment + 2, 3)]
        let catmullRom =
            0.5
            * (2 * p1 + (-p0 + p2) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t * t
                + (-p0 + 3 * p1 - 3 * p2 + p3) * t * t * t)
        #expect(isClose(value(animation, fraction), catmullRom, 1e-9))
    }

    @Test func cubicModeOvershootsWhereLinearCannot() {
        // Through 0, 10, 10, 0 a spline bulges above 10 between the equal keys.
        let cubic = KeyframeAnimation(values: [0.0, 10, 10, 0], calculationMode: .cubic)
        #expect(value(cubic, 0.5) > 10)
        #expect(value(KeyframeAnimation(values: [0.0, 10, 10, 0]), 0.5) == 10)
    }

    @Test func cubicPacedMovesAtConstantSpeed() {
        // A monotonic spline over 0…3: constant speed means the value is 3 · fraction.
        let animation = KeyframeAnimation(values: [0.0, 1, 3], calculationMode: .cubicPaced)
        for fraction in [0.1, 0.25, 0.5, 0.8] {
            #expect(isClose(value(animation, fraction), 3 * fraction, 1e-3), "at \(fraction)")
        }
    }
}
