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
        return pixelDigests(effect.inputs)
    }

    /// The SHA-256 of each texture's pixels, one texture per core: a render's start-up waits for them
    /// before its first frame (the manifest is written first), 8 MB of pixels each at 1080p.
    static func pixelDigests(_ textures: [String: Texture]) -> [String: String] {
        let roles = Array(textures)
        let digests = concurrentMap(roles.count) { SHA256Hex.of(roles[$0].value.image.pixels) }
        return Dictionary(uniqueKeysWithValues: zip(roles.map(\.key), digests))
    }
}
