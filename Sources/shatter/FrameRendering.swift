import ArgumentParser
import Glibc
import Shatter

/// The part every `render` subcommand shares: pick the backend, prepare the folder, render every
/// frame through the pipeline with progress on the terminal, then one summary line.
struct FrameRendering {
    let output: OutputOptions
    let timeline: FrameTimeline
    /// Frame indices to render (all by default).
    let frames: [Int]
    /// Plays the timeline backwards: frame i shows the instant of frame (last − i).
    var reversed = false
    /// The manifest's header, the shard and `--resume`.
    let job: RenderJob

    init(output: OutputOptions, timeline: FrameTimeline, frames: [Int]? = nil, reversed: Bool = false, job: RenderJob) {
        self.output = output
        self.timeline = timeline
        self.frames = frames ?? Array(0..<timeline.count)
        self.reversed = reversed
        self.job = job
    }

    func run(_ displayList: (Double) -> DisplayList) throws {
        let folder = try OutputDirectory(output.out)
        folder.removeStaleTemporaries()
        let choice = try output.backend.makeRenderer(gl: .init(deviceIndex: try output.device.resolvedIndex()))
        defer { choice.close() }  // EGL shut down before exit, after a signal too
        if let note = choice.note { Terminal.error("shatter: \(note)") }
        let (recorder, frames) = try startManifest(in: folder, renderer: choice)
        defer { try? recorder.flush() }  // even when a write fails, the manifest lists what is done
        Interruption.install()
        let pipeline = FramePipeline(output: folder, png: PNGWriteOptions(compressionLevel: output.compression,
                                                                                 background: output.background?.color))
        let sheetFrames = frames.isEmpty ? [] : Set(Self.evenlySpaced(output.sheetFrames, of: frames.count).map { frames[$0] })
        var sheet = ContactSheet(columns: max(1, min(4, sheetFrames.count)), thumbnailWidth: 180)
        let summary = try pipeline.run(
            frames: frames, renderer: choice.renderer,
            displayList: { displayList(timeline.time(of: $0, reversed: reversed)) },
            inspect: { index, image in
                if output.contactSheet != nil, sheetFrames.contains(index) {
                    sheet.add(image, label: "t = \(Self.format(timeline.time(of: index, reversed: reversed), digits: 3)) s")
                }
            },
            shouldStop: { Interruption.isRequested },
            written: { frame in
                try recorder.record(FrameManifest.Entry(index: frame.index, file: String(frame.path.split(separator: "/").last ?? ""),
                                                        sha256: frame.pixelSHA256, pngSHA256: frame.pngSHA256))
            },
            progress: { done, total in Terminal.status("shatter: frame \(done)/\(total)") })
        Terminal.endStatus()
        try recorder.flush()
        if summary.interrupted {
            Terminal.error("shatter: interrupted after \(summary.frames) frames; rerun with --resume to finish")
            throw ExitCode(128 + (Interruption.receivedSignal ?? SIGINT))
        }
        print("Rendered \(summary.frames) frames to \(folder.path)/ in \(format(summary.seconds)) s "
              + "(\(choice.backend.rawValue): \(choice.renderer.description); render \(format(summary.renderSeconds)) s, "
              + "PNG \(format(summary.encodeSeconds)) s over all cores)")
        if let path = output.contactSheet, !sheetFrames.isEmpty {
            try PNGEncoder.write(sheet.render(), to: path, options: PNGWriteOptions(compressionLevel: 9))
            print("Contact sheet: \(path)")
        }
    }

    /// Writes the manifest's header (with the frames `--resume` keeps) and returns the frames left to render.
    private func startManifest(in folder: OutputDirectory, renderer choice: Backend.Choice) throws -> (ManifestRecorder, [Int]) {
        var parameters = job.parameters
        if let background = output.background { parameters["background"] = background.description }
        var manifest = FrameManifest(
            effect: job.effect, parameters: parameters, seed: job.seed, backend: choice.backend.rawValue,
            renderer: choice.renderer.description, fps: timeline.fps, frameCount: timeline.count,
            range: .init(first: self.frames.first ?? 0, last: self.frames.last ?? 0), shard: job.shard)
        let kept = job.resume ? try ResumePlan.keptFrames(in: folder.path, for: manifest) : []
        manifest.frames = kept
        let recorder = try ManifestRecorder(path: folder.path + "/" + FrameManifest.fileName, manifest: manifest)
        let done = Set(kept.map(\.index))
        let frames = manifest.expectedFrames.filter { !done.contains($0) }
        if job.resume { print("Resuming: \(done.count) frames already done, \(frames.count) to render") }
        return (recorder, frames)
    }

    private func format(_ seconds: Double) -> String { Self.format(seconds, digits: 2) }

    static func format(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return String((value * scale).rounded() / scale)
    }

    /// `count` frame indices spread evenly over `0..<total`, first and last included.
    static func evenlySpaced(_ count: Int, of total: Int) -> [Int] {
        guard count > 1, total > 1 else { return [0] }
        return (0..<min(count, total)).map { ($0 * (total - 1) + (min(count, total) - 1) / 2) / (min(count, total) - 1) }
    }
}
