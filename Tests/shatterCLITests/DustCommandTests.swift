import Foundation
import Shatter
import ShatterTestSupport
import Testing

@Suite struct DustCommandTests {
    @Test func rendersTheDefaultDustFromTheSnapshotToNothing() throws {
        let scratch = try TemporaryFolder()
        let out = scratch.file("dust")
        let run = try CLIRun.shatter(["render", "dust", "--size", "60x40", "--fps", "10", "--backend", "cpu", "--out", out])
        #expect(run.status == 0, "\(run.stderr)")
        // 2.3078 s at 10 fps: frames 0 … 24.
        #expect(scratch.contents(of: out).count == 25)
        #expect(
            try PNGDecoder.read(path: out + "/frame-00000.png")
                == DefaultScenes.presentedScreen(widthPoints: 60, heightPoints: 40, scale: 1))
        #expect(try PNGDecoder.read(path: out + "/frame-00024.png") == Image(width: 60, height: 40))
    }

    @Test func reverseFrameKIsForwardFrameLastMinusK() throws {
        let scratch = try TemporaryFolder()
        let common = [
            "render", "dust", "--size", "50x30", "--scale", "2", "--layers", "12", "--spread", "60x30",
            "--path", "css", "--seed", "4", "--fps", "8", "--backend", "cpu",
        ]
        let forward = try CLIRun.shatter(common + ["--out", scratch.file("forward")])
        let reverse = try CLIRun.shatter(common + ["--reverse", "--out", scratch.file("reverse")])
        #expect(forward.status == 0 && reverse.status == 0, "\(forward.stderr) \(reverse.stderr)")
        let frames = scratch.contents(of: scratch.file("forward"))
        #expect(frames.count == 19)  // 1.35·11/12 + 1 = 2.2375 s at 8 fps: frames 0 … 18
        #expect(scratch.contents(of: scratch.file("reverse")) == frames)
        for k in 0..<frames.count {
            let backwards = try PNGDecoder.read(path: scratch.file("reverse") + "/" + frames[k])
            let forwards = try PNGDecoder.read(path: scratch.file("forward") + "/" + frames[frames.count - 1 - k])
            #expect(backwards == forwards, "reverse frame \(k)")
        }
        // The reverse ends on the whole picture (at scale 2: 100x60 px).
        let last = try PNGDecoder.read(path: scratch.file("reverse") + "/" + frames[frames.count - 1])
        #expect(last == DefaultScenes.presentedScreen(widthPoints: 50, heightPoints: 30, scale: 2))
    }

    static let badOptions: [([String], String)] = [
        (["--layers", "0"], "--layers must be 1…255, not 0"),
        (["--layers", "256"], "--layers must be 1…255, not 256"),
        (["--layers", "-3"], "--layers must be 1…255, not -3"),
        (["--spread", "0x15"], "--spread"),
        (["--spread", "30"], "--spread"),
        (["--path", "spiral"], "'spiral'"),
        (["--scale", "-1"], "--scale must be a number above 0"),
        (["--size", "20000x10"], "too large"),
    ]

    @Test(arguments: badOptions)
    func badOptionsAreOneLineAndExit64(arguments: [String], expected: String) throws {
        let scratch = try TemporaryFolder()
        let out = scratch.file("never")
        let run = try CLIRun.shatter(["render", "dust", "--backend", "cpu", "--out", out] + arguments)
        #expect(run.status == 64)
        #expect(run.errorLines.count == 1)
        #expect(run.stderr.contains(expected), "\(run.stderr)")
        #expect(scratch.contents(of: out).isEmpty)
    }
}

@Suite struct SpriteCommandTests {
    @Test func theDrawnSnapShowsFrameTimeTimes48Over2ThenFrame0Again() throws {
        let scratch = try TemporaryFolder()
        let out = scratch.file("sprite")
        let run = try CLIRun.shatter(["render", "sprite", "--fps", "24", "--backend", "cpu", "--out", out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(scratch.contents(of: out).count == 49)  // 2 s at 24 fps: frames 0 … 48
        let player = try SpriteSheetPlayer(sheet: SnapSpriteSheet.drawn(), frameWidth: 80, frameHeight: 80)
        for (index, shown) in [(0, 0), (1, 1), (18, 18), (47, 47), (48, 0)] {
            let frame = try PNGDecoder.read(path: out + "/" + String(format: "frame-%05d.png", index))
            #expect(frame == player.frame(shown), "frame \(index)")
        }
    }

    @Test func aUserSheetWithItsFrameSizeFramesAndDuration() throws {
        let scratch = try TemporaryFolder()
        var sheet = Image(width: 30, height: 12)
        for x in 0..<30 { for y in 0..<12 { sheet[x, y] = RGBA8(r: UInt8(80 * (x / 10)), g: 0, b: 0, a: 255) } }
        try PNGEncoder.write(sheet, to: scratch.file("sheet.png"))
        let out = scratch.file("out")
        let run = try CLIRun.shatter([
            "render", "sprite", "--sheet", scratch.file("sheet.png"), "--frame-size", "10x12",
            "--sheet-frame-count", "2", "--duration", "1", "--fps", "4", "--scale", "2",
            "--backend", "cpu", "--out", out,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let reds = try (0...4).map { try PNGDecoder.read(path: out + "/" + String(format: "frame-%05d.png", $0)) }
            .map { $0[10, 12].r }
        #expect(reds == [0, 0, 80, 80, 0])  // two frames over 1 s, then back to frame 0
        #expect(try PNGDecoder.read(path: out + "/frame-00000.png").width == 20)

        let tooMany = try CLIRun.shatter([
            "render", "sprite", "--sheet", scratch.file("sheet.png"), "--frame-size", "10x12",
            "--sheet-frame-count", "4", "--backend", "cpu", "--out", scratch.file("never"),
        ])
        #expect(tooMany.status == 64)
        #expect(tooMany.errorLines.count == 1)
        #expect(tooMany.stderr.contains("holds 3 frames of 10x12 px; 4 asked for"), "\(tooMany.stderr)")
    }
}
