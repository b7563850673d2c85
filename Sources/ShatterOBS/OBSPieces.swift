import CShatterOBS
import ShatterCore
import ShatterEffects
import ShatterPointSprites

/// One OBS transition's pieces for one canvas and one set of properties: the shattered transition's grid
/// (`ShatteredTransition`, the CLI's own), its motion (`PointMotionStage`, the centres `shatter render`
/// draws) and, per frame, each visible piece as a quad over the whole pixels it covers, with the texture
/// coordinates of the outgoing picture it shows. OBS's GPU then draws the quads; only centres and
/// corners cross to it, never pixels.
///
/// GL draws a piece as a point sprite; OBS's effect language cannot size a point, so a piece is two
/// triangles here. The pixels covered are the same (`PointSpriteRaster.first`: a piece's edges lie on
/// pixel boundaries), and the texel a pixel samples is the same position (its centre's eighths, the
/// snapshot at one texel per pixel); only the bilinear weights are the GPU sampler's rather than the
/// integer ones of `point_sprite.frag` (docs/obs.md).
final class OBSPieces {
    /// More pieces than this raise the point size until they fit: six vertices each, 24 bytes a vertex,
    /// some 75 MB of vertex buffer at the bound (1080p at 2 px is 520 000 pieces).
    static let maxPieces = 1 << 19

    let width: Int
    let height: Int
    let effect: ShatteredTransition
    private let stage = PointMotionStage(threads: 1)
    private let guardBand: GuardBand
    /// Two Int32 per piece: its centre in eighths of a pixel of the guard-banded framebuffer.
    private var centres: [Int32] = []

    init?(width: Int, height: Int, settings: shatter_obs_settings) {
        let sides = 1...ParameterError.maxPixelSide
        guard sides.contains(width), sides.contains(height) else { return nil }
        self.width = width
        self.height = height
        let physics = min(max(Int(settings.physics), 0), 3)
        var parameters = ShatteredTransition.Parameters(
            width: width, height: height,
            pointSize: Self.pointSize(settings.point_size, width: width, height: height),
            duration: min(max(settings.duration.isFinite ? settings.duration : 1.2, 0.1), 10), seed: settings.seed,
            randomRange: physics % 2 == 0 ? .original : .textbook, motion: physics < 2 ? .closedForm : .euler60)
        parameters.filter = .linear
        // The snapshot is the frame's own texture, which OBS binds when it draws: these stand-ins are
        // never sampled.
        let standIn = Texture(image: Image(width: 1, height: 1))
        guard let effect = try? ShatteredTransition(from: standIn, to: standIn, parameters: parameters) else { return nil }
        self.effect = effect
        guardBand = GuardBand(width: width, height: height, largestPointSize: effect.parameters.tiling.pixels)
        centres = [Int32](repeating: 0, count: 2 * effect.grid.count)
    }

    var count: Int { effect.grid.count }

    /// `requested` pixels in whole eighths, or auto (0 or less, or not a number): the CLI's
    /// `--point-size auto`. Raised, in eighths, until the grid has at most ``maxPieces``.
    static func pointSize(_ requested: Double, width: Int, height: Int) -> Double {
        var eighths =
            requested.isFinite && requested > 0
            ? max(8, min((requested * 8).rounded(), Double(ParameterError.maxPixelSide * 8)))
            : ShatteredTransition.proportionalPointSize(pixelWidth: width) * 8
        func pieces(_ eighths: Double) -> Double {
            let size = eighths / 8
            return (Double(width) / size + 1).rounded(.down) * (Double(height) / size + 1).rounded(.down)
        }
        while pieces(eighths) > Double(maxPieces) { eighths += 1 }
        return eighths / 8
    }

    /// Writes the pieces visible `seconds` into the fall (see `shatter_obs_pieces_frame`).
    func frame(
        seconds: Double, positions: UnsafeMutablePointer<Float>, texcoords: UnsafeMutablePointer<Float>, capacity: Int
    ) -> Int {
        let batch = effect.pieces(at: seconds)
        guard let raster = try? PointSpriteRaster(batch),
            (try? stage.centres(of: batch, raster: raster, guardBand: guardBand, into: &centres)) != nil
        else { return 0 }
        let tiling = effect.parameters.tiling
        let band = Int32(guardBand.pixels)
        let h = Int32(height)
        let inverse = SIMD2(1 / Float(8 * width), 1 / Float(8 * height))
        var written = 0
        centres.withUnsafeBufferPointer { centres in
            for i in 0..<min(count, centres.count / 2) where written < capacity {
                let q = SIMD2(centres[2 * i], centres[2 * i + 1])
                guard q.x != PointSpriteRaster.dropped else { continue }
                let (row, column) = i.quotientAndRemainder(dividingBy: tiling.columns)
                let quad = Self.quad(
                    centre: q, extent: tiling.extents(ofPoint: i),
                    start: SIMD2(Int32(tiling.start(column)), Int32(tiling.start(row))), band: band, height: h)
                Self.write(
                    quad, inverse: inverse, positions: positions + written * 24, texcoords: texcoords + written * 12)
                written += 1
            }
        }
        return written
    }

    /// A piece's pixels on the canvas and its texels in the snapshot.
    struct Quad: Equatable {
        /// Its top-left pixel (x right, y down) and its extent in pixels.
        var origin: SIMD2<Int32>
        var extent: SIMD2<Int32>
        /// The snapshot position, in eighths of a texel (x right, y down), at the quad's top-left corner.
        var texel: SIMD2<Int32>
    }

    /// Where a piece centred at `centre` (eighths, the guard-banded framebuffer's window coordinates, y
    /// up) lands, as `PointSpriteRaster` places it: the first pixel covered along each axis
    /// (`first`), and the texel position of its top-left pixel (`origin` plus `baseX`/`baseY`'s phase)
    /// at one texel per pixel, moved half a pixel back to the quad's corner. `start` is the piece's share's
    /// first column and row (rows counted from the bottom), `band` the guard band.
    static func quad(centre q: SIMD2<Int32>, extent: SIMD2<Int32>, start: SIMD2<Int32>, band: Int32, height: Int32)
        -> Quad
    {
        let first = (q &- 4 &* extent &+ 4) &>> 3
        // baseX/8: 8·start + 4·extent − 4 (the origin) + 8·first + 4 − q (the phase), at the corner + 4 − 4.
        let u = 8 &* start.x &+ 4 &* extent.x &+ 8 &* first.x &- q.x
        // Down the snapshot from its top: the origin 8·(H − start) − 4·extent − 4 and the phase
        // q − 8·(first + extent) + 4.
        let v = 8 &* (height &- start.y) &- 4 &* extent.y &+ q.y &- 8 &* (first.y &+ extent.y)
        let top = band &+ height &- first.y &- extent.y
        return Quad(origin: SIMD2(first.x &- band, top), extent: extent, texel: SIMD2(u, v))
    }

    /// Two triangles (top-left, top-right, bottom-left; bottom-left, top-right, bottom-right), positions
    /// as OBS's `struct vec3` (four floats) and texture coordinates in 0…1.
    @inline(__always)
    static func write(
        _ quad: Quad, inverse: SIMD2<Float>, positions: UnsafeMutablePointer<Float>,
        texcoords: UnsafeMutablePointer<Float>
    ) {
        let x0 = Float(quad.origin.x)
        let y0 = Float(quad.origin.y)
        let x1 = x0 + Float(quad.extent.x)
        let y1 = y0 + Float(quad.extent.y)
        let u0 = Float(quad.texel.x) * inverse.x
        let v0 = Float(quad.texel.y) * inverse.y
        let u1 = Float(quad.texel.x &+ 8 &* quad.extent.x) * inverse.x
        let v1 = Float(quad.texel.y &+ 8 &* quad.extent.y) * inverse.y
        // Written vertex by vertex: an array of corners here would be allocated for every piece.
        vertex(0, x0, y0, u0, v0, positions, texcoords)
        vertex(1, x1, y0, u1, v0, positions, texcoords)
        vertex(2, x0, y1, u0, v1, positions, texcoords)
        vertex(3, x0, y1, u0, v1, positions, texcoords)
        vertex(4, x1, y0, u1, v0, positions, texcoords)
        vertex(5, x1, y1, u1, v1, positions, texcoords)
    }

    @inline(__always)
    private static func vertex(
        _ k: Int, _ x: Float, _ y: Float, _ u: Float, _ v: Float, _ positions: UnsafeMutablePointer<Float>,
        _ texcoords: UnsafeMutablePointer<Float>
    ) {
        (positions + 4 * k).update(repeating: 0, count: 4)
        positions[4 * k] = x
        positions[4 * k + 1] = y
        texcoords[2 * k] = u
        texcoords[2 * k + 1] = v
    }
}
