/// Text read from a file (a manifest's names, a recorded probe report's renderer), made safe to print on
/// a terminal: control characters (escape sequences, carriage returns, bells) and line and paragraph
/// separators become U+FFFD, so a file cannot move the cursor, retitle or clear the window, or forge a
/// line of Shatter's output.
public enum PrintableText {
    /// `text` with its unsafe characters replaced; cut to `limit` characters (with "…") where given.
    public static func of(_ text: String, limit: Int? = nil) -> String {
        let unsafe: Set<Unicode.GeneralCategory> = [.control, .lineSeparator, .paragraphSeparator]
        let kept = text.unicodeScalars.prefix(limit ?? Int.max)
        let scalars = kept.map { unsafe.contains($0.properties.generalCategory) ? "\u{FFFD}" : $0 }
        return String(String.UnicodeScalarView(scalars)) + (kept.count < text.unicodeScalars.count ? "…" : "")
    }
}
