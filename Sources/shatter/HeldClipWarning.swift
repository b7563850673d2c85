import Shatter

/// A clip shorter than its transitions is never seen alone and holds its last frame while they play:
/// the video seems to freeze there, so `join` and `render --head/--tail` say so, one line a clip,
/// before the first frame.
enum HeldClipWarning {
    /// The lines for `join`'s held clips: plain, or JSON objects (`"event": "warning"`) among
    /// `--progress json`'s, so that standard error stays one object a line.
    static func lines(_ join: VideoJoin, json: Bool) -> [String] {
        let layout = join.layout
        return join.heldClips.map { i in
            let around = [i - 1, i].filter { join.transitions.indices.contains($0) }
            let frames = around.reduce(0) { $0 + layout.transitionFrames[$1] }
            return line(
                join.clips[i], transitions: around.count, frames: frames, fps: join.video.fps, option: "--transition", json: json)
        }
    }

    /// The lines for `render --head/--tail`: the head's or the tail's clip shorter than the one transition
    /// of `effect` (``ClipJoin/heldRoles``).
    static func lines<E: Effect>(_ effect: E, fps: Double, json: Bool) -> [String] {
        guard let sourced = effect as? any ClipSourced else { return [] }
        let frames = FrameTimeline(duration: effect.duration, fps: fps).count
        return sourced.join.heldRoles.compactMap { sourced.input($0)?.clip }.map {
            line($0, transitions: 1, frames: frames, fps: fps, option: "--duration", json: json)
        }
    }

    /// `events`, with `warnings` printed first once the run has passed every check: before its first
    /// frame and progress line.
    static func printing(
        _ warnings: [String], before events: @escaping @Sendable (RenderEvent) -> Void
    ) -> @Sendable (RenderEvent) -> Void {
        { event in
            if case .planned = event { warnings.forEach(Terminal.error) }
            events(event)
        }
    }

    /// One clip's line: it lasts less than its `transitions`, which fill `frames` frames of the video at
    /// `fps` (one more frame than their length); `option` shortens them.
    private static func line(_ clip: Clip, transitions: Int, frames: Int, fps: Double, option: String, json: Bool) -> String {
        let which = transitions == 2 ? "its two transitions" : "its transition"
        let length = Double(clip.frameCount) / clip.frameRate
        let message =
            "clip \(clip.path) lasts \(DecimalText.rounded(length, to: 2)) s, less than \(which) "
            + "(\(DecimalText.rounded(Double(frames) / fps, to: 2)) s), so it holds its last frame; "
            + "give a longer clip or a shorter \(option)"
        return json ? ProgressDisplay.json(["event": "warning", "message": message]) : "shatter: warning: " + message
    }
}
