import ShatterCore

/// Swift twin of `Shaders/dust_layers.frag` (over `Shaders/covering_quad.vert`, see
/// `CoveringQuad.swift`): for every layer of the pixel's tile list, bottom first, the same inverse
/// transform of the pixel centre, the same hand-made bilinear filter over texels masked by layer
/// ownership, the same source-over in float, in the same order of operations.
struct DustLayersProgram {
    let u_anchor: SIMD2<Float>
    let u_texelScale: SIMD2<Float>
    /// The uniform block's elements in use: one per layer, bottom first.
    let u_layers: [DustLayerUniform]
    /// How many (no longer a uniform of the GLSL, whose loop the tile lists bound; the row kernel's).
    let u_layerCount: Int

    init(stack: DustLayerStack, viewWidth: Int, viewHeight: Int) {
        u_anchor = stack.anchor
        u_texelScale = stack.texelScale(viewWidth: viewWidth, viewHeight: viewHeight)
        u_layers = stack.layers.map(\.uniform)
        u_layerCount = stack.layers.count
    }

    /// The premultiplied color at image pixel centre `pixel` over the layers `list` names (its tile's,
    /// `DustTileLists.list(at:)`: the `u_tiles` and `u_tileLayers` textures), then the `resting` layers
    /// that own the pixel's own texel (`u_restingFrom`, `u_restingSlots`); zero where none reaches.
    @inline(__always)
    func fragment(
        pixel: SIMD2<Float>, textures: DustTextures, layers: UnsafeBufferPointer<DustLayerUniform>, list: ArraySlice<UInt8>,
        resting: DustRestingLayers
    ) -> SIMD4<Float> {
        var color = SIMD4<Float>.zero
        for i in list {
            let l = layers[Int(i)]
            let d = pixel - l.position
            let local = SIMD2(d.x * l.cosine + d.y * l.sine, d.y * l.cosine - d.x * l.sine) + u_anchor
            let f = local * u_texelScale - 0.5
            let base = f.rounded(.down)
            if base.x + 1 < l.firstColumn || base.x > l.lastColumn { continue }
            // Rows wholly outside the snapshot add nothing either (the GLSL finds every texel empty).
            if base.y < -1 || base.y >= Float(textures.height) { continue }
            let a = f - base
            let px = Int(base.x)
            let py = Int(base.y)
            let layer = Int(l.index)
            let top = texel(px, py, layer, textures) * (1 - a.x) + texel(px + 1, py, layer, textures) * a.x
            let bottom = texel(px, py + 1, layer, textures) * (1 - a.x) + texel(px + 1, py + 1, layer, textures) * a.x
            let c = (top * (1 - a.y) + bottom * a.y) * l.opacity
            color = c + color * (1 - c.w)
        }
        // The resting layers: at rest the footprint is texel (x, y) with weight 1 (DustRestingLayers), so
        // each owner's color is that texel times its opacity, lower place first.
        guard resting.from < u_layerCount else { return color }
        let p = SIMD2<Int>(Int(pixel.x.rounded(.down)), Int(pixel.y.rounded(.down)))
        guard p.x >= 0, p.y >= 0, p.x < textures.width, p.y < textures.height else { return color }
        let o = (p.y * textures.width + p.x) * 4
        let a = Int(resting.slots[Int(textures.assignment[o])])
        let b = Int(resting.slots[Int(textures.assignment[o + 1])])
        func composite(_ place: Int) {
            let l = layers[place]
            // The program's column test, at the footprint's column x.
            if Float(p.x) + 1 < l.firstColumn || Float(p.x) > l.lastColumn { return }
            let c = texel(p.x, p.y, Int(l.index), textures) * l.opacity
            color = c + color * (1 - c.w)
        }
        if min(a, b) >= 0 { composite(min(a, b)) }
        if max(a, b) != min(a, b) { composite(max(a, b)) }
        return color
    }

    /// `layerTexel`: the snapshot texel at (x, y) when `layer` owns it, else transparent.
    @inline(__always)
    private func texel(_ x: Int, _ y: Int, _ layer: Int, _ textures: DustTextures) -> SIMD4<Float> {
        guard x >= 0, y >= 0, x < textures.width, y < textures.height else { return .zero }
        let o = (y * textures.width + x) * 4
        guard Int(textures.assignment[o]) == layer || Int(textures.assignment[o + 1]) == layer else { return .zero }
        let s = textures.snapshot
        return SIMD4(Float(s[o]), Float(s[o + 1]), Float(s[o + 2]), Float(s[o + 3])) * (1 / 255)
    }
}

/// The snapshot's texels and the layer assignment's, which have the same size.
struct DustTextures {
    let snapshot: UnsafeBufferPointer<UInt8>
    let assignment: UnsafeBufferPointer<UInt8>
    let width: Int
    let height: Int
}
