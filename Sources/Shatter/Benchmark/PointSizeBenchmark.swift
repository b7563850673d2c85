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
                        effect: ShatteredTransition.name, backend: backend.rawValue, pointSize: effect.parameters.pointSize,
                        points: effect.grid.count, renderer: "none")
                    row.refused = "\(error)"
                    return row
                }
                continue
            }
            if let gl = choice.renderer as? GLRenderer { glInfo = gl.info }
            for effect in effects {
                progress("\(backend.rawValue), point size \(effect.parameters.pointSize)")
                let row = BenchmarkReport.Result(
                    effect: ShatteredTransition.name, backend: backend.rawValue, pointSize: effect.parameters.pointSize,
                    points: effect.grid.count, renderer: choice.renderer.description)
                results.append(try EffectFrameTimer(configuration: c).measure(effect, renderer: choice, row: row))
            }
        }
        let settings = BenchmarkReport.Settings(
            width: c.width, height: c.height, frames: max(1, c.frames), repeats: max(1, c.repeats),
            warmUpFrames: max(0, c.warmUpFrames), encode: c.encodePNG ? "png" : "none")
        return BenchmarkReport(settings: settings, machine: .current(gl: glInfo), results: results)
    }
}
