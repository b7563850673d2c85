import ShatterCore

extension ImageDifference {
    /// The largest channel difference of every pixel, row-major (0 in the ignored border).
    public func deltas() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height)
        forEachDifferingPixel(beyond: 0) { x, y, d in out[y * width + x] = UInt8(d) }
        return out
    }

    /// The difference drawn over a pale gray copy of the expected image (as pixelmatch draws it), each
    /// differing pixel in its `palette` band's color, so a person sees both where and how much.
    public func overlay(palette: DiffPalette) -> Image {
        let deltas = deltas()
        var out = Image(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                out[x, y] = palette.color(forDelta: Int(deltas[i])) ?? paleBackdrop(x: x, y: y, palette: palette)
            }
        }
        return out
    }

    /// ``overlay(palette:)`` shrunk to `width` (at most the image's) the way a thumbnail must be: the
    /// backdrop area-averaged, but the differences **max-pooled**, so a cell shows the color of the
    /// largest difference inside it and a single differing pixel stays visible at any size. The height
    /// keeps the aspect ratio, rounded as ``ContactSheet`` rounds it.
    public func overlayThumbnail(width thumbnailWidth: Int, palette: DiffPalette) -> Image {
        let w = max(1, min(thumbnailWidth, width))
        let h = w == width ? height : max(1, Int((Double(height) * Double(w) / Double(width)).rounded()))
        let deltas = deltas()
        var out = Image(width: w, height: h)
        for ty in 0..<h {
            let y0 = ty * height / h, y1 = max(y0 + 1, (ty + 1) * height / h)
            for tx in 0..<w {
                let x0 = tx * width / w, x1 = max(x0 + 1, (tx + 1) * width / w)
                var largest: UInt8 = 0, sum = 0, count = 0
                for y in y0..<y1 {
                    for x in x0..<x1 {
                        largest = max(largest, deltas[y * width + x])
                        sum += Int(paleBackdrop(x: x, y: y, palette: palette).r)
                        count += 1
                    }
                }
                let gray = UInt8(sum / count)
                out[tx, ty] = palette.color(forDelta: Int(largest)) ?? RGBA8(r: gray, g: gray, b: gray, a: 255)
            }
        }
        return out
    }

    /// The expected pixel as pale gray: its luma over white, three quarters of the way to white
    /// (the ignored border in the palette's color instead).
    private func paleBackdrop(x: Int, y: Int, palette: DiffPalette) -> RGBA8 {
        if x < ignoredBorder || y < ignoredBorder || x >= width - ignoredBorder || y >= height - ignoredBorder {
            return palette.ignoredColor
        }
        let p = expected[x, y]
        // Premultiplied color over white is c + (255 - a).
        let luma = 0.299 * Double(p.r) + 0.587 * Double(p.g) + 0.114 * Double(p.b) + Double(255 - Int(p.a))
        let gray = UInt8(min(255, (255 - (255 - luma) * 0.25).rounded()))
        return RGBA8(r: gray, g: gray, b: gray, a: 255)
    }
}
