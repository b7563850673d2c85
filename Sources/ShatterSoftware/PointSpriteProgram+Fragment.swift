import ShatterPointSprites

/// The point sprite's fragment program, the CPU renderer's half of ``PointSpriteProgram`` (the motion
/// and the set-up live with the point sprite in ShatterPointSprites, which both backends share; this reads
/// the renderer's ``TextureSampler``).
extension PointSpriteProgram {
    /// The fragment program (`Shaders/point_sprite.frag`) at texel position (`x`, `y`), in 1/256 texel
    /// (the vertex program's flat base plus k steps, `PointSpriteRaster`): the snapshot filtered in
    /// 8-bit fixed point, one RGBA8 word.
    @inline(__always)
    static func fragment(x: Int32, y: Int32, snapshot: TextureSampler) -> UInt32 {
        snapshot.filtered(snapshot.fixedTap(x, size: snapshot.width), snapshot.fixedTap(y, size: snapshot.height))
    }
}
