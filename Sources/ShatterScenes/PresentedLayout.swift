import ShatterCore
import ShatterDrawing

/// Where everything on ``DefaultScenes/presentedScreen(widthPoints:heightPoints:scale:)`` goes, in pixels.
///
/// Kept apart from the drawing so tests can ask where the Close button is instead of guessing.
/// Distances are proportional to the page (so 100×100 pt and 1920×1080 pt both look like a page);
/// the picture stays 50×50 pt like the original's image view.
struct PresentedLayout {
    /// One line of text: top-left pixel and integer font size.
    struct TextBox { var x: Int, y: Int, size: Int }

    let pixelWidth: Int
    let pixelHeight: Int
    /// The picture's top-left corner and side, in (fractional) pixels.
    let picture: (x: Double, y: Double, side: Double)
    let title: TextBox
    let close: TextBox
    let separatorY: Int
    let hairline: Int
    /// The body column: left edge, first line's top, width, last usable row (exclusive), font size.
    let body: (x: Int, y: Int, width: Int, bottom: Int, size: Int)

    init(widthPoints: Int, heightPoints: Int, scale: Double) {
        let scale = scale > 0 && scale.isFinite ? scale : 1
        let w = Double(max(0, widthPoints))
        let h = Double(max(0, heightPoints))
        pixelWidth = PresentedLayout.pixels(w, scale)
        pixelHeight = PresentedLayout.pixels(h, scale)
        func px(_ points: Double) -> Int { PresentedLayout.pixels(points, scale) }

        // Text grows with the page past phone size so a 1920×1080 page still reads like a page.
        let textUnit = max(1, min(w, h) / 375)
        let font = BitmapFont.standard
        func fontSize(capHeightPoints: Double) -> Int {
            max(1, Int((capHeightPoints * textUnit * scale / Double(font.capHeight)).rounded()))
        }
        let margin = max(8, w * 0.06)
        let top = max(8, h * 0.06)
        let gap = max(4, h * 0.02)

        picture = (x: ((w - 50) / 2) * scale, y: top * scale, side: 50 * scale)

        // The title shrinks (not below size 1) rather than overflow a narrow page.
        var titleSize = fontSize(capHeightPoints: 12)
        while titleSize > 1, font.measure(DefaultScenes.titleText, size: titleSize).width > px(w - 2 * margin) {
            titleSize -= 1
        }
        let titleExtent = font.measure(DefaultScenes.titleText, size: titleSize)
        let titleY = px(top + 50 + gap)
        title = TextBox(x: (pixelWidth - titleExtent.width) / 2, y: titleY, size: titleSize)

        let closeExtent = font.measure("Close", size: titleSize)
        let closeY = titleY + titleExtent.height + px(gap)
        close = TextBox(x: (pixelWidth - closeExtent.width) / 2, y: closeY, size: titleSize)

        hairline = max(1, Int(scale.rounded(.down)))
        separatorY = closeY + closeExtent.height + px(gap)
        body = (
            x: px(margin), y: separatorY + hairline + px(gap), width: max(0, pixelWidth - 2 * px(margin)),
            bottom: pixelHeight - px(max(8, h * 0.04)), size: fontSize(capHeightPoints: 7)
        )
    }

    /// Points to whole pixels, the way the output size is defined: `round(points · scale)`.
    static func pixels(_ points: Double, _ scale: Double) -> Int {
        let value = (points * scale).rounded()
        return value.isFinite ? max(0, Int(value)) : 0
    }

    /// The body text, word-wrapped to the column and repeated paragraph by paragraph until the page
    /// is full; only lines that fit entirely above ``body``'s bottom are returned.
    func bodyLines() -> [(text: String, y: Int)] {
        let font = BitmapFont.standard
        let cell = (font.glyphWidth + font.spacing) * body.size
        let columns = (body.width + font.spacing * body.size) / cell
        let lineHeight = font.glyphHeight * body.size
        let lineStep = lineHeight + 3 * body.size
        guard columns >= 1, lineStep > 0 else { return [] }
        var lines: [(text: String, y: Int)] = []
        var y = body.y
        var paragraph = 0
        while y + lineHeight <= body.bottom {
            for text in PresentedLayout.wrap(
                PresentedLayout.lorem[paragraph % PresentedLayout.lorem.count],
                columns: columns)
            {
                guard y + lineHeight <= body.bottom else { return lines }
                lines.append((text, y))
                y += lineStep
            }
            y += lineStep / 2  // paragraph gap
            paragraph += 1
        }
        return lines
    }

    /// Greedy word wrap to at most `columns` characters; words longer than a line are cut.
    static func wrap(_ text: String, columns: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            var word = Substring(word)
            while word.count > columns {
                if !current.isEmpty {
                    lines.append(current)
                    current = ""
                }
                lines.append(String(word.prefix(columns)))
                word = word.dropFirst(columns)
            }
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= columns {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    static let lorem = [
        "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut "
            + "labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco "
            + "laboris nisi ut aliquip ex ea commodo consequat.",
        "Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla "
            + "pariatur. Excepteur sint occaecat cupidatat non proident, sunt in culpa qui officia deserunt "
            + "mollit anim id est laborum.",
        "Sed ut perspiciatis unde omnis iste natus error sit voluptatem accusantium doloremque laudantium, "
            + "totam rem aperiam, eaque ipsa quae ab illo inventore veritatis et quasi architecto beatae "
            + "vitae dicta sunt explicabo.",
    ]
}
