import Foundation
import Glibc
import ShatterPNG

/// The shard folders of one `manifest merge`: their headers read and checked, their entries merged in
/// frame order as often as asked, one entry of each shard at a time (``ManifestShard``).
public final class ManifestShards {
    private let shards: [ManifestShard]
    /// The joined manifest's header: the first shard's job, no shard, every shard's backend, renderer
    /// and driver named; `frames` empty.
    public let merged: FrameManifest
    /// Each renderer the shards name, with the first shard that names it, when there is more than one.
    public let renderers: [ManifestMerge.Renderer]

    /// Reads each folder's manifest (with its journal): its header, and every entry checked.
    public convenience init(folders: [String]) throws {
        self.init(
            try folders.map { folder in
                guard let shard = try ManifestShard.open(folder: folder) else { throw ManifestError.missing(folder: folder) }
                return shard
            })
    }

    init(_ shards: [ManifestShard]) {
        precondition(!shards.isEmpty, "merge needs at least one manifest")
        self.shards = shards
        var found: [ManifestMerge.Renderer] = []
        for shard in shards where !found.contains(where: { Self.sameRenderer($0, shard.header) }) {
            let header = shard.header
            found.append(.init(backend: header.backend, renderer: header.renderer, driver: header.driver, folder: shard.folder))
        }
        renderers = found.count > 1 ? found : []
        let headers = shards.map(\.header)
        var merged = headers[0]
        merged.shard = nil
        merged.backend = Self.unique(headers.map(\.backend)).joined(separator: "+")
        merged.renderer = Self.unique(headers.map(\.renderer)).joined(separator: "; ")
        let drivers = Self.unique(headers.compactMap(\.driver))
        merged.driver = drivers.isEmpty ? nil : drivers.joined(separator: "; ")
        self.merged = merged
    }

    /// Whether shards of more than one renderer would be merged without `allowMixedRenderers`.
    public func hasMixedRenderers(allowing allowMixedRenderers: Bool) -> Bool {
        renderers.count > 1 && !allowMixedRenderers
    }

    /// Merges the shards, handing each joined entry to `each` in frame order. With `verify`, each listed
    /// PNG is hashed and compared with its manifest, so a frame overwritten by another render is reported
    /// rather than trusted; without, only its presence as a regular file is checked.
    public func merge(
        verify: Bool = true, allowMixedRenderers: Bool = false, each: (FrameManifest.Entry) throws -> Void
    ) throws -> ManifestMerge {
        try merge(allowMixedRenderers: allowMixedRenderers, check: Self.check(verify: verify), each: each)
    }

    /// ``merge(verify:allowMixedRenderers:each:)`` with the joined manifest written to `out` as it is
    /// made (by ``OutputFile``'s rules: a file replaced only once complete), or to nothing.
    public func merge(verify: Bool = true, allowMixedRenderers: Bool = false, out: String?) throws -> ManifestMerge {
        guard let out else { return try merge(verify: verify, allowMixedRenderers: allowMixedRenderers) { _ in } }
        var result: ManifestMerge?
        try OutputFile.writeManifest(header: merged, to: out) { writer in
            result = try merge(verify: verify, allowMixedRenderers: allowMixedRenderers) { writer.append($0) }
        }
        return result!
    }

    private static func check(verify: Bool) -> (String, FrameManifest.Entry) -> FrameFileCheck {
        { path, entry in
            guard verify else {
                switch FileKind(path: path) {
                case .regular: return .present
                case .missing: return .missing
                case .directory, .other: return .notARegularFile
                }
            }
            return FrameFileHash.check(path: path, entry: entry)
        }
    }

    /// The merge: a k-way merge of the shards' entries by frame index. For each index the shards are
    /// asked in the order given: the first entry whose file `check` finds present is joined, and any
    /// later one with other pixels is a conflict. Frames of the range joined from no shard are missing.
    func merge(
        allowMixedRenderers: Bool, check: (String, FrameManifest.Entry) -> FrameFileCheck,
        each: (FrameManifest.Entry) throws -> Void
    ) throws -> ManifestMerge {
        let first = shards[0]
        var jobConflicts: [String] = []
        var cursors: [(folder: String, entries: ManifestShard.Entries, head: FrameManifest.Entry?)] = []
        for shard in shards {
            // `shard-*/` from a shell glob: no `shard-0//frame-00000.png` in the merged paths.
            var folder = shard.folder
            while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
            if let difference = first.header.jobDifference(from: shard.header, ignoringBackend: true) {
                jobConflicts.append("\(folder) is another render than \(first.folder): \(difference)")
                continue
            }
            var entries = try shard.entries()
            let head = try entries.next()
            cursors.append((folder, entries, head))
        }
        var conflicts = FrameConflicts()
        var missing = MissingRuns(merged.range)
        var joined = 0
        while let index = cursors.compactMap(\.head?.index).min() {
            var accepted: FrameManifest.Entry?
            for i in cursors.indices {
                while let entry = cursors[i].head, entry.index == index {
                    let path = cursors[i].folder + "/" + entry.file
                    cursors[i].head = try cursors[i].entries.next()
                    if let earlier = accepted {
                        if earlier.pixels != entry.pixels {
                            conflicts.append(
                                "frame \(index) differs: \(earlier.file) "
                                    + "\(earlier.pixels.text.prefix(21))… vs \(path) \(entry.pixels.text.prefix(21))…")
                        }
                        continue
                    }
                    switch check(path, entry) {
                    case .present: accepted = FrameManifest.Entry(index: index, file: path, pixels: entry.pixels, png: entry.png)
                    case .missing: continue
                    case .changed:
                        conflicts.append(
                            "frame \(index): \(path) no longer matches its manifest (overwritten since it was rendered)")
                    case .notARegularFile:
                        conflicts.append(
                            "frame \(index): \(path) is not a regular file (a link, FIFO, device or folder); "
                                + "only regular frame files are merged")
                    }
                }
            }
            if let accepted {
                try each(accepted)
                joined += 1
                missing.joined(index)
            }
        }
        return ManifestMerge(
            merged: merged, mergedCount: joined, missingRuns: missing.finished(), conflicts: conflicts.lines + jobConflicts,
            renderers: renderers, allowsMixedRenderers: allowMixedRenderers)
    }

    /// The frames' conflicts: the first ``limit`` lines, then how many more there were, so shards that
    /// disagree on every frame cost no more memory than shards that agree.
    private struct FrameConflicts {
        static let limit = 1000
        private var listed: [String] = []
        private var unlisted = 0

        mutating func append(_ line: @autoclosure () -> String) {
            if listed.count < Self.limit { listed.append(line()) } else { unlisted += 1 }
        }

        var lines: [String] {
            unlisted == 0 ? listed : listed + ["and \(unlisted) more conflicts, not listed (the first \(Self.limit) are)"]
        }
    }

    /// The frames of a range that were not joined, as runs, from the joined ones in increasing order.
    private struct MissingRuns {
        private var next: Int
        private let last: Int
        private var done: Bool
        private var runs: [ClosedRange<Int>] = []

        /// `range`'s frames, at most ``FrameSelection/maximumFrames`` of them, as ``FrameManifest/expectedFrames``.
        init(_ range: FrameManifest.Span) {
            let (extent, overflow) = range.last.subtractingReportingOverflow(range.first)
            let limited = overflow || extent >= FrameSelection.maximumFrames
            next = range.first
            last = limited ? range.first + FrameSelection.maximumFrames - 1 : range.last
            done = range.first > range.last
        }

        mutating func joined(_ index: Int) {
            guard !done, index >= next else { return }
            if index > next { runs.append(next...min(index - 1, last)) }
            if index >= last { done = true } else { next = index + 1 }
        }

        mutating func finished() -> [ClosedRange<Int>] {
            if !done { runs.append(next...last) }
            done = true
            return runs
        }
    }

    private static func sameRenderer(_ known: ManifestMerge.Renderer, _ manifest: FrameManifest) -> Bool {
        known.backend == manifest.backend
            && (known.backend == "cpu" || (known.renderer == manifest.renderer && known.driver == manifest.driver))
    }

    private static func unique(_ values: [String]) -> [String] {
        values.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    }
}

extension ManifestShards {
    /// Gathers every merged frame into `folder` (hard links where the file system allows, copies
    /// elsewhere) with a manifest naming them there, so the shards become one frame sequence. The folder must be new or empty; frames are linked or copied under a temporary name and
    /// renamed, and the manifest, written as they come, is renamed into place last. Each frame is checked
    /// again to be a regular file, not hashed again (the merge before it did).
    /// `expected`: how many frames the merge before joined; a frame gone from its shard since then stops
    /// the gathering before a manifest is written.
    public func collect(into folder: String, expected: Int, allowMixedRenderers: Bool = false) throws {
        let output = try OutputDirectory(folder)
        let lock = try FolderLock(output.handle)
        defer { lock.release() }
        let present = ((try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []).filter {
            $0 != FolderLock.fileName
        }
        if let example = present.sorted().first {
            throw OutputFolderError.holdsUnclaimedFrames(path: output.path, count: present.count, example: example)
        }
        var count = 0
        try ManifestFile.write(header: merged, name: FrameManifest.fileName, in: output.handle) { writer in
            _ = try merge(allowMixedRenderers: allowMixedRenderers, check: Self.check(verify: false)) { entry in
                try Self.gather(entry, into: output)
                writer.append(
                    FrameManifest.Entry(
                        index: entry.index, file: OutputDirectory.frameName(entry.index), pixels: entry.pixels, png: entry.png))
                count += 1
            }
            guard count == expected else {
                throw OutputFolderError.cannotWriteFile(
                    path: output.path + "/" + FrameManifest.fileName,
                    reason: "\(expected - count) of the merged frames left their shards during the merge")
            }
        }
    }

    private static func gather(_ entry: FrameManifest.Entry, into output: OutputDirectory) throws {
        let name = OutputDirectory.frameName(entry.index)
        let temporary = AtomicFile.temporaryName(for: name)
        // Checked again here: the merge may have been made long before, and a frame file replaced
        // by a link or a FIFO since must not be gathered (a copy would follow the link).
        guard FileKind(path: entry.file) == .regular else {
            throw OutputFolderError.cannotWriteFile(
                path: output.path + "/" + name, reason: "\(entry.file) is no longer a regular file")
        }
        try output.handle.refuseUnlessReplaceable(name)
        if linkat(AT_FDCWD, entry.file, output.handle.fd, temporary, 0) == 0 {
            if let code = output.handle.rename(temporary, to: name) {
                output.handle.remove(temporary)
                throw OutputFolderError.cannotWriteFile(path: output.path + "/" + name, reason: String(cString: strerror(code)))
            }
        } else {
            // Another file system (or one without hard links): a copy, read bounded like every frame.
            try AtomicFile.write(
                try PNGDecoder.fileBytes(path: entry.file), name: name, in: output.handle, path: output.path + "/" + name)
        }
    }
}
