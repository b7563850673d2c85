import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// Two clips joined by a transition into one video from Swift, through the real ffmpeg: the head, the
/// transition and the tail add up, and the sound lasts as long as the pictures.
@Suite(.enabled(if: ClipFixtures.ffmpegAvailable, "needs ffmpeg and ffprobe on PATH"))
struct VideoJoinTests {
    /// A 2-second 32×24 clip at 10 fps (20 frames), lossless (FFV1 in RGB), with a tone.
    static func clip(_ source: String, tone: Int, in folder: TemporaryFolder) throws -> Clip {
        let path = folder.file(source + ".mkv")
        try ClipFixtures.ffmpeg([
            "-f", "lavfi", "-i", "\(source)=size=32x24:rate=10:duration=2", "-f", "lavfi",
            "-i", "sine=frequency=\(tone):duration=2", "-c:v", "ffv1", "-pix_fmt", "bgr0", "-c:a", "flac", path,
        ])
        return try Clip(path: path, frameRate: 10)
    }

    @Test func headTransitionAndTailAddUpToBothClipsLessTheTransition() throws {
        let folder = try TemporaryFolder()
        let (a, b) = (try Self.clip("testsrc", tone: 440, in: folder), try Self.clip("testsrc2", tone: 1500, in: folder))
        #expect(a.frameCount == 20 && b.frameCount == 20 && a.hasAudio)
        let parameters = ShatteredTransition.Parameters(width: 32, height: 24, pointSize: 2, duration: 0.5)
        let fitting = ClipFitting(fit: nil, width: 32, height: 24)
        let join = try ClipDriven.joining(
            from: a, to: b, fps: 10, transitionDuration: parameters.duration, head: true, tail: true,
            fitting: { _ in fitting },
            transition: { from, to in
                try ShatteredTransition(from: try #require(from), to: try #require(to), parameters: parameters)
            })
        // ceil(0.5 · 10) + 1 = 6 transition frames; each clip has 20 − 6 = 14 frames beside it.
        #expect(join.join == ClipJoin(headFrames: 14, tailFrames: 14))

        var options = RenderSession<ClipDriven<ShatteredTransition>>.Options()
        options.fps = 10
        let path = folder.file("joined.mkv")
        var video = VideoRender(effect: join, path: path, options: options)
        video.audio = .crossfade
        let summary = try video.run(renderer: try Backend.cpu.makeRenderer())
        #expect(summary.written == 34 && !summary.interrupted)  // every frame of the video, head and tail too

        // 14 + 6 + 14 = 34 frames, 3.4 s, the sound as long.
        let joined = try Clip(path: path, frameRate: 10)
        #expect(joined.frameCount == 34 && joined.frameRate == 10 && joined.hasAudio)
        let duration = try ClipFixtures.probe(["-show_entries", "format=duration", path])
        #expect(abs((Double(duration) ?? 0) - 3.4) < 0.01, "\(duration)")
        // Matroska keeps a stream's length as a tag, HH:MM:SS.fraction.
        let sound = try ClipFixtures.probe(["-select_streams", "a:0", "-show_entries", "stream_tags=DURATION", path])
        let seconds = sound.split(separator: ":").reduce(0.0) { $0 * 60 + (Double($1) ?? .nan) }
        #expect(abs(seconds - 3.4) < 0.03, "\(sound)")
        // a plays up to the transition, which starts on a's frame 14; b goes on after it from its frame 6.
        for (k, expected) in [
            (0, try a.frame(index: 0)), (13, try a.frame(index: 13)), (14, try a.frame(index: 14)),
            (20, try b.frame(index: 6)), (33, try b.frame(index: 19)),
        ] {
            #expect(try joined.frame(index: k) == expected, "frame \(k)")
        }
    }

    @Test func aJoinOfSomeFramesOrTheSoundOfASilentSideIsRefusedAndLeavesNoVideo() throws {
        let folder = try TemporaryFolder()
        let (a, b) = (try Self.clip("testsrc", tone: 440, in: folder), try Self.clip("testsrc2", tone: 1500, in: folder))
        try PNGEncoder.write(Image(width: 32, height: 24, fill: .opaqueBlack), to: folder.file("still.png"))
        let still = try Clip(path: folder.file("still.png"), frameRate: 10)
        let parameters = ShatteredTransition.Parameters(width: 32, height: 24, duration: 0.3)
        let fitting = ClipFitting(fit: nil, width: 32, height: 24)
        func joining(_ from: Clip, _ to: Clip, head: Bool) throws -> ClipDriven<ShatteredTransition> {
            try ClipDriven.joining(
                from: from, to: to, fps: 10, transitionDuration: parameters.duration, head: head, fitting: { _ in fitting },
                transition: { try ShatteredTransition(from: $0!, to: $1!, parameters: parameters) })
        }
        var options = RenderSession<ClipDriven<ShatteredTransition>>.Options()
        options.fps = 10
        options.range = 0...1
        let path = folder.file("x.mkv")
        let partial = VideoRender(effect: try joining(a, b, head: true), path: path, options: options)
        #expect(throws: VideoError.partialJoin) { try partial.run(renderer: try Backend.cpu.makeRenderer()) }
        options.range = nil
        var silent = VideoRender(effect: try joining(a, still, head: false), path: path, options: options)
        silent.audio = .to
        #expect(throws: VideoError.silentClip(role: "to")) { try silent.run(renderer: try Backend.cpu.makeRenderer()) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("x.mkv") }.isEmpty)
    }

    /// Decoded frames of a lossless video.
    static func frames(_ path: String) throws -> [Image] {
        let clip = try Clip(path: path, frameRate: 10)
        return try (0..<clip.frameCount).map { try clip.frame(index: $0) }
    }

    @Test func threeClipsJoinWithAShatterAndADustAndTheirSoundAsLongAsThePictures() throws {
        let folder = try TemporaryFolder()
        let (a, b, c) = (
            try Self.clip("testsrc", tone: 440, in: folder), try Self.clip("testsrc2", tone: 1000, in: folder),
            try Self.clip("rgbtestsrc", tone: 1500, in: folder)
        )
        let path = folder.file("three.mkv")
        let join = VideoJoin(
            clips: [a, b, c],
            transitions: [
                .shatter(ShatteredTransition.Parameters(width: 32, height: 24, duration: 0.5)),
                .dust(DustEffect.Parameters(width: 32, height: 24, layers: 4), duration: 0.5),
            ],
            video: VideoEncoder.Request(path: path, width: 32, height: 24, fps: 10))
        // Two transitions of ceil(0.5 · 10) + 1 = 6 frames: 14 of a, 6, 8 of b, 6, 14 of c = 48 frames.
        #expect(join.layout.soloFrames == [14, 8, 14] && join.layout.totalFrames == 48)
        let summary = try join.run(renderer: try Backend.cpu.makeRenderer())
        #expect(summary.written == 48 && !summary.interrupted)
        let joined = try Self.frames(path)
        try #require(joined.count == 48)
        let duration = try ClipFixtures.probe(["-show_entries", "format=duration", path])
        #expect(abs((Double(duration) ?? 0) - 4.8) < 0.01, "\(duration)")
        let sound = try ClipFixtures.probe(["-select_streams", "a:0", "-show_entries", "stream_tags=DURATION", path])
        let seconds = sound.split(separator: ":").reduce(0.0) { $0 * 60 + (Double($1) ?? .nan) }
        #expect(abs(seconds - 4.8) < 0.03, "\(sound)")
        // Each seam: the clip alone up to the transition, which starts on the clip's next frame and ends on
        // the next clip's frame 5 (the dust all gone); then that clip goes on from its frame 6.
        for (k, expected) in [
            (0, try a.frame(index: 0)), (13, try a.frame(index: 13)), (14, try a.frame(index: 14)),
            (20, try b.frame(index: 6)), (27, try b.frame(index: 13)), (28, try b.frame(index: 14)),
            (33, try c.frame(index: 5)), (34, try c.frame(index: 6)), (47, try c.frame(index: 19)),
        ] {
            #expect(joined[k] == expected, "frame \(k)")
        }
    }

    @Test func twoClipsJoinedAreTheHeadTransitionAndTailOfRender() throws {
        let folder = try TemporaryFolder()
        let (a, b) = (try Self.clip("testsrc", tone: 440, in: folder), try Self.clip("testsrc2", tone: 1500, in: folder))
        let parameters = ShatteredTransition.Parameters(width: 32, height: 24, duration: 0.5)
        var joined = VideoJoin(
            clips: [a, b], transitions: [.shatter(parameters)],
            video: VideoEncoder.Request(path: folder.file("join.mkv"), width: 32, height: 24, fps: 10))
        joined.audio = .none
        _ = try joined.run(renderer: try Backend.cpu.makeRenderer())
        let fitting = ClipFitting(fit: nil, width: 32, height: 24)
        let effect = try ClipDriven.joining(
            from: a, to: b, fps: 10, transitionDuration: 0.5, head: true, tail: true, fitting: { _ in fitting },
            transition: { try ShatteredTransition(from: $0!, to: $1!, parameters: parameters) })
        var options = RenderSession<ClipDriven<ShatteredTransition>>.Options()
        options.fps = 10
        var render = VideoRender(effect: effect, path: folder.file("render.mkv"), options: options)
        render.audio = .none
        _ = try render.run(renderer: try Backend.cpu.makeRenderer())
        let (one, other) = (try Self.frames(folder.file("join.mkv")), try Self.frames(folder.file("render.mkv")))
        #expect(one.count == 34 && one == other)
    }

    @Test func aJoinOfOneClipOrOfClipsOfAnotherSizeIsRefusedAndLeavesNoVideo() throws {
        let folder = try TemporaryFolder()
        let a = try Self.clip("testsrc", tone: 440, in: folder)
        let path = folder.file("x.mkv")
        let shatter = VideoJoin.Transition.shatter(ShatteredTransition.Parameters(width: 32, height: 24))
        let one = VideoJoin(clips: [a], transitions: [], video: VideoEncoder.Request(path: path, width: 32, height: 24, fps: 10))
        #expect(throws: VideoJoinError.tooFewClips(1)) { try one.run(renderer: try Backend.cpu.makeRenderer()) }
        var wide = VideoJoin(
            clips: [a, a], transitions: [shatter], video: VideoEncoder.Request(path: path, width: 40, height: 24, fps: 10))
        #expect(throws: ClipError.self) { try wide.run(renderer: try Backend.cpu.makeRenderer()) }
        wide.fit = .contain
        wide.range = 0...99
        #expect(throws: FrameSelectionError.self) { try wide.run(renderer: try Backend.cpu.makeRenderer()) }
        // A shatter held to the dust's shortest transition: one bound for both.
        let instant = VideoJoin.Transition.shatter(ShatteredTransition.Parameters(width: 32, height: 24, duration: 1e-300))
        let short = VideoJoin(
            clips: [a, a], transitions: [instant], video: VideoEncoder.Request(path: path, width: 32, height: 24, fps: 10))
        #expect(throws: VideoJoinError.transitionDuration(1e-300, allowed: ParameterError.transitionDurations)) {
            try short.run(renderer: try Backend.cpu.makeRenderer())
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("x.mkv") }.isEmpty)
    }
}
