/// The two screens of a shattered transition: what breaks (`from`) and what it reveals (`to`), each a
/// user PNG or the project's drawing of the original demo's screens.
public struct TransitionInputs: Sendable {
    public let from: Image
    public let to: Image
    /// Screen size in points.
    public let width: Int
    public let height: Int

    /// Loads or draws both screens. Without `size`, a `from` PNG sets it (its pixels ÷ `scale`),
    /// else the original's 375×667 points. PNGs of another size are stretched over the screen.
    public init(
        fromPath: String?, toPath: String?, size: (width: Int, height: Int)?, scale: Double,
        limits: PNGLimits = .default
    ) throws {
        let snapshot = try Self.snapshot(path: fromPath, size: size, scale: scale, limits: limits)
        width = snapshot.width
        height = snapshot.height
        from = snapshot.image
        to =
            try toPath.map { try PNGDecoder.read(path: $0, limits: limits) }
            ?? DefaultScenes.destination(widthPoints: width, heightPoints: height, scale: scale)
    }

    /// The screen an effect starts from and its size in points: the PNG at `path` (which sets the size
    /// when `size` is nil: its pixels ÷ `scale`), else the default presented screen (375×667 points
    /// unless `size` says otherwise).
    ///
    /// ```swift
    /// let screen = try TransitionInputs.snapshot(path: nil, size: nil, scale: 2)   // 750×1334 px
    /// ```
    public static func snapshot(
        path: String?, size: (width: Int, height: Int)?, scale: Double,
        limits: PNGLimits = .default
    ) throws -> (image: Image, width: Int, height: Int) {
        let picture = try path.map { try PNGDecoder.read(path: $0, limits: limits) }
        let size =
            size ?? picture.map { image in
                (max(1, Int((Double(image.width) / scale).rounded())), max(1, Int((Double(image.height) / scale).rounded())))
            } ?? (375, 667)
        let image = picture ?? DefaultScenes.presentedScreen(widthPoints: size.width, heightPoints: size.height, scale: scale)
        return (image, size.width, size.height)
    }
}
