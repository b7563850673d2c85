import ShatterCore

/// What ``FrameManifest/read(path:)`` checks before a manifest is used: a bounded read, then values
/// that describe a render Shatter could have made. A manifest is a file anyone can edit, and its
/// numbers size arrays (the frames expected), so none is trusted as decoded.
extension FrameManifest {
    /// The most bytes a manifest may have: 512 MiB, room for ``FrameSelection/maximumFrames`` entries of
    /// over 500 bytes each (a frame's entry is about 250 bytes; a merged manifest adds the folder).
    public static let maximumBytes = 512 * 1024 * 1024

    /// The first value that no render could have written, as a phrase; nil when the manifest is sound.
    var problem: String? {
        guard fps.isFinite, fps > 0 else { return "fps \(fps) is not a number above 0" }
        guard frameCount >= 1 else { return "frameCount \(frameCount) is below 1" }
        guard range.first >= 0, range.first <= range.last, range.last < frameCount else {
            return "range \(range.first)-\(range.last) is not a range within the animation's frames 0-\(frameCount - 1)"
        }
        let span = range.first...range.last
        // last < frameCount ≤ Int.max, so the span's count fits in an Int.
        let selected = shard?.frameCount(in: span) ?? (range.last - range.first + 1)
        guard selected <= FrameSelection.maximumFrames else {
            let which = shard.map { " in shard \($0.label)" } ?? ""
            return
                "range \(range.first)-\(range.last)\(which) has \(selected) frames, over the limit of \(FrameSelection.maximumFrames)"
        }
        // A render lists each of its frames once: more entries than frames is a damaged file, and
        // checking that first keeps the duplicate check below within the frame limit.
        guard frames.count <= selected else { return "\(frames.count) frame entries for the \(selected) frames of its range" }
        if let stray = frames.first(where: { !span.contains($0.index) || !(shard?.contains($0.index) ?? true) }) {
            let place = "the range \(range.first)-\(range.last)" + (shard.map { " of shard \($0.label)" } ?? "")
            return "frame \(stray.index) (\(Self.printable(stray.file))) is outside \(place)"
        }
        if let other = frames.first(where: { $0.pixels.algorithm != digestAlgorithm || $0.png.algorithm != digestAlgorithm }) {
            // Name the digest that differs: both may not (one XXH3, one SHA-256).
            let odd = [("pixels", other.pixels.algorithm), ("png", other.png.algorithm)].filter { $0.1 != digestAlgorithm }
            return "frame \(other.index)'s \(odd.map { "\($0.0) digest is \($0.1.rawValue)" }.joined(separator: " and ")), "
                + "not the \(digestAlgorithm.rawValue) of manifest format \(format)"
        }
        var seen = Set<Int>(minimumCapacity: frames.count)
        if let twice = frames.first(where: { !seen.insert($0.index).inserted }) { return "frame \(twice.index) is listed twice" }
        return nil
    }

    /// The first entry whose file is not a plain frame name (``isPlainFrameName(_:)``), as a phrase; a
    /// folder's manifest names only files beside it. (A merged manifest, written elsewhere, names its
    /// shards' frames by path: it is checked by ``problem`` only.)
    var folderProblem: String? {
        guard let stray = frames.first(where: { !Self.isPlainFrameName($0.file) }) else { return nil }
        return "frame \(stray.index) names the file \"\(Self.printable(stray.file))\", "
            + "not a plain .png name in the manifest's own folder"
    }

    /// Whether `name` can name a frame: a `.png` file directly in the manifest's folder. No `/` (so
    /// nothing outside the folder or below it), no NUL, and no leading dot (`.`, `..`, the lock and
    /// the temporaries of atomic writes), so a crafted entry can make no reader, update or merge
    /// touch anything but a frame beside the manifest.
    public static func isPlainFrameName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 255 && name.hasSuffix(".png") && !name.hasPrefix(".")
            && !name.utf8.contains(UInt8(ascii: "/")) && !name.utf8.contains(0)
    }

    /// A name taken from the file, fit for a one-line message: control characters and line breaks
    /// shown as U+FFFD, and at most 80 characters.
    static func printable(_ text: String) -> String {
        PrintableText.of(text, limit: 80)
    }
}
