import ShatterCore
import ShatterEffects
import ShatterScenes

/// Small shattered transitions over the default screens, shared by the CPU and GL tests.
public enum ShatterFixture {
    public static func effect(
        width: Int, height: Int, scale: Double = 1, pointSize: Double, seed: UInt64 = 0,
        motion: ShatteredTransition.Motion = .closedForm,
        filter: TextureFilter = .linear
    ) throws -> ShatteredTransition {
        let from = DefaultScenes.presentedScreen(widthPoints: width, heightPoints: height, scale: scale)
        let to = DefaultScenes.destination(widthPoints: width, heightPoints: height, scale: scale)
        return try ShatteredTransition(
            from: Texture(image: from), to: Texture(image: to),
            parameters: .init(
                width: width, height: height, scale: scale, pointSize: pointSize, seed: seed, motion: motion,
                filter: filter))
    }
}

/// One point sprite over a transparent square canvas, showing its whole texture (nearest).
public enum SpriteFixture {
    public static func single(texture: Image, canvas: Int, size: Float, centre: SIMD2<Float>) -> DisplayList {
        let grid = PointGrid(attributes: [centre.x, centre.y, 0, 0, 0, 0])
        let batch = PointSpriteBatch(
            grid: grid, texture: Texture(image: texture), time: 0,
            tiling: PieceTiling(eighths: Int32(size * 8), columns: grid.columns),
            texcoordScale: SIMD2(1, 1), filter: .nearest)
        return DisplayList(width: canvas, height: canvas, commands: [.pointSprites(batch)])
    }

    /// A 4×4 texture with one color per texel: red grows to the right, green downwards.
    public static let gradient4x4: Image = {
        var texels = Image(width: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { texels[x, y] = RGBA8(r: UInt8(x * 60), g: UInt8(y * 60), b: 9, a: 255) } }
        return texels
    }()
}

/// Small Thanos-dust effects over the default screen, shared by the CPU and GL tests.
public enum DustFixture {
    public static func effect(
        width: Int, height: Int, scale: Double = 1, layers: Int = 32, path: DustPath = .bezier,
        seed: UInt64 = 0, reverse: Bool = false
    ) throws -> DustEffect {
        let snapshot = DefaultScenes.presentedScreen(widthPoints: width, heightPoints: height, scale: scale)
        return try DustEffect(
            snapshot: Texture(image: snapshot),
            parameters: .init(
                width: width, height: height, scale: scale, layers: layers, path: path, seed: seed,
                reverse: reverse))
    }

    /// The dust stack `list` draws (its first command), nil when it draws none.
    public static func stack(of list: DisplayList) -> DustLayerStack? {
        guard case .dustLayers(let stack) = list.commands.first else { return nil }
        return stack
    }
}

/// Where the Uber splash's logo disk shows a seam if its pie leaves the axis uncovered.
public enum SplashFixture {
    /// The rows of the image column through the logo's centre, from two pixels below the square to
    /// two pixels inside the disk's (or the collapsing mask's) lower edge, that are not opaque white.
    /// Meant for instants when the wipe is complete (strokeEnd = 1, t ∈ [0.4, 0.9) of every loop).
    public static func seamRows(in image: Image, splash: UberSplash, at time: Double) -> (checked: Int, seam: [Int]) {
        let scale = splash.parameters.scale
        let state = splash.logo.state(at: time)
        let centreX = Double(splash.parameters.width) * scale / 2
        let centreY = Double(splash.parameters.height) * scale / 2
        let disk = min(37.5, state.mask.bounds.size.height / 2) * scale
        let square = state.square.bounds.size.height / 2 * scale
        let column = Int(centreX.rounded(.down))
        let rows = Int((centreY + square + 2).rounded(.up))...Int((centreY + disk - 2).rounded(.down))
        return (rows.count, rows.filter { image[column, $0] != .opaqueWhite })
    }
}

/// Shapes thinner than a pixel, shared by the CPU and GL tests of area-correct coverage.
public enum ThinShapeFixture {
    /// A white vertical line `width` pixels wide and 20 tall, centred at x = `centreX`, over black
    /// on a 40×40 canvas: at a pixel centre (x = 20.5) it lies within column 20.
    public static func line(width: Float, centreX: Float = 20.5) -> DisplayList {
        let shape = SDFShape(
            kind: .roundedBox(halfSize: SIMD2(width / 2, 10), radius: 0),
            toLocal: PixelMap(row0: SIMD3(1, 0, -centreX), row1: SIMD3(0, 1, -20)), pixelsPerUnit: 1,
            color: SIMD4(1, 1, 1, 1), bounds: PixelRect(x: 10, y: 5, width: 20, height: 30))
        return DisplayList(width: 40, height: 40, clearColor: .opaqueBlack, commands: [.shape(shape)])
    }

    /// A white square of `side` pixels centred on the centre of pixel (20, 20), over black.
    public static func square(side: Float) -> DisplayList {
        let shape = SDFShape(
            kind: .roundedBox(halfSize: SIMD2(side / 2, side / 2), radius: 0),
            toLocal: PixelMap(row0: SIMD3(1, 0, -20.5), row1: SIMD3(0, 1, -20.5)), pixelsPerUnit: 1,
            color: SIMD4(1, 1, 1, 1), bounds: PixelRect(x: 10, y: 10, width: 20, height: 20))
        return DisplayList(width: 40, height: 40, clearColor: .opaqueBlack, commands: [.shape(shape)])
    }

    /// Coverage of row 20 summed over its pixels (from the red channel over black): the line's
    /// width in pixels, if coverage is area-correct.
    public static func rowCoverage(_ image: Image, row: Int = 20) -> Double {
        (0..<image.width).reduce(0) { $0 + Double(image[$1, row].r) / 255 }
    }

    /// Coverage of every pixel summed (the shape's area in pixels, if coverage is area-correct).
    public static func totalCoverage(_ image: Image) -> Double {
        (0..<image.height).reduce(0) { sum, row in sum + rowCoverage(image, row: row) }
    }
}
