import ArgumentParser
import Shatter

/// `--point-size`: a side in points, or `auto`, the original's proportion at the output's width
/// (``ShatteredTransition/proportionalPointSize(pixelWidth:scale:)``), decided once the output's size
/// is known (it may come from a clip).
enum PointSizeChoice: Equatable, CustomStringConvertible {
    case points(Double)
    case auto

    /// What `--help` says `auto` means, with its size at 1920 pixels wide.
    static let autoHelp =
        "auto: the original's look (2-point pieces on a 375-point-wide screen) at any size, 2/375 of the "
        + "output's width in pixels to the nearest 1/8 px, at least 1 px "
        + "(\(plain(ShatteredTransition.proportionalPointSize(pixelWidth: 1920))) px at 1920 wide)"

    /// What `--help` says of the default, the same for every command that draws the shatter for a user
    /// (render, compare, preview, join; the frei0r and OBS plugins' 0 means auto too).
    static let defaultHelp = ". (default: auto)"

    static func parse(_ argument: String) throws -> PointSizeChoice {
        if argument.lowercased() == "auto" { return .auto }
        guard let points = Double(argument) else {
            throw ValidationError("give a number of points or auto")
        }
        return .points(points)
    }

    /// The side in points for an output `pixelWidth` pixels wide at `scale`.
    func resolved(pixelWidth: Int, scale: Double) -> Double {
        switch self {
        case .points(let points): points
        case .auto: ShatteredTransition.proportionalPointSize(pixelWidth: pixelWidth, scale: scale)
        }
    }

    /// As `--help` shows the default: `2`.
    var description: String {
        switch self {
        case .points(let points): Self.plain(points)
        case .auto: "auto"
        }
    }

    /// `2` rather than `2.0`, `10.25` as it is.
    private static func plain(_ value: Double) -> String {
        let text = String(value)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
