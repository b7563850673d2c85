import Foundation
import ShatterCore
import ShatterDigest
import ShatterPNG
import ShatterTestSupport
import Testing

/// `Goldens/cpu-goldens.json`: for each effect and instant, the SHA-256 of the CPU renderer's raw
/// RGBA8 pixels (premultiplied, top row first, exactly as rendered, before any PNG encoding), per
/// path. As tiny-skia's tests do with their PNGs, a render is checked against the checked-in value
/// and `SHATTER_RECORD_GOLDENS=1` writes the values anew instead; the diff of the JSON then shows
/// which frames a change moved.
///
/// ```json
/// { "dust": { "frame 27 (t=0.45)": { "fast": "3f…", "literal": "3f…" } } }
/// ```
enum GoldenFile {
    static let environmentVariable = "SHATTER_RECORD_GOLDENS"
    static let isRecording = ProcessInfo.processInfo.environment[environmentVariable] == "1"
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Goldens/cpu-goldens.json"
    ).path
    /// Where the file sits in the repository, for messages.
    static let repositoryPath = "Tests/ShatterSoftwareTests/Goldens/cpu-goldens.json"

    /// effect → instant → path → hex digest.
    typealias Table = [String: [String: [String: String]]]

    /// Effects are checked in parallel; recording rewrites the file under this lock.
    private static let lock = NSLock()

    static func load() throws -> Table {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        return try JSONDecoder().decode(Table.self, from: data)
    }

    static func digest(_ image: Image) -> String { SHA256Hex.of(image.pixels) }

    /// Checks (or, when recording, stores) one effect's renders: `renders[instant][path]`.
    static func check(effect: String, renders: [String: [String: Image]], sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let actual = renders.mapValues { $0.mapValues(digest) }
        if isRecording {
            try lock.withLock {
                var table = try load()
                table[effect] = actual  // the effect's instants as they are now: stale ones go
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                try (encoder.encode(table) + Data("\n".utf8)).write(to: URL(fileURLWithPath: path))
            }
            print("recorded \(renders.values.map(\.count).reduce(0, +)) CPU goldens of \(effect) in \(repositoryPath)")
            return
        }
        let expected = try load()[effect] ?? [:]
        for instant in actual.keys.sorted() {
            for (renderPath, hash) in actual[instant]!.sorted(by: { $0.key < $1.key }) {
                let golden = expected[instant]?[renderPath]
                guard hash != golden else { continue }
                let file = try writeFailure(renders[instant]![renderPath]!, name: "\(effect)-\(instant)-\(renderPath)")
                Issue.record(
                    Comment(
                        rawValue: message(
                            effect: effect, instant: instant, path: renderPath, expected: golden,
                            actual: hash, file: file)),
                    sourceLocation: sourceLocation)
            }
        }
        let stale = Set(expected.keys).subtracting(actual.keys)
        let staleMessage =
            "\(repositoryPath) holds instants of \(effect) no test renders: \(stale.sorted()); "
            + "re-record with \(environmentVariable)=1 swift test --filter CPUGoldenTests"
        #expect(stale.isEmpty, Comment(rawValue: staleMessage), sourceLocation: sourceLocation)
    }

    static func message(effect: String, instant: String, path: String, expected: String?, actual: String, file: String) -> String
    {
        let was = expected.map { "expected SHA-256 \($0)" } ?? "no golden recorded"
        return "CPU golden mismatch: \(effect) at \(instant), \(path) path: \(was), got \(actual). "
            + "The frame is in \(file). If the change is intended, re-record with "
            + "\(environmentVariable)=1 swift test --filter CPUGoldenTests and commit \(repositoryPath)."
    }

    /// The actual frame as a PNG beside the other failures of this run, so the change can be seen.
    private static func writeFailure(_ image: Image, name: String) throws -> String {
        let file = try FailureArtifacts.folder("golden") + "/" + FailureArtifacts.fileName(name) + ".png"
        try PNGEncoder.write(image, to: file)
        return file
    }
}
