import Foundation
import Testing

@testable import ShatterFrei0r

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Kdenlive's descriptions and docs/frei0r.md's table are what the plugins' one parameter table writes,
/// and the descriptions use only what Kdenlive's own descriptions use. To change a parameter, change
/// `PluginTransition.parameters`, then write the files anew:
/// `SHATTER_WRITE_DESCRIPTIONS=1 swift test --filter PluginDescriptionsTests`.
@Suite struct PluginDescriptionsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let writes = ProcessInfo.processInfo.environment["SHATTER_WRITE_DESCRIPTIONS"] == "1"

    static func descriptionFile(_ transition: PluginTransition) -> URL {
        root.appendingPathComponent("Deploy/frei0r/frei0r_\(transition.fileName).xml")
    }

    @Test(arguments: [PluginTransition.shatter, .dust])
    func kdenlivesDescriptionIsTheParameterTables(_ transition: PluginTransition) throws {
        let file = Self.descriptionFile(transition)
        if Self.writes { try transition.kdenliveDescription.write(to: file, atomically: true, encoding: .utf8) }
        let committed = try String(contentsOf: file, encoding: .utf8)
        #expect(
            committed == transition.kdenliveDescription,
            "\(file.lastPathComponent) differs from PluginTransition.parameters: SHATTER_WRITE_DESCRIPTIONS=1 swift test --filter PluginDescriptionsTests"
        )
    }

    @Test func docsTableIsTheParameterTables() throws {
        let file = Self.root.appendingPathComponent("docs/frei0r.md")
        let text = try String(contentsOf: file, encoding: .utf8)
        let begin = "<!-- parameters: written from PluginTransition.parameters -->\n"
        let end = "<!-- end of parameters -->"
        let head = try #require(text.range(of: begin), "docs/frei0r.md has no parameters marker")
        let tail = try #require(text.range(of: end, range: head.upperBound..<text.endIndex))
        let table =
            ([
                "| # | name | shown in Kdenlive | what the plugin reads | default |", "|---|---|---|---|---|",
                "| | **shatter.so** | | | |",
            ] + PluginTransition.shatter.documentationRows + ["| | **shatter_dust.so** | | | |"]
            + PluginTransition.dust.documentationRows).joined(separator: "\n") + "\n"
        if Self.writes {
            try (text[..<head.upperBound] + table + text[tail.lowerBound...]).write(
                to: file, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            String(text[head.upperBound..<tail.lowerBound]) == table,
            "docs/frei0r.md's parameter table differs from PluginTransition.parameters: SHATTER_WRITE_DESCRIPTIONS=1 swift test --filter PluginDescriptionsTests"
        )
    }

    /// Every parameter the plugin has is in the description, by the name MLT passes to it, with a
    /// default Kdenlive sends unchanged (in the plugin's units: [0, 1]) and a shown range that holds the
    /// default times the factor. 0.17.0's descriptions failed all three: a `<preview>` parameter, an
    /// animated default Kdenlive 22.12 does not read, and defaults in shown units.
    @Test(arguments: [PluginTransition.shatter, .dust])
    func everyParameterIsDescribedInThePluginsUnits(_ transition: PluginTransition) throws {
        let description = try XMLDocument(data: Data(transition.kdenliveDescription.utf8))
        let described = try description.nodes(forXPath: "//parameter").compactMap { $0 as? XMLElement }
        #expect(described.map { $0.attribute(forName: "name")?.stringValue } == transition.parameters.map { "\($0.name)" })
        for (element, parameter) in zip(described, transition.parameters) {
            let attribute = { element.attribute(forName: $0)?.stringValue }
            switch parameter.control {
            case .progress:
                #expect(attribute("type") == "switch")
                #expect(attribute("default") == "0=0;-1=1", "a fresh composition must run 0 → 1")
            case .number:
                let value = try #require(attribute("default").flatMap(Double.init))
                let factor = try #require(attribute("factor").flatMap(Double.init))
                let shown =
                    try #require(attribute("min").flatMap(Double.init))...#require(
                        attribute("max").flatMap(Double.init))
                #expect((0...1).contains(value), "\(parameter.name)'s default \(value) is not in the plugin's [0, 1]")
                #expect(value == parameter.defaultValue)
                #expect(shown.contains(value * factor), "\(parameter.name): default shown as \(value * factor)")
                #expect(shown.upperBound / factor <= 1 && shown.lowerBound / factor >= 0)
            case .choice(_, let choices):
                #expect(attribute("paramlist")?.split(separator: ";").compactMap { Double($0) } == choices.map(\.value))
                #expect(attribute("default").flatMap(Double.init) == parameter.defaultValue)
            }
        }
    }

    /// The description uses only elements, parameter types and attributes that Kdenlive's own
    /// descriptions use (Debian's kdenlive installs them: its transitions, and its effects, whose
    /// parameters the same widgets show), so 22.12 reads it as it reads its own.
    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: Self.kdenliveTransitions),
            "Kdenlive's own descriptions are not installed (Tools/setup.sh installs kdenlive)"),
        arguments: [PluginTransition.shatter, .dust])
    func usesOnlyWhatKdenlivesOwnDescriptionsUse(_ transition: PluginTransition) throws {
        var vocabulary = Set<String>()
        for folder in [Self.kdenliveTransitions, Self.kdenliveEffects] {
            for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file.hasSuffix(".xml") {
                let document = try XMLDocument(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent(file))
                vocabulary.formUnion(Self.vocabulary(of: document))
            }
        }
        let ours = Self.vocabulary(of: try XMLDocument(data: Data(transition.kdenliveDescription.utf8)))
        #expect(ours.subtracting(vocabulary).sorted() == [], "not in Kdenlive's own descriptions")
    }

    static let kdenliveTransitions = "/usr/share/kdenlive/transitions"
    static let kdenliveEffects = "/usr/share/kdenlive/effects"

    /// Every element path, attribute name on it, and parameter type in `document`.
    static func vocabulary(of document: XMLDocument) -> Set<String> {
        var words = Set<String>()
        func visit(_ element: XMLElement, path: String) {
            // An effect's parameters are read as a transition's are (Kdenlive's AssetParameterModel).
            let here = path + "/" + (path.isEmpty && element.name == "effect" ? "transition" : element.name ?? "")
            words.insert(here)
            for attribute in element.attributes ?? [] { words.insert(here + "@" + (attribute.name ?? "")) }
            if element.name == "parameter", let type = element.attribute(forName: "type")?.stringValue {
                words.insert("parameter type \(type)")
            }
            if element.name == "transition", let type = element.attribute(forName: "type")?.stringValue {
                words.insert("transition type \(type)")
            }
            for child in element.children ?? [] { if let child = child as? XMLElement { visit(child, path: here) } }
        }
        if let root = document.rootElement() { visit(root, path: "") }
        return words
    }
}
