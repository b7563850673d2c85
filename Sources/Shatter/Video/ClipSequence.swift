import Foundation

/// Finding the frames of a PNG sequence: a folder's `.png` files in name order, or the files a
/// printf-style pattern numbers (starting at 0 or 1, as ffmpeg's image reader does, up to the first gap).
enum ClipSequence {
    /// The widest number a pattern may ask for: ffmpeg's own patterns stay far below it, and a width
    /// beyond it (`%02147483647d`) would only make names no file system accepts.
    static let maximumWidth = 16

    /// A `%d`, `%05d` or `%5d` in a path, parsed by Shatter (never handed to `String(format:)`): what
    /// comes before and after it, the width, and whether it pads with zeros.
    struct Pattern: Equatable {
        let prefix: String
        let suffix: String
        let width: Int
        let zeroPadded: Bool

        /// Nil when `path` holds no `%` or more than one (a plain file name); throws for a single `%`
        /// that is not a number's place or asks for a width over ``maximumWidth``. Looks at each
        /// character once, so any text is answered at once.
        init?(_ path: String) throws(ClipError) {
            let parts = path.split(separator: "%", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            let spec = parts[1]
            let zero = spec.first == "0"
            let digits = spec.dropFirst(zero ? 1 : 0).prefix { $0.isASCII && $0.isNumber }
            let rest = spec.dropFirst((zero ? 1 : 0) + digits.count)
            guard rest.first == "d" else {
                // A lone % that is no number's place (`50%.png`) is part of a plain name.
                return nil
            }
            guard digits.count <= 2, (Int(digits) ?? 0) <= ClipSequence.maximumWidth else {
                throw .badPattern(
                    path: path, reason: "the number's width is over \(ClipSequence.maximumWidth) digits")
            }
            (prefix, suffix, width, zeroPadded) = (String(parts[0]), String(rest.dropFirst()), Int(digits) ?? 0, zero)
        }

        /// The name of frame `i` (0 or more), as printf would write it.
        func name(_ i: Int) -> String {
            let digits = String(i)
            let pad = String(repeating: zeroPadded ? "0" : " ", count: max(0, width - digits.count))
            return prefix + pad + digits + suffix
        }
    }

    /// The frames `pattern` names, or nil when it is not a pattern (no single `%d`, `%05d`, …).
    static func paths(pattern: String) throws -> [String]? {
        guard let parsed = try Pattern(pattern) else { return nil }
        let name = parsed.name
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
}
