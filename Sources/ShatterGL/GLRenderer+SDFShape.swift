import CShatterGL
import ShatterCore
import ShatterShaders

extension GLRenderer {
    /// `Shaders/sdf_shape.frag`: one anti-aliased pie or rounded box, optionally masked.
    func draw(_ shape: SDFShape, guardBand: GuardBand) throws {
        let program = try use(.sdfShape)
        let parameters = shape.parameters
        try setUniform(program, "u_kind", ints: shape.kindIndex)
        try setUniform(program, "u_shape", parameters.x, parameters.y, parameters.z, parameters.w)
        try setMap(program, "u_toLocalX", "u_toLocalY", shape.toLocal)
        try setUniform(program, "u_pixelsPerUnit", shape.pixelsPerUnit)
        try setUniform(program, "u_color", shape.color.x, shape.color.y, shape.color.z, shape.color.w)
        if let mask = shape.mask {
            try setMap(program, "u_maskToLocalX", "u_maskToLocalY", mask.toLocal)
            try setUniform(program, "u_mask", mask.halfSize.x, mask.halfSize.y, mask.radius, mask.pixelsPerUnit)
        } else {
            try setUniform(program, "u_mask", 0, 0, 0, 0)
        }
        setBlend(shape.blend)
        try drawCoveringQuad(program, bounds: shape.bounds, guardBand: guardBand)
    }
}
