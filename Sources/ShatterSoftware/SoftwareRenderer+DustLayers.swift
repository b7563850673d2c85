import CLanes
import ShatterCore

extension SoftwareRenderer {
    /// Runs `DustLayersProgram` over the stack's covering quad, blended source-over once. Pixels no
    /// layer reaches get color 0, which source-over leaves exactly as they are, so they are skipped.
    func draw(_ stack: DustLayerStack, into target: Framebuffer) throws {
        let snapshot = stack.snapshot.image
        let assignment = stack.assignment.image
        guard snapshot.width == assignment.width, snapshot.height == assignment.height else {
            throw DustAssignmentSizeMismatch(
                snapshot: (snapshot.width, snapshot.height),
                assignment: (assignment.width, assignment.height))
        }
        let program = DustLayersProgram(stack: stack, viewWidth: target.width, viewHeight: target.height)
        guard program.u_layerCount > 0 else { return }
        stack.snapshot.withTexels { snapshotTexels in
            stack.assignment.withTexels { assignmentTexels in
                program.u_layers.withUnsafeBufferPointer { layers in
                    let textures = DustTextures(
                        snapshot: snapshotTexels, assignment: assignmentTexels,
                        width: snapshot.width, height: snapshot.height)
                    if shortcuts.contains(.exact) {
                        return drawByLayerSpans(program, textures: textures, layers: layers, bounds: stack.bounds, into: target)
                    }
                    let lists = DustTileLists(stack: stack, viewWidth: target.width, viewHeight: target.height)
                    drawCoveringQuad(stack.bounds, into: target, blend: .sourceOver) { pixel in
                        let color = program.fragment(
                            pixel: pixel, textures: textures, layers: layers, list: lists.list(at: pixel),
                            resting: lists.resting)
                        return color == .zero ? nil : color
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
