/// One layer of the Thanos-snap dust: the snapshot's pixels assigned to layer ``layer``, moved,
/// rotated about the view's centre and faded, composited source-over.
///
/// Which pixels belong to which layer is one RGBA8 ``assignment`` texture of the snapshot's size
/// (red = the first layer a pixel went to, green = the second), so memory does not grow with the
/// layer count. Coverage is decided per pixel by the program (`Shaders/dust_layer.*`): the pixel
/// centre is mapped back into the snapshot and the four nearest texels are blended, each counted
/// only when it belongs to this layer. ``bounds`` is a generous rectangle around everything the
/// layer can touch; pixels inside it that the layer misses are left exactly as they were.
///
/// ```swift
/// let draw = DustLayer(snapshot: snapshot, assignment: split, layer: 3,
///                      anchor: SIMD2(187.5, 333.5), position: SIMD2(190, 330), rotation: SIMD2(0.9988, 0.0500),
///                      opacity: 0.7, bounds: PixelRect(x: 0, y: 0, width: 375, height: 667))
/// ```
public struct DustLayer: Sendable {
    /// The picture that turns to dust (premultiplied).
    public var snapshot: Texture
    /// Same size as the snapshot: r and g are the two layer indices of each pixel.
    public var assignment: Texture
    /// This layer's index, 0…254.
    public var layer: Int
    /// The layer's anchor (the view's centre) in output pixels, at rest.
    public var anchor: SIMD2<Float>
    /// Where the anchor is now, in output pixels.
    public var position: SIMD2<Float>
    /// `(cos θ, sin θ)` of the layer's rotation θ (clockwise on screen, as Core Animation's).
    public var rotation: SIMD2<Float>
    public var opacity: Float
    /// The rectangle drawn, in output pixels; the program decides coverage inside it.
    public var bounds: PixelRect

    public init(snapshot: Texture, assignment: Texture, layer: Int, anchor: SIMD2<Float>, position: SIMD2<Float>,
                rotation: SIMD2<Float>, opacity: Float, bounds: PixelRect) {
        self.snapshot = snapshot
        self.assignment = assignment
        self.layer = layer
        self.anchor = anchor
        self.position = position
        self.rotation = rotation
        self.opacity = opacity
        self.bounds = bounds
    }

    /// Snapshot texels per output pixel: the snapshot is stretched over the whole output.
    public func texelScale(viewWidth: Int, viewHeight: Int) -> SIMD2<Float> {
        SIMD2(Float(snapshot.image.width) / Float(viewWidth), Float(snapshot.image.height) / Float(viewHeight))
    }
}
