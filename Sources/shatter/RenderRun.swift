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
    let delivery: DeliveryOptions

    /// The clips' sound for `--video`: nil when no clip is a video with audio or `--audio none`.
    private func sound<E: Effect>(of effect: E, options: RenderSession<E>.Options) throws -> VideoAudio? {
        guard let clips = effect as? any ClipSourced else { return nil }
        let from = clips.input("from").flatMap { $0.clip.hasAudio ? $0.clip.path : nil }
        let to = clips.input("to").flatMap { $0.clip.hasAudio ? $0.clip.path : nil }
        let mix = delivery.audio ?? .crossfade
        if mix == .from || mix == .to, (mix == .from ? from : to) == nil {
            throw ValidationError("--audio \(mix.rawValue): the --\(mix.rawValue) clip is not a video with sound")
        }
        guard mix != .none, from != nil || to != nil else { return nil }
        let selection = try FrameSelection(
            timeline: FrameTimeline(duration: effect.duration, fps: options.fps),
            range: options.range, shard: options.shard)
        return VideoAudio(
            from: from, to: to, mix: mix, start: Double(selection.range.lowerBound) / options.fps,
            duration: Double(selection.indices.count) / options.fps,
            head: Double(clips.join.headFrames) / options.fps, tail: Double(clips.join.tailFrames) / options.fps)
    }

    /// A join's head (the `from` clip before the transition) or tail (the `to` clip after it) into the video.
    private func writeJoin<E: Effect>(_ effect: E, head: Bool, fd: Int32, transitionFrames: Int) throws {
        guard let clips = effect as? any ClipSourced else { return }
        let count = head ? clips.join.headFrames : clips.join.tailFrames
        guard count > 0, let input = clips.input(head ? "from" : "to") else { return }
        let writer = StreamFrameWriter(fd: fd, format: .rgba, png: PNGWriteOptions(background: output.background?.color))
        for j in 0..<count {
            let time = Double(head ? j : transitionFrames + j) / timing.rate.fps
            _ = try writer.write(try input.fittedFrame(at: time), index: j, position: j)
        }
    }

    /// `--head` and `--tail` make one whole video: refused for anything else.
    private func checkJoin<E: Effect>(_ effect: E) throws {
        guard let join = (effect as? any ClipSourced)?.join, join != ClipJoin() else { return }
        guard delivery.video != nil, timing.range == nil, sharding.shard == nil else {
            throw ValidationError("--head and --tail make one whole --video: give --video, without --frames or --shard")
        }
    }

    func run<E: Effect>(_ effect: E) throws {
        let streamFormat = delivery.pipe ?? (output.out == "-" ? .png : nil)
        try checkCombinations(streaming: streamFormat != nil)
        try checkJoin(effect)

        var options = RenderSession<E>.Options()
        options.fps = timing.rate.fps
        options.range = timing.range
        options.shard = try sharding.resolved()
        options.existingFrames = sharding.existingFrames
        options.png = PNGWriteOptions(compressionLevel: output.compression, background: output.background?.color)
        options.contactSheetFrames = output.contactSheet == nil ? nil : output.sheetFrames
        // The frames are checked before the backend starts, so a bad range costs no GL bring-up.
        _ = try FrameSelection(
            timeline: FrameTimeline(duration: effect.duration, fps: options.fps), range: options.range,
            shard: options.shard)
        // The EGL device matters only to GL: a stray SHATTER_EGL_DEVICE never stops a CPU render.
        let device = output.backend == .cpu ? nil : try output.device.resolvedIndex()
        let choice = try output.backend.makeRenderer(gl: .init(deviceIndex: device))
        defer { choice.close() }  // EGL shut down before exit, after a signal too
        if let fallback = choice.fallback, !delivery.quiet { Terminal.error("shatter: \(CLIErrors.describe(fallback))") }

        var video: VideoEncoder?
        let destination: RenderDestination
        if let path = delivery.video {
            var request = VideoEncoder.Request(path: path, width: effect.pixelWidth, height: effect.pixelHeight, fps: options.fps)
            request.alpha = output.background == nil
            request.ffmpeg = delivery.ffmpeg
            request.extraArguments = delivery.ffmpegArgs.map { $0.split(separator: " ").map(String.init) } ?? []
            request.audio = try sound(of: effect, options: options)
            let encoder = try VideoEncoder(request)
            video = encoder
            destination = .stream(fd: encoder.input, format: .rgba)
        } else if let streamFormat {
            destination = .stream(fd: STDOUT_FILENO, format: streamFormat)
        } else if output.out == nil, output.contactSheet != nil {
            destination = .none
        } else {
            destination = .folder(output.out ?? "frames")
        }
        if case .stream = destination { signal(SIGPIPE, SIG_IGN) }  // a closed pipe is an error to report, not a death

        let session = try RenderSession(effect: effect, renderer: choice, destination: destination, options: options)
        let cancellation = Interruption.install()
        let progress = ProgressDisplay(mode: delivery.progressMode)
        let resuming = options.existingFrames == .resume
        let summary: RenderSummary
        do {
            if let video { try writeJoin(effect, head: true, fd: video.input, transitionFrames: 0) }
            summary = try session.run(cancellation: cancellation) { event in
                if case .planned(let toRender, let kept) = event, resuming {
                    print("Resuming: \(kept) \(Self.frames(kept)) already done, \(toRender) to render")
                }
                progress.handle(event)
            }
        } catch {
            progress.end()
            guard let video else { throw error }
            // A closed pipe into ffmpeg means ffmpeg gave up: its own status and words say why.
            if error as? StreamError == .readerClosed { throw video.stoppedReading() }
            video.abandon()
            throw error
        }
        progress.end()
        if summary.interrupted {
            video?.abandon()
            Terminal.error(
                "shatter: interrupted after \(summary.written) \(Self.frames(summary.written)); "
                    + (video != nil
                        ? "no video was written"
                        : streamFormat != nil ? "the stream is incomplete" : "rerun with --resume to finish"))
            throw ExitCode(128 + (Interruption.receivedSignal ?? SIGINT))
        }
        if let video {
            do {
                try writeJoin(effect, head: false, fd: video.input, transitionFrames: summary.written)
            } catch {
                video.abandon()
                throw error
            }
            try video.finish()
        }
        if let path = output.contactSheet, let sheet = summary.contactSheet {
            try OutputFile.write(try PNGEncoder.encode(sheet, options: PNGWriteOptions(compressionLevel: 9)), to: path)
        }
        guard !delivery.quiet else { return }
        let place =
            delivery.video ?? (streamFormat != nil ? "standard output" : session.folder.map { $0.path + "/" } ?? "nowhere")
        let line =
            "Rendered \(summary.written) \(Self.frames(summary.written)) to \(place) in \(format(summary.seconds)) s "
            + "(\(choice.backend.rawValue): \(choice.renderer.description); render \(format(summary.renderSeconds)) s, "
            + "encode \(format(summary.encodeSeconds)) s over all cores)"
        // Standard output carries the frames when streaming: everything else goes to standard error.
        streamFormat != nil ? Terminal.error(line) : print(line)
        if let path = output.contactSheet, summary.contactSheet != nil {
            streamFormat != nil ? Terminal.error("Contact sheet: \(path)") : print("Contact sheet: \(path)")
        }
    }

    private func checkCombinations(streaming: Bool) throws {
        if streaming, let out = output.out, out != "-" {
            throw ValidationError("--pipe streams to standard output; give it without --out \(out)")
        }
        if delivery.video != nil, output.out != nil { throw ValidationError("give --video or --out, not both") }
        if delivery.video != nil, sharding.shard != nil {
            throw ValidationError(
                "--video makes one whole video; render shards with --out, then join them (manifest merge --collect)")
        }
        if streaming || delivery.video != nil, sharding.existingFrames != .refuse {
            throw ValidationError("--resume and --overwrite need a folder (--out DIR)")
        }
    }

    static func frames(_ count: Int) -> String { count == 1 ? "frame" : "frames" }

    private func format(_ seconds: Double) -> String { DecimalText.rounded(seconds, to: 2) }
}
