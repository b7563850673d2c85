import Synchronization

/// Asks a running render to stop: the frames in flight are finished and written, no new one starts,
/// and the render returns with ``RenderSummary/interrupted`` set. Safe to cancel from any thread, and
/// from a signal handler (one atomic store).
///
/// ```swift
/// let token = CancellationToken()
/// DispatchQueue.global().asyncAfter(deadline: .now() + 5) { token.cancel() }
/// let summary = try session.run(cancellation: token)
/// ```
public final class CancellationToken: Sendable {
    private let flag = Atomic<Bool>(false)

    public init() {}

    public func cancel() { flag.store(true, ordering: .relaxed) }

    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
