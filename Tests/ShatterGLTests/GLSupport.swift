import Shatter
import ShatterTestSupport
import ShatterTesting

/// The rules `shatter probe` found to hold here as the CPU renderer assumes them: exact-match tests run
/// only where the rules they assume hold.
extension GLSupport {
    static let agreeingRules: Set<ProbeReport.Rule> = {
        guard let gl = try? GLRenderer(), let report = try? ProbeReport.run(gl: gl) else { return [] }
        let missing = Set(ProbeReport.Rule.allCases).subtracting(report.agreeingRules)
        if !missing.isEmpty {
            print("probe on \(gl.info.renderer): rules that differ from the CPU renderer: \(missing.map(\.rawValue))")
        }
        return report.agreeingRules
    }()

    /// Whether every one of `rules` holds here.
    static func holds(_ rules: ProbeReport.Rule...) -> Bool {
        Set(rules).isSubset(of: agreeingRules)
    }
}

/// GPU-vs-CPU parity: the GL frame against the CPU reference by `FuzzyRule.parity`, the rule `shatter
/// compare` applies by default (per blended fragment, the CPU renderer counting them), through
/// ShatterTesting as users' tests do. A failure names the broken conditions and leaves
/// expected/actual/diff PNGs in a temporary folder.
enum Parity {
    static func check(_ list: DisplayList, gl: GLRenderer, label: String, rule: FuzzyRule = .parity) throws -> ImageDifference {
        let reference = try SoftwareRenderer().renderCountingBlends(list)
        return try FuzzyCheck.check(
            try gl.render(list), matches: reference.image, rule: rule, label: label,
            artifactStem: FuzzyCheck.temporaryStem(folder: "parity", label: label), blends: reference.blends)
    }
}
