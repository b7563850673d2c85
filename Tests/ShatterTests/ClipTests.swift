import Foundation
import Shatter
import ShatterTestSupport
import Testing

@Suite struct ClipTests {
    static func red(_ k: Int) -> RGBA8 { RGBA8(r: 200, g: UInt8(10 * k), b: 0, a: 255) }

    @Test func aPatternNumbersFramesFromOneAndAFolderTakesNameOrder() throws {
        let scratch = try TemporaryFolder()
        let root = scratch.path
        try ClipFixtures.sequence(
            in: root + "/p", count: 5, width: 4, height: 3, name: { String(format: "shot-%03d.png", $0 + 1) },
            color: Self.red)
        let pattern = try Clip(path: root + "/p/shot-%03d.png", frameRate: 10)
        #expect(pattern.frameCount == 5)
        #expect(try pattern.frame(index: 3)[0, 0] == Self.red(3))
        // Name order: "b10" sorts before "b2", and a folder follows its names, not numbers.
        try ClipFixtures.sequence(
            in: root + "/f", count: 3, width: 4, height: 3, name: { ["b2.png", "b10.png", "a.png"][$0] },
            color: Self.red)
        let folder = try Clip(path: root + "/f", frameRate: 10)
        #expect(try [0, 1, 2].map { try folder.frame(index: $0)[0, 0] } == [Self.red(2), Self.red(1), Self.red(0)])
    }

    @Test func frameIShowsTheClipFrameAtIOverFpsAndAShortClipHoldsItsLast() throws {
        let scratch = try TemporaryFolder()
        let root = scratch.path
        try ClipFixtures.sequence(in: root, count: 4, width: 2, height: 2, color: Self.red)
        let clip = try Clip(path: root, frameRate: 30)
        #expect((0..<8).map { clip.frameIndex(at: Double($0) / 30) } == [0, 1, 2, 3, 3, 3, 3, 3])
        #expect(try clip.frame(at: 7.0 / 30)[1, 1] == Self.red(3))
        // A render at 60 fps of a 30 fps clip shows each clip frame twice.
        let slow = try Clip(path: root, frameRate: 30)
        #expect((0..<6).map { slow.frameIndex(at: Double($0) / 60) } == [0, 0, 1, 1, 2, 2])
    }

    @Test func aMissingClipOrAFrameOfAnotherSizeIsNamed() throws {
        let scratch = try TemporaryFolder()
        let root = scratch.path
        #expect(throws: ClipError.notFound(path: root + "/nothing.mp4")) { try Clip(path: root + "/nothing.mp4", frameRate: 30) }
        try ClipFixtures.sequence(in: root, count: 2, width: 4, height: 4, color: Self.red)
        try PNGEncoder.write(Image(width: 5, height: 4, fill: .opaqueBlack), to: root + "/00002.png")
        let clip = try Clip(path: root, frameRate: 30)
        #expect(throws: ClipError.self) { try clip.frame(index: 2) }
    }

    @Test(.enabled(if: ClipFixtures.ffmpegAvailable, "needs ffmpeg on PATH"))
    func aVideoStreamsTheSameFramesInOrderOrOutOfOrder() throws {
        let scratch = try TemporaryFolder()
        let root = scratch.path
        try ClipFixtures.sequence(in: root + "/png", count: 20, width: 6, height: 4, color: Self.red)
        // FFV1 in RGB is lossless: the decoded frames are the PNGs exactly.
        try ClipFixtures.ffmpeg([
            "-framerate", "25", "-i", root + "/png/%05d.png", "-c:v", "ffv1", "-pix_fmt", "bgr0", root + "/v.mkv",
        ])
        let video = try Clip(path: root + "/v.mkv", frameRate: 60)
        #expect(video.isVideo && video.frameCount == 20 && video.frameRate == 25 && video.width == 6 && video.height == 4)
        #expect(try (0..<20).map { try video.frame(index: $0)[3, 2] } == (0..<20).map(Self.red))
        // Backwards and far ahead: a fresh decoder is started at the frame.
        #expect(try [17, 2, 19, 0, 9].map { try video.frame(index: $0)[0, 0] } == [17, 2, 19, 0, 9].map(Self.red))
        #expect(video.frameIndex(at: 0.5) == 12 && video.frameIndex(at: 3) == 19)
    }

    @Test(.enabled(if: ClipFixtures.ffmpegAvailable, "needs ffmpeg on PATH"))
    func aFileThatIsNotAVideoIsRefusedWithFfprobesReason() throws {
        let scratch = try TemporaryFolder()
        let root = scratch.path
        let path = root + "/notes.mp4"
        try Data("hello".utf8).write(to: URL(fileURLWithPath: path))
        #expect { try Clip(path: path, frameRate: 30) } throws: { error in
            guard case ClipError.notAVideo(let named, _) = error else { return false }
            return named == path
        }
    }
}

@Suite struct ClipFitTests {
    static let portrait = Image(width: 3, height: 5, fill: RGBA8(r: 255, g: 0, b: 0, a: 255))

    @Test func aClipOfAnotherSizeIsRefusedNamingBothSizes() {
        let fitting = ClipFitting(fit: nil, width: 8, height: 6)
        #expect(throws: ClipError.sizeMismatch(role: "to", width: 3, height: 5, outputWidth: 8, outputHeight: 6)) {
            try fitting.fitted(Self.portrait, role: "to")
        }
        let message = "\(ClipError.sizeMismatch(role: "to", width: 3, height: 5, outputWidth: 8, outputHeight: 6))"
        #expect(message.contains("3x5") && message.contains("8x6"))
    }

    @Test func containLetterboxesAPortraitClipWithTheBackground() throws {
        let blue = RGBA8(r: 0, g: 0, b: 255, a: 255)
        let out = try ClipFitting(fit: .contain, width: 9, height: 5, background: blue).fitted(Self.portrait, role: "from")
        #expect(out.width == 9 && out.height == 5)
        // 3x5 in 9x5: scale 1, columns 3…5 are the picture, three columns each side the background.
        #expect(
            (0..<9).map { out[$0, 2] } == [
                blue, blue, blue, Self.portrait[0, 0], Self.portrait[0, 0], Self.portrait[0, 0], blue, blue, blue,
            ])
    }

    @Test func coverFillsAndStretchChangesProportionsOddSizesIncluded() throws {
        var striped = Image(width: 3, height: 5, fill: .opaqueBlack)
        for x in 0..<3 { striped[x, 0] = RGBA8(r: 255, g: 255, b: 255, a: 255) }  // a white top row
        let cover = try ClipFitting(fit: .cover, width: 7, height: 7).fitted(striped, role: "from")
        // Scaled by 7/3 to 7×11.67, centered: the white top row is cut off.
        #expect(cover.width == 7 && cover.height == 7 && (0..<7).allSatisfy { cover[$0, 0].r < 128 })
        let stretch = try ClipFitting(fit: .stretch, width: 7, height: 7).fitted(striped, role: "from")
        #expect(stretch[3, 0].r == 255 && stretch[3, 6].r == 0)
        let same = try ClipFitting(fit: .cover, width: 3, height: 5).fitted(striped, role: "from")
        #expect(same == striped)
    }
}
