/// How a ``PointSpriteBatch``'s pieces get from their grid positions to where a frame shows them.
public enum PointMotion: Sendable, Equatable {
    /// The motion solved in closed form at the batch's `time`: the fall speed limit and the wall
    /// bounces (landing exactly on the wall) computed analytically, smooth at any frame rate.
    case closedForm
    /// `steps` updates of `stepSeconds` each, exactly as the original's per-frame loop orders them:
    /// fall speed += a·dt, capped; move by dt·speed; then, if the piece is at or past a wall, reverse
    /// its x speed keeping `restitution` (0 below the stop speed). The batch's `time` is not used.
    /// Pieces are drawn as the original's GPU draws them, without a guard band: one whose centre is
    /// off screen is dropped whole (so the pieces stuck just past a wall vanish, as in the original).
    case stepped(steps: Int, stepSeconds: Float)

    /// The most steps the vertex program (and its twin) evaluate for one frame: 10 s at 60 Hz. The
    /// loop is bounded so that any frame still renders alone at a cost tied to the duration.
    public static let maxSteps = 600

    /// Throws ``TooManySteps`` when a stepped motion asks for more than ``maxSteps`` (renderers
    /// refuse rather than show a frame short of its steps).
    public func validate() throws {
        if case .stepped(let steps, let stepSeconds) = self, !(0...Self.maxSteps).contains(steps) {
            throw TooManySteps(steps: steps, stepSeconds: stepSeconds)
        }
    }

    /// The vertex program's `u_steps` and `u_stepSeconds`: −1 steps for the closed form.
    public var uniforms: (steps: Int32, stepSeconds: Float) {
        switch self {
        case .closedForm: return (-1, 0)
        case .stepped(let steps, let stepSeconds): return (Int32(clamping: steps), stepSeconds)
        }
    }

    /// A stepped motion beyond what one frame evaluates.
    public struct TooManySteps: Error, CustomStringConvertible, Equatable {
        public let steps: Int
        public let stepSeconds: Float

        public init(steps: Int, stepSeconds: Float) {
            self.steps = steps
            self.stepSeconds = stepSeconds
        }

        public var description: String {
            let seconds = Double(stepSeconds)
            let rate = (1 / seconds).rounded()
            let step = rate.isFinite && rate >= 1 && abs(rate * seconds - 1) < 1e-6 ? "1/\(Int(rate)) s" : "\(seconds) s"
            let limit = Double(PointMotion.maxSteps) * seconds
            return "the pieces' stepped motion needs \(steps) steps of \(step) for this frame, but at most "
                + "\(PointMotion.maxSteps) (\((limit * 1000).rounded() / 1000) s) are evaluated per frame: use a shorter "
                + "duration, or the closed-form motion"
        }
    }
}
