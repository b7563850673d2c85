/// The point-sprite program's fragment taps for eight fragments, lane for lane the scalar's operations.
/// (Its vertex program for eight points at once is the C kernel's, `small_sprites.c`.)
extension PointSpriteProgram {
    /// The lanes whose bits are set.
    @inline(__always)
    static func mask(_ bits: UInt32) -> SIMDMask<SIMD8<Int32>> {
        (SIMD8(repeating: Int32(bitPattern: bits)) & SIMD8(1, 2, 4, 8, 16, 32, 64, 128)) .!= SIMD8<Int32>.zero
    }

    /// ``columnTap(pcX:uvOrigin:snapshot:)`` for eight fragments.
    @inline(__always)
    func columnTaps(pcX: SIMD8<Float>, u: SIMD8<Float>, snapshot: TextureSampler) -> TextureSampler.Taps {
        snapshot.taps(columnCoordinates(pcX: pcX, u: u), size: snapshot.width)
    }

    /// ``rowTap(pcY:uvOrigin:snapshot:)`` for eight fragments.
    @inline(__always)
    func rowTaps(pcY: SIMD8<Float>, v: SIMD8<Float>, snapshot: TextureSampler) -> TextureSampler.Taps {
        snapshot.taps(rowCoordinates(pcY: pcY, v: v), size: snapshot.height)
    }

    /// The snapshot's u of eight fragments (the shader's `uv.x`).
    @inline(__always)
    func columnCoordinates(pcX: SIMD8<Float>, u: SIMD8<Float>) -> SIMD8<Float> { u + pcX * u_texcoordScale.x }

    /// The snapshot's row coordinate, top first, of eight fragments (the shader's `1.0 - uv.y`).
    @inline(__always)
    func rowCoordinates(pcY: SIMD8<Float>, v: SIMD8<Float>) -> SIMD8<Float> { 1 - (v + (1 - pcY) * u_texcoordScale.y) }
}
