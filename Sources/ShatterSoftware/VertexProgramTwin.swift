import ShatterCore
import ShatterPointSprites
import ShatterShaders

/// Swift twin of the vertex programs' outputs (`Shaders/point_sprite.vert`, `Shaders/covering_quad.vert`,
/// `Shaders/instanced_circle.vert`): for each draw of a display list, what the GL renderer's program writes
/// per vertex, from the uniforms and attributes it is given, in the programs' order of operations.
/// Every one of those operations is exact or one correctly rounded step (docs/parity.md, "Clip
/// coordinates"), so a conformant GL's transform feedback gives these bits; `shatter probe` checks it.
public struct VertexProgramTwin: Sendable {
    private let motion: PointMotionStage
    /// Every `a·b + c` rounded once, as a GLSL compiler may contract it (the tests' other twin: the bits
    /// must not change).
    let fused: Bool

    public init(threads: Int? = nil) {
        self.init(threads: threads, fusingMultiplyAdds: false)
    }

    init(threads: Int?, fusingMultiplyAdds: Bool) {
        motion = PointMotionStage(threads: threads)
        fused = fusingMultiplyAdds
    }

    /// `a·b + c`, per component, rounded twice (as written) or once (contracted).
    @inline(__always)
    func mad(_ a: SIMD2<Float>, _ b: SIMD2<Float>, _ c: SIMD2<Float>) -> SIMD2<Float> {
        fused ? SIMD2(c.x.addingProduct(a.x, b.x), c.y.addingProduct(a.y, b.y)) : a * b + c
    }

    /// The outputs of every draw of `list` that reaches a vertex program, in draw order.
    public func outputs(of list: DisplayList) throws -> [VertexOutputs] {
        guard list.width > 0, list.height > 0 else { return [] }
        let guardBand = GuardBand(width: list.width, height: list.height, largestPointSize: list.largestPointSize)
        var draws: [VertexOutputs] = []
        func quad(_ source: ShaderSource, columns: Range<Int>, rows: Range<Int>) {
            guard let bounds = guardBand.quadBounds(columns: columns, rows: rows) else { return }
            draws.append(
                VertexOutputs(
                    program: source.vertexFile, outputs: source.vertexOutputs,
                    vertices: Self.corners.map { corner in
                        coveringQuad(corner: corner, u_bounds: bounds, guardBand: guardBand).map(\.captured)
                    }))
        }
        func covering(_ source: ShaderSource, _ bounds: PixelRect) {
            let covered = TexturedQuadRaster.coveredPixels(of: bounds)
            quad(source, columns: covered.columns, rows: covered.rows)
        }
        for command in list.commands {
            switch command {
            case .texturedQuad(let texturedQuad):
                let image = texturedQuad.texture.image
                let raster = TexturedQuadRaster(rect: texturedQuad.rect, textureWidth: image.width, textureHeight: image.height)
                guard !raster.columns.isEmpty, !raster.rows.isEmpty else { continue }
                quad(.texturedQuad, columns: raster.columns, rows: raster.rows)
            case .pointSprites(let batch):
                draws.append(try pointSprites(batch, guardBand: guardBand))
            case .instancedCircles(let batch):
                guard batch.count > 0 else { continue }
                draws.append(instancedCircles(batch, guardBand: guardBand))
            case .dustLayers(let stack): covering(.dustLayers, stack.bounds)
            case .shape(let shape): covering(.sdfShape, shape.bounds)
            case .layerQuad(let layer): covering(.layerQuad, layer.bounds)
            }
        }
        return draws
    }

    /// The unit quad's corners, in the order the GL renderer's strip draws them.
    static let corners: [SIMD2<Float>] = [SIMD2(0, 0), SIMD2(1, 0), SIMD2(0, 1), SIMD2(1, 1)]

    /// `covering_quad.vert`'s `gl_Position`.
    func coveringQuad(corner a_corner: SIMD2<Float>, u_bounds: SIMD4<Float>, guardBand: GuardBand) -> [Float] {
        let pixel = mad(a_corner, SIMD2(u_bounds.z, u_bounds.w), SIMD2(u_bounds.x, u_bounds.y))
        return clipPosition(pixel: pixel, guardBand: guardBand)
    }

    /// Image pixel → window → NDC, as both quad-shaped programs write it: `gl_Position`'s four components.
    func clipPosition(pixel: SIMD2<Float>, guardBand: GuardBand) -> [Float] {
        let u_windowOrigin = guardBand.windowOrigin
        let window = SIMD2(u_windowOrigin.x + pixel.x, u_windowOrigin.y - pixel.y)
        let ndc = mad(window, SIMD2(repeating: guardBand.inverseHalfViewport), SIMD2(repeating: -1))
        return [ndc.x, ndc.y, 0, 1]
    }

    /// `instanced_circle.vert`: `gl_Position`, `v_circleCentre`, `v_color` for every corner of every instance.
    func instancedCircles(_ batch: InstancedCircleBatch, guardBand: GuardBand) -> VertexOutputs {
        let halfSide = batch.radius + InstancedCircleBatch.margin
        var vertices: [[UInt32]] = []
        for instance in batch.instances() {
            for a_corner in Self.corners {
                let pixel = mad(
                    mad(a_corner, SIMD2(repeating: 2), SIMD2(repeating: -1)), SIMD2(repeating: halfSide), instance.centre)
                let words =
                    clipPosition(pixel: pixel, guardBand: guardBand)
                    + [instance.centre.x, instance.centre.y, instance.color.x, instance.color.y, instance.color.z]
                vertices.append(words.map(\.captured))
            }
        }
        let source = ShaderSource.instancedCircle
        return VertexOutputs(program: source.vertexFile, outputs: source.vertexOutputs, vertices: vertices)
    }

    /// `point_sprite.vert`: `gl_Position`, `v_base` and `v_extent` per point, from the centres the motion
    /// stage gives (the GL renderer's input) and the raster's integer placement.
    func pointSprites(_ batch: PointSpriteBatch, guardBand: GuardBand) throws -> VertexOutputs {
        let raster = try PointSpriteRaster(batch)
        var centres: [Int32] = []
        try motion.centres(of: batch, raster: raster, guardBand: guardBand, into: &centres)
        let u_inverseViewport8 = 1 / Float(8 * guardBand.viewportSide)
        let a = batch.grid.attributes
        var vertices: [[UInt32]] = []
        vertices.reserveCapacity(batch.grid.count)
        for point in 0..<batch.grid.count {
            let q = SIMD2(centres[2 * point], centres[2 * point + 1])
            guard q.x >= 0 else {
                // Dropped: sent outside the clip volume.
                vertices.append([Float(2).captured, Float(2).captured, Float(0).captured, Float(1).captured, 0, 0, 0, 0])
                continue
            }
            let extent = raster.extents(ofPoint: point)
            let uv = SIMD2(a[point * PointGrid.stride + 2], a[point * PointGrid.stride + 3])
            let origin = raster.origin(uvOrigin: uv, extent: extent)
            let centre16 = SIMD2(
                Float(raster.glCentreX(q.x, extent: extent.x)), Float(raster.glCentreY(q.y, extent: extent.y)))
            let ndc = mad(centre16, SIMD2(repeating: u_inverseViewport8), SIMD2(repeating: -1))
            vertices.append(
                [
                    ndc.x.captured, ndc.y.captured, Float(0).captured, Float(1).captured,
                    raster.baseX(origin: origin.x, q: q.x, extent: extent.x).captured,
                    raster.baseY(origin: origin.y, q: q.y, extent: extent.y).captured,
                    extent.x.captured, extent.y.captured,
                ])
        }
        let source = ShaderSource.pointSprite
        return VertexOutputs(program: source.vertexFile, outputs: source.vertexOutputs, vertices: vertices)
    }
}

extension SoftwareRenderer: VertexCapturing {
    /// What the GL renderer's vertex programs write for `list`, computed by their Swift twin.
    public func vertexOutputs(of list: DisplayList) throws -> [VertexOutputs] {
        try VertexProgramTwin(threads: threads).outputs(of: list)
    }
}
