/// The vertex half of ``RasterProbe``: every vertex program run on small scenes of the real effects
/// (and crafted point sprites at and past the walls), its outputs captured as bits. The GL renderer
/// captures them with transform feedback; the CPU renderer computes them with `VertexProgramTwin`.
/// Equal bits mean that GL places every primitive where the CPU renderer does.
public enum VertexProbe {
    /// One scene's draws.
    public struct Scene: Codable, Sendable, Equatable {
        public var name: String
        public var draws: [VertexOutputs]
    }

    /// The scenes, by name: the shattered transition at rest, mid-fall and late (pieces at the walls
    /// and off the bottom) under both motions, crafted sprites hitting and passing the walls, the
    /// breathing flower's instanced petals, the splash's shapes, the dust's layers and the sprite sheet's
    /// textured quads.
    public static func scenes() throws -> [(name: String, list: DisplayList)] {
        var scenes: [(String, DisplayList)] = []
        let noise = Texture(image: noisePicture(width: 48, height: 40))
        let black = Texture(image: Image(width: 1, height: 1, fill: .opaqueBlack))
        for motion in [ShatteredTransition.Motion.closedForm, .euler60] {
            for pointSize in [2.0, 1.5] {
                let effect = try ShatteredTransition(
                    from: noise, to: black,
                    parameters: .init(width: 48, height: 40, pointSize: pointSize, seed: 3, motion: motion))
                for (words, time) in [("at rest", 0.0), ("mid-fall", 0.4), ("late", 1.0)] {
                    scenes.append(("shatter \(motion) \(pointSize) px \(words)", effect.displayList(at: time)))
                }
            }
        }
        for time: Float in [0, 0.05, 0.2, 0.6] {
            scenes.append(("sprites at and past the walls, t = \(time)", wallSprites(time: time)))
        }
        let breathe = try Breathe(parameters: .init(width: 64, height: 64))
        for time in [1.0, 3.0] { scenes.append(("breathe t = \(time)", breathe.displayList(at: time))) }
        let splash = try UberSplash(parameters: .init(width: 48, height: 80))
        for time in [0.45, 1.3] { scenes.append(("splash t = \(time)", splash.displayList(at: time))) }
        let dust = try DustEffect(snapshot: noise, parameters: .init(width: 48, height: 40, seed: 2))
        scenes.append(("dust t = 0.3", dust.displayList(at: 0.3)))
        let sheet = try SpriteSheetPlayer(
            sheet: SnapSpriteSheet.drawn(), frameWidth: SnapSpriteSheet.frameSide, frameHeight: SnapSpriteSheet.frameSide)
        scenes.append(("sprite sheet t = 0.8", sheet.displayList(at: 0.8)))
        return scenes
    }

    /// Captures every scene through `renderer`.
    public static func measure(_ renderer: any VertexCapturing) throws -> [Scene] {
        try scenes().map { Scene(name: $0.name, draws: try renderer.vertexOutputs(of: $0.list)) }
    }

    /// Points next to, on and beyond the walls (|x| = 1) and the floor, moving at them: the wall
    /// bounce, the stop speed and the drop of a centre leaving the clip volume.
    static func wallSprites(time: Float) -> DisplayList {
        var attributes: [Float] = []
        for x in [-1.0, -0.999, -0.97, 0, 0.97, 0.999, 1.0] as [Float] {
            for speed in [-3.0, -0.005, 0, 0.005, 3.0] as [Float] {
                for y in [-0.98, 0.5] as [Float] {
                    attributes += [x, y, (x + 1) / 2, (y + 1) / 2, speed, -4]
                }
            }
        }
        let grid = PointGrid(attributes: attributes)
        let batch = PointSpriteBatch(
            grid: grid, texture: Texture(image: noisePicture(width: 16, height: 16)), time: time,
            tiling: PieceTiling(eighths: 20, columns: grid.columns), texcoordScale: SIMD2(1.0 / 8, 1.0 / 8))
        return DisplayList(width: 40, height: 32, commands: [.pointSprites(batch)])
    }

    /// Bytes that differ from texel to texel.
    static func noisePicture(width: Int, height: Int) -> Image {
        var image = Image(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let h = UInt32(truncatingIfNeeded: (x &* 73_856_093) ^ (y &* 19_349_663)) &* 2_654_435_761
                image[x, y] = RGBA8(r: UInt8(h >> 24), g: UInt8((h >> 16) & 255), b: UInt8((h >> 8) & 255), a: 255)
            }
        }
        return image
    }

    /// How `gl`'s captures of one program compare with `twin`'s, in words, and whether every bit agrees.
    static func compare(program: String, gl: [Scene], twin: [Scene]) -> (gl: String, agrees: Bool) {
        var vertices = 0
        var differing = 0
        var first: String?
        var drawCounts = (gl: 0, twin: 0)
        for (glScene, twinScene) in zip(gl, twin) {
            let glDraws = glScene.draws.filter { $0.program == program }
            let twinDraws = twinScene.draws.filter { $0.program == program }
            drawCounts.gl += glDraws.count
            drawCounts.twin += twinDraws.count
            for (index, (a, b)) in zip(glDraws, twinDraws).enumerated() {
                vertices += b.vertices.count
                if a.vertices.count != b.vertices.count || a.outputs != b.outputs {
                    differing += b.vertices.count
                    first =
                        first ?? "\(glScene.name), draw \(index): \(a.vertices.count) vertices captured of \(b.vertices.count)"
                    continue
                }
                for (vertex, (x, y)) in zip(a.vertices, b.vertices).enumerated() where x != y {
                    differing += 1
                    guard first == nil, let word = zip(x, y).enumerated().first(where: { $0.element.0 != $0.element.1 }) else {
                        continue
                    }
                    first =
                        "\(glScene.name), draw \(index), vertex \(vertex): \(b.componentName(word.offset)) "
                        + "\(describe(word.element.0)) where the twin has \(describe(word.element.1))"
                }
            }
        }
        if gl.count != twin.count || drawCounts.gl != drawCounts.twin {
            return (
                "\(drawCounts.gl) draws captured in \(gl.count) scenes; the twin has \(drawCounts.twin) in \(twin.count)", false
            )
        }
        if vertices == 0 { return ("no draw of \(program) captured", false) }
        if differing == 0 { return ("\(vertices) of \(vertices) vertices as the twin's, bit for bit", true) }
        return ("\(differing) of \(vertices) vertices differ from the twin's; first: \(first ?? "?")", false)
    }

    /// A captured word as float and as bits: any value reads as words (NaN and infinities included).
    static func describe(_ word: UInt32) -> String {
        "\(Float(bitPattern: word)) (0x\(String(word, radix: 16)))"
    }
}
