import Foundation
import ShatterTestSupport
import Testing

/// Tools/install.sh puts `shatter` where the README's examples find it and says when that folder is
/// not on PATH. Run here on a copy, with `swift` stubbed (its "build" writes a small script as the
/// binary, so no release build runs) and HOME in a temporary folder.
@Suite struct InstallScriptTests {
    struct Clone {
        let folder: TemporaryFolder
        var home: String { folder.file("home") }
        var calls: String { folder.file("calls") }

        /// A clone holding Tools/install.sh, and a `swift` whose build succeeds (or fails) and notes each call.
        init(buildFails: Bool = false) throws {
            folder = try TemporaryFolder()
            let fm = FileManager.default
            for path in ["clone/Tools", "stubs", "home", "built"] {
                try fm.createDirectory(atPath: folder.file(path), withIntermediateDirectories: true)
            }
            try fm.copyItem(atPath: Repository.path + "/Tools/install.sh", toPath: folder.file("clone/Tools/install.sh"))
            let built = folder.file("built")
            let build =
                buildFails
                ? "echo 'error: the build failed' >&2; exit 1"
                : "printf '#!/bin/sh\\necho stub shatter %s\\n' \"$$\" > '\(built)/shatter'; chmod 755 '\(built)/shatter'"
            let swift = """
                #!/bin/sh
                echo "swift $*" >> '\(calls)'
                case "$*" in
                    *--show-bin-path*) echo '\(built)' ;;
                    build*) \(build) ;;
                esac
                """
            try Data(swift.utf8).write(to: URL(fileURLWithPath: folder.file("stubs/swift")))
            try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.file("stubs/swift"))
        }

        func install(_ arguments: [String] = [], path extra: String? = nil) throws -> CLIRun {
            let path = [extra, folder.file("stubs"), "/usr/bin:/bin"].compactMap { $0 }.joined(separator: ":")
            return try CLIRun.command(
                "/bin/bash", [folder.file("clone/Tools/install.sh")] + arguments,
                environment: ["PATH": path, "HOME": home], in: folder.path)
        }
    }

    @Test func installsIntoLocalBinAndSaysWhenItIsNotOnPath() throws {
        let clone = try Clone()
        let bin = clone.home + "/.local/bin"
        let first = try clone.install()
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("installed \(bin)/shatter"), "\(first.stdout)")
        #expect(first.stderr.contains("\(bin) is not on your PATH"), "\(first.stderr)")
        #expect(first.stderr.contains("export PATH=\"\(bin):$PATH\""), "\(first.stderr)")
        let installed = try String(contentsOfFile: bin + "/shatter", encoding: .utf8)
        #expect(installed == (try String(contentsOfFile: clone.folder.file("built/shatter"), encoding: .utf8)))
        #expect(FileManager.default.isExecutableFile(atPath: bin + "/shatter"))

        // Again with the folder on PATH: the new build replaces the copy, and nothing is said about PATH.
        let again = try clone.install(path: bin)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!again.stderr.contains("not on your PATH"), "\(again.stderr)")
        let reinstalled = try String(contentsOfFile: bin + "/shatter", encoding: .utf8)
        #expect(reinstalled != installed && reinstalled.contains("stub shatter"))
        #expect(clone.folder.allContents(of: bin) == ["shatter"])
    }

    @Test func aLinkWhereTheBinaryGoesIsRefusedBeforeBuilding() throws {
        let clone = try Clone()
        let folder = clone.folder.file("mine")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let kept = try clone.folder.write(Array("my own file\n".utf8), to: "kept")
        try FileManager.default.createSymbolicLink(atPath: folder + "/shatter", withDestinationPath: kept)
        let run = try clone.install([folder])
        #expect(run.status == 1)
        #expect(run.stderr.contains("\(folder)/shatter exists and is not a plain file"), "\(run.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/shatter") == kept)
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "my own file\n")
        #expect(!FileManager.default.fileExists(atPath: clone.calls), "the build ran")
    }

    @Test func aFailedBuildInstallsNothing() throws {
        let clone = try Clone(buildFails: true)
        let run = try clone.install()
        #expect(run.status != 0)
        #expect(run.stderr.contains("the build failed"), "\(run.stderr)")
        #expect(clone.folder.allContents(of: clone.home + "/.local/bin").isEmpty)
    }
}
