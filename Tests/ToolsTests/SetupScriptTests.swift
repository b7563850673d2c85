import Foundation
import ShatterTestSupport
import Testing

/// Tools/setup.sh says, in its first line, everything it is about to install and where from, before
/// it installs anything. Run here on a copy, with apt-get, dpkg-query, sudo and python3 stubbed: no
/// package is installed.
@Suite struct SetupScriptTests {
    @Test func theFirstLineNamesEveryPackageAndItsSource() throws {
        let s = try TemporaryFolder()
        let tools = s.file("repo/Tools")
        let stubs = s.file("stubs")
        try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: stubs, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Repository.path + "/Tools/setup.sh", toPath: tools + "/setup.sh")
        let log = s.file("calls")
        // Nothing installed; every installer only notes that it ran.
        for (name, body) in [
            ("dpkg-query", "exit 1"), ("apt-get", "echo \"apt-get $*\" >> '\(log)'"), ("sudo", "\"$@\""),
            ("python3", "echo \"python3 $*\" >> '\(log)'; exit 1"),
        ] {
            try Data("#!/bin/sh\n\(body)\n".utf8).write(to: URL(fileURLWithPath: stubs + "/" + name))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stubs + "/" + name)
        }
        let run = try CLIRun.command(
            "/bin/bash", [tools + "/setup.sh"], environment: ["PATH": stubs + ":/usr/bin:/bin"], in: s.path)
        #expect(run.status == 0, "\(run.stderr)")
        let first = try #require(run.errorLines.first)
        #expect(first.hasPrefix("Tools/setup.sh: installing pkg-config libegl-dev"), "\(first)")
        for words in [
            "ffmpeg", "chromium", "libxxhash-dev", "mesa-vulkan-drivers", "slurm-wlm", "munge", "frei0r-plugins-dev", "melt",
            "gstreamer1.0-plugins-bad (Debian, apt-get)", "kubernetes-validate (PyPI, pip)",
            "Pillow and pypng (PyPI, pip, into",
        ] {
            #expect(first.contains(words), "\(words): \(first)")
        }
        // Nothing else says it installs: the failed PyPI installs only warn.
        #expect(run.errorLines.dropFirst().allSatisfy { !$0.contains("installing") }, "\(run.stderr)")
        #expect(try String(contentsOfFile: log, encoding: .utf8).contains("apt-get install"))
    }

    /// The README's list of packages is setup.sh's, word for word as a set: a package added to one and
    /// not the other is a set-up a reader cannot follow.
    @Test func theReadmeListsExactlySetupsPackages() throws {
        let script = try String(contentsOfFile: Repository.path + "/Tools/setup.sh", encoding: .utf8)
        let array = try #require(script.range(of: "packages=(")).upperBound
        let close = try #require(script[array...].firstIndex(of: ")"))
        let installed = Set(script[array..<close].split(whereSeparator: \.isWhitespace).map(String.init))
        let readme = try String(contentsOfFile: Repository.path + "/README.md", encoding: .utf8)
        let start = try #require(readme.range(of: "The packages: ")).upperBound
        let end = try #require(readme[start...].range(of: "EGL and GLES are opened")).lowerBound
        // The lists are the backticked spans of more than one word; single words there are examples.
        let spans = readme[start..<end].split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map(\.element)
        let listed = Set(
            spans.filter { $0.contains(where: \.isWhitespace) }.flatMap { $0.split(whereSeparator: \.isWhitespace) }.map(
                String.init))
        #expect(
            listed == installed,
            "README only: \(listed.subtracting(installed).sorted()); setup.sh only: \(installed.subtracting(listed).sorted())")
        #expect(installed.contains("mesa-vulkan-drivers"))
    }
}
