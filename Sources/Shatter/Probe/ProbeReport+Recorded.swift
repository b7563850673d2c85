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
            return try JSONDecoder().decode(ProbeReport.self, from: Data(bytes))
        } catch {
            throw .notAReport(path: path)
        }
    }

    /// One finding per rule: whether this GL measured exactly what `recorded`'s GL did (facts equal,
    /// every measured value equal: blending too, as a record of one GL's rounding).
    public func findings(against recorded: ProbeReport) -> [Finding] {
        Rule.allCases.map { rule in
            let mine = findings.first { $0.rule == rule }?.gl ?? "not measured"
            let theirs = recorded.findings.first { $0.rule == rule }?.gl ?? "not measured"
            let same = measured(rule) == recorded.measured(rule)
            let twin = "recorded on \(recorded.renderer): \(theirs)" + (same || mine != theirs ? "" : " (other values)")
            return Finding(rule: rule, gl: mine, twin: twin, agrees: same)
        }
    }

    /// The GL's measured values behind `rule`, encoded for comparison.
    func measured(_ rule: Rule) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        func encode(_ value: some Encodable) -> Data { (try? encoder.encode(value)) ?? Data() }
        switch rule {
        case .subpixelBits: return encode(facts.subpixelBits)
        case .pointSnapping: return encode([gl.pointSnapX, gl.pointSnapY])
        case .spriteEdges: return encode(gl.spriteEdges)
        case .colorStore: return encode(gl.colorStore)
        case .sourceOverBlend: return encode(gl.blendSourceOver)
        case .screenBlend: return encode(gl.blendScreen)
        case .filterWeights: return encode(gl.filterRamp)
        case .fragmentHighp: return encode(facts.fragmentHighpRange + [facts.fragmentHighpPrecision])
        case .readFormat: return encode(facts.readFormat)
        case .pointCoord: return encode(gl.pointCoordTexels)
        case .pointSpriteVertex, .coveringQuadVertex, .instancedCircleVertex:
            return encode(gl.vertexScenes.map { $0.draws.filter { $0.program == rule.vertexProgram } })
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
