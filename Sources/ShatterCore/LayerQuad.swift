/// A texture on a transformed layer: every pixel centre inside ``bounds`` is mapped into the
/// texture's unit square with ``toTexture``; pixels that land outside it are left untouched, the
/// others get the bilinearly filtered texel (clamp-to-edge) times ``opacity``.
///
/// Unlike ``TexturedQuad`` this does not depend on where the rasteriser puts the quad's edges, so
/// a scaled, moved (or rotated) layer gives the same pixels on both backends.
///
/// ```swift
/// // A 90×90 px tile centred at (100, 100), scaled by 1.05 about its centre, at half opacity.
/// let side: Float = 90 * 1.05
/// let quad = LayerQuad(texture: tile,
///                      toTexture: PixelMap(row0: SIMD3(1 / side, 0, 0.5 - 100 / side),
///                                          row1: SIMD3(0, 1 / side, 0.5 - 100 / side)),
///                      opacity: 0.5, bounds: PixelRect(x: 50, y: 50, width: 100, height: 100))
/// ```
public struct LayerQuad: Sendable {
    public var texture: Texture
    /// Output pixel → texture coordinates (0…1, v = 0 at the texture's top row).
    public var toTexture: PixelMap
    public var opacity: Float
    /// The pixel rectangle drawn: must contain the whole layer.
    public var bounds: PixelRect
    public var blend: BlendMode

    public init(
        texture: Texture, toTexture: PixelMap, opacity: Float = 1, bounds: PixelRect,
        blend: BlendMode = .sourceOver
    ) {
        self.texture = texture
        self.toTexture = toTexture
        self.opacity = opacity
        self.bounds = bounds
        self.blend = blend
    }
}
