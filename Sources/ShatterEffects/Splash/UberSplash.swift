import ShatterAnimation
import ShatterCore

/// The Uber splash screen (raywenderlich "Fuber", Derek Selander 2016): the animated "U" logo over a
/// rippling grid of tiles, both looping every 3 s.
///
/// Every timeline is Core Animation's, evaluated through `ShatterAnimation` (``SplashLogo``,
/// ``SplashTileGrid``). The logo is drawn as signed-distance shapes, the tiles and label as
/// transformed textured layers; textures are painted once, here.
///
/// ```swift
/// let splash = try UberSplash(parameters: .init(width: 375, height: 667, scale: 2))
/// let list = splash.displayList(at: 0.5)
/// ```
public struct UberSplash: Sendable {
    public struct Parameters: Sendable, Equatable, Codable, ScreenSized {
        /// Screen size in points.
        public var width: Int
        public var height: Int
        /// Output pixels per point.
        public var scale: Double
        /// Seconds rendered by default: two loops.
        public var duration: Double

        public init(width: Int = 375, height: Int = 667, scale: Double = 1, duration: Double = 6) {
            self.width = width
            self.height = height
            self.scale = scale
            self.duration = duration
        }
    }

    /// fuberBlue, RGB(15, 78, 101): the container's background, which covers the whole screen.
    public static let background = RGBA8(r: 15, g: 78, b: 101, a: 255)

    public let parameters: Parameters
    public let logo: SplashLogo
    public let grid: SplashTileGrid
    public let tileTexture: Texture
    public let labelTexture: Texture

    public init(parameters: Parameters) throws(ParameterError) {
        try parameters.checkScreen(of: Self.name)
        try ParameterError.check(parameters.duration, in: ParameterError.durations, "duration", of: Self.name)
        // The tile and the label are drawn once at the output's scale: each must fit a texture too.
        let artwork = max(Fuber.tileSide, SplashArtwork.labelSize.width, SplashArtwork.labelSize.height)
        try ParameterError.check(
            (artwork * parameters.scale).rounded(.up), in: 1...Double(ParameterError.maxPixelSide),
            "scale × the artwork's \(Int(artwork.rounded(.up))) points (pixels)", of: Self.name)
        self.init(checked: parameters)
    }

    /// The original: 375×667 points, two 3 s loops.
    public init() { self.init(checked: Parameters()) }

    private init(checked parameters: Parameters) {
        self.parameters = parameters
        logo = SplashLogo()
        grid = SplashTileGrid()
        tileTexture = SplashArtwork.tile(scale: parameters.scale)
        labelTexture = SplashArtwork.label(scale: parameters.scale)
    }

    /// The screen's points → output pixels, with the origin moved to the screen centre (where both
    /// the logo's origin and the grid container's centre sit).
    var centreToPixels: AffineTransform {
        let s = parameters.scale
        return AffineTransform(translationX: Double(parameters.width) / 2, y: Double(parameters.height) / 2)
            .concatenating(AffineTransform(scaleX: s, y: s))
    }

    public func displayList(at time: Double) -> DisplayList {
        var commands = gridCommands(at: time)
        commands += logoCommands(at: time)
        return DisplayList(
            width: parameters.pixelWidth, height: parameters.pixelHeight,
            clearColor: Self.background, commands: commands)
    }

    // MARK: Grid

    func gridCommands(at time: Double) -> [DrawCommand] {
        let zoom = grid.containerScale(at: time)
        let containerCentre = Point(x: Fuber.containerSize.width / 2, y: Fuber.containerSize.height / 2)
        let containerToPixels = AffineTransform(translationX: -containerCentre.x, y: -containerCentre.y)
            .concatenating(AffineTransform(scaleX: zoom, y: zoom)).concatenating(centreToPixels)
        var order = Array(grid.tiles.indices)
        order.append(order.remove(at: grid.centreIndex))  // bringSubviewToFront
        var commands: [DrawCommand] = []
        for index in order {
            let state = grid.tiles[index].layer.presentation(at: time)
            guard Float(state.opacity) > 0 else { continue }
            // Tile points (0…90, y down) → container: about the tile's centre, then to its position.
            let half = Fuber.tileSide / 2
            let s = state.transform.scale
            let tileToPixels = AffineTransform(translationX: -half, y: -half)
                .concatenating(AffineTransform(scaleX: s, y: s))
                .concatenating(AffineTransform(translationX: state.position.x, y: state.position.y))
                .concatenating(containerToPixels)
            let side = Fuber.tileSide
            if let quad = layer(
                tileTexture, size: Size(width: side, height: side), toPixels: tileToPixels,
                opacity: state.opacity)
            {
                commands.append(.layerQuad(quad))
            }
            if index == grid.centreIndex {
                // The label is a subview of the centre tile: its transform and opacity.
                let label = SplashArtwork.labelSize
                let centre = SplashArtwork.labelCentreInTile
                let size = Size(
                    width: Double(labelTexture.image.width) / parameters.scale,
                    height: Double(labelTexture.image.height) / parameters.scale)
                let labelToPixels = AffineTransform(
                    translationX: centre.x - label.width / 2,
                    y: centre.y - label.height / 2
                ).concatenating(tileToPixels)
                if let quad = layer(labelTexture, size: size, toPixels: labelToPixels, opacity: state.opacity) {
                    commands.append(.layerQuad(quad))
                }
            }
        }
        return commands
    }

    /// A texture shown over the local rectangle (0, 0, size) placed by `toPixels`.
    func layer(_ texture: Texture, size: Size, toPixels: AffineTransform, opacity: Double) -> LayerQuad? {
        guard let inverse = toPixels.inverted() else { return nil }
        let toTexture = inverse.concatenating(AffineTransform(scaleX: 1 / size.width, y: 1 / size.height))
        return LayerQuad(
            texture: texture, toTexture: LayerGeometry.pixelMap(toTexture), opacity: Float(opacity),
            bounds: LayerGeometry.covering(Rect(origin: .zero, size: size), toPixels))
    }

    // MARK: Logo

    func logoCommands(at time: Double) -> [DrawCommand] {
        let state = logo.state(at: time)
        let toPixels = centreToPixels
        let r = Fuber.radius

        // The mask: a rounded box in logo space, radius clamped to half its shorter side as CA does.
        let maskSize = state.mask.bounds.size
        guard maskSize.width > 0, maskSize.height > 0, let fromPixels = toPixels.inverted() else { return [] }
        let maskRadius = min(max(state.mask.cornerRadius, 0), maskSize.width / 2, maskSize.height / 2)
        let mask = SDFShape.Mask(
            halfSize: SIMD2(Float(maskSize.width / 2), Float(maskSize.height / 2)),
            radius: Float(maskRadius), toLocal: LayerGeometry.pixelMap(fromPixels),
            pixelsPerUnit: Float(parameters.scale))
        let maskBounds = LayerGeometry.covering(
            Rect(x: -maskSize.width / 2, y: -maskSize.height / 2, width: maskSize.width, height: maskSize.height), toPixels)

        var shapes: [SDFShape] = []
        // The disk: the stroke of a radius r/2 circle, r wide, from 12 o'clock clockwise to strokeEnd.
        let strokeEnd = min(max(state.circle.strokeEnd, 0), 1)
        if strokeEnd > 0 {
            // Shape frame: +y along the wipe's bisector (angle −90° + 180°·strokeEnd, y down).
            let bisector = -Double.pi / 2 + Double.pi * strokeEnd
            let frame = AffineTransform(
                a: -sin(bisector), b: cos(bisector), c: cos(bisector), d: sin(bisector),
                tx: 0, ty: 0)
            shapes += shape(
                .pie(radius: Float(r), halfAngle: Float(Double.pi * strokeEnd)),
                local: Rect(x: -r, y: -r, width: 2 * r, height: 2 * r),
                toPixels: state.circle.transform.concatenating(toPixels), frame: frame,
                color: .white, mask: mask, maskBounds: maskBounds)
        }
        // The line: centre to top, butt caps (CAShapeLayer's default), fuberBlue.
        let width = state.line.lineWidth
        if width > 0 {
            shapes += shape(
                .roundedBox(halfSize: SIMD2(Float(width / 2), Float(r / 2)), radius: 0),
                local: Rect(x: -width / 2, y: -r, width: width, height: r),
                toPixels: state.line.transform.concatenating(toPixels),
                frame: AffineTransform(translationX: 0, y: r / 2),
                color: Fuber.blue, mask: mask, maskBounds: maskBounds)
        }
        // The square: its bounds about the centre, corner radius 1.5 (clamped), animated color.
        let side = state.square.bounds.size
        if side.width > 0, side.height > 0 {
            let radius = min(max(state.square.cornerRadius, 0), side.width / 2, side.height / 2)
            shapes += shape(
                .roundedBox(halfSize: SIMD2(Float(side.width / 2), Float(side.height / 2)), radius: Float(radius)),
                local: Rect(x: -side.width / 2, y: -side.height / 2, width: side.width, height: side.height),
                toPixels: state.square.transform.concatenating(toPixels), frame: .identity,
                color: state.square.backgroundColor, mask: mask, maskBounds: maskBounds)
        }
        return shapes.map { .shape($0) }
    }

    /// One masked shape whose local space maps to pixels by `toPixels`; `frame` maps local space to
    /// the shape's own frame (where the program's shape is centred and oriented).
    func shape(
        _ kind: SDFShape.Kind, local: Rect, toPixels: AffineTransform, frame: AffineTransform, color: Color,
        mask: SDFShape.Mask, maskBounds: PixelRect
    ) -> [SDFShape] {
        guard let fromPixels = toPixels.inverted() else { return [] }
        let bounds = LayerGeometry.intersection(LayerGeometry.covering(local, toPixels), maskBounds)
        guard bounds.width > 0, bounds.height > 0 else { return [] }
        return [
            SDFShape(
                kind: kind, toLocal: LayerGeometry.pixelMap(fromPixels.concatenating(frame)),
                pixelsPerUnit: Float(LayerGeometry.scale(toPixels)),
                color: LayerGeometry.premultiplied(color), mask: mask, bounds: bounds)
        ]
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
