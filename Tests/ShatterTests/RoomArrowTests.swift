import Foundation
import Testing

/// The umbrella's rooms are folders of one target, so the compiler does not hold their arrows; this
/// test does: a file in one room names a type declared in another only where docs/ARCHITECTURE.md
/// draws that arrow.
@Suite struct RoomArrowTests {
    static let umbrella = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Shatter").path

    /// Each room and the rooms it may use.
    static let arrows: [String: Set<String>] = [
        "Support": [],
        "Probe": ["Support"],
        "Render": ["Support"],
        "Comparison": ["Render", "Support"],
        "Video": ["Render", "Support"],
        "Benchmark": ["Render", "Support"],
        "Preview": ["Support"],
    ]

    /// The Swift sources of `room`, comments removed.
    static func sources(_ room: String) throws -> [(file: String, text: String)] {
        let folder = umbrella + "/" + room
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }.sorted().map {
            let text = try String(contentsOfFile: folder + "/" + $0, encoding: .utf8)
            return ($0, text.replacingOccurrences(of: #"//[^\n]*"#, with: "", options: .regularExpression))
        }
    }

    /// The types `text` declares at the top level.
    static func declaredTypes(_ text: String) -> Set<String> {
        let pattern = #/(?m)^(?:public |final |package )*(?:struct|enum|class|protocol|actor)\s+(\w+)/#
        return Set(text.matches(of: pattern).map { String($0.output.1) })
    }

    @Test func everyFileIsInARoomAndUsesOnlyTheRoomsItsArrowsReach() throws {
        let loose = try FileManager.default.contentsOfDirectory(atPath: Self.umbrella).filter { $0.hasSuffix(".swift") }
        #expect(loose == ["Exports.swift"], "a file outside the rooms")
        let rooms = try FileManager.default.contentsOfDirectory(atPath: Self.umbrella).filter { !$0.hasSuffix(".swift") }
        #expect(Set(rooms) == Set(Self.arrows.keys), "a room docs/ARCHITECTURE.md does not draw")

        var owner: [String: String] = [:]
        for room in Self.arrows.keys {
            for (_, text) in try Self.sources(room) { for type in Self.declaredTypes(text) { owner[type] = room } }
        }
        #expect(owner["RenderSession"] == "Render" && owner["VideoRender"] == "Video" && owner["DecimalText"] == "Support")
        for (room, reach) in Self.arrows {
            for (file, text) in try Self.sources(room) {
                let words = Set(text.split { !$0.isLetter && !$0.isNumber && $0 != "_" }.map(String.init))
                for word in words {
                    guard let other = owner[word], other != room else { continue }
                    #expect(reach.contains(other), "\(room)/\(file) uses \(word) of \(other)")
                }
            }
        }
    }
}
