import ShatterCore
import ShatterEffects
import ShatterGL
import ShatterSoftware
import ShatterTestSupport
import Testing

/// Held to the picture, not to the twin: before anything moves, the shattered transition shows the
/// `--from` picture byte for byte, on the CPU renderer and on this machine's GL, at every point size in
/// eighths of a pixel and on any screen. Neither renderer is the other's oracle here: each frame is
/// compared with the picture itself, a noise picture whose every pixel differs from its neighbours (a
/// seam shows the `--to` colour beneath, a resampled piece mixes neighbouring pixels). softpipe, which
/// must be chosen before EGL starts, runs the same sweep through the CLI (`FirstFrameOnSoftpipeTests`).
@Suite struct FirstFrameIsTheSnapshotTests {
    /// One odd screen, one portrait, one 16:9 (pixels, scale 1).
    static let screens: [Screen] = [Screen(97, 61), Screen(64, 113), Screen(160, 90)]
    /// Every eighth of a pixel from 1 to 17 px.
    static let pixelSizes: [Double] = (8...136).map { Double($0) / 8 }
    /// The widths `--point-size auto` is most used at, as 16:9 screens.
    static let autoWidths = [720, 1280, 1366, 1920, 2560, 3840]

    struct Screen: Sendable, CustomTestStringConvertible {
        let width: Int, height: Int
        init(_ width: Int, _ height: Int) { (self.width, self.height) = (width, height) }
        var testDescription: String { "\(width)x\(height)" }
    }

    @Test(arguments: screens)
    func onTheCPU(screen: Screen) throws {
        let renderer = SoftwareRenderer()
        for size in Self.pixelSizes {
            try Self.expectFirstFrameIsTheSnapshot(renderer, width: screen.width, height: screen.height, pointSize: size)
        }
    }

    @Test(.enabled(if: GLSupport.isAvailable, "needs an EGL context"), arguments: screens)
    func onGL(screen: Screen) throws {
        let renderer = try GLRenderer()
        for size in Self.pixelSizes {
            try Self.expectFirstFrameIsTheSnapshot(renderer, width: screen.width, height: screen.height, pointSize: size)
        }
    }

    /// `--point-size auto` (2 points of a 375-point screen, scaled to the width, in eighths: 10.25 px at
    /// 1920) at the widths people render, on the CPU and on GL.
    @Test(arguments: autoWidths)
    func atTheProportionalSize(width: Int) throws {
        let height = width * 9 / 16
        let size = ShatteredTransition.proportionalPointSize(pixelWidth: width)
        try Self.expectFirstFrameIsTheSnapshot(SoftwareRenderer(), width: width, height: height, pointSize: size)
        if GLSupport.isAvailable {
            try Self.expectFirstFrameIsTheSnapshot(GLRenderer(), width: width, height: height, pointSize: size)
        }
    }

    /// Random screens (1 to 400 points a side, whole pixels), sizes (any eighth from 1 to 40 px) and scales (1, 1.5, 2,
    /// the point size in points being the pixels over the scale), replayable from the seed.
    @Test func atRandomSizesScreensAndScales() throws {
        var random = SplitMix64(seed: 0x5EA7_1E55)
        let cpu = SoftwareRenderer()
        let gl = GLSupport.isAvailable ? try GLRenderer() : nil
        for _ in 0..<90 {
            let scale = [1.0, 1.5, 2.0][Int(random.next() % 3)]
            let width = 1 + Int(random.next() % 400)
            let height = 1 + Int(random.next() % 400)
            let pixels = Double(8 + random.next() % 313) / 8
            // A screen of whole pixels at that scale (else the snapshot is stretched by a fraction of a pixel).
            guard (Double(width) * scale).rounded() == Double(width) * scale,
                (Double(height) * scale).rounded() == Double(height) * scale
            else { continue }
            try Self.expectFirstFrameIsTheSnapshot(
                cpu, width: width, height: height, pointSize: pixels / scale, scale: scale)
            if let gl {
                try Self.expectFirstFrameIsTheSnapshot(gl, width: width, height: height, pointSize: pixels / scale, scale: scale)
            }
        }
    }

    /// At rest every pixel is drawn by exactly one piece: with every piece a half-transparent white
    /// blended over black, a pixel no piece draws stays black, and one drawn twice is lighter than the
    /// rest. Every pixel of the frame must be the same grey.
    @Test(arguments: [1.0, 1.125, 2.5, 3.375, 5.375, 7.75, 10.25, 10.875, 16])
    func everyPixelIsDrawnByExactlyOnePieceAtRest(pointSize: Double) throws {
        var renderers: [any Renderer] = [SoftwareRenderer()]
        if GLSupport.isAvailable { renderers.append(try GLRenderer()) }
        for renderer in renderers {
            for screen in Self.screens {
                let effect = try Self.transition(width: screen.width, height: screen.height, pointSize: pointSize)
                let list = effect.displayList(at: 0)
                guard case .texturedQuad(let background) = list.commands[0], case .pointSprites(var pieces) = list.commands[1]
                else { throw Unexpected() }
                pieces.texture = Texture(image: Image(width: 4, height: 4, fill: RGBA8(r: 128, g: 128, b: 128, a: 128)))
                pieces.blend = .sourceOver
                var black = background
                black.texture = Texture(image: Image(width: 4, height: 4, fill: RGBA8(r: 0, g: 0, b: 0, a: 255)))
                let frame = try renderer.render(
                    DisplayList(
                        width: list.width, height: list.height, clearColor: list.clearColor,
                        commands: [.texturedQuad(black), .pointSprites(pieces)]))
                let once = frame[0, 0]
                #expect(once.r > 0 && once.r < 250, "\(renderer.description) p \(pointSize): pixel (0, 0) is \(once)")
                var odd: [String] = []
                for y in 0..<frame.height {
                    for x in 0..<frame.width where frame[x, y] != once { odd.append("(\(x), \(y)) \(frame[x, y])") }
                }
                #expect(
                    odd.isEmpty,
                    "\(renderer.description), point size \(pointSize), \(screen.testDescription): \(odd.count) pixels drawn by no piece or by two, first \(odd.prefix(3))"
                )
            }
        }
    }

    struct Unexpected: Error {}

    // MARK: The check

    static func transition(width: Int, height: Int, pointSize: Double, scale: Double = 1) throws -> ShatteredTransition {
        let pixelWidth = Int((Double(width) * scale).rounded())
        let pixelHeight = Int((Double(height) * scale).rounded())
        let from = noisePicture(width: pixelWidth, height: pixelHeight, seed: UInt64(width * 1000 + height))
        let to = Image(width: pixelWidth, height: pixelHeight, fill: RGBA8(r: 255, g: 0, b: 255, a: 255))
        return try ShatteredTransition(
            from: Texture(image: from), to: Texture(image: to),
            parameters: .init(width: width, height: height, scale: scale, pointSize: pointSize))
    }

    /// Renders frame 0 (t = 0) and expects it to be the `--from` picture exactly, naming the first
    /// pixels that differ and how many do.
    static func expectFirstFrameIsTheSnapshot(
        _ renderer: any Renderer, width: Int, height: Int, pointSize: Double, scale: Double = 1,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let effect = try transition(width: width, height: height, pointSize: pointSize, scale: scale)
        let frame = try renderer.render(effect.displayList(at: 0))
        let picture = effect.from.image
        var differing: [String] = []
        var count = 0
        for y in 0..<picture.height {
            for x in 0..<picture.width where frame[x, y] != picture[x, y] {
                count += 1
                if differing.count < 3 { differing.append("(\(x), \(y)) \(frame[x, y]) for \(picture[x, y])") }
            }
        }
        #expect(
            count == 0,
            "\(renderer.description): \(width)x\(height) at scale \(scale), point size \(pointSize * scale) px: \(count) of \(picture.width * picture.height) pixels of frame 0 differ from the picture, first \(differing)",
            sourceLocation: sourceLocation)
    }
}
