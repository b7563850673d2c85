import Foundation
import ShatterTestSupport
import Testing

/// Tools/README.md names every script in every room of Tools/, so a new script has a room and a line
/// saying what it is for; and every `Tools/…` or `Deploy/…` path that the code, the tests, the scripts and
/// the docs name exists, so a file moved between rooms cannot leave a stale path behind.
@Suite struct ToolsLayoutTests {
    static let root = Repository.path

    /// The files of `folder` (relative to the root), one level deep.
    static func entries(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root + "/" + folder).filter { !$0.hasPrefix(".") }
            .map { folder + "/" + $0 }
    }

    @Test func theToolsReadmeNamesEveryScriptInEveryRoom() throws {
        let readme = try String(contentsOfFile: Self.root + "/Tools/README.md", encoding: .utf8)
        let rooms = ["Tools", "Tools/checks", "Tools/bench", "Tools/hosts", "Tools/lib"]
        var unnamed: [String] = []
        for room in rooms {
            for entry in try Self.entries(room) where !rooms.contains(entry) && entry != "Tools/README.md" {
                if !readme.contains("`\(entry)`") && !readme.contains("`\(entry)/`") { unnamed.append(entry) }
            }
        }
        #expect(unnamed.isEmpty, "Tools/README.md does not name \(unnamed.sorted()): give each a room and a line")
        // Only what a user runs stays at the top.
        let top = try Self.entries("Tools").filter { $0.hasSuffix(".sh") }.sorted()
        #expect(
            top == [
                "Tools/bundle.sh", "Tools/gpu-box-run.sh", "Tools/install-frei0r.sh", "Tools/install-obs.sh",
                "Tools/install.sh", "Tools/setup.sh",
            ], "\(top)")
    }

    /// Paths followed by a placeholder (`frei0r_\(name).xml`, `frei0r_NAME.xml`, `$dir`, `*.yaml`) are
    /// patterns, not paths, and are left out.
    @Test func everyToolsAndDeployPathNamedExists() throws {
        let listing = try CLIRun.command("/usr/bin/git", ["-C", Self.root, "ls-files"])
        try #require(listing.status == 0, "git ls-files: \(listing.stderr)")
        let kinds = [".md", ".sh", ".swift", ".c", ".h", ".py", ".yaml", ".sbatch", ".in", ".cc", ".xml", ".txt"]
        let files = listing.stdout.split(separator: "\n").map(String.init).filter { file in
            !file.hasPrefix("Tools/checks/fuzz/corpus/")
                && (kinds.contains { file.hasSuffix($0) } || file == ".ci/run" || file == "Dockerfile")
        }
        let path = /(?:Tools|Deploy)\/[A-Za-z0-9_.\/+-]*/
        let partOfPath = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-")
        var missing: [String: String] = [:]
        for file in files {
            guard let text = try? String(contentsOfFile: Self.root + "/" + file, encoding: .utf8) else { continue }
            for match in text.matches(of: path) {
                // `clone/Tools/…` or `.build/Tools` is some other folder's.
                if match.range.lowerBound > text.startIndex, partOfPath.contains(text[text.index(before: match.range.lowerBound)])
                {
                    continue
                }
                let next = text[match.range.upperBound...].prefix(2)
                if ["\\(", "<", "$", "{", "*"].contains(where: { next.hasPrefix($0) }) { continue }
                var named = String(match.output)
                while let last = named.last, ".,:;".contains(last) { named.removeLast() }
                if named.split(separator: "/").contains(where: { $0.contains("NAME") }) { continue }
                if !FileManager.default.fileExists(atPath: Self.root + "/" + named) { missing[named] = file }
            }
        }
        #expect(missing.isEmpty, "named but missing (path: where): \(missing.sorted { $0.key < $1.key })")
    }
}
