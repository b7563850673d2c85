import Foundation
import Glibc
import Shatter
import ShatterTestSupport
import Testing

/// A symbolic link, a dangling link or a FIFO planted at a name a command writes in its folder (a cloned
/// repository's golden folder can carry links) is refused in one line: nothing is written through it, no
/// file appears where a dangling link points, and nothing waits on the FIFO (issue 48, H1 and M4). Before,
/// `render` wrote its pid through a linked `.shatter.lock` and hung opening a FIFO `manifest.journal`.
/// Commands: `render`, `render --resume`, `compare --update`, `manifest merge --collect`, `compare --out`.
@Suite struct PlantedNodeTests {
    enum Command: String, CaseIterable { case render, resume, update, collect, report }
    enum Node: String, CaseIterable { case link, dangling, fifo }

    static let names = [FolderLock.fileName, FrameManifest.fileName, FrameManifest.journalName, "frame-00000.png"]
    /// A comparison's report folder: its lock and the report's own files.
    static let reportNames = [FolderLock.fileName, "report.json", "index.html", "filmstrip.png"]
    static let cases = Command.allCases.flatMap { command in
        (command == .report ? reportNames : names).map { (command, $0) }
    }
    static let render = ["render", "shatter", "--backend", "cpu", "--size", "64x48", "--frames", "0-1"]

    @Test(arguments: cases)
    func aPlantedNodeIsRefusedAndNothingIsWrittenThroughIt(_ command: Command, _ name: String) throws {
        for node in Node.allCases {
            let s = try TemporaryFolder()
            let victim = try s.write(Array("precious\n".utf8), to: "victim.txt")
            let (folder, arguments) = try prepare(command, in: s)
            let planted = folder + "/" + name
            unlink(planted)
            switch node {
            case .link: #expect(symlink("../victim.txt", planted) == 0)
            case .dangling: #expect(symlink("../nowhere.txt", planted) == 0)
            case .fifo: #expect(mkfifo(planted, 0o644) == 0)
            }
            // `timeout` stands guard: a command that waits on the FIFO is killed and fails the test (137).
            let run = try CLIRun.command("/usr/bin/timeout", ["-s", "KILL", "60", CLIRun.binary] + arguments, in: s.path)
            let label = "\(command) with \(node) at \(name): \(run.status) \(run.stdout)\(run.stderr)"
            #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n", "\(label)")
            #expect(!FileManager.default.fileExists(atPath: s.file("nowhere.txt")), "\(label)")
            if command == .resume && name.hasPrefix("frame-") {
                // A frame the manifest lists, whose name was taken over, counts as changed and is drawn
                // again in its place (docs/robustness.md): the node goes, its target is never written.
                #expect(run.status == 0, "\(label)")
                #expect(try PNGDecoder.read(path: planted).width == 64, "\(label)")
                continue
            }
            #expect(run.status != 0 && run.status != 137, "\(label)")
            let errors = run.errorLines.filter { $0.hasPrefix("shatter: error:") }
            #expect(errors.count == 1 && run.errorLines.count == 1, "\(label)")
            #expect(errors.first?.contains(name) == true, "\(label)")
            #expect(
                ["remove it", "move it away", "choose another", "must be a new or empty folder"].contains {
                    errors.first?.contains($0) == true
                }, "the refusal says what to do: \(label)")
            var status = stat()
            #expect(lstat(planted, &status) == 0, "\(label)")
            #expect(status.st_mode & S_IFMT == (node == .fifo ? S_IFIFO : S_IFLNK), "the planted node stays: \(label)")
        }
    }

    /// A folder for `command` with its earlier state, and the command's arguments (relative to `s`).
    private func prepare(_ command: Command, in s: TemporaryFolder) throws -> (folder: String, arguments: [String]) {
        switch command {
        case .render:
            try FileManager.default.createDirectory(atPath: s.file("out"), withIntermediateDirectories: false)
            return (s.file("out"), Self.render + ["--out", "out"])
        case .resume:
            try renderInto("out", in: s)
            return (s.file("out"), Self.render + ["--out", "out", "--resume"])
        case .update:
            try renderInto("golden", in: s)
            try renderInto("new", in: s, seed: 7)
            return (s.file("golden"), ["compare", "--dirs", "golden", "new", "--update"])
        case .collect:
            try renderInto("new", in: s)
            try FileManager.default.createDirectory(atPath: s.file("gathered"), withIntermediateDirectories: false)
            return (s.file("gathered"), ["manifest", "merge", "new", "--collect", "gathered"])
        case .report:
            try renderInto("golden", in: s)
            try renderInto("new", in: s, seed: 7)
            try FileManager.default.createDirectory(atPath: s.file("report"), withIntermediateDirectories: false)
            return (s.file("report"), ["compare", "--dirs", "golden", "new", "--out", "report"])
        }
    }

    private func renderInto(_ folder: String, in s: TemporaryFolder, seed: Int? = nil) throws {
        let run = try CLIRun.shatter(Self.render + ["--out", folder] + (seed.map { ["--seed", "\($0)"] } ?? []), in: s.path)
        #expect(run.status == 0, "\(run.stderr)")
    }

    /// `--out` swapped for a link to another folder mid-render (issue 48, L14): before, the rest of the
    /// frames went into the link's target. Now every file lands in the folder opened at the start, and the
    /// render stops at the next frame with one line.
    @Test func aFolderSwappedForALinkMidRenderGetsNothingWrittenIntoTheLinksTarget() throws {
        let s = try TemporaryFolder()
        let elsewhere = s.file("elsewhere")
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: false)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRun.binary)
        // 2 px pieces at 1280×720 (some 231,000 of them), so the render is still drawing when the folder is swapped.
        process.arguments = [
            "render", "shatter", "--backend", "cpu", "--size", "1280x720", "--point-size", "2", "--out", s.file("out"),
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while !FileManager.default.fileExists(atPath: s.file("out/frame-00001.png")), process.isRunning, Date() < deadline {
            usleep(2_000)
        }
        try #require(process.isRunning, "the render ended before the folder could be swapped")
        #expect(rename(s.file("out"), s.file("moved")) == 0)
        #expect(symlink("elsewhere", s.file("out")) == 0)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "\(stderr)")
        #expect(stderr.contains("--out \(s.file("out")) was moved or replaced while the render ran"), "\(stderr)")
        #expect(s.allContents(of: elsewhere).isEmpty)
        let kept = try #require(try FrameManifest.read(folder: s.file("moved")))
        #expect(
            !kept.frames.isEmpty && kept.frames.allSatisfy { FileManager.default.fileExists(atPath: s.file("moved/" + $0.file)) })
    }

    /// A lock file with a second name (a hard link to a file elsewhere) is not opened in place either:
    /// the pid would land in the other name's file.
    @Test func aHardLinkedLockFileIsRefused() throws {
        let s = try TemporaryFolder()
        let victim = try s.write(Array("precious\n".utf8), to: "victim.txt")
        try FileManager.default.createDirectory(atPath: s.file("out"), withIntermediateDirectories: false)
        #expect(link(victim, s.file("out/" + FolderLock.fileName)) == 0)
        let run = try CLIRun.shatter(Self.render + ["--out", "out"], in: s.path)
        #expect(run.status != 0)
        #expect(run.stderr.contains("out/.shatter.lock is a file with 2 names (hard links)"), "\(run.stderr)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
    }
}
