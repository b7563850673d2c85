import Shatter

/// `shatter compare`'s table on stdout, one row per frame: the frame column is the index (or the file
/// name), and the time column appears only where frames have times.
struct CompareTable {
    let report: CompareReport

    init(_ report: CompareReport) { self.report = report }

    static func name(_ frame: CompareReport.Frame) -> String {
        frame.index.map { "frame \($0)" } ?? frame.name ?? "image"
    }

    var text: String {
        let hasTime = report.frames.contains { $0.time != nil }
        let labels = report.frames.map { $0.index.map(String.init) ?? $0.name ?? "image" }
        let labelWidth = max(5, labels.map(\.count).max() ?? 0)
        var header = Self.left(report.frames.contains { $0.index != nil } ? "frame" : "image", labelWidth)
        if hasTime { header += Self.pad("t", 9) }
        header +=
            Self.pad("result", 14) + Self.pad("differing px", 14) + Self.pad("largest Δ", 12) + Self.pad("summed Δ", 10)
            + Self.pad("PSNR", 11) + Self.pad("SSIM", 9)
        var lines = [header]
        for (f, label) in zip(report.frames, labels) {
            var line = Self.left(label, labelWidth)
            if hasTime { line += Self.pad(f.time.map { Format.decimals($0, 4) } ?? "", 9) }
            line += Self.pad(f.verdict == .pass ? "pass" : f.verdict.rawValue.uppercased(), 14)
            if f.differingPixels != nil {
                line +=
                    Self.pad(f.differingPixels.map(String.init) ?? "", 14)
                    + Self.pad(f.largestChannelDifference.map(String.init) ?? "", 12)
                    + Self.pad(f.largestSummedDifference.map(String.init) ?? "", 10)
                    + Self.pad(f.psnr.map { Format.decimals($0, 2) + " dB" } ?? (f.decoded ? "identical" : "same hash"), 11)
                    + Self.pad(f.ssim.map { Format.decimals($0, 5) } ?? "", 9)
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func pad(_ s: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - s.count)) + s }
    private static func left(_ s: String, _ width: Int) -> String { s + String(repeating: " ", count: max(0, width - s.count)) }
}
