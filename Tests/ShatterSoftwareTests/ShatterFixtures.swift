import ShatterCore
import ShatterEffects

/// Small shattered transitions over the default screens, for the CPU renderer's tests.
enum ShatterFixture {
    static func effect(width: Int, height: Int, scale: Double = 1, pointSize: Double, seed: UInt64 = 0,
                       filter: TextureFilter = .linear) -> ShatteredTransition {
        let from = DefaultScenes.presentedScreen(widthPoints: width, heightPoints: height, scale: scale)
        let to = DefaultScenes.destination(widthPoints: width, heightPoints: height, scale: scale)
        return ShatteredTransition(
            from: Texture(image: from), to: Texture(image: to),
            parameters: .init(width: width, height: height, scale: scale, pointSize: pointSize, seed: seed, filter: filter))
    }
}
