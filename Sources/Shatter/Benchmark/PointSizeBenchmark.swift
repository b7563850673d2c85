import Foundation

/// `shatter bench`: how point size and backend change the cost of the shattered transition. For each
/// backend × point size it renders instants spread over the whole transition, after warm-up frames
/// that are not counted, each instant `repeats` times, and times each stage: drawing, readback (GL),
/// and with PNG what `shatter render` does with a frame (encode, hash, write). See ``BenchmarkStats``.
///
/// ```swift
/// let report = try PointSizeBenchmark(configuration: .init(pointSizes: [1, 16])).run()
/// print(report.results.map { $0.renderMs?.median })
/// ```
public struct PointSizeBenchmark {
    public struct Configuration: Sendable {
        public var backends: [Backend] = [.gl, .cpu]
        public var pointSizes: [Double] = [1, 2, 4, 8, 16, 32]
        /// Screen size in points (scale 1).
        public var width = 1920, height = 1080
        /// Instants per configuration, spread evenly over the transition (both ends included).
        public var frames = 30
        /// Times each instant is drawn (and written); its figure is the median of these.
        public var repeats = 3
        /// Frames drawn (and written) before the timing starts: first-frame work (per-point tables,
        /// texture uploads, page faults) is not a frame's cost.
        public var warmUpFrames = 1
        /// Encode, hash and write each frame as `shatter render` does (into a temporary folder), and time it.
        public var encodePNG = true
        public var glOptions = GLRenderer.Options()
        /// The screen that shatters and the one revealed (stretched to the screen, as in a render);
        /// nil: the original demo's screens, drawn at the screen's size.
        public var from: Image?, to: Image?

        public init(
            backends: [Backend] = [.gl, .cpu], pointSizes: [Double] = [1, 2, 4, 8, 16, 32], width: Int = 1920,
            height: Int = 1080, frames: Int = 30, repeats: Int = 3, encodePNG: Bool = true
        ) {
            self.backends = backends
            self.pointSizes = pointSizes
            self.width = width
            self.height = height
            self.frames = frames
            self.repeats = repeats
            self.encodePNG = encodePNG
        }
    }

    public let configuration: Configuration
    public init(configuration: Configuration) { self.configuration = configuration }

    /// Runs every configuration; `progress` gets a line before each.
    public func run(progress: (String) -> Void = { _ in }) throws -> BenchmarkReport {
        let c = configuration
        let from = Texture(image: c.from ?? DefaultScenes.presentedScreen(widthPoints: c.width, heightPoints: c.height, scale: 1))
        let to = Texture(image: c.to ?? DefaultScenes.destination(widthPoints: c.width, heightPoints: c.height, scale: 1))
        var results = [BenchmarkReport.Result]()
        var glInfo: GLInfo?
        for backend in c.backends {
            let effects = try c.pointSizes.map { pointSize in
                try ShatteredTransition(
                    from: from, to: to, parameters: .init(width: c.width, height: c.height, pointSize: pointSize))
            }
            let choice: Backend.Choice
            do {
                choice = try backend.makeRenderer(gl: c.glOptions)
            } catch let error as GLError where backend != .cpu && c.backends.contains(.cpu) {
                // No GL on this machine: its rows say why, with null figures, and the CPU is still measured.
                results += effects.map { effect in
                    var row = BenchmarkReport.Result(
                        backend: backend.rawValue, pointSize: effect.parameters.pointSize, points: effect.grid.count,
                        renderer: "none")
                    row.refused = "\(error)"
                    return row
                }
                continue
            }
            if let gl = choice.renderer as? GLRenderer { glInfo = gl.info }
            for effect in effects {
                progress("\(backend.rawValue), point size \(effect.parameters.pointSize)")
                results.append(try measure(effect, renderer: choice, backend: backend))
            }
        }
        let settings = BenchmarkReport.Settings(
            width: c.width, height: c.height, frames: max(1, c.frames), repeats: max(1, c.repeats),
            warmUpFrames: max(0, c.warmUpFrames), encode: c.encodePNG ? "png" : "none")
        return BenchmarkReport(settings: settings, machine: .current(gl: glInfo), results: results)
    }

    private func measure(_ effect: ShatteredTransition, renderer choice: Backend.Choice, backend: Backend) throws
        -> BenchmarkReport.Result
    {
        let c = configuration
        let renderer = choice.renderer
        let pixels = effect.parameters.pixelWidth * effect.parameters.pixelHeight
        var result = BenchmarkReport.Result(
            backend: backend.rawValue, pointSize: effect.parameters.pointSize,
            points: effect.grid.count, renderer: renderer.description)
        ProcessMemory.resetPeak()
        let times = (0..<max(1, c.frames)).map {
            c.frames <= 1 ? 0 : effect.parameters.duration * Double($0) / Double(c.frames - 1)
        }
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
        result.renderMs = BenchmarkStats(repeatsPerInstant: render)
        result.readbackMs = backend == .cpu ? nil : BenchmarkStats(repeatsPerInstant: readback)
        result.encodeMs = c.encodePNG ? BenchmarkStats(repeatsPerInstant: encode) : nil
        result.hashMs = c.encodePNG ? BenchmarkStats(repeatsPerInstant: hash) : nil
        result.writeMs = c.encodePNG ? BenchmarkStats(repeatsPerInstant: write) : nil
        let frameMs = BenchmarkStats(repeatsPerInstant: frame)
        result.frameMs = frameMs
        result.fps = try endToEndFPS(effect, renderer: choice, times: times, sequentialSeconds: frameMs.median / 1000)
        let medianRender = ((result.renderMs?.median ?? 0) + (result.readbackMs?.median ?? 0)) / 1000
        result.megapixelsPerSecond = medianRender > 0 ? Double(pixels) / 1e6 / medianRender : nil
        result.pointsPerSecond = medianRender > 0 ? Double(effect.grid.count) / medianRender : nil
        result.peakRSSBytes = ProcessMemory.peakResidentBytes
        return result
    }

    /// Frames per second as `shatter render` delivers them: with PNG, a ``RenderSession`` (encoding on
    /// the other cores, hashing, manifest) writing into a private temporary folder, at the frame rate
    /// that samples the same instants; without, back-to-back renders. The CPU renderer starts cold, as
    /// in `shatter render`: its per-grid tables and working memory are made by the first frame.
    private func endToEndFPS(
        _ effect: ShatteredTransition, renderer: Backend.Choice, times: [Double],
        sequentialSeconds: Double
    ) throws -> Double {
        guard configuration.encodePNG else { return sequentialSeconds > 0 ? 1 / sequentialSeconds : 0 }
        var options = RenderSession<ShatteredTransition>.Options()
        options.fps = times.count > 1 ? Double(times.count - 1) / effect.duration : 1
        options.range = 0...(times.count - 1)
        let cold = renderer.backend == .cpu ? try Backend.cpu.makeRenderer() : renderer
        let summary = try PrivateTemporaryFolder.with(prefix: "shatter-bench") { folder in
            try RenderSession(effect: effect, renderer: cold, folder: folder + "/frames", options: options).run()
        }
        return summary.seconds > 0 ? Double(summary.written) / summary.seconds : 0
    }
}
