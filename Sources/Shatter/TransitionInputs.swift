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
    public init(fromPath: String?, toPath: String?, size: (width: Int, height: Int)?, scale: Double,
                limits: PNGLimits = .default) throws {
        let snapshot = try fromPath.map { try PNGDecoder.read(path: $0, limits: limits) }
        let size = size ?? snapshot.map { image in
            (max(1, Int((Double(image.width) / scale).rounded())), max(1, Int((Double(image.height) / scale).rounded())))
        } ?? (375, 667)
        width = size.width
        height = size.height
        from = snapshot ?? DefaultScenes.presentedScreen(widthPoints: width, heightPoints: height, scale: scale)
        to = try toPath.map { try PNGDecoder.read(path: $0, limits: limits) }
            ?? DefaultScenes.destination(widthPoints: width, heightPoints: height, scale: scale)
    }
}
