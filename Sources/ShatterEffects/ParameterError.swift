/// A parameter outside what an effect can draw: the effects' initialisers throw this instead of
/// trapping later on a conversion or an allocation that cannot be made.
///
/// ```swift
/// try DustEffect(snapshot: screen, parameters: .init(layers: 300))
/// // throws: dust: layers is 300, outside 1…255
/// ```
public struct ParameterError: Error, Equatable, CustomStringConvertible {
    /// The effect's name (`dust`, `shatter`, …).
    public let effect: String
    /// The parameter, as the effect's `Parameters` names it.
    public let parameter: String
    /// The value given, as text.
    public let value: String
    /// What the parameter may be: `1…255`.
    public let allowed: String

    public var description: String { "\(effect): \(parameter) is \(value), outside \(allowed)" }

    /// Largest output side in pixels (as for GL textures and PNG frames).
    public static let maxPixelSide = 16384
    /// Output pixels per point.
    public static let scales: ClosedRange<Double> = 0.001...1000
    /// Seconds of animation: a day.
    public static let durations: ClosedRange<Double> = 0...86_400
    /// Seconds a transition between two clips may last (a join's shatter or dust): a millisecond to a
    /// day. Shorter, it would be one frame at any rate; the one bound every transition is held to.
    public static let transitionDurations: ClosedRange<Double> = 0.001...durations.upperBound

    /// Throws unless `range` holds `value` (NaN never is).
    static func check<T: Comparable>(
        _ value: T, in range: ClosedRange<T>, _ parameter: String, of effect: String
    ) throws(ParameterError) {
        guard range.contains(value) else {
            throw ParameterError(
                effect: effect, parameter: parameter, value: "\(value)", allowed: "\(range.lowerBound)…\(range.upperBound)")
        }
    }
}

extension ScreenSized {
    /// Width and height in points, the scale, and the pixel size they make, each within its range.
    func checkScreen(of effect: String) throws(ParameterError) {
        let side = ParameterError.maxPixelSide
        try ParameterError.check(width, in: 1...side, "width", of: effect)
        try ParameterError.check(height, in: 1...side, "height", of: effect)
        try ParameterError.check(scale, in: ParameterError.scales, "scale", of: effect)
        // In floating point, so that no conversion to Int can trap before the check.
        try ParameterError.check((Double(width) * scale).rounded(), in: 1...Double(side), "width × scale (pixels)", of: effect)
        try ParameterError.check((Double(height) * scale).rounded(), in: 1...Double(side), "height × scale (pixels)", of: effect)
    }
}
