import ShatterEffects
import ShatterTestSupport
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

/// The flower's timeline (BreatheTimeline, built with the Core Animation model) against the spec's formulas.
@Suite("Breathe timeline")
struct BreatheTimelineTests {
    static let flower = Breathe()

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
        let time = (Double(loop) + expected.phase) * Breathe.cycleDuration
        let state = Self.flower.state(at: time)
        #expect(isClose(state.petalOffset, expected.petalOffset, 1e-9))
        #expect(isClose(state.petalRadius, expected.petalRadius, 1e-9))
        #expect(isClose(state.rotation, radians(expected.rotationDegrees), 1e-9))
        #expect(isClose(state.ghostOpacity, expected.ghostOpacity, 1e-9))
        #expect(isClose(state.ghostScale, expected.ghostScale, 1e-9))
    }
}
