/// The GLSL ES 3.00 sources of every program, embedded at build time from the files beside this one.
public enum ShaderSource: String, CaseIterable, Sendable {
    case pointSprite = "point_sprite"
    case texturedQuad = "textured_quad"
    case instancedCircle = "instanced_circle"
    case dustLayers = "dust_layers"
    case sdfShape = "sdf_shape"
    case layerQuad = "layer_quad"

    /// File names, for error messages and the twin check.
    public var vertexFile: String {
        switch self {
        // A rectangle of whole pixels: the quad's own, or one covering a shape whose coverage is per pixel.
        case .texturedQuad, .sdfShape, .layerQuad, .dustLayers: "covering_quad.vert"
        default: rawValue + ".vert"
        }
    }
    public var fragmentFile: String { rawValue + ".frag" }

    /// The vertex program's outputs, in the order transform feedback captures them (`shatter probe`
    /// compares them with the twin's bit for bit), and the 32-bit components of each.
    public var vertexOutputs: [(name: String, components: Int)] {
        switch self {
        case .pointSprite: [("gl_Position", 4), ("v_base", 2), ("v_extent", 2)]
        case .instancedCircle: [("gl_Position", 4), ("v_circleCentre", 2), ("v_color", 3)]
        case .texturedQuad, .sdfShape, .layerQuad, .dustLayers: [("gl_Position", 4)]
        }
    }

    public var vertex: String {
        switch self {
        case .pointSprite: String(decoding: PackageResources.point_sprite_vert, as: UTF8.self)
        case .instancedCircle: String(decoding: PackageResources.instanced_circle_vert, as: UTF8.self)
        case .texturedQuad, .sdfShape, .layerQuad, .dustLayers:
            String(decoding: PackageResources.covering_quad_vert, as: UTF8.self)
        }
    }

    public var fragment: String {
        switch self {
        case .pointSprite: String(decoding: PackageResources.point_sprite_frag, as: UTF8.self)
        case .texturedQuad: String(decoding: PackageResources.textured_quad_frag, as: UTF8.self)
        case .instancedCircle: String(decoding: PackageResources.instanced_circle_frag, as: UTF8.self)
        case .dustLayers: String(decoding: PackageResources.dust_layers_frag, as: UTF8.self)
        case .sdfShape: String(decoding: PackageResources.sdf_shape_frag, as: UTF8.self)
        case .layerQuad: String(decoding: PackageResources.layer_quad_frag, as: UTF8.self)
        }
    }
}
