import ShatterCore
import ShatterScenes
import ShatterEffects

/// Small shattered transitions over the default screens, shared by the CPU and GL tests.
public enum ShatterFixture {
    public static func effect(width: Int, height: Int, scale: Double = 1, pointSize: Double, seed: UInt64 = 0,
                              filter: TextureFilter = .linear) -> ShatteredTransition {
        let from = DefaultScenes.presentedScreen(widthPoints: width, heightPoints: height, scale: scale)
        let to = DefaultScenes.destination(widthPoints: width, heightPoints: height, scale: scale)
        return ShatteredTransition(
            from: Texture(image: from), to: Texture(image: to),
            parameters: .init(width: width, height: height, scale: scale, pointSize: pointSize, seed: seed, filter: filter))
    }
}

/// One point sprite over a transparent square canvas, showing its whole texture (nearest).
public enum SpriteFixture {
    public static func single(texture: Image, canvas: Int, size: Float, centre: SIMD2<Float>) -> DisplayList {
        let grid = PointGrid(attributes: [centre.x, centre.y, 0, 0, 0, 0])
        let batch = PointSpriteBatch(grid: grid, texture: Texture(image: texture), time: 0, pointSize: size,
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
    public static func effect(width: Int, height: Int, scale: Double = 1, layers: Int = 32, path: DustPath = .bezier,
                              seed: UInt64 = 0) -> DustEffect {
        let snapshot = DefaultScenes.presentedScreen(widthPoints: width, heightPoints: height, scale: scale)
        return DustEffect(snapshot: Texture(image: snapshot), parameters: .init(
            width: width, height: height, scale: scale, layers: layers, path: path, seed: seed))
    }
}
