extension CompareSession {
    /// Renders each selected frame of `effect` with both renderers and compares them: `expected` is the
    /// reference (the CPU renderer, for GPU-vs-CPU parity). `progress(done, total)` follows each frame.
    ///
    /// ```swift
    /// var session = try CompareSession(rule: .parity, folder: "compare")
    /// let frames = try FrameSelection(timeline: FrameTimeline(duration: effect.duration, fps: 10))
    /// try session.add(effect: effect, frames: frames, expected: SoftwareRenderer(), actual: try GLRenderer())
    /// ```
    public mutating func add(
        effect: some Effect, frames: FrameSelection, expected: any Renderer, actual: any Renderer,
        progress: (Int, Int) -> Void = { _, _ in }
    ) throws {
        let indices = frames.indices
        for (done, index) in indices.enumerated() {
            let time = frames.time(of: index)
            let list = try effect.displayList(at: time)
            try add(frame: index, time: time, expected: try expected.render(list), actual: try actual.render(list))
            progress(done + 1, indices.count)
        }
    }
}
