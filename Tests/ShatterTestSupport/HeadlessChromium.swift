import Foundation

/// Debian's headless Chromium with WebGL2 on ANGLE over SwiftShader (Chrome's own GLES, which shares no
/// compiler or rasteriser with Mesa), run with a time limit and a throwaway profile.
public enum HeadlessChromium {
    /// The flags that give WebGL2 with no GPU: ANGLE on SwiftShader's Vulkan.
    public static let swiftShaderFlags = ["--use-angle=swiftshader", "--enable-unsafe-swiftshader"]

    public static let path: String? = {
        for candidate in ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            // Installed is not enough: it must start (libraries, sandbox) and print its version.
            if let run = try? run(candidate, ["--version"], limit: 60), run.status == 0 { return candidate }
        }
        return nil
    }()

    /// The page's DOM after its scripts ran (`--dump-dom`), drawn with WebGL2 on SwiftShader.
    public static func dumpDOM(_ page: String) throws -> String {
        guard let path else { throw Failure(description: "no Chromium here") }
        let run = try run(path, swiftShaderFlags + ["--dump-dom", "file://" + page])
        guard run.status == 0 else { throw Failure(description: "chromium exited \(run.status): \(run.errors)") }
        return run.output
    }

    /// A screenshot of `address` (a file URL, with any `#fragment`) at `width` × `height` CSS pixels, one
    /// device pixel each, drawn with WebGL2 on SwiftShader, written to `png`.
    public static func screenshot(_ address: String, width: Int, height: Int, to png: String) throws {
        guard let path else { throw Failure(description: "no Chromium here") }
        let run = try run(
            path,
            swiftShaderFlags + [
                "--hide-scrollbars", "--force-device-scale-factor=1",
                "--window-size=\(width),\(height)", "--screenshot=\(png)", address,
            ])
        guard run.status == 0 else { throw Failure(description: "chromium exited \(run.status): \(run.errors)") }
    }

    /// Runs Chromium at `path` headless with `arguments`, stopped after `limit` seconds. Everything it
    /// writes goes into one scratch folder removed afterwards: its profile (`--user-data-dir`) and its
    /// HOME and XDG folders, where Chromium and dconf would otherwise leave `~/.config/chromium` and
    /// `~/.cache/dconf` behind a test run.
    public static func run(_ path: String, _ arguments: [String], limit: Int = 180) throws -> (
        status: Int32, output: String, errors: String
    ) {
        let scratch = try TemporaryFolder()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments =
            [
                "\(limit)", path, "--headless", "--no-sandbox", "--disable-dev-shm-usage",
                "--user-data-dir=" + scratch.file("profile"),
            ]
            + arguments
        process.environment = ProcessInfo.processInfo.environment.merging([
            "HOME": scratch.path, "XDG_CONFIG_HOME": scratch.file("config"), "XDG_CACHE_HOME": scratch.file("cache"),
            "XDG_DATA_HOME": scratch.file("data"),
        ]) { $1 }
        let output = Pipe()
        // Chromium says a lot on stderr; kept in a file (a second pipe could fill while stdout is read).
        let errorFile = scratch.file("stderr")
        _ = FileManager.default.createFile(atPath: errorFile, contents: nil)
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: errorFile)
        try process.run()
        let said = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errors = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
        return (process.terminationStatus, String(decoding: said, as: UTF8.self), String(errors.suffix(2000)))
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }
}
