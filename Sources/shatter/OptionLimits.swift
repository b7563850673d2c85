import ArgumentParser
import Shatter

/// The ranges numeric options must fall in so that every later conversion to `Int` is safe.
///
/// Swift traps when a `Double` too large for `Int` (or NaN, or infinite) is converted, and an
/// option such as `--scale 1e300` or `--duration 1e300` reaches exactly such conversions (pixel
/// sizes, frame counts). Each check refuses the value with one line naming the option instead.
enum OptionLimits {
    /// `--scale`: output pixels per point. 0.001 … 1000 keeps `points × scale` and `pixels ÷ scale`
    /// (the size of a `--from` PNG in points) far inside `Int`.
    static let scale: ClosedRange<Double> = 0.001...1000
    /// Seconds of animation: a day.
    static let maxDuration = 86_400.0
    /// `compare --ignored-border`: wider than any allowed image already leaves out every pixel.
    static let maxBorder = SizeLimits.maxSide

    static func check(scale: Double, option: String = "--scale") throws {
        guard scale.isFinite, scale > 0 else { throw ValidationError("\(option) must be a number above 0, not \(scale)") }
        guard Self.scale.contains(scale) else {
            throw ValidationError(
                "\(option) must be between \(Self.scale.lowerBound) and \(Int(Self.scale.upperBound)), not \(scale)")
        }
    }

    /// A point size on the command line (render's, join's and bench's), checked before any input is
    /// opened by the transition's own rule (``ShatteredTransition/checkPointSize(pixels:parameter:)``):
    /// `points` × `scale` pixels. `option` names what the user typed (`--point-size`,
    /// `--point-size × --scale`).
    static func check(pointSize points: Double, scale: Double = 1, option: String) throws {
        do {
            try ShatteredTransition.checkPointSize(pixels: points * scale, parameter: option)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// A duration in seconds: finite, at most a day, and at least 0 (or above 0 where `positive`).
    static func check(duration: Double, option: String = "--duration", positive: Bool = false) throws {
        let low = positive ? "a number of seconds above 0" : "0 or more seconds"
        guard duration.isFinite, positive ? duration > 0 : duration >= 0 else {
            throw ValidationError("\(option) must be \(low), not \(duration)")
        }
        guard duration <= maxDuration else {
            throw ValidationError("\(option) must be at most \(Int(maxDuration)) seconds (a day), not \(duration)")
        }
    }

    /// `--size × --scale` (or `what`) within ``SizeLimits``, computed in floating point so a huge
    /// side cannot overflow before it is refused.
    static func check(size: Dimensions, scale: Double, what: String = "--size × --scale") throws {
        let width = (Double(size.width) * scale).rounded()
        let height = (Double(size.height) * scale).rounded()
        let side = Double(SizeLimits.maxSide)
        guard width <= side, height <= side else {
            throw ValidationError(
                "\(what) \(whole(width))x\(whole(height)) px "
                    + "is too large: at most \(SizeLimits.maxSide) px a side and 64 megapixels")
        }
        try SizeLimits.check(width: Int(width), height: Int(height), what: what)
    }

    /// A whole number as digits when it fits an `Int` comfortably, else in exponent form (1.8e+19).
    private static func whole(_ value: Double) -> String {
        abs(value) < 1e15 ? String(Int(value.rounded())) : String(value)
    }
}
