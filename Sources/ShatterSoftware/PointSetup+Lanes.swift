import CLanes

/// The point rasteriser's set-up for eight points at once, lane for lane the scalar's operations.
extension PointSetup {
    /// The first pixel (framebuffer pixels) each of eight snapped centres covers along one axis:
    /// ``coveredPixels(_:)``'s lower bound.
    @inline(__always)
    func firstCoveredPixels(_ centre: SIMD8<Int32>) -> SIMD8<Int32> {
        (centre &+ SIMD8(repeating: Int32(Self.subpixelOne - 1 - fixedSize / 2))) &>> SIMD8(repeating: Int32(Self.subpixelBits))
    }

    /// ``pointCoord(i:j:centre:)``'s x for pixel column `i` of eight sprites.
    @inline(__always)
    func pointCoordX(i: SIMD8<Int32>, centre: SIMD8<Int32>) -> SIMD8<Float> {
        let c = shatter_lanes_float(centre) * (1 / Float(Self.subpixelOne))
        return 0.5 + (shatter_lanes_float(i) - c) / size
    }

    /// ``pointCoord(i:j:centre:)``'s y for pixel row `j` of eight sprites.
    @inline(__always)
    func pointCoordY(j: SIMD8<Int32>, centre: SIMD8<Int32>) -> SIMD8<Float> {
        let c = shatter_lanes_float(centre) * (1 / Float(Self.subpixelOne))
        return 0.5 - (shatter_lanes_float(j) - c) / size
    }
}

extension SIMDMask where Storage == SIMD8<Int32> {
    /// Bit k set when lane k is: a test of all lanes, or a walk over the set ones, without going
    /// through the lanes one by one (`any` reduces the mask through a generic call).
    @inline(__always)
    var bits: UInt32 { shatter_lanes_bits(unsafeBitCast(self, to: SIMD8<Int32>.self)) }
}

/// Calls `body` with the index of each set bit of `bits`, lowest first.
@inline(__always)
func forEachSetLane(_ bits: UInt32, _ body: (Int) -> Void) {
    var rest = bits
    while rest != 0 {
        body(rest.trailingZeroBitCount)
        rest &= rest &- 1
    }
}
