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
        try self.init(width: width, height: height, layers: layers, seed: seed, tier: .native)
    }

    /// The split as `tier`'s twin of the C loop makes it (every tier gives the same texels: `TierTwinTests`).
    package init(width: Int, height: Int, layers: Int, seed: UInt64, tier: CPUTier) throws(ParameterError) {
        try ParameterError.check(layers, in: 1...Self.maximumLayers, "layers", of: "dust")
        layerCount = layers
        let rng = CounterRNG(seed: seed, stream: .dust)
        // Row by row in C (`dust_split.c`, eight pixels a step where the processor has AVX-512), each
        // pixel's two draws and their floors the same operations in the same order as ever, so the same
        // layers. And the layers each column holds, a bit a layer (four words a column, each word's row
        // of them apart): a column's extents are then found once per layer it holds rather than twice a pixel.
        let offsets = (0..<width).map { 2 * Double($0) / Double(width) }
        var held = [UInt64](repeating: 0, count: width * 4)
        // A frame's size: on huge pages, as a frame's image is (`Image.storage`).
        let texels = Image.storage(count: width * height * 4) { buffer in
            let words = UnsafeMutableRawPointer(buffer.baseAddress!).assumingMemoryBound(to: UInt32.self)
            held.withUnsafeMutableBufferPointer { held in
                offsets.withUnsafeBufferPointer { offsets in
                    DustSplitTwin.tiers[tier].run(
                        key: rng.indexKeyPrefix, width: width, height: height, layers: layers, offsets: offsets.baseAddress!,
                        into: words, held: held.baseAddress!)
                }
            }
        }
        var lowest = [Int](repeating: Int.max, count: layers)
        var highest = [Int](repeating: Int.min, count: layers)
        for column in 0..<width {
            for word in 0..<4 {
                var bits = held[word * width + column]
                while bits != 0 {
                    let layer = word * 64 + bits.trailingZeroBitCount
                    lowest[layer] = min(lowest[layer], column)
                    highest[layer] = column
                    bits &= bits - 1
                }
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
