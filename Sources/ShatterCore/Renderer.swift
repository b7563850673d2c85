/// Turns display lists into images. Two conformers: `GLRenderer` (EGL + GLES 3) and
/// `SoftwareRenderer` (pure Swift); they must give the same pixels within a stated tolerance.
///
/// ```swift
/// let image = try renderer.render(effect.displayList(at: 0.5))
/// var reused = Image(width: 0, height: 0)
/// try renderer.render(effect.displayList(at: 0.6), into: &reused)   // no new allocation when the size matches
/// ```
public protocol Renderer {
    /// What draws, in words: the GL renderer string, or the CPU renderer and its thread count.
    var description: String { get }
    /// The driver's version where the pixels may depend on it (GL: `GL_VERSION`); nil for the CPU
    /// renderer, whose pixels depend on nothing but Shatter's version.
    var driver: String? { get }
    /// Renders one frame into `target`, reusing its storage when it already has the list's size.
    /// Throws when a command cannot be drawn exactly (never clamps silently).
    @discardableResult
    func render(_ list: DisplayList, into target: inout Image) throws -> FrameTimings
    /// Renders one frame into a new image and, where this renderer can count them (the CPU renderer
    /// can), how many blended fragments each pixel received; nil counts where it cannot.
    func renderCountingBlends(_ list: DisplayList) throws -> (image: Image, blends: BlendCounts?)
    /// Releases what the renderer holds outside the process's memory now (GL: its objects, context
    /// and display), rather than whenever it is freed: before exit, after a signal. Later renders
    /// may throw. The CPU renderer holds nothing such and keeps rendering.
    func close()
}

extension Renderer {
    public var driver: String? { nil }

    /// Nothing to release.
    public func close() {}

    /// Renders one frame into a new image.
    public func render(_ list: DisplayList) throws -> Image {
        var image = Image(width: 0, height: 0)
        try render(list, into: &image)
        return image
    }

    /// Renders without counting: a renderer that cannot count says nil.
    public func renderCountingBlends(_ list: DisplayList) throws -> (image: Image, blends: BlendCounts?) {
        (try render(list), nil)
    }
}

/// Where a frame's time went, in seconds: drawing, and (GL) reading the pixels back.
public struct FrameTimings: Sendable, Equatable {
    public var draw: Double
    public var readback: Double
    public init(draw: Double, readback: Double = 0) {
        self.draw = draw
        self.readback = readback
    }
}

extension Image {
    /// Makes this image `width`×`height` filled with `color`, keeping its storage when the size matches.
    public mutating func reset(width: Int, height: Int, fill color: RGBA8) {
        guard self.width == width, self.height == height else {
            self = Image(width: width, height: height, fill: color)
            return
        }
        pixels.withUnsafeMutableBytes { Self.fill($0, with: color) }
    }

    /// Fills `bytes`, whole RGBA8 pixels, with `color` (a caller's frame, or an image's storage).
    package static func fill(_ bytes: UnsafeMutableRawBufferPointer, with color: RGBA8) {
        if color == .transparent {
            bytes.initializeMemory(as: UInt8.self, repeating: 0)
        } else {
            let words = bytes.bindMemory(to: UInt32.self)
            let word = UInt32(color.r) | UInt32(color.g) << 8 | UInt32(color.b) << 16 | UInt32(color.a) << 24
            words.initialize(repeating: UInt32(littleEndian: word))
        }
    }
}
