import ShatterCompare
import ShatterCore
import Testing

/// The pictures and words a person reads a comparison by: the palette's bands, the overlay, the
/// max-pooled thumbnail and the rule's sentence.
@Suite struct DiffPictureTests {
    @Test func paletteBandsFollowTheRulesChannelDelta() {
        #expect(DiffPalette(rule: .parity).bands.map(\.label) == ["1 (tolerated)", "2–8", "9–32", "33–255"])
        #expect(DiffPalette(rule: FuzzyRule(channelDelta: 0)).bands.map(\.label) == ["1–8", "9–32", "33–255"])
        #expect(DiffPalette(rule: FuzzyRule(channelDelta: 10)).bands.map(\.label) == ["1–10 (tolerated)", "11–32", "33–255"])
        let palette = DiffPalette(rule: .parity)
        #expect(palette.color(forDelta: 0) == nil)
        #expect(
            palette.color(forDelta: 2) == palette.color(forDelta: 8) && palette.color(forDelta: 8) != palette.color(forDelta: 9))
        #expect(palette.bands[3].hex == "#d7191c")
    }

    @Test func theOverlayColorsDifferencesOverAPaleExpectedImage() throws {
        let expected = Image(width: 4, height: 4, fill: .opaqueBlack)
        var actual = expected
        actual[1, 2] = RGBA8(r: 5, g: 0, b: 0, a: 255)
        actual[3, 3] = RGBA8(r: 0, g: 1, b: 0, a: 255)
        let palette = DiffPalette(rule: .parity)
        let overlay = try ImageDifference(expected: expected, actual: actual).overlay(palette: palette)
        #expect(overlay[1, 2] == palette.color(forDelta: 5) && overlay[3, 3] == palette.color(forDelta: 1))
        // Black, three quarters of the way to white.
        #expect(overlay[0, 0] == RGBA8(r: 191, g: 191, b: 191, a: 255))
    }

    @Test func aSingleDifferingPixelSurvivesTheThumbnail() throws {
        let expected = Image(width: 1600, height: 900, fill: RGBA8(r: 40, g: 90, b: 120, a: 255))
        var actual = expected
        actual[1234, 567] = RGBA8(r: 43, g: 90, b: 120, a: 255)
        let palette = DiffPalette(rule: .parity)
        let backdrop = Image(width: 160, height: 90, fill: RGBA8(r: 40, g: 90, b: 120, a: 255))
        let thumbnail = try ImageDifference(expected: expected, actual: actual).overlayThumbnail(over: backdrop, palette: palette)
        #expect(thumbnail.width == 160 && thumbnail.height == 90)
        // Averaged, one pixel in a 10×10 cell would move it by under one level; max-pooled, the cell
        // shows the pixel's band.
        #expect(thumbnail[123, 56] == palette.color(forDelta: 3))
        let colored = stride(from: 0, to: thumbnail.pixels.count, by: 4).filter {
            thumbnail.pixels[$0] != thumbnail.pixels[$0 + 1]
        }
        #expect(colored.count == 1)
    }

    @Test func theRuleReadsAsOneSentence() {
        #expect(
            FuzzyRule.parity.sentence
                == "A pixel differs when any of its channels is off by more than 1 (of 255); a frame passes "
                + "when at least 99.9% of its pixels do not differ and no pixel's four channels are off by more than 32 in sum.")
        let strict = FuzzyRule(channelDelta: 0, budget: .maxDifferentPixels(0), pixelDeltaThreshold: 0, ignoredBorder: 2)
        #expect(
            strict.sentence == "A pixel differs when any of its channels is off by more than 0 (of 255); a frame passes "
                + "when no pixel differs and no pixel's four channels are off by more than 0 in sum. "
                + "Pixels within 2 px of an edge are not compared.")
        #expect(FuzzyRule(budget: .maxDifferentPixels(5)).sentence.contains("when at most 5 of its pixels differ"))
    }
}
