import ShatterAnimation

/// The animated "U" logo (AnimatedULogoView): a white disk wiped in clockwise from 12 o'clock, a
/// blue line from its centre to the top, a square in the middle, and a rounded-rectangle mask that
/// collapses the whole logo to a small square in the loop's last half second. Every layer has one
/// 3 s group, repeated forever, 2.1 s into its loop at t = 0.
///
/// Coordinates are points with the origin at the logo's centre (the screen centre), y down.
public struct SplashLogo: Sendable {
    /// The logo's four layers at one instant (presentation values).
    public struct State: Sendable, Equatable {
        /// `strokeEnd` and `transform` (about the centre) of the disk.
        public var circle: LayerState
        /// `lineWidth` and `transform` (about the centre) of the line.
        public var line: LayerState
        /// `bounds` (centred) and `backgroundColor` of the square.
        public var square: LayerState
        /// `bounds` (centred) and `cornerRadius` of the mask.
        public var mask: LayerState
    }

    public let circle: Layer
    public let line: Layer
    public let square: Layer
    public let mask: Layer

    public init() {
        let loop = MediaTiming(duration: Fuber.duration, timeOffset: Fuber.logoTimeOffset, repeatCount: .infinity)
        // The original zip writes the first rotation as +7π/4: the same matrix.
        let start = AffineTransform(rotationAngle: -.pi / 4).concatenating(AffineTransform(scaleX: 0.25, y: 0.25))
        let growth = Fuber.duration - Fuber.durationDelay
        let lastPart = growth / Fuber.duration  // keyTime 0.8333

        var circle = Layer()
        circle.add(
            .group(
                AnimationGroup(
                    timing: loop,
                    animations: [
                        .property(
                            \.strokeEnd,
                            KeyframeAnimation(
                                values: [0.0, 1.0], keyTimes: [0, 1],
                                timing: MediaTiming(duration: growth),
                                timingFunction: Fuber.strokeEnd)),
                        .property(
                            \.transform,
                            BasicAnimation(
                                from: start, to: .identity, timing: MediaTiming(duration: growth),
                                timingFunction: Fuber.strokeEnd)),
                    ])), forKey: "looping")

        var line = Layer()
        line.model.lineWidth = 5
        var held = loop
        held.isRemovedOnCompletion = false
        let lineCurves = [Fuber.strokeEnd, Fuber.circleCurve]
        line.add(
            .group(
                AnimationGroup(
                    timing: held,
                    animations: [
                        .property(
                            \.lineWidth,
                            KeyframeAnimation(
                                values: [0.0, 5.0, 0.0], keyTimes: [0, lastPart, 1],
                                timingFunctions: lineCurves,
                                timing: MediaTiming(duration: Fuber.duration))),
                        .property(
                            \.transform,
                            KeyframeAnimation(
                                values: [start, .identity, AffineTransform(scaleX: 0.15, y: 0.15)],
                                keyTimes: [0, lastPart, 1], timingFunctions: lineCurves,
                                timing: MediaTiming(duration: Fuber.duration))),
                    ])), forKey: "looping")

        var square = Layer()
        let side = Fuber.squareLength
        square.model.bounds = Rect(x: 0, y: 0, width: side, height: side)
        square.model.cornerRadius = Fuber.squareCornerRadius
        square.model.backgroundColor = Fuber.blue
        square.add(
            .group(
                AnimationGroup(
                    timing: held,
                    animations: [
                        .property(
                            \.bounds,
                            KeyframeAnimation(
                                values: [
                                    Rect(x: 0, y: 0, width: side * 2 / 3, height: side * 2 / 3),
                                    Rect(x: 0, y: 0, width: side, height: side), .zero,
                                ],
                                keyTimes: [0, lastPart, 1], timingFunctions: [Fuber.fadeInSquare, Fuber.squareCurve],
                                timing: MediaTiming(duration: Fuber.duration))),
                        // White until 1/3 s, blue from 1.533 s: beginTime 0.5·2/3, duration 3/2.5.
                        .property(
                            \.backgroundColor,
                            BasicAnimation(
                                from: Color.white, to: Fuber.blue,
                                timing: MediaTiming(
                                    beginTime: Fuber.durationDelay * 2 / Fuber.duration,
                                    duration: Fuber.duration / growth, fillMode: .both),
                                timingFunction: Fuber.squareCurve)),
                    ])), forKey: "looping")

        var mask = Layer()
        let diameter = Fuber.radius * 2
        mask.model.bounds = Rect(x: 0, y: 0, width: diameter, height: diameter)
        var maskTiming = held
        maskTiming.fillMode = .both
        let collapse = MediaTiming(beginTime: growth, duration: Fuber.durationDelay)
        mask.add(
            .group(
                AnimationGroup(
                    timing: maskTiming,
                    animations: [
                        .property(
                            \.bounds,
                            BasicAnimation(
                                from: Rect(x: 0, y: 0, width: diameter, height: diameter),
                                to: Rect(x: 0, y: 0, width: side * 2 / 3, height: side * 2 / 3),
                                timing: collapse, timingFunction: Fuber.circleCurve)),
                        .property(
                            \.cornerRadius,
                            BasicAnimation(
                                from: Fuber.radius, to: 2.0, timing: collapse,
                                timingFunction: Fuber.circleCurve)),
                    ])), forKey: "looping")

        self.circle = circle
        self.line = line
        self.square = square
        self.mask = mask
    }

    /// The layers' presentation values at `time` seconds after the splash starts.
    public func state(at time: Double) -> State {
        State(
            circle: circle.presentation(at: time), line: line.presentation(at: time),
            square: square.presentation(at: time), mask: mask.presentation(at: time))
    }
}
