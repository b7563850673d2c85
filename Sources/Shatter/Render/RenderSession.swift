import Foundation

/// A whole render of an effect into a folder of PNG frames, as `shatter render` does it: the frames
/// selected (a range, a shard), a renderer, `manifest.json` kept up to date as frames land (so a
/// stopped render can resume), an optional contact sheet, progress and cancellation.
///
/// ```swift
/// let effect = try UberSplash(parameters: .init(duration: 1))
/// var options = RenderSession<UberSplash>.Options()
/// options.fps = 30
/// let session = try RenderSession(effect: effect, renderer: try Backend.cpu.makeRenderer(),
///                                 folder: "splash-frames", options: options)
/// let summary = try session.run()
/// print("\(summary.written) frames in \(summary.seconds) s")
/// ```
public struct RenderSession<E: Effect> {
    public struct Options: Sendable {
        /// Frames per second: frame i is the instant i / fps.
        public var fps: Double = 60
        /// The frames of the whole job (over all shards); nil for every frame.
        public var range: ClosedRange<Int>?
        /// This process's shard of the job; nil for all of it.
        public var shard: FrameShard?
        /// What to do when the folder already holds frames or a manifest: refuse another render (the
        /// default), resume this one, or overwrite the earlier one.
        public var existingFrames = ExistingFrames.refuse
        public var png = PNGWriteOptions()
        /// Also gather a contact sheet of this many evenly spaced frames.
        public var contactSheetFrames: Int?
        /// Frames rendered but not yet written, at most; bounds memory.
        public var framesInFlight = 4

        public init() {}
    }

    public let effect: E
    public let renderer: Backend.Choice
    public let destination: RenderDestination
    public let options: Options
    public let selection: FrameSelection

    /// Checks the frame selection and, for a folder, creates it; renders nothing yet.
    public init(effect: E, renderer: Backend.Choice, destination: RenderDestination, options: Options = Options()) throws {
        self.effect = effect
        self.renderer = renderer
        self.options = options
        selection = try FrameSelection(
            timeline: FrameTimeline(duration: effect.duration, fps: options.fps),
            range: options.range, shard: options.shard, reversed: effect.playsBackwards)
        if case .folder(let path) = destination { folder = try OutputDirectory(path) } else { folder = nil }
        self.destination = destination
    }

    /// A render into a folder of PNG frames with its manifest.
    public init(effect: E, renderer: Backend.Choice, folder: String, options: Options = Options()) throws {
        try self.init(effect: effect, renderer: renderer, destination: .folder(folder), options: options)
    }

    /// The folder frames go to, for a folder destination.
    public let folder: OutputDirectory?

    /// Renders every selected frame not kept from an earlier run, writing each PNG atomically and
    /// recording it in the manifest. Holds the folder's lock throughout, so a second render into the
    /// same folder is refused at once. Stops at the first error, leaving every frame written before it
    /// whole and listed. `events` hears when the plan is known and after each frame, on any thread.
    public func run(
        cancellation: CancellationToken = CancellationToken(),
        events: @escaping @Sendable (RenderEvent) -> Void = { _ in }
    ) throws -> RenderSummary {
        if let folder { return try runIntoFolder(folder, cancellation: cancellation, events: events) }
        let writer: any FrameWriter
        if case .stream(let fd, let format) = destination {
            writer = StreamFrameWriter(fd: fd, format: format, png: options.png)
        } else {
            writer = DiscardingFrameWriter()
        }
        return try runPipeline(
            writer, frames: selection.indices, planned: .planned(toRender: selection.indices.count, kept: 0), kept: 0,
            cancellation: cancellation, events: events)
    }

    private func runIntoFolder(
        _ folder: OutputDirectory, cancellation: CancellationToken,
        events: @escaping @Sendable (RenderEvent) -> Void
    ) throws -> RenderSummary {
        let lock = try FolderLock(folder.handle)
        defer { lock.release() }
        folder.removeStaleTemporaries()
        let header = try startingManifest(inputs: nil)
        let writer = FolderFrameWriter(folder: folder, png: options.png)
        guard options.existingFrames == .resume else {
            // Every selected frame is rendered whatever the folder holds: the first renders while
            // another thread hashes the inputs, checks the folder and writes the manifest.
            let (effect, existingFrames, frames) = (effect, options.existingFrames, selection.indices)
            let setUp = ManifestSetUp {
                var header = header
                let inputs = FrameManifest.inputDigests(of: effect)
                header.inputs = inputs.isEmpty ? nil : inputs
                _ = try existingFrames.prepare(folder, for: header)
                let recorder = try ManifestRecorder(folder: folder.handle, manifest: header, expectedFrames: frames.count)
                events(.planned(toRender: frames.count, kept: 0))
                return recorder
            }
            return try runRecorded(
                ManifestSetUp.Gate(setUp: setUp, writer: writer), frames: frames, kept: 0, planned: nil,
                cancellation: cancellation, events: events, recorder: setUp.recorder)
        }
        let inputs = FrameManifest.inputDigests(of: effect)
        let manifest = try startingManifest(inputs: inputs.isEmpty ? nil : inputs)
        let kept = try options.existingFrames.prepare(folder, for: manifest)
        let done = Set(kept.map(\.index))
        let frames = selection.indices.filter { !done.contains($0) }
        let recorder = try ManifestRecorder(
            folder: folder.handle, manifest: withFrames(kept, manifest),
            expectedFrames: frames.count)
        return try runRecorded(
            writer, frames: frames, kept: kept.count, planned: .planned(toRender: frames.count, kept: kept.count),
            cancellation: cancellation, events: events, recorder: { recorder })
    }

    /// Renders `frames` into `writer`, recording each in the manifest `recorder` gives (waiting for it),
    /// and writes the whole manifest at the end, also after an error.
    private func runRecorded(
        _ writer: any FrameWriter, frames: [Int], kept: Int, planned: RenderEvent?, cancellation: CancellationToken,
        events: @escaping @Sendable (RenderEvent) -> Void, recorder: @escaping @Sendable () throws -> ManifestRecorder
    ) throws -> RenderSummary {
        let summary: RenderSummary
        do {
            summary = try runPipeline(
                writer, frames: frames, planned: planned, kept: kept, cancellation: cancellation, events: events
            ) {
                frame in
                try recorder().record(
                    FrameManifest.Entry(
                        index: frame.index, file: OutputDirectory.frameName(frame.index),
                        pixels: frame.pixels, png: frame.png))
            }
        } catch {
            // The manifest's own error comes first, as when it was made before any frame rendered;
            // else the manifest lists what is done.
            let made = Result { try recorder() }
            if case .failure(let setUpError) = made { throw setUpError }
            try? made.get().finish()
            throw error
        }
        let recorder = try recorder()
        do {
            try recorder.finish()
        } catch {
            throw RenderSessionError.manifestNotWritten(framesOnDisk: kept + summary.written, reason: "\(error)")
        }
        return summary
    }

    /// Renders `frames` through the pipeline into `writer`, gathering the contact sheet.
    /// `planned` is heard first (nil when the caller announces the plan itself).
    private func runPipeline(
        _ writer: any FrameWriter, frames: [Int], planned: RenderEvent?, kept: Int, cancellation: CancellationToken,
        events: @escaping @Sendable (RenderEvent) -> Void,
        written: (@Sendable (WrittenFrame) throws -> Void)? = nil
    ) throws -> RenderSummary {
        if let planned { events(planned) }
        var sheet = ContactSheetGatherer(frames: frames, count: options.contactSheetFrames)
        let pipeline = FramePipeline(writer: writer, framesInFlight: options.framesInFlight)
        let selection = self.selection
        let effect = self.effect
        let summary = try pipeline.run(
            frames: frames, renderer: renderer.renderer,
            displayList: { try effect.displayList(at: selection.time(of: $0)) },
            inspect: { index, image in sheet.offer(index, image, time: selection.time(of: index)) },
            shouldStop: { cancellation.isCancelled },
            written: written,
            progress: { written, total in events(.frameWritten(written: written, total: total)) })
        return RenderSummary(
            written: summary.frames, kept: kept, interrupted: summary.interrupted,
            seconds: summary.seconds, renderSeconds: summary.renderSeconds,
            encodeSeconds: summary.encodeSeconds, contactSheet: sheet.render())
    }

    /// The manifest's header for this job: the effect's parameters, its inputs' hashes (nil: none, or
    /// not yet), the renderer. Made on the rendering thread: a GL renderer's driver comes from its context.
    private func startingManifest(inputs: [String: String]?) throws -> FrameManifest {
        var parameters = try FlatParameters.encode(effect.parameters)
        if let background = options.png.background { parameters["background"] = background.hexRGB }
        // Recorded only when set, so manifests from before it read as what they are: frames without it.
        if options.png.keepsOpaqueAlpha { parameters[FrameManifest.keepAlphaKey] = "true" }
        var manifest = FrameManifest(
            effect: E.name, parameters: parameters, inputs: inputs,
            seed: parameters["seed"].flatMap { UInt64($0) }, backend: renderer.backend.rawValue,
            renderer: renderer.renderer.description, fps: options.fps, frameCount: selection.timeline.count,
            range: .init(first: selection.range.lowerBound, last: selection.range.upperBound), shard: selection.shard)
        manifest.shatterVersion = ShatterVersion.current
        manifest.driver = renderer.renderer.driver
        return manifest
    }

    private func withFrames(_ frames: [FrameManifest.Entry], _ manifest: FrameManifest) -> FrameManifest {
        var manifest = manifest
        manifest.frames = frames
        return manifest
    }
}

/// Where a render's frames go.
public enum RenderDestination: Sendable, Equatable {
    /// PNG files `frame-NNNNN.png` and `manifest.json` in a folder (created when missing), locked for
    /// the render, resumable.
    case folder(String)
    /// A stream on a file descriptor (standard output, a pipe into ffmpeg), frames in order.
    case stream(fd: Int32, format: StreamFormat)
    /// Nowhere: frames are only gathered for the contact sheet.
    case none
}

/// What a render reports while it runs.
public enum RenderEvent: Sendable, Equatable {
    /// Before the first frame: how many frames will be rendered, and how many an earlier run left.
    case planned(toRender: Int, kept: Int)
    /// A frame's PNG is in place: `written` of `total` so far.
    case frameWritten(written: Int, total: Int)
    /// After `planned`, for a video of clips: the positions (from 0, in the order frames are written)
    /// of the transitions' frames, drawn at the renderer's pace while the clips' are copied through
    /// (see ``TimeLeft``).
    case drawnFrames([Range<Int>])
}

/// What a render did.
public struct RenderSummary {
    /// Frames rendered and written by this run.
    public let written: Int
    /// Frames kept from an earlier run.
    public let kept: Int
    /// The cancellation token stopped the render before every frame was rendered.
    public let interrupted: Bool
    public let seconds: Double
    /// Time drawing (wall time on the calling thread), and the CPU time encoding, hashing and writing took
    /// (summed over the encoding cores; time a write waits for its reader is not counted).
    public let renderSeconds: Double
    public let encodeSeconds: Double
    /// The contact sheet, when one was asked for and a frame was rendered.
    public let contactSheet: Image?
}

extension RGBA8 {
    /// `rrggbb`, lower case, alpha left out.
    public var hexRGB: String {
        let value = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 6 - digits.count) + digits
    }
}

/// A render that drew its frames but could not finish its bookkeeping.
public enum RenderSessionError: Error, CustomStringConvertible {
    /// Every frame written is complete on disk (and listed in `manifest.journal`), but the final
    /// `manifest.json` could not be written.
    case manifestNotWritten(framesOnDisk: Int, reason: String)

    public var description: String {
        switch self {
        case .manifestNotWritten(let frames, let reason):
            return "the \(frames) frames are written, but the manifest is not: \(reason)"
        }
    }
}
