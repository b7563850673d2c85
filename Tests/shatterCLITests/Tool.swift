import Foundation

/// Runs a command found on PATH (or a path), output and errors together; nil when it is not installed.
enum Tool {
    /// `environment` is added to this process's, or is the whole environment when `inherit` is false.
    static func run(
        _ name: String, _ arguments: [String], environment: [String: String] = [:], inherit: Bool = true,
        directory: String? = nil
    ) throws -> (status: Int32, output: String)? {
        guard let path = name.contains("/") ? name : locate(name) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = inherit ? ProcessInfo.processInfo.environment.merging(environment) { $1 } : environment
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    static func locate(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
