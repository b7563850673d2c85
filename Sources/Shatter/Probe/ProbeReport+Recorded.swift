import Foundation

/// A probe report recorded elsewhere (`shatter probe --json` on the users' GPU box) as the expectation
/// for this machine's GL: `shatter probe --expect FILE`.
extension ProbeReport {
    /// The largest report read back (a few hundred KiB are written).
    public static let maximumRecordedBytes = 16 << 20

    /// Reads a report `shatter probe --json` wrote, through the bounded reader.
    public static func read(path: String) throws(RecordedProbeError) -> ProbeReport {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFileReader.read(
                path: path, maxBytes: maximumRecordedBytes, prefixLength: 1,
                acceptsPrefix: BoundedFileReader.startsLikeJSONObject
            ).bytes
        } catch {
            switch error {
            case .notFound: throw .unreadable(path: path, reason: "no such file")
            case .fileTooLarge, .streamTooLong:
                throw .unreadable(path: path, reason: "over \(maximumRecordedBytes) bytes, larger than any probe report")
            case .notReadable(let reason): throw .unreadable(path: path, reason: reason)
            case .isDirectory: throw .unreadable(path: path, reason: "it is a folder")
            case .ioFailed(let operation, let reason): throw .unreadable(path: path, reason: "\(operation): \(reason)")
            case .rejectedPrefix: throw .notAReport(path: path)
            }
        }
        do {
            return try JSONDecoder().decode(ProbeReport.self, from: Data(bytes)).printable()
        } catch {
            throw .notAReport(path: path)
        }
    }

    /// The report with every string a command echoes made printable (``PrintableText``): a recorded report
    /// is another machine's words, and control characters in them must not reach the terminal. Only
    /// words change; the measurements the rules compare are numbers.
    func printable() -> ProbeReport {
        var report = self
        (report.renderer, report.platform, report.version) =
            (PrintableText.of(renderer), PrintableText.of(platform), PrintableText.of(version))
        report.findings = findings.map { finding in
            var finding = finding
            (finding.gl, finding.twin) = (PrintableText.of(finding.gl), PrintableText.of(finding.twin))
            return finding
        }
        return report
    }

    /// One finding per rule: whether this GL measured exactly what `recorded`'s GL did (facts equal,
    /// every measured value equal: blending too, as a record of one GL's rounding).
    public func findings(against recorded: ProbeReport) -> [Finding] {
        Rule.allCases.map { rule in
            let mine = findings.first { $0.rule == rule }?.gl ?? "not measured"
            let theirs = recorded.findings.first { $0.rule == rule }?.gl ?? "not measured"
            let same = measuredTheSame(rule, as: recorded)
            let twin = "recorded on \(recorded.renderer): \(theirs)" + (same || mine != theirs ? "" : " (other values)")
            return Finding(rule: rule, gl: mine, twin: twin, agrees: same)
        }
    }

    /// Whether this GL measured exactly the values behind `rule` that `other`'s GL did (integers and
    /// captured bit patterns, so `==` is exact).
    func measuredTheSame(_ rule: Rule, as other: ProbeReport) -> Bool {
        let (a, b) = (self, other)
        switch rule {
        case .subpixelBits: return a.facts.subpixelBits == b.facts.subpixelBits
        case .pointSnapping: return [a.gl.pointSnapX, a.gl.pointSnapY] == [b.gl.pointSnapX, b.gl.pointSnapY]
        case .spriteEdges: return a.gl.spriteEdges == b.gl.spriteEdges
        case .colorStore: return a.gl.colorStore == b.gl.colorStore
        case .sourceOverBlend: return a.gl.blendSourceOver == b.gl.blendSourceOver
        case .screenBlend: return a.gl.blendScreen == b.gl.blendScreen
        case .filterWeights: return a.gl.filterRamp == b.gl.filterRamp
        case .fragmentHighp:
            return a.facts.fragmentHighpRange == b.facts.fragmentHighpRange
                && a.facts.fragmentHighpPrecision == b.facts.fragmentHighpPrecision
        case .readFormat: return a.facts.readFormat == b.facts.readFormat
        case .pointCoord: return a.gl.pointCoordTexels == b.gl.pointCoordTexels
        case .pointSpriteVertex, .coveringQuadVertex, .instancedCircleVertex:
            func draws(_ report: ProbeReport) -> [[VertexOutputs]] {
                report.gl.vertexScenes.map { $0.draws.filter { $0.program == rule.vertexProgram } }
            }
            return draws(a) == draws(b)
        }
    }
}

/// A recorded probe report that cannot be used.
public enum RecordedProbeError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String, reason: String)
    case notAReport(path: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read the recorded probe report \(path): \(reason)"
        case .notAReport(let path):
            "\(path) is not a probe report this version of shatter reads: record one with shatter probe --json FILE"
        }
    }
}
