/// An effect that records its inputs in a manifest its own way instead of hashing their pixels: one
/// whose inputs are clips records something cheaper that still changes when a clip does.
public protocol CustomInputDigests {
    var inputDigests: [String: String] { get }
}

extension FrameManifest {
    /// What a manifest records of each of `effect`'s inputs, by role: the SHA-256 of its pixels, unless
    /// the effect gives its own (``CustomInputDigests``). The manifest owns this, so the effects need
    /// no hashing.
    public static func inputDigests<E: Effect>(of effect: E) -> [String: String] {
        if let custom = effect as? any CustomInputDigests { return custom.inputDigests }
        return effect.inputs.mapValues { SHA256Hex.of($0.image.pixels) }
    }
}
