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
    /// One JSON object a line every 5 seconds, and one at the end, for dashboards.
    case json
    case none

    var resolved: ProgressMode { self == .auto ? (Terminal.stderrIsTerminal ? .tty : .plain) : self }
}

/// Turns render events into progress lines on standard error, throttled; safe from any thread.
final class ProgressDisplay: Sendable {
    private let mode: ProgressMode
    private let state: Locked<State>
    private static let plainInterval = 5.0, ttyInterval = 0.1

    private struct State {
        var started = Date()
        var lastShown = Date.distantPast
        var total = 0
        var kept = 0
    }

    init(mode: ProgressMode) {
        self.mode = mode.resolved
        state = Locked(State())
    }

    func handle(_ event: RenderEvent) {
        switch event {
        case .planned(let toRender, let kept):
            state.withLock {
                $0.total = toRender
                $0.kept = kept
                $0.started = Date()
                $0.lastShown = $0.started  // the first line after an interval, not at once
            }
        case .frameWritten(let written, let total):
            let now = Date()
            let line: String? = state.withLock { state in
                let interval = mode == .tty ? Self.ttyInterval : Self.plainInterval
                // JSON also reports the end, for dashboards; the summary line does that for people.
                let last = written == total && mode == .json
                guard now.timeIntervalSince(state.lastShown) >= interval || last else { return nil }
                state.lastShown = now
                return self.line(written: written, total: total, elapsed: now.timeIntervalSince(state.started))
            }
            if let line { show(line) }
        }
    }

    /// Clears the tty line before the summary.
    func end() {
        if mode == .tty { Terminal.endStatus() }
    }

    private func line(written: Int, total: Int, elapsed: Double) -> String? {
        let fps = elapsed > 0 ? Double(written) / elapsed : 0
        let eta = fps > 0 ? Double(total - written) / fps : nil
        switch mode {
        case .tty, .plain:
            let rate = Format.decimals(fps, 1)
            let left = eta.map { "ETA \(Self.duration($0))" } ?? "ETA unknown"
            return "shatter: frame \(written)/\(total), \(rate) frames/s, \(left)"
        case .json:
            var object: [String: Any] = [
                "event": written == total ? "done" : "progress", "framesDone": written,
                "framesTotal": total, "framesPerSecond": (fps * 100).rounded() / 100,
                "elapsedSeconds": (elapsed * 100).rounded() / 100,
            ]
            if let eta { object["etaSeconds"] = (eta * 100).rounded() / 100 }
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
            return String(decoding: data, as: UTF8.self)
        case .auto, .none:
            return nil
        }
    }

    private func show(_ line: String) {
        switch mode {
        case .tty: Terminal.rewrite(line)
        case .plain, .json: Terminal.error(line)
        case .auto, .none: break
        }
    }

    /// `42 s`, `3 min 5 s`, `2 h 10 min`.
    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        if s < 60 { return "\(s) s" }
        if s < 3600 { return "\(s / 60) min \(s % 60) s" }
        return "\(s / 3600) h \((s % 3600) / 60) min"
    }
}
