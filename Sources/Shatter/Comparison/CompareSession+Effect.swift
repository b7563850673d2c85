extension CompareSession {
    /// Renders each selected frame of `effect` with both renderers and compares them: `expected` is the
    /// reference (the CPU renderer, for GPU-vs-CPU parity), and where it counts the blended fragments
    /// of each pixel, every frame is judged per blended fragment. `drew(reference)` follows each frame
    /// `actual` drew, with the reference's frame (so a ``WebGLPreview/Recorder`` on `actual` records the
    /// pass); `progress(done, total)` follows each frame.
    ///
    /// ```swift
    /// var session = try CompareSession(rule: .parity, folder: "compare")
    /// let frames = try FrameSelection(timeline: FrameTimeline(duration: effect.duration, fps: 10))
    /// try session.add(effect: effect, frames: frames, expected: SoftwareRenderer(), actual: try GLRenderer())
    /// ```
    public mutating func add(
        effect: some Effect, frames: FrameSelection, expected: any Renderer, actual: any Renderer,
        drew: ((image: Image, blends: BlendCounts?)) -> Void = { _ in }, progress: (Int, Int) -> Void = { _, _ in }
    ) throws {
        let indices = frames.indices
        for (done, index) in indices.enumerated() {
            let time = frames.time(of: index)
            let list = try effect.displayList(at: time)
            // The reference counts the blended fragments each pixel received where it can (the CPU
            // renderer can): the parity rule allows each one a level (docs/parity.md, "Blending").
            let reference = try expected.renderCountingBlends(list)
            let drawn = try actual.render(list)
            drew(reference)
            try add(.init(index: index, time: time), expected: reference.image, actual: drawn, blends: reference.blends)
            progress(done + 1, indices.count)
        }
    }
}
