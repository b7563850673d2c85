import ShatterCore

extension ImageDifference {
    /// A picture of where and how much the images differ: black where equal, then dark red through
    /// yellow to white as the largest channel difference grows (amplified ×`gain`, so a difference of 1
    /// is already visible). The ignored border is drawn dark blue.
    public func heatMap(gain: Int = 16) -> Image {
        var out = Image(width: width, height: height, fill: .opaqueBlack)
        markBorder(&out)
        forEachDifferingPixel(beyond: 0) { x, y, d in
            let level = min(255 * 3, 96 + d * gain)
            out[x, y] = RGBA8(
                r: UInt8(min(255, level)), g: UInt8(min(255, max(0, level - 255))),
                b: UInt8(max(0, level - 510)), a: 255)
        }
        return out
    }

    /// White where a pixel differs by more than `tolerance` in some channel, black elsewhere.
    public func mask(beyond tolerance: Int) -> Image {
        var out = Image(width: width, height: height, fill: .opaqueBlack)
        markBorder(&out)
        forEachDifferingPixel(beyond: tolerance) { x, y, _ in out[x, y] = .opaqueWhite }
        return out
    }

    private func markBorder(_ image: inout Image) {
        guard ignoredBorder > 0 else { return }
        let blue = RGBA8(r: 0, g: 0, b: 64, a: 255)
        for y in 0..<height {
            for x in 0..<width
            where x < ignoredBorder || y < ignoredBorder || x >= width - ignoredBorder || y >= height - ignoredBorder {
                image[x, y] = blue
            }
        }
    }
}
