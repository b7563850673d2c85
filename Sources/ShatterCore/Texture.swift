/// An image a display list draws from, referenced by identity so a backend uploads it once and
/// reuses the upload for every frame that names the same `Texture`.
///
/// ```swift
/// let snapshot = Texture(image: try PNGDecoder.read(path: "screen.png"))
/// ```
public final class Texture: Sendable {
    public let image: Image
    public init(image: Image) { self.image = image }
}

/// The static per-point attributes of a ``PointSpriteBatch``, interleaved for one vertex buffer.
///
/// Built once per effect and referenced by identity, like ``Texture``: a backend uploads it once.
public final class PointGrid: Sendable {
    /// Floats per point: centre x, centre y (NDC at t = 0, y up), uv origin u, v (y up), x speed,
    /// y acceleration.
    public static let stride = 6
    /// `count * stride` floats.
    public let attributes: [Float]
    public var count: Int { attributes.count / Self.stride }

    public init(attributes: [Float]) {
        precondition(attributes.count % Self.stride == 0, "PointGrid: \(attributes.count) floats is not whole points")
        self.attributes = attributes
    }
}
