import ShatterAnimation
import ShatterTestSupport
import Testing

@Suite("Animation groups")
struct AnimationGroupTests {
    func opacity(group: MediaTiming, child: MediaTiming, at time: Double) -> Double {
        var layer = Layer()
        layer.model.opacity = -1
        layer.add(
            .group(
                AnimationGroup(
                    timing: group,
                    animations: [
                        .property(\.opacity, BasicAnimation(from: 0.0, to: 4.0, timing: child))
                    ])))
        return layer.presentation(at: time).opacity
    }

    @Test(
        "Children are clipped, not scaled",
        arguments: [
            (0.5, 0.5),  // child runs at its own pace: 4 units over 4 s
            (0.99, 0.99),
            (1.5, -1),  // group over: model value
        ])
    func clippedNotScaled(time: Double, expected: Double) {
        #expect(isClose(opacity(group: MediaTiming(duration: 1), child: MediaTiming(duration: 4), at: time), expected))
    }

    @Test(
        "Child timing is read in group time",
        arguments: [
            (1.0, -1.0),  // group started, child not yet (begins 0.5 in group time)
            (1.5 + 0.25, 0.25 * 4 / 1),  // group local 0.75 → child local 0.25 of 1 s
            (3.0, -1),  // child over at group local 2 → model (group still active)
        ])
    func childBeginIsGroupLocal(time: Double, expected: Double) {
        let group = MediaTiming(beginTime: 1, duration: 3)
        #expect(isClose(opacity(group: group, child: MediaTiming(beginTime: 0.5, duration: 1), at: time), expected))
    }

    @Test func groupSpeedAndRepeatDriveChildren() {
        let fast = MediaTiming(duration: 2, speed: 2, repeatCount: .infinity)
        // Parent 0.25 → group local 0.5 → child (inherits 2 s) at 0.25 of the way.
        #expect(isClose(opacity(group: fast, child: MediaTiming(), at: 0.25), 4 * 0.25))
        // Parent 1.25 → group local 2.5 mod 2 = 0.5 again.
        #expect(isClose(opacity(group: fast, child: MediaTiming(), at: 1.25), 4 * 0.25))
    }

    @Test func forwardFilledGroupHoldsOnlyChildrenThatReachItsEnd() {
        let held = MediaTiming(duration: 2, fillMode: .forwards, isRemovedOnCompletion: false)
        // Child ends with the group: holds its end value.
        #expect(isClose(opacity(group: held, child: MediaTiming(duration: 2), at: 5), 4))
        // Child ended earlier without fill: gone; with forward fill: held.
        #expect(isClose(opacity(group: held, child: MediaTiming(duration: 1), at: 5), -1))
        #expect(isClose(opacity(group: held, child: MediaTiming(duration: 1, fillMode: .forwards), at: 5), 4))
        // Children's isRemovedOnCompletion is ignored.
        #expect(
            isClose(
                opacity(group: held, child: MediaTiming(duration: 1, fillMode: .forwards, isRemovedOnCompletion: true), at: 5), 4)
        )
    }

    @Test func nestedGroupsComposeTime() {
        var layer = Layer()
        let inner = AnimationGroup(
            timing: MediaTiming(beginTime: 1, duration: 2),
            animations: [
                .property(\.cornerRadius, BasicAnimation(from: 0.0, to: 10.0))
            ])
        layer.add(.group(AnimationGroup(timing: MediaTiming(beginTime: 1, duration: 5), animations: [.group(inner)])))
        // Parent 3 → outer local 2 → inner local 1 of 2 → half-way.
        #expect(isClose(layer.presentation(at: 3).cornerRadius, 5))
        #expect(layer.presentation(at: 1.5).cornerRadius == 0)  // inner not begun: model
    }
}
