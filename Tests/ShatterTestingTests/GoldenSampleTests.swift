import Shatter
import ShatterTesting
import Testing

/// The README's sample without a snapshot library: a frame against `Goldens/breathe-3s.png` beside this
/// file, by the parity rule. `SHATTER_RECORD_GOLDENS=1 swift test` records it again.
@Suite struct GoldenSampleTests {
    @Test func breatheAtThreeSeconds() throws {
        let flower = try Breathe(parameters: .init(width: 120, height: 140))
        let frame = try SoftwareRenderer().render(flower.displayList(at: 3))
        try assertMatchesGolden(frame, named: "breathe-3s")
    }
}
