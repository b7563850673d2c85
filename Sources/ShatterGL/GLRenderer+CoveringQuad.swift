import CShatterGL
import ShatterCore
import ShatterShaders

extension GLRenderer {
    /// `Shaders/covering_quad.vert` around `bounds` for a program that decides coverage per pixel: the
    /// whole pixels whose centres `bounds` holds, and the fragment stage's pixel-centre uniforms
    /// (`u_viewSize`, `u_guard`).
    func drawCoveringQuad(_ program: GLProgram, bounds: PixelRect, guardBand: GuardBand) throws {
        try setUniform(program, "u_viewSize", Float(guardBand.width), Float(guardBand.height))
        try setUniform(program, "u_guard", Float(guardBand.pixels))
        let covered = TexturedQuadRaster.coveredPixels(of: bounds)
        try drawWholePixels(program, columns: covered.columns, rows: covered.rows, guardBand: guardBand)
    }

    /// `Shaders/covering_quad.vert` on the image pixels `columns` × `rows` with the current program: every
    /// corner a whole pixel, so every GL covers exactly those pixels.
    func drawWholePixels(_ program: GLProgram, columns: Range<Int>, rows: Range<Int>, guardBand: GuardBand) throws {
        guard let bounds = guardBand.quadBounds(columns: columns, rows: rows) else { return }
        try setUniform(program, "u_bounds", bounds.x, bounds.y, bounds.z, bounds.w)
        try setWindowMapping(program, guardBand)
        if let recorder {
            let corners = recorder.blob(of: Self.unitQuadCorners)
            recorder.attributes([.init(location: 0, size: 2, type: "float", stride: 8, offset: 0, divisor: 0, blob: corners)])
        }
        glBindVertexArray(unitQuad)
        try drawArrays(.triangleStrip, count: 4)
        glBindVertexArray(0)
    }

    /// `u_windowOrigin` and `u_inverseHalfViewport`: image pixel → window → NDC under the K × K viewport.
    func setWindowMapping(_ program: GLProgram, _ guardBand: GuardBand) throws {
        try setUniform(program, "u_windowOrigin", guardBand.windowOrigin.x, guardBand.windowOrigin.y)
        try setUniform(program, "u_inverseHalfViewport", guardBand.inverseHalfViewport)
    }

    /// Sets a `vec3` pair from a `PixelMap`.
    func setMap(_ program: GLProgram, _ x: String, _ y: String, _ map: PixelMap) throws {
        try setUniform(program, x, map.row0.x, map.row0.y, map.row0.z)
        try setUniform(program, y, map.row1.x, map.row1.y, map.row1.z)
    }
}
