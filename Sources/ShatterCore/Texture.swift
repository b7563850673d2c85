import Synchronization

/// An image a display list draws from, referenced by identity so a backend uploads it once and
/// reuses the upload for every frame that names the same `Texture`.
///
/// A picture that changes per frame (a clip) is a new `Texture` each frame made with
/// ``init(image:replacing:)``: it shares the earlier one's ``slot``, so a backend updates the upload
/// it already has in place (`glTexSubImage2D`) instead of allocating another.
///
/// ```swift
/// let snapshot = Texture(image: try PNGDecoder.read(path: "screen.png"))
/// let next = Texture(image: nextFrame, replacing: snapshot)   // same slot, new pixels
/// ```
public final class Texture: Sendable {
    public let image: Image
    /// What this texture is a version of; every version of one moving picture shares it.
    public let slot: TextureSlot
    /// Premultiplied texels lent for this texture's life, read in place of `image.pixels` (see
    /// ``init(image:lending:replacing:)``).
    nonisolated(unsafe) private let lent: UnsafeBufferPointer<UInt8>?
    /// Whether the lent texels are straight, not premultiplied (``init(image:lendingStraight:replacing:)``).
    package let lentStraight: Bool
    /// Set by a reader of straight texels that met one not opaque (``noteTranslucent()``): an atomic
    /// rather than a lock, so that a frame's textures allocate nothing more.
    private let translucent = Atomic<Bool>(false)

    public init(image: Image) {
        self.image = image
        slot = TextureSlot()
        lent = nil
        lentStraight = false
    }

    /// The next version of `previous`: same slot, these pixels.
    public init(image: Image, replacing previous: Texture) {
        self.image = image
        slot = previous.slot
        lent = nil
        lentStraight = false
    }

    /// The next version of `previous` whose texels are `texels`, premultiplied RGBA8 of `image`'s size
    /// that the caller owns: `image` gives only the size, and its pixels are never read. It spares a
    /// frame-sized copy of a picture a host lends for one call (a frei0r plugin's opaque frames): the
    /// caller keeps `texels` alive and unchanged for as long as the texture is drawn from.
    package convenience init(image: Image, lending texels: UnsafeBufferPointer<UInt8>, replacing previous: Texture) {
        self.init(image: image, lent: texels, straight: false, replacing: previous)
    }

    /// The next version of `previous` whose texels are `texels`, *straight* RGBA8 of `image`'s size
    /// that the caller owns, not known to be opaque (a frei0r host's picture, unread). The premultiplied
    /// texels a program reads equal these wherever alpha is 255, so a reader may use them only where it
    /// either premultiplies as it reads (the CPU renderer's 1:1 copy) or checks every texel it read for
    /// alpha 255 (its binned sprites), and records any other alpha with ``noteTranslucent()``: then
    /// the caller knows whether what was drawn is what the premultiplied picture gives. Only the CPU
    /// renderer (`SoftwareRenderer`) is to be given such a texture: it throws ``StraightTexelsRefused``
    /// for a draw that could do neither, before drawing anything (the GL renderer would upload the
    /// texels as premultiplied).
    package convenience init(image: Image, lendingStraight texels: UnsafeBufferPointer<UInt8>, replacing previous: Texture) {
        self.init(image: image, lent: texels, straight: true, replacing: previous)
    }

    private init(image: Image, lent texels: UnsafeBufferPointer<UInt8>, straight: Bool, replacing previous: Texture) {
        precondition(texels.count == image.pixels.count, "Texture: \(texels.count) lent bytes for \(image.pixels.count)")
        self.image = image
        slot = previous.slot
        lent = texels
        lentStraight = straight
    }

    /// Records that a reader of these straight texels met one whose alpha is not 255.
    package func noteTranslucent() { translucent.store(true, ordering: .relaxed) }

    /// Whether a reader met a straight texel whose alpha is not 255 (``noteTranslucent()``).
    package var metTranslucent: Bool { translucent.load(ordering: .relaxed) }

    /// Calls `body` with the texels a renderer reads: the lent ones, or else `image.pixels`.
    package func withTexels<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let lent { return try body(lent) }
        return try image.pixels.withUnsafeBufferPointer(body)
    }
}

/// A draw asked to read a texture lent straight (``Texture/init(image:lendingStraight:replacing:)``)
/// where it could neither premultiply as it reads nor check the texels it read: the caller draws the
/// frame again from the picture premultiplied.
package struct StraightTexelsRefused: Error {
    package let texture: Texture
    package init(texture: Texture) { self.texture = texture }
}

/// The identity of a picture whose pixels may change from frame to frame (see ``Texture``).
public final class TextureSlot: Sendable {
    public init() {}
}

/// The static per-point attributes of a ``PointSpriteBatch``, interleaved for one vertex buffer.
///
/// Built once per effect and referenced by identity, like ``Texture``: a backend uploads it once.
public final class PointGrid: Sendable {
    /// Floats per point: centre x, centre y (NDC at t = 0, y up), uv origin u, v (y up), x speed,
    /// y acceleration.
    public static let stride = 6
    /// `count * stride` floats.
    public let attributes: [Float]
    /// Points per row: point i is column i % columns, row i / columns (row 0 at the bottom), which
    /// names its share of the screen (``PieceTiling``). A grid of loose points is one row.
    public let columns: Int
    public var count: Int { attributes.count / Self.stride }

    public init(attributes: [Float], columns: Int? = nil) {
        precondition(attributes.count % Self.stride == 0, "PointGrid: \(attributes.count) floats is not whole points")
        self.attributes = attributes
        self.columns = max(columns ?? attributes.count / Self.stride, 1)
    }
}
