import CShatterOBS
import ShatterAnimation
import ShatterCore
import ShatterEffects
import Testing

@testable import ShatterOBS

/// The OBS dust sets, per frame, the poses `shatter join --transition dust` draws: the layers of
/// `DustEffect.displayList(at:)`, field for field as its uniform block holds them.
@Suite struct OBSDustTests {
    @Test(arguments: [(41, 23, 32, 0.5, 0 as UInt64), (64, 36, 16, 0.8, 3), (30, 50, 1, 0, 9)])
    func posesAreTheDisplayListsLayers(width: Int, height: Int, layers: Int, drift: Double, seed: UInt64) throws {
        let settings = shatter_obs_dust_settings(layers: Int32(layers), drift: drift, seed: seed)
        let dust = try #require(OBSDust(width: width, height: height, settings: settings))
        #expect(dust.seconds == DustEffect.Parameters(layers: layers).duration)
        let effect = try DustEffect(
            snapshot: Texture(image: Image(width: width, height: height)),
            parameters: .init(
                width: width, height: height, layers: layers, spread: Size(width: 60 * drift, height: 30 * drift),
                seed: seed))
        var poses = [Float](repeating: .nan, count: 8 * Int(SHATTER_OBS_DUST_MAX_LAYERS))
        var checked = 0
        for time in [0.0, 0.4, 1.1, 1.9, dust.seconds] {
            let count = dust.frame(seconds: time, layers: &poses, capacity: Int(SHATTER_OBS_DUST_MAX_LAYERS))
            let list = effect.displayList(at: time)
            guard case .dustLayers(let stack) = list.commands.first else {
                // No layer can touch the frame any more: the CLI draws nothing, and the layers OBS still
                // composites add nothing to any pixel.
                #expect(list.commands.isEmpty)
                continue
            }
            let expected = stack.layers.map(\.uniform)
            #expect(count == expected.count, "layers at \(time) s")
            for (k, layer) in expected.enumerated() where k < count {
                let written = Array(poses[8 * k..<8 * k + 8])
                let wanted = [
                    layer.position.x, layer.position.y, layer.cosine, layer.sine, layer.opacity, layer.index,
                    layer.firstColumn, layer.lastColumn,
                ]
                #expect(written == wanted, "layer \(k) at \(time) s")
                checked += 1
            }
        }
        #expect(checked > 0)
    }

    /// The split OBS uploads is the effect's assignment texture, and only into a buffer of its size.
    @Test func assignmentIsTheSplits() throws {
        let dust = try #require(
            OBSDust(width: 20, height: 10, settings: shatter_obs_dust_settings(layers: 8, drift: 0.5, seed: 2)))
        var bytes = [UInt8](repeating: 0, count: 20 * 10 * 4)
        #expect(dust.assignment(into: &bytes, size: bytes.count))
        #expect(bytes == dust.effect.split.assignment.image.pixels)
        #expect(!dust.assignment(into: &bytes, size: bytes.count - 1))
        #expect(OBSDust(width: 0, height: 10, settings: shatter_obs_dust_settings(layers: 8, drift: 0.5, seed: 2)) == nil)
    }
}
