/// How many blended fragments each pixel of a frame received (saturating at 255), row-major: what the
/// parity rule's allowance for fixed-function blending scales with (docs/parity.md, "Blending"). The
/// CPU renderer counts them when asked (`Renderer.renderCountingBlends(_:)`).
public struct BlendCounts: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var counts: [UInt8]

    /// No blended fragment anywhere yet.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        counts = [UInt8](repeating: 0, count: max(0, width) * max(0, height))
    }

    public subscript(x: Int, y: Int) -> Int { Int(counts[y * width + x]) }
}
