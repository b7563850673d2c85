import Foundation
import Glibc
import ShatterTestSupport
import Testing

/// Tools/install-frei0r.sh installs the two plugins and Kdenlive's descriptions, checks every target
/// before building, writes through nothing and leaves no temporary (issue 48, M5, L2, L3). Run on a copy
/// of the script with `swift` stubbed on PATH (its "build" writes a small file as each plugin), so no
/// release build runs.
@Suite struct InstallFrei0rScriptTests {
    struct Clone {
        let folder: TemporaryFolder
        var calls: String { folder.file("calls") }
        /// Where the user stands when running the script.
        var work: String { folder.file("work") }

        init() throws {
            folder = try TemporaryFolder()
            let fm = FileManager.default
            for path in ["clone/Tools/lib", "clone/Deploy/frei0r", "stub", "work", "home"] {
                try fm.createDirectory(atPath: folder.file(path), withIntermediateDirectories: true)
            }
            try fm.copyItem(
                atPath: Repository.path + "/Tools/install-frei0r.sh", toPath: folder.file("clone/Tools/install-frei0r.sh"))
            try fm.copyItem(
                atPath: Repository.path + "/Tools/lib/scratch-lock.sh", toPath: folder.file("clone/Tools/lib/scratch-lock.sh"))
            for plugin in ["shatter", "shatter_dust"] {
                try fm.copyItem(
                    atPath: Repository.path + "/Deploy/frei0r/frei0r_\(plugin).xml",
                    toPath: folder.file("clone/Deploy/frei0r/frei0r_\(plugin).xml"))
            }
            let bin = folder.file("built")
            let swift = """
                #!/bin/sh
                echo "swift $*" >> '\(calls)'
                for a in "$@"; do [ "$a" = --show-bin-path ] && { echo '\(bin)'; exit 0; }; done
                prev=; for a in "$@"; do [ "$prev" = --product ] && product=$a; prev=$a; done
                mkdir -p '\(bin)'
                echo "plugin $product" > '\(bin)'/lib$product.so
                """
            try Data(swift.utf8).write(to: URL(fileURLWithPath: folder.file("stub/swift")))
            try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.file("stub/swift"))
        }

        /// Runs the script in ``work`` through `env`, which unsets HOME and XDG_DATA_HOME first (the runner
        /// adds the test's own environment), then sets PATH and, when `home`, HOME.
        func install(_ arguments: [String] = [], home: Bool = true) throws -> CLIRun {
            let settings = ["PATH=" + folder.file("stub") + ":/usr/bin:/bin"] + (home ? ["HOME=" + folder.file("home")] : [])
            return try CLIRun.command(
                "/usr/bin/env",
                ["-u", "HOME", "-u", "XDG_DATA_HOME"] + settings + ["/bin/bash", folder.file("clone/Tools/install-frei0r.sh")]
                    + arguments, in: work)
        }
    }

    static let frei0rHeader =
        FileManager.default.fileExists(atPath: "/usr/include/frei0r.h")
        || FileManager.default.fileExists(atPath: "/usr/local/include/frei0r.h")

    @Test(.enabled(if: frei0rHeader, "the script needs frei0r.h (Tools/setup.sh installs frei0r-plugins-dev)"))
    func relativeFoldersAreTheCallersAndNoTemporaryIsLeft() throws {
        let clone = try Clone()
        let run = try clone.install(["plugins", "kdenlive"])
        #expect(run.status == 0, "\(run.stderr)")
        let fm = FileManager.default
        #expect(clone.folder.allContents(of: clone.work + "/plugins") == ["shatter.so", "shatter_dust.so"])
        #expect(clone.folder.allContents(of: clone.work + "/kdenlive") == ["frei0r_shatter.xml", "frei0r_shatter_dust.xml"])
        #expect(try String(contentsOfFile: clone.work + "/plugins/shatter.so", encoding: .utf8) == "plugin frei0r-shatter\n")
        #expect(!fm.fileExists(atPath: clone.folder.file("clone/plugins")), "DIR was taken from the clone")
        #expect(fm.isExecutableFile(atPath: clone.work + "/plugins/shatter_dust.so"))
    }

    /// A second install while a first builds in the same scratch folder (CI's release builds beside the
    /// README's commands) waits for it and says so, where SwiftPM failed on its locked build database.
    @Test(.enabled(if: frei0rHeader, "the script needs frei0r.h"))
    func aSecondInstallWaitsForTheFirstsBuild() throws {
        let clone = try Clone()
        let scratch = clone.folder.file("clone/.build/frei0r")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        // The first install, as far as the lock goes: util-linux's flock holding it for two seconds.
        let first = Process()
        first.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        first.arguments = [scratch, "-c", "touch '\(clone.folder.file("held"))'; sleep 2"]
        try first.run()
        while !FileManager.default.fileExists(atPath: clone.folder.file("held")) { usleep(20_000) }
        let run = try clone.install(["plugins", "kdenlive"])
        first.waitUntilExit()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.errorLines.first == "Tools/install-frei0r.sh: waiting for another build in .build/frei0r to finish")
        #expect(clone.folder.allContents(of: clone.work + "/plugins") == ["shatter.so", "shatter_dust.so"])
        #expect(clone.folder.allContents(of: scratch).isEmpty, "the lock left a file in the scratch folder")
    }

    /// What stands at one of the targets before the script runs.
    enum Stand: String, CaseIterable { case pluginFolder, xmlLink, pluginLink }

    @Test(.enabled(if: frei0rHeader, "the script needs frei0r.h"), arguments: Stand.allCases)
    func aTargetThatIsNotAPlainFileIsRefusedBeforeBuilding(_ stand: Stand) throws {
        let clone = try Clone()
        let fm = FileManager.default
        let victim = try clone.folder.write(Array("precious\n".utf8), to: "victim")
        for path in ["work/plugins", "work/kdenlive"] {
            try fm.createDirectory(atPath: clone.folder.file(path), withIntermediateDirectories: true)
        }
        let target: String
        switch stand {
        case .pluginFolder:
            target = clone.work + "/plugins/shatter.so"
            try fm.createDirectory(atPath: target, withIntermediateDirectories: false)
        case .xmlLink:
            target = clone.work + "/kdenlive/frei0r_shatter.xml"
            #expect(symlink(victim, target) == 0)
        case .pluginLink:
            target = clone.work + "/plugins/shatter_dust.so"
            #expect(symlink(victim, target) == 0)
        }
        let run = try clone.install(["plugins", "kdenlive"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(
            run.errorLines == [
                "Tools/install-frei0r.sh: \(target) exists and is not a plain file; remove it or name another folder"
            ])
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
        #expect(!fm.fileExists(atPath: clone.calls), "the build ran")
        #expect(
            clone.folder.allContents(of: clone.work + "/plugins").count
                == (stand == .pluginFolder || stand == .pluginLink ? 1 : 0))
        if stand == .pluginFolder { #expect(clone.folder.allContents(of: target).isEmpty) }
    }

    @Test(.enabled(if: frei0rHeader, "the script needs frei0r.h"))
    func anUnsetHomeIsOneLine() throws {
        let clone = try Clone()
        let run = try clone.install(home: false)
        #expect(run.status == 64)
        #expect(
            run.errorLines == [
                "Tools/install-frei0r.sh: HOME is not set; name the folders: Tools/install-frei0r.sh DIR KDENLIVE-DIR"
            ],
            "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: clone.calls), "the build ran")
    }
}
