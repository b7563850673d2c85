import ArgumentParser
import Shatter

/// `--physics`: the original's random range and motion model, comma-separated in any order:
/// `original` or `textbook` (the random factor R ∈ [0, 2] or [0, 1]) and `closed` or `euler60`
/// (closed form, or the original's 60 Hz steps). A part left out keeps its default, so
/// `--physics euler60` is `original,euler60` and `--physics textbook` is `textbook,closed`.
struct PhysicsChoice: Equatable, CustomStringConvertible {
    var randomRange: ShatteredTransition.RandomRange = .original
    var motion: ShatteredTransition.Motion = .closedForm

    static let words =
        ShatteredTransition.RandomRange.allCases.map(\.rawValue)
        + ShatteredTransition.Motion.allCases.map(\.rawValue)

    static func parse(_ argument: String) throws -> PhysicsChoice {
        var choice = PhysicsChoice()
        var ranges = 0
        var motions = 0
        for word in argument.lowercased().split(separator: ",", omittingEmptySubsequences: false) {
            if let range = ShatteredTransition.RandomRange(rawValue: String(word)) {
                choice.randomRange = range
                ranges += 1
            } else if let motion = ShatteredTransition.Motion(rawValue: String(word)) {
                choice.motion = motion
                motions += 1
            } else {
                throw ValidationError(
                    "'\(word)' is not one of \(words.joined(separator: ", ")) "
                        + "(a range and a motion may be combined, e.g. textbook,euler60)")
            }
        }
        guard ranges <= 1, motions <= 1 else {
            throw ValidationError("give at most one of original, textbook and one of closed, euler60")
        }
        return choice
    }

    /// As `--help` shows the default: `original,closed`.
    var description: String { "\(randomRange.rawValue),\(motion.rawValue)" }
}
