import Foundation
import Shatter
import ShatterTestSupport

/// Clips made for tests: PNG sequences of solid colors that change every frame, and videos made
/// from them by the real ffmpeg.
enum ClipFixtures {
    /// Writes `count` frames `name(k)` of `color(k)` into `folder`.
    static func sequence(
        in folder: String, count: Int, width: Int, height: Int, name: (Int) -> String = { String(format: "%05d.png", $0) },
        color: (Int) -> RGBA8
    ) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for k in 0..<count {
            try PNGEncoder.write(Image(width: width, height: height, fill: color(k)), to: folder + "/" + name(k))
        }
    }

    static let ffmpegAvailable =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg")
        || (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/ffmpeg")
        }

    /// Runs ffmpeg (from PATH) with `arguments`; throws with its last words when it fails.
    static func ffmpeg(_ arguments: [String]) throws { try FFmpegTool.run(arguments) }

    /// ffprobe's one value for `arguments` (e.g. `-show_entries format=duration FILE`), trimmed.
    static func probe(_ arguments: [String]) throws -> String { try FFmpegTool.probe(arguments) }
}
