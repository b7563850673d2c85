import Foundation

/// `shatter bench --effect E` for an effect without point sizes (breathe, dust, splash, sprite): its
/// frames on each backend, timed as ``PointSizeBenchmark`` times the shatter's (see
/// `EffectFrameTimer`), one row per backend in the same ``BenchmarkReport``, with `pointSize` and
/// `points` null.
///
/// ```swift
/// let dust = try DustEffect(snapshot: snapshot, parameters: .init(width: 1920, height: 1080))
/// let report = try EffectBenchmark(effect: dust, configuration: .init(backends: [.cpu])).run()
/// print(report.results[0].frameMs?.median)
/// ```
public struct EffectBenchmark<E: Effect> {
    public let effect: E
    /// Backends, instants, repeats, warm-up, PNG and GL options; its point sizes, screen size and
    /// pictures are the shatter's and not used (the effect has its own size).
    public let configuration: PointSizeBenchmark.Configuration

    public init(effect: E, configuration: PointSizeBenchmark.Configuration) {
        self.effect = effect
        self.configuration = configuration
    }

    /// Runs every backend; `progress` gets a line before each.
    public func run(progress: (String) -> Void = { _ in }) throws -> BenchmarkReport {
        let c = configuration
        var results = [BenchmarkReport.Result]()
        var glInfo: GLInfo?
        for backend in c.backends {
            let choice: Backend.Choice
            do {
                choice = try backend.makeRenderer(gl: c.glOptions)
            } catch let error as GLError where backend != .cpu && c.backends.contains(.cpu) {
                // No GL on this machine: its row says why, with null figures, and the CPU is still measured.
                var row = BenchmarkReport.Result(
                    effect: E.name, backend: backend.rawValue, pointSize: nil, points: nil, renderer: "none")
                row.refused = "\(error)"
                results.append(row)
                continue
            }
            if let gl = choice.renderer as? GLRenderer { glInfo = gl.info }
            progress("\(backend.rawValue), \(E.name)")
            let row = BenchmarkReport.Result(
                effect: E.name, backend: backend.rawValue, pointSize: nil, points: nil,
                renderer: choice.renderer.description)
            results.append(try EffectFrameTimer(configuration: c).measure(effect, renderer: choice, row: row))
        }
        let settings = BenchmarkReport.Settings(
            width: effect.pixelWidth, height: effect.pixelHeight, frames: max(1, c.frames), repeats: max(1, c.repeats),
            warmUpFrames: max(0, c.warmUpFrames), encode: c.encodePNG ? "png" : "none")
        return BenchmarkReport(settings: settings, machine: .current(gl: glInfo), results: results)
    }
}
