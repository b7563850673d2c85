/// Turns display lists into images. Two conformers: `GLRenderer` (EGL + GLES 3) and
/// `SoftwareRenderer` (pure Swift); they must give the same pixels within a stated tolerance.
///
/// ```swift
/// let image = try renderer.render(effect.displayList(at: 0.5))
/// ```
public protocol Renderer {
    /// What draws, in words: the GL renderer string, or the CPU renderer and its thread count.
    var description: String { get }
    /// Renders one frame. Throws when a command cannot be drawn exactly (never clamps silently).
    func render(_ list: DisplayList) throws -> Image
}
