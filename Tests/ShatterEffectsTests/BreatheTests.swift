import ShatterCore
import ShatterEffects
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The flower's geometry and colors at key phases, against values worked out by hand from the
/// original's constants (effects-originals §3).
@Suite struct BreatheTests {
    let flower = Breathe()
    let centre = SIMD2<Double>(184, 224)

    func time(_ phase: Double, cycle: Int = 0) -> Double { (Double(cycle) + phase) * 10.5 }

    func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let d = a - b
        return (d.x * d.x + d.y * d.y).squareRoot()
    }

    @Test(arguments: [0, 2])
    func fullyOpenAtPhase04(cycle: Int) {
        let petals = flower.petals(at: time(0.4, cycle: cycle))
        #expect(petals.count == 6)
        for petal in petals {
            #expect(abs(distance(petal.centre, centre) - 80) < 1e-9)
            #expect(abs(petal.radius - 80) < 1e-9)
        }
        #expect(abs(flower.state(at: time(0.4, cycle: cycle)).rotation - .pi / 3) < 1e-9)
        // Petal 0 starts 80 points left of the centre; the flower has turned +60° (clockwise on screen,
        // y down), which carries it up and to the left: (184 − 80·cos 60°, 224 − 80·sin 60°).
        #expect(abs(petals[0].centre.x - (184 - 40)) < 1e-9)
        #expect(abs(petals[0].centre.y - (224 - 80 * 0.8660254037844386)) < 1e-9)
        // Petal 1 is turned a further −60°: it sits straight left of the centre.
        #expect(abs(petals[1].centre.x - 104) < 1e-9 && abs(petals[1].centre.y - 224) < 1e-9)
    }

    @Test(arguments: [0.0, 0.05, 0.1, 0.95, 0.99])
    func closedAtTheEndsOfTheCycle(phase: Double) {
        for petal in flower.petals(at: time(phase)) {
            #expect(abs(petal.radius - 24) < 1e-9)
            #expect(distance(petal.centre, centre) < 1e-9)
        }
        #expect(abs(flower.state(at: time(phase)).rotation + .pi / 3) < 1e-9)
    }

    @Test func petalColorsStepByOneSixthOfTheRamp() {
        let petals = flower.petals(at: time(0.3))
        for k in 0..<6 {
            let expected = SIMD3(0.17 + Double(k) * 0.14 / 6, 0.59 + Double(k) * 0.26 / 6, 0.60 + Double(k) * 0.02 / 6)
            #expect(abs(petals[k].color.x - expected.x) < 1e-12)
            #expect(abs(petals[k].color.y - expected.y) < 1e-12)
            #expect(abs(petals[k].color.z - expected.z) < 1e-12)
        }
        // Rounded as the issue writes them: (0.17 + k·0.02333, 0.59 + k·0.04333, 0.60 + k·0.00333).
        #expect(abs(petals[5].color.x - (0.17 + 5 * 0.02333)) < 1e-4)
        #expect(abs(petals[5].color.y - (0.59 + 5 * 0.04333)) < 1e-4)
        #expect(abs(petals[5].color.z - (0.60 + 5 * 0.00333)) < 1e-4)
        #expect(petals[5].color.y < Breathe.lastPetalColor.y)  // stops one step short, as the original
    }

    @Test func ghostShowsOnlyAsThePetalsStartToClose() {
        #expect(abs(flower.state(at: time(0.5)).ghostOpacity - 0.3) < 1e-9)
        for phase in [0.0, 0.2, 0.4, 0.44, 0.449, 0.8, 0.801, 0.9, 0.99] {
            #expect(flower.state(at: time(phase)).ghostOpacity == 0, "phase \(phase)")
        }
        #expect(flower.state(at: time(0.6)).ghostOpacity > 0.1)
        // Scale about the flower centre: at 0.8 the ghost circles are 0.78 × 80 from the centre, radius 62.4.
        let ghosts = flower.ghosts(at: time(0.7))
        let scale = 1 - 0.22 * (0.2 / 0.3)
        for ghost in ghosts {
            #expect(abs(distance(ghost.centre, centre) - 80 * scale) < 1e-9)
            #expect(abs(ghost.radius - 80 * scale) < 1e-9)
        }
    }

    @Test func theDisplayListCarriesTheStateInPixels() throws {
        let flower = try Breathe(parameters: .init(scale: 2))
        let list = flower.displayList(at: time(0.6))
        #expect(list.width == 736 && list.height == 896)
        #expect(list.clearColor == .opaqueBlack)
        #expect(list.commands.count == 2)
        guard case .instancedCircles(let petals) = list.commands[0], case .instancedCircles(let ghosts) = list.commands[1] else {
            Issue.record("expected two instanced circle batches")
            return
        }
        let s = flower.state(at: time(0.6))
        #expect(petals.count == 6 && ghosts.count == 6)
        #expect(petals.blend == .screen && ghosts.blend == .screen)
        #expect(petals.centre == SIMD2(368, 448))
        #expect(abs(Double(petals.radius) - 2 * s.petalRadius) < 1e-4)
        #expect(abs(Double(petals.circleCentre.x) + 2 * s.petalOffset) < 1e-4)
        #expect(abs(Double(petals.angleStep) + .pi / 3) < 1e-6)
        #expect(abs(Double(ghosts.opacity) - s.ghostOpacity) < 1e-6)
        // No ghost draw while it is invisible.
        #expect(flower.displayList(at: time(0.3)).commands.count == 1)
    }

    @Test(arguments: [1, 5, 64])
    func anyPetalCountSharesTheCircleAndTheRamp(petals: Int) throws {
        let flower = try Breathe(parameters: .init(petals: petals))
        let circles = flower.petals(at: time(0.4))
        #expect(circles.count == petals)
        #expect(abs(flower.angleStep + 2 * .pi / Double(petals)) < 1e-12)
        let last = circles[petals - 1].color
        #expect(abs(last.y - (0.59 + 0.26 * Double(petals - 1) / Double(petals))) < 1e-12)
    }
}
