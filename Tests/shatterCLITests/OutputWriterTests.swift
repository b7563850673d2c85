import Foundation
import Glibc
import Shatter
import ShatterTestSupport
import Testing

/// Row 3 of "a check that cannot be fooled": every output file goes through one writer, which
/// replaces regular files atomically, writes through a FIFO (refusing one nobody reads), refuses a
/// folder or a command's own input, and checks every path before any work. FIFOs live in temporary
/// folders only.
@Suite struct OutputWriterTests {
    static let smallBench = [
        "bench", "--backends", "cpu", "--point-sizes", "8", "--size", "32x32", "--frames", "1", "--repeat", "1",
        "--encode", "none",
    ]
    static let smallRender = ["render", "breathe", "--backend", "cpu", "--size", "20x20", "--duration", "0.1"]

    /// Reads a FIFO to its end on a thread of its own, as `cat fifo > file &` would.
    final class FIFOReader: @unchecked Sendable {
        private var bytes: [UInt8] = []
        private let done = DispatchSemaphore(value: 0)

        init(_ path: String) {
            Thread.detachNewThread { [self] in
                let fd = open(path, O_RDONLY)
                var buffer = [UInt8](repeating: 0, count: 65536)
                while fd >= 0, case let n = read(fd, &buffer, buffer.count), n > 0 { bytes += buffer[..<n] }
                if fd >= 0 { close(fd) }
                done.signal()
            }
        }

        func result() -> [UInt8] {
            done.wait()
            return bytes
        }
    }

    @Test func aFIFOIsWrittenThroughAndStaysAFIFO() throws {
        let s = try TemporaryFolder()
        let fifo = s.file("sheet.fifo")
        #expect(mkfifo(fifo, 0o644) == 0)
        let reader = FIFOReader(fifo)
        let run = try CLIRun.shatter(Self.smallRender + ["--out", s.file("frames"), "--contact-sheet", fifo])
        #expect(run.status == 0, "\(run.stderr)")
        let sheet = try PNGDecoder.decode(data: reader.result(), name: "fifo")
        #expect(sheet.width > 0)
        #expect(tree(s.path)["sheet.fifo"] == "fifo")
    }

    @Test func aFIFONobodyReadsIsRefusedNotReplaced() throws {
        let s = try TemporaryFolder()
        let fifo = s.file("report.fifo")
        #expect(mkfifo(fifo, 0o644) == 0)
        let run = try MeasuredRun.shatter(Self.smallBench + ["--json", fifo])
        try #require(!run.timedOut)
        #expect(run.status == 1)
        // One error line after bench's progress lines (a line per configuration where stderr is a log).
        let errors = run.errorLines.filter { !$0.hasPrefix("shatter bench: cpu, point size") }
        #expect(errors.count == 1 && run.stderr.contains("it is a FIFO nothing reads from"), "\(run.stderr)")
        #expect(tree(s.path) == ["report.fifo": "fifo"])
    }

    @Test func aFolderAsAnOutputIsRefusedBeforeMeasuring() throws {
        let s = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: s.file("charts"), withIntermediateDirectories: false)
        let run = try CLIRun.shatter(Self.smallBench + ["--chart", s.file("charts")])
        #expect(run.status == 64)
        #expect(run.errorLines.count == 1 && run.stderr.contains("--chart \(s.file("charts")): it is a folder"), "\(run.stderr)")
        // Refused before measuring: the table was never printed.
        #expect(run.stdout.isEmpty)
        #expect(tree(s.path) == ["charts": "folder"])
    }

    @Test func twoOutputsNamingOneFileAreRefused() throws {
        let s = try TemporaryFolder()
        let run = try CLIRun.shatter(Self.smallBench + ["--json", s.file("x"), "--csv", s.file("x")])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--json and --csv both name"), "\(run.stderr)")
        #expect(tree(s.path).isEmpty)
    }

    @Test func aVideoIntoAFIFOIsRefusedAndTheFIFOKept() throws {
        let s = try TemporaryFolder()
        let fifo = s.file("out.mp4")
        #expect(mkfifo(fifo, 0o644) == 0)
        let run = try MeasuredRun.shatter(Self.smallRender + ["--video", fifo])
        try #require(!run.timedOut)
        #expect(run.status == 64)
        #expect(run.stderr.contains("--video \(fifo): it is not a regular file"), "\(run.stderr)")
        #expect(tree(s.path) == ["out.mp4": "fifo"])
    }

    @Test func anOutputThatIsAnInputOfTheSameCommandIsRefused() throws {
        let s = try TemporaryFolder()
        let input = s.file("in.png")
        try PNGEncoder.write(Image(width: 20, height: 20, fill: RGBA8(r: 255, g: 255, b: 255, a: 255)), to: input)
        let before = tree(s.path)
        let run = try CLIRun.shatter([
            "render", "dust", "--backend", "cpu", "--from", input, "--size", "20x20", "--out", s.file("f"),
            "--contact-sheet", input,
        ])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--contact-sheet \(input) is an input of this command"), "\(run.stderr)")
        #expect(tree(s.path) == before)
    }

    /// `manifest merge S0 --out S0/manifest.json` would replace the shard's own manifest (after which
    /// its `--resume` renders everything again): refused, the manifest unchanged.
    @Test func mergeOutIntoAShardsOwnManifestIsRefused() throws {
        let s = try TemporaryFolder()
        let shard = s.file("S0")
        #expect(try CLIRun.shatter(Self.smallRender + ["--out", shard, "--shard", "0/2"]).status == 0)
        let before = tree(s.path)
        for out in [shard + "/" + FrameManifest.fileName, shard + "/frame-00000.png"] {
            let run = try CLIRun.shatter(["manifest", "merge", shard, "--out", out])
            #expect(run.status == 64)
            #expect(run.errorLines.count == 1 && run.stderr.contains(out), "\(run.stderr)")
        }
        #expect(tree(s.path) == before)
        let merged = try CLIRun.shatter(["manifest", "merge", shard, "--out", s.file("merged.json")])
        #expect(merged.status == 1)  // half the frames: shard 1 was never rendered
        #expect(FileManager.default.fileExists(atPath: s.file("merged.json")))
    }

    /// A regular file is replaced whole; a link to one keeps pointing at it, and the file it names is
    /// the one replaced.
    @Test func aLinkedOutputStaysALinkAndItsTargetIsReplaced() throws {
        let s = try TemporaryFolder()
        try Data("old".utf8).write(to: URL(fileURLWithPath: s.file("target.csv")))
        try FileManager.default.createSymbolicLink(atPath: s.file("link.csv"), withDestinationPath: s.file("target.csv"))
        let run = try CLIRun.shatter(Self.smallBench + ["--csv", s.file("link.csv")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(tree(s.path)["link.csv"] == "link")
        let csv = try String(contentsOfFile: s.file("target.csv"), encoding: .utf8)
        #expect(csv.hasPrefix("backend,"), "\(csv.prefix(40))")
    }
}
