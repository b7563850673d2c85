import ArgumentParser
import Glibc
import Shatter

/// What every `render` subcommand does with a built effect: options into a ``RenderSession``, the
/// backend's note, progress on the terminal, signals, the summary line, the contact sheet, exit codes.
struct RenderRun {
    let timing: TimingOptions
    let output: OutputOptions
    let sharding: ShardOptions

    func run<E: Effect>(_ effect: E) throws {
        var options = RenderSession<E>.Options()
        options.fps = timing.rate.fps
        options.range = timing.range
        options.shard = try sharding.resolved()
        options.existingFrames = sharding.existingFrames
        options.png = PNGWriteOptions(compressionLevel: output.compression, background: output.background?.color)
        options.contactSheetFrames = output.contactSheet == nil ? nil : output.sheetFrames
        // The frames are checked before the backend starts, so a bad range costs no GL bring-up.
        _ = try FrameSelection(timeline: FrameTimeline(duration: effect.duration, fps: options.fps), range: options.range,
                               shard: options.shard)
        let choice = try output.backend.makeRenderer(gl: .init(deviceIndex: try output.device.resolvedIndex()))
        if let fallback = choice.fallback { Terminal.error("shatter: \(CLIErrors.describe(fallback))") }
        let session = try RenderSession(effect: effect, renderer: choice, folder: output.out, options: options)
        let cancellation = Interruption.install()
        let resuming = options.existingFrames == .resume
        let summary = try session.run(cancellation: cancellation) { event in
            switch event {
            case .planned(let toRender, let kept):
                if resuming { print("Resuming: \(kept) frames already done, \(toRender) to render") }
            case .frameWritten(let written, let total):
                Terminal.status("shatter: frame \(written)/\(total)")
            }
        }
        Terminal.endStatus()
        if summary.interrupted {
            Terminal.error("shatter: interrupted after \(summary.written) frames; rerun with --resume to finish")
            throw ExitCode(128 + (Interruption.receivedSignal ?? SIGINT))
        }
        print("Rendered \(summary.written) frames to \(session.folder.path)/ in \(format(summary.seconds)) s "
              + "(\(choice.backend.rawValue): \(choice.renderer.description); render \(format(summary.renderSeconds)) s, "
              + "PNG \(format(summary.encodeSeconds)) s over all cores)")
        if let path = output.contactSheet, let sheet = summary.contactSheet {
            try PNGEncoder.write(sheet, to: path, options: PNGWriteOptions(compressionLevel: 9))
            print("Contact sheet: \(path)")
        }
    }

    private func format(_ seconds: Double) -> String { Format.decimals(seconds, 2) }
}

/// Numbers as the CLI prints them.
enum Format {
    /// `value` rounded to `digits` decimals, printed as Swift prints a Double (`0.6`, `1.23`).
    static func decimals(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return String((value * scale).rounded() / scale)
    }
}
