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
        if let problem = headerProblem { return problem }
        var checks = EntryChecks(self)
        for entry in frames { checks.take(entry) }
        return checks.problem
    }

    /// ``problem`` for every field but `frames`.
    var headerProblem: String? {
        guard fps.isFinite, fps > 0 else { return "fps \(fps) is not a number above 0" }
        guard frameCount >= 1 else { return "frameCount \(frameCount) is below 1" }
        guard range.first >= 0, range.first <= range.last, range.last < frameCount else {
            return "range \(range.first)-\(range.last) is not a range within the animation's frames 0-\(frameCount - 1)"
        }
        guard selectedCount <= FrameSelection.maximumFrames else {
            let which = shard.map { " in shard \($0.label)" } ?? ""
            return
                "range \(range.first)-\(range.last)\(which) has \(selectedCount) frames, over the limit of \(FrameSelection.maximumFrames)"
        }
        return nil
    }

    /// How many frames the range selects, in this manifest's shard; the range must be sound (first ≤ last <
    /// frameCount ≤ Int.max, so the count fits in an Int).
    var selectedCount: Int { shard?.frameCount(in: range.first...range.last) ?? (range.last - range.first + 1) }

    /// The checks ``problem`` makes on the entries, one entry at a time, so a manifest streamed past
    /// (`manifest merge`) is held to the same rules without being held: what is kept is the first
    /// entry failing each check and one bit per frame of the range in its shard (to find an index
    /// listed twice), at most ``FrameSelection/maximumFrames`` bits (125 KB). The header must be sound
    /// (``headerProblem`` nil). `folderProblem` is ``FrameManifest/folderProblem`` the same way.
    struct EntryChecks {
        private let span: ClosedRange<Int>
        private let shard: FrameShard?
        private let algorithm: DigestAlgorithm
        private let format: Int
        private let selected: Int
        private(set) var count = 0
        private var stray: FrameManifest.Entry?
        private var other: FrameManifest.Entry?
        private var twice: Int?
        private var notPlain: FrameManifest.Entry?
        /// The shard's first frame in the range and the step between its frames: bit `n` of `seen` is
        /// frame `first + n · step`.
        private let first: Int
        private let step: Int
        private var seen: [UInt64]

        init(_ header: FrameManifest) {
            span = header.range.first...header.range.last
            shard = header.shard
            algorithm = header.digestAlgorithm
            format = header.format
            selected = header.selectedCount
            (first, step) = (shard?.firstFrame(in: span) ?? span.lowerBound, shard?.count ?? 1)
            seen = [UInt64](repeating: 0, count: (selected + 63) / 64)
        }

        mutating func take(_ entry: FrameManifest.Entry) {
            count += 1
            if !span.contains(entry.index) || !(shard?.contains(entry.index) ?? true) {
                if stray == nil { stray = entry }
            } else {
                let bit = (entry.index - first) / step
                if seen[bit >> 6] & (1 << UInt64(bit & 63)) != 0 {
                    if twice == nil { twice = entry.index }
                } else {
                    seen[bit >> 6] |= 1 << UInt64(bit & 63)
                }
            }
            if other == nil, entry.pixels.algorithm != algorithm || entry.png.algorithm != algorithm { other = entry }
            if notPlain == nil, !FrameManifest.isPlainFrameName(entry.file) { notPlain = entry }
        }

        /// ``FrameManifest/problem`` of the entries taken, in its order.
        var problem: String? {
            // A render lists each of its frames once: more entries than frames is a damaged file.
            guard count <= selected else { return "\(count) frame entries for the \(selected) frames of its range" }
            if let stray {
                let place = "the range \(span.lowerBound)-\(span.upperBound)" + (shard.map { " of shard \($0.label)" } ?? "")
                return "frame \(stray.index) (\(FrameManifest.printable(stray.file))) is outside \(place)"
            }
            if let other {
                // Name the digest that differs: both may not (one XXH3, one SHA-256).
                let odd = [("pixels", other.pixels.algorithm), ("png", other.png.algorithm)].filter { $0.1 != algorithm }
                return "frame \(other.index)'s \(odd.map { "\($0.0) digest is \($0.1.rawValue)" }.joined(separator: " and ")), "
                    + "not the \(algorithm.rawValue) of manifest format \(format)"
            }
            if let twice { return "frame \(twice) is listed twice" }
            return nil
        }

        /// ``FrameManifest/folderProblem`` of the entries taken.
        var folderProblem: String? {
            notPlain.map(FrameManifest.folderProblem(of:))
        }
    }

    /// The first entry whose file is not a plain frame name (``isPlainFrameName(_:)``), as a phrase; a
    /// folder's manifest names only files beside it. (A merged manifest, written elsewhere, names its
    /// shards' frames by path: it is checked by ``problem`` only.)
    var folderProblem: String? {
        frames.first(where: { !Self.isPlainFrameName($0.file) }).map(Self.folderProblem(of:))
    }

    private static func folderProblem(of stray: Entry) -> String {
        "frame \(stray.index) names the file \"\(Self.printable(stray.file))\", "
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
