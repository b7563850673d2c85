import Foundation
import Glibc
import Shatter
import ShatterTestSupport
import Testing

/// Inputs with no end or no writer, given to every command-line reader of a PNG: each is refused
/// with one line, at once (a run still going after a minute is killed and fails), in little memory,
/// and nothing is written.
@Suite struct EndlessInputTests {
    /// Where the endless bytes come from.
    enum Source: String, CaseIterable, CustomTestStringConvertible, Sendable {
        /// A FIFO named like a video is one a clip reader would hand to ffprobe, which waits for a writer.
        case zero, urandom, fifoWithoutWriter, fifoNamedLikeAVideo, stdinFromYes
        var testDescription: String { rawValue }
    }

    /// A command that reads a PNG, given the path it reads and its output folder.
    struct Reader: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: @Sendable (_ input: String, _ out: String, _ valid: String) -> [String]
        /// `compare` exits 2 on any error, like diff(1); every other command exits 1.
        var status: Int32 = 1
        var testDescription: String { name }
    }

    static let readers: [Reader] = [
        Reader(name: "render shatter --from") { input, out, _ in
            ["render", "shatter", "--backend", "cpu", "--size", "20x20", "--from", input, "--out", out]
        },
        Reader(name: "render shatter --to") { input, out, _ in
            ["render", "shatter", "--backend", "cpu", "--size", "20x20", "--to", input, "--out", out]
        },
        Reader(name: "render dust --from") { input, out, _ in
            ["render", "dust", "--backend", "cpu", "--size", "20x20", "--from", input, "--out", out]
        },
        Reader(name: "render sprite --sheet") { input, out, _ in
            ["render", "sprite", "--backend", "cpu", "--sheet", input, "--out", out]
        },
        Reader(name: "compare --images", arguments: { ["compare", "--images", $0, $2, "--out", $1] }, status: 2),
    ]

    @Test(arguments: readers, Source.allCases)
    func refusedAtOnce(_ reader: Reader, _ source: Source) throws {
        let s = try TemporaryFolder()
        let out = s.file("out")
        let valid = try s.write(try PNGEncoder.encode(Image(width: 4, height: 4, fill: .opaqueWhite)), to: "valid.png")
        let input: String
        switch source {
        case .zero: input = "/dev/zero"
        case .urandom: input = "/dev/urandom"
        case .stdinFromYes: input = "/dev/stdin"
        case .fifoWithoutWriter, .fifoNamedLikeAVideo:
            input = s.file(source == .fifoWithoutWriter ? "pipe.png" : "pipe.mp4")
            #expect(mkfifo(input, 0o600) == 0)
        }
        let run = try MeasuredRun.shatter(reader.arguments(input, out, valid), stdinFrom: source == .stdinFromYes ? "yes" : nil)
        #expect(!run.timedOut, "still running after a minute: \(run.stderr)")
        #expect(run.status == reader.status, "exit \(run.status): \(run.stderr)")
        #expect(run.errorLines.count == 1 && run.stderr.contains(input), "\(run.stderr)")
        let expected = source == .fifoWithoutWriter || source == .fifoNamedLikeAVideo ? "empty" : "not a PNG file"
        #expect(run.stderr.contains(expected), "\(run.stderr)")
        #expect(run.peakResidentBytes < 100 << 20, "peak resident memory \(run.peakResidentBytes >> 20) MiB")
        #expect(s.allContents(of: out).isEmpty, "written: \(s.allContents(of: out))")
    }

    /// libpng's huge_*_chunk.png crashers in 57 bytes: a text, compressed-text or ICC chunk that declares
    /// up to 2 GB. libpng allocated (and zeroed) that much before finding the file ends.
    @Test(arguments: [("tEXt", 0x3FFF_FFFF), ("tEXt", 0x7FFF_FFFF), ("zTXt", 0x3FFF_FFFF), ("iCCP", 0x3FFF_FFFF)])
    func lyingChunkCostsNothing(_ type: String, _ length: UInt32) throws {
        let s = try TemporaryFolder()
        let header = Array(try PNGEncoder.encode(Image(width: 1, height: 1, fill: .opaqueWhite)).prefix(33))
        let declared = (0..<4).map { UInt8(truncatingIfNeeded: length >> (24 - 8 * $0)) }
        let png = try s.write(header + declared + Array(type.utf8) + Array("Comment\0hello wo".utf8), to: "crafted.png")
        let run = try MeasuredRun.shatter(["render", "shatter", "--backend", "cpu", "--from", png, "--out", s.file("out")])
        #expect(!run.timedOut)
        #expect(run.status == 1, "exit \(run.status): \(run.stderr)")
        #expect(run.errorLines.count == 1 && run.stderr.contains("declares \(length) bytes"), "\(run.stderr)")
        #expect(run.peakResidentBytes < 100 << 20, "peak resident memory \(run.peakResidentBytes >> 20) MiB")
        #expect(s.allContents(of: s.file("out")).isEmpty)
    }
}
