import ShatterCore

/// A grid of downscaled frames with their times, for a person to take in a whole animation at once
/// (the README's pictures are made this way).
///
/// ```swift
/// var sheet = ContactSheet(columns: 4, thumbnailWidth: 160)
/// sheet.add(frame, label: "t = 0.30 s")
/// let picture = sheet.render()
/// ```
public struct ContactSheet: Sendable {
    public let columns: Int
    public let thumbnailWidth: Int
    public var spacing = 8
    public var background = RGBA8(r: 32, g: 32, b: 36, a: 255)
    public var labelColor = RGBA8(r: 230, g: 230, b: 230, a: 255)
    private var cells: [(thumbnail: Image, label: String)] = []

    public init(columns: Int, thumbnailWidth: Int) {
        self.columns = max(1, columns)
        self.thumbnailWidth = max(1, thumbnailWidth)
    }

    /// Adds a frame, shrunk (area-averaged, on premultiplied color) to the thumbnail width.
    public mutating func add(_ frame: Image, label: String) {
        cells.append((Self.downscale(frame, toWidth: min(thumbnailWidth, frame.width)), label))
    }

    public func render() -> Image {
        guard !cells.isEmpty else { return Image(width: 1, height: 1, fill: background) }
        let font = BitmapFont.standard
        let labelHeight = font.measure("0", size: 1).height + 4
        let cellWidth = cells.map(\.thumbnail.width).max()!
        let cellHeight = cells.map(\.thumbnail.height).max()!
        let rows = (cells.count + columns - 1) / columns
        let usedColumns = min(columns, cells.count)
        var canvas = Canvas(
            width: spacing + usedColumns * (cellWidth + spacing),
            height: spacing + rows * (cellHeight + labelHeight + spacing), fill: background)
        for (index, cell) in cells.enumerated() {
            let x = spacing + (index % columns) * (cellWidth + spacing)
            let y = spacing + (index / columns) * (cellHeight + labelHeight + spacing)
            for row in 0..<cell.thumbnail.height {
                for column in 0..<cell.thumbnail.width {
                    canvas.blend(x: x + column, y: y + row, color: cell.thumbnail[column, row])
                }
            }
            canvas.drawText(cell.label, x: x, y: y + cellHeight + 3, color: labelColor)
        }
        return canvas.image
    }

    /// Box filter: each output pixel averages the source area it covers (fractional edges weighted).
    public static func downscale(_ image: Image, toWidth width: Int) -> Image {
        guard width < image.width else { return image }
        let ratio = Double(image.width) / Double(width)
        let height = max(1, Int((Double(image.height) / ratio).rounded()))
        let ratioY = Double(image.height) / Double(height)
        var out = Image(width: width, height: height)
        // Read through a buffer pointer: a 1080p frame is 2 million pixels, and per-pixel subscripts
        // made this the slowest step of comparing a passing frame.
        image.pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let y0 = Double(y) * ratioY
                let y1 = y0 + ratioY
                for x in 0..<width {
                    let x0 = Double(x) * ratio
                    let x1 = x0 + ratio
                    var sum = SIMD4<Double>(repeating: 0)
                    var area = 0.0
                    for sy in Int(y0)..<min(image.height, Int(y1.rounded(.up))) {
                        let wy = min(y1, Double(sy + 1)) - max(y0, Double(sy))
                        for sx in Int(x0)..<min(image.width, Int(x1.rounded(.up))) {
                            let w = wy * (min(x1, Double(sx + 1)) - max(x0, Double(sx)))
                            let i = (sy * image.width + sx) * 4
                            sum +=
                                SIMD4(Double(source[i]), Double(source[i + 1]), Double(source[i + 2]), Double(source[i + 3])) * w
                            area += w
                        }
                    }
                    let c = sum / area
                    out[x, y] = RGBA8(
                        r: UInt8(c.x.rounded()), g: UInt8(c.y.rounded()), b: UInt8(c.z.rounded()),
                        a: UInt8(c.w.rounded()))
                }
            }
        }
        return out
    }
}
