import CShatterGL
import ShatterCore

/// Frames read back through a ring of pixel-pack buffers, each fenced, so that frame i + 1 is drawn
/// while frame i's pixels travel back and are encoded.
///
/// `glReadPixels` into a bound `GL_PIXEL_PACK_BUFFER` only queues the copy; `glFenceSync` after it marks
/// when the copy is done. ``GLRenderer/finishOldest(into:)`` waits on the fence (`glClientWaitSync`), maps the
/// buffer (`glMapBufferRange`, read only) and copies its rows into the image, flipped to Shatter's
/// top-first order: the one place rows are flipped. On a GPU the copy is a DMA into host-visible
/// memory that runs while the CPU prepares and submits the next frame; on llvmpipe, whose own
/// threads rasterise after each flush, the calling thread works on the next frame's motion and
/// submission while the last one is rasterised. The bytes are those a synchronous `glReadPixels`
/// gives: the same read of the same framebuffer, only later.
struct ReadbackRing {
    /// Frames between drawing and the encoders: enough for the GPU to run ahead of one slow copy.
    static let depth = 3

    struct Slot {
        var buffer: GLuint = 0
        var capacity = 0
        /// nil for a frame with no pixels (an empty display list), which is read back as nothing.
        var fence: GLsync?
        var width = 0, height = 0
    }

    var slots = [Slot](repeating: Slot(), count: depth)
    /// The slot the next frame is read into, and how many before it wait to be finished.
    var next = 0
    var begun = 0

    var oldest: Int { (next - begun + Self.depth) % Self.depth }

    /// Deletes the buffers and fences; the context must be current.
    mutating func delete() {
        for index in slots.indices {
            if let fence = slots[index].fence { glDeleteSync(fence) }
            if slots[index].buffer != 0 { glDeleteBuffers(1, &slots[index].buffer) }
        }
        self = ReadbackRing()
    }
}

extension GLRenderer: PipelinedRenderer {
    public var pipelineDepth: Int { ReadbackRing.depth }
    public var framesBegun: Int { ring.begun }

    public func begin(_ list: DisplayList) throws {
        precondition(ring.begun < ReadbackRing.depth, "GLRenderer.begin with \(ring.begun) frames begun: finish one first")
        try drawAndQueueReadback(list, finishDrawing: false)
    }

    /// Queues the read of the frame just drawn (inside `guardBand`) into the next slot and fences it.
    func queueReadback(_ guardBand: GuardBand?, width: Int, height: Int) throws {
        let index = ring.next
        ring.slots[index].width = width
        ring.slots[index].height = height
        ring.slots[index].fence = nil
        if let guardBand {
            let bytes = width * height * 4
            if ring.slots[index].buffer == 0 { glGenBuffers(1, &ring.slots[index].buffer) }
            glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), ring.slots[index].buffer)
            if ring.slots[index].capacity != bytes {
                glBufferData(GLenum(GL_PIXEL_PACK_BUFFER), bytes, nil, GLenum(GL_STREAM_READ))
                ring.slots[index].capacity = bytes
            }
            // With a pack buffer bound, the last argument is an offset into it.
            glReadPixels(
                GLint(guardBand.pixels), GLint(guardBand.pixels), GLsizei(width), GLsizei(height),
                GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
            glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0)
            try checkError("glReadPixels into a pixel-pack buffer (\(width)x\(height))")
            guard let fence = glFenceSync(GLenum(GL_SYNC_GPU_COMMANDS_COMPLETE), 0) else {
                throw GLError.call("glFenceSync", code: glGetError())
            }
            ring.slots[index].fence = fence
        }
        // Counted only once its read is queued: a frame that failed takes no slot.
        ring.next = (index + 1) % ReadbackRing.depth
        ring.begun += 1
    }

    @discardableResult
    public func finishOldest(into image: inout Image) throws -> FrameTimings {
        precondition(ring.begun > 0, "GLRenderer.finishOldest with no frame begun")
        let start = ContinuousClock.now
        let index = ring.oldest
        let slot = ring.slots[index]
        // The slot is free again whatever happens below.
        defer {
            if let fence = slot.fence { glDeleteSync(fence) }
            ring.slots[index].fence = nil
            ring.begun -= 1
        }
        try egl.makeCurrent()
        guard let fence = slot.fence else {
            image = Image(width: slot.width, height: slot.height)
            return FrameTimings(draw: 0)
        }
        var flags = GLbitfield(GL_SYNC_FLUSH_COMMANDS_BIT)
        while true {
            switch Int32(glClientWaitSync(fence, flags, 1_000_000_000)) {
            case GL_ALREADY_SIGNALED, GL_CONDITION_SATISFIED: break
            case GL_TIMEOUT_EXPIRED:
                flags = 0  // flushed once is enough
                continue
            default: throw GLError.call("glClientWaitSync", code: glGetError())
            }
            break
        }
        let rowBytes = slot.width * 4
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), slot.buffer)
        defer { glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), 0) }
        guard let mapped = glMapBufferRange(GLenum(GL_PIXEL_PACK_BUFFER), 0, rowBytes * slot.height, GLbitfield(GL_MAP_READ_BIT))
        else {
            throw GLError.call("glMapBufferRange (\(slot.width)x\(slot.height) readback)", code: glGetError())
        }
        // Every byte is copied over, so a reused image is not cleared first.
        if image.width != slot.width || image.height != slot.height { image = Image(width: slot.width, height: slot.height) }
        image.pixels.withUnsafeMutableBytes { target in
            // GL's rows run bottom to top.
            for row in 0..<slot.height {
                target.baseAddress!.advanced(by: row * rowBytes)
                    .copyMemory(from: mapped.advanced(by: (slot.height - 1 - row) * rowBytes), byteCount: rowBytes)
            }
        }
        guard glUnmapBuffer(GLenum(GL_PIXEL_PACK_BUFFER)) == GLboolean(GL_TRUE) else {
            // The store was lost while mapped (GLES 3.0 §2.10.3): the copy cannot be trusted.
            throw GLError.call("glUnmapBuffer (the readback's storage was lost)", code: glGetError())
        }
        return FrameTimings(draw: 0, readback: Self.seconds(ContinuousClock.now - start))
    }

    public func abandonBegunFrames() {
        guard ring.begun > 0 else { return }
        let current = (try? egl.makeCurrent()) != nil
        while ring.begun > 0 {
            let index = ring.oldest
            if current, let fence = ring.slots[index].fence { glDeleteSync(fence) }
            ring.slots[index].fence = nil
            ring.begun -= 1
        }
    }
}
