import ShatterCore

/// Which dust layers each snapshot pixel belongs to, as potato04's `createDustImages` decides it:
/// for every column `c` and row, two passes, each putting the pixel into layer
/// `floor(N · (U + 2c/w) / 3)` with `U` uniform in [0, 1). Left columns go to early layers, right
/// columns to late ones; a pixel may land in two different layers or twice in the same one.
///
/// Stored as one RGBA8 image of the snapshot's size (red = the first pass's layer, green = the
/// second's) instead of N copies of the picture, so memory does not grow with N.
///
/// ```swift
/// let split = DustLayerSplit(width: 375, height: 667, layers: 32, seed: 0)
/// split.layers(ofPixelAt: 10, 20)   // (first, second), both within split.band(ofColumn: 10)
/// ```
public struct DustLayerSplit: Sendable {
    /// Most layers an index texel can name (8 bits per index).
    public static let maximumLayers = 255

    public let layerCount: Int
    /// r = first layer, g = second layer, b = 0, a = 255, one texel per snapshot pixel.
    public let assignment: Texture
    /// For each layer, the first and last snapshot column holding one of its pixels (nil: empty).
    public let columnExtents: [ClosedRange<Int>?]

    public init(width: Int, height: Int, layers: Int, seed: UInt64) throws(ParameterError) {
        try ParameterError.check(layers, in: 1...Self.maximumLayers, "layers", of: "dust")
        layerCount = layers
        let rng = CounterRNG(seed: seed, stream: .dust)
        var texels = [UInt8](repeating: 0, count: width * height * 4)
        var lowest = [Int](repeating: Int.max, count: layers)
        var highest = [Int](repeating: Int.min, count: layers)
        for column in 0..<width {
            let offset = 2 * Double(column) / Double(width)
            for row in 0..<height {
                let pixel = row * width + column
                for pass in 0...1 {
                    let factor = rng.uniform(index: UInt64(pixel), draw: UInt64(pass)) + offset
                    let layer = min(Int((Double(layers) * factor / 3).rounded(.down)), layers - 1)
                    texels[pixel * 4 + pass] = UInt8(layer)
                    lowest[layer] = min(lowest[layer], column)
                    highest[layer] = max(highest[layer], column)
                }
                texels[pixel * 4 + 3] = 255
            }
        }
        assignment = Texture(image: Image(width: width, height: height, pixels: texels))
        columnExtents = (0..<layers).map { lowest[$0] <= highest[$0] ? lowest[$0]...highest[$0] : nil }
    }

    /// The two layers of the pixel at column `x`, row `y` (row 0 at the top).
    public func layers(ofPixelAt x: Int, _ y: Int) -> (first: Int, second: Int) {
        let texel = assignment.image[x, y]
        return (Int(texel.r), Int(texel.g))
    }

    /// The layers the formula allows for column `c` of a `width`-pixel image with `layers` layers:
    /// `⌊N·(2c/w)/3⌋ … ⌊N·(1 + 2c/w)/3⌋`, capped at N − 1.
    public static func band(ofColumn column: Int, width: Int, layers: Int) -> ClosedRange<Int> {
        let offset = 2 * Double(column) / Double(width)
        let low = Int((Double(layers) * offset / 3).rounded(.down))
        let high = min(Int((Double(layers) * (1 + offset) / 3).rounded(.down)), layers - 1)
        return low...high
    }
}
