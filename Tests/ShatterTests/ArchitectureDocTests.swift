import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// docs/ARCHITECTURE.md's claims that the code can hold: the backends it lists are `Backend`'s cases,
/// its modules table has a row for every Swift module, its list of C targets is the package's, and every
/// name it writes in code voice is still declared somewhere (or names a file). A rename or a new module
/// turns this red until the page says so. (The umbrella's room arrows are `RoomArrowTests`'.)
@Suite struct ArchitectureDocTests {
    static let page: String = (try? String(contentsOfFile: Repository.path + "/docs/ARCHITECTURE.md", encoding: .utf8)) ?? ""

    /// The names in code voice within `text`.
    static func codeVoice(_ text: some StringProtocol) -> [String] {
        String(text).matches(of: #/`([^`\n]+)`/#).map { String($0.output.1) }
    }

    /// The folders of Sources/ (and Shaders/, ShatterShaders' path) with and without Swift files.
    static func targets() throws -> (swift: Set<String>, c: Set<String>) {
        let sources = Repository.path + "/Sources"
        var swift: Set<String> = ["ShatterShaders"]
        var c: Set<String> = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: sources) {
            let files = FileManager.default.enumerator(atPath: sources + "/" + folder)?.compactMap { $0 as? String } ?? []
            if files.contains(where: { $0.hasSuffix(".swift") }) { swift.insert(folder) } else { c.insert(folder) }
        }
        return (swift, c)
    }

    @Test func theBackendsListedAreBackendsCases() throws {
        let sentence = try #require(Self.page.firstMatch(of: #/`Backend` \(([^)]*)\)/#), "no \"`Backend` (…)\" on the page")
        #expect(Self.codeVoice(sentence.output.1) == Backend.allCases.map(\.rawValue))
    }

    @Test func theModulesTableHasARowForEverySwiftModule() throws {
        let rows = Set(Self.page.matches(of: #/(?m)^\| `(\w+)` \|/#).map { String($0.output.1) })
        let modules = try Self.targets().swift.filter { $0.hasPrefix("Shatter") }
        #expect(modules.subtracting(rows).isEmpty, "modules with no row: \(modules.subtracting(rows).sorted())")
    }

    @Test func theCTargetsListedAreThePackages() throws {
        let sentence = try #require(Self.page.firstMatch(of: #/C stays at the edges \(([^)]*)\)/#), "no C targets' list")
        #expect(Set(Self.codeVoice(sentence.output.1)) == (try Self.targets().c))
    }

    /// Each target's dependencies as Package.swift lists them: target names, and a product's package.
    static func packageArrows() throws -> [String: Set<String>] {
        let manifest = try String(contentsOfFile: Repository.path + "/Package.swift", encoding: .utf8)
        let target =
            #/\.(?:target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"]+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?/#
        var arrows: [String: Set<String>] = [:]
        for match in manifest.matches(of: target) {
            let list = match.output.2.map(String.init) ?? ""
            let products = list.matches(of: #/\.product\([^)]*package:\s*"([^"]+)"\)/#).map { String($0.output.1) }
            let names = list.replacing(#/\.product\([^)]*\)/#, with: "").matches(of: #/"([^"]+)"/#).map { String($0.output.1) }
            arrows[String(match.output.1)] = Set(names + products)
        }
        return arrows
    }

    /// The page's arrows block: a module, `──▶`, what it depends on (short names such as `Core` are
    /// `ShatterCore`; parentheses and what follows a `;` are words, not arrows).
    @Test func theArrowsArePackageSwifts() throws {
        let arrows = try Self.packageArrows()
        let section = try #require(Self.page.range(of: "## Modules and their arrows"), "no arrows section")
        let open = try #require(Self.page.range(of: "```\n", range: section.upperBound..<Self.page.endIndex))
        let close = try #require(Self.page.range(of: "\n```", range: open.upperBound..<Self.page.endIndex))
        let block = Self.page[open.upperBound..<close.lowerBound]
        var lines: [String] = []
        for line in block.split(separator: "\n") {
            if line.first == " ", !lines.isEmpty {
                lines[lines.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
            } else {
                lines.append(String(line))
            }
        }
        var above: Set<String> = []
        for line in lines {
            let parts = line.components(separatedBy: "──▶")
            let left = parts[0].replacing(#/\([^)]*\)/#, with: "")
            let modules = left.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            var right = parts.count > 1 ? parts[1] : ""
            if let cut = right.firstRange(of: ";") { right = String(right[..<cut.lowerBound]) }
            if let cut = right.firstRange(of: ", and no arrow") { right = String(right[..<cut.lowerBound]) }
            right = right.replacing(#/\([^)]*\)/#, with: "")
            var claimed = Set(
                right.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                    .map { arrows[$0] != nil || $0.hasPrefix("swift-") ? $0 : "Shatter" + $0 })
            if claimed == ["Shatterall of the above but the C modules"] { claimed = above.filter { !$0.hasPrefix("C") } }
            for module in modules {
                #expect(
                    arrows[module] == claimed,
                    "\(module): the page says \(claimed.sorted()), Package.swift \((arrows[module] ?? []).sorted())")
                above.insert(module)
            }
        }
    }

    @Test func everyNameInCodeVoiceIsDeclaredOrAFile() throws {
        let listing = try CLIRun.command("/usr/bin/git", ["-C", Repository.path, "ls-files", "Sources", "Tests", "Shaders"])
        try #require(listing.status == 0, "git ls-files: \(listing.stderr)")
        let files = listing.stdout.split(separator: "\n").map(String.init).filter { !$0.hasSuffix(".png") }
        var words: Set<Substring> = []
        for file in files {
            // Its folders and its name: targets and files are named too.
            for part in file.split(separator: "/") { words.insert(part.split(separator: ".").first ?? part) }
            guard let text = try? String(contentsOfFile: Repository.path + "/" + file, encoding: .utf8) else { continue }
            for word in text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }) { words.insert(word) }
        }
        // A name, or a member path (`SoftwareRenderer.Shortcuts.avx2`), optionally called (`displayList(at:)`).
        let name = #/([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)(?:\([^)]*\))?/#
        let missing = Self.codeVoice(Self.page).compactMap { try? name.wholeMatch(in: $0) }.map { String($0.output.1) }
            .filter { path in path.split(separator: ".").contains { !words.contains($0) } }
        #expect(missing.isEmpty, "named on the page, declared nowhere: \(Set(missing).sorted())")
    }
}
