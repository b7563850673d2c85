import ShatterCore

/// Swift twin of `Shaders/dust_layer.vert` and `Shaders/dust_layer.frag`: the same inverse transform
/// of the pixel centre, the same hand-made bilinear filter over texels masked by layer ownership, the
/// same order of float operations. The vertex program only places the bounding rectangle; the raster
/// loop visits the pixels whose centres lie inside it, and the fragment decides coverage.
struct DustLayerProgram {
    let u_layer: Int
    let u_anchor: SIMD2<Float>
    let u_position: SIMD2<Float>
    let u_rotation: SIMD2<Float>
    let u_texelScale: SIMD2<Float>
    let u_opacity: Float

    init(layer: DustLayer, viewWidth: Int, viewHeight: Int) {
        u_layer = layer.layer
        u_anchor = layer.anchor
        u_position = layer.position
        u_rotation = layer.rotation
        u_texelScale = layer.texelScale(viewWidth: viewWidth, viewHeight: viewHeight)
        u_opacity = layer.opacity
    }

    /// The premultiplied colour at the centre of image pixel (x, y); zero where the layer is absent.
    @inline(__always)
    func fragment(x: Int, y: Int, textures: DustTextures) -> SIMD4<Float> {
        let pixel = SIMD2(Float(x) + 0.5, Float(y) + 0.5)
        let d = pixel - u_position
        let local = SIMD2(d.x * u_rotation.x + d.y * u_rotation.y, d.y * u_rotation.x - d.x * u_rotation.y) + u_anchor
        let f = local * u_texelScale - 0.5
        let base = f.rounded(.down)
        let a = f - base
        // Far outside the snapshot every texel is transparent: skip the four look-ups.
        guard base.x >= -1, base.y >= -1, base.x < Float(textures.width), base.y < Float(textures.height) else {
            return .zero
        }
        let px = Int(base.x), py = Int(base.y)
        let top = layerTexel(px, py, textures) * (1 - a.x) + layerTexel(px + 1, py, textures) * a.x
        let bottom = layerTexel(px, py + 1, textures) * (1 - a.x) + layerTexel(px + 1, py + 1, textures) * a.x
        return (top * (1 - a.y) + bottom * a.y) * u_opacity
    }

    @inline(__always)
    private func layerTexel(_ x: Int, _ y: Int, _ textures: DustTextures) -> SIMD4<Float> {
        guard x >= 0, y >= 0, x < textures.width, y < textures.height else { return .zero }
        let o = (y * textures.width + x) * 4
        let first = Int(textures.assignment[o]), second = Int(textures.assignment[o + 1])
        guard first == u_layer || second == u_layer else { return .zero }
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
