import Shatter
import ShatterTestSupport

/// The rules `shatter probe` found to hold here as the CPU renderer assumes them: exact-match tests run
/// only where the rules they assume hold.
extension GLSupport {
    static let agreeingRules: Set<ProbeReport.Rule> = {
        guard let gl = try? GLRenderer(), let report = try? ProbeReport.run(gl: gl) else { return [] }
        let missing = Set(ProbeReport.Rule.allCases).subtracting(report.agreeingRules)
        if !missing.isEmpty { print("probe on \(gl.info.renderer): rules that differ from the CPU renderer: \(missing.map(\.rawValue))") }
        return report.agreeingRules
    }()

    /// Whether every one of `rules` holds here.
    static func holds(_ rules: ProbeReport.Rule...) -> Bool {
        Set(rules).isSubset(of: agreeingRules)
    }
}

/// GPU-vs-CPU parity: the CPU reference and the GL backend judged by `FuzzyRule.parity`, the rule
/// `shatter compare` applies by default, so a test and the tool never disagree (nearest filtering
/// alone has its named variant, `FuzzyRule.nearestFilteringParity`). A failure names the
/// broken conditions and the figures, and leaves expected/actual/diff PNGs in a temporary folder.
enum Parity {
    static func check(_ list: DisplayList, gl: GLRenderer, label: String, rule: FuzzyRule = .parity) throws -> ImageDifference {
        let expected = try SoftwareRenderer().render(list)
        let actual = try gl.render(list)
        let difference = try ImageDifference(expected: expected, actual: actual)
        let verdict = difference.verdict(rule)
        if !verdict.passed {
            let folder = try FailureArtifacts.folder("parity")
            let name = FailureArtifacts.fileName(label)
            try PNGEncoder.write(expected, to: "\(folder)/\(name)-expected.png")
            try PNGEncoder.write(actual, to: "\(folder)/\(name)-actual.png")
            try PNGEncoder.write(difference.heatMap(), to: "\(folder)/\(name)-diff.png")
            throw ParityFailure(description: "\(label): \(verdict.reasons.joined(separator: "; ")); \(difference); "
                                + "images in \(folder)")
        }
        return difference
    }

    struct ParityFailure: Error, CustomStringConvertible { let description: String }
}
