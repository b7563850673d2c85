import ShatterCore

extension SoftwareRenderer {
    /// Runs `LayerQuadProgram` over the layer's covering quad.
    ///
    /// Most of a splash tile's texels are transparent. Where all four texels of a pixel's taps are 0
    /// its color is exactly 0 (finite weights times 0, summed, times a finite opacity), and 0 blended
    /// source-over or screen leaves the pixel's bytes as they were (`SpecBlend`: 255·0 + d·1 is d), so
    /// those pixels are skipped as the discards are: the same bytes, without the sample and the blend.
    /// Not where the blends are counted (a skipped pixel would not count) or the layer replaces.
    func draw(_ quad: LayerQuad, into target: Framebuffer) {
        let program = LayerQuadProgram(quad: quad)
        let skipsClear =
            shortcuts.contains(.exact) && quad.blend != .replace && target.blendCounts == nil
            && quad.opacity.isFinite
        quad.texture.withSampler(filter: .linear) { sampler in
            drawCoveringQuad(quad.bounds, into: target, blend: quad.blend) {
                program.fragment(pixel: $0, texture: sampler, skippingClear: skipsClear)
            }
        }
    }
}
