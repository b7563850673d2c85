/// A renderer that draws the next frame while an earlier one's pixels are still on their way back:
/// GL reads each frame into one of a ring of pixel-pack buffers and fences it, so the GPU (or
/// llvmpipe's threads) draws frame i + 1 while frame i is copied out and encoded. `FramePipeline` (in Shatter)
/// drives one this way; ``Renderer/render(_:into:)`` still works when no frame is begun.
///
/// ```swift
/// try gl.begin(list(0))
/// try gl.begin(list(1))                    // frame 1 draws while frame 0 is read back
/// try gl.finishOldest(into: &image)        // frame 0's pixels
/// ```
public protocol PipelinedRenderer: Renderer {
    /// Frames that may be begun and not yet finished.
    var pipelineDepth: Int { get }
    /// Frames begun and not yet finished.
    var framesBegun: Int { get }
    /// Draws `list` and starts reading its pixels back without waiting for them. At most
    /// ``pipelineDepth`` frames may be begun at once.
    func begin(_ list: DisplayList) throws
    /// Waits for the oldest begun frame and copies its pixels into `target` (its storage kept when
    /// the size matches), exactly what ``Renderer/render(_:into:)`` would have given.
    @discardableResult
    func finishOldest(into target: inout Image) throws -> FrameTimings
    /// Forgets every begun frame unread (after an error elsewhere).
    func abandonBegunFrames()
}
