/// A frame, evaluated: what to draw, in order, with no notion of time left in it.
///
/// Effects turn `(parameters, seed, t)` into a display list; a ``Renderer`` turns a display list into
/// pixels. Every command is shaped like one GPU draw so the GL backend maps it 1:1 onto a program, and
/// the CPU backend runs that program's Swift twin.
///
/// ```swift
/// let list = DisplayList(width: 375, height: 667, clearColor: .opaqueBlack,
///                        commands: [.texturedQuad(TexturedQuad(texture: background, rect: .init(x: 0, y: 0, width: 375, height: 667)))])
/// ```
public struct DisplayList: Sendable {
    /// Output size in pixels.
    public var width: Int
    public var height: Int
    /// Premultiplied color every pixel starts with.
    public var clearColor: RGBA8
    public var commands: [DrawCommand]

    public init(width: Int, height: Int, clearColor: RGBA8 = .transparent, commands: [DrawCommand] = []) {
        self.width = width
        self.height = height
        self.clearColor = clearColor
        self.commands = commands
    }

    /// The largest point-sprite size, in pixels, any command asks for (0 when there are none).
    /// Backends size their guard band from it.
    public var largestPointSize: Float {
        commands.reduce(0) { largest, command in
            if case .pointSprites(let batch) = command { return max(largest, batch.tiling.pixels) }
            return largest
        }
    }
}

/// One draw. New effects add cases here (instanced shapes, SDF shapes) together with a GLSL program
/// and its Swift twin.
public enum DrawCommand: Sendable {
    case texturedQuad(TexturedQuad)
    case pointSprites(PointSpriteBatch)
    case instancedCircles(InstancedCircleBatch)
    case dustLayers(DustLayerStack)
    case shape(SDFShape)
    case layerQuad(LayerQuad)
}

/// How a draw's premultiplied color `s` combines with the framebuffer's `d`.
public enum BlendMode: String, Sendable, CaseIterable {
    /// `out = s`: the draw overwrites (the shattered pieces do this).
    case replace
    /// `out = s + d·(1 − s.a)`.
    case sourceOver
    /// `out = s + d − s·d`, per channel (Core Animation's screen filter on premultiplied color).
    case screen
}

/// How a texture is sampled between texel centres. Addressing is always clamp-to-edge.
public enum TextureFilter: String, Sendable, Codable, CaseIterable {
    case linear
    case nearest
}

/// An axis-aligned rectangle in pixels, origin at the top-left of the output.
public struct PixelRect: Sendable, Equatable {
    public var x: Float, y: Float, width: Float, height: Float
    public init(x: Float, y: Float, width: Float, height: Float) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// A texture stretched over a rectangle, multiplied by an opacity.
public struct TexturedQuad: Sendable {
    public var texture: Texture
    public var rect: PixelRect
    public var opacity: Float
    public var blend: BlendMode
    public var filter: TextureFilter

    public init(
        texture: Texture, rect: PixelRect, opacity: Float = 1, blend: BlendMode = .replace,
        filter: TextureFilter = .linear
    ) {
        self.texture = texture
        self.rect = rect
        self.opacity = opacity
        self.blend = blend
        self.filter = filter
    }
}

/// A batch of textured point sprites that move ballistically: the shattered transition's pieces.
///
/// The per-point data (``PointGrid``) is built once per effect and uploaded once; a frame only
/// changes ``time`` (or the step count of a ``PointMotion/stepped(steps:stepSeconds:)`` motion).
/// The vertex program evaluates every position from it, so any frame renders alone.
public struct PointSpriteBatch: Sendable {
    public var grid: PointGrid
    public var texture: Texture
    /// Seconds since the pieces started to move.
    public var time: Float
    /// The pieces' size (in eighths of a pixel, so exactly what the point-sprite program places) and
    /// which pixels each owns: the effect's one form of its point size, read by both renderers as is.
    public var tiling: PieceTiling
    /// The snapshot span of one sprite, `(p/W, p/H)` in normalised texture units.
    public var texcoordScale: SIMD2<Float>
    public var physics: PointPhysics
    /// Closed form at ``time``, or the original's steps.
    public var motion: PointMotion
    public var filter: TextureFilter
    public var blend: BlendMode

    public init(
        grid: PointGrid, texture: Texture, time: Float, tiling: PieceTiling, texcoordScale: SIMD2<Float>,
        physics: PointPhysics = PointPhysics(), motion: PointMotion = .closedForm, filter: TextureFilter = .linear,
        blend: BlendMode = .replace
    ) {
        self.grid = grid
        self.texture = texture
        self.time = time
        self.tiling = tiling
        self.texcoordScale = texcoordScale
        self.physics = physics
        self.motion = motion
        self.filter = filter
        self.blend = blend
    }
}

/// The constants of the pieces' motion, in NDC units (the original's): fall speed limit, wall bounce.
public struct PointPhysics: Sendable, Equatable {
    /// The fall speed never exceeds this (negative: down). Original: −6 NDC/s.
    public var maxFallSpeed: Float = -6
    /// Fraction of horizontal speed kept, reversed, at a wall (|x| = 1). Original: 0.6.
    public var restitution: Float = 0.6
    /// Horizontal speeds below this after a bounce become 0. Original: 0.01.
    public var stopSpeed: Float = 0.01

    public init(maxFallSpeed: Float = -6, restitution: Float = 0.6, stopSpeed: Float = 0.01) {
        self.maxFallSpeed = maxFallSpeed
        self.restitution = restitution
        self.stopSpeed = stopSpeed
    }
}
