import Shatter

/// The part every `render` subcommand shares: pick the backend, prepare the folder, render every
/// frame through the pipeline with progress on the terminal, then one summary line.
struct FrameRendering {
    let output: OutputOptions
    let timeline: FrameTimeline
    let frames: [Int]

    func run(_ displayList: (Double) -> DisplayList) throws {
        let folder = try OutputDirectory(output.out)
        let choice = try output.backend.makeRenderer(gl: .init(deviceIndex: try output.device.resolvedIndex()))
        if let note = choice.note { Terminal.error("shatter: \(note)") }
        let pipeline = FramePipeline(output: folder, png: PNGWriteOptions(compressionLevel: output.compression,
                                                                                 background: output.background?.colour))
        let sheetFrames = Set(Self.evenlySpaced(output.sheetFrames, of: frames.count).map { frames[$0] })
        var sheet = ContactSheet(columns: min(4, sheetFrames.count), thumbnailWidth: 180)
        let summary = try pipeline.run(
            frames: frames, renderer: choice.renderer,
            displayList: { displayList(timeline.time(of: $0)) },
            inspect: { index, image in
                if output.contactSheet != nil, sheetFrames.contains(index) {
                    sheet.add(image, label: "t = \(Self.format(timeline.time(of: index), digits: 3)) s")
                }
            },
            progress: { done, total in Terminal.status("shatter: frame \(done)/\(total)") })
        Terminal.endStatus()
        print("Rendered \(summary.frames) frames to \(folder.path)/ in \(format(summary.seconds)) s "
              + "(\(choice.backend.rawValue): \(choice.renderer.description); render \(format(summary.renderSeconds)) s, "
              + "PNG \(format(summary.encodeSeconds)) s over all cores)")
        if let path = output.contactSheet {
            try PNGEncoder.write(sheet.render(), to: path, options: PNGWriteOptions(compressionLevel: 9))
            print("Contact sheet: \(path)")
        }
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
