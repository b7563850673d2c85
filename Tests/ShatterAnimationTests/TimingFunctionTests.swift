import ShatterAnimation
import ShatterTestSupport
import Testing

@Suite("Timing functions")
struct TimingFunctionTests {
    /// The published control points of each named curve (Apple's CAMediaTimingFunctionName docs).
    static let named: [(String, TimingFunction, (Double, Double, Double, Double))] = [
        ("linear", .linear, (0, 0, 1, 1)),
        ("easeIn", .easeIn, (0.42, 0, 1, 1)),
        ("easeOut", .easeOut, (0, 0, 0.58, 1)),
        ("easeInEaseOut", .easeInEaseOut, (0.42, 0, 0.58, 1)),
        ("default", .default, (0.25, 0.1, 0.25, 1)),
    ]

    @Test("Named curves match their published control points", arguments: [0.25, 0.5, 0.75])
    func namedCurvesMatchReference(x: Double) {
        for (name, curve, points) in Self.named {
            #expect(isClose(curve.progress(at: x), reference(points, x), 1e-6), "\(name) at \(x)")
        }
    }

    @Test func easeInEaseOutIsSymmetric() {
        #expect(isClose(TimingFunction.easeInEaseOut.progress(at: 0.5), 0.5, 1e-9))
        let early = TimingFunction.easeInEaseOut.progress(at: 0.25)
        let late = TimingFunction.easeInEaseOut.progress(at: 0.75)
        #expect(isClose(early + late, 1, 1e-9))
        #expect(early < 0.25)  // eases in: behind linear early on
    }

    @Test func linearIsIdentityAndEndsArePinned() {
        for x in stride(from: 0.0, through: 1.0, by: 0.125) {
            #expect(isClose(TimingFunction.linear.progress(at: x), x, 1e-9))
        }
        let curve = TimingFunction(controlPoints: 0.3, 1.5, 0.7, -0.5)
        #expect(curve.progress(at: 0) == 0)
        #expect(curve.progress(at: 1) == 1)
        #expect(curve.progress(at: -2) == 0)
        #expect(curve.progress(at: 7) == 1)
    }

    /// The Fuber curves include x1 = 1 (a flat spot where Newton stalls) and steep middles.
    @Test(
        "Custom curves agree with bisection to 1e-6",
        arguments: [
            (1.00, 0.0, 0.35, 1.0), (0.25, 0.0, 0.20, 1.0), (0.65, 0.0, 0.40, 1.0),
            (0.15, 0.0, 0.85, 1.0), (0.6, 0.0, 0.15, 1.0), (0.5, 0.0, 0.5, 1.0), (0.3, 1.5, 0.7, -0.5),
        ])
    func customCurvesAgreeWithBisection(curve: (Double, Double, Double, Double)) {
        let function = TimingFunction(controlPoints: curve.0, curve.1, curve.2, curve.3)
        for step in 0...200 {
            let x = Double(step) / 200
            #expect(isClose(function.progress(at: x), reference(curve, x), 1e-6), "x = \(x)")
        }
    }

    @Test func controlPointXIsClampedToUnitInterval() {
        let curve = TimingFunction(controlPoints: -1, 0, 2, 1)
        #expect(curve.x1 == 0 && curve.x2 == 1)
        #expect(isClose(curve.progress(at: 0.5), referenceBezier(0, 0, 1, 1, at: 0.5), 1e-6))
    }
}
