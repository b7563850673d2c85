/// A raster image: 8-bit RGBA, **premultiplied** alpha, row 0 at the top, rows tightly packed.
///
/// Every renderer produces one and every texture is one. Straight (un-premultiplied) alpha exists only
/// at the PNG boundary.
///
/// ```swift
/// var image = Image(width: 2, height: 1, fill: .opaqueBlack)
/// image[1, 0] = RGBA8(r: 255, g: 0, b: 0, a: 255)
/// ```
public struct Image: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes, RGBA, premultiplied, top row first.
    public var pixels: [UInt8]

    /// Wraps existing premultiplied RGBA8 bytes; `pixels.count` must be `width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(
            width >= 0 && height >= 0 && pixels.count == width * height * 4,
            "Image: \(pixels.count) bytes do not make \(width)x\(height) RGBA8")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image filled with one premultiplied color.
    public init(width: Int, height: Int, fill: RGBA8 = .transparent) {
        precondition(width >= 0 && height >= 0, "Image: negative size \(width)x\(height)")
        self.width = width
        self.height = height
        self.pixels = Self.storage(count: width * height * 4) { Self.fill(UnsafeMutableRawBufferPointer($0), with: fill) }
    }

    /// The pixel at column `x`, row `y` (row 0 = top).
    public subscript(x: Int, y: Int) -> RGBA8 {
        get {
            let i = (y * width + x) * 4
            return RGBA8(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            pixels[i] = newValue.r
            pixels[i + 1] = newValue.g
            pixels[i + 2] = newValue.b
            pixels[i + 3] = newValue.a
        }
    }
}

/// One 8-bit RGBA pixel. Inside Shatter color channels are premultiplied by alpha.
public struct RGBA8: Sendable, Hashable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
    public static let transparent = RGBA8(r: 0, g: 0, b: 0, a: 0)
    public static let opaqueBlack = RGBA8(r: 0, g: 0, b: 0, a: 255)
    public static let opaqueWhite = RGBA8(r: 255, g: 255, b: 255, a: 255)
}
