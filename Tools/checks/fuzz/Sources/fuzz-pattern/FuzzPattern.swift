import CFuzzer
import Glibc
import Shatter

/// Hands over to libFuzzer, which parses its own flags and calls ``fuzzPattern(_:_:)`` per input.
@main enum FuzzPatternMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzPattern))
    }
}

/// One fuzzer input: the text of a `--from` clip path (`shots/%05d.png`, `%02147483647d`, …), opened in
/// a folder that does not exist. Shatter parses the pattern itself (never `String(format:)`), so every
/// text must be refused in one line (no such frames, or an unusable pattern) at once, never crash,
/// trap or allocate a name as wide as a number in it.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzPattern(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard !text.contains("\0") else { return 0 }  // a path cannot hold NUL
    let path = "/nonexistent-shatter-fuzz/" + text
    do {
        _ = try Clip(path: path, frameRate: 30)
        preconditionFailure("a clip opened in a folder that does not exist: \(path)")
    } catch {
        // One line besides the path as given (which may hold a line break of its own), and short.
        let said = "\(error)".replacingOccurrences(of: path, with: "PATH")
        precondition(error is ClipError && !said.contains("\n") && said.utf8.count < 1_000, "bad refusal: \(said)")
    }
    return 0
}
