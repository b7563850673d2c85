import ShatterCore

extension SoftwareRenderer {
    /// Runs `LayerQuadProgram` over the layer's covering quad.
    func draw(_ quad: LayerQuad, into target: Framebuffer) {
        let program = LayerQuadProgram(quad: quad)
        quad.texture.withSampler(filter: .linear) { sampler in
            drawCoveringQuad(quad.bounds, into: target, blend: quad.blend) {
                program.fragment(pixel: $0, texture: sampler)
            }
        }
    }
}
