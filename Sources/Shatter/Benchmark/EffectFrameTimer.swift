import Foundation

/// Times one effect's frames on one renderer, as `shatter bench` reports them: instants spread over
/// the whole animation, after warm-up frames that are not counted, each drawn `repeats` times, every
/// stage timed (drawing, readback on GL, and with PNG what `shatter render` does with a frame), then
/// a real render of the same instants for frames per second end to end. The point-size sweep and the
/// other effects' bench share it, so their figures mean the same.
struct EffectFrameTimer {
    let configuration: PointSizeBenchmark.Configuration

    /// `row` (its effect, backend, point size and points already set) with the figures filled in, or
    /// `refused` set where GL refused to draw.
    func measure<E: Effect>(_ effect: E, renderer choice: Backend.Choice, row: BenchmarkReport.Result) throws
        -> BenchmarkReport.Result
    {
        let c = configuration
        let renderer = choice.renderer
        var result = row
        ProcessMemory.resetPeak()
        let times = (0..<max(1, c.frames)).map { c.frames <= 1 ? 0 : effect.duration * Double($0) / Double(c.frames - 1) }
        // Per stage, per instant, the repeats' milliseconds.
        var render = [[Double]](repeating: [], count: times.count)
        var readback = render
        var encode = render
        var hash = render
        var write = render
        var frame = render
        do {
            try PrivateTemporaryFolder.with(prefix: "shatter-bench") { folder in
                // Each frame as `shatter render` writes it: PNG, both digests, atomic write.
                let writer = FolderFrameWriter(folder: try OutputDirectory(folder + "/frames"))
                var image = Image(width: 0, height: 0)
                var written = 0
                func run(_ t: Double) throws -> (render: Double, readback: Double, write: FrameWriteTimings) {
                    let timings = try renderer.render(effect.displayList(at: t), into: &image)
                    var stages = FrameWriteTimings()
                    if c.encodePNG { stages = try writer.writeTimed(image, index: written % max(1, times.count)).timings }
                    written += 1
                    return (timings.draw * 1000, timings.readback * 1000, stages)
                }
                for k in 0..<max(0, c.warmUpFrames) { _ = try run(times[k % times.count]) }
                for _ in 0..<max(1, c.repeats) {
                    for (k, t) in times.enumerated() {
                        let ms = try run(t)
                        render[k].append(ms.render)
                        readback[k].append(ms.readback)
                        encode[k].append(ms.write.encode * 1000)
                        hash[k].append(ms.write.hash * 1000)
                        write[k].append(ms.write.write * 1000)
                        frame[k].append(ms.render + ms.readback + (ms.write.encode + ms.write.hash + ms.write.write) * 1000)
                    }
                }
            }
        } catch let error as GLError {
            result.refused = "\(error)"
            return result
        }
        let backend = choice.backend
        result.renderMs = BenchmarkStats(repeatsPerInstant: render)
        result.readbackMs = backend == .cpu ? nil : BenchmarkStats(repeatsPerInstant: readback)
        result.encodeMs = c.encodePNG ? BenchmarkStats(repeatsPerInstant: encode) : nil
        result.hashMs = c.encodePNG ? BenchmarkStats(repeatsPerInstant: hash) : nil
        result.writeMs = c.encodePNG ? BenchmarkStats(repeatsPerInstant: write) : nil
        let frameMs = BenchmarkStats(repeatsPerInstant: frame)
        result.frameMs = frameMs
        result.fps = try endToEndFPS(effect, renderer: choice, times: times, sequentialSeconds: frameMs.median / 1000)
        let medianRender = ((result.renderMs?.median ?? 0) + (result.readbackMs?.median ?? 0)) / 1000
        let pixels = Double(effect.pixelWidth * effect.pixelHeight)
        result.megapixelsPerSecond = medianRender > 0 ? pixels / 1e6 / medianRender : nil
        result.pointsPerSecond = medianRender > 0 ? result.points.map { Double($0) / medianRender } : nil
        result.peakRSSBytes = ProcessMemory.peakResidentBytes
        return result
    }

    /// Frames per second as `shatter render` delivers them: with PNG, a ``RenderSession`` (encoding on
    /// the other cores, hashing, manifest) writing into a private temporary folder, at the frame rate
    /// that samples the same instants; without, back-to-back renders. The CPU renderer starts cold, as
    /// in `shatter render`: its per-effect tables and working memory are made by the first frame.
    private func endToEndFPS<E: Effect>(
        _ effect: E, renderer: Backend.Choice, times: [Double], sequentialSeconds: Double
    ) throws -> Double {
        guard configuration.encodePNG else { return sequentialSeconds > 0 ? 1 / sequentialSeconds : 0 }
        var options = RenderSession<E>.Options()
        options.fps = times.count > 1 && effect.duration > 0 ? Double(times.count - 1) / effect.duration : 1
        options.range = 0...(times.count - 1)
        let cold = renderer.backend == .cpu ? try Backend.cpu.makeRenderer() : renderer
        let summary = try PrivateTemporaryFolder.with(prefix: "shatter-bench") { folder in
            try RenderSession(effect: effect, renderer: cold, folder: folder + "/frames", options: options).run()
        }
        return summary.seconds > 0 ? Double(summary.written) / summary.seconds : 0
    }
}
