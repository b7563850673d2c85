import Foundation

/// The real ffmpeg and ffprobe (from `PATH`) run for test fixtures.
public enum FFmpegTool {
    /// Debian's ffmpeg and ffprobe are installed (Tools/setup.sh installs them).
    public static let available =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/ffprobe")

    /// Runs `ffmpeg -v error -nostdin -y` with `arguments`; throws with its last words when it fails.
    public static func run(_ arguments: [String]) throws {
        let (status, said) = try tool(["ffmpeg", "-v", "error", "-nostdin", "-y"] + arguments, reading: \.standardError)
        guard status == 0 else { throw Failure(description: "ffmpeg \(arguments.joined(separator: " ")): \(said)") }
    }

    /// ffprobe's one value for `arguments` (e.g. `-show_entries format=duration FILE`), trimmed.
    public static func probe(_ arguments: [String]) throws -> String {
        let said = try tool(["ffprobe", "-v", "error", "-of", "csv=p=0"] + arguments, reading: \.standardOutput).output
        return said.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs `command` through `env`, reading one of its streams to the end.
    private static func tool(
        _ command: [String], reading stream: ReferenceWritableKeyPath<Process, Any?>
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let pipe = Pipe()
        process[keyPath: stream] = pipe
        try process.run()
        let said = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: said, as: UTF8.self))
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }
}
