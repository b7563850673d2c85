import Foundation
import Testing
import ShatterTestSupport
import Shatter

/// The bench's output shape and sanity, never its speed.
@Suite struct PointSizeBenchmarkTests {
    @Test func everyConfigurationIsPresentWithPositiveFigures() throws {
        let glWorks = (try? GLRenderer()) != nil
        let backends: [Backend] = glWorks ? [.gl, .cpu] : [.cpu]
        let configuration = PointSizeBenchmark.Configuration(backends: backends, pointSizes: [1, 4], width: 64, height: 48,
                                                             frames: 3, repeats: 1, encodePNG: true)
        let report = try PointSizeBenchmark(configuration: configuration).run()
        #expect(report.results.count == backends.count * 2)
        for backend in backends {
            for pointSize in [1.0, 4.0] {
                let result = try #require(report.results.first { $0.backend == backend.rawValue && $0.pointSize == pointSize })
                // cols · rows: Int(64/p) + 1 by Int(48/p) + 1.
                #expect(result.points == (Int(64 / pointSize) + 1) * (Int(48 / pointSize) + 1))
                #expect(result.refused == nil)
                #expect(result.renderMs.median > 0 && result.renderMs.p10 <= result.renderMs.median
                        && result.renderMs.median <= result.renderMs.p90)
                #expect(result.encodeMs.map { $0.median > 0 } == true)
                #expect((result.readbackMs != nil) == (backend == .gl))
                #expect(result.fps > 0 && result.megapixelsPerSecond > 0 && result.pointsPerSecond > 0)
                #expect(result.peakRSSBytes > 1_000_000)
            }
        }
        #expect(report.machine.cores >= 1)
        #expect(report.csv().split(separator: "\n").count == 1 + report.results.count)
        let chart = report.chart()
        #expect(chart.width == 960 && chart.height == 600)
    }

    @Test(.enabled(if: GLSupport.isAvailable, "needs an EGL context to have a point size range"))
    func aPointSizeBeyondTheGLRangeIsReportedAsRefused() throws {
        let gl = try GLRenderer()
        let tooBig = Double(gl.info.pointSizeRange.upperBound) + 1
        let configuration = PointSizeBenchmark.Configuration(backends: [.gl, .cpu], pointSizes: [tooBig], width: 400, height: 300,
                                                             frames: 1, encodePNG: false)
        let report = try PointSizeBenchmark(configuration: configuration).run()
        let glResult = try #require(report.results.first { $0.backend == "gl" })
        #expect(glResult.refused?.contains("outside this GL's point size range") == true)
        let cpuResult = try #require(report.results.first { $0.backend == "cpu" })
        #expect(cpuResult.refused == nil && cpuResult.renderMs.median > 0)
    }

    @Test func statsAreMedianAndTenthAndNinetiethPercentiles() {
        let stats = BenchmarkReport.Stats([5, 1, 4, 2, 3, 10, 6, 7, 8, 9, 0])
        #expect(stats.median == 5 && stats.p10 == 1 && stats.p90 == 9)
    }
}
