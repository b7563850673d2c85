import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// No command writes onto what it reads (issue 42, item 3, M4): every output is checked against every
/// input (one file, one resolved path, or a path inside an input folder) before work starts, by the
/// one check render already used. Before, compare's JUnit file, bench's reports and probe's JSON could
/// replace the command's own inputs.
@Suite struct OutputsApartFromInputsTests {
    static let bench = ["bench", "--frames", "1", "--repeat", "1", "--point-sizes", "4", "--backends", "cpu", "--encode", "none"]

    /// Two 8×8 pictures, a.png and b.png, one pixel apart.
    static func pictures(in s: TemporaryFolder) throws {
        try PNGEncoder.write(Image(width: 8, height: 8, fill: .opaqueWhite), to: s.file("a.png"))
        var b = Image(width: 8, height: 8, fill: .opaqueWhite)
        b[3, 3] = RGBA8(r: 0, g: 0, b: 0, a: 255)
        try PNGEncoder.write(b, to: s.file("b.png"))
    }

    /// Refused in one line naming the option and the path, with `status`, nothing in `s` changed.
    static func expectRefused(_ arguments: [String], status: Int32, saying said: String, in s: TemporaryFolder) throws {
        let before = tree(s.path)
        let run = try CLIRun.shatter(arguments)
        #expect(run.status == status, "\(run.stdout)\(run.stderr)")
        #expect(run.errorLines.count == 1 && run.stderr.contains(said), "\(run.stderr)")
        #expect(tree(s.path) == before)
    }

    @Test func compareImagesRefusesAJUnitFileThatIsAnInput() throws {
        let s = try TemporaryFolder()
        try Self.pictures(in: s)
        let (a, b) = (s.file("a.png"), s.file("b.png"))
        // The same file under another spelling is the same input.
        for junit in [a, s.path + "/./a.png"] {
            try Self.expectRefused(
                ["compare", "--images", a, b, "--junit", junit, "--out", s.file("r")], status: 2,
                saying: "--junit \(junit) is ", in: s)
        }
    }

    @Test func compareDirsRefusesAJUnitFileOrReportInsideAnInputFolder() throws {
        let s = try TemporaryFolder()
        let folders = try RenderFolders(s)
        let frame = folders.framePath(folders.golden, 0)
        try Self.expectRefused(
            ["compare", "--dirs", folders.golden, folders.new, "--junit", frame, "--out", s.file("r")], status: 2,
            saying: "--junit \(frame) is inside \(folders.golden), an input folder of this command", in: s)
        try Self.expectRefused(
            ["compare", "--dirs", folders.golden, folders.new, "--out", folders.new + "/report"], status: 2,
            saying: "--out \(folders.new)/report is inside \(folders.new), an input folder", in: s)
    }

    /// Through a link to an input folder, a path not there yet is still inside it (issue 48, L1: the
    /// JUnit file was written into the golden folder, and `--collect` gathered frames into a shard).
    @Test func anOutputThroughALinkToAnInputFolderIsInsideIt() throws {
        let s = try TemporaryFolder()
        let folders = try RenderFolders(s)
        #expect(symlink(folders.golden, s.file("alias")) == 0)
        try Self.expectRefused(
            ["compare", "--dirs", folders.golden, folders.new, "--junit", s.file("alias/x.xml"), "--out", s.file("r")],
            status: 2, saying: "--junit \(s.file("alias/x.xml")) is inside \(folders.golden), an input folder", in: s)
        try Self.expectRefused(
            ["manifest", "merge", folders.golden, "--collect", s.file("alias/gathered")], status: 64,
            saying: "--collect \(s.file("alias/gathered")) is inside \(folders.golden), an input folder", in: s)
        try Self.expectRefused(
            ["manifest", "merge", folders.golden, "--collect", folders.golden + "/gathered"], status: 64,
            saying: "--collect \(folders.golden)/gathered is inside \(folders.golden), an input folder", in: s)
    }

    @Test(arguments: ["--chart", "--json", "--csv"])
    func benchRefusesAReportOntoItsPicture(_ option: String) throws {
        let s = try TemporaryFolder()
        try Self.pictures(in: s)
        let a = s.file("a.png")
        try Self.expectRefused(
            Self.bench + ["--from", a, option, a], status: 64, saying: "\(option) \(a) is an input of this command", in: s)
    }

    /// The GPU box's recorded report is what --expect reads: --json may not replace it, whatever the rules say.
    @Test func probeRefusesToReplaceTheReportItIsHeldTo() throws {
        let s = try TemporaryFolder()
        let record = s.file("gpubox.json")
        try Data("{\"recorded\": \"on the GPU box\"}\n".utf8).write(to: URL(fileURLWithPath: record))
        try Self.expectRefused(
            ["probe", "--expect", record, "--json", record], status: 64,
            saying: "--json \(record) is an input of this command", in: s)
    }
}
