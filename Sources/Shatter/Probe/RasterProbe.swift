/// The rasterisation rules the CPU renderer copies from the GPU, measured through any `Renderer`
/// with small display lists: run on GL it shows what the driver does; run on the CPU renderer it
/// shows what the twin assumes. Equal measurements mean the twin's rules hold on that GL.
///
/// Every scene places its primitives at positions that are exact in float (the guard band's clip
/// scale is 1/2 there), so a measurement shows the rule, not the arithmetic around it.
public struct RasterProbe: Sendable {
    /// Everything measured, as plain values (what the probe command writes as JSON per renderer).
    public struct Measurements: Codable, Sendable, Equatable {
        /// 1-px point swept right in 1/1024-px steps from a pixel boundary: the first step that
        /// covers the next pixel (2: snapped to 1/256 px with ties rounded up; 1: finer than 1/512).
        public var pointSnapX: Int?
        /// The same sweep upwards.
        public var pointSnapY: Int?
        /// Per sprite (size, then offset k/8 px right and down): the covered pixels' box in its cell,
        /// as [min x, max x, min y, max y].
        public var spriteEdges: [[Int]]
        /// The stored byte of a fragment whose value is (k + 0.5)/255 in float, k = 0…254.
        public var colorStore: [Int]
        /// Per blend row (`blendRows`): the red byte over destination bytes 0…255.
        public var blendSourceOver: [[Int]]
        public var blendScreen: [[Int]]
        /// `texture()` with linear filtering between texels 0 and 255, at weights (k + 1/4)/1024
        /// (k = 0…1024; the quarter step keeps every position off a 1/256 tie).
        public var filterRamp: [Int]
        /// Per sprite (``pointCoordSizes``, then offset k/8 px right and down): the texel each covered
        /// pixel shows, from a texture whose texels all differ, as [x, y, texel x, texel y, …] in rows.
        /// The texel follows `floor(gl_PointCoord · size)`, which pixel of the sprite GL says it is.
        public var pointCoordTexels: [[Int]]
        /// Every vertex program's outputs on ``VertexProbe``'s scenes, bit for bit.
        public var vertexScenes: [VertexProbe.Scene]
    }

    public static let spriteSizes: [Float] = [1, 1.5, 2, 2.5, 3, 4]
    public static let spriteOffsets = 0...8
    /// Sprite sizes for `gl_PointCoord`: whole, halves, quarters and eighths up to 16 px.
    public static let pointCoordSizes: [Float] = [1, 1.5, 2, 2.25, 3, 3.875, 5, 7.5, 16]
    /// Source opacities for the blend rows (a white source at that opacity, premultiplied).
    public static let blendOpacities: [Float] = [0.25, 0.3, 0.5, 0.7, 0.9, 51.0 / 255, 200.0 / 255]

    public init() {}

    public func measure(_ renderer: any Renderer & VertexCapturing) throws -> Measurements {
        Measurements(
            pointSnapX: try pointSweep(renderer, vertical: false), pointSnapY: try pointSweep(renderer, vertical: true),
            spriteEdges: try spriteEdges(renderer), colorStore: try colorStore(renderer),
            blendSourceOver: try blend(renderer, mode: .sourceOver), blendScreen: try blend(renderer, mode: .screen),
            filterRamp: try filterRamp(renderer), pointCoordTexels: try pointCoordTexels(renderer),
            vertexScenes: try VertexProbe.measure(renderer))
    }

    // MARK: Points

    static let white = Texture(image: Image(width: 1, height: 1, fill: .opaqueWhite))

    private static func points(_ centres: [SIMD2<Float>], size: Float) throws -> PointSpriteBatch {
        let grid = PointGrid(attributes: centres.flatMap { [$0.x, $0.y, 0, 0, 0, 0] })
        return PointSpriteBatch(
            grid: grid, texture: white, time: 0, tiling: try PieceTiling(pixels: size, columns: grid.columns),
            texcoordScale: SIMD2(1, 1), filter: .nearest)
    }

    /// 1025 one-pixel points, point k in its own row (or column) at 4 + k/1024 px in the 8-px
    /// framebuffer (a 4-px image and a 2-px guard band: clip scale 1/2, so every position is exact).
    private func pointSweep(_ renderer: any Renderer, vertical: Bool) throws -> Int? {
        let steps = 1025
        var centres: [SIMD2<Float>] = []
        for k in 0..<steps {
            let across = Float(k) / 2048  // NDC: window 4 + k/1024
            let along = 1 - 2 * (Float(k) + 0.5) / Float(steps)  // the middle of row (column) k
            centres.append(vertical ? SIMD2(-along, across) : SIMD2(across, along))
        }
        let list = DisplayList(
            width: vertical ? steps : 4, height: vertical ? 4 : steps,
            commands: [.pointSprites(try Self.points(centres, size: 1))])
        let image = try renderer.render(list)
        // Right of the boundary is image column 2; above it (GL's y runs up) is image row 1.
        return (0..<steps).first { k in vertical ? image[k, 1].a == 255 : image[2, k].a == 255 }
    }

    /// Sprites of every size at offsets k/8 px right and down from a pixel centre, each in a 16×16 cell.
    private func spriteEdges(_ renderer: any Renderer) throws -> [[Int]] {
        let cells = Self.spriteSizes.count * Self.spriteOffsets.count
        let width = 16
        let height = 16 * cells
        var commands: [DrawCommand] = []
        var cell = 0
        for size in Self.spriteSizes {
            for k in Self.spriteOffsets {
                let x = 8 + Float(k) / 8
                let y = Float(cell * 16) + 8 + Float(k) / 8  // image pixels, y down
                let ndc = SIMD2(2 * x / Float(width) - 1, 1 - 2 * y / Float(height))
                commands.append(.pointSprites(try Self.points([ndc], size: size)))
                cell += 1
            }
        }
        let image = try renderer.render(DisplayList(width: width, height: height, commands: commands))
        return (0..<cells).map { cell in
            var box = [Int.max, Int.min, Int.max, Int.min]
            for y in 0..<16 {
                for x in 0..<16 where image[x, cell * 16 + y].a == 255 {
                    box = [min(box[0], x), max(box[1], x), min(box[2], y), max(box[3], y)]
                }
            }
            return box[0] == Int.max ? [] : box
        }
    }

    /// A texture whose texel (x, y) has red 4x, green 4y: every texel differs.
    static let numbered: Texture = {
        var texels = Image(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 { texels[x, y] = RGBA8(r: UInt8(4 * x), g: UInt8(4 * y), b: 0, a: 255) }
        }
        return Texture(image: texels)
    }()

    /// Sprites of every ``pointCoordSizes`` size at offsets k/8 px from a pixel centre, one texel per
    /// pixel (nearest), each in a 24 × 24 cell: each pixel shows the texel of its `floor(gl_PointCoord · size)`.
    private func pointCoordTexels(_ renderer: any Renderer) throws -> [[Int]] {
        let cells = Self.pointCoordSizes.count * Self.spriteOffsets.count
        let side = 24
        let height = side * cells
        var commands: [DrawCommand] = []
        var cell = 0
        for size in Self.pointCoordSizes {
            for k in Self.spriteOffsets {
                let x = Float(side / 2) + Float(k) / 8
                let y = Float(cell * side + side / 2) + Float(k) / 8  // image pixels, y down
                let ndc = SIMD2(2 * x / Float(side) - 1, 1 - 2 * y / Float(height))
                // The cell's lower-left corner at texel (20, 20) from the bottom; one texel per pixel.
                let grid = PointGrid(attributes: [ndc.x, ndc.y, 20.0 / 64, 20.0 / 64, 0, 0])
                let batch = PointSpriteBatch(
                    grid: grid, texture: Self.numbered, time: 0, tiling: try PieceTiling(pixels: size, columns: grid.columns),
                    texcoordScale: SIMD2(size / 64, size / 64), filter: .nearest)
                commands.append(.pointSprites(batch))
                cell += 1
            }
        }
        let image = try renderer.render(DisplayList(width: side, height: height, commands: commands))
        return (0..<cells).map { cell in
            var texels: [Int] = []
            for y in 0..<side {
                for x in 0..<side where image[x, cell * side + y].a == 255 {
                    let texel = image[x, cell * side + y]
                    texels += [x, y, Int(texel.r) / 4, Int(texel.g) / 4]
                }
            }
            return texels
        }
    }

    // MARK: Color and blending

    private static func quad(
        _ texture: Texture, _ rect: PixelRect, opacity: Float = 1, blend: BlendMode = .replace,
        filter: TextureFilter = .nearest
    ) -> DrawCommand {
        .texturedQuad(TexturedQuad(texture: texture, rect: rect, opacity: opacity, blend: blend, filter: filter))
    }

    private func colorStore(_ renderer: any Renderer) throws -> [Int] {
        let commands = (0..<255).map { k in
            Self.quad(Self.white, PixelRect(x: Float(k), y: 0, width: 1, height: 1), opacity: (Float(k) + 0.5) / 255)
        }
        let image = try renderer.render(DisplayList(width: 255, height: 1, commands: commands))
        return (0..<255).map { Int(image[$0, 0].r) }
    }

    /// Destination bytes 0…255 across (gray, alpha equal to the gray), one row per opacity.
    static let destination: Texture = {
        var ramp = Image(width: 256, height: 1)
        for d in 0..<256 { ramp[d, 0] = RGBA8(r: UInt8(d), g: UInt8(d), b: UInt8(d), a: UInt8(d)) }
        return Texture(image: ramp)
    }()

    private func blend(_ renderer: any Renderer, mode: BlendMode) throws -> [[Int]] {
        let rows = Self.blendOpacities.count
        var commands = [Self.quad(Self.destination, PixelRect(x: 0, y: 0, width: 256, height: Float(rows)))]
        for (row, opacity) in Self.blendOpacities.enumerated() {
            commands.append(
                Self.quad(Self.white, PixelRect(x: 0, y: Float(row), width: 256, height: 1), opacity: opacity, blend: mode))
        }
        let image = try renderer.render(DisplayList(width: 256, height: rows, commands: commands))
        return (0..<rows).map { row in (0..<256).map { Int(image[$0, row].r) } }
    }

    // MARK: Filtering

    /// The textured-quad program's filter (integer texel addresses since 0.11.0; `texture()` before):
    /// texels 0 and 255 stretched so that pixel k samples at weight (k + 1/4)/1024 between them:
    /// u = (k + 512.25)/2048, texel position u·2 − 0.5 = (k + 1/4)/1024.
    private func filterRamp(_ renderer: any Renderer) throws -> [Int] {
        var texels = Image(width: 2, height: 1)
        texels[1, 0] = .opaqueWhite
        let list = DisplayList(
            width: 1025, height: 1,
            commands: [
                Self.quad(Texture(image: texels), PixelRect(x: -511.75, y: 0, width: 2048, height: 1), filter: .linear)
            ])
        let image = try renderer.render(list)
        return (0..<1025).map { Int(image[$0, 0].r) }
    }
}
