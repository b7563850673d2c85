import Glibc

/// Writing to the terminal: results on stdout, progress and errors on stderr.
enum Terminal {
    static func error(_ line: String) {
        writeStandardError(line + "\n")
    }

    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Rewrites one status line in place on a terminal; prints nothing when stderr is a file or pipe.
    static func status(_ line: String) {
        guard stderrIsTerminal else { return }
        writeStandardError("\r\u{1B}[K" + line)
    }

    /// Rewrites one line in place, whatever stderr is (`--progress tty`).
    static func rewrite(_ line: String) {
        writeStandardError("\r\u{1B}[K" + line)
    }

    /// Progress of long work: on a terminal the status line, rewritten in place; in a log one line each,
    /// so that a long run is never silent there.
    static func progress(_ line: String) {
        if stderrIsTerminal { status(line) } else { error(line) }
    }

    static func endStatus() {
        guard stderrIsTerminal else { return }
        writeStandardError("\r\u{1B}[K")
    }

    /// Unbuffered, so progress and errors appear at once and in order.
    private static func writeStandardError(_ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = Glibc.write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
    }
}
