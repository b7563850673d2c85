import ArgumentParser
import Glibc
import Shatter

/// What every `render` subcommand does with a built effect: options into a ``RenderSession`` (a folder,
/// a stream on standard output, or a video through ffmpeg), the backend's note, progress, signals,
/// the summary line, the contact sheet, exit codes.
struct RenderRun {
    let timing: TimingOptions
    let output: OutputOptions
    let sharding: ShardOptions
    let pipe: StreamFormat?
    let delivery: DeliveryOptions

    /// `--head` and `--tail` make one whole video: refused for anything else, and over the frame cap
    /// before the backend starts.
    private func checkJoin<E: Effect>(_ effect: E) throws {
        guard let join = (effect as? any ClipSourced)?.join, join != ClipJoin() else { return }
        guard delivery.video != nil, timing.range == nil, sharding.shard == nil else {
            throw CLIErrors.translate(VideoError.partialJoin)
        }
        let transition = FrameTimeline(duration: effect.duration, fps: timing.rate.fps).count
        try join.layout(transitionFrames: transition).checkFrameCap()
    }

    /// `sounds` is `--sounds`' folder, already opened (its files are inputs no output may replace).
    func run<E: Effect>(_ effect: E, sounds: OriginalSoundFolder? = nil) throws {
        let streamFormat = pipe ?? (output.out == "-" ? .png : nil)
        try checkCombinations(streaming: streamFormat != nil)
        try checkJoin(effect)

        var options = RenderSession<E>.Options()
        options.fps = timing.rate.fps
        options.range = timing.range
        options.shard = try sharding.resolved()
        options.existingFrames = sharding.existingFrames
        options.png = PNGWriteOptions(
            compressionLevel: output.compression, background: output.background?.color, keepsOpaqueAlpha: output.keepAlpha)
        options.contactSheetFrames = output.contactSheet == nil ? nil : output.sheetFrames
        // The frames are checked before the backend starts, so a bad range costs no GL bring-up.
        _ = try FrameSelection(
            timeline: FrameTimeline(duration: effect.duration, fps: options.fps), range: options.range,
            shard: options.shard)
        let choice = try Self.makeRenderer(output.backend, device: output.device, quiet: delivery.quiet)
        defer { choice.close() }  // EGL shut down before exit, after a signal too

        // A video makes its own stream into ffmpeg; anything else is one session's destination.
        let render: (CancellationToken, @escaping @Sendable (RenderEvent) -> Void) throws -> RenderSummary
        var folder: OutputDirectory?
        if let path = delivery.video {
            var video = VideoRender(effect: effect, path: path, options: options)
            video.alpha = output.background == nil
            video.ffmpeg = delivery.ffmpeg
            video.extraArguments = delivery.extraArguments
            video.audio = delivery.audio ?? .crossfade
            video.quality = delivery.quality ?? .medium
            video.sounds = sounds
            let json = delivery.progressMode.resolved == .json
            let warnings = delivery.quiet ? [] : HeldClipWarning.lines(effect, fps: options.fps, json: json)
            render = { try video.run(renderer: choice, cancellation: $0, events: HeldClipWarning.printing(warnings, before: $1)) }
        } else {
            let destination: RenderDestination
            if let streamFormat {
                destination = .stream(fd: STDOUT_FILENO, format: streamFormat)
            } else if output.out == nil, output.contactSheet != nil {
                destination = .none
            } else {
                destination = .folder(output.out ?? "frames")
            }
            let session = try RenderSession(effect: effect, renderer: choice, destination: destination, options: options)
            folder = session.folder
            render = { try session.run(cancellation: $0, events: $1) }
        }

        let resuming = options.existingFrames == .resume
        let interruptedHint =
            delivery.video != nil
            ? "no video was written" : streamFormat != nil ? "the stream is incomplete" : "rerun with --resume to finish"
        let summary = try Self.perform(render, delivery: delivery, resuming: resuming, interruptedHint: interruptedHint)
        if let path = output.contactSheet, let sheet = summary.contactSheet {
            try OutputFile.write(try PNGEncoder.encode(sheet, options: PNGWriteOptions(compressionLevel: 9)), to: path)
        }
        guard !delivery.quiet else { return }
        // With only --contact-sheet the sheet is all that was written: the line names it, once.
        let sheetOnly = output.contactSheet.flatMap { summary.contactSheet != nil ? $0 : nil }
        let place =
            delivery.video ?? (streamFormat != nil ? "standard output" : folder.map { $0.path + "/" })
            ?? sheetOnly.map { "the contact sheet \($0)" } ?? "nowhere"
        Self.printSummary(summary, place: place, choice: choice, toStandardError: streamFormat != nil)
        if let path = output.contactSheet, summary.contactSheet != nil, place != "the contact sheet \(path)" {
            streamFormat != nil ? Terminal.error("Contact sheet: \(path)") : print("Contact sheet: \(path)")
        }
    }

    /// The renderer `render` and `join` draw with, saying on standard error why it is not GL where
    /// it falls back. The EGL device matters only to GL: a stray SHATTER_EGL_DEVICE never stops a
    /// CPU render.
    static func makeRenderer(_ backend: Backend, device: DeviceOption, quiet: Bool) throws -> Backend.Choice {
        let index = backend == .cpu ? nil : try device.resolvedIndex()
        let choice = try backend.makeRenderer(gl: .init(deviceIndex: index))
        if let fallback = choice.fallback, !quiet { Terminal.error("shatter: \(CLIErrors.describe(fallback))") }
        return choice
    }

    /// Runs `render` with progress and signals, as `render` and `join` do: `done` once the output is
    /// complete; an interrupted run says so (with `interruptedHint`) and exits 128 + the signal.
    static func perform(
        _ render: (CancellationToken, @escaping @Sendable (RenderEvent) -> Void) throws -> RenderSummary,
        delivery: DeliveryOptions, resuming: Bool = false, interruptedHint: String
    ) throws -> RenderSummary {
        let cancellation = Interruption.install()
        let progress = ProgressDisplay(mode: delivery.progressMode)
        let summary: RenderSummary
        do {
            summary = try Interruption.during(.rendering) {
                try render(cancellation) { event in
                    if case .planned(let toRender, let kept) = event, resuming {
                        print("Resuming: \(kept) \(Self.frames(kept)) already done, \(toRender) to render")
                    }
                    progress.handle(event)
                }
            }
        } catch {
            progress.end()
            // A render waiting on input when the signal came fails once that input is cut off: a stop.
            guard let signal = Interruption.receivedSignal else { throw error }
            Terminal.error("shatter: interrupted by \(Interruption.name(signal)) while waiting on input; \(interruptedHint)")
            throw ExitCode(128 + signal)
        }
        // The summary comes once the output is complete (a video's encoder finished): `done` says so.
        guard summary.interrupted else {
            progress.finish(frames: summary.written)
            return summary
        }
        progress.end()
        Terminal.error("shatter: interrupted after \(summary.written) \(Self.frames(summary.written)); \(interruptedHint)")
        throw ExitCode(128 + (Interruption.receivedSignal ?? SIGINT))
    }

    /// The one summary line: frames, where, seconds, backend and renderer. The job's and the render's
    /// seconds are wall time; encoding's are the CPU time it used, summed over the cores that share it,
    /// and ffmpeg's and ffprobe's (the children that ended) are theirs: what was spent, each counted once.
    static func printSummary(_ summary: RenderSummary, place: String, choice: Backend.Choice, toStandardError: Bool) {
        let cores = AvailableCores.count
        var children = rusage()
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &children)
        let tools =
            Double(children.ru_utime.tv_sec + children.ru_stime.tv_sec)
            + Double(children.ru_utime.tv_usec + children.ru_stime.tv_usec) * 1e-6
        let line =
            "Rendered \(summary.written) \(Self.frames(summary.written)) to \(place) in \(format(summary.seconds)) s "
            + "(\(choice.backend.rawValue): \(choice.renderer.description); render \(format(summary.renderSeconds)) s; "
            + "CPU time on \(cores) \(cores == 1 ? "core" : "cores"): encode \(format(summary.encodeSeconds)) s"
            + (tools > 0 ? ", ffmpeg \(format(tools)) s)" : ")")
        // Standard output carries the frames when streaming: everything else goes to standard error.
        toStandardError ? Terminal.error(line) : print(line)
    }

    private func checkCombinations(streaming: Bool) throws {
        if streaming, let out = output.out, out != "-" {
            throw ValidationError("--pipe streams to standard output; give it without --out \(out)")
        }
        if delivery.video != nil, pipe != nil { throw ValidationError("give --video or --pipe, not both") }
        if delivery.video != nil, output.out != nil { throw ValidationError("give --video or --out, not both") }
        if delivery.video != nil, sharding.shard != nil {
            throw ValidationError(
                "--video makes one whole video; render shards with --out, then join them (manifest merge --collect)")
        }
        if streaming || delivery.video != nil, sharding.resume { throw ValidationError("--resume needs a folder (--out DIR)") }
        if streaming, sharding.overwrite {
            throw ValidationError("--overwrite goes with a folder (--out DIR) or a video (--video FILE), not a stream")
        }
    }

    static func frames(_ count: Int) -> String { count == 1 ? "frame" : "frames" }

    private static func format(_ seconds: Double) -> String { DecimalText.rounded(seconds, to: 2) }
}
