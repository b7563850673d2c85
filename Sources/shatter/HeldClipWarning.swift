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
            // A transition of n frames lasts n − 1 frame intervals (both ends are drawn): 1.2 s shows 1.22 s of clip.
            return line(
                join.clips[i], transitions: around.count, shows: Double(frames) / join.video.fps,
                seconds: Double(frames - around.count) / join.video.fps, option: "--transition", json: json)
        }
    }

    /// The lines for `render --head/--tail`: the head's or the tail's clip shorter than the one transition
    /// of `effect` (``ClipJoin/heldRoles``).
    static func lines<E: Effect>(_ effect: E, fps: Double, json: Bool) -> [String] {
        guard let sourced = effect as? any ClipSourced else { return [] }
        return sourced.join.heldRoles.compactMap { sourced.input($0)?.clip }.map {
            line(
                $0, transitions: 1, shows: Double(FrameTimeline(duration: effect.duration, fps: fps).count) / fps,
                seconds: effect.duration, option: "--duration", json: json)
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

    /// One clip's line: it lasts less than the `shows` seconds of it that its `transitions` (lasting
    /// `seconds`) draw, one frame more each than their length; `option` shortens them. A still picture is
    /// said to be one, with the option that holds it (`join --still`).
    private static func line(
        _ clip: Clip, transitions: Int, shows: Double, seconds: Double, option: String, json: Bool
    ) -> String {
        let which = transitions == 2 ? "its two transitions" : "its transition"
        let length = DecimalText.rounded(Double(clip.frameCount) / clip.frameRate, to: 2)
        let verb = transitions == 2 ? "show" : "shows"
        let need = "the \(DecimalText.rounded(shows, to: 2)) s \(which) (\(DecimalText.rounded(seconds, to: 2)) s) \(verb) of it"
        let message =
            clip.isStill && option == "--transition"
            ? "clip \(clip.path) is a still picture shown for \(length) s, less than \(need), so it is seen only while "
                + "they play; give --still SECONDS to show it longer"
            : "clip \(clip.path) lasts \(length) s, less than \(need), so it holds its last frame; give a longer clip or a "
                + "shorter \(option)"
        return json ? ProgressDisplay.json(["event": "warning", "message": message]) : "shatter: warning: " + message
    }
}
