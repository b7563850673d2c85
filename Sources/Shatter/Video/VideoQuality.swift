extension VideoEncoder {
    /// How a lossy video (`.mp4`, `.webm`) trades size for fidelity. `.mp4`'s rate is capped
    /// (ffmpeg's `-maxrate` / `-bufsize`) within H.264 High profile level 4.2, so 1080p60 from any
    /// preset plays on phones, browsers and TVs; x264 picks the level from the size and rate.
    /// `.mov` (ProRes), `.gif` and `.mkv` (lossless) have no preset.
    public enum Quality: String, Sendable, CaseIterable {
        /// Near-transparent: CRF 18, at most 50 Mb/s (level 4.2's limit).
        case high
        /// The default: CRF 21, at most 20 Mb/s, what streaming sites take for 1080p60.
        case medium
        /// For sharing: CRF 26, at most 8 Mb/s.
        case small

        /// x264's constant rate factor, maximum rate (kb/s) and rate buffer (kbit).
        public var h264: (crf: Int, maxKbps: Int, bufferKbits: Int) {
            switch self {
            case .high: return (18, 50_000, 62_500)
            case .medium: return (21, 20_000, 40_000)
            case .small: return (26, 8_000, 16_000)
            }
        }

        /// libvpx-vp9's constant quality (with `-b:v 0`).
        public var vp9CRF: Int {
            switch self {
            case .high: return 24
            case .medium: return 32
            case .small: return 40
            }
        }
    }
}
