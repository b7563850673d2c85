import ShatterCore
import ShatterEffects
import ShatterSoftware
import Testing

/// The CPU renderer's breathing flower, pixel by pixel: wherever petals overlap, the color is the
/// screen composite of exactly those petals' colors over black.
@Suite struct BreatheFrameTests {
    /// The color expected well inside (or outside) every circle: `1 − Π(1 − c·opacity)` per channel,
    /// and how many circles cover the pixel. nil where the pixel centre is within a pixel of any circle's
    /// edge (anti-aliased there).
    static func expectedScreen(x: Int, y: Int, circles: [Breathe.Circle]) -> (color: SIMD3<Double>, count: Int)? {
        let pixel = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
        var keep = SIMD3<Double>(repeating: 1)
        var count = 0
        for circle in circles where circle.opacity > 0 {
            let d = pixel - circle.centre
            let distance = (d.x * d.x + d.y * d.y).squareRoot() - circle.radius
            if abs(distance) < 1 { return nil }
            if distance < 0 {
                keep *= SIMD3(repeating: 1) - circle.color * circle.opacity
                count += 1
            }
        }
        return (SIMD3(repeating: 1) - keep, count)
    }

    /// The largest channel difference, in 8-bit steps, between the render and the exact composite, per
    /// number of overlapping circles.
    static func worstErrors(phase: Double) throws -> [Int: Double] {
        let flower = Breathe()
        let time = phase * Breathe.cycleDuration
        let image = try SoftwareRenderer().render(flower.displayList(at: time))
        let circles = flower.petals(at: time) + flower.ghosts(at: time)
        var worst = [Int: Double]()
        for y in 0..<image.height {
            for x in 0..<image.width {
                guard let expected = expectedScreen(x: x, y: y, circles: circles) else { continue }
                let p = image[x, y]
                let error = SIMD3(Double(p.r), Double(p.g), Double(p.b)) - expected.color * 255
                worst[expected.count] = max(
                    worst[expected.count] ?? 0, abs(error.x), abs(error.y), abs(error.z),
                    abs(Double(p.a) - 255))
            }
        }
        return worst
    }

    /// Phases with no ghost: up to six petals overlap (0.25 has every count from 1 to 6).
    @Test(arguments: [0.2, 0.25, 0.3, 0.4, 0.45, 0.9])
    func overlapsAreTheScreenCompositeOfTheirPetals(phase: Double) throws {
        let worst = try Self.worstErrors(phase: phase)
        #expect(worst.keys.contains(0) && worst.keys.contains(2), "overlap counts seen: \(worst.keys.sorted())")
        if phase == 0.25 {
            #expect(Set(worst.keys).isSuperset(of: 0...6), "overlap counts seen: \(worst.keys.sorted())")
        }
        for (count, error) in worst {
            #expect(error <= 1, "\(count) petals overlapping: off by \(error) / 255")
        }
    }

    /// With the ghost petals (opacity below 1) up to twelve circles overlap; each layer's color is
    /// rounded to 8 bits before it blends and the result again after, so n layers stay within n steps
    /// of the exact composite.
    @Test(arguments: [0.55, 0.6, 0.75])
    func ghostsScreenOnTopWithinTheirRounding(phase: Double) throws {
        let worst = try Self.worstErrors(phase: phase)
        #expect(worst.keys.contains { $0 > 6 }, "ghosts overlap the petals: \(worst.keys.sorted())")
        for (count, error) in worst {
            #expect(error <= Double(max(count, 1)), "\(count) circles overlapping: off by \(error) / 255")
        }
    }

    @Test func theClosedFlowerIsOneDiscOfAllSixColorsScreened() throws {
        let image = try SoftwareRenderer().render(Breathe().displayList(at: 0))
        // Six petals of radius 24 on one spot: 255 · (1 − Π(1 − c_k)) = (201.59, 254.84, 254.08).
        let centre = image[184, 224]
        #expect(abs(Double(centre.r) - 201.59) <= 1 && abs(Double(centre.g) - 254.84) <= 1)
        #expect(abs(Double(centre.b) - 254.08) <= 1 && centre.a == 255)
        #expect(image[184 + 26, 224] == .opaqueBlack)
        #expect(image[184 + 22, 224] == centre)
        // The rim is anti-aliased: pixel centre (16.5, 17.5) from the centre is 0.05 outside the edge.
        let rim = image[184 + 16, 224 + 17]
        #expect(rim.g > 0 && rim.g < 254)
    }

    @Test(arguments: [1, 2, 64])
    func anyPetalCountDraws(petals: Int) throws {
        let flower = try Breathe(parameters: .init(petals: petals))
        let image = try SoftwareRenderer().render(flower.displayList(at: 0.4 * Breathe.cycleDuration))
        // Fully open: every petal passes through the centre; the petal 0 centre shows its color alone
        // only with one petal, and is lit with any number.
        let lit = image.pixels.enumerated().filter { $0.offset % 4 == 1 && $0.element > 0 }.count
        #expect(lit > 3 * 80 * 80)  // at least the area of one radius-80 petal
        for circle in flower.petals(at: 0.4 * Breathe.cycleDuration).prefix(3) {
            let p = image[Int(circle.centre.x), Int(circle.centre.y)]
            #expect(p.g >= UInt8(circle.color.y * 255 - 1), "petal centre is at least its own color")
        }
    }
}
