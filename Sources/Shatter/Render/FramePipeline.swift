import Dispatch
import Glibc

/// Renders frames and hands them to a ``FrameWriter`` (PNG files in a folder, a stream), encoding on
/// the other cores while the next frame renders. At most `framesInFlight` rendered frames wait for encoding, so memory does not grow with
/// the frame count. Rendering stays on the calling thread (a GL context belongs to it).
///
/// ```swift
/// let summary = try FramePipeline(output: try OutputDirectory("frames"))
///     .run(frames: Array(0..<73), renderer: renderer) { i in effect.displayList(at: Double(i) / 60) }
/// ```
public struct FramePipeline: Sendable {
    public var writer: any FrameWriter
    public var framesInFlight: Int

    public init(writer: any FrameWriter, framesInFlight: Int = 4) {
        self.writer = writer
        self.framesInFlight = max(1, framesInFlight)
    }

    /// PNG files in `output`.
    public init(output: OutputDirectory, png: PNGWriteOptions = PNGWriteOptions(), framesInFlight: Int = 4) {
        self.init(writer: FolderFrameWriter(folder: output, png: png), framesInFlight: framesInFlight)
    }

    public struct Summary: Sendable {
        /// Frames rendered and written (fewer than asked when `shouldStop` ended the run early).
        public let frames: Int
        /// `shouldStop` returned true before every frame was rendered.
        public let interrupted: Bool
        public let seconds: Double
        /// Time spent rendering (wall time on the calling thread), and the CPU time spent encoding, hashing
        /// and writing (summed over workers; a write waiting on a slow reader, such as ffmpeg, costs none).
        public let renderSeconds: Double
        public let encodeSeconds: Double
    }

    /// Renders and writes each frame index; stops at the first error, leaving every frame written
    /// before it intact and no partial file. `progress(done, total)` is called after each frame is
    /// written, on any thread. `inspect(index, image)` sees each rendered frame on the calling thread
    /// (for contact sheets). `shouldStop` is asked before each frame (a SIGINT, say): when it says
    /// yes, no new frame starts, the frames already rendered are written, and the summary says
    /// `interrupted`. `written` hears of each frame once its PNG is in place, with its digests (for
    /// the manifest), on any thread; an error it throws stops the run like a write error.
    public func run(
        frames: [Int], renderer: any Renderer, displayList: (Int) throws -> DisplayList,
        inspect: (Int, Image) -> Void = { _, _ in },
        shouldStop: () -> Bool = { false },
        written: (@Sendable (WrittenFrame) throws -> Void)? = nil,
        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) throws -> Summary {
        let clock = ContinuousClock()
        let start = clock.now
        let slots = DispatchSemaphore(value: framesInFlight)
        let writes = DispatchGroup()
        let queue = DispatchQueue(label: "shatter.encode", attributes: .concurrent)
        let state = Locked(WriteState())
        // Frames go round between the renderer and the encoders in boxes, so no frame allocates a new
        // image, and an encoder's block still holding its box never makes the next render copy one.
        let pool = Locked<[FrameBox]>([])
        let writer = self.writer
        let total = frames.count
        var renderSeconds = 0.0
        var started = 0

        /// Fills a free box on this thread with `produce` and hands it to an encoder.
        func deliver(_ index: Int, _ produce: (inout Image) throws -> Void) throws {
            slots.wait()
            if let error = state.withLock({ $0.error }) {
                slots.signal()
                throw error
            }
            let box = pool.withLock { $0.popLast() } ?? FrameBox()
            let renderStart = clock.now
            do {
                try produce(&box.image)
            } catch {
                slots.signal()
                throw error
            }
            renderSeconds += Self.seconds(clock.now - renderStart)
            inspect(index, box.image)
            let position = started
            started += 1
            queue.async(group: writes) {
                let encodeStart = Self.threadCPUSeconds()
                do {
                    // Encoded and hashed here, on the encoding cores, not on the rendering thread.
                    let record = try writer.write(box.image, index: index, position: position)
                    if let written, let record { try written(record) }
                    let done = state.withLock { state in
                        state.written += 1
                        state.encodeSeconds += Self.threadCPUSeconds() - encodeStart
                        return state.written
                    }
                    progress(done, total)
                } catch {
                    state.withLock { if $0.error == nil { $0.error = error } }
                }
                pool.withLock { $0.append(box) }
                slots.signal()
            }
        }

        do {
            if let gl = renderer as? any PipelinedRenderer, gl.framesBegun == 0 {
                // Frame i + 1 is drawn before frame i is read back: the ring holds the frames between.
                var begun: [Int] = []
                for index in frames {
                    if shouldStop() { break }
                    if begun.count == gl.pipelineDepth {
                        try deliver(begun.removeFirst()) { try gl.finishOldest(into: &$0) }
                    }
                    let beginStart = clock.now
                    try gl.begin(try displayList(index))
                    renderSeconds += Self.seconds(clock.now - beginStart)
                    begun.append(index)
                }
                for index in begun { try deliver(index) { try gl.finishOldest(into: &$0) } }
            } else {
                for index in frames {
                    if shouldStop() { break }
                    try deliver(index) { try renderer.render(try displayList(index), into: &$0) }
                }
            }
        } catch {
            (renderer as? any PipelinedRenderer)?.abandonBegunFrames()
            writes.wait()
            throw error
        }
        writes.wait()
        let finished = state.withLock { $0 }
        if let error = finished.error { throw error }
        return Summary(
            frames: started, interrupted: started < frames.count, seconds: Self.seconds(clock.now - start),
            renderSeconds: renderSeconds,
            encodeSeconds: finished.encodeSeconds)
    }

    /// One frame's image, passed between the rendering thread and an encoder (one at a time).
    private final class FrameBox: @unchecked Sendable {
        var image = Image(width: 0, height: 0)
    }

    private struct WriteState {
        var written = 0
        var encodeSeconds = 0.0
        var error: (any Error)?
    }

    /// The CPU time this thread has used: an encoder's block runs on one thread from start to end.
    static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
