import ShatterAnimation
import ShatterTestSupport
import Testing

struct EndPointCase: Sendable, CustomTestStringConvertible {
    let label: String
    let from: Double?, to: Double?, by: Double?
    let expectedAtHalf: Double

    var testDescription: String { label }
}

@Suite("Basic and additive animations")
struct BasicAnimationTests {
    static let model = 10.0

    // Core Animation's from/to/by table, checked half-way (model value 10).
    static let endPoints: [EndPointCase] = [
        EndPointCase(label: "from + to", from: 2, to: 8, by: nil, expectedAtHalf: (2 + 8) / 2),
        EndPointCase(label: "from + by", from: 2, to: nil, by: 4, expectedAtHalf: (2 + (2 + 4)) / 2),
        EndPointCase(label: "to + by", from: nil, to: 8, by: 4, expectedAtHalf: ((8 - 4) + 8) / 2),
        EndPointCase(label: "from only", from: 2, to: nil, by: nil, expectedAtHalf: (2 + model) / 2),
        EndPointCase(label: "to only", from: nil, to: 8, by: nil, expectedAtHalf: (model + 8) / 2),
        EndPointCase(label: "by only", from: nil, to: nil, by: 4, expectedAtHalf: (model + (model + 4)) / 2),
        EndPointCase(label: "all three: by ignored", from: 2, to: 8, by: 100, expectedAtHalf: (2 + 8) / 2),
        EndPointCase(label: "none: no effect", from: nil, to: nil, by: nil, expectedAtHalf: model),
    ]

    @Test("from / to / by", arguments: endPoints)
    func endPointRules(_ row: EndPointCase) {
        let animation = BasicAnimation(from: row.from, to: row.to, by: row.by, timing: MediaTiming(duration: 2))
        #expect(isClose(animation.presentationValue(at: 1, model: Self.model), row.expectedAtHalf))
    }

    @Test func timingFunctionShapesProgress() {
        let animation = BasicAnimation(from: 0.0, to: 100.0, timing: MediaTiming(duration: 4), timingFunction: .easeIn)
        #expect(isClose(animation.presentationValue(at: 1, model: 0), 100 * referenceBezier(0.42, 0, 1, 1, at: 0.25), 1e-4))
    }

    @Test func additiveAddsToTheModelValue() {
        let wobble = BasicAnimation(from: 0.0, to: 6.0, timing: MediaTiming(duration: 1), isAdditive: true)
        #expect(isClose(wobble.presentationValue(at: 0.5, model: 100), 100 + 3))
        #expect(wobble.presentationValue(at: 2, model: 100) == 100)  // removed: model again
        // An additive "by" starts from the additive identity, not the model value.
        let nudge = BasicAnimation<Double>(by: 4, timing: MediaTiming(duration: 1), isAdditive: true)
        #expect(isClose(nudge.presentationValue(at: 0.5, model: 100), 100 + 2))
    }

    @Test func additiveKeyframesOnPoints() {
        let offset = Point(x: -4.5, y: -9)
        let ripple = KeyframeAnimation(values: [.zero, offset, .zero], timing: MediaTiming(duration: 2), isAdditive: true)
        let model = Point(x: 135, y: 135)
        #expect(isClose(ripple.presentationValue(at: 0.5, model: model), model + offset * 0.5))
        #expect(isClose(ripple.presentationValue(at: 1, model: model), model + offset))
    }

    @Test func additiveLayerAnimationsStack() {
        var layer = Layer()
        layer.model.position = Point(x: 10, y: 10)
        layer.add(
            .property(\.position, BasicAnimation(to: Point(x: 30, y: 10), timing: MediaTiming(duration: 1))), forKey: "move")
        layer.add(
            .property(
                \.position, BasicAnimation(from: .zero, to: Point(x: 0, y: 8), timing: MediaTiming(duration: 1), isAdditive: true)
            ))
        // Move half-way (20, 10), then add half the offset (0, 4).
        #expect(isClose(layer.presentation(at: 0.5).position, Point(x: 20, y: 14)))
        // Replacing by key keeps the order and drops the old animation.
        layer.add(.property(\.position.y, BasicAnimation(to: 0.0, timing: MediaTiming(duration: 1))), forKey: "move")
        #expect(layer.animationKeys == ["move", nil])
        #expect(isClose(layer.presentation(at: 0.5).position, Point(x: 10, y: 5 + 4)))
        layer.removeAnimation(forKey: "move")
        #expect(isClose(layer.presentation(at: 0.5).position, Point(x: 10, y: 14)))
        layer.removeAllAnimations()
        #expect(layer.presentation(at: 0.5) == layer.model)
    }

    @Test func colorsAndRectsInterpolateComponentwise() {
        let blue = Color(red: 15.0 / 255, green: 78.0 / 255, blue: 101.0 / 255)
        let fade = BasicAnimation(from: Color.white, to: blue, timing: MediaTiming(duration: 1))
        let half = fade.presentationValue(at: 0.5, model: .clear)
        #expect(isClose(half, Color(red: (1 + 15.0 / 255) / 2, green: (1 + 78.0 / 255) / 2, blue: (1 + 101.0 / 255) / 2)))
        let shrink = BasicAnimation(
            from: Rect(x: -37.5, y: -37.5, width: 75, height: 75),
            to: Rect(x: -7, y: -7, width: 14, height: 14), timing: MediaTiming(duration: 1))
        #expect(shrink.presentationValue(at: 0.5, model: .zero) == Rect(x: -22.25, y: -22.25, width: 44.5, height: 44.5))
    }
}
