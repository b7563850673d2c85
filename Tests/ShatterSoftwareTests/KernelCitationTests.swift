import Glibc
import Testing

/// The small-sprite kernel (`Sources/CLanes`) mirrors the Swift program step by step, and its comments
/// say which Swift each step mirrors: `PointSetup.centre(clip:)`, `PointSpriteRaster.first(_:extent:)`, `PointLanes`,
/// `PointFrame+Kernel.swift`. When the Swift is renamed or removed, those comments must change with it
/// (as `ShaderTwinTests` holds the GLSL to its twins): every Swift name they cite must still be declared
/// in the package's Swift sources, a member by a file that declares or extends its type, with the
/// argument labels cited.
@Suite struct KernelCitationTests {
    static let kernelFiles = [
        "Sources/CLanes/small_sprites.c", "Sources/CLanes/small_sprites_lanes.h", "Sources/CLanes/include/small_sprites.h",
        "Sources/CLanes/include/lanes.h",
        "Sources/CShatterCPU/include/cpu_tier.h", "Sources/CLanes/binned_sprites.c", "Sources/CLanes/include/binned_sprites.h",
        "Sources/CLanes/dust_layers.c", "Sources/CLanes/dust_blend.c", "Sources/CLanes/include/dust_layers.h",
        "Sources/CLanes/dust_split.c", "Sources/CLanes/include/dust_split.h",
    ]

    /// Names with two capitalised humps or more that are not Swift (the only exceptions).
    static let foreignNames: Set<String> = ["SkOpts", "NaN"]

    @Test(arguments: kernelFiles)
    func everySwiftNameTheKernelCitesExists(file: String) throws {
        let text = try #require(ShaderTwinTests.read(ShaderTwinTests.root + "/" + file), "\(file) is missing")
        let swift = SwiftSources.shared
        let citations = Citation.all(in: text).filter { !Self.foreignNames.contains($0.type) }
        #expect(file.hasSuffix("cpu_tier.h") || !citations.isEmpty, "\(file) cites no Swift")
        for citation in citations {
            let declared = swift.declares(citation)
            #expect(declared, "\(file) cites \(citation), which the Swift sources do not declare")
        }
    }

    /// The check itself: a renamed member, wrong labels, a missing type and a missing file are caught.
    @Test func aStaleCitationIsCaught() {
        let swift = SwiftSources.shared
        let stale = Citation.all(
            in: "PointSetup.snapped(clip:) PointSetup.snappedCentre(centre:) PointSetupp PointFrame.threeByThreeStage "
                + "mirrors it in PointFrame+ThreeByThree.swift")
        #expect(stale.count == 5)
        for citation in stale {
            let declared = swift.declares(citation)
            #expect(!declared, "\(citation)")
        }
        let fresh = Citation.all(in: "PointSetup.centre(clip:) PointSpriteRaster.first(_:extent:) PointLanes PointSetup.swift")
        #expect(fresh.count == 4)
        for citation in fresh {
            let declared = swift.declares(citation)
            #expect(declared, "\(citation)")
        }
    }
}

/// A Swift name a comment cites: a type (`PointLanes`), a member of one (`PointSetup.snap(_:)`, with
/// its labels when cited with them), or a source file (`PointSetup.swift`).
struct Citation: CustomStringConvertible {
    var type = ""
    var member: String?
    var labels: [String]?
    var file: String?

    var description: String {
        if let file { return file }
        guard let member else { return type }
        return type + "." + member + (labels.map { "(" + $0.map { $0 + ":" }.joined() + ")" } ?? "")
    }

    static func all(in text: String) -> [Citation] {
        var citations = [Citation]()
        for match in text.matches(of: try! Regex(#"[\w+]+\.swift\b"#)) {
            citations.append(Citation(file: String(text[match.range])))
        }
        let name = #"[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+"#
        let cited = try! Regex(
            #"(?:^|[^\w.+])("# + name + #")(?:\.(?!swift\b)([A-Za-z_]\w*)(\((?:[A-Za-z_]\w*:)*\))?)?(?![\w+]*\.swift)"#)
        for match in text.matches(of: cited) {
            let type = String(text[match.output[1].range!])
            var citation = Citation(type: type)
            if let member = match.output[2].range {
                citation.member = String(text[member])
                if let labels = match.output[3].range {
                    citation.labels = text[labels].dropFirst().dropLast().split(separator: ":").map(String.init)
                }
            }
            citations.append(citation)
        }
        return citations
    }
}

/// What the package's Swift sources (`Sources` and `Tests`) declare, file by file, read once.
struct SwiftSources: Sendable {
    static let shared = SwiftSources(root: ShaderTwinTests.root)

    /// What one file declares: types (declared or extended), members, and each function's argument labels.
    struct Declarations: Sendable {
        var types = Set<String>()
        var members = Set<String>()
        var labels = [String: [[String]]]()
    }

    /// File name → what it declares.
    let files: [String: Declarations]

    init(root: String) {
        var files = [String: Declarations]()
        for folder in ["Sources", "Tests"] { Self.collect(root + "/" + folder, into: &files) }
        self.files = files
    }

    func declares(_ citation: Citation) -> Bool {
        if let file = citation.file { return files[file] != nil }
        let typeFiles = files.values.filter { $0.types.contains(citation.type) }
        guard let member = citation.member else { return !typeFiles.isEmpty }
        guard let labels = citation.labels else { return typeFiles.contains { $0.members.contains(member) } }
        return typeFiles.contains { $0.labels[member, default: []].contains(labels) }
    }

    private static func collect(_ path: String, into files: inout [String: Declarations]) {
        guard let directory = opendir(path) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix(".") { continue }
            if entry.pointee.d_type == UInt8(DT_DIR) {
                collect(path + "/" + name, into: &files)
            } else if name.hasSuffix(".swift"), let text = ShaderTwinTests.read(path + "/" + name) {
                files[name] = declarations(in: Array(text.utf8))
            }
        }
    }

    static let typeKeywords: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "extension", "actor"]
    static let memberKeywords: Set<String> = ["func", "var", "let", "case", "struct", "class", "enum", "typealias"]

    /// The declarations in a file's bytes: each keyword above and the identifier after it.
    static func declarations(in bytes: [UInt8]) -> Declarations {
        var words = [(word: String, end: Int)]()
        var i = 0
        while i < bytes.count {
            guard isIdentifier(bytes[i]), !(bytes[i] >= 0x30 && bytes[i] <= 0x39) else {
                i += 1
                continue
            }
            let start = i
            while i < bytes.count && isIdentifier(bytes[i]) { i += 1 }
            words.append((String(decoding: bytes[start..<i], as: UTF8.self), i))
        }
        var found = Declarations()
        for (keyword, next) in zip(words, words.dropFirst()) {
            if typeKeywords.contains(keyword.word) { found.types.insert(next.word) }
            if memberKeywords.contains(keyword.word) { found.members.insert(next.word) }
            if keyword.word == "func", let labels = labels(after: next.end, in: bytes) {
                found.labels[next.word, default: []].append(labels)
            }
        }
        return found
    }

    static func isIdentifier(_ byte: UInt8) -> Bool {
        byte == 0x5F || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    /// The argument labels of the parameter list after a function's name (which ends at `start`),
    /// past any generic parameters.
    static func labels(after start: Int, in bytes: [UInt8]) -> [String]? {
        var i = start
        var depth = 0
        while i < bytes.count && (bytes[i] != UInt8(ascii: "(") || depth > 0) {
            if bytes[i] == UInt8(ascii: "<") { depth += 1 }
            if bytes[i] == UInt8(ascii: ">") { depth -= 1 }
            if bytes[i] == UInt8(ascii: "{") { return nil }
            i += 1
        }
        var parameters = [[UInt8]()]
        depth = 0
        i += 1
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "<") { depth += 1 }
            if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]")
                || (byte == UInt8(ascii: ">") && bytes[i - 1] != UInt8(ascii: "-"))
            {
                if depth == 0 { break }
                depth -= 1
            }
            if byte == UInt8(ascii: ",") && depth == 0 {
                parameters.append([])
            } else {
                parameters[parameters.count - 1].append(byte)
            }
            i += 1
        }
        return parameters.compactMap { parameter in
            let text = String(decoding: parameter, as: UTF8.self)
            return text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ":" }).first.map(String.init)
        }
    }
}
