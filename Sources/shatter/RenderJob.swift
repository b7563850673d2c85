import Shatter

/// What a render's manifest says about it, beyond the frames: which effect with which options,
/// which shard, and whether an earlier run's frames may be kept.
struct RenderJob {
    let effect: String
    /// The options that change pixels, as `name → value`.
    let parameters: [String: String]
    var shard: FrameShard?
    var resume = false

    /// `options`' parsed values by option name (`--point-size` → `pointSize`), defaults included,
    /// found by reflection so that a new option reaches the manifest with no extra code.
    /// Option groups (timing, output) are skipped: the manifest records what of them matters.
    static func parameters(of options: Any) -> [String: String] {
        var values: [String: String] = [:]
        for child in Mirror(reflecting: options).children {
            guard var name = child.label, !String(describing: type(of: child.value)).hasPrefix("OptionGroup<") else { continue }
            if name.hasPrefix("_") { name.removeFirst() }
            name = kebabCase(name)
            var value = String(describing: child.value)
            if value == "nil" { continue }
            if value.hasPrefix("Optional("), value.hasSuffix(")") { value = String(value.dropFirst(9).dropLast()) }
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            values[name] = value
        }
        return values
    }

    /// `pointSize` → `point-size`, as ArgumentParser names the option.
    private static func kebabCase(_ name: String) -> String {
        name.reduce(into: "") { out, character in
            if character.isUppercase, !out.isEmpty { out += "-" }
            out += character.lowercased()
        }
    }

    /// The seed among the parameters, for effects that have one.
    var seed: UInt64? { parameters["seed"].flatMap { UInt64($0) } }
}

extension Dimensions: CustomStringConvertible {
    var description: String { "\(width)x\(height)" }
}

extension HexColor: CustomStringConvertible {
    var description: String {
        let value = UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 6 - digits.count) + digits
    }
}
