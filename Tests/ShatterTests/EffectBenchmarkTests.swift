import Foundation
import ShatterTestSupport
import Testing

@testable import Shatter

/// `shatter bench --effect E` for an effect without point sizes: its shape, sanity and chart, never its speed.
@Suite struct EffectBenchmarkTests {
    @Test func eachBackendIsARowNamingTheEffectWithPositiveFigures() throws {
        let glWorks = (try? GLRenderer()) != nil
        let backends: [Backend] = glWorks ? [.cpu, .gl] : [.cpu]
        let breathe = try Breathe(parameters: .init(width: 64, height: 48, duration: 2))
        let report = try EffectBenchmark(
            effect: breathe, configuration: .init(backends: backends, frames: 3, repeats: 2, encodePNG: true)
        ).run()
        #expect(report.settings == .init(width: 64, height: 48, frames: 3, repeats: 2, warmUpFrames: 1, encode: "png"))
        #expect(report.results.map(\.backend) == backends.map(\.rawValue))
        for result in report.results {
            #expect(result.effect == "breathe" && result.pointSize == nil && result.points == nil && result.refused == nil)
            let render = try #require(result.renderMs)
            #expect(render.min > 0 && render.min <= render.median && render.median <= render.max)
            #expect(try #require(result.frameMs).median >= render.median)
            #expect((result.readbackMs != nil) == (result.backend == "gl"))
            #expect(result.fps ?? 0 > 0 && result.megapixelsPerSecond ?? 0 > 0 && result.pointsPerSecond == nil)
        }
        // JSON round trip, and a report from before `effect` existed reads as the shatter's.
        let json = try report.jsonData()
        #expect(
            try JSONDecoder().decode(BenchmarkReport.self, from: json).results.map(\.effect) == backends.map { _ in "breathe" })
        let old = String(decoding: json, as: UTF8.self).replacingOccurrences(of: "\"effect\" : \"breathe\",", with: "")
        #expect(
            try JSONDecoder().decode(BenchmarkReport.self, from: Data(old.utf8)).results.allSatisfy { $0.effect == "shatter" })
    }

    func report(_ rows: [(backend: String, min: Double, median: Double, max: Double)]) -> BenchmarkReport {
        let results = rows.map { row in
            var result = BenchmarkReport.Result(effect: "dust", backend: row.backend, pointSize: nil, points: nil, renderer: "x")
            result.frameMs = BenchmarkStats(repeatsPerInstant: [[row.min], [row.median], [row.max]])
            return result
        }
        return BenchmarkReport(
            settings: .init(width: 1920, height: 1080, frames: 3, repeats: 1, warmUpFrames: 1, encode: "png"),
            machine: .init(cpu: "test", cores: 2, system: "test", gl: nil), results: results)
    }

    /// "Can this effect keep 30 fps here?": a bar per backend up to its median frame, under the same budget lines.
    @Test func theChartHasABarPerBackendUnderTheBudgetLines() throws {
        let chart = BenchmarkChart(report([("cpu", 10, 28, 40), ("gl", 300, 570, 700)]))
        #expect(!chart.isPointSizeSweep)
        #expect(chart.title == "End-to-end ms per dust frame at 1920x1080 (2 cores)")
        #expect(chart.xTicks.map(\.label) == ["cpu", "gl"])
        #expect(chart.series.map { $0.points.map(\.ms) } == [[28], [570]])
        #expect(chart.msRange == 10...1000)
        let image = chart.image()
        chart.expectBudgetLinesAcross(image)
        // Each bar stands in its backend's column, in its color, from the axis up to its median, not above.
        for line in chart.series {
            let x = Int(chart.x(line.points[0].position)) + 20
            let top = Int(chart.y(line.points[0].ms))
            #expect(image[x, top + 3] == line.color && image[x, Int(chart.plot.bottom) - 3] == line.color, "\(line.backend)")
            #expect(image[x, top - 3] != line.color, "\(line.backend)")
        }
    }
}
