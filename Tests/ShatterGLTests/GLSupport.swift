import Glibc
import Shatter

/// Whether this machine can make an EGL context at all. GL tests are skipped (with the reason
/// printed) only where none can be made; everywhere else they run on the real driver.
enum GLSupport {
    static let unavailableReason: String? = {
        do {
            _ = try GLRenderer()
            return nil
        } catch {
            let reason = "GL tests skipped: no EGL context could be made here: \(error)"
            print(reason)
            return reason
        }
    }()

    static var isAvailable: Bool { unavailableReason == nil }

    /// The rules `shatter probe` found to hold here as the CPU renderer assumes them, measured once.
    static let agreeingRules: Set<ProbeReport.Rule> = {
        guard let gl = try? GLRenderer(), let report = try? ProbeReport.run(gl: gl) else { return [] }
        let missing = Set(ProbeReport.Rule.allCases).subtracting(report.agreeingRules)
        if !missing.isEmpty { print("probe on \(gl.info.renderer): rules that differ from the CPU renderer: \(missing.map(\.rawValue))") }
        return report.agreeingRules
    }()

    /// Whether every one of `rules` holds here: exact-match tests run only then.
    static func holds(_ rules: ProbeReport.Rule...) -> Bool {
        Set(rules).isSubset(of: agreeingRules)
    }
}

/// GPU-vs-CPU parity as the issues state it: at least 99.9% of pixels with every channel within 1,
/// at most 0.01% beyond 8, judged by the same `ImageDifference` that `shatter compare` uses. A failure
/// prints the figures and leaves expected/actual/diff PNGs in a temporary folder.
enum Parity {
    static func check(_ list: DisplayList, gl: GLRenderer, label: String) throws -> ImageDifference {
        let expected = try SoftwareRenderer().render(list)
        let actual = try gl.render(list)
        let difference = try ImageDifference(expected: expected, actual: actual)
        let passes = difference.fractionWithin(1) >= 0.999
            && Double(difference.pixelsBeyond(8)) <= 0.0001 * Double(difference.pixelCount)
        if !passes {
            let folder = "/tmp/shatter-parity-\(getpid())"
            mkdir(folder, 0o755)
            let name = String(label.map { $0.isLetter || $0.isNumber ? $0 : "_" })
            try PNGEncoder.write(expected, to: "\(folder)/\(name)-expected.png")
            try PNGEncoder.write(actual, to: "\(folder)/\(name)-actual.png")
            try PNGEncoder.write(difference.heatMap(), to: "\(folder)/\(name)-diff.png")
            throw ParityFailure(description: "\(label): \(difference); images in \(folder)")
        }
        return difference
    }

    struct ParityFailure: Error, CustomStringConvertible { let description: String }
}
