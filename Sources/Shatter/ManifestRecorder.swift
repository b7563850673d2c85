
/// Keeps a folder's `manifest.json` up to date while frames are written, from any thread.
///
/// The manifest is rewritten (atomically) at most every `interval` seconds and once at the end, so
/// a killed render leaves a valid manifest listing frames that are complete on disk; frames
/// written after the last rewrite are simply rendered again by a resumed render.
public final class ManifestRecorder: Sendable {
    public let path: String
    private let interval: Duration
    private let state: Locked<State>

    private struct State {
        var manifest: FrameManifest
        var lastWrite: ContinuousClock.Instant
        var unsaved = false
    }

    /// Writes the starting manifest (header plus any frames kept from an earlier run) at once.
    public init(path: String, manifest: FrameManifest, interval: Duration = .milliseconds(250)) throws {
        self.path = path
        self.interval = interval
        var start = manifest
        start.frames.sort { $0.index < $1.index }
        try start.write(to: path)
        state = Locked(State(manifest: start, lastWrite: ContinuousClock.now))
    }

    /// Records a frame whose PNG is in place.
    public func record(_ entry: FrameManifest.Entry) throws {
        try state.withLock { state in
            state.manifest.frames.removeAll { $0.index == entry.index }
            let position = state.manifest.frames.firstIndex { $0.index > entry.index } ?? state.manifest.frames.endIndex
            state.manifest.frames.insert(entry, at: position)
            state.unsaved = true
            let now = ContinuousClock.now
            if now - state.lastWrite >= interval {
                try state.manifest.write(to: path)
                state.lastWrite = now
                state.unsaved = false
            }
        }
    }

    /// Writes whatever is not yet on disk.
    public func flush() throws {
        try state.withLock { state in
            guard state.unsaved else { return }
            try state.manifest.write(to: path)
            state.unsaved = false
        }
    }

    public var manifest: FrameManifest { state.withLock { $0.manifest } }
}
