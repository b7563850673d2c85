import Shatter
import ShatterTesting

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
}

/// GPU-vs-CPU parity: the GL frame against the CPU reference by `FuzzyRule.parity`, the rule `shatter
/// compare` applies by default, through ShatterTesting as users' tests do. A failure names the broken
/// conditions and leaves expected/actual/diff PNGs in a temporary folder.
enum Parity {
    static func check(_ list: DisplayList, gl: GLRenderer, label: String, rule: FuzzyRule = .parity) throws -> ImageDifference {
        try FuzzyCheck.check(try gl.render(list), matches: try SoftwareRenderer().render(list), rule: rule, label: label,
                             artifactStem: FuzzyCheck.temporaryStem(folder: "parity", label: label))
    }
}
