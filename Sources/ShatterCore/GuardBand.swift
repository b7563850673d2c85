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

extension GuardBand {
    /// K, the side of the K × K viewport every GL draw uses: the smallest power of two holding the
    /// framebuffer, which is its lower-left part. Window → NDC is then a product by a power of two,
    /// exact fused or not (docs/parity.md, "Clip coordinates").
    public var viewportSide: Int { PointSpriteRaster.viewportSide(max(framebufferWidth, framebufferHeight)) }

    /// `u_windowOrigin`: image pixel (x right, y down) → window (x right, y up) is
    /// `(origin.x + x, origin.y − y)`.
    public var windowOrigin: SIMD2<Float> { SIMD2(Float(pixels), Float(pixels + height)) }

    /// `u_inverseHalfViewport`, 2/K: NDC = window · 2/K − 1.
    public var inverseHalfViewport: Float { 2 / Float(viewportSide) }

    /// `u_bounds` of `covering_quad.vert` for the image pixels `columns` × `rows`, cut to the
    /// framebuffer so that every value is a small whole number (exact in float); nil when none is in it.
    public func quadBounds(columns: Range<Int>, rows: Range<Int>) -> SIMD4<Float>? {
        let x = columns.clamped(to: -pixels..<(width + pixels))
        let y = rows.clamped(to: -pixels..<(height + pixels))
        guard !x.isEmpty, !y.isEmpty else { return nil }
        return SIMD4(Float(x.lowerBound), Float(y.lowerBound), Float(x.count), Float(y.count))
    }
}
