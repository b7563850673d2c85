import Dispatch

/// `transform(i)` for every i in 0 ..< `count`, on every core at once, the results in order: for a few
/// independent, costly steps (decoding two PNGs, hashing each input or each frame file).
///
/// ```swift
/// let squares = concurrentMap(4) { $0 * $0 }  // [0, 1, 4, 9]
/// ```
public func concurrentMap<T>(_ count: Int, _ transform: (Int) -> T) -> [T] {
    let results = Locked([T?](repeating: nil, count: count))
    withoutActuallyEscaping(transform) { transform in
        // Each iteration writes its own slot under the lock; `transform` runs on several threads at
        // once, which the callers' closures (reading shared inputs only) allow.
        let concurrent = unsafeBitCast(transform, to: (@Sendable (Int) -> T).self)
        DispatchQueue.concurrentPerform(iterations: count) { i in
            let result = concurrent(i)
            results.withLock { $0[i] = result }
        }
    }
    return results.withLock { $0.map { $0! } }
}
