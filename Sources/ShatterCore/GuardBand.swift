/// The margin, in pixels, drawn around the visible image so that edge sprites are rasterised whole.
///
/// GLES discards a point whose centre leaves the clip volume, so a sprite straddling the image edge
/// would vanish whole. Both backends therefore draw into a framebuffer `guard` pixels larger on every
/// side and map the image's NDC square onto its inner region with ``clipScale``. The CPU renderer
/// does the same arithmetic (it just never stores the margin), so both see identical coordinates.
public struct GuardBand: Sendable, Equatable {
    /// Margin on every side, in pixels: ⌈largest point size / 2⌉ + 1.
    public let pixels: Int
    /// Inner image size, in pixels.
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int, largestPointSize: Float) {
        self.width = width
        self.height = height
        self.pixels = Int((largestPointSize / 2).rounded(.up)) + 1
    }

    public var framebufferWidth: Int { width + 2 * pixels }
    public var framebufferHeight: Int { height + 2 * pixels }

    /// Multiplies an image NDC position so that ±1 lands on the inner image's edges.
    public var clipScale: SIMD2<Float> {
        SIMD2(Float(width) / Float(framebufferWidth), Float(height) / Float(framebufferHeight))
    }
}
