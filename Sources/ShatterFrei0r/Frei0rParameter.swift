/// One of a plugin's frei0r parameters: a double a host sets in [0, 1] (frei0r's convention, which
/// editors show as a slider), named as hosts list it.
struct Frei0rParameter: Sendable {
    let name: StaticString
    let explanation: StaticString
    /// The value the transition starts with: `shatter join`'s default.
    let defaultValue: Double

    /// `value` as the transition reads it: NaN is the default, and a value outside [0, 1] is held at
    /// the nearer end. frei0r gives a plugin no way to refuse a value or to say so (it may not print),
    /// so this is the one rule, written in docs/frei0r.md.
    func unit(_ value: Double) -> Double {
        value.isNaN ? defaultValue : min(max(value, 0), 1)
    }
}
