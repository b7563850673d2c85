import Dispatch
import ShatterCore

/// The shattered view-controller transition (SquarePants1991/BrokenGlassEffect, branch `transition`):
/// the from-screen breaks into a grid of point sprites that fall away, revealing the to-screen.
///
/// Geometry is in points; output pixels are points × `scale`. The grid and every point's random
/// motion are built once here; ``displayList(at:)`` only sets the time.
///
/// ```swift
/// let effect = try ShatteredTransition(from: snapshot, to: destination,
///                                  parameters: .init(width: 375, height: 667))
/// let list = effect.displayList(at: 0.6)
/// ```
public struct ShatteredTransition: Sendable {
    public struct Parameters: Sendable, Equatable, Codable, ScreenSized {
        /// Screen size in points.
        public var width: Int
        public var height: Int
        /// Output pixels per point.
        public var scale: Double = 1
        /// Sprite side in points. The default is the transition branch's 2 points: these parameters
        /// describe a device's screen in points, and the original draws 2-point pieces on any screen
        /// at any scale. For a video frame, whose width in pixels is what a viewer sees, set
        /// ``proportionalPointSize`` instead: the command line's and the plugins' default (`auto`),
        /// which is also 2 points on the original's 375-point-wide screen, at any scale.
        public var pointSize: Double = 2
        /// Seconds; the original reports 1.2 s.
        public var duration: Double = 1.2
        public var seed: UInt64 = 0
        public var randomRange: RandomRange = .original
        /// How positions are found: closed form (default) or the original's 60 Hz steps.
        public var motion: Motion = .closedForm
        public var filter: TextureFilter = .linear

        public init(
            width: Int = 375, height: Int = 667, scale: Double = 1, pointSize: Double = 2,
            duration: Double = 1.2, seed: UInt64 = 0, randomRange: RandomRange = .original,
            motion: Motion = .closedForm, filter: TextureFilter = .linear
        ) {
            self.width = width
            self.height = height
            self.scale = scale
            self.pointSize = pointSize
            self.duration = duration
            self.seed = seed
            self.randomRange = randomRange
            self.motion = motion
            self.filter = filter
        }
        /// How many 60 Hz steps the frame at `time` shows under ``Motion/euler60``:
        /// `⌊60 · min(t, duration) + 1e-9⌋`, at least 0. The original steps once per display-link tick
        /// before drawing, so the frame at t = i/60 shows i steps; the 1e-9 keeps `(i/60)·60` from
        /// falling just below i. Frames past the duration hold its state (the original removes the
        /// effect there), so no frame needs more steps than the duration does.
        public func steps(at time: Double) -> Int {
            let t = min(max(time, 0), duration)
            return Int((t * Motion.stepsPerSecond + 1e-9).rounded(.down))
        }

        /// Columns and rows of the grid: `Int(W/p) + 1`, `Int(H/p) + 1` (it overhangs right and top).
        public var columns: Int { Int(Double(width) / pointSize) + 1 }
        public var rows: Int { Int(Double(height) / pointSize) + 1 }

        /// The pixels each piece owns: the point size in pixels (a whole number of eighths, which
        /// `init` checks), shared out over the screen (`PieceTiling`).
        public var tiling: PieceTiling {
            PieceTiling(eighths: Int32((pointSize * scale * 8).rounded()), columns: columns)
        }
    }

    /// The range of the original's random factor `R`.
    public enum RandomRange: String, Sendable, Codable, CaseIterable {
        /// `arc4random() / RAND_MAX` on Darwin: R ∈ [0, 2] (RAND_MAX is 2³¹−1). The original's look.
        case original
        /// R ∈ [0, 1], what the code meant.
        case textbook
    }

    /// How the pieces move from one instant to the next. Both use the original's constants (fall
    /// speed limit −6, wall restitution 0.6, stop speed 0.01 NDC/s) and its random factor (``RandomRange``).
    public enum Motion: String, Sendable, Codable, CaseIterable {
        /// Solved in closed form at t: smooth at any frame rate, each wall hit landing on the wall.
        case closedForm = "closed"
        /// The original's per-frame update at 60 Hz, exactly, including its walls: it moves a piece,
        /// then reverses the x speed whenever the piece is at or past a wall, so a piece that
        /// overshoots by more than its reversed step stays outside, and like the original's GPU the
        /// renderers drop a piece whose centre is off screen. The frame at t shows the state after
        /// ``Parameters/steps(at:)`` steps; frames at other rates than 60 fps repeat or skip states.
        case euler60

        /// The original's display-link rate.
        public static let stepsPerSecond = 60.0

        /// The longest duration ``euler60`` renders: `PointMotion.maxSteps` steps (10 s).
        public static var longestSteppedDuration: Double { Double(PointMotion.maxSteps) / stepsPerSecond }
    }

    /// The most pieces a grid may hold: 2²⁷, twice a 64-megapixel frame at one-pixel sprites.
    public static let maxPoints = 1 << 27

    public let parameters: Parameters
    public let from: Texture
    public let to: Texture
    public let grid: PointGrid

    public init(from: Texture, to: Texture, parameters: Parameters) throws(ParameterError) {
        let p = parameters
        try p.checkScreen(of: Self.name)
        // Pieces own whole pixels and are placed in whole eighths of one (PointSpriteRaster): a size the
        // renderers cannot draw is refused here, not at the first frame; and the grid must fit in memory.
        try Self.checkPointSize(pixels: p.pointSize * p.scale)
        let points = (Double(p.width) / p.pointSize + 1).rounded(.down) * (Double(p.height) / p.pointSize + 1).rounded(.down)
        try ParameterError.check(points, in: 1...Double(Self.maxPoints), "points in the grid", of: Self.name)
        // Frames past euler60's bound are refused when drawn, as any frame of an over-long run.
        try ParameterError.check(p.duration, in: ParameterError.durations, "duration", of: Self.name)
        self.parameters = parameters
        self.from = from
        self.to = to
        self.grid = Self.buildGrid(parameters)
    }

    /// The pieces' sizes in pixels the transition draws: from one pixel (each piece owns whole pixels,
    /// `PieceTiling`, so a smaller one would own none) to the largest side.
    public static let pointPixels: ClosedRange<Double> = 1...Double(ParameterError.maxPixelSide)

    /// The one rule for a point size, which the initialiser and the command line both apply:
    /// `pixels` (point size × scale) within ``pointPixels``, in whole eighths of a pixel, where the
    /// point-sprite program places pieces exactly. `parameter` names it as the caller's user typed it.
    public static func checkPointSize(
        pixels: Double, parameter: String = "pointSize × scale (pixels)"
    ) throws(ParameterError) {
        let eighths = pixels * 8
        guard pointPixels.contains(pixels), eighths.rounded() == eighths else {
            let nearest = pixels.isFinite ? min(max(eighths.rounded() / 8, pointPixels.lowerBound), pointPixels.upperBound) : 1
            throw ParameterError(
                effect: Self.name, parameter: parameter, value: "\(pixels) px",
                allowed: "\(Int(pointPixels.lowerBound))…\(Int(pointPixels.upperBound)) px in whole eighths of a pixel "
                    + "(0.125), e.g. \(nearest)")
        }
    }

    public func displayList(at time: Double) -> DisplayList {
        let p = parameters
        let width = p.pixelWidth
        let height = p.pixelHeight
        let background = TexturedQuad(
            texture: to, rect: PixelRect(x: 0, y: 0, width: Float(width), height: Float(height)), filter: p.filter)
        return DisplayList(
            width: width, height: height, clearColor: .transparent,
            commands: [.texturedQuad(background), .pointSprites(pieces(at: time))])
    }

    /// The pieces at `time`, as ``displayList(at:)`` draws them over the `to` screen: for a host that
    /// places them itself (the OBS transition draws them with OBS's graphics) without building a
    /// display list each frame.
    public func pieces(at time: Double) -> PointSpriteBatch {
        let p = parameters
        let motion: PointMotion =
            switch p.motion {
            case .closedForm: .closedForm
            case .euler60: .stepped(steps: p.steps(at: time), stepSeconds: Float(1 / Motion.stepsPerSecond))
            }
        return PointSpriteBatch(
            grid: grid, texture: from, time: Float(time), tiling: p.tiling,
            texcoordScale: SIMD2(Float(p.pointSize / Double(p.width)), Float(p.pointSize / Double(p.height))),
            motion: motion, filter: p.filter)
    }

    /// Row 0 is the bottom row, drawn first, as in the original; later rows overwrite earlier ones.
    /// Each piece is its share of the screen's pixels (`PieceTiling`): whole pixels, neighbours
    /// sharing their edges, so that at rest the pieces are the snapshot exactly, at any point size. Its
    /// centre is its share's centre, its uv origin its share's lower-left corner.
    /// Rows are filled in parallel (each point's randomness depends on its index alone), so a 1080p
    /// grid at point size 1, two million points, takes half the time on two cores.
    static func buildGrid(_ p: Parameters) -> PointGrid {
        let w = Double(p.pixelWidth)
        let h = Double(p.pixelHeight)
        let tiling = p.tiling
        let rng = CounterRNG(seed: p.seed, stream: .shatter)
        let rMax: Double = p.randomRange == .original ? 2 : 1
        let columns = p.columns
        let rows = p.rows
        let stride = PointGrid.stride
        let attributes = [Float](unsafeUninitializedCapacity: columns * rows * stride) { buffer, count in
            let base = SendablePointer(address: buffer.baseAddress!)
            let bands = min(rows, 64)
            DispatchQueue.concurrentPerform(iterations: bands) { band in
                for row in (rows * band / bands)..<(rows * (band + 1) / bands) {
                    for column in 0..<columns {
                        let index = row * columns + column
                        let r1 = rMax * rng.uniform(index: UInt64(index), draw: 0)
                        let r2 = rMax * rng.uniform(index: UInt64(index), draw: 1)
                        let point = base.address + index * stride
                        let left = Double(tiling.start(column))
                        let bottom = Double(tiling.start(row))
                        point[0] = Float((left + Double(tiling.extent(column)) / 2) / w * 2 - 1)
                        point[1] = Float((bottom + Double(tiling.extent(row)) / 2) / h * 2 - 1)
                        // The sprite's own cell (port decision), not the original's col/cols that squeezes the picture.
                        point[2] = Float(left / w)
                        point[3] = Float(bottom / h)
                        point[4] = Float((r1 - 0.5) * 0.7)  // x speed, NDC/s
                        point[5] = Float(-r2 * 1.5 - 3.0)  // y acceleration, NDC/s²
                    }
                }
            }
            count = columns * rows * stride
        }
        return PointGrid(attributes: attributes, columns: columns)
    }

    /// The grid's storage, written by the row bands in parallel (each band its own points).
    private struct SendablePointer: @unchecked Sendable {
        let address: UnsafeMutablePointer<Float>
    }
}
