import CShatterGL
import ShatterCore
import ShatterPointSprites
import ShatterShaders

extension GLRenderer {
    /// `Shaders/point_sprite.*`: the shattered transition's pieces, one `GL_POINTS` draw. The motion runs
    /// on the CPU (`PointMotionStage`, the CPU renderer's own code, shared through ShatterPointSprites); the centres go up as integers, and the
    /// draw uses a power-of-two viewport, so every GL places and shades the sprites exactly as the CPU
    /// does (docs/parity.md, "Point sprites").
    func draw(_ batch: PointSpriteBatch, guardBand: GuardBand, used: inout Set<ObjectIdentifier>) throws {
        let raster = try PointSpriteRaster(batch)
        // GLES clamps point sizes silently; Shatter refuses instead, so GL and CPU never disagree. The
        // point is the pieces' largest extent, ⌈size⌉ whole pixels.
        guard info.pointSizeRange.contains(Float(raster.coverage)) else {
            throw GLError.pointSizeOutOfRange(requested: Float(raster.coverage), supported: info.pointSizeRange)
        }
        try pointMotion.centres(of: batch, raster: raster, guardBand: guardBand, into: &pointCentres)
        let program = try use(.pointSprite)
        // The shader filters by hand (texelFetch): the texture's own filter is never used.
        try bind(batch.texture, filter: .nearest, used: &used)
        try setUniform(program, "u_snapshot", ints: 0)
        try setUniform(program, "u_linear", ints: batch.filter == .linear ? 1 : 0)
        try setUniform(program, "u_coverage", ints: raster.coverage)
        try setUniform(program, "u_step", ints: raster.step.x, raster.step.y)
        try setUniform(program, "u_inverseViewport8", 1 / Float(8 * guardBand.viewportSide))
        setBlend(batch.blend)
        let grid = pointGrid(for: batch.grid, raster: raster, used: &used)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), grid.centres)
        glBufferData(GLenum(GL_ARRAY_BUFFER), pointCentres.count * 4, pointCentres, GLenum(GL_STREAM_DRAW))
        if let recorder {
            let origins = recorder.gridBlob(batch.grid, raster: raster) {
                Self.texelOrigins(of: batch.grid, raster: raster).withUnsafeBytes { Array($0) }
            }
            recorder.attributes([
                .init(location: 0, size: 2, type: "int", stride: 8, offset: 0, divisor: 0, blob: recorder.blob(of: pointCentres)),
                .init(location: 1, size: 4, type: "int", stride: 16, offset: 0, divisor: 0, blob: origins),
            ])
        }
        glBindVertexArray(grid.vertexArray)
        try drawArrays(.points, count: batch.grid.count)
        glBindVertexArray(0)
    }
}
