import ShatterAnimation

/// The breathing flower's three animated layers, built with the Core Animation timing model exactly as
/// potato04's `BreathView` adds them (effects-originals §3.2): all 10.5 s, repeating forever, linear,
/// with key times that do not start at 0 or end at 1, which hold their first and last values.
///
/// Geometry is relative to the flower's centre, in points: the petal layer's position is its circle's
/// centre (model: the flower centre), and the ghost's scale is about the flower centre.
struct BreatheTimeline: Sendable {
    let petal: Layer
    let container: Layer
    let ghost: Layer

    init(cycleDuration: Double) {
        let loop = MediaTiming(duration: cycleDuration, repeatCount: .infinity)
        let open = Breathe.petalMaxRadius  // each petal moves out by its largest radius
        let grown = Breathe.petalMaxRadius / Breathe.petalMinRadius
        let petalKeyTimes = [0.1, 0.4, 0.5, 0.95]

        var petal = Layer()
        petal.add(
            .group(
                AnimationGroup(
                    timing: loop,
                    animations: [
                        .property(\.position.x, KeyframeAnimation(values: [0, -open, -open, 0], keyTimes: petalKeyTimes)),
                        .property(\.transform.scale, KeyframeAnimation(values: [1, grown, grown, 1], keyTimes: petalKeyTimes)),
                    ])), forKey: "petal")

        let turn = Double.pi / 3
        var container = Layer()
        container.add(
            .property(
                \.transform.rotation,
                KeyframeAnimation(
                    values: [-turn, -turn, turn, turn, -turn], keyTimes: [0, 0.1, 0.4, 0.5, 0.95], timing: loop)),
            forKey: "rotate")

        var hidden = LayerState()
        hidden.opacity = 0  // the ghost's model opacity: invisible outside its animation
        var ghost = Layer(model: hidden)
        ghost.add(
            .group(
                AnimationGroup(
                    timing: loop,
                    animations: [
                        .property(\.opacity, KeyframeAnimation(values: [0, 0.3, 0], keyTimes: [0.45, 0.5, 0.8])),
                        .property(\.transform.scale, KeyframeAnimation(values: [1, 1, 0.78], keyTimes: [0, 0.5, 0.8])),
                    ])), forKey: "ghost")

        self.petal = petal
        self.container = container
        self.ghost = ghost
    }

    func state(at time: Double) -> Breathe.State {
        let petal = petal.presentation(at: time)
        let ghost = ghost.presentation(at: time)
        return Breathe.State(
            petalOffset: -petal.position.x, petalRadius: Breathe.petalMinRadius * petal.transform.scale,
            rotation: container.presentation(at: time).transform.rotation,
            ghostOpacity: ghost.opacity, ghostScale: ghost.transform.scale)
    }
}
