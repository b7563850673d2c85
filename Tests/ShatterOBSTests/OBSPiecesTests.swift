import CShatterOBS
import ShatterCore
import ShatterEffects
import ShatterPointSprites
import Testing

@testable import ShatterOBS

/// The OBS transition draws each piece as a quad; these check that the quads cover the pixels, and show
/// the texels, that the CLI's point-sprite program gives the same pieces (`PointSpriteRaster`).
@Suite struct OBSPiecesTests {
    static func settings(pointSize: Double = 0, duration: Double = 1.2, seed: UInt64 = 0, physics: Int32 = 0)
        -> shatter_obs_settings
    {
        shatter_obs_settings(point_size: pointSize, duration: duration, seed: seed, physics: physics)
    }

    /// A frame's quads: positions (x, y per vertex) and texture coordinates, six vertices a piece.
    static func frame(_ pieces: OBSPieces, at seconds: Double) -> (count: Int, positions: [Float], texcoords: [Float]) {
        var positions = [Float](repeating: .nan, count: pieces.count * 24)
        var texcoords = [Float](repeating: .nan, count: pieces.count * 12)
        let count = positions.withUnsafeMutableBufferPointer { p in
            texcoords.withUnsafeMutableBufferPointer { t in
                pieces.frame(seconds: seconds, positions: p.baseAddress!, texcoords: t.baseAddress!, capacity: pieces.count)
            }
        }
        return (count, positions, texcoords)
    }

    @Test(arguments: [(53, 31, 2.625, 0), (40, 24, 3, 2), (61, 17, 1.5, 1)])
    func quadsAreThePointSpritesPixelsAndTexels(width: Int, height: Int, pointSize: Double, physics: Int32) throws {
        let pieces = try #require(
            OBSPieces(width: width, height: height, settings: Self.settings(pointSize: pointSize, physics: physics)))
        // The CLI's pieces over a snapshot of the canvas's size, as `shatter render` draws them.
        let snapshot = Texture(image: Image(width: width, height: height))
        let effect = try ShatteredTransition(from: snapshot, to: snapshot, parameters: pieces.effect.parameters)
        let band = GuardBand(width: width, height: height, largestPointSize: Float(pointSize))
        for seconds in [0, 0.25, 0.6, 1.1] {
            let batch = effect.pieces(at: seconds)
            let raster = try PointSpriteRaster(batch)
            var centres: [Int32] = []
            try PointMotionStage(threads: 1).centres(of: batch, raster: raster, guardBand: band, into: &centres)
            let drawn = Self.frame(pieces, at: seconds)
            var k = 0
            batch.grid.attributes.withUnsafeBufferPointer { attributes in
                for i in 0..<batch.grid.count where centres[2 * i] != PointSpriteRaster.dropped {
                    let q = SIMD2(centres[2 * i], centres[2 * i + 1])
                    let extent = raster.extents(ofPoint: i)
                    let origin = raster.origin(ofPoint: i, attributes: attributes)
                    let first = SIMD2(raster.first(q.x, extent: extent.x), raster.first(q.y, extent: extent.y))
                    // Top-left corner on the canvas (y down) and the texel under it: the sprite's first
                    // pixel's texel position (1/256 texel, its centre) less half a texel.
                    let left = Float(first.x) - Float(band.pixels)
                    let top = Float(band.pixels + height) - Float(first.y + extent.y)
                    let u = Float(raster.baseX(origin: origin.x, q: q.x, extent: extent.x)) / 256 / Float(width)
                    let v = Float(raster.baseY(origin: origin.y, q: q.y, extent: extent.y)) / 256 / Float(height)
                    #expect(drawn.positions[24 * k] == left && drawn.positions[24 * k + 1] == top, "piece \(i) at \(seconds) s")
                    #expect(abs(drawn.texcoords[12 * k] - u) < 1e-6 && abs(drawn.texcoords[12 * k + 1] - v) < 1e-6)
                    // The bottom-right corner: the piece's extent further, on the canvas and in the snapshot.
                    #expect(drawn.positions[24 * k + 20] == left + Float(extent.x))
                    #expect(drawn.positions[24 * k + 21] == top + Float(extent.y))
                    #expect(abs(drawn.texcoords[12 * k + 10] - (u + Float(extent.x) / Float(width))) < 1e-6)
                    k += 1
                }
            }
            #expect(drawn.count == k, "pieces drawn at \(seconds) s")
            // At rest every piece is drawn, but under the 60 Hz steps, which drop the grid's overhanging
            // column and row (their centres are off the screen), as the original's GPU does.
            #expect(seconds > 0 || physics >= 2 || k == batch.grid.count, "every piece is drawn at rest")
            #expect(k > 0)
        }
    }

    /// At rest the quads tile the canvas, each showing its own pixels.
    @Test func atRestThePiecesAreTheOutgoingPicture() throws {
        let pieces = try #require(OBSPieces(width: 97, height: 45, settings: Self.settings(pointSize: 4.375)))
        let drawn = Self.frame(pieces, at: 0)
        var covered = [Int](repeating: 0, count: 97 * 45)
        for k in 0..<drawn.count {
            let x0 = Int(drawn.positions[24 * k])
            let y0 = Int(drawn.positions[24 * k + 1])
            let x1 = Int(drawn.positions[24 * k + 20])
            let y1 = Int(drawn.positions[24 * k + 21])
            // Its own texels: the texture coordinates of its corner are the corner's place on the canvas.
            #expect(abs(drawn.texcoords[12 * k] - Float(x0) / 97) < 1e-6)
            #expect(abs(drawn.texcoords[12 * k + 1] - Float(y0) / 45) < 1e-6)
            for y in max(y0, 0)..<min(y1, 45) { for x in max(x0, 0)..<min(x1, 97) { covered[y * 97 + x] += 1 } }
        }
        #expect(covered.allSatisfy { $0 == 1 })
    }

    @Test func autoPointSizeIsTheCLIsAndHugeGridsAreRaised() {
        #expect(OBSPieces.pointSize(0, width: 1920, height: 1080) == 10.25)
        #expect(OBSPieces.pointSize(-1, width: 375, height: 667) == 2)
        #expect(OBSPieces.pointSize(.nan, width: 1280, height: 720) == 6.875)
        #expect(OBSPieces.pointSize(3.3, width: 1920, height: 1080) == 3.25)
        let raised = OBSPieces.pointSize(1, width: 3840, height: 2160)
        #expect(raised > 1)
        let count = (3840 / raised + 1).rounded(.down) * (2160 / raised + 1).rounded(.down)
        #expect(count <= Double(OBSPieces.maxPieces))
    }

    /// A frame writes no more pieces than it is given room for, and a canvas no grid fits gives none.
    @Test func capacityAndRefusedCanvases() throws {
        let pieces = try #require(OBSPieces(width: 64, height: 36, settings: Self.settings(pointSize: 4)))
        var positions = [Float](repeating: -7, count: 24 * 10 + 24)
        var texcoords = [Float](repeating: -7, count: 12 * 10 + 12)
        let written = pieces.frame(seconds: 0, positions: &positions, texcoords: &texcoords, capacity: 10)
        #expect(written == 10)
        #expect(positions[24 * 10] == -7 && texcoords[12 * 10] == -7)
        #expect(OBSPieces(width: 0, height: 36, settings: Self.settings()) == nil)
        #expect(OBSPieces(width: 20000, height: 36, settings: Self.settings()) == nil)
    }
}
