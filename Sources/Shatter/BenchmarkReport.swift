import Foundation

/// What `shatter bench` measured, in the stable shape its JSON has:
/// `{"machine": {…}, "results": [{"backend": "cpu", "pointSize": 1, "points": …, "renderMs": {"median": …,
/// "p10": …, "p90": …}, "readbackMs": {…}, "encodeMs": {…}, "fps": …, "peakRSSBytes": …}, …]}`.
public struct BenchmarkReport: Codable, Sendable {
    public let machine: Machine
    public let results: [Result]

    public struct Machine: Codable, Sendable {
        public let cpu: String
        public let cores: Int
        public let system: String
        public let glRenderer: String?
        public let glPlatform: String?
        /// GL_ALIASED_POINT_SIZE_RANGE; larger sizes are refused on GL, never clamped.
        public let glPointSizeRange: [Float]?

        static func current(gl: GLInfo?) -> Machine {
            Machine(cpu: cpuModel() ?? "unknown", cores: ProcessInfo.processInfo.activeProcessorCount,
                    system: ProcessInfo.processInfo.operatingSystemVersionString, glRenderer: gl?.renderer,
                    glPlatform: gl?.platform, glPointSizeRange: gl.map { [$0.pointSizeRange.lowerBound, $0.pointSizeRange.upperBound] })
        }

        private static func cpuModel() -> String? {
            guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
            let line = text.split(separator: "\n").first { $0.hasPrefix("model name") }
            return line.flatMap { $0.split(separator: ":", maxSplits: 1).last }.map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// Median, 10th and 90th percentile of per-frame milliseconds.
    public struct Stats: Codable, Sendable {
        public let median: Double, p10: Double, p90: Double

        public init(_ samples: [Double]) {
            let sorted = samples.sorted()
            func quantile(_ q: Double) -> Double {
                guard !sorted.isEmpty else { return 0 }
                let position = q * Double(sorted.count - 1)
                let low = Int(position), high = min(low + 1, sorted.count - 1)
                return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
            }
            median = quantile(0.5); p10 = quantile(0.1); p90 = quantile(0.9)
        }
    }

    public struct Result: Codable, Sendable {
        public let backend: String
        public let pointSize: Double
        public let points: Int
        public let renderer: String
        public var renderMs = Stats([])
        /// GL only: glReadPixels and the flip into Shatter's row order.
        public var readbackMs: Stats?
        public var encodeMs: Stats?
        /// Frames per second end to end (render, readback, PNG on the other cores, written to disk).
        public var fps = 0.0
        public var megapixelsPerSecond = 0.0
        public var pointsPerSecond = 0.0
        public var peakRSSBytes = 0
        /// Why this configuration was not drawn (a point size beyond the GL's range), if it was not.
        public var refused: String?

        init(backend: String, pointSize: Double, points: Int, renderer: String) {
            self.backend = backend
            self.pointSize = pointSize
            self.points = points
            self.renderer = renderer
        }
    }

    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    public func csv() -> String {
        var lines = ["backend,pointSize,points,renderMedianMs,renderP10Ms,renderP90Ms,readbackMedianMs,encodeMedianMs,fps,megapixelsPerSecond,pointsPerSecond,peakRSSBytes,refused"]
        for r in results {
            let fields: [String] = [
                r.backend, Self.number(r.pointSize), String(r.points), Self.number(r.renderMs.median), Self.number(r.renderMs.p10),
                Self.number(r.renderMs.p90), r.readbackMs.map { Self.number($0.median) } ?? "", r.encodeMs.map { Self.number($0.median) } ?? "",
                Self.number(r.fps), Self.number(r.megapixelsPerSecond), Self.number(r.pointsPerSecond), String(r.peakRSSBytes),
                r.refused.map { "\"\($0.replacingOccurrences(of: "\"", with: "\"\""))\"" } ?? "",
            ]
            lines.append(fields.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The terminal table.
    public func table() -> String {
        var out = "backend  point   points  render ms (p10-p90)   readback   PNG ms    fps   Mpx/s   peak RSS\n"
        for r in results {
            guard r.refused == nil else {
                out += Self.pad(r.backend, 7, left: true) + Self.pad(Self.number(r.pointSize), 7) + "  refused: \(r.refused!)\n"
                continue
            }
            let render = "\(Self.fixed(r.renderMs.median)) (\(Self.fixed(r.renderMs.p10))-\(Self.fixed(r.renderMs.p90)))"
            out += Self.pad(r.backend, 7, left: true) + Self.pad(Self.number(r.pointSize), 7) + Self.pad(String(r.points), 9)
                + Self.pad(render, 22) + Self.pad(r.readbackMs.map { Self.fixed($0.median) } ?? "-", 11)
                + Self.pad(r.encodeMs.map { Self.fixed($0.median) } ?? "-", 9) + Self.pad(Self.fixed(r.fps), 7)
                + Self.pad(Self.fixed(r.megapixelsPerSecond), 8) + Self.pad("\(r.peakRSSBytes / 1_048_576) MB", 11) + "\n"
        }
        return out
    }

    static func fixed(_ value: Double) -> String { String(format: "%.1f", value) }
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.3f", value)
    }
    static func pad(_ s: String, _ width: Int, left: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - s.count))
        return left ? s + fill : fill + s
    }
}
