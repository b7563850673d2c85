/// The Thanos-snap dust at one instant: the snapshot's pixels split among layers, each layer moved,
/// rotated about the view's centre and faded, composited source-over in layer order.
///
/// Which pixels belong to which layer is one RGBA8 ``assignment`` texture of the snapshot's size
/// (red = the first layer a pixel went to, green = the second), so memory does not grow with the
/// layer count. The program (`Shaders/dust_layers.*`) decides coverage per pixel: for each layer it
/// maps the pixel centre back into the snapshot and blends the four nearest texels, each counted only
/// when that layer owns it.
///
/// All layers are composited inside one draw, in float, and blended onto the framebuffer once: a GPU
/// blending each layer separately rounds every layer's color to 8 bits first (llvmpipe does), and
/// over a dozen stacked half-faded layers that drifts 2–4 levels away from the CPU's float blend.
/// ``bounds`` is a generous rectangle around everything any layer can touch; pixels inside it that no
/// layer reaches are left exactly as they were.
///
/// ```swift
/// let stack = DustLayerStack(snapshot: snapshot, assignment: split, anchor: SIMD2(187.5, 333.5),
///                            layers: [DustLayerPose(layer: 3, position: SIMD2(190, 330),
///                                                   rotation: SIMD2(0.9988, 0.0500), opacity: 0.7,
///                                                   columns: 0...120)],
///                            bounds: PixelRect(x: 0, y: 0, width: 375, height: 667))
/// ```
public struct DustLayerStack: Sendable {
    /// Most layers one stack may hold (one 8-bit index per layer, and the program's uniform block).
    public static let maximumLayers = 255

    /// The picture that turns to dust (premultiplied).
    public var snapshot: Texture
    /// Same size as the snapshot: r and g are the two layer indices of each pixel.
    public var assignment: Texture
    /// The layers' anchor (the view's centre) in output pixels, at rest.
    public var anchor: SIMD2<Float>
    /// The visible layers, bottom first.
    public var layers: [DustLayerPose]
    /// The rectangle drawn, in output pixels; the program decides coverage inside it.
    public var bounds: PixelRect

    public init(snapshot: Texture, assignment: Texture, anchor: SIMD2<Float>, layers: [DustLayerPose], bounds: PixelRect) {
        precondition(layers.count <= Self.maximumLayers, "DustLayerStack: \(layers.count) layers, at most 255")
        self.snapshot = snapshot
        self.assignment = assignment
        self.anchor = anchor
        self.layers = layers
        self.bounds = bounds
    }

    /// Snapshot texels per output pixel: the snapshot is stretched over the whole output.
    public func texelScale(viewWidth: Int, viewHeight: Int) -> SIMD2<Float> {
        SIMD2(Float(snapshot.image.width) / Float(viewWidth), Float(snapshot.image.height) / Float(viewHeight))
    }
}

/// One dust layer's pose at an instant.
public struct DustLayerPose: Sendable, Equatable {
    /// The layer's index in the assignment texture, 0…254.
    public var layer: Int
    /// Where the anchor is now, in output pixels.
    public var position: SIMD2<Float>
    /// `(cos θ, sin θ)` of the layer's rotation θ (clockwise on screen, as Core Animation's).
    public var rotation: SIMD2<Float>
    public var opacity: Float
    /// The snapshot columns that hold this layer's pixels: pixels whose footprint lies wholly
    /// outside them skip the layer (an optimisation both backends make identically).
    public var columns: ClosedRange<Int>

    public init(layer: Int, position: SIMD2<Float>, rotation: SIMD2<Float>, opacity: Float, columns: ClosedRange<Int>) {
        self.layer = layer
        self.position = position
        self.rotation = rotation
        self.opacity = opacity
        self.columns = columns
    }

    /// This layer as the program's uniform block holds it.
    public var uniform: DustLayerUniform {
        DustLayerUniform(
            position: position, cosine: rotation.x, sine: rotation.y, opacity: opacity, index: Float(layer),
            firstColumn: Float(columns.lowerBound), lastColumn: Float(columns.upperBound))
    }
}

/// One element of the dust program's `DustLayers` uniform block, field for field as GLSL's
/// `DustLayer` struct (`Shaders/dust_layers.frag`). Laid out as std140 lays that struct out: 32 bytes,
/// `position` at 0, then each float 4 bytes on, so an array of these is the block's bytes.
public struct DustLayerUniform: Sendable, Equatable {
    /// Where the anchor is now, in output pixels.
    public var position: SIMD2<Float>
    /// cos θ and sin θ of the layer's rotation.
    public var cosine: Float
    public var sine: Float
    public var opacity: Float
    /// The layer's index in the assignment texture (a float, as the program compares it).
    public var index: Float
    /// The first and last snapshot columns that hold the layer's pixels.
    public var firstColumn: Float
    public var lastColumn: Float

    /// Fields left out are 0 (the block's unused elements are all zero).
    public init(
        position: SIMD2<Float> = .zero, cosine: Float = 0, sine: Float = 0, opacity: Float = 0, index: Float = 0,
        firstColumn: Float = 0, lastColumn: Float = 0
    ) {
        self.position = position
        self.cosine = cosine
        self.sine = sine
        self.opacity = opacity
        self.index = index
        self.firstColumn = firstColumn
        self.lastColumn = lastColumn
    }
}
