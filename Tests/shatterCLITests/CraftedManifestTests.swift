import Foundation
import Shatter
import ShatterPNG
import ShatterTestSupport
import Testing

/// `manifest merge` on hand-crafted manifests: the two crashes (a range to 2^62, which listed
/// every frame; first = last = Int.max, which overflowed describing it) now end in one line, exit 1.
@Suite struct CraftedManifestTests {
    static let crafted: [(name: String, range: [String: Int], frameCount: Int?)] = [
        ("range to 2^62", ["first": 0, "last": 4_611_686_018_427_387_904], nil),
        ("range to 2^62 in a timeline that long", ["first": 0, "last": 4_611_686_018_427_387_904], 4_611_686_018_427_387_905),
        ("first = last = Int.max", ["first": Int.max, "last": Int.max], nil),
        ("first = last = Int.max in a timeline that long", ["first": Int.max, "last": Int.max], Int.max),
    ]

    @Test(arguments: crafted.indices)
    func craftedRangeIsRefused(_ which: Int) throws {
        let (_, range, frameCount) = Self.crafted[which]
        let s = try TemporaryFolder()
        let folder = s.file("render")
        let render = try CLIRun.shatter([
            "render", "breathe", "--backend", "cpu", "--size", "20x20", "--duration", "0.1", "--out", folder,
        ])
        #expect(render.status == 0, "\(render.stderr)")
        let path = folder + "/" + FrameManifest.fileName
        var json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        json["range"] = range
        if let frameCount { json["frameCount"] = frameCount }
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path))

        let run = try MeasuredRun.shatter(["manifest", "merge", folder])
        #expect(!run.timedOut)
        #expect(run.status == 1, "exit \(run.status): \(run.stderr)")
        #expect(run.errorLines.count == 1 && run.stderr.contains("describes no possible render"), "\(run.stderr)")
        #expect(run.peakResidentBytes < 100 << 20, "peak resident memory \(run.peakResidentBytes >> 20) MiB")
    }

    /// A listed frame replaced by a FIFO with no writer (or a link to /dev/zero): `manifest merge` says
    /// it is no longer a regular file and `--resume` renders it again; neither waits on it or reads it without end.
    @Test(arguments: ["fifo", "/dev/zero"])
    func aFrameThatIsNoLongerAFileIsReportedAndRenderedAgain(_ replacement: String) throws {
        let s = try TemporaryFolder()
        let folder = s.file("render")
        let arguments = ["render", "breathe", "--backend", "cpu", "--size", "20x20", "--duration", "0.1", "--out", folder]
        #expect(try CLIRun.shatter(arguments).status == 0)
        let frame = folder + "/frame-00002.png"
        try FileManager.default.removeItem(atPath: frame)
        if replacement == "fifo" {
            #expect(mkfifo(frame, 0o644) == 0)
        } else {
            try FileManager.default.createSymbolicLink(atPath: frame, withDestinationPath: replacement)
        }

        let merge = try MeasuredRun.shatter(["manifest", "merge", folder])
        try #require(!merge.timedOut, "still running after a minute")
        #expect(merge.status == 1, "exit \(merge.status): \(merge.stderr)")
        // Not hanging (checked above), so its report can be read.
        let report = try CLIRun.shatter(["manifest", "merge", folder]).stdout
        #expect(report.contains("missing 1 frame: 2"), "\(report)")
        #expect(report.contains("frame-00002.png is not a regular file"), "\(report)")
        #expect(merge.peakResidentBytes < 100 << 20, "peak resident memory \(merge.peakResidentBytes >> 20) MiB")

        let resume = try MeasuredRun.shatter(arguments + ["--resume"])
        #expect(!resume.timedOut, "still running after a minute")
        #expect(resume.status == 0, "exit \(resume.status): \(resume.stderr)")
        let redrawn = try PNGDecoder.read(path: frame)
        #expect(redrawn.width == 20 && redrawn.height == 20)
        #expect(try CLIRun.shatter(["manifest", "merge", folder]).status == 0)
    }
}
