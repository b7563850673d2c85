/// What the editors and the docs say about a plugin, written from its one parameter table
/// (`PluginTransition.parameters`): Kdenlive's description (`Deploy/frei0r/frei0r_NAME.xml`) and the
/// rows of docs/frei0r.md's table. `PluginDescriptionsTests` holds the files in the repository to this,
/// so a parameter cannot change in one place and not the others.
extension PluginTransition {
    /// The plugin's file name without `.so`: MLT names the service `frei0r.` and this.
    var fileName: String {
        switch self {
        case .shatter: "shatter"
        case .dust: "shatter_dust"
        }
    }

    /// Kdenlive's description, in Kdenlive's own conventions (its `data/transitions/*.xml`): every
    /// parameter; `default` in the plugin's units (Kdenlive multiplies it by `factor` to show it, and
    /// sends the shown value divided by `factor`); `progress` a switch whose two keyframe strings run it
    /// 0 → 1 or, reversed, 1 → 0 over the composition (wipe's *Revert*), since 22.12 ignores a keyframe
    /// string as an animated parameter's default. No `type="short"`: in 22.12 that changes nothing for
    /// a composition dropped on two tracks (still 3 s long), and Kdenlive's same-track mixes reverse
    /// only the inputs of the transitions it knows (luma, composite, wipe, slide), so a mix could
    /// shatter the incoming clip; docs/frei0r.md says how to drop and trim one.
    var kdenliveDescription: String {
        var lines = [
            #"<?xml version="1.0"?>"#,
            "<!DOCTYPE kpartgui>",
            "<!-- Kdenlive's description of Shatter's frei0r.\(fileName), installed by Tools/install-frei0r.sh. Written",
            "     from the plugin's parameter table (Sources/ShatterFrei0r/PluginTransition.swift): edit that, then",
            "     run PluginDescriptionsTests with SHATTER_WRITE_DESCRIPTIONS=1 (docs/frei0r.md). -->",
            #"<transition tag="frei0r.\#(fileName)" id="frei0r.\#(fileName)">"#,
            "    <name>\(name)</name>",
            "    <description>\(explanation).</description>",
            "    <author>Shatter</author>",
        ]
        for parameter in parameters {
            let name = parameter.name
            switch parameter.control {
            case .progress(let label):
                lines += [
                    #"    <parameter type="switch" name="\#(name)" min="0=0;-1=1" max="0=1;-1=0" default="0=0;-1=1">"#,
                    "        <name>\(label)</name>",
                ]
            case .number(let label, let shown, let factor, let decimals):
                let decimalsAttribute = decimals > 0 ? #" decimals="\#(decimals)""# : ""
                lines += [
                    #"    <parameter type="constant" name="\#(name)" min="\#(Self.plain(shown.lowerBound))" max="\#(Self.plain(shown.upperBound))" default="\#(Self.plain(parameter.defaultValue))" factor="\#(Self.plain(factor))"\#(decimalsAttribute)>"#,
                    "        <name>\(label)</name>",
                ]
            case .choice(let label, let choices):
                let values = choices.map { Self.plain($0.value) }.joined(separator: ";")
                lines += [
                    #"    <parameter type="list" name="\#(name)" default="\#(Self.plain(parameter.defaultValue))" paramlist="\#(values)">"#,
                    "        <paramlistdisplay>\(choices.map { "\($0.label)" }.joined(separator: ","))</paramlistdisplay>",
                    "        <name>\(label)</name>",
                ]
            }
            lines.append("    </parameter>")
        }
        lines.append("</transition>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// docs/frei0r.md's rows for this plugin: index, name, what Kdenlive shows, how the plugin reads the
    /// value, and the default.
    var documentationRows: [String] {
        parameters.enumerated().map { index, parameter in
            let shown: String
            let byDefault: String
            switch parameter.control {
            case .progress(let label):
                shown = "animated 0 → 1 over the composition; *\(label)* runs it 1 → 0"
                byDefault = "0"
            case .number(let label, let range, let factor, _):
                shown =
                    "*\(label)*, \(Self.plain(range.lowerBound))–\(Self.plain(range.upperBound)) (value × \(Self.plain(factor)))"
                byDefault =
                    "\(Self.plain(parameter.defaultValue)) (shown \(Self.plain((parameter.defaultValue * factor * 1000).rounded() / 1000)))"
            case .choice(let label, let choices):
                shown = "*\(label)*: " + choices.map { "\($0.label) (\(Self.plain($0.value)))" }.joined(separator: ", ")
                let chosen = choices.first { $0.value == parameter.defaultValue }.map { " (\($0.label))" } ?? ""
                byDefault = "\(Self.plain(parameter.defaultValue))\(chosen)"
            }
            return "| \(index) | `\(parameter.name)` | \(shown) | \(parameter.explanation) | \(byDefault) |"
        }
    }

    /// A number as a person writes it: no trailing `.0`, no exponent for the values these tables hold.
    private static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
