import Foundation
import Testing

/// The package's frei0r products, built plainly (`swift build`, no `-z nodelete`), stay loaded once a
/// host has loaded them: a host that unloads its plugins at exit (melt) would otherwise run the
/// thread-local destructors of the threads it lent the plugin from unmapped memory. A small Python host
/// loads each library, calls `f0r_init`, closes it, and asks the loader whether it is still there.
@Suite struct PluginStaysLoadedTests {
    /// The debug build's folder, where the test bundle and the plugin products are built side by side.
    static let products = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().path
    /// The first python3 on PATH (ctypes is part of its standard library).
    static let python = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        .map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    static let host = """
        import ctypes, _ctypes, os, sys
        lib = ctypes.CDLL(sys.argv[1], mode=os.RTLD_NOW | os.RTLD_LOCAL)
        lib.f0r_init()
        _ctypes.dlclose(lib._handle)
        try:
            ctypes.CDLL(sys.argv[1], mode=os.RTLD_NOW | os.RTLD_NOLOAD)
            print("still loaded")
        except OSError:
            print("unloaded")
        """

    @Test(
        .enabled(if: python != nil, "needs a python3"),
        arguments: ["libfrei0r-shatter.so", "libfrei0r-shatter-dust.so"])
    func aPlainBuildIsNeverUnloaded(library: String) throws {
        let path = Self.products + "/" + library
        try #require(FileManager.default.fileExists(atPath: path), "\(library) is not built beside the tests")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python!)
        process.arguments = ["-c", Self.host, path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(said.trimmingCharacters(in: .whitespacesAndNewlines) == "still loaded")
    }
}
