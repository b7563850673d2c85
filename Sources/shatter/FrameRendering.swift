import Shatter

/// The part every `render` subcommand shares: pick the backend, prepare the folder, render every
/// frame through the pipeline with progress on the terminal, then one summary line.
struct FrameRendering {
    let output: OutputOptions
    let timeline: FrameTimeline

    func run(_ displayList: (Double) -> DisplayList) throws {
        let folder = try OutputDirectory(output.out)
        let choice = try output.backend.makeRenderer(gl: .init(deviceIndex: try output.device.resolvedIndex()))
        if let note = choice.note { Terminal.error("shatter: \(note)") }
        let pipeline = FramePipeline(output: folder, png: PNGWriteOptions(compressionLevel: output.compression))
        let total = timeline.count
        let summary = try pipeline.run(frames: Array(0..<total), renderer: choice.renderer,
                                       displayList: { displayList(timeline.time(of: $0)) },
                                       progress: { done, total in Terminal.status("shatter: frame \(done)/\(total)") })
        Terminal.endStatus()
        print("Rendered \(summary.frames) frames to \(folder.path)/ in \(format(summary.seconds)) s "
              + "(\(choice.backend.rawValue): \(choice.renderer.description); render \(format(summary.renderSeconds)) s, "
              + "PNG \(format(summary.encodeSeconds)) s over all cores)")
    }

    private func format(_ seconds: Double) -> String {
        String((seconds * 100).rounded() / 100)
    }
}
