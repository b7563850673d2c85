import ShatterCore
import ShatterPointSprites

extension SoftwareRenderer {
    /// The reference: the motion (`PointSpriteProgram`), then `point_sprite.vert` and `point_sprite.frag`
    /// as they state it, in draw order, on one thread. Per point, its centre in eighths of a pixel
    /// (`PointSetup.centre(clip:)`), the pixels its extent covers (its share of the screen,
    /// `PieceTiling`) and the texel position of the sprite's first pixel (`PointSpriteRaster`); per pixel inside the image, k steps on, the fragment program, its
    /// word stored (replacing) or blended. Later points overwrite earlier ones, as the GPU's in-order
    /// blending does. Every faster path equals it byte for byte (`PointLanesTests`, `SmallSpriteTests`,
    /// the goldens).
    func drawPointByPoint(
        _ batch: PointSpriteBatch, program: PointSpriteProgram, setup: PointSetup, into target: Framebuffer,
        guardBand: GuardBand
    ) {
        let attributes = batch.grid.attributes
        let raster = setup.raster
        let g = guardBand.pixels
        let topRow = guardBand.framebufferHeight - 1 - g  // framebuffer row (y up) of image row 0
        batch.texture.withSampler(filter: batch.filter) { sampler in
            for point in 0..<batch.grid.count {
                let a = point * PointGrid.stride
                let centre = SIMD2(attributes[a], attributes[a + 1])
                let motion = SIMD2(attributes[a + 4], attributes[a + 5])
                guard let q = setup.centre(clip: program.vertex(centre: centre, motion: motion)) else { continue }
                let extent = raster.extents(ofPoint: point)
                let origin = raster.origin(uvOrigin: SIMD2(attributes[a + 2], attributes[a + 3]), extent: extent)
                let base = SIMD2(
                    raster.baseX(origin: origin.x, q: q.x, extent: extent.x),
                    raster.baseY(origin: origin.y, q: q.y, extent: extent.y))
                let columns = setup.coveredPixels(q.x, extent: extent.x)
                let rowsUp = setup.coveredPixels(q.y, extent: extent.y)
                for (ky, j) in rowsUp.reversed().enumerated() where (0..<target.height).contains(topRow - j) {
                    for (kx, i) in columns.enumerated() where (0..<target.width).contains(i - g) {
                        let word = PointSpriteProgram.fragment(
                            x: base.x &+ Int32(kx) &* raster.step.x, y: base.y &+ Int32(ky) &* raster.step.y,
                            snapshot: sampler)
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
