import Foundation

extension BenchmarkReport {
    /// Each series' color (Okabe–Ito, told apart by most color-blind readers).
    static let seriesColors: [String: RGBA8] = [
        "cpu render": RGBA8(r: 0, g: 114, b: 178, a: 255), "cpu PNG": RGBA8(r: 86, g: 180, b: 233, a: 255),
        "gl render": RGBA8(r: 213, g: 94, b: 0, a: 255), "gl readback": RGBA8(r: 230, g: 159, b: 0, a: 255),
        "gl PNG": RGBA8(r: 204, g: 121, b: 167, a: 255),
    ]

    /// A line chart of milliseconds per frame against point size (both axes logarithmic), one line per
    /// backend and stage, drawn on the CPU by Shatter's own Canvas. Every series stays visible where
    /// lines coincide: a backend's later stages are drawn narrower, so an earlier line shows round
    /// them, and GL's lines are dashed with hollow square markers, so the CPU's show through.
    public func chart(width: Int = 960, height: Int = 600) -> Image {
        var canvas = Canvas(width: width, height: height, fill: .opaqueWhite)
        let plot = (left: 70.0, top: 40.0, right: Double(width) - 230, bottom: Double(height) - 60)
        let drawn = results.filter { $0.refused == nil && $0.renderMs != nil }
        let sizes = Array(Set(drawn.map(\.pointSize))).sorted()
        var series = [(name: String, color: RGBA8, points: [(Double, Double)])]()
        let palette = Self.seriesColors
        for backend in ["cpu", "gl"] {
            let rows = drawn.filter { $0.backend == backend }.sorted { $0.pointSize < $1.pointSize }
            guard !rows.isEmpty else { continue }
            let stages: [(String, (Result) -> Double?)] = [
                ("render", { $0.renderMs?.median }), ("readback", { $0.readbackMs?.median }), ("PNG", { $0.encodeMs?.median }),
            ]
            for (stage, value) in stages {
                let points = rows.compactMap { row in value(row).flatMap { $0 > 0 ? (row.pointSize, $0) : nil } }
                let name = "\(backend) \(stage)"
                if !points.isEmpty { series.append((name, palette[name] ?? .opaqueBlack, points)) }
            }
        }
        let values = series.flatMap { $0.points.map(\.1) }
        let yMin = pow(10, (log10(values.min() ?? 1)).rounded(.down))
        let yMax = pow(10, (log10(values.max() ?? 10)).rounded(.up))
        let xMin = sizes.first ?? 1
        let xMax = max(sizes.last ?? 2, xMin * 2)
        func x(_ size: Double) -> Double {
            plot.left + (log2(size) - log2(xMin)) / (log2(xMax) - log2(xMin)) * (plot.right - plot.left)
        }
        func y(_ ms: Double) -> Double {
            plot.bottom - (log10(ms) - log10(yMin)) / (log10(yMax) - log10(yMin)) * (plot.bottom - plot.top)
        }

        let grid = RGBA8(r: 225, g: 225, b: 225, a: 255)
        let ink = RGBA8(r: 40, g: 40, b: 40, a: 255)
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
        canvas.drawText("ms per frame (median over the instants), \(machine.cores) cores", x: 8, y: 12, color: ink, size: 2)
        canvas.drawText(
            "point size (points)", x: Int(plot.left + plot.right) / 2 - 60, y: Int(plot.bottom) + 30, color: ink, size: 2)

        for (index, line) in series.enumerated() {
            let dashed = line.name.hasPrefix("gl")
            let width = line.name.hasSuffix("render") ? 5.0 : line.name.hasSuffix("readback") ? 3.5 : 2.0
            for (a, b) in zip(line.points, line.points.dropFirst()) {
                let from = (x: x(a.0), y: y(a.1))
                let to = (x: x(b.0), y: y(b.1))
                let pieces = dashed ? 14 : 1
                for piece in stride(from: 0, to: pieces, by: dashed ? 2 : 1) {
                    let t0 = Double(piece) / Double(pieces)
                    let t1 = Double(piece + 1) / Double(pieces)
                    canvas.strokeLine(
                        x0: from.x + (to.x - from.x) * t0, y0: from.y + (to.y - from.y) * t0,
                        x1: from.x + (to.x - from.x) * t1, y1: from.y + (to.y - from.y) * t1, width: width, color: line.color)
                }
            }
            for point in line.points {
                Self.marker(in: &canvas, x: x(point.0), y: y(point.1), size: width + 5, hollow: dashed, color: line.color)
            }
            let legendY = plot.top + Double(index) * 26
            canvas.strokeLine(
                x0: plot.right + 20, y0: legendY + 6, x1: plot.right + 50, y1: legendY + 6, width: width, color: line.color)
            Self.marker(in: &canvas, x: plot.right + 35, y: legendY + 6, size: width + 5, hollow: dashed, color: line.color)
            canvas.drawText(line.name, x: Int(plot.right) + 58, y: Int(legendY), color: ink, size: 2)
        }
        return canvas.image
    }

    /// A filled disc, or a hollow square that leaves what lies under it in view.
    private static func marker(in canvas: inout Canvas, x: Double, y: Double, size: Double, hollow: Bool, color: RGBA8) {
        let h = size / 2
        guard hollow else {
            canvas.fillRoundedRect(x: x - h, y: y - h, width: size, height: size, radius: h, color: color)
            return
        }
        for (x0, y0, x1, y1) in [
            (x - h, y - h, x + h, y - h), (x + h, y - h, x + h, y + h), (x + h, y + h, x - h, y + h),
            (x - h, y + h, x - h, y - h),
        ] {
            canvas.strokeLine(x0: x0, y0: y0, x1: x1, y1: y1, width: 2, color: color)
        }
    }
}
