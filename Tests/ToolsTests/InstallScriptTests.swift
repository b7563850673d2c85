import Foundation
import ShatterTestSupport
import Testing

/// Tools/install.sh puts `shatter` where the README's examples find it and says when that folder is
/// not on PATH. Run here on a copy, with Tools/bundle.sh stubbed (its "build" writes a small script as
/// the binary, so no release build runs) and HOME in a temporary folder.
@Suite struct InstallScriptTests {
    /// How the stubbed Tools/bundle.sh behaves.
    enum Build { case works, fails, needsBaseline }

    struct Clone {
        let folder: TemporaryFolder
        var home: String { folder.file("home") }
        var calls: String { folder.file("calls") }

        /// A clone holding Tools/install.sh and a Tools/bundle.sh that notes each call and builds as `build` says.
        init(_ build: Build = .works) throws {
            folder = try TemporaryFolder()
            let fm = FileManager.default
            for path in ["clone/Tools", "home"] {
                try fm.createDirectory(atPath: folder.file(path), withIntermediateDirectories: true)
            }
            try fm.copyItem(atPath: Repository.path + "/Tools/install.sh", toPath: folder.file("clone/Tools/install.sh"))
            // The binary a build makes: it prints a version unique to the build, or (built for
            // x86-64-v3 on a processor without it) refuses to start, as shatter does.
            let refuses =
                build == .needsBaseline
                ? "[ \"${SHATTER_BUNDLE_CPU:-}\" = baseline ] || { echo 'echo \"shatter: error: this shatter was built "
                    + "for x86-64-v3 (AVX2 and FMA), which this processor lacks\" >&2; exit 1' >> \"$1/shatter\"; }"
                : ""
            let bundle = """
                #!/bin/sh
                echo "bundle $* ${SHATTER_BUNDLE_CPU:-}" >> '\(calls)'
                \(build == .fails ? "echo 'error: the build failed' >&2; exit 1" : "")
                mkdir -p "$1"
                echo '#!/bin/sh' > "$1/shatter"
                \(refuses)
                echo "echo shatter 1.0.$$ ${SHATTER_BUNDLE_CPU:-}" >> "$1/shatter"
                chmod 755 "$1/shatter"
                """
            try Data(bundle.utf8).write(to: URL(fileURLWithPath: folder.file("clone/Tools/bundle.sh")))
            try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.file("clone/Tools/bundle.sh"))
        }

        /// The binary the stub built.
        var built: String { folder.file("clone/dist/shatter-linux-\(Self.architecture)/shatter") }

        static let architecture =
            (try? CLIRun.command("/usr/bin/uname", ["-m"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? ""

        func install(_ arguments: [String] = [], path extra: String? = nil) throws -> CLIRun {
            let path = [extra, "/usr/bin:/bin"].compactMap { $0 }.joined(separator: ":")
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
        // The line the README's set-up line runs next, word for word, and where a new shell finds it.
        let readme = try String(contentsOfFile: Repository.path + "/README.md", encoding: .utf8)
        let line = "export PATH=\"$HOME/.local/bin:$PATH\""
        #expect(readme.contains("Tools/install.sh && Tools/install-frei0r.sh && \(line)"))
        #expect(first.stderr.contains("the README's set-up line runs \(line) next"), "\(first.stderr)")
        #expect(first.stderr.contains("add that line to ~/.bashrc"), "\(first.stderr)")
        #expect(first.errorLines.filter { $0.contains("PATH") }.count == 1, "\(first.stderr)")
        let installed = try String(contentsOfFile: bin + "/shatter", encoding: .utf8)
        #expect(installed == (try String(contentsOfFile: clone.built, encoding: .utf8)))
        #expect(FileManager.default.isExecutableFile(atPath: bin + "/shatter"))

        // Again with the folder on PATH: the new build replaces the copy, and nothing is said about PATH.
        let again = try clone.install(path: bin)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!again.stderr.contains("not on your PATH"), "\(again.stderr)")
        let reinstalled = try String(contentsOfFile: bin + "/shatter", encoding: .utf8)
        #expect(reinstalled != installed && reinstalled.contains("echo shatter 1.0."))
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

    /// A relative DIR is the caller's (issue 48, L3): before, it was taken from the clone the script moves into.
    @Test func aRelativeFolderIsTakenFromWhereTheUserStands() throws {
        let clone = try Clone()
        let run = try clone.install(["tools/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(clone.folder.allContents(of: clone.folder.file("tools/bin")) == ["shatter"])
        #expect(!FileManager.default.fileExists(atPath: clone.folder.file("clone/tools")), "DIR was taken from the clone")
    }

    @Test func aFailedBuildInstallsNothing() throws {
        let clone = try Clone(.fails)
        let run = try clone.install()
        #expect(run.status != 0)
        #expect(run.stderr.contains("the build failed"), "\(run.stderr)")
        #expect(clone.folder.allContents(of: clone.home + "/.local/bin").isEmpty)
    }

    @Test func aProcessorWithoutX8664V3GetsTheBaselineBuild() throws {
        let clone = try Clone(.needsBaseline)
        let run = try clone.install()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("this processor lacks x86-64-v3; building for any x86-64 instead"), "\(run.stderr)")
        let calls = try String(contentsOfFile: clone.calls, encoding: .utf8).split(separator: "\n")
        #expect(calls.count == 2 && calls[1].hasSuffix(" baseline"), "\(calls)")
        let installed = try CLIRun.command(clone.home + "/.local/bin/shatter", ["--version"])
        #expect(installed.status == 0 && installed.stdout.hasSuffix(" baseline\n"), "\(installed.stdout)\(installed.stderr)")
    }
}
