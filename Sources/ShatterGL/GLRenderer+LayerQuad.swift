import CShatterGL
import ShatterCore
import ShatterShaders

extension GLRenderer {
    /// `Shaders/layer_quad.frag`: a texture on a transformed layer, filtered by hand.
    func draw(_ quad: LayerQuad, guardBand: GuardBand, used: inout Set<ObjectIdentifier>) throws {
        let program = try use(.layerQuad)
        // texelFetch ignores the filter; nearest keeps the texture complete without mipmaps.
        try bind(quad.texture, filter: .nearest, used: &used)
        try setUniform(program, "u_texture", ints: 0)
        try setMap(program, "u_toTextureX", "u_toTextureY", quad.toTexture)
        try setUniform(program, "u_opacity", quad.opacity)
        setBlend(quad.blend)
        try drawCoveringQuad(program, bounds: quad.bounds, guardBand: guardBand)
    }
}
