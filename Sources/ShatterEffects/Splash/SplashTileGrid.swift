import ShatterAnimation

/// The background (TileGridView): a 630×990-point container of 7×11 tiles of 90 points, centred on
/// the screen, zooming from 0.75 to 1 once a loop; every tile fades in and flashes, and the inner
/// ones swell and move outwards, each a little later the further it is from the centre tile.
///
/// Coordinates are the container's points, origin at its top-left, y down.
public struct SplashTileGrid: Sendable {
    /// One tile: where it sits, and its animations.
    public struct Tile: Sendable {
        public let column: Int
        public let row: Int
        /// Seconds after the splash starts that its group begins: 0.0006666 s per point of distance.
        public let rippleDelay: Double
        /// The additive position offset at the ripple's peak: 0.025 × (tile centre − centre tile's).
        public let rippleOffset: Point
        /// Perimeter tiles only fade; the others also ripple.
        public let ripples: Bool
        public let layer: Layer
    }

    public let tiles: [Tile]
    /// Index in ``tiles`` of the centre tile (column 3, row 5), drawn last, under the label.
    public let centreIndex: Int
    public let container: Layer

    public init() {
        let side = Fuber.tileSide
        let centre = Point(x: Fuber.containerSize.width / 2, y: Fuber.containerSize.height / 2)
        var tiles: [Tile] = []
        var centreIndex = 0
        for row in 0..<Fuber.rows {
            for column in 0..<Fuber.columns {
                let position = Point(x: Double(column) * side + side / 2, y: Double(row) * side + side / 2)
                if position == centre { centreIndex = tiles.count }
                let offset = position - centre
                let distance = offset.squaredLength.squareRoot()
                let ripples = row != 0 && row != Fuber.rows - 1 && column != 0 && column != Fuber.columns - 1
                // unit(offset) · 0.025 · distance, as the original computes it.
                let ripple = distance > 0 ? offset * (1 / distance) * (Fuber.rippleMagnitudeMultiplier * distance) : .zero
                let delay = Fuber.rippleDelayMultiplier * distance
                tiles.append(
                    Tile(
                        column: column, row: row, rippleDelay: delay, rippleOffset: ripple, ripples: ripples,
                        layer: Self.tileLayer(position: position, delay: delay, offset: ripple, ripples: ripples)))
            }
        }
        self.tiles = tiles
        self.centreIndex = centreIndex

        var container = Layer()
        container.model.bounds = Rect(origin: .zero, size: Fuber.containerSize)
        container.add(
            .property(
                \.transform.scale,
                KeyframeAnimation(
                    values: [0.75, 0.75, 1.0, 1.0], keyTimes: [0, 0.45, 0.887, 1],
                    timingFunctions: [.linear, Fuber.containerMiddle, .linear],
                    timing: MediaTiming(
                        duration: Fuber.duration, timeOffset: Fuber.gridTimeOffset, repeatCount: .infinity,
                        isRemovedOnCompletion: false))), forKey: "scale")
        self.container = container
    }

    /// TileView.startAnimatingWithDuration: one group per tile, begun `delay` late, filled backwards.
    static func tileLayer(position: Point, delay: Double, offset: Point, ripples: Bool) -> Layer {
        var model = LayerState()
        model.position = position
        model.bounds = Rect(x: 0, y: 0, width: Fuber.tileSide, height: Fuber.tileSide)
        var layer = Layer(model: model)
        let curve = Fuber.tileCurve
        let cycle = MediaTiming(duration: Fuber.duration)
        var children: [LayerAnimation] = []
        if ripples {
            let curves = [TimingFunction.linear, curve, curve, .linear]
            children.append(
                .property(
                    \.transform.scale,
                    KeyframeAnimation(
                        values: [1, 1, 1.05, 1, 1], keyTimes: Fuber.rippleKeyTimes, timingFunctions: curves, timing: cycle)))
            children.append(
                .property(
                    \.position,
                    KeyframeAnimation(
                        values: [.zero, .zero, offset, .zero, .zero], keyTimes: Fuber.rippleKeyTimes, timingFunctions: curves,
                        timing: cycle, isAdditive: true)))
        }
        children.append(
            .property(
                \.opacity,
                KeyframeAnimation(
                    values: [0, 1, 0.45, 0.6, 0, 0], keyTimes: [0, 0.61, 0.7, 0.767, 0.95, 1],
                    timingFunctions: [.easeInEaseOut, curve, curve, .easeOut, .linear], timing: cycle)))
        layer.add(
            .group(
                AnimationGroup(
                    timing: MediaTiming(
                        beginTime: delay, duration: Fuber.duration, timeOffset: Fuber.gridTimeOffset,
                        repeatCount: .infinity, fillMode: .backwards, isRemovedOnCompletion: false),
                    animations: children)), forKey: "ripple")
        return layer
    }

    /// The tile at (`column`, `row`), or nil outside the grid.
    public func tile(column: Int, row: Int) -> Tile? {
        guard (0..<Fuber.columns).contains(column), (0..<Fuber.rows).contains(row) else { return nil }
        return tiles[row * Fuber.columns + column]
    }

    /// The container's zoom (`transform.scale`, about its centre) at `time`.
    public func containerScale(at time: Double) -> Double {
        container.presentation(at: time).transform.scale
    }
}
