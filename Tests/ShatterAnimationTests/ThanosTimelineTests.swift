import ShatterAnimation
import ShatterTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Thanos snap timeline")
struct ThanosTimelineTests {
    /// 48 frames over 2 s, discrete, no key times, removed on completion (effects-originals §2.3).
    static var sprite: Layer {
        var layer = Layer()
        layer.add(
            .property(
                \.contentsRect.origin.x,
                KeyframeAnimation(
                    values: (0..<48).map { Double($0) / 48 }, timing: MediaTiming(duration: 2), timingFunction: .linear,
                    calculationMode: .discrete)), forKey: "snap")
        return layer
    }

    // Frame k shows for t in [k·2/48, (k+1)·2/48): 41.67 ms each.
    @Test(
        "Sprite frame index",
        arguments: [
            (0.0, 0), (0.0416, 0), (0.0417, 1), (1.0, Int(1.0 / (2.0 / 48))), (1.99, Int(1.99 / (2.0 / 48))),
            (2.0, 0),  // removed on completion: back to the model frame
            (-0.5, 0),  // not started
        ])
    func spriteFrame(time: Double, frame: Int) {
        let x = Self.sprite.presentation(at: time).contentsRect.origin.x
        #expect(isClose(x * 48, Double(frame), 1e-9))
    }

    @Test func spriteLastFrameIs47() {
        #expect(Int(1.99 / (2.0 / 48)) == 47)
        #expect(isClose(Self.sprite.presentation(at: 1.99).contentsRect.origin.x, 47.0 / 48))
    }

    // Dust layer i = 3 of 32 with fixed "random" draws (effects-originals §2.2).
    static let index = 3.0
    static let begin = 1.35 * index / 32
    static let radian1 = 0.1, radian2 = -0.05, direction = 1.0
    static let centre = Point(x: 160, y: 40)
    static let trans = Point(x: 30 * cos(direction), y: 15 * sin(direction))
    static let realTrans = Point(
        x: trans.x * cos(radian1) - trans.y * sin(radian1),
        y: trans.y * cos(radian1) + trans.x * sin(radian1))

    static func dust(removedOnCompletion: Bool = false) -> Layer {
        var model = LayerState()
        model.position = centre
        var layer = Layer(model: model)
        var path = Path()
        path.move(to: centre)
        path.addQuadCurve(to: centre + realTrans, control: centre + trans)
        layer.add(
            .group(
                AnimationGroup(
                    timing: MediaTiming(
                        beginTime: begin, duration: 1, fillMode: .forwards, isRemovedOnCompletion: removedOnCompletion),
                    animations: [
                        // No child durations: each takes the group's 1 s.
                        .property(\.position, PathAnimation(path: path, calculationMode: .paced)),
                        .property(\.transform.rotation, BasicAnimation(to: radian1 + radian2)),
                        .property(\.opacity, BasicAnimation(to: 0.0)),
                    ])))
        return layer
    }

    @Test func beforeAndAtBeginTheLayerIsUntouched() {
        for time in [0.0, Self.begin - 0.01, Self.begin] {
            let state = Self.dust().presentation(at: time)
            #expect(isClose(state.position, Self.centre))
            #expect(isClose(state.opacity, 1))
            #expect(isClose(state.transform.rotation, 0))
        }
    }

    @Test func middleIsHalfWayAlongTheArc() {
        let state = Self.dust().presentation(at: Self.begin + 0.5)
        let halfWay = bruteForcePacedQuad(Self.centre, Self.centre + Self.trans, Self.centre + Self.realTrans, fraction: 0.5)
        #expect(isClose(state.position, halfWay, 1e-3))
        #expect(isClose(state.opacity, 1 - 0.5))
        #expect(isClose(state.transform.rotation, (Self.radian1 + Self.radian2) * 0.5))
    }

    @Test("End and after hold the end state", arguments: [0.0, 0.5, 100])
    func endIsHeld(after: Double) {
        let state = Self.dust().presentation(at: Self.begin + 1 + after)
        #expect(isClose(state.position, Self.centre + Self.realTrans, 1e-9))
        #expect(isClose(state.opacity, 0))
        #expect(isClose(state.transform.rotation, Self.radian1 + Self.radian2))
    }

    @Test func removedOnCompletionSnapsBack() {
        let state = Self.dust(removedOnCompletion: true).presentation(at: Self.begin + 1.5)
        #expect(state.opacity == 1)
        #expect(state.position == Self.centre)
    }
}
