import CLanes

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
