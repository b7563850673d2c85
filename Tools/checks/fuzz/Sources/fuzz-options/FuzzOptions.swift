import ArgumentParser
import CFuzzer
import Glibc

/// Hands over to libFuzzer, which parses its own flags and calls ``fuzzOptions(_:_:)`` per input.
@main enum FuzzOptionsMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOptions))
    }
}

/// The CLI's command tree without its `@main` (libFuzzer supplies `main`).
struct FuzzRoot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shatter",
        subcommands: [RenderCommand.self, CompareCommand.self, BenchCommand.self, InfoCommand.self]
    )
}

/// One fuzzer input: a command line, arguments separated by newlines.
///
/// Parsing runs every `validate()`, so any option value that could crash the tool later (a size that
/// overflows, a NaN that becomes an Int) must be refused there. Nothing is rendered: rendering a
/// huge but valid request would only be slow.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOptions(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let arguments = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    do {
        _ = try FuzzRoot.parseAsRoot(arguments)
    } catch {
        // Every refusal must become a message (this is what Main prints as its one line).
        _ = FuzzRoot.message(for: error)
        _ = FuzzRoot.exitCode(for: error)
    }
    return 0
}

