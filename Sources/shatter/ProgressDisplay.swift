import ArgumentParser
import Foundation
import Shatter

/// How a render shows that it is moving: `--progress auto|tty|plain|json|none`, `--quiet`.
enum ProgressMode: String, CaseIterable, ExpressibleByArgument {
    /// `tty` when standard error is a terminal, else `plain`.
    case auto
    /// One line rewritten in place: frames done/total, frames per second, time left.
    case tty
    /// A line every 5 seconds, for logs (Kubernetes, Slurm).
    case plain
    /// One JSON object a line: `start` at once, `progress` every half second, `done` once the output
    /// is complete, for dashboards.
    case json
    case none

    var resolved: ProgressMode { self == .auto ? (Terminal.stderrIsTerminal ? .tty : .plain) : self }

    static let help = ArgumentHelp(
        "Progress on standard error: auto (tty on a terminal, else plain), tty (one line), plain (a line every 5 s), "
            + "json (one object a line: start at once, progress every 0.5 s, done when the output is "
            + "complete), none. Counts every frame of the output, and time left over the whole job.",
        valueName: "MODE")
}

/// Turns render events into progress lines on standard error, over the whole job: started at the
/// first event, a line on a clock of its own (so one shows even while a slow frame or the encoder's
/// end is under way), and `done` only when told the output is complete. Safe from any thread.
final class ProgressDisplay: Sendable {
    private let mode: ProgressMode
    private let state: Locked<State>
    /// Seconds between lines: a terminal's line is redrawn often, a log's now and then; JSON at least
    /// once a second (twice, so that a busy machine's late tick still keeps that promise).
    static let intervals: [ProgressMode: Double] = [.tty: 0.1, .plain: 5, .json: 0.5]

    private struct State {
        var started = Date()
        var written = 0
        var total: Int?
        var left = TimeLeft(total: 0)
        var stopped = false
    }

    init(mode: ProgressMode) {
        self.mode = mode.resolved
        let state = Locked(State())
        self.state = state
        guard let interval = Self.intervals[self.mode] else { return }
        // The clock: a thread of its own, so a line comes on time whatever the render's threads do.
        Thread.detachNewThread { [weak self] in
            while let display = self, !display.state.withLock({ $0.stopped }) {
                Thread.sleep(forTimeInterval: interval)
                display.tick()
            }
        }
    }

    func handle(_ event: RenderEvent) {
        switch event {
        case .planned(let toRender, _):
            state.withLock {
                $0.started = Date()
                $0.total = toRender
                $0.left = TimeLeft(total: toRender)
                guard !$0.stopped else { return }
                switch mode {
                case .json: Terminal.error(Self.json(["event": "start", "framesTotal": toRender, "elapsedSeconds": 0]))
                case .tty: Terminal.rewrite(line($0, now: Date()))
                case .plain, .auto, .none: break
                }
            }
        case .frameWritten(let written, let total):
            state.withLock {
                $0.written = max($0.written, written)
                $0.total = total
                $0.left.record(written: $0.written, at: Date().timeIntervalSince($0.started))
            }
        case .drawnFrames(let spans):
            // A join's transitions are drawn, its clips copied: the time left counts each at its own pace.
            state.withLock { $0.left = TimeLeft(total: $0.left.total, drawn: spans) }
        }
    }

    /// The line of the moment, on the clock.
    private func tick() {
        state.withLock {
            guard !$0.stopped, $0.total != nil else { return }
            let text = line($0, now: Date())
            mode == .tty ? Terminal.rewrite(text) : Terminal.error(text)
        }
    }

    /// The output is complete with `frames` frames: JSON's last object says so; the clock stops.
    func finish(frames: Int) {
        state.withLock {
            guard !$0.stopped else { return }
            $0.stopped = true
            if mode == .json {
                let elapsed = Date().timeIntervalSince($0.started)
                Terminal.error(
                    Self.json([
                        "event": "done", "framesDone": frames, "framesTotal": $0.total ?? frames,
                        "framesPerSecond": Self.hundredths(elapsed > 0 ? Double(frames) / elapsed : 0),
                        "elapsedSeconds": Self.hundredths(elapsed),
                    ]))
            }
        }
        end()
    }

    /// Stops the clock and clears the tty line before the summary.
    func end() {
        state.withLock { $0.stopped = true }
        if mode == .tty { Terminal.endStatus() }
    }

    private func line(_ state: State, now: Date) -> String {
        let elapsed = now.timeIntervalSince(state.started)
        let (written, total) = (state.written, state.total ?? 0)
        let fps = elapsed > 0 ? Double(written) / elapsed : 0
        let eta = state.left.shown(at: elapsed)
        guard mode == .json else {
            let left = eta.map { "ETA \(Self.duration($0))" } ?? "ETA unknown"
            return "shatter: frame \(written)/\(total), \(DecimalText.rounded(fps, to: 1)) frames/s, \(left)"
        }
        var object: [String: Any] = [
            "event": "progress", "framesDone": written, "framesTotal": total, "framesPerSecond": Self.hundredths(fps),
            "elapsedSeconds": Self.hundredths(elapsed),
        ]
        if let eta { object["etaSeconds"] = Self.hundredths(eta) }
        return Self.json(object)
    }

    private static func hundredths(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    static func json(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// `42 s`, `3 min 5 s`, `2 h 10 min`.
    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        if s < 60 { return "\(s) s" }
        if s < 3600 { return "\(s / 60) min \(s % 60) s" }
        return "\(s / 3600) h \((s % 3600) / 60) min"
    }
}
