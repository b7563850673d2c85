import Foundation
import ShatterTestSupport
import Testing

@testable import Shatter

/// The bench's output shape and sanity, never its speed.
@Suite struct PointSizeBenchmarkTests {
    @Test func everyConfigurationIsPresentWithPositiveFigures() throws {
        let glWorks = (try? GLRenderer()) != nil
        let backends: [Backend] = glWorks ? [.gl, .cpu] : [.cpu]
        let configuration = PointSizeBenchmark.Configuration(
            backends: backends, pointSizes: [1, 4], width: 64, height: 48,
            frames: 3, repeats: 2, encodePNG: true)
        let report = try PointSizeBenchmark(configuration: configuration).run()
        #expect(report.results.count == backends.count * 2)
        #expect(report.settings == .init(width: 64, height: 48, frames: 3, repeats: 2, warmUpFrames: 1, encode: "png"))
        #expect(report.version == ShatterVersion.current)
        #expect((report.machine.gl != nil) == glWorks)
        for backend in backends {
            for pointSize in [1.0, 4.0] {
                let result = try #require(report.results.first { $0.backend == backend.rawValue && $0.pointSize == pointSize })
                // cols · rows: Int(64/p) + 1 by Int(48/p) + 1.
                #expect(result.points == (Int(64 / pointSize) + 1) * (Int(48 / pointSize) + 1))
                #expect(result.refused == nil)
                let render = try #require(result.renderMs)
                #expect(render.min > 0 && render.min <= render.median && render.median <= render.max && render.sigma != nil)
                #expect(result.encodeMs.map { $0.median > 0 } == true)
                #expect(try #require(result.frameMs).median >= render.median)
                #expect((result.readbackMs != nil) == (backend == .gl))
                #expect(result.fps ?? 0 > 0 && result.megapixelsPerSecond ?? 0 > 0 && result.pointsPerSecond ?? 0 > 0)
                #expect(result.peakRSSBytes ?? 0 > 1_000_000)
            }
        }
        #expect(report.machine.cores >= 1)
        #expect(report.csv().split(separator: "\n").count == 1 + report.results.count)
        let chart = report.chart()
        #expect(chart.width == 960 && chart.height == 600)
    }

    @Test(.enabled(if: GLSupport.isAvailable, "needs an EGL context to have a point size range"))
    func aPointSizeBeyondTheGLRangeIsReportedAsRefusedWithNullFigures() throws {
        let gl = try GLRenderer()
        let tooBig = Double(gl.info.pointSizeRange.upperBound) + 1
        let configuration = PointSizeBenchmark.Configuration(
            backends: [.gl, .cpu], pointSizes: [tooBig], width: 400, height: 300,
            frames: 1, repeats: 1, encodePNG: false)
        let report = try PointSizeBenchmark(configuration: configuration).run()
        let glResult = try #require(report.results.first { $0.backend == "gl" })
        #expect(glResult.refused?.contains("outside this GL's point size range") == true)
        let json = try #require(try JSONSerialization.jsonObject(with: report.jsonData()) as? [String: Any])
        let rows = try #require(json["results"] as? [[String: Any]])
        let refused = try #require(rows.first { $0["backend"] as? String == "gl" })
        for key in ["renderMs", "fps", "megapixelsPerSecond", "peakRSSBytes"] { #expect(refused[key] is NSNull, "\(key)") }
        let cpuResult = try #require(report.results.first { $0.backend == "cpu" })
        #expect(cpuResult.refused == nil && cpuResult.renderMs?.median ?? 0 > 0)
    }

    @Test func statsSeparateTheInstantsFromTheRepeatsNoise() {
        // Three instants costing about 1, 5 and 9 ms, each timed three times.
        let stats = BenchmarkStats(repeatsPerInstant: [[1, 1.2, 0.8], [5, 4, 6], [9, 9, 9]])
        #expect(stats.min == 1 && stats.median == 5 && stats.max == 9)
        // Squared deviations 0.08 + 2 + 0 over 2 + 2 + 2 degrees of freedom.
        #expect(abs((stats.sigma ?? 0) - (2.08 / 6).squareRoot()) < 1e-12)
        #expect(BenchmarkStats(repeatsPerInstant: [[3], [4]]).sigma == nil)
    }

    @Test func theChartShowsASeriesThatLiesUnderAnother() throws {
        // cpu render, cpu PNG, gl render and gl PNG all the same at both point sizes: the later series
        // are narrower, so each earlier one still shows round them.
        let same = BenchmarkStats(repeatsPerInstant: [[20]])
        let results = ["cpu", "gl"].flatMap { backend in
            [2.0, 4.0].map { pointSize in
                var result = BenchmarkReport.Result(backend: backend, pointSize: pointSize, points: 1, renderer: backend)
                (result.renderMs, result.encodeMs) = (same, same)
                return result
            }
        }
        let report = BenchmarkReport(
            settings: .init(width: 8, height: 8, frames: 1, repeats: 1, warmUpFrames: 1, encode: "png"),
            machine: .init(cpu: "test", cores: 2, system: "test", gl: nil), results: results)
        let chart = report.chart()
        let plotRight = chart.width - 230  // the legend, which shows every color anyway, is right of this
        let colors = Set((0..<chart.height).flatMap { y in (0..<plotRight).map { chart[$0, y] } })
        for name in ["cpu render", "cpu PNG", "gl render", "gl PNG"] {
            #expect(colors.contains(try #require(BenchmarkReport.seriesColors[name])), "\(name)")
        }
    }
}
