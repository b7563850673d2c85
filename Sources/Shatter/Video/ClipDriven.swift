/// An effect drawing from clips instead of still pictures: the base effect is built around each
/// clip's first frame (fitted to the output), and every frame's display list draws the clip frames
/// shown at that instant in their place (`Texture.init(image:replacing:)`), so a backend updates
/// its texture in place rather than uploading anew. Everything else (name, parameters, size, timing)
/// is the base effect's.
///
/// ```swift
/// let fitting = ClipFitting(fit: nil, width: 750, height: 1334)
/// let from = try ClipInput(role: "from", clip: Clip(path: "a.mp4", frameRate: 60), fitting: fitting)
/// let to = try ClipInput(role: "to", clip: Clip(path: "b/%04d.png", frameRate: 60), fitting: fitting)
/// let effect = ClipDriven(try ShatteredTransition(from: from.first, to: to.first, parameters: parameters),
///                         clips: [from, to])
/// ```
public struct ClipDriven<Base: Effect>: Effect, ClipSourced, CustomInputDigests {
    public typealias Parameters = Base.Parameters
    public static var name: String { Base.name }

    public let base: Base
    public let clips: [ClipInput]
    /// Clip frames a video shows before and after the transition (none unless asked for).
    public var join: ClipJoin

    public init(_ base: Base, clips: [ClipInput], join: ClipJoin = ClipJoin()) {
        self.base = base
        self.clips = clips
        self.join = join
    }

    public var parameters: Base.Parameters { base.parameters }
    public var pixelWidth: Int { base.pixelWidth }
    public var pixelHeight: Int { base.pixelHeight }
    public var duration: Double { base.duration }
    public var playsBackwards: Bool { base.playsBackwards }
    public var inputs: [String: Texture] { base.inputs }
    public var soundCues: [SoundCue] { base.soundCues }

    /// A still clip (one frame) shown unfitted records its pixels' hash, as a PNG input always did;
    /// any other clip records its digest and how it is fitted.
    public var inputDigests: [String: String] {
        var digests = FrameManifest.inputDigests(of: base)
        for input in clips
        where input.clip.frameCount > 1 || input.first.image.width != input.clip.width
            || input.first.image.height != input.clip.height
        {
            digests[input.role] =
                "clip:\(input.clip.digest)" + (input.fitting.fit.map { ":\($0.rawValue)" } ?? "")
                + ":\(input.fitting.background.hexRGB)\(input.fitting.background.a)"
                + (input.timeOffset == 0 ? "" : "@\(input.timeOffset)")
        }
        return digests
    }

    /// The clip in `role`, if that input is a clip.
    public func input(_ role: String) -> ClipInput? { clips.first { $0.role == role } }

    public func displayList(at time: Double) throws -> DisplayList {
        var current: [ObjectIdentifier: Texture] = [:]
        for input in clips {
            current[ObjectIdentifier(input.first)] = try input.texture(at: time)
        }
        return try base.displayList(at: time).replacingTextures { current[ObjectIdentifier($0)] ?? $0 }
    }
}

/// One clip an effect draws from, in its role (`from`, `to`), fitted to the output.
public final class ClipInput: Sendable {
    public let role: String
    public let clip: Clip
    public let fitting: ClipFitting
    /// Clip time at the transition's start: the transition shows the clip from here on.
    public let timeOffset: Double
    /// The first frame, fitted: what the base effect is built around.
    public let first: Texture
    /// The texture last handed out, so a held frame is the same texture (and uploads nothing).
    private let last: Locked<(index: Int, texture: Texture)>

    public init(role: String, clip: Clip, fitting: ClipFitting, timeOffset: Double = 0) throws {
        self.role = role
        self.clip = clip
        self.fitting = fitting
        self.timeOffset = timeOffset
        let index = clip.frameIndex(at: timeOffset)
        first = Texture(image: try fitting.fitted(try clip.frame(index: index), role: role))
        last = Locked((index, first))
    }

    /// The fitted frame shown at clip time `clipTime` (no offset): a head or tail frame of a join.
    public func fittedFrame(at clipTime: Double) throws -> Image {
        try fitting.fitted(try clip.frame(at: clipTime), role: role)
    }

    /// The fitted frame shown at `time` seconds into the transition.
    public func texture(at time: Double) throws -> Texture {
        let index = clip.frameIndex(at: time + timeOffset)
        if let held = last.withLock({ $0.index == index ? $0.texture : nil }) { return held }
        let texture = Texture(image: try fitting.fitted(try clip.frame(index: index), role: role), replacing: first)
        last.withLock { $0 = (index, texture) }
        return texture
    }
}

/// An effect that draws from clips, so a video made of it can carry their sound and the rest of them.
public protocol ClipSourced {
    func input(_ role: String) -> ClipInput?
    var join: ClipJoin { get }
}
