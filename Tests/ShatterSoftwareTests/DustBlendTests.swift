import CLanes
import ShatterCore
import ShatterTestSupport
import Testing

@testable import ShatterSoftware

/// The dust row's blend (`dust_blend.c`) at every tier this processor runs against `SpecBlend.pixel`,
/// word for word, on the colors its float sums get wrong: sums within a few float steps of a half level,
/// where only the exact path rounds right. And it must leave the row's planes zeroed for the next row.
@Suite struct DustBlendTests {
    /// A row of colors (red, green, blue, alpha) over destination words.
    struct Row {
        var colors: [SIMD4<Float>] = []
        var words: [UInt32] = []
    }

    /// Every whole level's half, 255·s = n + ½, approached from both sides a float step at a time (opaque,
    /// so the sum is 255·s alone); 200 translucent colors over a byte whose sum in float rounds to the
    /// wrong level;
    /// half-level sums of a color at half opacity over odd bytes; then random colors, zeros, NaN, −0 and
    /// out-of-range values. Words from a fixed generator where the case does not set them.
    static func nearHalfLevels() -> Row {
        var row = Row()
        var random = SplitMix64(seed: 49)
        func add(_ color: SIMD4<Float>, over word: UInt32? = nil) {
            row.colors.append(color)
            row.words.append(word ?? UInt32(truncatingIfNeeded: random.next()))
        }
        for level in 0..<255 {
            let half = Float((Double(level) + 0.5) / 255)
            var (low, high) = (half, half)
            for _ in 0..<12 {
                add(SIMD4(low, high, half, 1))
                (low, high) = (low.nextDown, high.nextUp)
            }
        }
        // s·255 + d·(1 − a) = n + ½ solved for s, then a few float steps either side, kept where the sum in
        // float rounds to another level than the spec's (what the float path must never store).
        var wrongInFloat = 0
        while wrongInFloat < 200 {
            let alpha = random.unit()
            let byte = UInt32(random.byte())
            let rest = Double(byte) * (1 - Double(alpha))
            let level = (rest + Double(random.unit()) * 255 * Double(alpha)).rounded(.down)
            var s = Float((level + 0.5 - rest) / 255)
            for _ in 0..<Int(random.next() % 5) { s = random.next() % 2 == 0 ? s.nextUp : s.nextDown }
            guard s >= 0, s <= alpha else { continue }
            let scaled = s * 255
            let kept = Float(byte) * (1 - alpha)
            let inFloat = UInt32(min((scaled + kept).rounded(.toNearestOrEven), 255))
            guard inFloat != SpecBlend.channel(s, over: byte, factor: alpha) else { continue }
            wrongInFloat += 1
            add(SIMD4(s, s, s, alpha), over: byte * 0x0101_0101)
        }
        for byte in stride(from: UInt32(1), to: 256, by: 2) {
            // d·(1 − ½) is a half level exactly; a source a little above 0 pushes it off.
            for s: Float in [0, 0x1p-24, 0x1p-20, 0x1p-17] { add(SIMD4(s, s.nextUp, 0, 0.5), over: byte * 0x0101_0101) }
        }
        for _ in 0..<500 {
            let alpha = random.unit()
            add(SIMD4(random.unit() * alpha, random.unit() * alpha, random.unit() * alpha, alpha))
        }
        for color in [.zero, SIMD4(-0.0, 0, 0, 0), SIMD4(.nan, 0.2, 0, 0.5), SIMD4(1.5, -0.2, 0.5, 2), SIMD4<Float>(0, 0, 0, -1)]
        {
            add(color)
        }
        return row
    }

    @Test(arguments: CPUTier.runnable)
    func nearHalfLevelsBlendAsTheSpecDoes(tier: CPUTier) {
        let row = Self.nearHalfLevels()
        let count = row.colors.count
        let plane = shatter_dust_plane(count)
        var planes = [Float](repeating: 0, count: 4 * plane)
        for (k, color) in row.colors.enumerated() {
            for c in 0..<4 { planes[c * plane + k] = color[c] }
        }
        var words = row.words
        DustRowKernel.tiers[tier].blend.row(&planes, Int32(count), &words)
        var wrong = 0
        for k in 0..<count {
            let color = row.colors[k]
            let expected = color == .zero ? row.words[k] : SpecBlend.pixel(color, over: row.words[k], screen: false)
            if words[k] != expected { wrong += 1 }
        }
        #expect(wrong == 0, "\(wrong) of \(count) words differ from SpecBlend's")
        #expect(planes.allSatisfy { $0 == 0 && $0.sign == .plus }, "the planes are left zeroed")
    }
}
