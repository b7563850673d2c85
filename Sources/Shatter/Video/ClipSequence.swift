import Foundation

/// Finding the frames of a PNG sequence: a folder's `.png` files in name order, or the files a
/// printf-style pattern numbers (starting at 0 or 1, as ffmpeg's image reader does, up to the first gap).
enum ClipSequence {
    /// The frames `pattern` names, or nil when it is not a pattern (no single `%d`, `%05d`, …).
    static func paths(pattern: String) throws -> [String]? {
        guard let range = pattern.range(of: "%0?[0-9]*d", options: .regularExpression),
            pattern.filter({ $0 == "%" }).count == 1
        else { return nil }
        let spec = String(pattern[range])
        func name(_ i: Int) -> String {
            pattern.replacingCharacters(in: range, with: String(format: spec, i))
        }
        guard let start = [0, 1].first(where: { FileManager.default.fileExists(atPath: name($0)) }) else {
            throw ClipError.notFound(path: pattern)
        }
        var frames: [String] = []
        var i = start
        while FileManager.default.fileExists(atPath: name(i)) {
            frames.append(name(i))
            i += 1
        }
        return frames
    }

    /// The `.png` files in `folder`, in name order.
    static func paths(folder: String) throws -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let frames = names.filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") }.sorted()
        guard !frames.isEmpty else { throw ClipError.emptyFolder(path: folder) }
        return frames.map { (folder as NSString).appendingPathComponent($0) }
    }

    /// Names and sizes of every frame, and the first frame's pixels: cheap, and changes when the clip is
    /// re-rendered or re-ordered.
    static func digest(_ frames: [String], first: Image) -> String {
        var fingerprint = Array(SHA256Hex.of(first.pixels).utf8)
        for frame in frames {
            let size = (try? FileManager.default.attributesOfItem(atPath: frame)[.size] as? Int) ?? -1
            fingerprint += Array("\((frame as NSString).lastPathComponent):\(size)\n".utf8)
        }
        return SHA256Hex.of(fingerprint)
    }
}
