import ShatterCore
import ShatterGL

extension WebGLPreview {
    /// A page's frames recorded as a GL renderer draws them, whoever draws them: ``record(_:times:gl:checked:progress:)``
    /// (`shatter preview`) draws its own, `shatter compare` records the frames its GL pass draws anyway and
    /// hands over the CPU renderer's frames it has already drawn, so a report's page costs no second pass.
    ///
    /// ```swift
    /// var recorder = WebGLPreview.Recorder(gl: gl, frames: lists.count)
    /// for list in lists {
    ///     _ = try gl.render(list)
    ///     try recorder.drew { try SoftwareRenderer().renderCountingBlends(list) }
    /// }
    /// let html = try preview.page(recorder.finish())
    /// ```
    public struct Recorder {
        private let gl: GLRenderer
        private let total: Int
        private let checked: Set<Int>
        private var references: [Reference] = []
        private var referenceBytes = 0
        private var drawn = 0

        /// Starts recording on `gl`: the next `frames` frames it draws are the page's, and `checked` of
        /// them (evenly spaced, the first and last among them; all when `checked` ≥ `frames`) are held
        /// to the CPU renderer's when the page opens.
        public init(gl: GLRenderer, frames: Int, checked: Int = 5) {
            self.gl = gl
            total = frames
            self.checked = WebGLPreview.evenlySpaced(checked, of: frames)
            gl.beginRecording()
        }

        /// Call once `gl` has drawn the next frame; `reference` (the CPU renderer's frame, with the blended
        /// fragments each pixel received) is asked for only when that frame is checked. Throws
        /// ``WebGLPreviewError/tooLarge(bytes:limit:frames:of:)``, and stops recording, as soon as the frames
        /// so far pass ``WebGLPreview/maximumBytes``, so no more is held.
        public mutating func drew(reference: () throws -> (image: Image, blends: BlendCounts?)) throws {
            let index = drawn
            drawn += 1
            if checked.contains(index) {
                let frame = try reference()
                references.append(Reference(index: index, image: frame.image, blends: frame.blends))
                referenceBytes += frame.image.pixels.count + (frame.blends?.counts.count ?? 0)
            }
            let bytes = gl.recordedBytes + referenceBytes
            guard bytes <= WebGLPreview.maximumBytes else {
                cancel()
                throw WebGLPreviewError.tooLarge(bytes: bytes, limit: WebGLPreview.maximumBytes, frames: drawn, of: total)
            }
        }

        /// The frames recorded, and recording stops.
        public func finish() -> Frames { Frames(recording: gl.endRecording(), references: references) }

        /// Stops recording and drops what was recorded (nothing when it has already stopped).
        public func cancel() { _ = gl.endRecording() }
    }
}
