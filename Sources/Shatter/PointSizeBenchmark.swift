import Foundation

/// `shatter bench`: how point size and backend change the cost of the shattered transition. For each
/// backend × point size it renders frames spread over the whole transition and times each stage.
///
/// ```swift
/// let report = try PointSizeBenchmark(configuration: .init(pointSizes: [1, 16])).run()
/// print(report.results.map(\.renderMs.median))
/// ```
public struct PointSizeBenchmark {
    public struct Configuration: Sendable {
        public var backends: [Backend] = [.gl, .cpu]
        public var pointSizes: [Double] = [1, 2, 4, 8, 16, 32]
        /// Screen size in points (scale 1).
        public var width = 1920, height = 1080
        /// Frames per configuration, spread evenly over the transition (both ends included).
        public var frames = 30
        /// Passes over those frames; statistics pool every pass.
        public var repeats = 1
        /// Encode each frame as PNG (in memory, default settings) and time it.
        public var encodePNG = true
        public var glOptions = GLRenderer.Options()

        public init(backends: [Backend] = [.gl, .cpu], pointSizes: [Double] = [1, 2, 4, 8, 16, 32], width: Int = 1920,
                    height: Int = 1080, frames: Int = 30, repeats: Int = 1, encodePNG: Bool = true) {
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
        let from = Texture(image: DefaultScenes.presentedScreen(widthPoints: c.width, heightPoints: c.height, scale: 1))
        let to = Texture(image: DefaultScenes.destination(widthPoints: c.width, heightPoints: c.height, scale: 1))
        var results = [BenchmarkReport.Result]()
        var glInfo: GLInfo?
        for backend in c.backends {
            let choice = try backend.makeRenderer(gl: c.glOptions)
            if let gl = choice.renderer as? GLRenderer { glInfo = gl.info }
            for pointSize in c.pointSizes {
                progress("\(backend.rawValue), point size \(pointSize)")
                let effect = ShatteredTransition(from: from, to: to, parameters: .init(
                    width: c.width, height: c.height, pointSize: pointSize))
                results.append(try measure(effect, renderer: choice, backend: backend))
            }
        }
        return BenchmarkReport(machine: .current(gl: glInfo), results: results)
    }

    private func measure(_ effect: ShatteredTransition, renderer choice: Backend.Choice, backend: Backend) throws
        -> BenchmarkReport.Result
    {
        let c = configuration
        let renderer = choice.renderer
        let pixels = effect.parameters.pixelWidth * effect.parameters.pixelHeight
        var result = BenchmarkReport.Result(backend: backend.rawValue, pointSize: effect.parameters.pointSize,
                                            points: effect.grid.count, renderer: renderer.description)
        ProcessMemory.resetPeak()
        var render = [Double](), readback = [Double](), encode = [Double](), total = [Double]()  // ms
        var image = Image(width: 0, height: 0)
        let times = (0..<max(1, c.frames)).map { c.frames <= 1 ? 0 : effect.parameters.duration * Double($0) / Double(c.frames - 1) }
        do {
            for _ in 0..<max(1, c.repeats) {
                for t in times {
                    let timings = try renderer.render(effect.displayList(at: t), into: &image)
                    var frameMs = (timings.draw + timings.readback) * 1000
                    render.append(timings.draw * 1000)
                    readback.append(timings.readback * 1000)
                    if c.encodePNG {
                        let start = ContinuousClock.now
                        _ = try PNGEncoder.encode(image)
                        let seconds = FramePipeline.seconds(ContinuousClock.now - start)
                        encode.append(seconds * 1000)
                        frameMs += seconds * 1000
                    }
                    total.append(frameMs)
                }
            }
        } catch let error as GLError {
            result.refused = "\(error)"
            return result
        }
        result.renderMs = .init(render)
        result.readbackMs = backend == .cpu ? nil : .init(readback)
        result.encodeMs = c.encodePNG ? .init(encode) : nil
        result.fps = try endToEndFPS(effect, renderer: choice, times: times,
                                     sequentialSeconds: BenchmarkReport.Stats(total).median / 1000)
        let medianRender = (result.renderMs.median + (result.readbackMs?.median ?? 0)) / 1000
        result.megapixelsPerSecond = medianRender > 0 ? Double(pixels) / 1e6 / medianRender : 0
        result.pointsPerSecond = medianRender > 0 ? Double(effect.grid.count) / medianRender : 0
        result.peakRSSBytes = ProcessMemory.peakResidentBytes ?? 0
        return result
    }

    /// Frames per second as `shatter render` delivers them: with PNG, a ``RenderSession`` (encoding on
    /// the other cores, hashing, manifest) writing into a private temporary folder, at the frame rate
    /// that samples the same instants; without, back-to-back renders.
    private func endToEndFPS(_ effect: ShatteredTransition, renderer: Backend.Choice, times: [Double],
                             sequentialSeconds: Double) throws -> Double {
        guard configuration.encodePNG else { return sequentialSeconds > 0 ? 1 / sequentialSeconds : 0 }
        var options = RenderSession<ShatteredTransition>.Options()
        options.fps = times.count > 1 ? Double(times.count - 1) / effect.duration : 1
        options.range = 0...(times.count - 1)
        let summary = try PrivateTemporaryFolder.with(prefix: "shatter-bench") { folder in
            try RenderSession(effect: effect, renderer: renderer, folder: folder + "/frames", options: options).run()
        }
        return summary.seconds > 0 ? Double(summary.written) / summary.seconds : 0
    }
}
