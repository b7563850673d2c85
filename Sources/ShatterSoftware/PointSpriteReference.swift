import ShatterCore

extension SoftwareRenderer {
    /// The reference: `PointSpriteProgram` run as `point_sprite.vert` and `point_sprite.frag` state it,
    /// in draw order, on one thread. Per point, the vertex program in full, then the rasteriser's
    /// set-up (clip test, viewport transform, snap); per pixel the sprite covers inside the image,
    /// `gl_PointCoord` and the fragment program, its word stored (replacing) or blended. Later points
    /// overwrite earlier ones, as the GPU's in-order blending does. Every faster path equals it byte
    /// for byte (`PointLanesTests`, `SmallSpriteTests`, the goldens).
    func drawPointByPoint(
        _ batch: PointSpriteBatch, program: PointSpriteProgram, setup: PointSetup, into target: Framebuffer,
        guardBand: GuardBand
    ) {
        let attributes = batch.grid.attributes
        let g = guardBand.pixels
        let topRow = guardBand.framebufferHeight - 1 - g  // framebuffer row (y up) of image row 0
        batch.texture.withSampler(filter: batch.filter) { sampler in
            for point in 0..<batch.grid.count {
                let a = point * PointGrid.stride
                let centre = SIMD2(attributes[a], attributes[a + 1])
                let uvOrigin = SIMD2(attributes[a + 2], attributes[a + 3])
                let motion = SIMD2(attributes[a + 4], attributes[a + 5])
                let clip = program.vertex(centre: centre, motion: motion)
                guard let snapped = setup.snappedCentre(clip: clip) else { continue }
                for j in setup.coveredPixels(snapped.y) where (0..<target.height).contains(topRow - j) {
                    for i in setup.coveredPixels(snapped.x) where (0..<target.width).contains(i - g) {
                        let pc = setup.pointCoord(i: i, j: j, centre: snapped)
                        let word = program.fragment(pc: pc, uvOrigin: uvOrigin, snapshot: sampler)
                        let offset = ((topRow - j) * target.width + i - g) * 4
                        if batch.blend == .replace {
                            target.storeWord(word, at: offset)
                        } else {
                            target.store(Framebuffer.unpack(word), at: offset, blend: batch.blend)
                        }
                    }
                }
            }
        }
    }
}
