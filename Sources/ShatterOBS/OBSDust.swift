import CShatterOBS
import Glibc
import ShatterAnimation
import ShatterCore
import ShatterEffects

/// One OBS dust transition for one canvas and one set of properties: the dust of `shatter join
/// --transition dust` (`DustEffect`: the layer split and every layer's motion), whose split OBS
/// uploads once as a texture and whose layers' poses it sets per frame; the GPU then composites the
/// layers as `Shaders/dust_layers.frag` does (`dust.effect`).
final class OBSDust {
    let width: Int
    let height: Int
    let effect: DustEffect

    init?(width: Int, height: Int, settings: shatter_obs_dust_settings) {
        let sides = 1...ParameterError.maxPixelSide
        guard sides.contains(width), sides.contains(height) else { return nil }
        self.width = width
        self.height = height
        let layers = min(max(Int(settings.layers), 1), Int(SHATTER_OBS_DUST_MAX_LAYERS))
        let drift = settings.drift.isFinite ? min(max(settings.drift, 0), 1) : 0.5
        let parameters = DustEffect.Parameters(
            width: width, height: height, layers: layers, spread: Size(width: 60 * drift, height: 30 * drift),
            seed: settings.seed)
        // The dust splits its picture by size: a stand-in of the canvas's, never drawn (OBS binds each
        // frame's outgoing scene).
        let standIn = Texture(image: Image(width: width, height: height))
        guard let effect = try? DustEffect(snapshot: standIn, parameters: parameters) else { return nil }
        self.effect = effect
    }

    var seconds: Double { effect.duration }

    /// The split as `shatter_obs_dust_assignment` gives it.
    func assignment(into rgba: UnsafeMutablePointer<UInt8>, size: Int) -> Bool {
        let image = effect.split.assignment.image
        guard image.width == width, image.height == height, size == image.pixels.count else { return false }
        image.pixels.withUnsafeBufferPointer { rgba.update(from: $0.baseAddress!, count: size) }
        return true
    }

    /// The visible layers at `seconds`, as `DustEffect.displayList(at:)` poses them: bottom first, one
    /// under half an 8-bit step of opacity left out.
    func frame(seconds: Double, layers: UnsafeMutablePointer<Float>, capacity: Int) -> Int {
        var written = 0
        for motion in effect.motions where written < capacity {
            let state = motion.state(at: seconds)
            guard state.opacity * 255 >= 0.5, let columns = effect.split.columnExtents[motion.index] else { continue }
            let out = layers + written * Int(SHATTER_OBS_DUST_FLOATS_PER_LAYER)
            out[0] = Float(state.position.x)
            out[1] = Float(state.position.y)
            out[2] = Float(cos(state.rotation))
            out[3] = Float(sin(state.rotation))
            out[4] = Float(state.opacity)
            out[5] = Float(motion.index)
            out[6] = Float(columns.lowerBound)
            out[7] = Float(columns.upperBound)
            written += 1
        }
        return written
    }
}
