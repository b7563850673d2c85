import Foundation
import Shatter
import ShatterTesting
import Testing

/// The dependency-free golden check, in a temporary folder: what a user's test sees on pass, on a
/// changed pixel, on a missing golden, and when recording.
@Suite struct GoldenImageTests {
    @Test func aMatchingImagePassesAndARoundingDifferenceToo() throws {
        let folder = try ImageFixtures.Folder()
        defer { folder.remove() }
        try PNGEncoder.write(ImageFixtures.frame, to: folder.file("splash.png"))
        #expect(try GoldenImage.check(ImageFixtures.frame, golden: folder.file("splash.png"), record: false) == .matched)
        #expect(
            try GoldenImage.check(ImageFixtures.roundedDifferently, golden: folder.file("splash.png"), record: false) == .matched)
        #expect(folder.contents() == ["splash.png"])
    }

    @Test func oneChangedPixelFailsWithExpectedActualAndDiffBesideTheGolden() throws {
        let folder = try ImageFixtures.Folder()
        defer { folder.remove() }
        let golden = folder.file("splash.png")
        try PNGEncoder.write(ImageFixtures.frame, to: golden)
        let changed = ImageFixtures.changed(by: 40)
        #expect {
            try GoldenImage.check(changed, golden: golden, record: false)
        } throws: { error in
            let text = "\(error)"
            return text.contains("splash.png does not match") && text.contains("summed RGBA difference is 40 at (20, 30)")
                && text.contains(folder.file("splash.diff.png"))
        }
        #expect(folder.contents() == ["splash.actual.png", "splash.diff.png", "splash.expected.png", "splash.png"])
        #expect(try PNGDecoder.read(path: folder.file("splash.actual.png")) == changed)
        #expect(try PNGDecoder.read(path: folder.file("splash.expected.png")) == ImageFixtures.frame)
        // The diff shows the changed pixel in the palette's color for 9–32… here 40: red, the rest pale gray.
        let diff = try PNGDecoder.read(path: folder.file("splash.diff.png"))
        #expect(diff[20, 30] == DiffPalette(rule: .parity).color(forDelta: 40))
        #expect(diff[0, 0].r == diff[0, 0].g && diff[0, 0].g == diff[0, 0].b)
        // Once the image passes again, the artifacts of the earlier failure go.
        try GoldenImage.check(ImageFixtures.frame, golden: golden, record: false)
        #expect(folder.contents() == ["splash.png"])
    }

    @Test func aMissingGoldenFailsAndSaysHowToRecordIt() throws {
        let folder = try ImageFixtures.Folder()
        defer { folder.remove() }
        #expect(throws: GoldenImageError.missing(path: folder.file("new.png"), actual: folder.file("new.actual.png"))) {
            try GoldenImage.check(ImageFixtures.frame, golden: folder.file("new.png"), record: false)
        }
        #expect("\(GoldenImageError.missing(path: "a.png", actual: "a.actual.png"))".contains("SHATTER_RECORD_GOLDENS=1"))
        #expect(folder.contents() == ["new.actual.png"])
    }

    @Test func recordingWritesAMissingOrChangedGoldenAndKeepsAMatchingOne() throws {
        let folder = try ImageFixtures.Folder()
        defer { folder.remove() }
        let golden = folder.file("sub/splash.png")
        #expect(try GoldenImage.check(ImageFixtures.frame, golden: golden, record: true) == .recorded)
        #expect(try PNGDecoder.read(path: golden) == ImageFixtures.frame)
        // Within the rule: the golden stays as it was, so re-recording on a GPU does not churn files.
        #expect(try GoldenImage.check(ImageFixtures.roundedDifferently, golden: golden, record: true) == .matched)
        #expect(try PNGDecoder.read(path: golden) == ImageFixtures.frame)
        let changed = ImageFixtures.changed(by: 40)
        #expect(try GoldenImage.check(changed, golden: golden, record: true) == .recorded)
        #expect(try PNGDecoder.read(path: golden) == changed)
    }

    @Test func anImageOfAnotherSizeFailsWithBothSizes() throws {
        let folder = try ImageFixtures.Folder()
        defer { folder.remove() }
        try PNGEncoder.write(ImageFixtures.frame, to: folder.file("splash.png"))
        #expect {
            try GoldenImage.check(Image(width: 41, height: 60), golden: folder.file("splash.png"), record: false)
        } throws: { error in
            "\(error)".contains("the images differ in size: 40x60 expected, 41x60 actual")
        }
        #expect(folder.contents() == ["splash.actual.png", "splash.expected.png", "splash.png"])
    }
}
