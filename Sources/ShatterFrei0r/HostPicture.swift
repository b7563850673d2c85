import ShatterCore

/// One of the two pictures a host passes to each `f0r_update2`, straight RGBA8, as the premultiplied
/// texture the renderer draws from, at the least cost per frame; or lent straight and unread
/// (``straight(_:replacing:)``) where the renderer's draw can take it so.
///
/// An opaque picture (every alpha 255: what MLT and GStreamer give from video) is already
/// premultiplied, so the texture reads the host's own bytes, lent for the one call: one read to learn
/// that, no copy. A translucent one is premultiplied into a buffer of this picture's, in the same pass
/// that copies it; the buffer, made on the first frame, is kept from frame to frame (and gives a lent
/// texture its size).
struct HostPicture {
    private var image = Image(width: 0, height: 0)
    /// Whether the last picture given to ``texture(_:replacing:)`` was opaque: a frame drawn from two
    /// opaque pictures is opaque too (`FrameOpacityTests`), so it is already straight.
    private(set) var isOpaque = false

    /// Makes this picture's buffer `width`×`height` if it is not (the first frame).
    mutating func size(width: Int, height: Int) {
        if image.width != width || image.height != height { image = Image(width: width, height: height) }
    }

    /// `pixels` (straight, of the size given to ``size(width:height:)``) as the next version of
    /// `standIn`. The texture may read `pixels` itself: it must not outlive the host's call, and
    /// nothing may write `pixels` while it is drawn from.
    mutating func texture(_ pixels: UnsafePointer<UInt8>, replacing standIn: Texture) -> Texture {
        let count = image.pixels.count
        let opaque = Alpha.opaqueBytes(pixels, count: count)
        isOpaque = opaque == count
        if isOpaque {
            return Texture(image: image, lending: UnsafeBufferPointer(start: pixels, count: count), replacing: standIn)
        }
        image.pixels.withUnsafeMutableBufferPointer { buffer in
            // The opaque start is premultiplied as it is; the rest is premultiplied as it is copied.
            buffer.baseAddress!.update(from: pixels, count: opaque)
            Alpha.premultiply(pixels + opaque, into: buffer.baseAddress! + opaque, count: count - opaque)
        }
        return Texture(image: image, replacing: standIn)
    }

    /// `pixels` (straight, of the size given to ``size(width:height:)``) lent as they are, unread, as
    /// the next version of `standIn`: the renderer premultiplies them as it copies them, or checks the
    /// alpha of those it reads (`Texture.metTranslucent` afterwards), or refuses them
    /// (`StraightTexelsRefused`). The same lifetime rules as ``texture(_:replacing:)``'s lent texture.
    func straight(_ pixels: UnsafePointer<UInt8>, replacing standIn: Texture) -> Texture {
        Texture(
            image: image, lendingStraight: UnsafeBufferPointer(start: pixels, count: image.pixels.count),
            replacing: standIn)
    }
}
