import Foundation

extension CompareReport {
    /// How much the zoomed crops are enlarged (nearest neighbour).
    public static let zoomFactor = 8

    /// `index.html`: the verdict, the rule in one sentence and the counts first; then the failing frames,
    /// worst first, each with expected / actual / diff at full resolution behind a toggle (or blinking),
    /// the diff drawn over a pale copy of the expected image, and an 8× crop around the largest
    /// difference; then the passing frames. Plain HTML and CSS, no script, so it opens anywhere.
    public func html() -> String {
        let palette = DiffPalette(rule: rule.fuzzyRule)
        let noun = frames.contains { $0.index != nil } ? "frame" : "image"
        let failing = framesWorstFirst.filter { !$0.passed }
        let within = framesWorstFirst.filter { $0.verdict == .pass }
        var body = summary(noun: noun, palette: palette)
        if !failing.isEmpty {
            body += "<h2>Failing \(noun)s, worst first</h2>\n" + failing.map { section($0) }.joined()
        }
        if !within.isEmpty {
            body += "<h2>Passing \(noun)s that differ within the rule</h2>\n" + table(within)
        }
        body += identicalLine(noun: noun)
        if let overview {
            body +=
                "<h2>Overview</h2>\n<p class=\"hint\">Expected over actual over diff, \(failing.isEmpty ? "spread over the run" : "failing \(noun)s first"); "
                + "each diff thumbnail cell shows the largest difference inside it.</p>\n"
                + "<p><img class=\"filmstrip\" src=\"\(Page.escape(overview))\" alt=\"filmstrip: expected over actual over diff\"></p>\n"
        }
        body += "<p class=\"footer\"><a href=\"report.json\">report.json</a> · SSIM: \(Page.escape(ssimMethod))</p>\n"
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <title>\(passed ? "PASS" : "FAIL") · shatter compare \(Page.escape(subject))</title>
            <style>\(Page.style)</style></head><body>
            \(body)</body></html>

            """
    }

    private func summary(noun: String, palette: DiffPalette) -> String {
        var parts = ["\(counts.frames) \(Page.plural(noun, counts.frames))"]
        var failed = [String]()
        if counts.changed > 0 { failed.append("\(counts.changed) beyond the rule") }
        if counts.missing > 0 { failed.append("\(counts.missing) missing") }
        if counts.extra > 0 { failed.append("\(counts.extra) extra") }
        if counts.sizeMismatch > 0 { failed.append("\(counts.sizeMismatch) of another size") }
        parts.append("\(counts.failed) fail" + (failed.isEmpty ? "" : " (\(failed.joined(separator: ", ")))"))
        parts.append("\(counts.passed) pass (\(counts.identical) identical, \(counts.withinRule) within the rule)")
        let verdict = passed ? "pass" : "fail"
        var html = """
            <header class="summary">
            <p class="verdict \(verdict)">\(verdict.uppercased())</p>
            <h1>shatter compare \(Page.escape(subject))</h1>
            <p class="counts">\(parts.joined(separator: " · "))</p>
            <p class="rule"><strong>Rule:</strong> \(Page.escape(rule.sentence))</p>
            <dl class="sides"><dt>Expected</dt><dd>\(Page.escape(expectedRenderer))</dd>\
            <dt>Actual</dt><dd>\(Page.escape(actualRenderer))</dd></dl>

            """
        if let file = preview?.file {
            html +=
                "<p class=\"preview\">Play it in the browser: <a href=\"\(Page.escape(file))\">\(Page.escape(file))</a> "
                + "(the GL backend's calls replayed in WebGL2; it checks your browser's GL against the CPU renderer)</p>\n"
        } else if let reason = preview?.unavailable {
            html += "<p class=\"preview\">No browser preview: \(Page.escape(reason))</p>\n"
        }
        if !notes.isEmpty {
            html += "<ul class=\"notes\">" + notes.map { "<li>\(Page.escape($0))</li>" }.joined() + "</ul>\n"
        }
        html += legend(palette) + "</header>\n"
        return html
    }

    /// The diff's color scale, from the same palette the pictures are drawn with.
    private func legend(_ palette: DiffPalette) -> String {
        var items = palette.bands.map { band in
            "<li><span class=\"swatch\" style=\"background:\(band.hex)\"></span>\(Page.escape(band.label))</li>"
        }
        if rule.ignoredBorder > 0 {
            items.append(
                "<li><span class=\"swatch\" style=\"background:\(palette.ignoredHex)\"></span>not compared (border)</li>")
        }
        items.append("<li><span class=\"swatch backdrop\"></span>equal (the expected image, pale)</li>")
        return "<div class=\"legend\"><span class=\"legend-title\">Diff colors, by a pixel's largest channel difference "
            + "(of 255):</span><ul>\(items.joined())</ul></div>\n"
    }

    private func title(_ frame: Frame) -> String {
        var title = frame.index.map { "Frame \($0)" } ?? frame.name.map(Page.escape) ?? "The images"
        if frame.index != nil, let name = frame.name { title += " <span class=\"name\">\(Page.escape(name))</span>" }
        if let time = frame.time { title += " <span class=\"t\">t = \(String(format: "%.4f", time)) s</span>" }
        return title
    }

    private func section(_ frame: Frame) -> String {
        let anchor = frame.index.map { "frame-\($0)" } ?? "image-\(frame.name.map(Page.anchor) ?? "0")"
        var html = """
            <section class="frame \(frame.verdict.rawValue)" id="\(anchor)">
            <h3>\(title(frame)) <span class="badge">\(Page.verdictWords(frame.verdict))</span></h3>
            <ul class="reasons">\(frame.reasons.map { "<li>\(Page.escape($0))</li>" }.joined())</ul>

            """
        if let figures = figures(frame) { html += "<p class=\"figures\">\(figures)</p>\n" }
        if let expected = frame.files["expected"], let actual = frame.files["actual"] {
            if let diff = frame.files["diff"], let size = frame.size {
                html += viewer(anchor: anchor, size: size, expected: expected, actual: actual, diff: diff)
                if let zoom = frame.zoom, let focus = frame.largestSummedAt {
                    html += zoomCrops(
                        zoom, focus: focus, size: size, files: [("expected", expected), ("actual", actual), ("diff", diff)])
                }
            } else {
                html +=
                    "<div class=\"side-by-side\">"
                    + [("expected", expected, frame.size), ("actual", actual, frame.actualSize ?? frame.size)].map {
                        kind, file, size in
                        "<figure><img src=\"\(Page.escape(file))\"\(size.map { " width=\"\($0.width)\" height=\"\($0.height)\"" } ?? "") "
                            + "alt=\"\(kind)\"><figcaption>\(kind)\(size.map { " (\($0))" } ?? "")</figcaption></figure>"
                    }.joined() + "</div>\n"
            }
        }
        return html + "</section>\n"
    }

    /// "100 of 5,400 pixels differ (1.85%) · largest channel difference 3 at (10, 10) · …", nil when
    /// no pixels were compared.
    private func figures(_ frame: Frame) -> String? {
        guard frame.decoded, let differing = frame.differingPixels, let compared = frame.comparedPixels else { return nil }
        var parts = [
            "\(differing) of \(compared) pixels differ (\(String(format: "%.4f", (frame.differingFraction ?? 0) * 100))%)"
        ]
        if let largest = frame.largestChannelDifference {
            parts.append(
                "largest channel difference \(largest)" + (frame.largestChannelAt.map { " at (\($0.x), \($0.y))" } ?? ""))
        }
        if let summed = frame.largestSummedDifference { parts.append("largest summed difference \(summed)") }
        if let box = frame.differenceBox { parts.append("differing box \(box.x),\(box.y) \(box.width)×\(box.height)") }
        parts.append("PSNR " + (frame.psnr.map { String(format: "%.2f dB", $0) } ?? "∞"))
        if let ssim = frame.ssim { parts.append("SSIM " + String(format: "%.5f", ssim)) }
        return parts.map(Page.escape).joined(separator: " · ")
    }

    /// Expected, actual and diff stacked at full size; radio buttons show one (diff first) or blink
    /// between expected and actual. Pure CSS (`:checked ~`), so no script is needed.
    private func viewer(anchor: String, size: Size, expected: String, actual: String, diff: String) -> String {
        let choices = [("diff", "Diff"), ("expected", "Expected"), ("actual", "Actual"), ("blink", "Blink expected ↔ actual")]
        let radios = choices.map { value, words in
            "<input type=\"radio\" name=\"view-\(anchor)\" id=\"\(anchor)-\(value)\" value=\"\(value)\"\(value == "diff" ? " checked" : "")>"
                + "<label for=\"\(anchor)-\(value)\">\(words)</label>"
        }.joined()
        let layers = [("expected", expected), ("actual", actual), ("diff", diff)].map { kind, file in
            "<img class=\"layer \(kind)\" src=\"\(Page.escape(file))\" width=\"\(size.width)\" height=\"\(size.height)\" alt=\"\(kind)\">"
        }.joined()
        return """
            <div class="viewer" role="group" aria-label="show expected, actual or diff">\(radios)
            <div class="scroll"><div class="stage" style="width:\(size.width)px;height:\(size.height)px">\(layers)</div></div>
            <p class="hint">Full resolution (\(size)); scroll inside the frame for the rest.</p></div>

            """
    }

    /// The zoom window of each image, enlarged by ``zoomFactor`` without smoothing, with the largest
    /// difference outlined.
    private func zoomCrops(_ zoom: Box, focus: ImageDifference.PixelLocation, size: Size, files: [(String, String)]) -> String {
        let k = Self.zoomFactor
        let crops = files.map { kind, file in
            """
            <figure><div class="crop" style="width:\(zoom.width * k)px;height:\(zoom.height * k)px">\
            <img src="\(Page.escape(file))" alt="\(kind), \(k)× crop" style="width:\(size.width * k)px;height:\(size.height * k)px;\
            left:-\(zoom.x * k)px;top:-\(zoom.y * k)px">\
            <span class="marker" style="left:\((focus.x - zoom.x) * k)px;top:\((focus.y - zoom.y) * k)px;width:\(k)px;height:\(k)px"></span>\
            </div><figcaption>\(kind)</figcaption></figure>
            """
        }.joined()
        return """
            <div class="zoom"><p>\(k)× around (\(focus.x), \(focus.y)), the largest difference, in the \
            \(zoom.width)×\(zoom.height) px from (\(zoom.x), \(zoom.y)):</p>\(crops)</div>

            """
    }

    /// Passing frames that differ within the rule, one row each, with links to kept images.
    private func table(_ rows: [Frame]) -> String {
        let hasIndex = rows.contains { $0.index != nil }
        let hasTime = rows.contains { $0.time != nil }
        var head = hasIndex ? "<th>frame</th>" : "<th>image</th>"
        if hasTime { head += "<th>t (s)</th>" }
        head +=
            "<th>differing px</th><th>largest channel Δ</th><th>largest summed Δ</th><th>PSNR</th><th>SSIM</th><th>images</th>"
        let body = rows.map { frame in
            var row = "<td>\(frame.index.map(String.init) ?? Page.escape(frame.name ?? ""))</td>"
            if hasTime { row += "<td>\(frame.time.map { String(format: "%.4f", $0) } ?? "")</td>" }
            row +=
                "<td>\(frame.differingPixels ?? 0)</td><td>\(frame.largestChannelDifference ?? 0)</td>"
                + "<td>\(frame.largestSummedDifference ?? 0)</td><td>\(frame.psnr.map { String(format: "%.2f dB", $0) } ?? "∞")</td>"
                + "<td>\(frame.ssim.map { String(format: "%.5f", $0) } ?? "")</td><td>"
                + ["expected", "actual", "diff"].compactMap { kind in
                    frame.files[kind].map { "<a href=\"\(Page.escape($0))\">\(kind)</a>" }
                }
                .joined(separator: " ") + "</td>"
            return "<tr>\(row)</tr>"
        }.joined(separator: "\n")
        return "<table class=\"passing\"><tr>\(head)</tr>\n\(body)</table>\n"
    }

    /// Identical frames as ranges ("frames 0–11, 13–72"), saying how they were found identical.
    private func identicalLine(noun: String) -> String {
        let identical = frames.filter { $0.verdict == .identical }
        guard !identical.isEmpty else { return "" }
        let indices = identical.compactMap(\.index).sorted()
        let which: String
        if indices.count == identical.count {
            var ranges = [String]()
            var start = indices[0]
            var end = indices[0]
            for i in indices.dropFirst() {
                if i == end + 1 {
                    end = i
                    continue
                }
                ranges.append(start == end ? "\(start)" : "\(start)–\(end)")
                start = i
                end = i
            }
            ranges.append(start == end ? "\(start)" : "\(start)–\(end)")
            which = ranges.joined(separator: ", ")
        } else {
            let names = identical.compactMap(\.name)
            which = names.prefix(20).joined(separator: ", ") + (names.count > 20 ? ", … (\(names.count) in all)" : "")
        }
        let byHash = identical.filter { !$0.decoded }.count
        let how =
            byHash == identical.count
            ? "their raw-pixel and file hashes agree; no PNG was decoded"
            : byHash == 0 ? "compared pixel by pixel" : "\(byHash) by their raw-pixel and file hashes, the rest pixel by pixel"
        return "<h2>Identical \(noun)s</h2>\n<p class=\"identical\">\(identical.count) \(Page.plural(noun, identical.count)) "
            + "identical (\(how)): \(Page.escape(which)).</p>\n"
    }
}

/// Page text helpers and the style sheet.
enum Page {
    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func plural(_ noun: String, _ count: Int) -> String { count == 1 ? noun : noun + "s" }

    /// A name as an id: letters, digits and dashes.
    static func anchor(_ name: String) -> String {
        String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
    }

    static func verdictWords(_ verdict: CompareReport.Frame.Verdict) -> String {
        switch verdict {
        case .identical: "identical"
        case .pass: "pass"
        case .fail: "fail"
        case .missing: "missing"
        case .extra: "extra"
        case .sizeMismatch: "size mismatch"
        }
    }

    static let style = """
        body { font: 14px/1.45 system-ui, sans-serif; margin: 24px; color: #1d2433; max-width: 1400px; }
        h1 { font-size: 20px; margin: 0 0 6px; } h2 { font-size: 17px; margin-top: 28px; }
        h3 { font-size: 15px; margin: 0 0 4px; } .t, .name { color: #5b6475; font-weight: normal; margin-left: 6px; }
        .summary { border: 1px solid #d9dde5; border-radius: 8px; padding: 14px 18px; background: #f8f9fb; }
        .verdict { display: inline-block; font-weight: 700; font-size: 18px; padding: 2px 12px; border-radius: 6px;
          color: #fff; margin: 0 0 8px; } .verdict.pass { background: #17803d; } .verdict.fail { background: #b42318; }
        .counts { font-size: 15px; font-weight: 600; margin: 4px 0; } .rule { margin: 4px 0; }
        .sides { display: grid; grid-template-columns: max-content 1fr; gap: 0 10px; margin: 6px 0; }
        .sides dt { font-weight: 600; } .sides dd { margin: 0; word-break: break-all; }
        .notes { margin: 4px 0; padding-left: 20px; color: #7a4b00; }
        .legend ul { list-style: none; display: inline-flex; flex-wrap: wrap; gap: 4px 14px; padding: 0; margin: 0 0 0 8px; }
        .legend li { display: inline-flex; align-items: center; gap: 5px; }
        .swatch { display: inline-block; width: 14px; height: 14px; border: 1px solid #0003; }
        .swatch.backdrop { background: linear-gradient(90deg, #bfbfbf, #f2f2f2); }
        .filmstrip { max-width: 100%; border: 1px solid #d9dde5; image-rendering: pixelated; }
        section.frame { border: 1px solid #d9dde5; border-left: 5px solid #b42318; border-radius: 6px;
          padding: 10px 14px; margin: 12px 0; }
        .badge { font-size: 12px; font-weight: 700; text-transform: uppercase; color: #fff; background: #b42318;
          padding: 1px 7px; border-radius: 4px; vertical-align: 2px; }
        .reasons { margin: 4px 0; padding-left: 20px; } .figures { color: #3a4252; margin: 4px 0 8px; }
        .viewer { margin: 6px 0; } .viewer input { position: absolute; opacity: 0; pointer-events: none; }
        .viewer label { display: inline-block; border: 1px solid #aab2c0; padding: 3px 11px; margin: 0 4px 6px 0;
          border-radius: 5px; cursor: pointer; user-select: none; background: #fff; }
        .viewer input:checked + label { background: #1d2433; border-color: #1d2433; color: #fff; }
        .viewer input:focus-visible + label { outline: 2px solid #2f6fde; outline-offset: 2px; }
        .scroll { overflow: auto; max-width: 100%; max-height: 80vh; border: 1px solid #d9dde5;
          background: repeating-conic-gradient(#e6e6e6 0 25%, #fff 0 50%) 0 0 / 16px 16px; width: fit-content; }
        .stage { position: relative; } .stage img { position: absolute; left: 0; top: 0; display: none; image-rendering: pixelated; }
        .viewer input[value=diff]:checked ~ .scroll .diff, .viewer input[value=expected]:checked ~ .scroll .expected,
        .viewer input[value=actual]:checked ~ .scroll .actual, .viewer input[value=blink]:checked ~ .scroll .expected,
        .viewer input[value=blink]:checked ~ .scroll .actual { display: block; }
        .viewer input[value=blink]:checked ~ .scroll .actual { animation: blink 1s steps(1, end) infinite; }
        @keyframes blink { 50% { opacity: 0; } }
        .hint { color: #5b6475; font-size: 12px; margin: 2px 0; }
        .zoom figure, .side-by-side figure { display: inline-block; margin: 0 12px 6px 0; vertical-align: top; }
        .zoom p { margin: 6px 0 4px; } figcaption { font-size: 12px; color: #3a4252; text-align: center; }
        .crop { position: relative; overflow: hidden; border: 1px solid #8a93a3;
          background: repeating-conic-gradient(#e6e6e6 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        .crop img { position: absolute; max-width: none; image-rendering: pixelated; }
        .marker { position: absolute; outline: 2px solid #00b7ff; outline-offset: 1px; box-shadow: 0 0 0 4px #fff8; }
        .side-by-side img { image-rendering: pixelated; border: 1px solid #d9dde5; max-width: 100%; height: auto; }
        table { border-collapse: collapse; margin-top: 8px; } td, th { border: 1px solid #d9dde5; padding: 3px 8px; text-align: left; }
        .identical { color: #3a4252; } .footer { margin-top: 24px; color: #5b6475; font-size: 12px; }
        """
}
