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

    /// ``overlay(palette:)`` at thumbnail size, drawn over `backdrop`, the expected image already shrunk
    /// (any way, to any size up to the image's): the backdrop made pale, and the differences
    /// **max-pooled**, so a thumbnail pixel shows the color of the largest difference in the area it
    /// covers and a single differing pixel stays visible at any size. Costs one pass over the differing
    /// pixels only.
    public func overlayThumbnail(over backdrop: Image, palette: DiffPalette) -> Image {
        let w = backdrop.width
        let h = backdrop.height
        var largest = [UInt8](repeating: 0, count: w * h)
        forEachDifferingPixel(beyond: 0) { x, y, d in
            let cell = (y * h / height) * w + x * w / width
            largest[cell] = max(largest[cell], UInt8(d))
        }
        var out = Image(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                out[x, y] = palette.color(forDelta: Int(largest[y * w + x])) ?? Self.pale(backdrop[x, y])
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
        return Self.pale(expected[x, y])
    }

    private static func pale(_ p: RGBA8) -> RGBA8 {
        // Premultiplied color over white is c + (255 - a).
        let luma = 0.299 * Double(p.r) + 0.587 * Double(p.g) + 0.114 * Double(p.b) + Double(255 - Int(p.a))
        let gray = UInt8(min(255, (255 - (255 - luma) * 0.25).rounded()))
        return RGBA8(r: gray, g: gray, b: gray, a: 255)
    }
}
