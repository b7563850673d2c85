import CLanes
import ShatterCore
import ShatterEffects
import ShatterTestSupport
import Testing

@testable import ShatterSoftware

/// The dust drawn by layer spans (`dust_layers.c`) must give exactly the bytes of running
/// `DustLayersProgram` at every pixel of the covering quad, whatever the layers' poses.
@Suite struct DustSpanTests {
    /// `list` drawn by spans at the processor's tier (the AVX-512 twin where it has AVX-512), at the AVX2
    /// tier (where the processor runs it), at the baseline tier (the twin for any x86-64), and pixel by
    /// pixel (no shortcut): every span twin must equal the last, returned as `literal`.
    static func bothWays(_ list: DisplayList) throws -> (spans: Image, literal: Image) {
        var literal = SoftwareRenderer()
        literal.shortcuts = []
        var baseline = SoftwareRenderer()
        baseline.shortcuts = [.exact]
        baseline.tier = .baseline
        var avx2 = SoftwareRenderer()
        avx2.tier = .avx2
        let reference = try literal.render(list)
        #expect(try baseline.render(list) == reference, "the twin for any x86-64")
        #expect(try avx2.render(list) == reference, "the AVX2 twin")
        return (try SoftwareRenderer().render(list), reference)
    }

    @Test(arguments: [
        (120, 90, 1.0, 32, false), (61, 47, 2.0, 8, true), (64, 40, 1.5, 255, false), (77, 33, 1.0, 1, true),
        // Spans longer than the AVX-512 twin's chunk of 512 pixels.
        (1100, 12, 1.0, 16, false),
    ])
    func everyInstantOfAnEffectIsTheProgramsBytes(width: Int, height: Int, scale: Double, layers: Int, reverse: Bool) throws {
        let effect = try DustFixture.effect(
            width: width, height: height, scale: scale, layers: layers, seed: 5, reverse: reverse)
        for time in stride(from: 0.0, through: effect.duration, by: effect.duration / 9) {
            let (spans, literal) = try Self.bothWays(effect.displayList(at: time))
            #expect(spans == literal, "t = \(time)")
        }
    }

    /// A translucent snapshot of another size than the output (stretched, texel scale off 1), drawn
    /// over a colored background so the blend shows.
    @Test func aStretchedTranslucentSnapshotOverABackground() throws {
        let snapshot = Texture(image: SoftwareRendererFastPathTests.noise(53, 71, seed: 2))
        let effect = try DustEffect(snapshot: snapshot, parameters: .init(width: 90, height: 64, layers: 12, seed: 1))
        for time in [0.0, 0.4, 1.1, 1.9] {
            var list = effect.displayList(at: time)
            list.clearColor = RGBA8(r: 10, g: 200, b: 30, a: 180)
            let (spans, literal) = try Self.bothWays(list)
            #expect(spans == literal, "t = \(time)")
        }
    }

    /// Poses no effect makes: a quarter and a half turn (a band along rows, or mirrored), a layer far
    /// off the picture, one moved by a fraction of a pixel, one almost transparent, one whose column
    /// band is narrower than the columns it owns (the program's column test then hides some of them),
    /// one turned so that sixteen pixels of a row cross two or three rows of texels (the AVX-512
    /// twin's five-row window), and two on top at rest (each pixel then takes only its own texel's
    /// owners), one translucent with its column band narrowed too.
    @Test func posesOfEveryAngleAndPlace() throws {
        let snapshot = Texture(image: SoftwareRendererFastPathTests.noise(80, 60, seed: 7))
        let split = try DustLayerSplit(width: 80, height: 60, layers: 9, seed: 4)
        let anchor = SIMD2<Float>(40, 30)
        let turns: [(Float, Float)] = [
            (0, 1), (-1, 0), (0.6, -0.8), (0.9995, 0.0316), (1, 0), (-0.28, 0.96), (0.985, 0.1726), (1, 0), (1, 0),
        ]
        let places: [SIMD2<Float>] = [
            SIMD2(40, 30), SIMD2(52.25, 21.5), SIMD2(-30, 90), SIMD2(40.37, 29.81), SIMD2(11, 44), SIMD2(70, 5),
            SIMD2(33.5, 27.25), anchor, anchor,
        ]
        let poses = (0..<9).compactMap { i -> DustLayerPose? in
            guard var columns = split.columnExtents[i] else { return nil }
            if i == 5 || i == 7, columns.count > 12 { columns = (columns.lowerBound + 6)...(columns.upperBound - 6) }
            let opacity: Float = i == 4 ? 0.003 : i == 7 ? 0.6 : i == 8 ? 1 : 0.85
            return DustLayerPose(
                layer: i, position: places[i], rotation: SIMD2(turns[i].0, turns[i].1), opacity: opacity, columns: columns)
        }
        try Self.expectPosesDrawnAsTheProgram(poses, snapshot: snapshot, split: split, anchor: anchor)
    }

    /// `poses` of `split`'s layers over an 80 × 60 `snapshot`, drawn over a blue background: the spans'
    /// frame is the program's, and something was drawn.
    static func expectPosesDrawnAsTheProgram(
        _ poses: [DustLayerPose], snapshot: Texture, split: DustLayerSplit, anchor: SIMD2<Float>
    ) throws {
        let stack = DustLayerStack(
            snapshot: snapshot, assignment: split.assignment, anchor: anchor, layers: poses,
            bounds: PixelRect(x: 0, y: 0, width: 80, height: 60))
        let background = RGBA8(r: 0, g: 0, b: 90, a: 255)
        let list = DisplayList(width: 80, height: 60, clearColor: background, commands: [.dustLayers(stack)])
        let (spans, literal) = try bothWays(list)
        #expect(spans == literal)
        #expect(spans != Image(width: 80, height: 60, fill: background))
    }

    /// A few layers of a larger split, all at rest: the AVX-512 twin's resting pass then looks up 32
    /// layers or fewer in registers, but the assignment names layers past 32 on the right (a step there
    /// must take the gathers) and only layers below 32 on the left (a step there the registers).
    @Test func aFewLayersOfALargerSplitAtRest() throws {
        let snapshot = Texture(image: SoftwareRendererFastPathTests.noise(80, 60, seed: 3))
        let split = try DustLayerSplit(width: 80, height: 60, layers: 64, seed: 2)
        let anchor = SIMD2<Float>(40, 30)
        let poses = [2, 9, 20, 31, 33, 40, 47, 58].compactMap { i -> DustLayerPose? in
            guard let columns = split.columnExtents[i] else { return nil }
            return DustLayerPose(
                layer: i, position: anchor, rotation: SIMD2(1, 0), opacity: i == 40 ? 0.5 : 1, columns: columns)
        }
        #expect(poses.count == 8)
        try Self.expectPosesDrawnAsTheProgram(poses, snapshot: snapshot, split: split, anchor: anchor)
    }

    /// A snapshot with no texel: every layer adds nothing, so the frame is its clear color.
    @Test func anEmptySnapshotLeavesTheFrameAsItWas() throws {
        let empty = Texture(image: Image(width: 0, height: 0))
        let pose = DustLayerPose(layer: 0, position: SIMD2(5, 5), rotation: SIMD2(1, 0), opacity: 1, columns: 0...0)
        let stack = DustLayerStack(
            snapshot: empty, assignment: empty, anchor: SIMD2(5, 5), layers: [pose],
            bounds: PixelRect(x: 0, y: 0, width: 10, height: 10))
        let background = RGBA8(r: 9, g: 8, b: 7, a: 255)
        let list = DisplayList(width: 10, height: 10, clearColor: background, commands: [.dustLayers(stack)])
        let (spans, literal) = try Self.bothWays(list)
        #expect(spans == literal)
        #expect(spans == Image(width: 10, height: 10, fill: background))
    }

    /// The kernel reads Swift's uniforms as its own struct: same size, same field offsets.
    @Test func theKernelsLayerIsTheUniformBlocksElement() {
        #expect(MemoryLayout<shatter_dust_layer>.size == MemoryLayout<DustLayerUniform>.size)
        #expect(MemoryLayout<DustLayerUniform>.offset(of: \.cosine) == MemoryLayout<shatter_dust_layer>.offset(of: \.cosine))
        #expect(MemoryLayout<DustLayerUniform>.offset(of: \.opacity) == MemoryLayout<shatter_dust_layer>.offset(of: \.opacity))
        #expect(MemoryLayout<DustLayerUniform>.offset(of: \.index) == MemoryLayout<shatter_dust_layer>.offset(of: \.index))
        #expect(
            MemoryLayout<DustLayerUniform>.offset(of: \.lastColumn) == MemoryLayout<shatter_dust_layer>.offset(of: \.lastColumn))
    }
}
