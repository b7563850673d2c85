import Foundation
import ShatterCore

/// What `shatter bench` measured, in the stable shape its JSON has:
/// `{"version": "0.10.0", "settings": {"width": 1920, "height": 1080, "frames": 30, "repeats": 3,
/// "warmUpFrames": 1, "encode": "png"}, "machine": {"cpu": …, "cores": 2, "system": …, "gl": {"vendor": …,
/// "renderer": …, "version": …, "platform": …, "pointSizeRange": [1, 255]}}, "results": [{"effect": "shatter",
/// "backend": "cpu", "pointSize": 1, "points": …, "renderMs": {"min": …, "median": …, "max": …, "sigma": …}, "readbackMs": …,
/// "encodeMs": …, "hashMs": …, "writeMs": …, "frameMs": …, "fps": …, "peakRSSBytes": …, "refused": null}, …]}`. A refused
/// configuration has `refused` set and `null` for every figure; `gl` is `null` when GL was not run. Another
/// effect than the shatter (``EffectBenchmark``) has one row per backend with `pointSize` and `points`
/// `null`; `effect` came after 0.17.0, and a report without it reads as the shatter's.
public struct BenchmarkReport: Codable, Sendable {
    public let version: String
    public let settings: Settings
    public let machine: Machine
    public let results: [Result]

    public struct Settings: Codable, Sendable, Equatable {
        /// Screen size in points (scale 1).
        public let width: Int, height: Int
        /// Instants per configuration, spread over the transition; each timed `repeats` times.
        public let frames: Int, repeats: Int
        /// Frames rendered (and written) before the timing starts, not counted.
        public let warmUpFrames: Int
        /// `png` (each frame encoded, hashed and written as `shatter render` does) or `none`.
        public let encode: String
    }

    public struct Machine: Codable, Sendable {
        public let cpu: String
        public let cores: Int
        public let system: String
        public let gl: GL?

        public struct GL: Codable, Sendable {
            public let vendor: String, renderer: String, version: String, platform: String
            /// GL_ALIASED_POINT_SIZE_RANGE; larger sizes are refused on GL, never clamped.
            public let pointSizeRange: [Float]
        }

        private enum CodingKeys: String, CodingKey { case cpu, cores, system, gl }

        /// `gl` is written as `null` when GL was not run.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(cpu, forKey: .cpu)
            try c.encode(cores, forKey: .cores)
            try c.encode(system, forKey: .system)
            try c.encode(gl, forKey: .gl)
        }

        static func current(gl: GLInfo?) -> Machine {
            Machine(
                cpu: cpuModel() ?? "unknown", cores: AvailableCores.count,
                system: ProcessInfo.processInfo.operatingSystemVersionString,
                gl: gl.map {
                    GL(
                        vendor: $0.vendor, renderer: $0.renderer, version: $0.version, platform: $0.platform,
                        pointSizeRange: [$0.pointSizeRange.lowerBound, $0.pointSizeRange.upperBound])
                })
        }

        private static func cpuModel() -> String? {
            guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
            let line = text.split(separator: "\n").first { $0.hasPrefix("model name") }
            return line.flatMap { $0.split(separator: ":", maxSplits: 1).last }.map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    public struct Result: Codable, Sendable {
        /// The effect measured, as `--effect` names it (`shatter`, `dust`, …).
        public let effect: String
        public let backend: String
        /// The shatter's point size and its number of points; nil for the other effects.
        public let pointSize: Double?
        public let points: Int?
        public let renderer: String
        /// Drawing (GL: until glFinish).
        public var renderMs: BenchmarkStats?
        /// GL only: glReadPixels and the flip into Shatter's row order.
        public var readbackMs: BenchmarkStats?
        /// PNG encoding (straight alpha, filter, deflate, chunks), as `shatter render` does per frame.
        public var encodeMs: BenchmarkStats?
        /// Both digests a manifest records (XXH3-128 since format 3): the pixels, and the file's bytes as they are written.
        public var hashMs: BenchmarkStats?
        /// The file's atomic write: a temporary file created, written, closed and renamed into place.
        public var writeMs: BenchmarkStats?
        /// The stages together, one after the other.
        public var frameMs: BenchmarkStats?
        /// Frames per second end to end: with PNG, a ``RenderSession`` writing the same instants (encoding
        /// on the other cores); without, back to back renders.
        public var fps: Double?
        public var megapixelsPerSecond: Double?
        public var pointsPerSecond: Double?
        public var peakRSSBytes: Int?
        /// Why this configuration was not drawn (a point size beyond the GL's range), if it was not.
        public var refused: String?

        init(effect: String = "shatter", backend: String, pointSize: Double?, points: Int?, renderer: String) {
            self.effect = effect
            self.backend = backend
            self.pointSize = pointSize
            self.points = points
            self.renderer = renderer
        }

        private enum CodingKeys: String, CodingKey {
            case effect, backend, pointSize, points, renderer, renderMs, readbackMs, encodeMs, hashMs, writeMs, frameMs, fps
            case megapixelsPerSecond
            case pointsPerSecond, peakRSSBytes, refused
        }

        /// Every key always present: a figure that does not apply (or a refused row's) is `null`.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(effect, forKey: .effect)
            try c.encode(backend, forKey: .backend)
            try c.encode(pointSize, forKey: .pointSize)
            try c.encode(points, forKey: .points)
            try c.encode(renderer, forKey: .renderer)
            try c.encode(renderMs, forKey: .renderMs)
            try c.encode(readbackMs, forKey: .readbackMs)
            try c.encode(encodeMs, forKey: .encodeMs)
            try c.encode(hashMs, forKey: .hashMs)
            try c.encode(writeMs, forKey: .writeMs)
            try c.encode(frameMs, forKey: .frameMs)
            try c.encode(fps, forKey: .fps)
            try c.encode(megapixelsPerSecond, forKey: .megapixelsPerSecond)
            try c.encode(pointsPerSecond, forKey: .pointsPerSecond)
            try c.encode(peakRSSBytes, forKey: .peakRSSBytes)
            try c.encode(refused, forKey: .refused)
        }

        /// A report written before `effect` existed measured the shatter.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            effect = try c.decodeIfPresent(String.self, forKey: .effect) ?? "shatter"
            backend = try c.decode(String.self, forKey: .backend)
            pointSize = try c.decodeIfPresent(Double.self, forKey: .pointSize)
            points = try c.decodeIfPresent(Int.self, forKey: .points)
            renderer = try c.decode(String.self, forKey: .renderer)
            renderMs = try c.decodeIfPresent(BenchmarkStats.self, forKey: .renderMs)
            readbackMs = try c.decodeIfPresent(BenchmarkStats.self, forKey: .readbackMs)
            encodeMs = try c.decodeIfPresent(BenchmarkStats.self, forKey: .encodeMs)
            hashMs = try c.decodeIfPresent(BenchmarkStats.self, forKey: .hashMs)
            writeMs = try c.decodeIfPresent(BenchmarkStats.self, forKey: .writeMs)
            frameMs = try c.decodeIfPresent(BenchmarkStats.self, forKey: .frameMs)
            fps = try c.decodeIfPresent(Double.self, forKey: .fps)
            megapixelsPerSecond = try c.decodeIfPresent(Double.self, forKey: .megapixelsPerSecond)
            pointsPerSecond = try c.decodeIfPresent(Double.self, forKey: .pointsPerSecond)
            peakRSSBytes = try c.decodeIfPresent(Int.self, forKey: .peakRSSBytes)
            refused = try c.decodeIfPresent(String.self, forKey: .refused)
        }
    }

    public init(version: String = ShatterVersion.current, settings: Settings, machine: Machine, results: [Result]) {
        self.version = version
        self.settings = settings
        self.machine = machine
        self.results = results
    }

    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// One row per result. `effect` is the last column (added after 0.17.0), so scripts reading the
    /// earlier columns by position read what they did; another effect's `pointSize` and `points` are empty.
    public func csv() -> String {
        var lines = [
            "backend,pointSize,points,renderMinMs,renderMedianMs,renderMaxMs,renderSigmaMs,readbackMedianMs,"
                + "encodeMedianMs,hashMedianMs,writeMedianMs,frameMedianMs,fps,megapixelsPerSecond,pointsPerSecond,peakRSSBytes,refused,"
                + "effect"
        ]
        for r in results {
            let fields: [String] = [
                r.backend, Self.number(r.pointSize), r.points.map(String.init) ?? "", Self.number(r.renderMs?.min),
                Self.number(r.renderMs?.median),
                Self.number(r.renderMs?.max), Self.number(r.renderMs?.sigma), Self.number(r.readbackMs?.median),
                Self.number(r.encodeMs?.median), Self.number(r.hashMs?.median), Self.number(r.writeMs?.median),
                Self.number(r.frameMs?.median), Self.number(r.fps),
                Self.number(r.megapixelsPerSecond),
                Self.number(r.pointsPerSecond), r.peakRSSBytes.map(String.init) ?? "",
                r.refused.map { "\"\($0.replacingOccurrences(of: "\"", with: "\"\""))\"" } ?? "", r.effect,
            ]
            lines.append(fields.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The terminal table: render min / median / max over the instants, ± the repeats' sigma.
    public func table() -> String {
        var out =
            "backend  point   points  render ms min/median/max ±σ   readback  encode    hash   write    fps   Mpx/s   peak RSS\n"
        for r in results {
            guard let render = r.renderMs, r.refused == nil else {
                out +=
                    Self.pad(r.backend, 7, left: true) + Self.pad(r.pointSize.map(Self.number) ?? "-", 7)
                    + "  refused: \(r.refused ?? "?")\n"
                continue
            }
            let spread =
                "\(Self.fixed(render.min))/\(Self.fixed(render.median))/\(Self.fixed(render.max))"
                + (render.sigma.map { " ±\(Self.fixed($0))" } ?? "")
            out +=
                Self.pad(r.backend, 7, left: true) + Self.pad(r.pointSize.map(Self.number) ?? "-", 7)
                + Self.pad(r.points.map(String.init) ?? "-", 9)
                + Self.pad(spread, 30) + Self.pad(r.readbackMs.map { Self.fixed($0.median) } ?? "-", 11)
                + Self.pad(r.encodeMs.map { Self.fixed($0.median) } ?? "-", 8)
                + Self.pad(r.hashMs.map { Self.fixed($0.median) } ?? "-", 8)
                + Self.pad(r.writeMs.map { Self.fixed($0.median) } ?? "-", 8) + Self.pad(r.fps.map(Self.fixed) ?? "-", 7)
                + Self.pad(r.megapixelsPerSecond.map(Self.fixed) ?? "-", 8)
                + Self.pad(r.peakRSSBytes.map { "\($0 / 1_048_576) MB" } ?? "-", 11) + "\n"
        }
        return out
    }

    static func number(_ value: Double?) -> String { value.map(number) ?? "" }
    static func fixed(_ value: Double) -> String { String(format: "%.1f", value) }
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.3f", value)
    }
    static func pad(_ s: String, _ width: Int, left: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - s.count))
        return left ? s + fill : fill + s
    }
}
