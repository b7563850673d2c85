/// The sounds the Thanos original plays (potato04/ThanosSnap, `ThanosGauntlet.swift` and
/// `DustEffectView.swift`): the snap as the gauntlet's sprite starts, one of six dust sounds as a cell
/// starts turning to dust, and the reverse sound as the time stone's sprite (and the restore) starts.
/// Shatter ships none of them; a video takes the user's files (`OriginalSoundFolder` in Shatter).
public enum OriginalSound: String, Sendable, CaseIterable, Codable {
    case snap, dust, reverse
}

/// Where in an effect's own timeline the original plays one of its sounds.
///
/// ```swift
/// let dust = DustEffect.Parameters(seed: 7)
/// dust.soundCues   // [SoundCue(sound: .dust, time: 0, seed: 7)]: as the first layer starts to move
/// ```
public struct SoundCue: Sendable, Equatable {
    public var sound: OriginalSound
    /// Seconds into the effect's timeline: the instant `displayList(at:)` takes, forwards even when the
    /// effect plays backwards (the restore then starts where the forward timeline ends).
    public var time: Double
    /// The effect's seed: which of the numbered dust sounds plays is picked from it.
    public var seed: UInt64

    public init(sound: OriginalSound, time: Double, seed: UInt64 = 0) {
        self.sound = sound
        self.time = time
        self.seed = seed
    }
}

extension DustEffect.Parameters {
    /// A dust sound as the first layer starts to drift; played backwards, the reverse sound as the
    /// restore starts, where the last layer has faded (the forward timeline's end).
    public var soundCues: [SoundCue] {
        reverse
            ? [SoundCue(sound: .reverse, time: duration, seed: seed)]
            : [SoundCue(sound: .dust, time: DustLayerMotion.beginTime(index: 0, of: layers), seed: seed)]
    }
}

extension DustReveal.Parameters {
    /// The dust's cues, on the transition's clock (the dust's timing stretched to ``seconds``).
    public var soundCues: [SoundCue] {
        dust.soundCues.map { SoundCue(sound: $0.sound, time: $0.time * seconds / dust.duration, seed: $0.seed) }
    }
}

extension SpriteSheetPlayer.Parameters {
    /// The snap as the sprite starts; played backwards (the time stone's turn), the reverse sound as
    /// the reversed sprite starts, at the forward timeline's end.
    public var soundCues: [SoundCue] { [SoundCue(sound: reverse ? .reverse : .snap, time: reverse ? duration : 0)] }
}
