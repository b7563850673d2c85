import CLanes

/// The point rasteriser's set-up for eight points at once, lane for lane the scalar's operations.
extension PointSetup {
    /// ``snappedCentre(clip:)`` of eight clip positions: the centres in 1/256 pixel and which lanes
    /// GLES keeps (the others hold zero).
    @inline(__always)
    func snappedCentres(x: SIMD8<Float>, y: SIMD8<Float>) -> (x: SIMD8<Int32>, y: SIMD8<Int32>, visible: SIMDMask<SIMD8<Int32>>) {
        let visible = (x .>= -1) .& (x .<= 1) .& (y .>= -1) .& (y .<= 1)  // |clip| ≤ 1, and not NaN
        let clipX = x.replacing(with: 0, where: .!visible)
        let clipY = y.replacing(with: 0, where: .!visible)
        // The viewport transform's multiply-add rounds once, as the scalar's addingProduct does.
        let windowX = viewportFusedMultiplyAdd(clipX, halfViewport.x) - 0.5
        let windowY = viewportFusedMultiplyAdd(clipY, halfViewport.y) - 0.5
        return (Self.snap(windowX), Self.snap(windowY), visible)
    }

    /// ``snap(_:)`` lane by lane: ±0.5 added in float, then truncated.
    @inline(__always)
    static func snap(_ value: SIMD8<Float>) -> SIMD8<Int32> {
        let scaled = value * Float(subpixelOne)
        return shatter_lanes_truncate(
            scaled + SIMD8<Float>(repeating: 0.5).replacing(with: -0.5, where: scaled .< SIMD8<Float>.zero))
    }

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
