import ShatterAnimation
import ShatterCore

/// Turns layer-space transforms (`AffineTransform`, Double, y down) into what the shape and layer
/// programs take: the inverse map from output pixels (`PixelMap`) and a covering pixel rectangle.
enum LayerGeometry {
    /// Margin, in pixels, around everything a shape or layer can touch, anti-aliased edge included.
    static let margin = 2.0

    static func pixelMap(_ t: AffineTransform) -> PixelMap {
        PixelMap(row0: SIMD3(Float(t.a), Float(t.c), Float(t.tx)), row1: SIMD3(Float(t.b), Float(t.d), Float(t.ty)))
    }

    /// The pixel rectangle covering `rect` (local space) once mapped by `toPixels`, plus the margin.
    static func covering(_ rect: Rect, _ toPixels: AffineTransform) -> PixelRect {
        let corners = [
            (rect.origin.x, rect.origin.y), (rect.origin.x + rect.size.width, rect.origin.y),
            (rect.origin.x, rect.origin.y + rect.size.height),
            (rect.origin.x + rect.size.width, rect.origin.y + rect.size.height),
        ]
        .map { toPixels.apply(to: Point(x: $0.0, y: $0.1)) }
        let x0 = corners.map(\.x).min()! - margin
        let x1 = corners.map(\.x).max()! + margin
        let y0 = corners.map(\.y).min()! - margin
        let y1 = corners.map(\.y).max()! + margin
        return PixelRect(x: Float(x0), y: Float(y0), width: Float(x1 - x0), height: Float(y1 - y0))
    }

    /// The overlap of two pixel rectangles (empty as zero size).
    static func intersection(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        let x0 = max(a.x, b.x)
        let y0 = max(a.y, b.y)
        let x1 = min(a.x + a.width, b.x + b.width)
        let y1 = min(a.y + a.height, b.y + b.height)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// Pixels per local unit of a similarity transform.
    static func scale(_ t: AffineTransform) -> Double { (t.a * t.a + t.b * t.b).squareRoot() }

    /// Premultiplied float color of an animation color.
    static func premultiplied(_ c: Color, opacity: Double = 1) -> SIMD4<Float> {
        let a = c.alpha * opacity
        return SIMD4(Float(c.red * a), Float(c.green * a), Float(c.blue * a), Float(a))
    }
}
