import Glibc
import Testing

/// DESIGN: every GLSL program has a Swift twin in the CPU renderer, and each names the other.
@Suite struct ShaderTwinTests {
    static let root: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }()

    static func read(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n == 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static var shaderFiles: [String] {
        guard let directory = opendir(root + "/Shaders") else { return [] }
        defer { closedir(directory) }
        var names = [String]()
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".vert") || name.hasSuffix(".frag") { names.append(name) }
        }
        return names.sorted()
    }

    @Test func theShadersFolderHasPrograms() {
        #expect(Self.shaderFiles.count >= 4)
    }

    @Test(arguments: shaderFiles)
    func everyShaderNamesASwiftTwinThatNamesItBack(file: String) throws {
        let source = try #require(Self.read(Self.root + "/Shaders/" + file))
        let words = source.split(whereSeparator: { $0 == " " || $0 == "\n" })
        let marker = try #require(words.firstIndex(of: "twin:"), "\(file) names no Swift twin")
        let twin = String(words[words.index(after: marker)])
        let twinSource = try #require(Self.read(Self.root + "/" + twin), "\(file): twin \(twin) does not exist")
        #expect(twinSource.contains("Shaders/" + file), "\(twin) does not name Shaders/\(file)")
    }
}
