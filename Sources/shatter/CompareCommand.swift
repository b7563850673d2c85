import ArgumentParser
import Foundation
import Shatter

/// The fuzzy rule and where the report goes: shared by `compare <effect>` and `compare --images`.
/// Every default is `FuzzyRule.parity`'s, the rule Shatter's own GL parity tests use.
struct CompareOptions: ParsableArguments {
    @Option(
        name: .customLong("max-different-pixels"), parsing: .unconditional,
        help: ArgumentHelp("Fail a frame when more pixels than this differ.", valueName: "N"))
    var maxDifferentPixels: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Fail a frame when less than this share of pixels match (default \(Self.defaultBudget)).",
            valueName: "P"))
    var precision: Double?

    @Option(
        name: .customLong("pixel-delta-threshold"), parsing: .unconditional,
        help: ArgumentHelp("Fail a frame when any pixel's summed RGBA difference exceeds this.", valueName: "D"))
    var pixelDeltaThreshold: Int = FuzzyRule.parity.pixelDeltaThreshold

    @Option(
        name: .customLong("channel-delta"), parsing: .unconditional,
        help: ArgumentHelp("A pixel differs when a channel differs by more than this.", valueName: "C"))
    var channelDelta: Int = FuzzyRule.parity.channelDelta

    @Option(
        name: .customLong("ignored-border"), parsing: .unconditional,
        help: ArgumentHelp("Leave out pixels this close to the edges.", valueName: "N"))
    var ignoredBorder: Int = FuzzyRule.parity.ignoredBorder

    @Option(
        name: .customLong("out"),
        help: ArgumentHelp(
            "Folder for report.json, index.html, filmstrip.png, an effect's preview.html and the images of failing frames (default: compare).",
            valueName: "DIR"))
    var givenOut: String?

    /// The report's folder: `--out`, else `compare`. Kept apart from what was given so `--update`, which
    /// writes no report, can refuse an `--out` it would otherwise ignore.
    var out: String { givenOut ?? "compare" }

    @Flag(help: "Print report.json to stdout instead of the table.")
    var json = false

    @Flag(name: .customLong("keep-all"), help: "Keep expected, actual, diff and mask PNGs of passing frames too.")
    var keepAll = false

    @Flag(
        help: ArgumentHelp(
            "Write the report into an --out that holds another comparison's report or other files, removing "
                + "only a report's files. (An --out holding only this comparison's earlier report is replaced "
                + "without it.)"))
    var overwrite = false

    @Option(
        help: ArgumentHelp(
            "Also write the verdicts as JUnit XML for CI: one test case per frame, a <failure> with the "
                + "reasons for each failing one.", valueName: "FILE"))
    var junit: String?

    /// Refuses, before anything is read, outputs that are one of `inputs` (the compared files and
    /// folders, an effect's clips) or lie inside one of them: the JUnit file and the report folder.
    func checkOutputs(against inputs: [String]) throws {
        try OutputFile.checkApart(out, option: "--out", from: inputs)
        if let junit { try OutputFile.checkApart(junit, option: "--junit", from: inputs) }
    }

    /// The comparison session of `subject` over `--out`, once the JUnit file is known to be writable.
    func session(subject: String) throws -> CompareSession {
        if let junit {
            let inOut = CompareSession.sameFolder(junit, out)
            if inOut, CompareSession.isReportFileName((junit as NSString).lastPathComponent) {
                throw ValidationError("--junit \(junit) is one of the comparison's own files in --out; give another name")
            }
            // Inside an --out not made yet, the session makes the folder; anywhere else it must be writable now.
            if !inOut || FileManager.default.fileExists(atPath: out) { try OutputFile.check(junit, option: "--junit") }
        }
        return try CompareSession(
            rule: rule, folder: out, subject: subject, keepAll: keepAll, replacing: overwrite,
            ownOutputs: junit.map { [$0] } ?? [])
    }

    func validate() throws {
        if maxDifferentPixels != nil && precision != nil {
            throw ValidationError("give --max-different-pixels or --precision, not both")
        }
        if let n = maxDifferentPixels, n < 0 { throw ValidationError("--max-different-pixels must be 0 or more, not \(n)") }
        if let p = precision, !(p >= 0 && p <= 1) { throw ValidationError("--precision must be between 0 and 1, not \(p)") }
        guard (0...255).contains(channelDelta) else {
            throw ValidationError("--channel-delta must be 0…255, not \(channelDelta)")
        }
        guard (0...1020).contains(pixelDeltaThreshold) else {
            throw ValidationError("--pixel-delta-threshold must be 0…1020, not \(pixelDeltaThreshold)")
        }
        guard (0...OptionLimits.maxBorder).contains(ignoredBorder) else {
            throw ValidationError("--ignored-border must be 0…\(OptionLimits.maxBorder), not \(ignoredBorder)")
        }
    }

    var rule: FuzzyRule {
        FuzzyRule(
            channelDelta: channelDelta,
            budget: maxDifferentPixels.map { .maxDifferentPixels($0) } ?? precision.map { .precision($0) }
                ?? FuzzyRule.parity.budget,
            pixelDeltaThreshold: pixelDeltaThreshold, ignoredBorder: ignoredBorder)
    }

    /// Prints the per-frame table (or the JSON) and the verdict; exits 1 when a frame failed.
    func conclude(_ session: CompareSession, subject: String, expected: String, actual: String, notes: [String] = []) throws {
        let report = try session.finish(subject: subject, expectedRenderer: expected, actualRenderer: actual, notes: notes)
        if let junit { try JUnitReport(report).write(to: junit) }
        if json {
            print(String(decoding: try report.jsonData(), as: UTF8.self), terminator: "")
        } else {
            print(CompareTable(report).text, terminator: "")
            let verdict = report.passed ? "PASS" : "FAIL"
            let noun = report.frames.contains { $0.index != nil } ? "frames" : "images"
            print(
                "\(verdict): \(report.counts.passed)/\(report.counts.frames) \(noun) pass "
                    + "(expected: \(expected); actual: \(actual)); report: \(session.folder.path)/index.html")
            for note in report.notes { print("  note: \(note)") }
            for f in report.framesWorstFirst.prefix(while: { !$0.passed }).prefix(5) {
                print("  \(CompareTable.name(f)): \(f.reasons.joined(separator: "; "))")
            }
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

    /// Compare's own options, with a value and without: not part of the `shatter render` command a
    /// report's preview page shows.
    static let valued: Set<String> = [
        "--max-different-pixels", "--precision", "--pixel-delta-threshold", "--channel-delta", "--ignored-border",
        "--out", "--junit",
    ]
    static let flags: Set<String> = ["--json", "--keep-all", "--overwrite"]

    private static func pad(_ s: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - s.count)) + s }
}

/// `shatter compare`: the GL backend against the CPU reference, frame by frame, two PNGs, or two folders.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Render an effect on GL and CPU and compare them, or compare two PNGs (--images) or two folders (--dirs).",
        // The generated line ("shatter compare <options> <subcommand>") hides that the effect is optional
        // and what --images and --dirs take: the three forms instead, one a line (ArgumentParser indents
        // the later lines under the first).
        usage: """
            shatter compare <effect> [<effect options>] [<options>]
            shatter compare --images EXPECTED.png ACTUAL.png [<options>]
            shatter compare --dirs GOLDEN NEW [--update | <options>]
            """,
        discussion: """
            A pixel differs when any channel differs by more than --channel-delta (default \
            \(FuzzyRule.parity.channelDelta)); a frame fails when too many pixels differ (--max-different-pixels, \
            or --precision, default \(CompareOptions.defaultBudget)) or any pixel's summed RGBA difference exceeds \
            --pixel-delta-threshold (default \(FuzzyRule.parity.pixelDeltaThreshold)). The defaults are the rule \
            Shatter's own GL parity tests use. Comparing an effect, the CPU renderer counts the blended \
            fragments each pixel received and both deltas are per blended fragment: a pixel that received n \
            may differ by the delta × max(1, n), the rounding GLES allows every fixed-function blend \
            (docs/parity.md); --images and --dirs compare plain differences. --dirs pairs \
            frames by index through the folders' manifest.json (by file name without one); frames whose \
            raw-pixel and file hashes both agree are identical without decoding; missing, extra and resized frames \
            fail. --update copies NEW over GOLDEN instead. Exit codes: 0 every frame passes, 1 a frame fails, 2 an error.
            """,
        subcommands: EffectRegistry.compareCommands
    )

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Compare two PNG files: expected, then actual.", valueName: "PNG"))
    var images: [String] = []

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp("Compare two folders of frames: the golden (expected), then the new render.", valueName: "DIR"))
    var dirs: [String] = []

    @Flag(help: "With --dirs: make GOLDEN equal to NEW (copy changed and new frames and the manifest, remove frames NEW lacks).")
    var update = false

    @OptionGroup var options: CompareOptions

    func run() throws { try CompareFailure.wrapping(compare) }

    private func compare() throws {
        // Checked here, not in validate(): ArgumentParser validates this command's options even when
        // an effect subcommand runs.
        if update && dirs.isEmpty { throw ValidationError("--update needs --dirs GOLDEN NEW") }
        if !dirs.isEmpty {
            guard dirs.count == 2, images.isEmpty else { throw ValidationError("give --dirs GOLDEN NEW: two folders") }
            return try update ? updateGolden(dirs[0], from: dirs[1]) : compareFolders(dirs[0], dirs[1])
        }
        guard images.count == 2 else {
            throw ValidationError(
                "name an effect (shatter compare shatter), or give --images EXPECTED.png ACTUAL.png "
                    + "or --dirs GOLDEN NEW")
        }
        try options.checkOutputs(against: images)
        let expected = try PNGDecoder.read(path: images[0])
        let actual = try PNGDecoder.read(path: images[1])
        let subject = "\(images[0]) vs \(images[1])"
        var session = try options.session(subject: subject)
        try session.add(.init(name: Self.fileName(images[1])), expected: expected, actual: actual)
        try options.conclude(session, subject: subject, expected: images[0], actual: images[1])
    }

    private func compareFolders(_ golden: String, _ new: String) throws {
        try options.checkOutputs(against: [golden, new])
        let comparison = try FolderComparison(expected: golden, actual: new)
        var session = try options.session(subject: comparison.subject)
        try comparison.run(into: &session) { done, total in Terminal.status("shatter: compared \(done)/\(total)") }
        Terminal.endStatus()
        try options.conclude(
            session, subject: comparison.subject, expected: comparison.expected.summary,
            actual: comparison.actual.summary, notes: comparison.notes)
    }

    private func updateGolden(_ golden: String, from new: String) throws {
        // --update writes GOLDEN and no report: a report option would be ignored, and a stale JUnit file
        // left as the result of a run that never wrote it (issue 48, L4).
        let reportOptions: [(String, Bool)] = [
            ("--out", options.givenOut != nil), ("--junit", options.junit != nil), ("--json", options.json),
            ("--keep-all", options.keepAll), ("--overwrite", options.overwrite),
        ]
        if let (option, _) = reportOptions.first(where: \.1) {
            throw ValidationError("\(option) is for a comparison's report; --update writes GOLDEN and no report: drop \(option)")
        }
        // All or nothing: a golden folder left with some frames new and the manifest old would fail
        // every later comparison, so a signal during the update is honoured once it is complete.
        let summary = try Interruption.during(.critical) { try FolderUpdate.run(golden: golden, new: new) }
        print("updated \(golden) from \(new): \(summary)")
        for (verb, files) in [("replaced", summary.replaced), ("added", summary.added), ("removed", summary.removed)] {
            // Names come from NEW's manifest: shown safe for a terminal (no escapes, no line breaks).
            for file in files.prefix(10) { print("  \(verb) \(PrintableText.of(file, limit: 80))") }
            if files.count > 10 { print("  … \(files.count - 10) more \(verb)") }
        }
        if let signal = Interruption.receivedSignal {
            Terminal.error(
                "shatter: \(Interruption.name(signal)) came during the update, which was finished first; \(golden) is complete")
            throw ExitCode(128 + signal)
        }
    }

    private static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
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

    func run() throws { try CompareFailure.wrapping(compare) }

    private func compare() throws {
        try options.checkOutputs(against: effect.inputPaths)
        let made = try effect.makeEffect(EffectContext(fps: timing.rate.fps, background: nil))
        let frames = try FrameSelection(
            timeline: FrameTimeline(duration: made.duration, fps: timing.rate.fps),
            range: timing.range, reversed: made.playsBackwards)
        let gl = try GLRenderer(options: .init(deviceIndex: try device.resolvedIndex()))
        defer { gl.close() }
        let cpu = SoftwareRenderer()
        var session = try options.session(subject: Options.Made.name)
        // The report's preview page records the GL pass as it draws (no second pass), and holds its
        // checked frames to the CPU frames this pass draws anyway. Too large is a line in the report.
        var recorder: WebGLPreview.Recorder? = WebGLPreview.Recorder(gl: gl, frames: frames.count)
        var unavailable: String?
        try session.add(
            effect: made, frames: frames, expected: cpu, actual: gl,
            drew: { reference in
                do {
                    try recorder?.drew { reference }
                } catch {
                    unavailable = "\(error); `shatter preview` makes a smaller one: \(WebGLPreviewError.advice)"
                    recorder = nil
                }
            },
            progress: { done, total in Terminal.status("shatter: compared \(done)/\(total)") })
        Terminal.endStatus()
        session.preview = previewPage(made, recorder, unavailable: unavailable)
        try options.conclude(
            session, subject: Options.Made.name, expected: cpu.description,
            actual: "\(gl.info.renderer) (\(gl.info.platform))")
    }

    /// The report's preview page from the recorded pass, or why there is none; never an error: the
    /// preview never fails a comparison.
    private func previewPage(_ made: Options.Made, _ recorder: WebGLPreview.Recorder?, unavailable: String?)
        -> CompareSession.PreviewPage
    {
        guard let recorder else { return .unavailable(reason: unavailable ?? "nothing was recorded") }
        do {
            let preview = try PreviewEffect<Options>.preview(
                of: made, fps: timing.rate.fps, after: "compare", dropping: CompareOptions.valued,
                flags: CompareOptions.flags)
            return .page(html: try preview.page(recorder.finish()))
        } catch {
            return .unavailable(reason: "the page could not be made: \(error)")
        }
    }
}
