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
            "ffmpeg", "chromium", "libxxhash-dev", "slurm-wlm", "munge", "frei0r-plugins-dev", "melt",
            "gstreamer1.0-plugins-bad (Debian, apt-get)", "kubernetes-validate (PyPI, pip)",
            "Pillow and pypng (PyPI, pip, into",
        ] {
            #expect(first.contains(words), "\(words): \(first)")
        }
        // Nothing else says it installs: the failed PyPI installs only warn.
        #expect(run.errorLines.dropFirst().allSatisfy { !$0.contains("installing") }, "\(run.stderr)")
        #expect(try String(contentsOfFile: log, encoding: .utf8).contains("apt-get install"))
    }
}
