#if canImport(Glibc)
    import Glibc
#endif

/// Copies of one anti-aliased circle replicated about a centre, drawn in one instanced draw: Core
/// Animation's `CAReplicatorLayer` with a rotating `instanceTransform` and per-instance color offsets
/// (the breathing flower's petals, and its ghost petals).
///
/// Instance `k` (drawn in order k = 0, 1, …) is the circle whose centre is ``circleCentre`` rotated by
/// `rotation + k·angleStep` about ``centre``, in color `clamp(instanceColor + k·colorOffset, 0, 1)`,
/// multiplied by ``opacity``. Angles are in radians, clockwise on screen (pixels count down), as in
/// Core Animation. Edges are anti-aliased from the distance to the circle: coverage
/// `clamp(0.5 − d, 0, 1)`, d in pixels.
///
/// ```swift
/// let petals = InstancedCircleBatch(count: 6, centre: SIMD2(184, 224), circleCentre: SIMD2(-80, 0), radius: 80,
///                                   angleStep: -.pi / 3, instanceColor: SIMD3(0.17, 0.59, 0.60),
///                                   colorOffset: SIMD3(0.0233, 0.0433, 0.0033), blend: .screen)
/// ```
public struct InstancedCircleBatch: Sendable, Equatable {
    /// Number of instances.
    public var count: Int
    /// The point the instances rotate about, in pixels from the image's top-left corner.
    public var centre: SIMD2<Float>
    /// Instance 0's circle centre relative to ``centre`` before any rotation, in pixels.
    public var circleCentre: SIMD2<Float>
    /// Circle radius in pixels.
    public var radius: Float
    /// Rotation of every instance, radians, clockwise on screen.
    public var rotation: Float
    /// Rotation added per instance, radians.
    public var angleStep: Float
    /// Instance 0's color, straight RGB in [0, 1].
    public var instanceColor: SIMD3<Float>
    /// Added to the color per instance.
    public var colorOffset: SIMD3<Float>
    /// Multiplies every instance (the layer's opacity).
    public var opacity: Float
    public var blend: BlendMode

    public init(
        count: Int, centre: SIMD2<Float>, circleCentre: SIMD2<Float>, radius: Float, rotation: Float = 0,
        angleStep: Float, instanceColor: SIMD3<Float>, colorOffset: SIMD3<Float> = .zero, opacity: Float = 1,
        blend: BlendMode = .sourceOver
    ) {
        self.count = count
        self.centre = centre
        self.circleCentre = circleCentre
        self.radius = radius
        self.rotation = rotation
        self.angleStep = angleStep
        self.instanceColor = instanceColor
        self.colorOffset = colorOffset
        self.opacity = opacity
        self.blend = blend
    }

    /// Pixels between a circle's edge and its instance's bounding square: beyond the anti-aliased
    /// rim (half a pixel), so whether the rasteriser draws the square's edge pixels never matters.
    public static let margin: Float = 2
}

extension InstancedCircleBatch {
    /// One instance as both backends draw it: its circle's centre (pixels, y down) and its color.
    public struct Instance: Sendable, Equatable {
        public var centre: SIMD2<Float>
        public var color: SIMD3<Float>
    }

    /// Every instance's centre and color, computed once here on the CPU for both backends: GLSL ES
    /// leaves the precision of `cos` and `sin` to the implementation, so a vertex program turning the
    /// circle itself could place it differently on every GL. Evaluated in `Double` and rounded to
    /// `Float` once; the GL draw takes the values as per-instance attributes, the CPU twin as they are.
    public func instances() -> [Instance] {
        (0..<max(count, 0)).map { k in
            let angle = Double(rotation) + Double(k) * Double(angleStep)
            let (c, s) = (cos(angle), sin(angle))
            let x = Double(circleCentre.x)
            let y = Double(circleCentre.y)
            let centre = SIMD2(Double(self.centre.x) + (c * x - s * y), Double(self.centre.y) + (s * x + c * y))
            let color = SIMD3<Double>(instanceColor) + Double(k) * SIMD3<Double>(colorOffset)
            return Instance(
                centre: SIMD2<Float>(centre),
                color: SIMD3<Float>(color.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1))))
        }
    }
}
