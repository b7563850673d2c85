import Dispatch

/// Runs `body(chunk)` for `chunks` chunks on all cores and returns when every chunk is done.
package func parallelChunks(_ chunks: Int, _ body: (Int) -> Void) {
    if chunks <= 1 {
        if chunks == 1 { body(0) }
        return
    }
    // The chunks write disjoint parts of shared buffers (see SharedMutableBuffer), which the type
    // system cannot see; the callers own that guarantee.
    withoutActuallyEscaping(body) { body in
        let concurrent = unsafeBitCast(body, to: (@Sendable (Int) -> Void).self)
        DispatchQueue.concurrentPerform(iterations: chunks, execute: concurrent)
    }
}

/// The half-open range of `total` items that chunk `index` of `chunks` owns.
package func chunkRange(_ index: Int, of chunks: Int, total: Int) -> Range<Int> {
    (total * index / chunks)..<(total * (index + 1) / chunks)
}

/// Lets disjoint parts of one buffer be written from several threads. Callers guarantee that no two
/// threads touch the same bytes (each owns a band of rows or a range of points).
package struct SharedMutableBuffer<Element>: @unchecked Sendable {
    package let base: UnsafeMutableBufferPointer<Element>

    package init(base: UnsafeMutableBufferPointer<Element>) { self.base = base }
}
