extension SoftwareRenderer {
    /// The sub-pixel grid the twin snaps point centres to (PointSetup): 1/2^8 px, as llvmpipe.
    public static let subpixelBits = PointSetup.subpixelBits
    /// The twin computes in Swift `Float`: IEEE single precision, 23 significand bits, the same
    /// as a GLSL `highp float` with range 2^±127.
    public static let floatPrecisionBits = Float.significandBitCount
    /// The twin reads and writes RGBA8, as Shatter's GL backend reads back.
    public static let pixelFormat = "RGBA/UNSIGNED_BYTE"
}
