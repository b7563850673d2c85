import ShatterCore

/// Frames as raw pixels for video tools: 8-bit RGBA with **straight** alpha, row 0 at the top (what
/// ffmpeg's `-f rawvideo -pix_fmt rgba` reads), or composited over an opaque background (alpha 255).
public enum RawRGBA {
    public static func bytes(_ image: Image, background: RGBA8? = nil) -> [UInt8] {
        guard let background else { return Alpha.straightRGBA(image) }
        let rgb = Alpha.rgbOver(image, background: background)
        var out = [UInt8](repeating: 255, count: image.width * image.height * 4)
        for i in 0..<(image.width * image.height) {
            out[i * 4] = rgb[i * 3]
            out[i * 4 + 1] = rgb[i * 3 + 1]
            out[i * 4 + 2] = rgb[i * 3 + 2]
        }
        return out
    }
}

extension RawRGBA {
    /// An image from straight-alpha RGBA bytes (a frame ffmpeg decoded), premultiplied.
    public static func image(straight bytes: [UInt8], width: Int, height: Int) -> Image {
        var pixels = bytes
        Alpha.premultiplyInPlace(&pixels)
        return Image(width: width, height: height, pixels: pixels)
    }
}
