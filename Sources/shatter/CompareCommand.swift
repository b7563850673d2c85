import ArgumentParser
import Shatter

/// The fuzzy rule and where the report goes: shared by `compare <effect>` and `compare --images`.
/// Every default is `FuzzyRule.parity`'s, the rule Shatter's own GL parity tests use.
struct CompareOptions: ParsableArguments {
    @Option(name: .customLong("max-different-pixels"), parsing: .unconditional,
            help: ArgumentHelp("Fail a frame when more pixels than this differ.", valueName: "N"))
    var maxDifferentPixels: Int?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Fail a frame when less than this share of pixels match (default \(Self.defaultBudget)).",
                               valueName: "P"))
    var precision: Double?

    @Option(name: .customLong("pixel-delta-threshold"), parsing: .unconditional,
            help: ArgumentHelp("Fail a frame when any pixel's summed RGBA difference exceeds this.", valueName: "D"))
    var pixelDeltaThreshold: Int = FuzzyRule.parity.pixelDeltaThreshold

    @Option(name: .customLong("channel-delta"), parsing: .unconditional,
            help: ArgumentHelp("A pixel differs when a channel differs by more than this.", valueName: "C"))
    var channelDelta: Int = FuzzyRule.parity.channelDelta

    @Option(name: .customLong("ignored-border"), parsing: .unconditional,
            help: ArgumentHelp("Leave out pixels this close to the edges.", valueName: "N"))
    var ignoredBorder: Int = FuzzyRule.parity.ignoredBorder

    @Option(help: ArgumentHelp("Folder for report.json, index.html, filmstrip.png and the images of failing frames.",
                               valueName: "DIR"))
    var out: String = "compare"

    @Flag(help: "Print report.json to stdout instead of the table.")
    var json = false

    @Flag(name: .customLong("keep-all"), help: "Keep expected, actual, diff and mask PNGs of passing frames too.")
    var keepAll = false

    @Flag(help: "Remove an earlier comparison's report from --out (its files only) before writing this one.")
    var overwrite = false

    /// The comparison session over `--out`.
    func session() throws -> CompareSession {
        try CompareSession(rule: rule, folder: out, keepAll: keepAll, replacing: overwrite)
    }

    func validate() throws {
        if maxDifferentPixels != nil && precision != nil {
            throw ValidationError("give --max-different-pixels or --precision, not both")
        }
        if let n = maxDifferentPixels, n < 0 { throw ValidationError("--max-different-pixels must be 0 or more, not \(n)") }
        if let p = precision, !(p >= 0 && p <= 1) { throw ValidationError("--precision must be between 0 and 1, not \(p)") }
        guard (0...255).contains(channelDelta) else { throw ValidationError("--channel-delta must be 0…255, not \(channelDelta)") }
        guard (0...1020).contains(pixelDeltaThreshold) else {
            throw ValidationError("--pixel-delta-threshold must be 0…1020, not \(pixelDeltaThreshold)")
        }
        guard (0...OptionLimits.maxBorder).contains(ignoredBorder) else {
            throw ValidationError("--ignored-border must be 0…\(OptionLimits.maxBorder), not \(ignoredBorder)")
        }
    }

    var rule: FuzzyRule {
        FuzzyRule(channelDelta: channelDelta,
                  budget: maxDifferentPixels.map { .maxDifferentPixels($0) } ?? precision.map { .precision($0) }
                      ?? FuzzyRule.parity.budget,
                  pixelDeltaThreshold: pixelDeltaThreshold, ignoredBorder: ignoredBorder)
    }

    /// Prints the per-frame table (or the JSON) and the verdict; exits 1 when a frame failed.
    func conclude(_ session: CompareSession, subject: String, expected: String, actual: String) throws {
        let report = try session.finish(subject: subject, expectedRenderer: expected, actualRenderer: actual)
        if json {
            print(String(decoding: try report.jsonData(), as: UTF8.self), terminator: "")
        } else {
            print("frame        t  result  differing px   largest Δ  summed Δ       PSNR     SSIM")
            for f in report.frames {
                let psnr = f.psnr.map { Self.fixed($0, 2) + " dB" } ?? "identical"
                print(Self.pad(String(f.index), 5) + Self.pad(Self.fixed(f.time, 4), 9) + Self.pad(f.passed ? "pass" : "FAIL", 8)
                      + Self.pad(String(f.differingPixels), 14) + Self.pad(String(f.largestChannelDifference), 12)
                      + Self.pad(String(f.largestSummedDifference), 10) + Self.pad(psnr, 11) + Self.pad(Self.fixed(f.ssim, 5), 9))
            }
            let verdict = report.passed ? "PASS" : "FAIL"
            print("\(verdict): \(report.frames.count - report.failingFrames.count)/\(report.frames.count) frames pass "
                  + "(expected: \(expected); actual: \(actual)); report: \(session.folder.path)/index.html")
            for f in report.failingFrames.prefix(5) { print("  frame \(f.index): \(f.reasons.joined(separator: "; "))") }
        }
        if !report.passed { throw ExitCode(1) }
    }

    /// The parity budget as the help states it: "0.999" (a share), or "at most N differing pixels".
    static var defaultBudget: String {
        switch FuzzyRule.parity.budget {
        case .precision(let share): "\(share)"
        case .maxDifferentPixels(let n): "at most \(n) differing pixels"
        }
    }

    private static func pad(_ s: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - s.count)) + s }
    private static func fixed(_ value: Double, _ digits: Int) -> String { Format.decimals(value, digits) }
}

/// `shatter compare`: the GL backend against the CPU reference, frame by frame, or two PNGs.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Render an effect on GL and CPU and compare them, or compare two PNGs (--images).",
        discussion: """
            A pixel differs when any channel differs by more than --channel-delta (default \
            \(FuzzyRule.parity.channelDelta)); a frame fails when too many pixels differ (--max-different-pixels, \
            or --precision, default \(CompareOptions.defaultBudget)) or any pixel's summed RGBA difference exceeds \
            --pixel-delta-threshold (default \(FuzzyRule.parity.pixelDeltaThreshold)). The defaults are the rule \
            Shatter's own GL parity tests use. Exit codes: 0 every frame passes, 1 a frame fails, 2 an error.
            """,
        subcommands: EffectRegistry.compareCommands
    )

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Compare two PNG files: expected, then actual.", valueName: "PNG"))
    var images: [String] = []

    @OptionGroup var options: CompareOptions

    func run() throws {
        // Checked here, not in validate(): ArgumentParser validates this command's options even when
        // an effect subcommand runs.
        guard images.count == 2 else {
            throw ValidationError("name an effect (shatter compare shatter) or give --images EXPECTED.png ACTUAL.png")
        }
        let expected = try PNGDecoder.read(path: images[0]), actual = try PNGDecoder.read(path: images[1])
        var session = try options.session()
        try session.add(frame: 0, time: 0, expected: expected, actual: actual)
        try options.conclude(session, subject: "\(images[0]) vs \(images[1])", expected: images[0], actual: images[1])
    }
}

/// `shatter compare <effect> [effect options]`: renders each selected frame on both backends.
struct CompareEffect<Options: EffectOptions>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: Options.Made.name, abstract: "Compare GL with the CPU renderer on: " + Options.abstract)
    }

    @OptionGroup var effect: Options
    @OptionGroup var timing: TimingOptions
    @OptionGroup var options: CompareOptions
    @OptionGroup var device: DeviceOption

    func run() throws {
        let made = try effect.makeEffect()
        let frames = try FrameSelection(timeline: FrameTimeline(duration: made.duration, fps: timing.rate.fps),
                                        range: timing.range, reversed: made.playsBackwards)
        let gl = try GLRenderer(options: .init(deviceIndex: try device.resolvedIndex()))
        defer { gl.close() }
        let cpu = SoftwareRenderer()
        var session = try options.session()
        try session.add(effect: made, frames: frames, expected: cpu, actual: gl) { done, total in
            Terminal.status("shatter: compared \(done)/\(total)")
        }
        Terminal.endStatus()
        try options.conclude(session, subject: Options.Made.name, expected: cpu.description,
                             actual: "\(gl.info.renderer) (\(gl.info.platform))")
    }
}
