import ShatterCore

/// The binning stage of ``SoftwareRenderer/drawInLanes(_:into:guardBand:background:)``.
extension PointFrame {
    /// Turns the per-chunk counts into each chunk's first slot in every band (in place) and returns
    /// where each band's entries start in the list (plus the end).
    func layOutList() -> [Int] {
        var starts = [Int](repeating: 0, count: bandCount + 1)
        var next = 0
        for band in 0..<bandCount {
            starts[band] = next
            for chunk in 0..<chunks {
                let count = buffers.counts[chunk * bandCount + band]
                buffers.counts[chunk * bandCount + band] = next
                next += count
            }
        }
        starts[bandCount] = next
        return starts
    }

    /// Lists chunk `chunk`'s drawn points in every band they touch, in order.
    func bin(chunk: Int) {
        guard let list = buffers.list else { return }  // nothing drawn
        let cursors = buffers.counts + chunk * bandCount
        let xs = UnsafeRawPointer(buffers.x)
        let nothing = SIMD8<Int32>(repeating: .min)
        for block in chunkRange(chunk, of: chunks, total: blocks) {  // the vertex stage's chunk
            let x = xs.load(fromByteOffset: block * 32, as: SIMD8<Int32>.self)
            forEachSetLane((x .!= nothing).bits) { lane in
                let i = block &* 8 &+ lane
                for band in bands(centreY: buffers.y[i], extent: setup.raster.extents(ofPoint: i).y) {
                    list[cursors[band]] = Int32(truncatingIfNeeded: i)
                    cursors[band] &+= 1
                }
            }
        }
    }
}
