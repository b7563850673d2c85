import ShatterAnimation
import Testing

/// Expected Breathe state at one phase of the 10.5 s cycle, from the spec's piecewise formulas
/// (effects-originals §3.2): u rises 0→1 over phases 0.1…0.4, holds to 0.5, falls back by 0.95.
struct BreathePhase: Sendable, CustomTestStringConvertible {
    let phase: Double
    let petalOffset: Double  // 80 · u
    let petalRadius: Double  // 24 + 56 · u
    let rotationDegrees: Double  // container rotation
    let ghostOpacity: Double
    let ghostScale: Double

    var testDescription: String { "phase \(phase)" }
}

@Suite("Breathe timeline")
struct BreatheTimelineTests {
    static let duration = 10.5
    static let centre = Point(x: 184, y: 224)
    static let loop = MediaTiming(duration: duration, repeatCount: .infinity)

    static var petal: Layer {
        var model = LayerState()
        model.position = centre
        var layer = Layer(model: model)
        let keyTimes = [0.1, 0.4, 0.5, 0.95]
        layer.add(
            .group(
                AnimationGroup(
                    timing: loop,
                    animations: [
                        .property(
                            \.position.x,
                            KeyframeAnimation(values: [centre.x, centre.x - 80, centre.x - 80, centre.x], keyTimes: keyTimes)),
                        .property(
                            \.transform.scale, KeyframeAnimation(values: [1, 80.0 / 24, 80.0 / 24, 1], keyTimes: keyTimes)),
                    ])), forKey: "petal")
        return layer
    }

    static var container: Layer {
        var layer = Layer()
        layer.add(
            .property(
                \.transform.rotation,
                KeyframeAnimation(
                    values: [radians(-60), radians(-60), radians(60), radians(60), radians(-60)],
                    keyTimes: [0, 0.1, 0.4, 0.5, 0.95], timing: loop)), forKey: "rotate")
        return layer
    }

    static var ghost: Layer {
        var model = LayerState()
        model.opacity = 0
        var layer = Layer(model: model)
        layer.add(
            .group(
                AnimationGroup(
                    timing: loop,
                    animations: [
                        .property(\.opacity, KeyframeAnimation(values: [0, 0.3, 0], keyTimes: [0.45, 0.5, 0.8])),
                        .property(\.transform.scale, KeyframeAnimation(values: [1, 1, 0.78], keyTimes: [0, 0.5, 0.8])),
                    ])), forKey: "ghost")
        return layer
    }

    static let phases: [BreathePhase] = [
        BreathePhase(phase: 0.05, petalOffset: 0, petalRadius: 24, rotationDegrees: -60, ghostOpacity: 0, ghostScale: 1),
        BreathePhase(phase: 0.1, petalOffset: 0, petalRadius: 24, rotationDegrees: -60, ghostOpacity: 0, ghostScale: 1),
        BreathePhase(
            phase: 0.25, petalOffset: 80 * (0.15 / 0.3), petalRadius: 24 + 56 * (0.15 / 0.3),
            rotationDegrees: -60 + 120 * (0.15 / 0.3), ghostOpacity: 0, ghostScale: 1),
        BreathePhase(phase: 0.4, petalOffset: 80, petalRadius: 80, rotationDegrees: 60, ghostOpacity: 0, ghostScale: 1),
        BreathePhase(phase: 0.45, petalOffset: 80, petalRadius: 80, rotationDegrees: 60, ghostOpacity: 0, ghostScale: 1),
        BreathePhase(phase: 0.5, petalOffset: 80, petalRadius: 80, rotationDegrees: 60, ghostOpacity: 0.3, ghostScale: 1),
        BreathePhase(
            phase: 0.65, petalOffset: 80 * (1 - 0.15 / 0.45), petalRadius: 24 + 56 * (1 - 0.15 / 0.45),
            rotationDegrees: 60 - 120 * (0.15 / 0.45), ghostOpacity: 0.3 * (1 - 0.15 / 0.3),
            ghostScale: 1 - 0.22 * (0.15 / 0.3)),
        BreathePhase(
            phase: 0.8, petalOffset: 80 * (1 - 0.3 / 0.45), petalRadius: 24 + 56 * (1 - 0.3 / 0.45),
            rotationDegrees: 60 - 120 * (0.3 / 0.45), ghostOpacity: 0, ghostScale: 0.78),
        BreathePhase(phase: 0.95, petalOffset: 0, petalRadius: 24, rotationDegrees: -60, ghostOpacity: 0, ghostScale: 0.78),
        BreathePhase(phase: 0.99, petalOffset: 0, petalRadius: 24, rotationDegrees: -60, ghostOpacity: 0, ghostScale: 0.78),
    ]

    @Test("Petals, flower rotation and ghost across the cycle", arguments: phases, [0, 3])
    func cycle(_ expected: BreathePhase, loop: Int) {
        // Loop 3 checks the same phases after three repeats.
        let time = (Double(loop) + expected.phase) * Self.duration
        let petal = Self.petal.presentation(at: time)
        #expect(isClose(Self.centre.x - petal.position.x, expected.petalOffset, 1e-9))
        #expect(isClose(24 * petal.transform.scale, expected.petalRadius, 1e-9))
        #expect(petal.position.y == Self.centre.y)
        #expect(isClose(Self.container.presentation(at: time).transform.rotation, radians(expected.rotationDegrees), 1e-9))
        let ghost = Self.ghost.presentation(at: time)
        #expect(isClose(ghost.opacity, expected.ghostOpacity, 1e-9))
        #expect(isClose(ghost.transform.scale, expected.ghostScale, 1e-9))
    }
}
