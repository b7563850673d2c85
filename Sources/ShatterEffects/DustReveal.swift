import ShatterCore

/// The Thanos-snap dust as a transition: the snapshot turns to dust and reveals the next picture
/// underneath, the dust's own timing (``DustEffect/duration``) stretched or squeezed to `duration`.
///
/// ```swift
/// let reveal = try DustReveal(snapshot: a, next: b, parameters: .init(dust: .init(width: 640, height: 360), duration: 1))
/// reveal.displayList(at: 1)   // b alone: every layer has faded
/// ```
public struct DustReveal: Sendable {
    public struct Parameters: Sendable, Equatable, Codable {
        public var dust: DustEffect.Parameters
        /// Seconds the transition lasts; nil for the dust's own (2.3078 s for 32 layers).
        public var duration: Double?

        public init(dust: DustEffect.Parameters = .init(), duration: Double? = nil) {
            self.dust = dust
            self.duration = duration
        }

        /// Seconds the transition lasts: ``duration``, else the dust's own.
        public var seconds: Double { duration ?? dust.duration }
    }

    public let parameters: Parameters
    public let dust: DustEffect
    /// What the dust reveals, stretched over the output (premultiplied).
    public let next: Texture

    public init(snapshot: Texture, next: Texture, parameters: Parameters) throws(ParameterError) {
        if let duration = parameters.duration {
            try ParameterError.check(duration, in: ParameterError.transitionDurations, "duration", of: Self.name)
        }
        dust = try DustEffect(snapshot: snapshot, parameters: parameters.dust)
        self.parameters = parameters
        self.next = next
    }

    public var duration: Double { parameters.seconds }

    public func displayList(at time: Double) -> DisplayList {
        var list = dust.displayList(at: time * dust.duration / duration)
        let whole = PixelRect(x: 0, y: 0, width: Float(list.width), height: Float(list.height))
        list.commands.insert(.texturedQuad(TexturedQuad(texture: next, rect: whole)), at: 0)
        return list
    }
}

extension DustReveal: Effect {
    public static let name = "dust-reveal"
    public var pixelWidth: Int { parameters.dust.pixelWidth }
    public var pixelHeight: Int { parameters.dust.pixelHeight }
    public var inputs: [String: Texture] { ["from": dust.snapshot, "to": next] }
    public var soundCues: [SoundCue] { parameters.soundCues }
}
