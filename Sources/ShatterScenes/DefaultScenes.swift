import ShatterCore
import ShatterDrawing

/// The input pictures the renderer uses when the user supplies none: stand-ins for the two screens of
/// the original iOS demo, so every effect has something recognisable to move.
///
/// Sizes are in points; the output is `round(width·scale) × round(height·scale)` pixels, opaque,
/// deterministic (same inputs → same bytes), and anything that does not fit the page is clipped.
///
/// ```swift
/// let from = DefaultScenes.presentedScreen(widthPoints: 375, heightPoints: 667, scale: 2)  // 750×1334
/// let to = DefaultScenes.destination(widthPoints: 375, heightPoints: 667, scale: 2)
/// ```
public enum DefaultScenes {
    /// iOS system blue, RGB(0, 122, 255): the tint of the Close button.
    public static let systemBlue = RGBA8(r: 0, g: 122, b: 255, a: 255)
    /// The root screen's green, (0.303, 0.433, 0.081) rounded to 8 bits.
    public static let rootGreen = RGBA8(r: 77, g: 110, b: 21, a: 255)

    static let titleText = "handyTOOL test page"
    static let titleColor = RGBA8(r: 0, g: 0, b: 0, a: 255)
    static let bodyColor = RGBA8(r: 68, g: 68, b: 72, a: 255)
    static let separatorColor = RGBA8(r: 216, g: 216, b: 222, a: 255)

    /// The modally presented screen: a white page with a 50×50 pt picture, a title, a blue "Close"
    /// button and paragraphs of Lorem ipsum. The picture is a small landscape so moving pieces show.
    ///
    /// ```swift
    /// let page = DefaultScenes.presentedScreen(widthPoints: 333, heightPoints: 517, scale: 1)
    /// ```
    public static func presentedScreen(widthPoints: Int, heightPoints: Int, scale: Double) -> Image {
        let layout = PresentedLayout(widthPoints: widthPoints, heightPoints: heightPoints, scale: scale)
        var canvas = Canvas(width: layout.pixelWidth, height: layout.pixelHeight, fill: .opaqueWhite)
        let picture = layout.picture
        canvas.fillRoundedRect(
            x: picture.x, y: picture.y, width: picture.side, height: picture.side,
            radius: picture.side * 0.16
        ) { px, py in
            Landscape.color(
                u: (Double(px) + 0.5 - picture.x) / picture.side,
                v: (Double(py) + 0.5 - picture.y) / picture.side, pixelsAcross: picture.side)
        }
        canvas.drawText(
            titleText, x: layout.title.x, y: layout.title.y, color: titleColor,
            size: layout.title.size)
        canvas.drawText(
            "Close", x: layout.close.x, y: layout.close.y, color: systemBlue,
            size: layout.close.size)
        canvas.fillRect(
            x: layout.body.x, y: layout.separatorY, width: layout.body.width,
            height: layout.hairline, color: separatorColor)
        for line in layout.bodyLines() {
            canvas.drawText(line.text, x: layout.body.x, y: line.y, color: bodyColor, size: layout.body.size)
        }
        return canvas.image
    }

    /// The root screen the presented one is dismissed to: the demo's root view, plain green (the
    /// storyboard gives it nothing else).
    ///
    /// ```swift
    /// let root = DefaultScenes.destination(widthPoints: 375, heightPoints: 667, scale: 1)
    /// // every pixel == DefaultScenes.rootGreen
    /// ```
    public static func destination(widthPoints: Int, heightPoints: Int, scale: Double) -> Image {
        let width = PresentedLayout.pixels(Double(max(0, widthPoints)), scale)
        let height = PresentedLayout.pixels(Double(max(0, heightPoints)), scale)
        return Image(width: width, height: height, fill: rootGreen)
    }
}
