/// One of a plugin's frei0r parameters: a double a host sets in [0, 1] (frei0r's convention), named as
/// hosts list it, and how an editor shows it. This table (`PluginTransition.parameters`) is the one
/// home of the parameters: Kdenlive's descriptions and docs/frei0r.md's table are written from it
/// (`PluginDescriptions.swift`), and a test holds the files in the repository to what it writes.
struct Frei0rParameter: Sendable {
    let name: StaticString
    let explanation: StaticString
    /// The value the transition starts with: `shatter join`'s default.
    let defaultValue: Double
    /// How an editor shows the value.
    let control: Control

    /// How an editor (Kdenlive) shows a parameter, in the units a person reads.
    enum Control: Sendable {
        /// The transition's time: the editor animates it from 0 to 1 over the composition by itself, and
        /// shows one switch that runs it backwards (Kdenlive's own idiom: wipe's *Revert*).
        case progress(switchLabel: StaticString)
        /// A number shown as `factor` × value, from `shown.lowerBound` to `shown.upperBound`, with
        /// `decimals` digits after the point.
        case number(label: StaticString, shown: ClosedRange<Double>, factor: Double, decimals: Int)
        /// One of a few values, each with its label.
        case choice(label: StaticString, choices: [Choice])
    }

    /// A value a `choice` offers, and what the editor calls it.
    struct Choice: Sendable {
        let label: StaticString
        let value: Double
    }

    /// `value` as the transition reads it: NaN is the default, and a value outside [0, 1] is held at
    /// the nearer end. frei0r gives a plugin no way to refuse a value or to say so (it may not print),
    /// so this is the one rule, written in docs/frei0r.md.
    func unit(_ value: Double) -> Double {
        value.isNaN ? defaultValue : min(max(value, 0), 1)
    }
}
