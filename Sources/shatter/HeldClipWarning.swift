import Shatter

/// A join's clip shorter than its transitions is never seen alone and holds its last frame while they
/// play: the video seems to freeze there, so `join` says so, one line a clip, before the first frame.
enum HeldClipWarning {
    /// The lines for `join`'s held clips: plain, or JSON objects (`"event": "warning"`) among
    /// `--progress json`'s, so that standard error stays one object a line.
    static func lines(_ join: VideoJoin, json: Bool) -> [String] {
        let layout = join.layout
        return join.heldClips.map { i in
            let clip = join.clips[i]
            let around = [i - 1, i].filter { join.transitions.indices.contains($0) }
            // The seconds the transitions' frames fill in the video (one more frame than their length).
            let seconds = Double(around.reduce(0) { $0 + layout.transitionFrames[$1] }) / join.video.fps
            let which = around.count == 2 ? "its two transitions" : "its transition"
            let length = Double(clip.frameCount) / clip.frameRate
            let message =
                "clip \(clip.path) lasts \(DecimalText.rounded(length, to: 2)) s, less than \(which) "
                + "(\(DecimalText.rounded(seconds, to: 2)) s), so it holds its last frame; "
                + "give a longer clip or a shorter --transition"
            return json ? ProgressDisplay.json(["event": "warning", "message": message]) : "shatter: warning: " + message
        }
    }
}
