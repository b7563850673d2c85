import ShatterCore

/// A tiny software painter over an `Image`: rectangles, anti-aliased rounded rectangles and bitmap text.
///
/// It exists so default input pictures can be drawn in pure Swift, deterministically, with no graphics
/// library. All coordinates are **pixels** (callers working in points multiply by their scale first);
/// colors are premultiplied and composited source-over; anything outside the image is clipped.
///
/// ```swift
/// var canvas = Canvas(width: 100, height: 60)              // opaque white
/// canvas.fillRect(x: 0, y: 0, width: 100, height: 10, color: .opaqueBlack)
/// canvas.fillRoundedRect(x: 10, y: 20, width: 80, height: 30, radius: 8,
///                        color: RGBA8(r: 0, g: 122, b: 255, a: 255))
/// canvas.drawText("Hi", x: 40, y: 30, color: .opaqueWhite, size: 2)
/// let image = canvas.image
/// ```
public struct Canvas: Sendable {
    /// The picture painted so far.
    public var image: Image

    /// Starts from an existing image.
    public init(_ image: Image) {
        self.image = image
    }

    /// Starts from a blank image filled with `fill` (opaque white by default, like a page).
    public init(width: Int, height: Int, fill: RGBA8 = .opaqueWhite) {
        self.image = Image(width: width, height: height, fill: fill)
    }

    /// Composites `color` source-over the pixel rectangle `[x, x+width) × [y, y+height)`.
    public mutating func fillRect(x: Int, y: Int, width: Int, height: Int, color: RGBA8) {
        Canvas.fillBlock(in: &image, x: x, y: y, width: width, height: height, color: color)
    }

    /// Fills a rounded rectangle in one color; see ``fillRoundedRect(x:y:width:height:radius:paint:)``.
    public mutating func fillRoundedRect(
        x: Double, y: Double, width: Double, height: Double,
        radius: Double, color: RGBA8
    ) {
        fillRoundedRect(x: x, y: y, width: width, height: height, radius: radius) { _, _ in color }
    }

    /// Fills a rounded rectangle whose color comes from `paint(px, py)` for each covered pixel.
    ///
    /// Edges are anti-aliased from the signed distance `d` of the pixel centre to the outline:
    /// coverage = clamp(0.5 − d, 0, 1). The radius is clamped to half the shorter side.
    public mutating func fillRoundedRect(
        x: Double, y: Double, width: Double, height: Double,
        radius: Double, paint: (Int, Int) -> RGBA8
    ) {
        guard [x, y, width, height, radius].allSatisfy(\.isFinite), width > 0, height > 0 else { return }
        // Clamp in Double first so far-off shapes cannot overflow the Int conversion.
        func column(_ v: Double) -> Int { Int(min(Double(image.width), max(0, v))) }
        func row(_ v: Double) -> Int { Int(min(Double(image.height), max(0, v))) }
        let x0 = column((x - 1).rounded(.down))
        let x1 = column((x + width + 1).rounded(.up))
        let y0 = row((y - 1).rounded(.down))
        let y1 = row((y + height + 1).rounded(.up))
        guard x0 < x1, y0 < y1 else { return }
        for py in y0..<y1 {
            for px in x0..<x1 {
                let d = Canvas.roundedRectDistance(
                    px: Double(px) + 0.5, py: Double(py) + 0.5, x: x, y: y,
                    width: width, height: height, radius: radius)
                let coverage = min(1, max(0, 0.5 - d))
                if coverage > 0 { blend(x: px, y: py, color: paint(px, py), coverage: coverage) }
            }
        }
    }

    /// Draws one line of ``BitmapFont`` text with its top-left corner at pixel (`x`, `y`).
    public mutating func drawText(
        _ text: String, x: Int, y: Int, color: RGBA8, size: Int = 1,
        font: BitmapFont = .standard
    ) {
        font.draw(text, in: &image, at: (x, y), color: color, size: size)
    }

    /// Composites `color`, scaled by `coverage` in 0…1, source-over one pixel; off-image is ignored.
    public mutating func blend(x: Int, y: Int, color: RGBA8, coverage: Double = 1) {
        guard x >= 0, y >= 0, x < image.width, y < image.height, coverage > 0 else { return }
        let source = coverage >= 1 ? color : Canvas.scaled(color, by: coverage)
        let i = (y * image.width + x) * 4
        image.pixels.withUnsafeMutableBufferPointer { Canvas.sourceOver(source, onto: $0, at: i) }
    }

    // MARK: - Shared pixel helpers

    /// Signed distance from a point to a rounded rectangle's outline (negative inside).
    static func roundedRectDistance(
        px: Double, py: Double, x: Double, y: Double,
        width: Double, height: Double, radius: Double
    ) -> Double {
        let halfW = width / 2
        let halfH = height / 2
        let r = min(max(0, radius), min(halfW, halfH))
        let qx = abs(px - (x + halfW)) - (halfW - r)
        let qy = abs(py - (y + halfH)) - (halfH - r)
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return outside + min(max(qx, qy), 0) - r
    }

    /// Pixel-aligned block fill, clipped; opaque colors overwrite, others composite source-over.
    /// Static so ``BitmapFont`` can paint straight into an image without wrapping it.
    static func fillBlock(in image: inout Image, x: Int, y: Int, width: Int, height: Int, color: RGBA8) {
        let x0 = max(0, x)
        let y0 = max(0, y)
        let x1 = min(image.width, x + width)
        let y1 = min(image.height, y + height)
        guard x0 < x1, y0 < y1, color != .transparent else { return }
        let stride = image.width
        image.pixels.withUnsafeMutableBufferPointer { bytes in
            for row in y0..<y1 {
                for column in x0..<x1 {
                    Canvas.sourceOver(color, onto: bytes, at: (row * stride + column) * 4)
                }
            }
        }
    }

    /// `src + dst · (1 − srcα)` in 8 bits with rounding: the premultiplied source-over operator.
    @inline(__always)
    static func sourceOver(_ source: RGBA8, onto bytes: UnsafeMutableBufferPointer<UInt8>, at i: Int) {
        if source.a == 255 {
            bytes[i] = source.r
            bytes[i + 1] = source.g
            bytes[i + 2] = source.b
            bytes[i + 3] = 255
            return
        }
        let keep = 255 - UInt32(source.a)
        @inline(__always) func mix(_ s: UInt8, _ d: UInt8) -> UInt8 {
            UInt8(min(255, UInt32(s) + (UInt32(d) * keep + 127) / 255))
        }
        bytes[i] = mix(source.r, bytes[i])
        bytes[i + 1] = mix(source.g, bytes[i + 1])
        bytes[i + 2] = mix(source.b, bytes[i + 2])
        bytes[i + 3] = mix(source.a, bytes[i + 3])
    }

    /// A premultiplied color scaled by a coverage fraction (still premultiplied).
    static func scaled(_ color: RGBA8, by coverage: Double) -> RGBA8 {
        @inline(__always) func s(_ v: UInt8) -> UInt8 { UInt8((Double(v) * coverage).rounded()) }
        return RGBA8(r: s(color.r), g: s(color.g), b: s(color.b), a: s(color.a))
    }
}
