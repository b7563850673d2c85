import Foundation

/// What `shatter bench --chart` draws, before it is drawn: the answer to "which point size can I afford
/// at this screen size?". One line per backend of the end-to-end milliseconds per frame (``BenchmarkReport/Result/frameMs``:
/// render, readback, PNG, digests and write, one after the other) against the point size, as
/// `--point-sizes` takes it, and a horizontal line for each frame rate's budget: a point size whose line
/// lies under a budget's renders at that rate on one core. Both axes are logarithmic.
///
/// Another effect (`--effect dust`, …) has no point sizes: its chart has a bar per backend up to the
/// median frame, a whisker from the cheapest instant to the dearest, and the same budget lines.
public struct BenchmarkChart: Sendable {
    public struct Series: Sendable {
        /// `cpu` or `gl`.
        public let backend: String
        public let color: RGBA8
        /// (x position, milliseconds per frame), left to right: the point size, or for another effect
        /// the backend's column.
        public let points: [(position: Double, ms: Double)]
        /// Another effect's cheapest and dearest instant per point (empty for the shatter's sweep).
        public let whiskers: [(low: Double, high: Double)]
    }

    /// A frame rate's time per frame, drawn across the plot and labelled.
    public struct Budget: Sendable, Equatable {
        public let fps: Int
        public var ms: Double { 1000 / Double(fps) }
        /// "30 fps: 33.3 ms".
        public var label: String { "\(fps) fps: \(String(format: "%.1f", ms)) ms" }
    }

    /// The budgets drawn: film, the usual video rate, and a display's refresh.
    public static let budgets = [24, 30, 60].map(Budget.init)
    /// Each backend's color (Okabe–Ito, told apart by most color-blind readers), and the budgets'.
    public static let colors: [String: RGBA8] = [
        "cpu": RGBA8(r: 0, g: 114, b: 178, a: 255), "gl": RGBA8(r: 213, g: 94, b: 0, a: 255),
    ]
    public static let budgetColor = RGBA8(r: 0, g: 158, b: 115, a: 255)

    /// "End-to-end ms per frame at 1920x1080 (2 cores)".
    public let title: String
    public let xLabel: String
    /// The shatter's sweep: each point size measured, and its label as `--point-sizes` takes it (`1`,
    /// `2.5`, `1.125`). Another effect: each backend's column (0, 1, …) and its name.
    public let xTicks: [(position: Double, label: String)]
    /// The effect measured; only the shatter's chart is against point size.
    public let effect: String
    public var isPointSizeSweep: Bool { effect == "shatter" }
    public let series: [Series]
    /// The y axis' range in milliseconds: whole decades holding every value and every budget.
    public let msRange: ClosedRange<Double>
    public let width: Int, height: Int
    /// The plot's edges in pixels; the budgets' labels lie right of it, the legend above them.
    public let plot: (left: Double, top: Double, right: Double, bottom: Double)

    public init(_ report: BenchmarkReport, width: Int = 960, height: Int = 600) {
        self.width = width
        self.height = height
        plot = (left: 70, top: 50, right: Double(width) - 200, bottom: Double(height) - 60)
        effect = report.results.first?.effect ?? "shatter"
        let size = "\(report.settings.width)x\(report.settings.height) (\(report.machine.cores) cores)"
        let drawn = report.results.filter { $0.refused == nil && ($0.frameMs?.median ?? 0) > 0 }
        if effect == "shatter" {
            title = "End-to-end ms per frame at " + size
            xLabel = "point size (--point-sizes; at scale 1 a point is a pixel)"
            let sizes = drawn.compactMap(\.pointSize)
            xTicks = Array(Set(sizes)).sorted().map { ($0, Self.pointSizeLabel($0)) }
            series = ["cpu", "gl"].compactMap { backend in
                let points = drawn.filter { $0.backend == backend && $0.pointSize != nil }
                    .sorted { $0.pointSize! < $1.pointSize! }.map { (position: $0.pointSize!, ms: $0.frameMs!.median) }
                return points.isEmpty
                    ? nil : Series(backend: backend, color: Self.colors[backend] ?? .opaqueBlack, points: points, whiskers: [])
            }
        } else {
            title = "End-to-end ms per \(effect) frame at " + size
            xLabel = "backend (bar: median frame; whisker: cheapest to dearest instant)"
            let backends = ["cpu", "gl"].filter { backend in drawn.contains { $0.backend == backend } }
            xTicks = backends.enumerated().map { (Double($0.offset), $0.element) }
            series = backends.enumerated().map { column, backend in
                let frame = drawn.first { $0.backend == backend }!.frameMs!
                return Series(
                    backend: backend, color: Self.colors[backend] ?? .opaqueBlack,
                    points: [(position: Double(column), ms: frame.median)], whiskers: [(low: frame.min, high: frame.max)])
            }
        }
        let values =
            series.flatMap { $0.points.map(\.ms) + $0.whiskers.flatMap { [$0.low, $0.high] } }.filter { $0 > 0 }
            + Self.budgets.map(\.ms)
        msRange = pow(10, log10(values.min()!).rounded(.down))...pow(10, log10(values.max()!).rounded(.up))
    }

    /// A point size as the command line takes it: whole eighths, no trailing zeros.
    static func pointSizeLabel(_ size: Double) -> String {
        var text = String(format: "%.3f", size)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// The pixel column of a point size (a logarithmic axis), or of another effect's backend column
    /// (the middle of its share of the plot).
    public func x(_ position: Double) -> Double {
        guard isPointSizeSweep else {
            return plot.left + (position + 0.5) / Double(max(1, xTicks.count)) * (plot.right - plot.left)
        }
        let first = xTicks.first?.position ?? 1
        let last = max(xTicks.last?.position ?? 2, first * 2)
        return plot.left + (log2(position) - log2(first)) / (log2(last) - log2(first)) * (plot.right - plot.left)
    }

    /// The pixel row of a time per frame.
    public func y(_ ms: Double) -> Double {
        let (low, high) = (log10(msRange.lowerBound), log10(msRange.upperBound))
        return plot.bottom - (log10(ms) - low) / (high - low) * (plot.bottom - plot.top)
    }

    /// Each budget with the top row of its label, right of the plot: level with its line, or moved down
    /// below the label above where two lines lie closer than a line of text (20 pixels).
    public var budgetLabels: [(budget: Budget, top: Int)] {
        var bottom = Int.min
        return Self.budgets.sorted { $0.ms > $1.ms }.map { budget in
            let top = max(Int(y(budget.ms)) - 7, bottom + 2)
            bottom = top + 18
            return (budget, top)
        }
    }

    /// The chart drawn on the CPU by Shatter's own Canvas. Where the backends' lines coincide both stay
    /// visible: GL's is narrower and dashed, with hollow square markers, so the CPU's shows round it.
    public func image() -> Image {
        var canvas = Canvas(width: width, height: height, fill: .opaqueWhite)
        let grid = RGBA8(r: 225, g: 225, b: 225, a: 255)
        let ink = RGBA8(r: 40, g: 40, b: 40, a: 255)
        var decade = msRange.lowerBound
        while decade <= msRange.upperBound * 1.0001 {
            for step in [1.0, 2, 5] where decade * step <= msRange.upperBound * 1.0001 {
                let py = y(decade * step)
                canvas.strokeLine(x0: plot.left, y0: py, x1: plot.right, y1: py, width: 1, color: grid)
                canvas.drawText(BenchmarkReport.number(decade * step), x: 8, y: Int(py) - 7, color: ink, size: 2)
            }
            decade *= 10
        }
        for tick in xTicks {
            let px = x(tick.position)
            if isPointSizeSweep { canvas.strokeLine(x0: px, y0: plot.top, x1: px, y1: plot.bottom, width: 1, color: grid) }
            canvas.drawText(tick.label, x: Int(px) - 6 * tick.label.count, y: Int(plot.bottom) + 8, color: ink, size: 2)
        }
        canvas.strokeLine(x0: plot.left, y0: plot.bottom, x1: plot.right, y1: plot.bottom, width: 1.5, color: ink)
        canvas.strokeLine(x0: plot.left, y0: plot.top, x1: plot.left, y1: plot.bottom, width: 1.5, color: ink)
        canvas.drawText(title, x: 8, y: 12, color: ink, size: 2)
        canvas.drawText(
            xLabel, x: Int(plot.left + plot.right) / 2 - 6 * xLabel.count, y: Int(plot.bottom) + 34, color: ink, size: 2)

        // Another effect's bars go under the budget lines, which stay whole across them.
        if !isPointSizeSweep { drawBars(in: &canvas, ink: ink) }

        for (budget, top) in budgetLabels {
            let py = y(budget.ms)
            canvas.strokeLine(x0: plot.left, y0: py, x1: plot.right, y1: py, width: 2, color: Self.budgetColor)
            canvas.drawText(budget.label, x: Int(plot.right) + 14, y: top, color: Self.budgetColor, size: 2)
        }

        for (index, line) in series.enumerated() where isPointSizeSweep {
            let dashed = line.backend == "gl"
            let width = dashed ? 2.5 : 5.0
            for (a, b) in zip(line.points, line.points.dropFirst()) {
                let from = (x: x(a.position), y: y(a.ms))
                let to = (x: x(b.position), y: y(b.ms))
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
                Self.marker(
                    in: &canvas, x: x(point.position), y: y(point.ms), size: width + 5, hollow: dashed, color: line.color)
            }
            // The legend, above the budgets' labels: right of the plot is theirs.
            let legendX = plot.right + 8 + Double(index) * 90
            canvas.strokeLine(x0: legendX, y0: 18, x1: legendX + 30, y1: 18, width: width, color: line.color)
            Self.marker(in: &canvas, x: legendX + 15, y: 18, size: width + 5, hollow: dashed, color: line.color)
            canvas.drawText(line.backend, x: Int(legendX) + 38, y: 12, color: ink, size: 2)
        }
        return canvas.image
    }

    /// Each backend's bar up to its median frame, labelled with it, and its whisker over the instants.
    private func drawBars(in canvas: inout Canvas, ink: RGBA8) {
        let barWidth = min(120, (plot.right - plot.left) / Double(max(1, xTicks.count)) / 2)
        for line in series {
            for (point, whisker) in zip(line.points, line.whiskers) {
                let (px, top) = (x(point.position), y(point.ms))
                canvas.fillRoundedRect(
                    x: px - barWidth / 2, y: top, width: barWidth, height: plot.bottom - top, radius: 0, color: line.color)
                let (low, high) = (y(whisker.low), y(whisker.high))
                canvas.strokeLine(x0: px, y0: low, x1: px, y1: high, width: 2, color: ink)
                for end in [low, high] {
                    canvas.strokeLine(x0: px - 10, y0: end, x1: px + 10, y1: end, width: 2, color: ink)
                }
                let label = "\(BenchmarkReport.fixed(point.ms)) ms"
                canvas.drawText(
                    label, x: Int(px + barWidth / 2) + 6, y: Int(top) - 7, color: ink, size: 2)
            }
        }
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

extension BenchmarkReport {
    /// ``BenchmarkChart`` of this report, drawn.
    public func chart(width: Int = 960, height: Int = 600) -> Image {
        BenchmarkChart(self, width: width, height: height).image()
    }
}
