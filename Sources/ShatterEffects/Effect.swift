import ShatterCore

/// An animation Shatter can render: a value with defaults whose ``displayList(at:)`` is a pure function
/// of time. Render, compare, bench and the manifest treat every effect alike through this protocol, so a
/// new effect needs a conformance here and its options in the command-line tool, nothing else.
///
/// ```swift
/// let effect = try UberSplash(parameters: .init(duration: 3))
/// effect.pixelWidth            // 375
/// effect.displayList(at: 0.5)  // what to draw half a second in
/// ```
public protocol Effect: Sendable {
    /// Everything that changes the pixels besides the input pictures; recorded in manifests, so two
    /// renders with equal parameters and inputs give the same frames.
    associatedtype Parameters: Codable, Sendable, Equatable

    /// The effect's short name, as manifests record it (`shatter`, `breathe`, …).
    static var name: String { get }

    var parameters: Parameters { get }

    /// Output size in pixels.
    var pixelWidth: Int { get }
    var pixelHeight: Int { get }

    /// Seconds of animation; frames sample `0 … duration` (see `FrameTimeline`).
    var duration: Double { get }

    /// Frames play the timeline backwards: frame i shows the instant of frame (last − i), so a reversed
    /// render is exactly the forward frames in the opposite order.
    var playsBackwards: Bool { get }

    /// The pictures the effect draws from, by role (`from`, `to`, `sheet`, …); a render's manifest
    /// records a digest of each (`FrameManifest.inputDigests(of:)` in Shatter), so a changed input is recognised
    /// as a different render.
    var inputs: [String: Texture] { get }

    /// Where the original plays its sounds, on the effect's own timeline (none for most effects); a
    /// video lays the user's sound files there (`VideoRender.sounds` in Shatter).
    var soundCues: [SoundCue] { get }

    /// What to draw at `time` seconds. Throws only where drawing needs input read on demand (a clip's
    /// frame); the built-in effects never throw.
    func displayList(at time: Double) throws -> DisplayList
}

extension Effect {
    public var playsBackwards: Bool { false }
    public var inputs: [String: Texture] { [:] }
    public var soundCues: [SoundCue] { [] }
}

extension Effect where Parameters: ScreenSized {
    public var pixelWidth: Int { parameters.pixelWidth }
    public var pixelHeight: Int { parameters.pixelHeight }
}

extension ShatteredTransition: Effect {
    public static let name = "shatter"
    public var duration: Double { parameters.duration }
    public var inputs: [String: Texture] { ["from": from, "to": to] }
}

extension Breathe: Effect {
    public static let name = "breathe"
    public var duration: Double { parameters.duration }
}

extension DustEffect: Effect {
    public static let name = "dust"
    public var playsBackwards: Bool { parameters.reverse }
    public var inputs: [String: Texture] { ["from": snapshot] }
    public var soundCues: [SoundCue] { parameters.soundCues }
}

extension UberSplash: Effect {
    public static let name = "splash"
    public var duration: Double { parameters.duration }
}

extension SpriteSheetPlayer: Effect {
    public static let name = "sprite"
    public var playsBackwards: Bool { parameters.reverse }
    public var inputs: [String: Texture] { ["sheet": sheetTexture] }
    public var soundCues: [SoundCue] { parameters.soundCues }
}
