import Foundation
import Shatter
import ShatterTestSupport
import Testing

@Suite struct RenderCommandTests {
    @Test func rendersEveryFrameOfTheDefaultTransitionAsPNG() throws {
        let scratch = try TemporaryFolder()
        let out = scratch.file("frames")
        let run = try CLIRun.shatter(["render", "shatter", "--size", "60x40", "--backend", "cpu", "--out", out])
        #expect(run.status == 0, "\(run.stderr)")
        let files = scratch.contents(of: out)
        #expect(files.count == 73)  // 1.2 s at 60 fps: frames 0 … 72
        #expect(files.first == "frame-00000.png" && files.last == "frame-00072.png")
        #expect(run.stdout.hasPrefix("Rendered 73 frames to \(out)/"))
        // Frame 0 is the default snapshot, straight alpha, opaque.
        let first = try PNGDecoder.read(path: out + "/frame-00000.png")
        #expect(first == DefaultScenes.presentedScreen(widthPoints: 60, heightPoints: 40, scale: 1))
        let last = try PNGDecoder.read(path: out + "/frame-00072.png")
        #expect(last == DefaultScenes.destination(widthPoints: 60, heightPoints: 40, scale: 1))
    }

    @Test func userScreensAndOptionsAreHonoured() throws {
        let scratch = try TemporaryFolder()
        let from = Image(width: 50, height: 30, fill: RGBA8(r: 200, g: 10, b: 10, a: 255))
        let to = Image(width: 10, height: 10, fill: RGBA8(r: 0, g: 0, b: 255, a: 255))
        try PNGEncoder.write(from, to: scratch.file("from.png"))
        try PNGEncoder.write(to, to: scratch.file("to.png"))
        let out = scratch.file("out")
        let run = try CLIRun.shatter([
            "render", "shatter", "--from", scratch.file("from.png"), "--to", scratch.file("to.png"),
            "--scale", "2", "--point-size", "4", "--duration", "0.5", "--fps", "10",
            "--seed", "3", "--backend", "cpu", "--background", "#000000", "--out", out,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(scratch.contents(of: out).count == 6)
        // --scale 2 with a 50x30 --from: 25x15 points, 50x30 pixels.
        let first = try PNGDecoder.read(path: out + "/frame-00000.png")
        #expect(first == from)
        let last = try PNGDecoder.read(path: out + "/frame-00005.png")
        #expect(last.width == 50 && last.height == 30)
        #expect(last[25, 0] == RGBA8(r: 0, g: 0, b: 255, a: 255))  // the top has cleared to the destination
    }

    @Test func physicsEuler60StepsLikeTheOriginalAndCombinesWithTheRandomRange() throws {
        let scratch = try TemporaryFolder()
        func frame(_ physics: String) throws -> (Image, String) {
            let out = scratch.file(physics)
            let run = try CLIRun.shatter([
                "render", "shatter", "--size", "60x40", "--point-size", "2", "--backend", "cpu", "--frames", "36",
                "--physics", physics, "--out", out,
            ])
            #expect(run.status == 0, "\(run.stderr)")
            return (
                try PNGDecoder.read(path: out + "/frame-00036.png"),
                try String(contentsOfFile: out + "/manifest.json", encoding: .utf8)
            )
        }
        // The library's default piece, 2 points, asked for on the command line (whose default is auto).
        let screens = (
            from: Texture(image: DefaultScenes.presentedScreen(widthPoints: 60, heightPoints: 40, scale: 1)),
            to: Texture(image: DefaultScenes.destination(widthPoints: 60, heightPoints: 40, scale: 1))
        )
        var stepped: [Image] = []
        for (physics, range) in [("euler60", ShatteredTransition.RandomRange.original), ("euler60,textbook", .textbook)] {
            let (image, manifest) = try frame(physics)
            stepped.append(image)
            let effect = try ShatteredTransition(
                from: screens.from, to: screens.to,
                parameters: .init(
                    width: 60, height: 40, randomRange: range, motion: .euler60))
            #expect(image == (try SoftwareRenderer().render(effect.displayList(at: 0.6))), "\(physics)")
            #expect(
                manifest.contains("\"motion\" : \"euler60\"") && manifest.contains("\"randomRange\" : \"\(range)\""),
                "\(manifest)")
        }
        // The default motion is the closed form.
        let (closed, manifest) = try frame("original")
        #expect(closed != stepped[0] && stepped[0] != stepped[1])
        #expect(manifest.contains("\"motion\" : \"closed\""))
    }

    @Test func glWhereNoEGLWorksIsOneClearLineAndAutoFallsBackToTheCPU() throws {
        let scratch = try TemporaryFolder()
        let noDriver = ["__EGL_VENDOR_LIBRARY_FILENAMES": scratch.file("no-such-vendor.json")]
        let out = scratch.file("gl")
        let gl = try CLIRun.shatter(
            ["render", "shatter", "--size", "40x40", "--backend", "gl", "--out", out],
            environment: noDriver)
        #expect(gl.status == 1)
        #expect(gl.errorLines.count == 1)
        #expect(gl.stderr.hasPrefix("shatter: error: no headless EGL platform works here"))
        #expect(gl.stderr.contains("--backend cpu"))
        #expect(scratch.contents(of: out).isEmpty)

        let auto = try CLIRun.shatter(
            ["render", "shatter", "--size", "40x40", "--duration", "0", "--out", out],
            environment: noDriver)
        #expect(auto.status == 0)
        #expect(auto.stderr.hasPrefix("shatter: GL unavailable ("))
        #expect(auto.stdout.contains("(cpu: Shatter CPU renderer"))
        #expect(scratch.contents(of: out) == ["frame-00000.png"])
    }

    @Test func infoSaysWhatAutoPicks() throws {
        let run = try CLIRun.shatter(["info"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("auto picks: "))
        #expect(run.stdout.contains("CPU renderer: Shatter CPU renderer"))
    }

    /// A render pinned to one CPU (as Slurm's cpusets and `taskset` do) draws with one thread, not one
    /// per core of the machine.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/taskset"), "needs taskset (util-linux)"))
    func theCPURendererUsesTheCPUsItIsGiven() throws {
        let pinned = try CLIRun.command("/usr/bin/taskset", ["-c", "0", CLIRun.binary, "info"])
        #expect(pinned.status == 0, "\(pinned.stderr)")
        #expect(pinned.stdout.contains("CPU renderer: Shatter CPU renderer (1 thread)"), "\(pinned.stdout)")
    }

    @Test func helpListsTheCommands() throws {
        let run = try CLIRun.shatter(["--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("render") && run.stdout.contains("info"))
        let render = try CLIRun.shatter(["render", "shatter", "--help"])
        #expect(render.stdout.contains("--point-size") && render.stdout.contains("--backend"))
    }
}

@Suite struct AutoBackendTests {
    @Test(.enabled(if: GLSupport.isAvailable, "no EGL context can be made here, so auto has nothing to choose between"))
    func autoPrefersTheCPURendererOverASoftwareGL() throws {
        let gl = try GLRenderer()
        let s = try TemporaryFolder()
        let run = try CLIRun.shatter(["render", "shatter", "--size", "30x20", "--duration", "0", "--out", s.file("f")])
        #expect(run.status == 0)
        if gl.info.isSoftwareRasterizer {
            #expect(run.stderr.contains("a software rasteriser; rendering on Shatter's faster CPU renderer"))
            #expect(run.stdout.contains("(cpu: Shatter CPU renderer"))
        } else {
            #expect(run.stdout.contains("(gl: \(gl.info.renderer)"))
        }
    }
}
