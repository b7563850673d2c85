import ShatterAnimation
import ShatterCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a dust layer's centre travels to its end point.
public enum DustPath: String, Sendable, Codable, CaseIterable {
    /// potato04's: a quadratic Bézier from the centre to the rotated end point `R(a1)·(tx, ty)`, with
    /// the unrotated `(tx, ty)` as control point, walked at constant speed (paced).
    case bezier
    /// Google's CSS transition `rotate(a1) translate(tx, ty) rotate(a2)` interpolated argument by
    /// argument: the centre is at `p·R(a1·p)·(tx, ty)` at progress p. Same end point.
    case css
}

/// One dust layer's random motion and its Core Animation timeline (potato04's `image didSet`):
/// a 1 s linear group starting at `1.35·i/N` s that moves the layer along ``path``, rotates it to
/// `radian1 + radian2` and fades it to 0, holding the end state. All lengths are output pixels.
///
/// ```swift
/// let motion = DustLayerMotion(index: 3, of: 32, anchor: Point(x: 187.5, y: 333.5),
///                              spread: Size(width: 30, height: 15), path: .bezier, seed: 0)
/// motion.state(at: 0.6).opacity
/// ```
public struct DustLayerMotion: Sendable {
    /// The pose of a layer at one instant.
    public struct State: Sendable, Equatable {
        /// Where the layer's centre is, in output pixels.
        public var position: Point
        /// Clockwise rotation about the centre, radians.
        public var rotation: Double
        public var opacity: Double
    }

    public let index: Int
    /// When the layer starts to move: `1.35·i/N` s.
    public let beginTime: Double
    /// `(π/12)·(U − 0.5)`: the first rotation (of the end point, and half of the layer's turn).
    public let radian1: Double
    /// `(π/12)·(U − 0.5)`: the rest of the layer's turn.
    public let radian2: Double
    /// `(spread.w·cos r, spread.h·sin r)` with `r = 2π·(U − 0.5)`: the Bézier's control offset.
    public let translation: Point
    /// `R(radian1)·translation`: where the centre ends, relative to the anchor.
    public let endOffset: Point
    public let anchor: Point
    public let path: DustPath
    /// The layer, with its model values and the animation group attached.
    public let layer: Layer
    private let groupTiming: MediaTiming

    /// Seconds each layer moves.
    public static let duration = 1.0
    /// Seconds between the first layer's start and the (N)th's would-be start.
    public static let stagger = 1.35

    /// Seconds until layer `index` of `count` starts to move: `1.35·index/count`.
    public static func beginTime(index: Int, of count: Int) -> Double { stagger * Double(index) / Double(count) }

    public init(index: Int, of count: Int, anchor: Point, spread: Size, path: DustPath, seed: UInt64) {
        let rng = CounterRNG(seed: seed, stream: .dust)
        // Pixels use draws 0 and 1 of the same stream (DustLayerSplit); layers use 2, 3 and 4.
        func random(_ draw: UInt64) -> Double { rng.uniform(index: UInt64(index), draw: draw) - 0.5 }
        self.index = index
        self.anchor = anchor
        self.path = path
        beginTime = Self.beginTime(index: index, of: count)
        radian1 = Double.pi / 12 * random(2)
        radian2 = Double.pi / 12 * random(3)
        let direction = 2 * Double.pi * random(4)
        translation = Point(x: spread.width * cos(direction), y: spread.height * sin(direction))
        endOffset = Self.rotate(translation, by: radian1)

        groupTiming = MediaTiming(
            beginTime: beginTime, duration: Self.duration, fillMode: .forwards,
            isRemovedOnCompletion: false)
        var model = LayerState()
        model.position = anchor
        var layer = Layer(model: model)
        var animations: [LayerAnimation] = [
            .property(\.transform.rotation, BasicAnimation(to: radian1 + radian2)),
            .property(\.opacity, BasicAnimation(to: 0.0)),
        ]
        if path == .bezier {
            var curve = Path()
            curve.move(to: anchor)
            curve.addQuadCurve(to: anchor + endOffset, control: anchor + translation)
            // No child durations: each takes the group's 1 s, as in the original.
            animations.insert(.property(\.position, PathAnimation(path: curve, calculationMode: .paced)), at: 0)
        }
        layer.add(.group(AnimationGroup(timing: groupTiming, animations: animations)), forKey: "dust")
        self.layer = layer
    }

    /// The layer's pose at `time` seconds after the snap.
    public func state(at time: Double) -> State {
        let presented = layer.presentation(at: time)
        var position = presented.position
        if path == .css {
            // CSS interpolates the transform functions' arguments; progress p comes from the same
            // group timing (linear, held at 1 after the end, 0 before the start).
            let progress = (groupTiming.localTime(at: time) ?? 0) / Self.duration
            position = anchor + Self.rotate(translation, by: radian1 * progress) * progress
        }
        return State(position: position, rotation: presented.transform.rotation, opacity: presented.opacity)
    }

    /// `(x cos a − y sin a, y cos a + x sin a)`: clockwise on screen (y down), as the original.
    static func rotate(_ p: Point, by angle: Double) -> Point {
        Point(x: p.x * cos(angle) - p.y * sin(angle), y: p.y * cos(angle) + p.x * sin(angle))
    }
}
