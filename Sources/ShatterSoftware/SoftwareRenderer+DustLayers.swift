import ShatterCore

extension SoftwareRenderer {
    /// Runs `DustLayersProgram` over the pixels of the stack's bounding rectangle, in bands of rows,
    /// and blends the result source-over once. Pixels no layer reaches get color 0, which leaves
    /// them as they are; they are skipped outright.
    func draw(_ stack: DustLayerStack, into target: Framebuffer) throws {
        let snapshot = stack.snapshot.image, assignment = stack.assignment.image
        guard snapshot.width == assignment.width, snapshot.height == assignment.height else {
            throw DustAssignmentSizeMismatch(snapshot: (snapshot.width, snapshot.height),
                                             assignment: (assignment.width, assignment.height))
        }
        let program = DustLayersProgram(stack: stack, viewWidth: target.width, viewHeight: target.height)
        let b = stack.bounds
        let columns = TexturedQuadProgram.coveredPixels(start: b.x, length: b.width, limit: target.width)
        let rows = TexturedQuadProgram.coveredPixels(start: b.y, length: b.height, limit: target.height)
        guard !columns.isEmpty, !rows.isEmpty, program.u_layerCount > 0 else { return }
        snapshot.pixels.withUnsafeBufferPointer { snapshotTexels in
            assignment.pixels.withUnsafeBufferPointer { assignmentTexels in
                program.u_layers.withUnsafeBufferPointer { layers in
                    let textures = DustTextures(snapshot: snapshotTexels, assignment: assignmentTexels,
                                                width: snapshot.width, height: snapshot.height)
                    let bandCount = bands(for: rows.count)
                    parallelChunks(bandCount) { band in
                        for local in chunkRange(band, of: bandCount, total: rows.count) {
                            let y = rows.lowerBound + local
                            for x in columns {
                                let color = program.fragment(x: x, y: y, textures: textures, layers: layers)
                                if color == .zero { continue }
                                target.store(color, at: (y * target.width + x) * 4, blend: .sourceOver)
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A dust stack whose assignment texture is not the snapshot's size (a caller's mistake: the GL
/// program would read the wrong texels).
public struct DustAssignmentSizeMismatch: Error, CustomStringConvertible {
    public let snapshot: (Int, Int), assignment: (Int, Int)
    public var description: String {
        "dust layers: the assignment texture is \(assignment.0)x\(assignment.1) but the snapshot is \(snapshot.0)x\(snapshot.1)"
    }
}
