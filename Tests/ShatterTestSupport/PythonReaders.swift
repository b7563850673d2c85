import Foundation

/// The Python that the PNG tests decode with: the virtual environment `Tools/setup.sh` makes
/// (`.build/png-readers-venv`, with Pillow and pypng), else the first `python3` on `PATH` that can
/// import every module asked for.
public enum PythonReaders {
    public static func python(importing modules: [String]) -> String? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let candidates =
            [root + "/.build/png-readers-venv/bin/python3"]
            + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/python3" }
        let probe = modules.isEmpty ? "pass" : "import " + modules.joined(separator: ", ")
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) && exitStatus($0, ["-c", probe]) == 0 }
    }

    private static func exitStatus(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
