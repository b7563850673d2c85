import ArgumentParser
import Glibc
import Shatter

/// `shatter`: renders iOS animation effects headlessly to PNG frames.
struct ShatterTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shatter",
        abstract: "Render iOS animation effects headlessly, frame by frame, to PNG.",
        discussion: """
            Backends: EGL + OpenGL ES 3 with no display (a GPU, or Mesa's llvmpipe), or Shatter's own \
            CPU renderer, which gives the same pixels. Exit codes: 0 success, 1 a failure while \
            running (bad input file, GL error, write error), 64 bad options.
            """,
        subcommands: [RenderCommand.self, InfoCommand.self]
    )
}

@main
enum Main {
    static func main() {
        do {
            var command = try ShatterTool.parseAsRoot()
            try command.run()
        } catch {
            let code = ShatterTool.exitCode(for: error)
            guard code != .success else { ShatterTool.exit(withError: error) }  // --help, --version
            // One line a person can act on; ArgumentParser's usage block is one `--help` away.
            let message = ShatterTool.message(for: error).split(whereSeparator: \.isNewline).first.map(String.init) ?? "\(error)"
            let hint = code == .validationFailure ? " (see --help)" : ""
            Terminal.error("shatter: error: \(message)\(hint)")
            Glibc.exit(code.rawValue)
        }
    }
}
