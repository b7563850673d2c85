import Foundation

/// The one path every video made of clips takes: its parts (clip frames shown alone, transitions)
/// streamed in order into one ffmpeg, counted as one job. ``VideoRender`` (two clips, or a transition
/// alone) and ``VideoJoin`` (any number) both describe their video as parts and run it here.
///
/// Only the part being written holds decoded frames or a built transition: a transition is built when
/// its turn comes, and a clip's decoder is stopped once the clip has been shown for the last time, so
/// the frames' memory does not grow with the number of clips or their length (the sound's mix, made by the
/// same ffmpeg, is ``VideoAudio``'s).
struct JoinStream {
    enum Part {
        /// `count` frames of `clip`, fitted, from its frame `first` (frames at the video's rate, counted
        /// from where the clip enters the video).
        case clip(Clip, fitting: ClipFitting, role: String, first: Int, count: Int)
        /// A transition of `frames` frames, built when its turn comes.
        case transition(frames: Int, make: () throws -> any Effect)
        /// A clip that is not shown again: its decoder may stop.
        case done(Clip)
    }

    /// How each transition is rendered (the fields of ``RenderSession/Options`` a stream uses).
    struct Settings {
        var fps: Double
        var png = PNGWriteOptions()
        var framesInFlight = 4
        var contactSheetFrames: Int?
    }

    var parts: [Part]
    var settings: Settings
    /// The frames of the whole video this file holds.
    var window: Range<Int>

    /// Writes the window's frames into `video` and finishes it. The first event is `.planned` with the
    /// window's frame count, sent before anything is written; then `.frameWritten` after each frame, counted
    /// over the whole window. The summary counts every frame the finished video holds.
    func run(
        into video: VideoEncoder, renderer: Backend.Choice, cancellation: CancellationToken,
        events: @escaping @Sendable (RenderEvent) -> Void
    ) throws -> RenderSummary {
        let started = Date()
        let total = window.count
        events(.planned(toRender: total, kept: 0))
        events(.drawnFrames(drawnFrames))
        var progress = (written: 0, render: 0.0, encode: 0.0, sheet: Image?.none)
        var start = 0  // the part's first frame in the video
        do {
            for part in parts {
                guard !cancellation.isCancelled else { break }
                switch part {
                case .clip(let clip, let fitting, let role, let first, let count):
                    let frames = window.clamped(to: start..<start + count)
                    defer { start += count }
                    guard !frames.isEmpty else { continue }
                    let began = Date()
                    let writer = StreamFrameWriter(
                        fd: video.input, format: .rgba, png: PNGWriteOptions(background: settings.png.background))
                    for (position, frame) in frames.enumerated() {
                        guard !cancellation.isCancelled else { break }
                        let time = Double(first + frame - start) / settings.fps
                        let image = try fitting.fitted(try clip.frame(at: time), role: role)
                        _ = try writer.write(image, index: frame, position: position)
                        progress.written += 1
                        events(.frameWritten(written: progress.written, total: total))
                    }
                    progress.encode += Date().timeIntervalSince(began)
                case .transition(let count, let make):
                    let frames = window.clamped(to: start..<start + count)
                    defer { start += count }
                    guard !frames.isEmpty else { continue }
                    let range = frames.lowerBound - start...frames.upperBound - start - 1
                    let before = progress.written
                    let summary = try render(
                        try make(), range: range, renderer: renderer, fd: video.input, cancellation: cancellation
                    ) { event in
                        if case .frameWritten(let written, _) = event {
                            events(.frameWritten(written: before + written, total: total))
                        }
                    }
                    progress.written += summary.written
                    progress.render += summary.renderSeconds
                    progress.encode += summary.encodeSeconds
                    progress.sheet = summary.contactSheet ?? progress.sheet
                case .done(let clip):
                    clip.rest()
                }
            }
        } catch {
            // A closed pipe into ffmpeg means ffmpeg gave up: its own status and words say why.
            if error as? StreamError == .readerClosed { throw video.stoppedReading() }
            video.abandon()
            throw error
        }
        let interrupted = cancellation.isCancelled && progress.written < total
        if interrupted { video.abandon() } else { try video.finish() }
        return RenderSummary(
            written: progress.written, kept: 0, interrupted: interrupted, seconds: Date().timeIntervalSince(started),
            renderSeconds: progress.render, encodeSeconds: progress.encode, contactSheet: progress.sheet)
    }

    /// Where the transitions' frames lie among the window's, counted from the window's first.
    var drawnFrames: [Range<Int>] {
        var start = 0
        var spans: [Range<Int>] = []
        for part in parts {
            switch part {
            case .clip(_, _, _, _, let count): start += count
            case .transition(let count, _):
                let frames = window.clamped(to: start..<start + count)
                if !frames.isEmpty { spans.append(frames.lowerBound - window.lowerBound..<frames.upperBound - window.lowerBound) }
                start += count
            case .done: break
            }
        }
        return spans
    }

    /// One transition's frames into the stream (the effect's type opened from the part).
    private func render<E: Effect>(
        _ effect: E, range: ClosedRange<Int>, renderer: Backend.Choice, fd: Int32, cancellation: CancellationToken,
        events: @escaping @Sendable (RenderEvent) -> Void
    ) throws -> RenderSummary {
        var options = RenderSession<E>.Options()
        (options.fps, options.range, options.png) = (settings.fps, range, settings.png)
        (options.framesInFlight, options.contactSheetFrames) = (settings.framesInFlight, settings.contactSheetFrames)
        let session = try RenderSession(
            effect: effect, renderer: renderer, destination: .stream(fd: fd, format: .rgba), options: options)
        return try session.run(cancellation: cancellation, events: events)
    }
}
