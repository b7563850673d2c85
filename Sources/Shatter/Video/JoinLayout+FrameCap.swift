/// The frame cap of one render (``FrameSelection/maximumFrames``) held over a whole video of clips:
/// every clip shown alone and every transition counted together, before any frame is made or any
/// ffmpeg started. Each transition's own render checks only its frames; a join of long clips or of
/// many transitions could otherwise plan far more than one render may draw.
extension JoinLayout {
    /// What ``frames(of:fps:)`` counts for a clip too long for any video (2⁵⁰ frames): summed in
    /// floating point by ``checkFrameCap()``, so even many such clips cannot overflow.
    public static let unboundedFrames = 1 << 50

    /// Refuses a video of more than ``FrameSelection/maximumFrames`` frames.
    public func checkFrameCap() throws(VideoError) {
        // Summed as Double: the counts are refused here, before ``totalFrames`` could overflow.
        let total = (soloFrames + transitionFrames).reduce(0.0) { $0 + Double($1) }
        guard total <= Double(FrameSelection.maximumFrames) else {
            throw .tooManyFrames(count: total < 0x1p62 ? Int(total) : Int.max, limit: FrameSelection.maximumFrames)
        }
    }
}
