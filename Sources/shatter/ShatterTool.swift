import ArgumentParser
import Foundation
import Glibc
import Shatter

/// `shatter`: renders iOS animation effects headlessly to PNG frames.
struct ShatterTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shatter",
        abstract: "Render iOS animation effects headlessly, frame by frame, to PNG or video.",
        discussion: """
            Backends: EGL + OpenGL ES 3 with no display (a GPU, or Mesa's llvmpipe), or Shatter's own \
            CPU renderer, which gives the same pixels. Exit codes: 0 success, 1 a failure while \
            running (bad input file, GL error, write error), 64 bad options, 130/143 a render \
            stopped by SIGINT/SIGTERM (rerun with --resume); `compare` exits 0 pass, 1 fail, 2 any \
            error (like diff).
            """,
        version: ShatterVersion.current,
        subcommands: [
            RenderCommand.self, JoinCommand.self, CompareCommand.self, BenchCommand.self, InfoCommand.self, ProbeCommand.self,
            ManifestCommand.self, PreviewCommand.self,
        ]
    )
}

@main
enum Main {
    static func main() {
        // Before anything compiled for AVX2 runs on a processor without it.
        if let problem = BuildTarget.unmetRequirement {
            FileHandle.standardError.write(Data("shatter: error: \(problem)\n".utf8))
            Glibc.exit(1)
        }
        // Before any file, pipe or thread: room for the descriptors a run holds, or one line saying why not.
        do { try OpenFileFloor.raise() } catch {
            FileHandle.standardError.write(Data("shatter: error: \(error)\n".utf8))
            Glibc.exit(1)
        }
        FrameMemory.keepFreedFrameBuffers()
        // A closed pipe (ffmpeg's input, a `--pipe` reader, a progress reader that quit) is an error to
        // report where it matters, never a silent death: writes to it fail with EPIPE instead.
        signal(SIGPIPE, SIG_IGN)
        // Likewise a file past the size limit (`ulimit -f`): the write fails with EFBIG and is reported,
        // like a full disk, and the writer's temporary is removed, instead of a death that leaves it.
        signal(SIGXFSZ, SIG_IGN)
        do {
            var command = try ShatterTool.parseAsRoot()
            // Before any input is read: a signal while probing clips or reading inputs stops the run
            // and the children it started, not Shatter alone.
            Interruption.install()
            try command.run()
        } catch {
            let own = CompareFailure.exitCode(for: error)
            let error = CLIErrors.translate((error as? CompareFailure)?.error ?? error)
            var code = ShatterTool.exitCode(for: error)
            guard code != .success else { ShatterTool.exit(withError: error) }  // --help, --version
            if let exit = error as? ExitCode { Glibc.exit(exit.rawValue) }  // a verdict, already reported
            if let own { code = own }
            // One line a person can act on; ArgumentParser's usage block is one `--help` away.
            let message = ShatterTool.message(for: error).split(whereSeparator: \.isNewline).first.map(String.init) ?? "\(error)"
            let hint = ShatterTool.exitCode(for: error) == .validationFailure ? " (see --help)" : ""
            Terminal.error("shatter: error: \(message)\(hint)")
            Glibc.exit(code.rawValue)
        }
    }
}
