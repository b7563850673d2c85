/// For each square tile of a dust stack's covering quad, the layers that can reach some pixel of it,
/// bottom first: what bounds the loop of `Shaders/dust_layers.frag` (and of its twin), so that a pixel
/// runs only the layers whose column band can reach it instead of every layer of the stack.
///
/// Leaving a layer out where it cannot reach is exact: such a layer's color is 0 there, and
/// `0 + color · (1 − 0)` is `color` bit for bit in IEEE float, so a pixel's color is the one the loop
/// over every layer gives. The reach is worked out in double with two texels of margin each side
/// (float's rounding of the program's coordinates is thousandths of a texel at the largest sizes), so a
/// list may hold a layer that adds nothing, never miss one that adds something.
///
/// The layers at rest at the stack's top (``resting``) are in no list: the program draws them after the
/// list from the owners of each pixel's own texel (`DustRestingLayers`), so a list holds only moving layers.
///
/// The GL backend uploads ``tiles`` (per tile: where its list starts in ``entries``, and its length) as
/// an RG32UI texture of ``columns`` × ``rows`` and ``entries`` as an R8UI texture ``rowLength`` wide.
public struct DustTileLists: Sendable, Equatable {
    /// Entries per row of the list texture (the GLSL's `k & 2047u, k >> 11u`): the smallest largest
    /// texture side a GLES 3.0 must allow.
    public static let rowLength = 2048
    /// The tile side tried first, in pixels: small enough that a tile's list is about the layers of
    /// its own columns, large enough that the lists stay some 160 KB at 1080p (8,160 tiles).
    public static let preferredTileSize = 16

    /// The image pixel at the first tile's top-left corner (the covering quad's first column and row).
    public let origin: SIMD2<Int>
    /// The tile side in pixels (``preferredTileSize``, doubled until the lists fit the texture limit).
    public let tileSize: Int
    /// Tiles across and down; the tiles cover the covering quad's pixels inside the image.
    public let columns: Int
    public let rows: Int
    /// Per tile, row by row: the first entry of its list and the list's length (two words a tile).
    public let tiles: [UInt32]
    /// Every tile's list, each in layer order: indices into the stack's layers (the uniform block),
    /// padded with zeros to a whole number of ``rowLength`` rows (at least one).
    public let entries: [UInt8]
    /// The layers from ``DustRestingLayers/from`` on, which the lists leave out.
    public let resting: DustRestingLayers

    /// The lists of `stack` drawn on a `viewWidth` × `viewHeight` image. `maximumRows` bounds the list
    /// texture's rows (the GL's largest texture side): when every list does not fit, the tiles double.
    public init(stack: DustLayerStack, viewWidth: Int, viewHeight: Int, maximumRows: Int = 2048) {
        let covered = TexturedQuadRaster.coveredPixels(of: stack.bounds)
        let xs = covered.columns.clamped(to: 0..<max(0, viewWidth))
        let ys = covered.rows.clamped(to: 0..<max(0, viewHeight))
        let reach = DustLayerReach(stack: stack, viewWidth: viewWidth, viewHeight: viewHeight)
        resting = DustRestingLayers(
            layers: stack.layers.map(\.uniform), anchor: stack.anchor,
            texelScale: stack.texelScale(viewWidth: viewWidth, viewHeight: viewHeight))
        var size = Self.preferredTileSize
        while true {
            let lists = Self.lists(reach, moving: resting.from, xs: xs, ys: ys, tileSize: size)
            // One tile over the whole quad holds at most 255 entries, which always fits.
            if lists.entryCount <= maximumRows * Self.rowLength || (lists.columns <= 1 && lists.rows <= 1) {
                origin = SIMD2(xs.lowerBound, ys.lowerBound)
                tileSize = size
                (columns, rows, tiles) = (lists.columns, lists.rows, lists.tiles)
                let padded = max(1, (lists.entryCount + Self.rowLength - 1) / Self.rowLength) * Self.rowLength
                entries = lists.entries + [UInt8](repeating: 0, count: padded - lists.entryCount)
                return
            }
            size *= 2
        }
    }

    /// The list of the tile that holds image pixel centre `pixel`, as the GLSL looks it up: a pixel
    /// outside every tile (the guard band, never read back) runs no layer.
    public func list(at pixel: SIMD2<Float>) -> ArraySlice<UInt8> {
        let x = Int(pixel.x.rounded(.down)) - origin.x
        let y = Int(pixel.y.rounded(.down)) - origin.y
        guard x >= 0, y >= 0, x / tileSize < columns, y / tileSize < rows else { return [] }
        let tile = (y / tileSize * columns + x / tileSize) * 2
        let start = Int(tiles[tile])
        return entries[start..<start + Int(tiles[tile + 1])]
    }

    /// The lists of the first `moving` layers over the pixels `xs` × `ys` in tiles of `tileSize`: a
    /// counting pass, then each layer, bottom first, appended to the tiles it reaches (so every list is in
    /// layer order).
    private static func lists(_ reach: DustLayerReach, moving: Int, xs: Range<Int>, ys: Range<Int>, tileSize: Int) -> (
        columns: Int, rows: Int, tiles: [UInt32], entries: [UInt8], entryCount: Int
    ) {
        let columns = (xs.count + tileSize - 1) / tileSize
        let rows = (ys.count + tileSize - 1) / tileSize
        // Per layer and tile row, the tile columns it reaches.
        var spans = [Range<Int>](repeating: 0..<0, count: moving * rows)
        var counts = [Int](repeating: 0, count: columns * rows)
        for row in 0..<rows {
            let first = ys.lowerBound + row * tileSize
            let pixels = first..<min(ys.upperBound, first + tileSize)
            for layer in 0..<moving {
                let span = reach.columns(of: layer, rows: pixels, within: xs)
                let tiles =
                    (span.lowerBound - xs.lowerBound) / tileSize..<(span.upperBound - xs.lowerBound + tileSize - 1) / tileSize
                spans[layer * rows + row] = span.isEmpty ? 0..<0 : tiles
                for column in spans[layer * rows + row] { counts[row * columns + column] += 1 }
            }
        }
        var tiles = [UInt32](repeating: 0, count: 2 * columns * rows)
        var next = [Int](repeating: 0, count: columns * rows)
        var total = 0
        for tile in 0..<columns * rows {
            (tiles[2 * tile], tiles[2 * tile + 1]) = (UInt32(total), UInt32(counts[tile]))
            next[tile] = total
            total += counts[tile]
        }
        var entries = [UInt8](repeating: 0, count: total)
        for layer in 0..<moving {
            for row in 0..<rows {
                for column in spans[layer * rows + row] {
                    entries[next[row * columns + column]] = UInt8(layer)
                    next[row * columns + column] += 1
                }
            }
        }
        return (columns, rows, tiles, entries, total)
    }
}

/// Where each layer of a dust stack can put color: the program maps pixel centre p to the texel
/// coordinate f = (R(p − position) + anchor) · texelScale − 0.5 and adds something only where
/// ⌊f.x⌋ is within a column of the layer's band (first − 1 ≤ ⌊f.x⌋ ≤ last) and a row of taps within
/// the snapshot (−1 ≤ ⌊f.y⌋ < height). Both are affine in p, so over a band of rows each bounds the
/// columns to one interval.
struct DustLayerReach {
    /// f.x and f.y as a · p.x + b · p.y + c (in double), and the range each must meet (with margin).
    private struct Axis {
        var a, b, c, low, high: Double
    }
    private let axes: [(Axis, Axis)?]

    init(stack: DustLayerStack, viewWidth: Int, viewHeight: Int) {
        let scale = stack.texelScale(viewWidth: viewWidth, viewHeight: viewHeight)
        let (sx, sy) = (Double(scale.x), Double(scale.y))
        let (ax, ay) = (Double(stack.anchor.x), Double(stack.anchor.y))
        let height = Double(stack.snapshot.image.height)
        let margin = 2.0
        axes = stack.layers.map { pose in
            let (c, s) = (Double(pose.rotation.x), Double(pose.rotation.y))
            let (px, py) = (Double(pose.position.x), Double(pose.position.y))
            // local.x = (p.x − px)·c + (p.y − py)·s + ax; local.y = (p.y − py)·c − (p.x − px)·s + ay.
            let x = Axis(
                a: c * sx, b: s * sx, c: (ax - px * c - py * s) * sx - 0.5,
                low: Double(pose.columns.lowerBound) - 1 - margin, high: Double(pose.columns.upperBound) + 1 + margin)
            let y = Axis(a: -s * sy, b: c * sy, c: (ay + px * s - py * c) * sy - 0.5, low: -1 - margin, high: height + margin)
            let values = [x.a, x.b, x.c, y.a, y.b, y.c, Double(pose.opacity)]
            // A pose that is not finite is not bounded here: the layer is listed everywhere.
            return values.allSatisfy(\.isFinite) ? (x, y) : nil
        }
    }

    /// The columns of `xs` where layer `layer` may add color at some pixel of `rows`.
    func columns(of layer: Int, rows: Range<Int>, within xs: Range<Int>) -> Range<Int> {
        guard !rows.isEmpty, !xs.isEmpty else { return xs.lowerBound..<xs.lowerBound }
        guard let (x, y) = axes[layer] else { return xs }
        let span = Self.narrow(x, rows: rows, xs).clamped(to: Self.narrow(y, rows: rows, xs))
        return span.isEmpty ? xs.lowerBound..<xs.lowerBound : span
    }

    /// The columns whose centres may give `axis` a value inside its range at some row centre of `rows`,
    /// one column more each side.
    private static func narrow(_ axis: Axis, rows: Range<Int>, _ xs: Range<Int>) -> Range<Int> {
        let top = axis.b * (Double(rows.lowerBound) + 0.5)
        let bottom = axis.b * (Double(rows.upperBound) - 0.5)
        // a · X must lie in [low − c − max(b·Y), high − c − min(b·Y)].
        let low = axis.low - axis.c - max(top, bottom)
        let high = axis.high - axis.c - min(top, bottom)
        if abs(axis.a) < 1e-9 {
            return low <= 0 && 0 <= high ? xs : xs.lowerBound..<xs.lowerBound
        }
        var (from, to) = (low / axis.a, high / axis.a)
        if from > to { swap(&from, &to) }
        // Pixel centres x + 0.5 in [from, to], and one pixel more each side.
        let first = max(Double(xs.lowerBound), (from - 0.5).rounded(.up) - 1)
        let end = min(Double(xs.upperBound), (to - 0.5).rounded(.down) + 2)
        guard first < end else { return xs.lowerBound..<xs.lowerBound }
        return Int(first)..<Int(end)
    }
}
