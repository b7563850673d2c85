/// Which renderer draws the frames.
///
/// ```swift
/// let choice = try Backend.auto.makeRenderer()
/// if let fallback = choice.fallback { print(fallback) }   // why auto rendered on the CPU
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
        /// Why `auto` did not get GL, when it did not.
        public let fallback: Fallback?

        public init(renderer: any Renderer, backend: Backend, fallback: Fallback? = nil) {
            self.renderer = renderer
            self.backend = backend
            self.fallback = fallback
        }

        /// Releases the GL context and display now (at the end of a render, or after a signal),
        /// rather than whenever the renderer is freed (`Renderer.close()`).
        public func close() {
            renderer.close()
        }
    }

    /// Why `auto` rendered on the CPU.
    public enum Fallback: Sendable, CustomStringConvertible {
        /// The only GL is a software rasteriser (its renderer string), slower than Shatter's CPU renderer.
        case softwareRasterizer(String)
        /// No GL context could be made; the error says why.
        case glUnavailable(String)

        public var description: String {
            switch self {
            case .softwareRasterizer(let renderer):
                return "the only GL here is \(renderer), a software rasteriser; rendering on Shatter's faster CPU renderer"
            case .glUnavailable(let reason): return "GL unavailable (\(reason)); rendering on the CPU"
            }
        }
    }

    /// Makes the renderer; `gl` options apply to the GL backend (and to `auto`'s GL attempt).
    public func makeRenderer(gl options: GLRenderer.Options = .init(), threads: Int? = nil) throws -> Choice {
        switch self {
        case .cpu:
            return Choice(renderer: SoftwareRenderer(threads: threads), backend: .cpu)
        case .gl:
            return Choice(renderer: try GLRenderer(options: options), backend: .gl)
        case .gpu:
            var hardware = options
            hardware.requireHardware = true
            return Choice(renderer: try GLRenderer(options: hardware), backend: .gl)
        case .auto:
            do {
                let gl = try GLRenderer(options: options)
                guard !gl.info.isSoftwareRasterizer else {
                    return Choice(
                        renderer: SoftwareRenderer(threads: threads), backend: .cpu,
                        fallback: .softwareRasterizer(gl.info.renderer))
                }
                return Choice(renderer: gl, backend: .gl)
            } catch {
                return Choice(renderer: SoftwareRenderer(threads: threads), backend: .cpu, fallback: .glUnavailable("\(error)"))
            }
        }
    }
}
