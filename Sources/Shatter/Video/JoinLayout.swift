/// Where each clip and each transition of a join lies in the video, in frames at the video's rate.
///
/// Clip `i` is seen from the start of the transition into it (frame 0 for the first clip) to the end
/// of the transition out of it (the video's end for the last): a transition takes the last moments
/// of the clip before it and the first of the clip after it, so the video lasts the clips' lengths
/// less the transitions'. A clip shorter than its transitions is shown alone for no frame and holds
/// its last frame through the transition out of it.
///
/// ```swift
/// // Three 5 s clips at 30 fps, two transitions of 37 frames: 113 + 37 + 76 + 37 + 113 = 376 frames.
/// let layout = JoinLayout(clipFrames: [150, 150, 150], transitionFrames: [37, 37])
/// layout.soloFrames         // [113, 76, 113]
/// layout.transitionStart(1) // 226
/// ```
public struct JoinLayout: Sendable, Equatable {
    /// Frames of each transition (one fewer than the clips).
    public let transitionFrames: [Int]
    /// Frames each clip is shown alone: the first clip's before the first transition (its head, 0
    /// without one), a middle clip's between its two transitions, the last clip's after the last
    /// transition (its tail, 0 without one).
    public let soloFrames: [Int]

    /// The layout of clips lasting `clipFrames` frames at the video's rate; without `head` the video
    /// starts with the first transition, without `tail` it ends with the last.
    public init(clipFrames: [Int], transitionFrames: [Int], head: Bool = true, tail: Bool = true) {
        precondition(clipFrames.count == transitionFrames.count + 1, "JoinLayout: one transition between each two clips")
        self.transitionFrames = transitionFrames
        let last = clipFrames.count - 1
        soloFrames = clipFrames.indices.map { i in
            guard (i > 0 || head) && (i < last || tail) else { return 0 }
            return max(0, clipFrames[i] - Self.framesOfTransitions(around: i, transitionFrames))
        }
    }

    /// The clips (their indices) shorter than the transitions into and out of them: each is never
    /// seen alone, and holds its last frame until the transition out of it ends, so the video seems
    /// to freeze there.
    public static func heldClips(clipFrames: [Int], transitionFrames: [Int]) -> [Int] {
        clipFrames.indices.filter { clipFrames[$0] < framesOfTransitions(around: $0, transitionFrames) }
    }

    /// Frames of the transitions into and out of clip `i`.
    private static func framesOfTransitions(around i: Int, _ transitionFrames: [Int]) -> Int {
        (i > 0 ? transitionFrames[i - 1] : 0) + (i < transitionFrames.count ? transitionFrames[i] : 0)
    }

    /// The layout of clips shown alone for `soloFrames` frames each.
    public init(soloFrames: [Int], transitionFrames: [Int]) {
        precondition(soloFrames.count == transitionFrames.count + 1, "JoinLayout: one transition between each two clips")
        self.soloFrames = soloFrames
        self.transitionFrames = transitionFrames
    }

    /// Frames of `clip` at `fps`: its length in seconds times the video's rate, rounded. A length no
    /// video could have (beyond ``unboundedFrames``) is counted as that many, never converted past
    /// `Int`: ``checkFrameCap()`` then refuses the layout.
    public static func frames(of clip: Clip, fps: Double) -> Int {
        let frames = (Double(clip.frameCount) / clip.frameRate * fps).rounded()
        return frames.isNaN ? unboundedFrames : Int(min(max(frames, 0), Double(unboundedFrames)))
    }

    /// Frames in the whole video.
    public var totalFrames: Int { soloFrames.reduce(0, +) + transitionFrames.reduce(0, +) }

    /// The video frame where clip `i` is first seen alone (after the transition into it).
    public func soloStart(_ i: Int) -> Int {
        (0..<i).reduce(0) { $0 + soloFrames[$1] + transitionFrames[$1] }
    }

    /// The video frame where transition `i` (between clips `i` and `i + 1`) starts.
    public func transitionStart(_ i: Int) -> Int { soloStart(i) + soloFrames[i] }

    /// The video frame where clip `i` is first seen: the start of the transition into it.
    public func entry(_ i: Int) -> Int { i == 0 ? 0 : transitionStart(i - 1) }

    /// The video frame after clip `i` is last seen: the end of the transition out of it.
    public func exit(_ i: Int) -> Int {
        i == transitionFrames.count ? totalFrames : transitionStart(i) + transitionFrames[i]
    }
}
