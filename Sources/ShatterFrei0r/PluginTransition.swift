import CFrei0r
import ShatterAnimation
import ShatterCore
import ShatterEffects

/// The transition a plugin library carries, its frei0r parameters, and how their [0, 1] values map
/// to the effect's parameters (docs/frei0r.md has the same table for editors' users). Every default
/// is `shatter join`'s, so a plugin left alone draws what the command line draws.
enum PluginTransition: Int32, Sendable {
    /// shatter.so: the picture breaks into pieces that fall away from the next clip.
    case shatter = 0
    /// shatter_dust.so: the picture turns to dust, revealing the next clip.
    case dust = 1

    /// The transition this library was linked with (its kind target's one function).
    static var linked: PluginTransition { PluginTransition(rawValue: shatter_frei0r_transition()) ?? .shatter }

    /// What a host lists: the plugin's name (MLT names its service after the file, not this).
    var name: StaticString {
        switch self {
        case .shatter: "Shatter"
        case .dust: "Shatter dust"
        }
    }

    var explanation: StaticString {
        switch self {
        case .shatter: "The first clip breaks into pieces that fall away, revealing the second (iOS's shattered transition)"
        case .dust: "The first clip turns to dust that drifts away, revealing the second (the Thanos snap)"
        }
    }

    /// Pieces' side in pixels is 64 times the `point size` value; under one pixel means auto.
    static let pointSizeRange = 64.0
    /// `duration` seconds are 10 times the value, at least 0.1 s.
    static let secondsRange = 10.0
    static let shortestSeconds = 0.1
    /// `seed` is 1000 times the value, rounded.
    static let seedRange = 1000.0
    /// `layers` are 255 times the value, rounded, at least 1.
    static let layersRange = 255.0
    /// `drift` is the dust's spread radii, 60 × 30 points times the value (0.5: the original's 30 × 15).
    static let driftRange = Size(width: 60, height: 30)

    /// The parameters in the order hosts number them; `progress` first.
    var parameters: [Frei0rParameter] {
        let progress = Frei0rParameter(
            name: "progress", explanation: "The transition's time as a fraction of its length: animate it from 0 to 1",
            defaultValue: 0, control: .progress(switchLabel: "Reverse"))
        let seed = Frei0rParameter(
            name: "seed", explanation: "The random motion's seed: 1000 × value, rounded", defaultValue: 0,
            control: .number(label: "Seed", shown: 0...Self.seedRange, factor: Self.seedRange, decimals: 0))
        switch self {
        case .shatter:
            return [
                progress,
                Frei0rParameter(
                    name: "point_size",
                    explanation: "Pieces' side: 64 × value pixels, in eighths; 0 (under one pixel) is auto, 2/375 of the width",
                    defaultValue: 0,
                    control: .number(
                        label: "Piece size in pixels (0: auto, the original's look at any width)",
                        shown: 0...Self.pointSizeRange, factor: Self.pointSizeRange, decimals: 3)),
                Frei0rParameter(
                    name: "duration",
                    explanation: "Seconds of the pieces' fall the transition shows: 10 × value, at least 0.1 (0.12: 1.2 s)",
                    defaultValue: 0.12,
                    control: .number(
                        label: "Seconds of the fall shown (1.2: the original's)",
                        shown: Self.shortestSeconds...Self.secondsRange, factor: Self.secondsRange, decimals: 1)),
                seed,
                Frei0rParameter(
                    name: "physics",
                    explanation: "Below 0.25 original, 0.25 textbook, 0.5 original with 60 Hz steps, 0.75 textbook with steps",
                    defaultValue: 0,
                    control: .choice(
                        label: "Physics",
                        choices: [
                            .init(label: "Original", value: 0), .init(label: "Textbook", value: 0.25),
                            .init(label: "Original in 60 Hz steps", value: 0.5),
                            .init(label: "Textbook in 60 Hz steps", value: 0.75),
                        ])),
            ]
        case .dust:
            return [
                progress,
                Frei0rParameter(
                    name: "layers", explanation: "Layers of dust: 255 × value, rounded, at least 1 (0.1255: 32)",
                    defaultValue: 32 / Self.layersRange,
                    control: .number(
                        label: "Layers of dust (32: the original's)", shown: 1...Self.layersRange,
                        factor: Self.layersRange, decimals: 0)),
                Frei0rParameter(
                    name: "drift",
                    explanation: "How far the dust drifts: 60 × 30 points times value (0.5: the original's 30 × 15)",
                    defaultValue: 0.5,
                    control: .number(
                        label: "Drift in percent (50: the original's 30 × 15 points)", shown: 0...100, factor: 100,
                        decimals: 0)),
                seed,
            ]
        }
    }

    /// The effect's parameters for a `width`×`height` frame, from the parameters' values (all but
    /// `progress`, which only picks the instant).
    func settings(_ values: [Double], width: Int, height: Int) -> Frei0rSettings {
        let unit = zip(parameters, values).map { $0.unit($1) }
        let seed = UInt64((unit[3] * Self.seedRange).rounded())
        switch self {
        case .shatter:
            let eighths = (unit[1] * Self.pointSizeRange * 8).rounded()
            let pixels = eighths < 8 ? ShatteredTransition.proportionalPointSize(pixelWidth: width) : eighths / 8
            let physics = min(Int(unit[4] * 4), 3)
            return .shatter(
                ShatteredTransition.Parameters(
                    width: width, height: height, pointSize: pixels,
                    duration: max(unit[2] * Self.secondsRange, Self.shortestSeconds), seed: seed,
                    randomRange: physics % 2 == 0 ? .original : .textbook,
                    motion: physics < 2 ? .closedForm : .euler60))
        case .dust:
            let layers = max(1, Int((unit[1] * Self.layersRange).rounded()))
            let drift = Size(width: Self.driftRange.width * unit[2], height: Self.driftRange.height * unit[2])
            return .dust(
                DustReveal.Parameters(
                    dust: DustEffect.Parameters(width: width, height: height, layers: layers, spread: drift, seed: seed)))
        }
    }
}

/// A plugin's effect parameters: what the transition is built from, rebuilt only when they change.
enum Frei0rSettings: Equatable, Sendable {
    case shatter(ShatteredTransition.Parameters)
    case dust(DustReveal.Parameters)

    /// Seconds from the transition's start to its end: `progress` 1 is this instant.
    var seconds: Double {
        switch self {
        case .shatter(let parameters): parameters.duration
        case .dust(let parameters): parameters.seconds
        }
    }

    /// Whether the effect reads its snapshot's size when it is built (the dust's layer split does).
    var splitsSnapshot: Bool {
        if case .dust = self { return true }
        return false
    }

    /// The transition between `from` and `to`, which each frame's pictures then replace
    /// (`Texture.init(image:replacing:)`).
    func makeEffect(from: Texture, to: Texture) throws -> any Effect {
        switch self {
        case .shatter(let parameters): try ShatteredTransition(from: from, to: to, parameters: parameters)
        case .dust(let parameters): try DustReveal(snapshot: from, next: to, parameters: parameters)
        }
    }
}
