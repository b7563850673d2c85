extension SoftwareRenderer {
    /// The fewest sub-pixel bits a GL may have for point sprites to cover the twin's pixels: the
    /// spec's minimum, 4 (`PointSpriteRaster` puts every sprite edge on a pixel boundary, 1/2 px from pixel
    /// centres).
    public static let subpixelBits = 4
    /// The twin computes in Swift `Float`: IEEE single precision, 23 significand bits, the same
    /// as a GLSL `highp float` with range 2^±127.
    public static let floatPrecisionBits = Float.significandBitCount
    /// The twin reads and writes RGBA8, as Shatter's GL backend reads back.
    public static let pixelFormat = "RGBA/UNSIGNED_BYTE"
}
