/// An affine map from an output pixel position (pixels, origin top-left, y down) to some local
/// space: `local = (x·row0.x + y·row0.y + row0.z, x·row1.x + y·row1.y + row1.z)`.
///
/// Shape and layer draws decide coverage in the fragment stage by mapping each pixel centre into the
/// shape's or texture's own space; both backends evaluate this with the same float operations.
///
/// ```swift
/// // Pixel → a 30×30 texture drawn at (10, 20): uv = (x − 10)/30, (y − 20)/30.
/// let map = PixelMap(row0: SIMD3(1 / 30, 0, -10 / 30), row1: SIMD3(0, 1 / 30, -20 / 30))
/// ```
public struct PixelMap: Sendable, Equatable {
    public var row0: SIMD3<Float>
    public var row1: SIMD3<Float>

    public init(row0: SIMD3<Float>, row1: SIMD3<Float>) {
        self.row0 = row0
        self.row1 = row1
    }

    /// The identity: local coordinates are pixel coordinates.
    public static let identity = PixelMap(row0: SIMD3(1, 0, 0), row1: SIMD3(0, 1, 0))

    /// `local` at pixel position `p`, in the order the shaders use.
    @inline(__always)
    public func apply(_ p: SIMD2<Float>) -> SIMD2<Float> {
        SIMD2(row0.x * p.x + row0.y * p.y + row0.z, row1.x * p.x + row1.y * p.y + row1.z)
    }
}
