import ShatterCore
import ShatterEffects
import ShatterSoftware

/// One transition a host made with `f0r_construct`: its frame size, its parameters' values, and
/// everything a frame needs, kept from frame to frame so that after the first no frame-sized buffer
/// is allocated: the two pictures' buffers (``HostPicture``), a frame buffer for a host drawing in
/// place, the effect (its grid or its dust split, rebuilt only when a parameter other than `progress`
/// changes) and the renderer's own scratch. A frame is drawn straight into the host's output where it
/// can be, from the host's own pictures where they are opaque: no copy of either.
///
/// A host may call one instance from several threads at once (MLT's slices, docs/frei0r.md): the
/// calls take turns on a lock, so none sees another's half-written buffers.
final class Frei0rInstance: Sendable {
    let transition: PluginTransition
    let width: Int
    let height: Int
    private let state: Locked<State>

    private struct State {
        var values: [Double]
        var from = HostPicture()
        var to = HostPicture()
        /// Where a frame is drawn when the host's output is one of its pictures (``update(from:to:output:)``).
        var frame = Image(width: 0, height: 0)
        var built: Built?
        /// Whether the next frame lends `from` to the renderer straight and unread: false after a frame
        /// whose sprites read a translucent texel of it, true again once a frame's `from` is read opaque.
        var fromLooksOpaque = true
        /// Which pictures the last frame drawn was drawn from lent straight (for tests).
        var lentStraight = (from: false, to: false)
        /// The settings no transition could be built from (a frame too large for its pieces), so that a
        /// failed build is not retried every frame.
        var refused: Frei0rSettings?
    }

    /// The effect for one set of settings, built around pictures that stand in for every frame's.
    private struct Built {
        let settings: Frei0rSettings
        let effect: any Effect
        let from: Texture
        let to: Texture
        /// Whether the renderer takes each picture lent straight (until it refuses it once:
        /// `StraightTexelsRefused`, as the dust's layers refuse `from`).
        var straightFrom = true
        var straightTo = true
    }

    private let renderer = SoftwareRenderer()

    /// Nil for a size no transition can have (0, or over `ParameterError.maxPixelSide`).
    init?(transition: PluginTransition, width: Int, height: Int) {
        let sides = 1...ParameterError.maxPixelSide
        guard sides.contains(width), sides.contains(height) else { return nil }
        self.transition = transition
        self.width = width
        self.height = height
        state = Locked(State(values: transition.parameters.map(\.defaultValue)))
    }

    /// The value a host last set (or the default), as it set it.
    func value(at index: Int) -> Double? {
        state.withLock { $0.values.indices.contains(index) ? $0.values[index] : nil }
    }

    /// Which pictures the last frame drawn was drawn from lent straight, unread (``draw(_:at:from:to:into:in:)``).
    var lentStraight: (from: Bool, to: Bool) { state.withLock { $0.lentStraight } }

    func setValue(_ value: Double, at index: Int) {
        state.withLock { if $0.values.indices.contains(index) { $0.values[index] = value } }
    }

    /// Draws the transition between `from` and `to` (straight RGBA8, `width`×`height`, top row first) at
    /// the instant `progress` names into `output`. Where no transition can be drawn, it cuts: `from`
    /// until `progress` reaches 1, then `to`.
    func update(from: UnsafePointer<UInt8>, to: UnsafePointer<UInt8>, output: UnsafeMutablePointer<UInt8>) {
        let bytes = width * height * 4
        state.withLock { state in
            let settings = transition.settings(state.values, width: width, height: height)
            let progress = transition.parameters[0].unit(state.values[0])
            guard state.refused != settings, let built = built(for: settings, in: &state) else {
                output.update(from: progress < 1 ? from : to, count: bytes)
                return
            }
            if state.frame.width != width || state.frame.height != height {
                state.from.size(width: width, height: height)
                state.to.size(width: width, height: height)
                state.frame = Image(width: width, height: height)
            }
            // A host that passes its output as a picture too (drawing in place) gets the frame drawn
            // apart and copied out, so that no picture is drawn over while it is read.
            let target = UnsafeMutableBufferPointer(start: output, count: bytes)
            let inPlace = Self.overlap(target, from) || Self.overlap(target, to)
            do {
                let opaque = try draw(
                    built, at: progress * settings.seconds, from: from, to: to, into: inPlace ? nil : target, in: &state)
                if inPlace {
                    for y in 0..<height { Alpha.straightRow(state.frame, y, into: output + y * width * 4) }
                } else if !opaque {
                    Alpha.straightenInPlace(output, count: bytes)
                }
            } catch {
                output.update(from: progress < 1 ? from : to, count: bytes)
            }
        }
    }

    /// Draws one frame into `target` (premultiplied), or into `state.frame` when nil, and says whether
    /// it is opaque, so already straight.
    ///
    /// Each picture is lent to the renderer straight and unread where it takes it so: `to` is
    /// premultiplied as it is copied under the pieces, and the pieces' kernel checks the alpha of every
    /// texel of `from` it reads. Where a read texel was translucent the frame is drawn again from `from`
    /// premultiplied (``HostPicture``), and so are the frames after, until one's `from` is opaque again:
    /// one picture read instead of two, and the same bytes, since drawn texels of alpha 255 are their
    /// premultiplied selves. Two opaque pictures make an opaque frame (the next picture is drawn over all
    /// of it, and source-over onto alpha 255 gives 255: `FrameOpacityTests`), and so do pictures whose
    /// texels drawn were all opaque.
    private func draw(
        _ built: Built, at time: Double, from: UnsafePointer<UInt8>, to: UnsafePointer<UInt8>,
        into target: UnsafeMutableBufferPointer<UInt8>?, in state: inout State
    ) throws -> Bool {
        var built = built
        while true {
            let lendFrom = built.straightFrom && state.fromLooksOpaque
            let fromTexture =
                lendFrom ? state.from.straight(from, replacing: built.from) : state.from.texture(from, replacing: built.from)
            let toTexture =
                built.straightTo ? state.to.straight(to, replacing: built.to) : state.to.texture(to, replacing: built.to)
            let list = try built.effect.displayList(at: time).replacingTextures {
                $0 === built.from ? fromTexture : $0 === built.to ? toTexture : $0
            }
            do {
                if let target { try renderer.render(list, into: target) } else { try renderer.render(list, into: &state.frame) }
            } catch let refused as StraightTexelsRefused {
                if refused.texture === fromTexture { built.straightFrom = false } else { built.straightTo = false }
                state.built = built
                continue
            }
            if lendFrom && fromTexture.metTranslucent {
                state.fromLooksOpaque = false
                continue
            }
            if !lendFrom { state.fromLooksOpaque = state.from.isOpaque }
            state.lentStraight = (lendFrom, built.straightTo)
            return (lendFrom || state.from.isOpaque) && (built.straightTo ? !toTexture.metTranslucent : state.to.isOpaque)
        }
    }

    /// Whether the picture at `picture` (a frame's bytes) shares any byte with `output`.
    private static func overlap(_ output: UnsafeMutableBufferPointer<UInt8>, _ picture: UnsafePointer<UInt8>) -> Bool {
        let start = UnsafePointer(output.baseAddress!)
        return picture < start + output.count && start < picture + output.count
    }

    /// The effect for `settings`, built on first use and again whenever they change.
    private func built(for settings: Frei0rSettings, in state: inout State) -> Built? {
        if let built = state.built, built.settings == settings { return built }
        state.built = nil
        // Stand-ins, never drawn: each frame's pictures take their place. The dust splits its picture by
        // size, so its stand-in has the frame's; the others' size is not read.
        let sized = settings.splitsSnapshot
        let from = Texture(image: Image(width: sized ? width : 1, height: sized ? height : 1))
        let to = Texture(image: Image(width: 1, height: 1))
        guard let effect = try? settings.makeEffect(from: from, to: to) else {
            state.refused = settings
            return nil
        }
        state.built = Built(settings: settings, effect: effect, from: from, to: to)
        return state.built
    }
}
