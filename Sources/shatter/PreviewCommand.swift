import ArgumentParser
import Foundation
import Shatter

/// `shatter preview`: one subcommand per effect, like `render`.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Write a self-contained HTML page that plays an effect in the browser's WebGL2, with a scrubber.",
        discussion: """
            The frames are drawn by the GL backend while it records its calls (programs, uniforms, textures, \
            vertex data, blending); the page replays them with the shaders of Shaders/ on the viewer's own GL, \
            and shows the settings and the `shatter render` command that renders the same frames. A page holds \
            at most \(WebGLPreview.maximumBytes >> 20) MB of frame data: lower --fps, use --frames A-B, a smaller \
            --size or a larger --point-size for more. Needs a GL to record (llvmpipe does); open the page in any \
            browser with WebGL2. Add #frame=N to its address to open it paused at frame N.
            """,
        subcommands: EffectRegistry.previewCommands
    )
}

/// `shatter preview <effect> [effect options] [timing] [--out FILE.html]`.
struct PreviewEffect<Options: EffectOptions>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: Options.Made.name, abstract: "Preview in the browser: " + Options.abstract)
    }

    @OptionGroup var effect: Options
    @OptionGroup var timing: TimingOptions
    @Option(help: ArgumentHelp("The page to write.", valueName: "FILE.html"))
    var out: String = "preview.html"
    @Option(
        name: .customLong("check-frames"),
        help: ArgumentHelp(
            "Frames the page holds to the CPU renderer's when opened (evenly spaced, first and last among them), or all.",
            valueName: "N|all"))
    var check: CheckedFrames = .count(5)
    @OptionGroup var device: DeviceOption

    func run() throws {
        try OutputFile.check([(option: "--out", path: out)], inputs: effect.inputPaths, regularOnly: ["--out"])
        let made = try effect.makeEffect(EffectContext(fps: timing.rate.fps, background: nil))
        let frames = try FrameSelection(
            timeline: FrameTimeline(duration: made.duration, fps: timing.rate.fps), range: timing.range,
            reversed: made.playsBackwards)
        let preview = try Self.preview(
            of: made, fps: timing.rate.fps, after: "preview", dropping: ["--out", "--check-frames"])
        let gl: GLRenderer
        do {
            gl = try GLRenderer(options: .init(deviceIndex: try device.resolvedIndex()))
        } catch let error as GLError {
            // The page replays the GL backend's own calls, so there is no CPU way round (--backend cpu).
            throw CLIFailure(
                description: "\(error); shatter preview records the GL backend's calls, so it needs a GL: "
                    + "Mesa's EGL with llvmpipe will do (Tools/setup.sh installs it)")
        }
        defer { gl.close() }
        let recorded = try preview.record(
            made, times: frames.indices.map(frames.time(of:)), gl: gl, checked: check.checked(of: frames.count)
        ) { done, total in
            Terminal.status("shatter: recorded \(done)/\(total)")
        }
        Terminal.endStatus()
        let page = try preview.page(recorded)
        try OutputFile.write(Array(page.utf8), to: out)
        print(
            "shatter preview: \(recorded.recording.frames.count) frames (\(recorded.references.count) checked against the "
                + "CPU renderer when opened), \(page.utf8.count >> 10) kB: \(out)")
    }

    /// `--check-frames`: a number of frames, or all.
    enum CheckedFrames: ExpressibleByArgument {
        case count(Int)
        case all

        init?(argument: String) {
            if argument == "all" {
                self = .all
            } else if let count = Int(argument), count >= 0 {
                self = .count(count)
            } else {
                return nil
            }
        }

        func checked(of total: Int) -> Int {
            switch self {
            case .count(let count): count
            case .all: total
            }
        }
    }

    /// The page's frame for `made`: its title, its settings, and the `shatter render` command for the same
    /// frames, which is this command's words after `subcommand` less its own options (`dropping`, with
    /// their values, and `flags`). Shared by `shatter preview` and `shatter compare <effect>`'s report.
    static func preview(
        of made: Options.Made, fps: Double, after subcommand: String, dropping: Set<String>, flags: Set<String> = []
    ) throws -> WebGLPreview {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return WebGLPreview(
            title: "shatter preview \(Options.Made.name)",
            command: renderCommand(CommandLine.arguments, after: subcommand, dropping: dropping, flags: flags),
            settings: String(decoding: try encoder.encode(made.parameters), as: UTF8.self), fps: fps)
    }

    /// The `shatter render` command for `arguments`' words after `subcommand`, less the options in
    /// `dropping` (with their values, given apart or after `=`) and the `flags`.
    static func renderCommand(_ arguments: [String], after subcommand: String, dropping: Set<String>, flags: Set<String>)
        -> String
    {
        var words = ["shatter", "render"]
        var rest = arguments.drop { $0 != subcommand }.dropFirst()[...]
        while let word = rest.popFirst() {
            if dropping.contains(word) {
                _ = rest.popFirst()
            } else if !flags.contains(word), !dropping.contains(where: { word.hasPrefix($0 + "=") }) {
                words.append(word)
            }
        }
        return words.map(Self.quoted).joined(separator: " ")
    }

    /// A word as a POSIX shell reads it back.
    static func quoted(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,+@%".contains($0) }
        return plain && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
