import ShatterCore

extension SoftwareRenderer {
    /// Runs `DustLayerProgram` over the pixels of the layer's bounding rectangle, in bands of rows,
    /// source-over. Pixels the layer misses get colour 0, which leaves them as they are; they are
    /// skipped outright.
    func draw(_ layer: DustLayer, into target: Framebuffer) throws {
        let snapshot = layer.snapshot.image, assignment = layer.assignment.image
        guard snapshot.width == assignment.width, snapshot.height == assignment.height else {
            throw DustLayerSizeMismatch(snapshot: (snapshot.width, snapshot.height),
                                        assignment: (assignment.width, assignment.height))
        }
        let program = DustLayerProgram(layer: layer, viewWidth: target.width, viewHeight: target.height)
        let b = layer.bounds
        let columns = TexturedQuadProgram.coveredPixels(start: b.x, length: b.width, limit: target.width)
        let rows = TexturedQuadProgram.coveredPixels(start: b.y, length: b.height, limit: target.height)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        snapshot.pixels.withUnsafeBufferPointer { snapshotTexels in
            assignment.pixels.withUnsafeBufferPointer { assignmentTexels in
                let textures = DustTextures(snapshot: snapshotTexels, assignment: assignmentTexels,
                                            width: snapshot.width, height: snapshot.height)
                let bandCount = bands(for: rows.count)
                parallelChunks(bandCount) { band in
                    for local in chunkRange(band, of: bandCount, total: rows.count) {
                        let y = rows.lowerBound + local
                        for x in columns {
                            let color = program.fragment(x: x, y: y, textures: textures)
                            if color == .zero { continue }
                            target.store(color, at: (y * target.width + x) * 4, blend: .sourceOver)
                        }
                    }
                }
            }
        }
    }
}

/// A dust layer whose assignment texture is not the snapshot's size (a programming error in the
/// caller; the GL program would read the wrong texels).
public struct DustLayerSizeMismatch: Error, CustomStringConvertible {
    public let snapshot: (Int, Int), assignment: (Int, Int)
    public var description: String {
        "dust layer: the assignment texture is \(assignment.0)x\(assignment.1) but the snapshot is \(snapshot.0)x\(snapshot.1)"
    }
}
