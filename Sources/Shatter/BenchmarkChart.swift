import Foundation

extension BenchmarkReport {
    /// A line chart of milliseconds per frame against point size (both axes logarithmic), one line per
    /// backend and stage, drawn on the CPU by Shatter's own Canvas.
    public func chart(width: Int = 960, height: Int = 600) -> Image {
        var canvas = Canvas(width: width, height: height, fill: .opaqueWhite)
        let plot = (left: 70.0, top: 40.0, right: Double(width) - 230, bottom: Double(height) - 60)
        let drawn = results.filter { $0.refused == nil }
        let sizes = Array(Set(drawn.map(\.pointSize))).sorted()
        var series = [(name: String, color: RGBA8, points: [(Double, Double)])]()
        let palette: [String: RGBA8] = [
            "cpu render": RGBA8(r: 0, g: 114, b: 178, a: 255), "cpu PNG": RGBA8(r: 86, g: 180, b: 233, a: 255),
            "gl render": RGBA8(r: 213, g: 94, b: 0, a: 255), "gl readback": RGBA8(r: 230, g: 159, b: 0, a: 255),
            "gl PNG": RGBA8(r: 204, g: 121, b: 167, a: 255),
        ]
        for backend in ["cpu", "gl"] {
            let rows = drawn.filter { $0.backend == backend }.sorted { $0.pointSize < $1.pointSize }
            guard !rows.isEmpty else { continue }
            let stages: [(String, (Result) -> Double?)] = [
                ("render", { $0.renderMs.median }), ("readback", { $0.readbackMs?.median }), ("PNG", { $0.encodeMs?.median }),
            ]
            for (stage, value) in stages {
                let points = rows.compactMap { row in value(row).map { (row.pointSize, max($0, 0.01)) } }
                let name = "\(backend) \(stage)"
                if !points.isEmpty { series.append((name, palette[name] ?? .opaqueBlack, points)) }
            }
        }
        let values = series.flatMap { $0.points.map(\.1) }
        let yMin = pow(10, (log10(values.min() ?? 1)).rounded(.down)), yMax = pow(10, (log10(values.max() ?? 10)).rounded(.up))
        let xMin = sizes.first ?? 1, xMax = max(sizes.last ?? 2, xMin * 2)
        func x(_ size: Double) -> Double { plot.left + (log2(size) - log2(xMin)) / (log2(xMax) - log2(xMin)) * (plot.right - plot.left) }
        func y(_ ms: Double) -> Double { plot.bottom - (log10(ms) - log10(yMin)) / (log10(yMax) - log10(yMin)) * (plot.bottom - plot.top) }

        let grid = RGBA8(r: 225, g: 225, b: 225, a: 255), ink = RGBA8(r: 40, g: 40, b: 40, a: 255)
        var decade = yMin
        while decade <= yMax * 1.0001 {
            for step in [1.0, 2, 5] where decade * step <= yMax * 1.0001 {
                let py = y(decade * step)
                canvas.strokeLine(x0: plot.left, y0: py, x1: plot.right, y1: py, width: 1, color: grid)
                canvas.drawText(Self.number(decade * step), x: 8, y: Int(py) - 4, color: ink)
            }
            decade *= 10
        }
        for size in sizes {
            let px = x(size)
            canvas.strokeLine(x0: px, y0: plot.top, x1: px, y1: plot.bottom, width: 1, color: grid)
            canvas.drawText(Self.number(size), x: Int(px) - 4, y: Int(plot.bottom) + 8, color: ink)
        }
        canvas.strokeLine(x0: plot.left, y0: plot.bottom, x1: plot.right, y1: plot.bottom, width: 1.5, color: ink)
        canvas.strokeLine(x0: plot.left, y0: plot.top, x1: plot.left, y1: plot.bottom, width: 1.5, color: ink)
        canvas.drawText("ms per frame (median), \(machine.cores) cores", x: 8, y: 12, color: ink, size: 2)
        canvas.drawText("point size (points)", x: Int(plot.left + plot.right) / 2 - 60, y: Int(plot.bottom) + 30, color: ink, size: 2)

        for (index, line) in series.enumerated() {
            for (a, b) in zip(line.points, line.points.dropFirst()) {
                canvas.strokeLine(x0: x(a.0), y0: y(a.1), x1: x(b.0), y1: y(b.1), width: 2.5, color: line.color)
            }
            for point in line.points {
                canvas.fillRoundedRect(x: x(point.0) - 4, y: y(point.1) - 4, width: 8, height: 8, radius: 4, color: line.color)
            }
            let legendY = plot.top + Double(index) * 26
            canvas.strokeLine(x0: plot.right + 20, y0: legendY + 6, x1: plot.right + 50, y1: legendY + 6, width: 3, color: line.color)
            canvas.drawText(line.name, x: Int(plot.right) + 58, y: Int(legendY), color: ink, size: 2)
        }
        return canvas.image
    }
}
