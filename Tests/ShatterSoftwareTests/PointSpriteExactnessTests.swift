import ShatterCore
import ShatterEffects
import Testing

@testable import ShatterPointSprites
@testable import ShatterSoftware

/// `point_sprite.vert` and `.frag` must write the same bytes on any conformant GLES: no result may depend
/// on whether a compiler fuses a multiply-add, on how `gl_PointCoord` is interpolated, or on the
/// rasteriser's sub-pixel precision (docs/parity.md, "Point sprites"). These tests state the spec's
/// freedoms as errors and check the frames do not change.
@Suite struct PointSpriteExactnessTests {
    /// The vertex program's one float expression, `vec2(centre16) * u_inverseViewport8 - 1.0`, gives the
    /// same bits fused or not, for every centre any frame can have on every power-of-two viewport; and
    /// the viewport transform, `(ndc + 1)·K/2` fused or not, gives back the centre exactly.
    @Test func theVertexConversionIsTheSameFusedOrNot() {
        var mismatches = 0
        var compared = 0
        for exponent in 0...14 {
            let side = 1 << exponent
            let inverse = 1 / Float(8 * side)
            let half = Float(side) / 2
            // Every sixteenth of a pixel the viewport holds (whole and half pixels are all a centre can be).
            for centre16 in 0...Int32(16 * side) {
                let unfused = Float(centre16) * inverse - 1
                let fused = (-1 as Float).addingProduct(Float(centre16), inverse)
                let window = (unfused + 1) * half
                let windowFused = half.addingProduct(unfused, half)
                if unfused.bitPattern != fused.bitPattern || window != Float(centre16) / 16 || windowFused != window {
                    mismatches += 1
                }
                compared += 1
            }
        }
        #expect(mismatches == 0 && compared > 500_000)
    }

    /// The centres the program hands to GL (``PointSpriteRaster/glCentreX(_:extent:)``,
    /// ``PointSpriteRaster/glCentreY(_:extent:)``) for every centre a point can have in eighths, every
    /// size and both extents a piece of that size can have are whole or half pixels, so the conversion
    /// above covers them, and at most a pixel past the framebuffer's edge (a piece's centre on the edge
    /// itself, its point ⌈P⌉ wide anchored at the piece's left or top edge): a GL that drops such a point
    /// loses only guard-band pixels, as the guard band (⌈P/2⌉ + 1) is wider than half the point.
    @Test func glCentresAreWholeOrHalfPixelsInsideTheFramebuffer() throws {
        var outside = [String]()
        for size in stride(from: Float(0.125), through: 64, by: 0.125) {
            let raster = try Self.raster(size: size)
            let guardBand = GuardBand(width: 300, height: 300, largestPointSize: size)
            if 2 * guardBand.pixels < raster.coverage + 2 { outside.append("size \(size): guard band \(guardBand.pixels) px") }
            for extent in Set([Int32(size.rounded(.down)), Int32(size.rounded(.up))]) where extent > 0 {
                for q in Int32(0)...Int32(8 * 300) {
                    for centre16 in [raster.glCentreX(q, extent: extent), raster.glCentreY(q, extent: extent)]
                    where centre16 % 8 != 0 || centre16 < -16 || centre16 > 16 * 300 + 16 {
                        outside.append("size \(size), extent \(extent), q \(q)")
                    }
                }
            }
        }
        #expect(outside.isEmpty, "\(outside.prefix(5))")
    }

    static let sizes: [Double] = [1, 1.5, 2, 2.5, 3, 3.25, 4, 4.875, 7.5, 16]

    /// A GL whose rasteriser puts the sprite's square up to 1/8 px off (softpipe's wide-point bias)
    /// plus 1/16 (its 4 sub-pixel bits), or nearly half a pixel, and whose `gl_PointCoord` errs by as
    /// much (the spec leaves its interpolation open), draws the frames the CPU renderer draws, for point
    /// sizes whole and fractional, both filters, at rest and falling: the point's side is whole and its
    /// edges lie on pixel boundaries, so any error under 1/2 px names the same pixels.
    @Test(arguments: sizes)
    func framesAreTheSameWithThePointCoordinateAndTheSquareMovedByAnEighth(pointSize: Double) throws {
        let offsets: [SIMD2<Double>] = [
            SIMD2(0, 0), SIMD2(0.125, -0.125), SIMD2(-0.1875, 0.1875), SIMD2(0.1875, 0.0625), SIMD2(-0.0625, -0.1875),
            SIMD2(0.4375, -0.4375), SIMD2(-0.4375, 0.4375),
        ]
        for filter in [TextureFilter.linear, .nearest] {
            let effect = try PointLanesTests.transition(
                width: 61, height: 47, scale: 1, pointSize: pointSize, physics: .original, filter: filter)
            for time in [0.0, 0.3, 0.7] {
                let list = effect.displayList(at: time)
                let expected = try SoftwareRenderer().render(list)
                for (index, square) in offsets.enumerated() {
                    let pointCoord = offsets[(index + 2) % offsets.count]
                    let gl = try Self.glModel(list, squareOffset: square, pointCoordError: pointCoord)
                    let differing = Self.differingPixels(gl, expected)
                    #expect(differing == 0, "p \(pointSize), \(filter), t \(time), square \(square), pc \(pointCoord)")
                }
            }
        }
    }

    /// `list` (a destination and the pieces) drawn as a GL with those errors draws it: the destination
    /// by the CPU renderer, then each point at its GL centre, its square (``PointSpriteRaster/coverage``
    /// pixels a side) moved by `squareOffset` px covering the pixel centres inside it (left and bottom
    /// edges inclusive), each pixel's `floor(gl_PointCoord · side)` taken with `pointCoordError` px added
    /// to the exact point coordinate, fragments past the piece's extent discarded, then the fragment
    /// program.
    static func glModel(_ list: DisplayList, squareOffset: SIMD2<Double>, pointCoordError: SIMD2<Double>) throws -> Image {
        guard case .pointSprites(let batch) = list.commands[1] else { throw Failure() }
        var image = try SoftwareRenderer().render(
            DisplayList(width: list.width, height: list.height, clearColor: list.clearColor, commands: [list.commands[0]]))
        let guardBand = GuardBand(width: list.width, height: list.height, largestPointSize: list.largestPointSize)
        var centres = [Int32]()
        let raster = try PointSpriteRaster(batch)
        try PointMotionStage().centres(of: batch, raster: raster, guardBand: guardBand, into: &centres)
        let size = Double(raster.coverage)
        let last = Int(raster.coverage) - 1
        let g = guardBand.pixels
        let topRow = guardBand.framebufferHeight - 1 - g
        let a = batch.grid.attributes
        image.pixels.withUnsafeMutableBufferPointer { bytes in
            let target = Framebuffer(bytes: bytes, width: list.width, height: list.height)
            batch.texture.withSampler(filter: batch.filter) { sampler in
                for point in 0..<batch.grid.count where centres[2 * point] != PointSpriteRaster.dropped {
                    let q = SIMD2(centres[2 * point], centres[2 * point + 1])
                    let extent = raster.extents(ofPoint: point)
                    let origin = a.withUnsafeBufferPointer { raster.origin(ofPoint: point, attributes: $0) }
                    let base = SIMD2(
                        raster.baseX(origin: origin.x, q: q.x, extent: extent.x),
                        raster.baseY(origin: origin.y, q: q.y, extent: extent.y))
                    let exact =
                        SIMD2(
                            Double(raster.glCentreX(q.x, extent: extent.x)), Double(raster.glCentreY(q.y, extent: extent.y)))
                        / 16
                    let centre = exact + squareOffset
                    let (left, right) = (centre.x - size / 2, centre.x + size / 2)
                    let (bottom, top) = (centre.y - size / 2, centre.y + size / 2)
                    let (exactLeft, exactTop) = (exact.x - size / 2, exact.y + size / 2)
                    for j in Int(bottom.rounded(.down))...Int(top.rounded(.up)) {
                        let y = Double(j) + 0.5
                        guard y >= bottom, y < top, (0..<list.height).contains(topRow - j) else { continue }
                        for i in Int(left.rounded(.down))...Int(right.rounded(.up)) {
                            let x = Double(i) + 0.5
                            guard x >= left, x < right, (0..<list.width).contains(i - g) else { continue }
                            let kx = min(max(Int((x - exactLeft + pointCoordError.x).rounded(.down)), 0), last)
                            let ky = min(max(Int((exactTop - y + pointCoordError.y).rounded(.down)), 0), last)
                            guard kx < extent.x, ky < extent.y else { continue }  // discarded
                            let word = PointSpriteProgram.fragment(
                                x: base.x + Int32(kx) * raster.step.x, y: base.y + Int32(ky) * raster.step.y,
                                snapshot: sampler)
                            target.storeWord(word, at: ((topRow - j) * list.width + i - g) * 4)
                        }
                    }
                }
            }
        }
        return image
    }

    static func differingPixels(_ a: Image, _ b: Image) -> Int {
        (0..<a.pixels.count / 4).filter { a.pixels[$0 * 4..<$0 * 4 + 4] != b.pixels[$0 * 4..<$0 * 4 + 4] }.count
    }

    static func raster(size: Float) throws -> PointSpriteRaster {
        try PointSpriteRaster(
            PointSpriteBatch(
                grid: PointGrid(attributes: []), texture: Texture(image: Image(width: 8, height: 8)), time: 0,
                tiling: try PieceTiling(pixels: size, columns: 1), texcoordScale: SIMD2(1, 1)))
    }

    /// Sizes that are not whole eighths of a pixel are refused, with what to do.
    @Test func pointSizesOffTheEighthsAreRefused() throws {
        for size: Float in [1.1, 2.3, 0.1, .infinity, 0, -1] {
            #expect(throws: PointSizeNotEighths(size: size)) { try Self.raster(size: size) }
        }
        #expect(throws: PointSizeNotEighths.self) { try Self.raster(size: .nan) }
        #expect(PointSizeNotEighths(size: 1.1).description.contains("multiple of 1/8 (0.125), e.g. 1.125"))
        // The transition refuses such a size when it is made, not at its first frame.
        let error = #expect(throws: ParameterError.self) {
            try PointLanesTests.transition(width: 20, height: 20, scale: 1, pointSize: 1.3, physics: .original, filter: .linear)
        }
        #expect(error?.description.contains("pointSize × scale (pixels) is 1.3 px") == true, "\(String(describing: error))")
        #expect(error?.description.contains("whole eighths of a pixel") == true, "\(String(describing: error))")
        #expect(error?.description.contains("e.g. 1.25") == true, "\(String(describing: error))")
    }

    struct Failure: Error {}
}
