/// A golden folder against a new render, frame by frame: pairs them (``FramePairing``), takes frames
/// whose raw-pixel and file hashes both agree as identical without decoding a PNG (once each file is confirmed
/// against its manifest's file hash: ``FrameFolder/confirmingFiles()``), and judges the rest by the
/// session's `FuzzyRule`. Frames missing from the new folder, extra frames and frames of another size
/// are failing frames in the report, not errors.
///
/// ```swift
/// let comparison = try FolderComparison(expected: "golden", actual: "frames")
/// var session = try CompareSession(rule: .parity, folder: "compare")
/// try comparison.run(into: &session)
/// let report = try session.finish(subject: comparison.subject, expectedRenderer: comparison.expected.summary,
///                                 actualRenderer: comparison.actual.summary, notes: comparison.notes)
/// ```
public struct FolderComparison: Sendable {
    public let expected: FrameFolder
    public let actual: FrameFolder
    public let pairing: FramePairing

    /// Reads both folders' manifests, lists their frames and confirms their files; a folder missing, or
    /// both without a single frame, is an error.
    public init(expected: String, actual: String) throws {
        self.expected = try FrameFolder(path: expected).confirmingFiles()
        self.actual = try FrameFolder(path: actual).confirmingFiles()
        guard !self.expected.frames.isEmpty || !self.actual.frames.isEmpty else {
            throw FolderComparisonError.noFrames(paths: [expected, actual])
        }
        pairing = FramePairing(expected: self.expected, actual: self.actual)
    }

    /// "golden vs new".
    public var subject: String { "\(expected.path) vs \(actual.path)" }

    /// What a person should know before reading the verdicts: how frames were paired, where the two
    /// renders' jobs differ, and manifest entries whose files are gone.
    public var notes: [String] {
        var notes = [String]()
        if let e = expected.manifest, let a = actual.manifest, let difference = a.jobDifference(from: e) {
            notes.append("the two renders differ in their settings: \(difference) (expected first)")
        }
        if !pairing.byIndex {
            notes.append(
                "frames are paired by file name (\(expected.manifest == nil ? expected.path : actual.path) has no "
                    + "\(FrameManifest.fileName)), and every pair is decoded")
        }
        for side in [expected, actual] where !side.absentFiles.isEmpty {
            notes.append(
                "\(side.path)/\(FrameManifest.fileName) lists \(side.absentFiles.count) frame"
                    + "\(side.absentFiles.count == 1 ? "" : "s") whose file is not there as a regular file (\(side.absentFiles[0])…)"
            )
        }
        notes += [expected, actual].compactMap(\.changedFilesNote)
        return notes
    }

    /// Compares every pair into `session`; `progress(done, total)` follows each.
    public func run(into session: inout CompareSession, progress: (Int, Int) -> Void = { _, _ in }) throws {
        for (done, pair) in pairing.pairs.enumerated() {
            switch (pair.expected, pair.actual) {
            case (let e?, let a?):
                if pair.identicalByHash {
                    session.addIdenticalByHash(pair.label)
                } else {
                    let (left, right) = try Self.decode(expected.filePath(e), actual.filePath(a))
                    try session.add(pair.label, expected: left, actual: right)
                }
            case (let e?, nil):
                session.addUnpaired(
                    pair.label, verdict: .missing,
                    reason: "\(actual.path) has no \(describe(pair)); expected \(expected.filePath(e))")
            case (nil, let a?):
                session.addUnpaired(
                    pair.label, verdict: .extra,
                    reason: "\(expected.path) has no \(describe(pair)); \(actual.filePath(a)) is extra")
            case (nil, nil):
                break
            }
            progress(done + 1, pairing.pairs.count)
        }
    }

    /// Decodes the two PNGs of a pair at once, one per core: decoding is most of the cost of comparing
    /// frames that were not matched by their hashes.
    private static func decode(_ first: String, _ second: String) throws -> (Image, Image) {
        let paths = [first, second]
        let decoded = concurrentMap(2) { i in Result { () throws(PNGError) -> Image in try PNGDecoder.read(path: paths[i]) } }
        return (try decoded[0].get(), try decoded[1].get())
    }

    private func describe(_ pair: FramePairing.Pair) -> String {
        pairing.byIndex ? "frame \(pair.label.index ?? -1)" : (pair.label.name ?? "frame")
    }
}
