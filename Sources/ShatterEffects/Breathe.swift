import ShatterCore
import ShatterDrawing

/// The Apple Watch "Breathe" flower (potato04/AppleWatchBreathe, a `CAReplicatorLayer`): six round
/// petals in a ramp of greens open out of the centre while the flower turns 120°, hold, and close
/// again, with a faint ghost flower as they close; all screen-blended over black, every 10.5 s.
///
/// Geometry is in points; output pixels are points × `scale`. The petals are one instanced draw and
/// the ghost petals a second (`InstancedCircleBatch`).
///
/// ```swift
/// let flower = Breathe()                           // 368×448, 6 petals
/// let list = flower.displayList(at: 4.2)           // phase 0.4: fully open, turned +60°
/// ```
public struct Breathe: Sendable {
    public struct Parameters: Sendable, Equatable, Codable, ScreenSized {
        /// Canvas size in points (default: the 44 mm watch's screen).
        public var width: Int
        public var height: Int
        /// Output pixels per point.
        public var scale: Double
        /// Petals (the original's `petalCount`, 6); each is rotated −360°/petals from the one before.
        public var petals: Int
        /// Seconds of animation; the flower repeats every ``Breathe/cycleDuration`` (default: one cycle).
        public var duration: Double

        public init(
            width: Int = 368, height: Int = 448, scale: Double = 1, petals: Int = 6,
            duration: Double = Breathe.cycleDuration
        ) {
            self.width = width
            self.height = height
            self.scale = scale
            self.petals = petals
            self.duration = duration
        }
    }

    /// The animated values at one instant, in points and radians (clockwise on screen).
    public struct State: Sendable, Equatable {
        /// How far each petal's circle centre has moved out from the flower's centre (0 … 80).
        public var petalOffset: Double
        /// Petal radius (24 … 80).
        public var petalRadius: Double
        /// The whole flower's rotation (−60° … +60°).
        public var rotation: Double
        /// The ghost petals' opacity (0 … 0.3).
        public var ghostOpacity: Double
        /// The ghost flower's scale about the flower centre (1 … 0.78).
        public var ghostScale: Double
    }

    /// One drawn circle, in points from the canvas's top-left corner.
    public struct Circle: Sendable, Equatable {
        public var centre: SIMD2<Double>
        public var radius: Double
        /// Straight RGB in [0, 1].
        public var color: SIMD3<Double>
        public var opacity: Double
    }

    /// The original's constants (`BreathView`).
    public static let cycleDuration = 10.5
    public static let petalMinRadius = 24.0
    public static let petalMaxRadius = 80.0
    public static let firstPetalColor = SIMD3<Double>(0.17, 0.59, 0.60)
    public static let lastPetalColor = SIMD3<Double>(0.31, 0.85, 0.62)
    /// The ghost petal's circle: radius 80, centred 80 points left of the flower centre.
    public static let ghostRadius = 80.0
    public static let ghostGap = 80.0

    public let parameters: Parameters
    private let timeline: BreatheTimeline

    /// The most petals: each is drawn, so the count bounds the work per frame.
    public static let maxPetals = 64

    public init(parameters: Parameters) throws(ParameterError) {
        try parameters.checkScreen(of: Self.name)
        try ParameterError.check(parameters.petals, in: 1...Self.maxPetals, "petals", of: Self.name)
        try ParameterError.check(parameters.duration, in: ParameterError.durations, "duration", of: Self.name)
        self.init(checked: parameters)
    }

    /// The original: 368×448 points, 6 petals, one cycle.
    public init() { self.init(checked: Parameters()) }

    private init(checked parameters: Parameters) {
        self.parameters = parameters
        self.timeline = BreatheTimeline(cycleDuration: Self.cycleDuration)
    }

    /// The animated values at `time` seconds.
    public func state(at time: Double) -> State { timeline.state(at: time) }

    /// The flower's centre, in points: the middle of the canvas.
    public var centre: SIMD2<Double> { SIMD2(Double(parameters.width) / 2, Double(parameters.height) / 2) }

    /// Color added per petal: `(last − first) / petals`, as the original (so the last petal stops one
    /// step short of the "last" color).
    public var colorOffset: SIMD3<Double> { (Self.lastPetalColor - Self.firstPetalColor) / Double(parameters.petals) }

    /// Petal `k`'s color: `first + k · offset`.
    public func petalColor(_ k: Int) -> SIMD3<Double> { Self.firstPetalColor + Double(k) * colorOffset }

    /// Rotation between neighbouring petals: −360° / petals (counter-clockwise on screen).
    public var angleStep: Double { -2 * Double.pi / Double(parameters.petals) }

    /// The petals at `time`, in instance order.
    public func petals(at time: Double) -> [Circle] {
        let s = state(at: time)
        return circles(local: SIMD2(-s.petalOffset, 0), radius: s.petalRadius, rotation: s.rotation, opacity: 1)
    }

    /// The ghost petals at `time`, in instance order (opacity 0 while hidden).
    public func ghosts(at time: Double) -> [Circle] {
        let s = state(at: time)
        return circles(
            local: SIMD2(-Self.ghostGap * s.ghostScale, 0), radius: Self.ghostRadius * s.ghostScale,
            rotation: s.rotation, opacity: s.ghostOpacity)
    }

    private func circles(local: SIMD2<Double>, radius: Double, rotation: Double, opacity: Double) -> [Circle] {
        (0..<parameters.petals).map { k in
            let angle = rotation + Double(k) * angleStep
            let c = cos(angle)
            let s = sin(angle)
            let offset = SIMD2(c * local.x - s * local.y, s * local.x + c * local.y)
            return Circle(centre: centre + offset, radius: radius, color: petalColor(k), opacity: opacity)
        }
    }

    /// Black, then the petals (one instanced draw), then the ghost petals while visible (a second),
    /// both screen-blended.
    public func displayList(at time: Double) -> DisplayList {
        let s = state(at: time)
        let scale = parameters.scale
        func batch(local: Double, radius: Double, opacity: Double) -> InstancedCircleBatch {
            InstancedCircleBatch(
                count: parameters.petals, centre: SIMD2<Float>(centre * scale),
                circleCentre: SIMD2(Float(-local * scale), 0), radius: Float(radius * scale), rotation: Float(s.rotation),
                angleStep: Float(angleStep), instanceColor: SIMD3<Float>(Self.firstPetalColor),
                colorOffset: SIMD3<Float>(colorOffset), opacity: Float(opacity), blend: .screen)
        }
        var commands: [DrawCommand] = [.instancedCircles(batch(local: s.petalOffset, radius: s.petalRadius, opacity: 1))]
        if s.ghostOpacity > 0 {
            commands.append(
                .instancedCircles(
                    batch(
                        local: Self.ghostGap * s.ghostScale,
                        radius: Self.ghostRadius * s.ghostScale, opacity: s.ghostOpacity)))
        }
        return DisplayList(
            width: parameters.pixelWidth, height: parameters.pixelHeight, clearColor: .opaqueBlack,
            commands: commands)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
