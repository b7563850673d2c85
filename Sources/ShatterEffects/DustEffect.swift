import ShatterAnimation
import ShatterCore

/// The Thanos-snap dust (potato04/ThanosSnap): a snapshot split pixel by pixel into N layers, each
/// drifting away, turning and fading in turn, left side first.
///
/// Geometry is in points; output pixels are points × `scale`. The layer split and every layer's
/// random motion are built once here; ``displayList(at:)`` evaluates the Core Animation timelines at
/// one instant into one `DustLayer` draw per visible layer, in layer order.
///
/// ```swift
/// let dust = try DustEffect(snapshot: Texture(image: screen), parameters: .init(width: 375, height: 667))
/// let list = dust.displayList(at: 1.0)
/// dust.duration   // 2.3078125 for 32 layers
/// ```
public struct DustEffect: Sendable {
    public struct Parameters: Sendable, Equatable, Codable, ScreenSized {
        /// Picture size in points.
        public var width: Int
        public var height: Int
        /// Output pixels per point.
        public var scale: Double
        /// Number of layers, 1…255 (the original: 32).
        public var layers: Int
        /// Radii of the random translation, in points: the repo's 30×15 (the article's is 60×30).
        public var spread: Size
        public var path: DustPath
        public var seed: UInt64
        /// Play backwards, so the dust gathers back into the picture (a restore the original never had).
        public var reverse: Bool

        public init(
            width: Int = 375, height: Int = 667, scale: Double = 1, layers: Int = 32,
            spread: Size = Size(width: 30, height: 15), path: DustPath = .bezier, seed: UInt64 = 0,
            reverse: Bool = false
        ) {
            self.width = width
            self.height = height
            self.scale = scale
            self.layers = layers
            self.spread = spread
            self.path = path
            self.seed = seed
            self.reverse = reverse
        }

        /// Seconds until the last layer has faded: `1.35·(N − 1)/N + 1` (2.3078 s for 32 layers).
        public var duration: Double {
            DustLayerMotion.stagger * Double(layers - 1) / Double(layers) + DustLayerMotion.duration
        }
    }

    public let parameters: Parameters
    public let snapshot: Texture
    public let split: DustLayerSplit
    /// One per layer, in drawing order (layer 0 at the bottom).
    public let motions: [DustLayerMotion]

    /// Splits `snapshot` (any size; it is stretched over the output) into layers.
    public init(snapshot: Texture, parameters: Parameters) throws(ParameterError) {
        let p = parameters
        try p.checkScreen(of: Self.name)
        try ParameterError.check(p.layers, in: 1...DustLayerSplit.maximumLayers, "layers", of: Self.name)
        let drift = 0...Double(ParameterError.maxPixelSide)
        try ParameterError.check(p.spread.width, in: drift, "spread.width", of: Self.name)
        try ParameterError.check(p.spread.height, in: drift, "spread.height", of: Self.name)
        self.parameters = parameters
        self.snapshot = snapshot
        split = try DustLayerSplit(width: snapshot.image.width, height: snapshot.image.height, layers: p.layers, seed: p.seed)
        // The anchor is the centre of the output in pixels, so a layer at rest maps pixels onto themselves.
        let anchor = Point(x: Double(p.pixelWidth) / 2, y: Double(p.pixelHeight) / 2)
        let spread = Size(width: p.spread.width * p.scale, height: p.spread.height * p.scale)
        motions = (0..<p.layers).map {
            DustLayerMotion(index: $0, of: p.layers, anchor: anchor, spread: spread, path: p.path, seed: p.seed)
        }
    }

    /// Seconds until the last layer has faded: `1.35·(N − 1)/N + 1` (2.3078 s for 32 layers).
    public var duration: Double { parameters.duration }

    public func displayList(at time: Double) -> DisplayList {
        let width = parameters.pixelWidth
        let height = parameters.pixelHeight
        let anchor = SIMD2(Float(Double(width) / 2), Float(Double(height) / 2))
        var poses: [DustLayerPose] = []
        var union: (low: SIMD2<Float>, high: SIMD2<Float>)?
        for motion in motions {
            let state = motion.state(at: time)
            // Below half an 8-bit step of opacity a layer cannot change any stored byte (its color
            // and its dimming of what is below both round away); leaving it out saves work.
            guard state.opacity * 255 >= 0.5, let columns = split.columnExtents[motion.index] else { continue }
            let pose = DustLayerPose(
                layer: motion.index, position: SIMD2(Float(state.position.x), Float(state.position.y)),
                rotation: SIMD2(Float(cos(state.rotation)), Float(sin(state.rotation))), opacity: Float(state.opacity),
                columns: columns)
            let box = Self.reach(of: pose, anchor: anchor, snapshot: snapshot.image, width: width, height: height)
            union = union.map { (pointwiseMin($0.low, box.low), pointwiseMax($0.high, box.high)) } ?? box
            poses.append(pose)
        }
        guard let union, let bounds = Self.pixelRect(union, width: width, height: height) else {
            return DisplayList(width: width, height: height, clearColor: .transparent)
        }
        let stack = DustLayerStack(
            snapshot: snapshot, assignment: split.assignment, anchor: anchor, layers: poses,
            bounds: bounds)
        return DisplayList(width: width, height: height, clearColor: .transparent, commands: [.dustLayers(stack)])
    }

    /// The area a layer can touch, in output pixels: its columns (one texel more on each side for
    /// the bilinear filter's reach) and all rows, moved and rotated.
    static func reach(
        of pose: DustLayerPose, anchor: SIMD2<Float>, snapshot: Image, width: Int,
        height: Int
    ) -> (low: SIMD2<Float>, high: SIMD2<Float>) {
        let scaleX = Float(snapshot.width) / Float(width)
        let scaleY = Float(snapshot.height) / Float(height)
        let left = Float(pose.columns.lowerBound - 1) / scaleX
        let right = Float(pose.columns.upperBound + 2) / scaleX
        let top = -1 / scaleY
        let bottom = Float(snapshot.height + 1) / scaleY
        var low = SIMD2<Float>(repeating: .infinity)
        var high = SIMD2<Float>(repeating: -.infinity)
        for corner in [SIMD2(left, top), SIMD2(right, top), SIMD2(left, bottom), SIMD2(right, bottom)] {
            let d = corner - anchor
            let r = pose.rotation
            let moved = SIMD2(d.x * r.x - d.y * r.y, d.y * r.x + d.x * r.y) + pose.position
            low = pointwiseMin(low, moved)
            high = pointwiseMax(high, moved)
        }
        return (low, high)
    }

    /// The area grown by a 2-pixel margin (so no rasteriser edge rule decides a visible pixel),
    /// clipped to the output and snapped outwards to whole pixels; nil when nothing is left.
    static func pixelRect(_ area: (low: SIMD2<Float>, high: SIMD2<Float>), width: Int, height: Int) -> PixelRect? {
        let x0 = max(0, (area.low.x - 2).rounded(.down))
        let y0 = max(0, (area.low.y - 2).rounded(.down))
        let x1 = min(Float(width), (area.high.x + 2).rounded(.up))
        let y1 = min(Float(height), (area.high.y + 2).rounded(.up))
        guard x0 < x1, y0 < y1 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
