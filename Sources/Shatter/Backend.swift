/// Which renderer draws the frames.
///
/// ```swift
/// let choice = try Backend.auto.makeRenderer()
/// if let note = choice.note { print(note) }   // e.g. why auto fell back to the CPU
/// ```
public enum Backend: String, Sendable, CaseIterable {
    /// GL on a GPU; the CPU renderer where no EGL context can be made or the only GL is a software
    /// rasteriser such as llvmpipe (Shatter's CPU renderer is faster and is the reference), with a
    /// note saying why.
    case auto
    /// EGL + OpenGL ES 3; an error where no EGL works.
    case gl
    /// EGL + OpenGL ES 3 on a GPU only: a software rasteriser (llvmpipe) is an error naming it and
    /// the likely cause, so a broken GPU set-up never renders slowly on the CPU unnoticed.
    case gpu
    /// The pure-Swift renderer.
    case cpu

    public struct Choice {
        public let renderer: any Renderer
        public let backend: Backend
        /// One line for the user when `auto` did not get GL.
        public let note: String?

        /// Releases the GL context and display now (at the end of a render, or after a signal),
        /// rather than whenever the renderer is freed.
        public func close() {
            (renderer as? GLRenderer)?.close()
        }
    }

    /// Makes the renderer; `gl` options apply to the GL backend (and to `auto`'s GL attempt).
    public func makeRenderer(gl options: GLRenderer.Options = .init(), threads: Int? = nil) throws -> Choice {
        switch self {
        case .cpu:
            return Choice(renderer: SoftwareRenderer(threads: threads), backend: .cpu, note: nil)
        case .gl:
            return Choice(renderer: try GLRenderer(options: options), backend: .gl, note: nil)
        case .gpu:
            var hardware = options
            hardware.requireHardware = true
            return Choice(renderer: try GLRenderer(options: hardware), backend: .gl, note: nil)
        case .auto:
            do {
                let gl = try GLRenderer(options: options)
                guard !gl.info.isSoftwareRasterizer else {
                    return Choice(renderer: SoftwareRenderer(threads: threads), backend: .cpu,
                                  note: "the only GL here is \(gl.info.renderer), a software rasteriser; "
                                      + "rendering on Shatter's faster CPU renderer (--backend gl to use it anyway)")
                }
                return Choice(renderer: gl, backend: .gl, note: nil)
            } catch {
                return Choice(renderer: SoftwareRenderer(threads: threads), backend: .cpu,
                              note: "GL unavailable (\(error)); rendering on the CPU")
            }
        }
    }
}
