import Foundation

/// A comparison's report as JUnit XML, the test format CI systems read (GitLab, Jenkins, GitHub's test
/// reporters): one test suite, one test case per frame (or image), and a `<failure>` carrying the
/// verdict's reasons for each frame that fails, so a failing frame shows up as a failing test.
///
/// ```swift
/// let report = try session.finish(subject: "shatter", expectedRenderer: "cpu", actualRenderer: "gl")
/// try JUnitReport(report).write(to: "compare.xml")
/// ```
public struct JUnitReport {
    public let report: CompareReport

    public init(_ report: CompareReport) { self.report = report }

    /// The XML document.
    public var xml: String {
        let failures = report.frames.filter { !$0.passed }.count
        let suite = "\(report.subject): \(report.actualRenderer) against \(report.expectedRenderer)"
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="shatter compare" tests="\#(report.frames.count)" failures="\#(failures)">"#,
            #"  <testsuite name="\#(Self.escaped(suite))" tests="\#(report.frames.count)" failures="\#(failures)" errors="0" skipped="0">"#,
        ]
        let classname = Self.escaped("shatter.compare." + report.subject)
        for frame in report.frames {
            let open = #"    <testcase classname="\#(classname)" name="\#(Self.escaped(Self.name(frame)))""#
            guard !frame.passed else {
                lines.append(open + "/>")
                continue
            }
            let reasons = frame.reasons.isEmpty ? [frame.verdict.rawValue] : frame.reasons
            lines.append(open + ">")
            lines.append(
                #"      <failure type="\#(frame.verdict.rawValue)" message="\#(Self.escaped(reasons[0]))">"#
                    + Self.escaped(reasons.joined(separator: "\n")) + "</failure>")
            lines.append("    </testcase>")
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the XML through ``OutputFile`` (a temporary renamed into place; a FIFO written through).
    public func write(to path: String) throws {
        try OutputFile.write(Array(xml.utf8), to: path)
    }

    /// "frame 12 (t = 0.2 s)", a file's name, or "image".
    static func name(_ frame: CompareReport.Frame) -> String {
        guard let index = frame.index else { return frame.name ?? "image" }
        return "frame \(index)" + (frame.time.map { " (t = \(DecimalText.rounded($0, to: 4)) s)" } ?? "")
    }

    /// Text safe inside an XML attribute or element: markup escaped, characters XML 1.0 forbids dropped.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
