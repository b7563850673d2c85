#if canImport(Glibc)
    import Glibc
#endif

/// A value guarded by a pthread mutex, with `Synchronization.Mutex`'s `withLock` shape.
///
/// Shatter uses it for state its worker threads share (the frame pipeline's counters and image pool,
/// the manifest being written) instead of `Mutex`: on Linux `Mutex` locks with raw futex calls that
/// ThreadSanitizer cannot see, so every correctly locked access was reported as a race, and a
/// suppression would hide real ones. pthread mutexes are what TSan understands.
///
/// ```swift
/// let written = Locked(0)
/// written.withLock { $0 += 1 }
/// ```
public final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
