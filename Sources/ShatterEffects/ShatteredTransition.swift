import Dispatch
import ShatterCore

/// The shattered view-controller transition (SquarePants1991/BrokenGlassEffect, branch `transition`):
/// the from-screen breaks into a grid of point sprites that fall away, revealing the to-screen.
///
/// Geometry is in points; output pixels are points × `scale`. The grid and every point's random
/// motion are built once here; ``displayList(at:)`` only sets the time.
///
/// ```swift
/// let effect = ShatteredTransition(from: snapshot, to: destination,
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
        /// Sprite side in points (the transition branch uses 2).
        public var pointSize: Double = 2
        /// Seconds; the original reports 1.2 s.
        public var duration: Double = 1.2
        public var seed: UInt64 = 0
        public var randomRange: RandomRange = .original
        public var filter: TextureFilter = .linear

        public init(width: Int = 375, height: Int = 667, scale: Double = 1, pointSize: Double = 2,
                    duration: Double = 1.2, seed: UInt64 = 0, randomRange: RandomRange = .original,
                    filter: TextureFilter = .linear) {
            self.width = width
            self.height = height
            self.scale = scale
            self.pointSize = pointSize
            self.duration = duration
            self.seed = seed
            self.randomRange = randomRange
            self.filter = filter
        }
        /// Columns and rows of the grid: `Int(W/p) + 1`, `Int(H/p) + 1` (it overhangs right and top).
        public var columns: Int { Int(Double(width) / pointSize) + 1 }
        public var rows: Int { Int(Double(height) / pointSize) + 1 }
    }

    /// The range of the original's random factor `R`.
    public enum RandomRange: String, Sendable, Codable, CaseIterable {
        /// `arc4random() / RAND_MAX` on Darwin: R ∈ [0, 2] (RAND_MAX is 2³¹−1). The original's look.
        case original
        /// R ∈ [0, 1], what the code meant.
        case textbook
    }

    public let parameters: Parameters
    public let from: Texture
    public let to: Texture
    public let grid: PointGrid

    public init(from: Texture, to: Texture, parameters: Parameters) {
        self.parameters = parameters
        self.from = from
        self.to = to
        self.grid = Self.buildGrid(parameters)
    }

    public func displayList(at time: Double) -> DisplayList {
        let p = parameters
        let width = p.pixelWidth, height = p.pixelHeight
        let background = TexturedQuad(
            texture: to, rect: PixelRect(x: 0, y: 0, width: Float(width), height: Float(height)), filter: p.filter)
        let pieces = PointSpriteBatch(
            grid: grid, texture: from, time: Float(time), pointSize: Float(p.pointSize * p.scale),
            texcoordScale: SIMD2(Float(p.pointSize / Double(p.width)), Float(p.pointSize / Double(p.height))),
            filter: p.filter)
        return DisplayList(width: width, height: height, clearColor: .transparent,
                           commands: [.texturedQuad(background), .pointSprites(pieces)])
    }

    /// Row 0 is the bottom row, drawn first, as in the original; later rows overwrite earlier ones.
    /// Rows are filled in parallel (each point's randomness depends on its index alone), so a 1080p
    /// grid at point size 1, two million points, takes half the time on two cores.
    static func buildGrid(_ p: Parameters) -> PointGrid {
        let w = Double(p.width), h = Double(p.height), size = p.pointSize
        let sx = size / w * 2, sy = size / h * 2
        let rng = CounterRNG(seed: p.seed, stream: .shatter)
        let rMax: Double = p.randomRange == .original ? 2 : 1
        let columns = p.columns, rows = p.rows, stride = PointGrid.stride
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
                        point[0] = Float(Double(column) * sx + sx / 2 - 1)
                        point[1] = Float(Double(row) * sy + sy / 2 - 1)
                        // The sprite's own cell (port decision), not the original's col/cols that squeezes the picture.
                        point[2] = Float(Double(column) * size / w)
                        point[3] = Float(Double(row) * size / h)
                        point[4] = Float((r1 - 0.5) * 0.7)  // x speed, NDC/s
                        point[5] = Float(-r2 * 1.5 - 3.0)   // y acceleration, NDC/s²
                    }
                }
            }
            count = columns * rows * stride
        }
        return PointGrid(attributes: attributes)
    }

    /// The grid's storage, written by the row bands in parallel (each band its own points).
    private struct SendablePointer: @unchecked Sendable {
        let address: UnsafeMutablePointer<Float>
    }
}
