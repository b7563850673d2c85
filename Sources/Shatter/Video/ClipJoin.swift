/// A whole join in one video: the `from` clip's frames before the transition (its head) and the `to`
/// clip's after it (its tail). With a head the transition takes the `from` clip's last moments, so
/// the video lasts `from`'s length + `to`'s length − the transition's.
public struct ClipJoin: Sendable, Equatable {
    public var headFrames: Int
    public var tailFrames: Int
    /// The roles (`from`, `to`) of the clips asked for as a head or a tail that are shorter than the
    /// transition: never seen alone, each holds its last frame through it (worth a warning).
    public var heldRoles: [String] = []

    public init(headFrames: Int = 0, tailFrames: Int = 0) {
        self.headFrames = headFrames
        self.tailFrames = tailFrames
    }
}

extension ClipJoin {
    /// Where the head, a transition of `transitionFrames` frames and the tail lie in the video.
    public func layout(transitionFrames: Int) -> JoinLayout {
        JoinLayout(soloFrames: [headFrames, tailFrames], transitionFrames: [transitionFrames])
    }

    /// The join of `from` and `to` around a transition of `transitionFrames` frames at `fps`: with
    /// `head`, the `from` clip's frames beyond the transition come first; with `tail`, the `to` clip's
    /// follow. A side without a clip adds nothing. The two-clip case of ``JoinLayout``.
    public init(from: Clip?, to: Clip?, transitionFrames: Int, fps: Double, head: Bool, tail: Bool) {
        let clipFrames = [from, to].map { $0.map { JoinLayout.frames(of: $0, fps: fps) } ?? 0 }
        let layout = JoinLayout(clipFrames: clipFrames, transitionFrames: [transitionFrames], head: head, tail: tail)
        self.init(headFrames: layout.soloFrames[0], tailFrames: layout.soloFrames[1])
        let asked = [head && from != nil, tail && to != nil]
        heldRoles = JoinLayout.heldClips(clipFrames: clipFrames, transitionFrames: [transitionFrames])
            .filter { asked[$0] }.map { ["from", "to"][$0] }
    }
}

extension ClipDriven {
    /// Two clips joined by a transition: `transition` builds the base effect around the clips' first
    /// frames as the transition shows them (nil for a side without a clip). With a head the transition
    /// takes the `from` clip's last moments; render it with ``VideoRender`` to get the whole join, head
    /// and tail and sound, in one video.
    ///
    /// ```swift
    /// let fitting = ClipFitting(fit: .cover, width: 750, height: 1334)
    /// let parameters = ShatteredTransition.Parameters(width: 375, height: 667, scale: 2)
    /// let join = try ClipDriven.joining(
    ///     from: Clip(path: "a.mp4", frameRate: 30), to: Clip(path: "b.mp4", frameRate: 30), fps: 30,
    ///     transitionDuration: parameters.duration, head: true, tail: true, fitting: { _ in fitting },
    ///     transition: { from, to in try ShatteredTransition(from: from!, to: to!, parameters: parameters) })
    /// ```
    public static func joining(
        from: Clip?, to: Clip?, fps: Double, transitionDuration: Double, head: Bool = false, tail: Bool = false,
        fitting: (Clip) -> ClipFitting, transition: (_ from: Texture?, _ to: Texture?) throws -> Base
    ) throws -> ClipDriven<Base> {
        let frames = FrameTimeline(duration: transitionDuration, fps: fps).count
        let join = ClipJoin(from: from, to: to, transitionFrames: frames, fps: fps, head: head, tail: tail)
        var clips: [ClipInput] = []
        for (role, clip) in [("from", from), ("to", to)] {
            guard let clip else { continue }
            // The head plays the `from` clip up to the transition, which goes on from there.
            let offset = role == "from" ? Double(join.headFrames) / fps : 0
            clips.append(try ClipInput(role: role, clip: clip, fitting: fitting(clip), timeOffset: offset))
        }
        let base = try transition(clips.first { $0.role == "from" }?.first, clips.first { $0.role == "to" }?.first)
        return ClipDriven(base, clips: clips, join: join)
    }
}
