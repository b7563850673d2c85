import ShatterCore

/// The rasteriser's part of `Shaders/covering_quad.vert` (its outputs: ``VertexProgramTwin``): the pixels whose centres
/// lie inside the covering rectangle, clipped to the image. The programs that use it decide coverage
/// per pixel, so which edge pixels the quad itself takes never changes the picture.
enum CoveringQuad {
    /// Image columns and rows whose pixel centres lie in `bounds`.
    static func pixels(_ bounds: PixelRect, width: Int, height: Int) -> (columns: Range<Int>, rows: Range<Int>) {
        let covered = TexturedQuadRaster.coveredPixels(of: bounds)
        return (covered.columns.clamped(to: 0..<width), covered.rows.clamped(to: 0..<height))
    }

    /// The fragment stage's `pixel`: the centre of image pixel (x, y), top-left origin, exactly as
    /// the shaders rebuild it from `gl_FragCoord`.
    @inline(__always)
    static func centre(x: Int, y: Int) -> SIMD2<Float> {
        SIMD2(Float(x) + 0.5, Float(y) + 0.5)
    }
}

extension SoftwareRenderer {
    /// Runs `fragment` at every covered pixel centre of `bounds`, in bands of rows on all cores, and
    /// stores what it returns with `blend`; nil is GLSL's `discard` (the pixel is left untouched).
    func drawCoveringQuad(
        _ bounds: PixelRect, into target: Framebuffer, blend: BlendMode,
        fragment: (SIMD2<Float>) -> SIMD4<Float>?
    ) {
        let (columns, rows) = CoveringQuad.pixels(bounds, width: target.width, height: target.height)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        let bandCount = bands(for: rows.count)
        parallelChunks(bandCount) { band in
            for local in chunkRange(band, of: bandCount, total: rows.count) {
                let y = rows.lowerBound + local
                for x in columns {
                    if let color = fragment(CoveringQuad.centre(x: x, y: y)) {
                        target.store(color, at: (y * target.width + x) * 4, blend: blend)
                    }
                }
            }
        }
    }
}
