/// One anti-aliased shape drawn from its signed distance: a pie wipe of a disk, or a rounded box
/// (a line with butt caps is a box with radius 0, a capsule a box whose radius is half its width),
/// optionally multiplied by a rounded-box mask.
///
/// The backends draw ``bounds`` as a quad and, for every pixel centre inside it, map the centre into
/// the shape's space with ``toLocal``, take the signed distance `d` in pixels (`d_local ·
/// pixelsPerUnit`) and use the pixel's box-filtered overlap with the shape across that edge:
/// `clamp(0.5 − d, 0, 1)` for shapes at least a pixel thick, less for thinner ones (a zero-width box
/// draws nothing, a half-pixel line half a pixel; a pie's gap thinner than a pixel likewise shows
/// only its share). Pixels the shape does not touch are left exactly as they were, so ``bounds``
/// only has to contain the shape with a margin.
///
/// ```swift
/// // A white disk of radius 20 px centred at (50, 50), three quarters wiped in.
/// let pie = SDFShape(kind: .pie(radius: 20, halfAngle: .pi * 0.75),
///                    toLocal: PixelMap(row0: SIMD3(1, 0, -50), row1: SIMD3(0, 1, -50)),
///                    pixelsPerUnit: 1, color: SIMD4(1, 1, 1, 1),
///                    bounds: PixelRect(x: 27, y: 27, width: 46, height: 46))
/// ```
public struct SDFShape: Sendable {
    /// The shape, in its local space.
    public enum Kind: Sendable, Equatable {
        /// A disk sector of `radius` symmetric about the local +y axis, spanning `halfAngle`
        /// (0…π) on each side of it: a full disk at π.
        case pie(radius: Float, halfAngle: Float)
        /// A box centred on the local origin with half extents `halfSize` and corner `radius`
        /// (at most the smaller half extent).
        case roundedBox(halfSize: SIMD2<Float>, radius: Float)
    }

    /// A rounded-box mask in its own local space; the shape's coverage is multiplied by the mask's.
    public struct Mask: Sendable, Equatable {
        public var halfSize: SIMD2<Float>
        public var radius: Float
        public var toLocal: PixelMap
        public var pixelsPerUnit: Float

        public init(halfSize: SIMD2<Float>, radius: Float, toLocal: PixelMap, pixelsPerUnit: Float) {
            self.halfSize = halfSize
            self.radius = radius
            self.toLocal = toLocal
            self.pixelsPerUnit = pixelsPerUnit
        }
    }

    public var kind: Kind
    /// Output pixel → shape space.
    public var toLocal: PixelMap
    /// Pixels per unit of shape space (the transforms here are similarities: one number).
    public var pixelsPerUnit: Float
    /// Premultiplied color at full coverage.
    public var color: SIMD4<Float>
    public var mask: Mask?
    /// The pixel rectangle drawn: must contain everything the shape can touch.
    public var bounds: PixelRect
    public var blend: BlendMode

    public init(
        kind: Kind, toLocal: PixelMap, pixelsPerUnit: Float, color: SIMD4<Float>, mask: Mask? = nil,
        bounds: PixelRect, blend: BlendMode = .sourceOver
    ) {
        self.kind = kind
        self.toLocal = toLocal
        self.pixelsPerUnit = pixelsPerUnit
        self.color = color
        self.mask = mask
        self.bounds = bounds
        self.blend = blend
    }
}

extension SDFShape {
    /// The program's `u_kind`: 0 pie, 1 rounded box.
    public var kindIndex: Int32 {
        if case .pie = kind { return 0 }
        return 1
    }

    /// The program's `u_shape`: pie `(radius, sin a, cos a, 0)`, box `(half w, half h, radius, 0)`.
    /// The sine and cosine are taken here, once, so both backends use the same numbers. The angle is
    /// clamped to 0…π first: `Float(π)` is a little above π, and its negative sine would open a
    /// gap along the axis of a full disk.
    public var parameters: SIMD4<Float> {
        switch kind {
        case .pie(let radius, let halfAngle):
            let a = min(max(Double(halfAngle), 0), .pi)
            return SIMD4(radius, Float(sin(a)), Float(cos(a)), 0)
        case .roundedBox(let halfSize, let radius):
            return SIMD4(halfSize.x, halfSize.y, radius, 0)
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
