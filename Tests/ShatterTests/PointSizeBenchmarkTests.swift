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

    func report(width: Int, height: Int, _ rows: [(backend: String, pointSize: Double, ms: Double)]) -> BenchmarkReport {
        let results = rows.map { row in
            var result = BenchmarkReport.Result(backend: row.backend, pointSize: row.pointSize, points: 1, renderer: row.backend)
            (result.renderMs, result.frameMs) = (
                BenchmarkStats(repeatsPerInstant: [[row.ms / 2]]), BenchmarkStats(repeatsPerInstant: [[row.ms]])
            )
            return result
        }
        return BenchmarkReport(
            settings: .init(width: width, height: height, frames: 1, repeats: 1, warmUpFrames: 1, encode: "png"),
            machine: .init(cpu: "test", cores: 2, system: "test", gl: nil), results: results)
    }

    /// "Which point size can I afford at this size?": the size in the title, end-to-end time per backend,
    /// the 24, 30 and 60 fps budgets drawn across the plot, point sizes labelled as `--point-sizes` takes them.
    @Test func theChartShowsTheScreenSizeTheBudgetsAndThePointSizesAsTyped() throws {
        let chart = BenchmarkChart(
            report(
                width: 640, height: 360,
                [
                    ("cpu", 1, 80), ("cpu", 2.5, 30), ("cpu", 1.125, 60), ("cpu", 16, 4), ("gl", 1, 300), ("gl", 16, 12),
                ]))
        #expect(chart.title.contains("640x360") && chart.title.contains("End-to-end ms per frame"))
        #expect(chart.xTicks.map(\.label) == ["1", "1.125", "2.5", "16"])
        #expect(chart.xLabel.contains("--point-sizes"))
        #expect(chart.series.map(\.backend) == ["cpu", "gl"])
        #expect(chart.series[0].points.map(\.ms) == [80, 60, 30, 4])
        #expect(BenchmarkChart.budgets.map(\.label) == ["24 fps: 41.7 ms", "30 fps: 33.3 ms", "60 fps: 16.7 ms"])
        #expect(chart.msRange == 1...1000)

        // Each budget is a line across the plot in its color, in the row its milliseconds map to.
        let image = chart.image()
        chart.expectBudgetLinesAcross(image)
        let columns = Int(chart.plot.left) + 2..<Int(chart.plot.right) - 2
        // Nothing else is in the budgets' color: a budget line is only where its milliseconds are.
        let rows = Set(BenchmarkChart.budgets.flatMap { Int(chart.y($0.ms)) - 2...Int(chart.y($0.ms)) + 2 })
        let stray = (Int(chart.plot.top)..<Int(chart.plot.bottom)).filter { !rows.contains($0) }.contains { y in
            columns.contains { image[$0, y] == BenchmarkChart.budgetColor }
        }
        #expect(!stray)
    }

    /// Over three decades the 24 and 30 fps lines lie 16 pixels apart: their labels still do not touch.
    @Test func budgetLabelsNeverOverlap() {
        for top in [300.0, 3000, 30000] {
            let chart = BenchmarkChart(report(width: 1920, height: 1080, [("cpu", 1, top), ("cpu", 16, 3)]))
            let tops = chart.budgetLabels.map(\.top)
            #expect(zip(tops, tops.dropFirst()).allSatisfy { $1 - $0 >= 20 }, "\(tops) over \(chart.msRange)")
            for (budget, top) in chart.budgetLabels { #expect(top >= Int(chart.y(budget.ms)) - 7) }
        }
    }

    @Test func theChartShowsABackendThatLiesUnderAnother() throws {
        // cpu and gl the same at both point sizes: GL's line is narrower, so the CPU's shows round it.
        let chart = BenchmarkChart(report(width: 8, height: 8, [("cpu", 2, 20), ("cpu", 4, 20), ("gl", 2, 20), ("gl", 4, 20)]))
        let image = chart.image()
        let colors = Set(
            (Int(chart.plot.top)..<Int(chart.plot.bottom)).flatMap { y in
                (Int(chart.plot.left)..<Int(chart.plot.right)).map { image[$0, y] }
            })
        for backend in ["cpu", "gl"] { #expect(colors.contains(try #require(BenchmarkChart.colors[backend])), "\(backend)") }
    }
}
