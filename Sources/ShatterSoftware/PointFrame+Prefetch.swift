import CLanes
import ShatterPointSprites

/// Sprites drawn band by band come from anywhere in the snapshot (they have fallen), so each one's
/// texels are a fresh block of texture rows that no hardware prefetcher foresees: at point size 16,
/// half the fragment stage waited on them. Asking for the texels a few sprites ahead overlaps those
/// waits with drawing. Only timing changes, never a pixel.
extension PointFrame {
    /// How many sprites ahead of the one being drawn to fetch.
    static let prefetchDistance = 3

    /// Fetches what drawing point `i` reads first, its centre and texel origin (which
    /// ``prefetchTexels(ofPoint:points:)`` reads a few sprites earlier): binned points come in no order
    /// the cache can foresee, and the origin read alone was a tenth of the fragment stage at point size 4.
    @inline(__always)
    func prefetchPoint(_ i: Int, points: Points) {
        let block = UnsafeRawPointer(points.vertices.lanes.baseAddress! + (i &>> 3))
        let origin: Int = Self.originLanes &+ (i & 7) &* 4
        shatter_prefetch(block + origin)
        shatter_prefetch(block + origin + 32)  // originY, in the same cache line or the next
        shatter_prefetch(buffers.x + i)
        shatter_prefetch(buffers.y + i)
    }

    /// Where a block's origin lanes start (asked once: a key path's offset is looked up at run time).
    private static let originLanes = MemoryLayout<PointLanes>.offset(of: \.originX)!

    /// Fetches the texture rows point `i`'s sprite reads: around its texel origin, the sprite's texels
    /// and one of filter margin, clamped to the texture.
    @inline(__always)
    func prefetchTexels(
        ofPoint i: Int, points: Points
    ) {
        let (lanes, sampler) = (points.vertices.lanes, points.sampler)
        // Around the cell's centre texel, half the sprite's texels and one of filter margin each way.
        let reach = Int(setup.raster.coverage) &* Int(max(setup.raster.step.x, setup.raster.step.y)) &>> 9 &+ 2
        let origin = Self.origin(ofPoint: i, lanes: lanes)
        let x = Int(origin.x &>> 8)
        let y = Int(origin.y &>> 8)
        let left = max(0, min(sampler.width - 1, x &- reach))
        let right = max(0, min(sampler.width - 1, x &+ reach))
        let top = max(0, min(sampler.height - 1, y &- reach))
        let bottom = max(0, min(sampler.height - 1, y &+ reach))
        guard top <= bottom, bottom - top < 64 else { return }  // larger sprites stream their rows anyway
        let base = UnsafeRawPointer(sampler.texels.baseAddress!)
        for row in top...bottom {
            let rowStart = row &* sampler.width
            var byte = (rowStart &+ left) &* 4
            let end = (rowStart &+ right) &* 4
            while byte <= end {
                shatter_prefetch(base + byte)
                byte &+= 64
            }
            shatter_prefetch(base + end)
        }
    }
}
