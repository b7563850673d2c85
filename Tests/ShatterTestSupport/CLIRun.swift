import Foundation
import ShatterCore

/// Runs the built `shatter` binary as a user would (or any program: a script under test), capturing its
/// exit code and output.
public struct CLIRun: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        (self.status, self.stdout, self.stderr) = (status, stdout, stderr)
    }

    /// stderr's non-empty lines.
    public var errorLines: [String] { stderr.split(whereSeparator: \.isNewline).map(String.init) }

    public static let binary: String = {
        // The test bundle and the shatter executable are built into the same folder.
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return executable.deletingLastPathComponent().appendingPathComponent("shatter").path
    }()

    public static func shatter(_ arguments: [String], environment: [String: String] = [:], in folder: String? = nil) throws
        -> CLIRun
    {
        try command(binary, arguments, environment: environment, in: folder)
    }

    /// Runs any executable (e.g. `setpriv … shatter` to run the tool as another user), in `folder` if given.
    public static func command(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        in folder: String? = nil
    ) throws -> CLIRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Both pipes are read to their ends at once (stderr on a thread of its own) before waiting, so
        // a child that fills one pipe while the other is being read never blocks.
        let errors = Locked(Data())
        let errorsRead = DispatchSemaphore(value: 0)
        let errorHandle = err.fileHandleForReading
        Thread.detachNewThread {
            let bytes = errorHandle.readDataToEndOfFile()
            errors.withLock { $0 = bytes }
            errorsRead.signal()
        }
        let outBytes = out.fileHandleForReading.readDataToEndOfFile()
        errorsRead.wait()
        let errBytes = errors.withLock { $0 }
        process.waitUntilExit()
        return CLIRun(
            status: process.terminationStatus, stdout: String(decoding: outBytes, as: UTF8.self),
            stderr: String(decoding: errBytes, as: UTF8.self))
    }
}
