import Foundation
import ShatterTestSupport
import Testing

/// The bad-input corpus, generated here, through every command that reads a PNG: each broken file
/// gives one line naming the problem, a non-zero exit and no output; each valid but unusual file
/// (16-bit, interlaced, gray + alpha, palette, APNG) renders and decodes to the right pixels.
@Suite struct BadPNGCorpusTests {
    static let width = 12, height = 8

    /// The commands that read a user's PNG, with `FILE` where the PNG goes, and the exit code an
    /// error gives (compare keeps 1 for "frames differ", so its errors are 2).
    static let readers: [(name: String, arguments: [String], status: Int32)] = [
        ("render shatter --from", ["render", "shatter", "--from", "FILE", "--frames", "0-1", "--backend", "cpu"], 1),
        (
            "render shatter --to",
            ["render", "shatter", "--size", "12x8", "--to", "FILE", "--frames", "0-1", "--backend", "cpu"], 1
        ),
        ("render dust --from", ["render", "dust", "--from", "FILE", "--frames", "0-1", "--backend", "cpu"], 1),
        ("render sprite --sheet", ["render", "sprite", "--sheet", "FILE", "--fps", "2", "--backend", "cpu"], 1),
        ("compare --images FILE ref", ["compare", "--images", "FILE", "REF"], 2),
        ("compare --images ref FILE", ["compare", "--images", "REF", "FILE"], 2),
    ]

    static func rgba8() -> [UInt8] {
        PNGCorpus.png(width: width, height: height, colorType: 6) { x, y in
            let p = PNGCorpus.pixel(x, y)
            return [p.r, p.g, p.b, p.a]
        }
    }

    struct Bad: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]?  // nil: a special path (see `path(in:)`)
        let expected: String
        var testDescription: String { name }
    }

    static let bad: [Bad] = {
        let png = rgba8()
        let idat = PNGCorpus.offset(of: "IDAT", in: png)!
        var idatCRC = png
        var ihdrCRC = png
        let idatLength = Int(png[idat + 2]) << 8 | Int(png[idat + 3])
        idatCRC[idat + 8 + idatLength] ^= 0xFF
        ihdrCRC[29] ^= 0x55
        let palette = PNGCorpus.png(width: width, height: height, colorType: 3) { x, _ in [UInt8(x % 2)] }
        var cases = [4, 8, 20, 33, 40, png.count / 2, idat + 8 + idatLength - 1].map {
            Bad(name: "truncated at \($0) of \(png.count) bytes", bytes: Array(png.prefix($0)), expected: "truncated")
        }
        cases += [
            Bad(name: "broken IDAT CRC", bytes: idatCRC, expected: "CRC"),
            Bad(name: "broken IHDR CRC", bytes: ihdrCRC, expected: "corrupt"),
            Bad(name: "zero width", bytes: PNGCorpus.withSize(png, width: 0, height: 8), expected: "empty image"),
            Bad(name: "zero height", bytes: PNGCorpus.withSize(png, width: 12, height: 0), expected: "empty image"),
            Bad(
                name: "100000x100000 header", bytes: PNGCorpus.withSize(png, width: 100_000, height: 100_000),
                expected: "over the limit"),
            Bad(
                name: "sides whose product overflows", bytes: PNGCorpus.withSize(png, width: 0xB5B5_B5B5, height: 0xB5B5_B5B5),
                expected: "over the limit"),
            Bad(name: "palette without PLTE", bytes: palette, expected: "corrupt"),
            Bad(
                name: "JPEG renamed .png", bytes: [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1],
                expected: "JPEG"),
            Bad(name: "text renamed .png", bytes: Array("<html></html>".utf8), expected: "not a PNG file"),
            Bad(name: "empty file", bytes: [], expected: "empty"),
            Bad(name: "directory", bytes: nil, expected: "is a directory"),
            Bad(name: "missing file", bytes: nil, expected: "no such file"),
        ]
        return cases
    }()

    func path(of c: Bad, in s: TemporaryFolder) throws -> String {
        if let bytes = c.bytes { return try s.write(bytes, to: "input.png") }
        if c.name == "directory" {
            try FileManager.default.createDirectory(atPath: s.file("folder.png"), withIntermediateDirectories: false)
            return s.file("folder.png")
        }
        return s.file("missing.png")
    }

    @Test(arguments: bad)
    func refusedByEveryReader(_ c: Bad) throws {
        for reader in Self.readers {
            let s = try TemporaryFolder()
            let input = try path(of: c, in: s)
            let reference = try s.write(Self.rgba8(), to: "reference.png")
            let run = try CLIRun.shatter(arguments(reader.arguments, file: input, reference: reference, out: s.file("out")))
            let label = "\(reader.name) \(c.name)"
            #expect(run.status == reader.status, "\(label): exit \(run.status), \(run.stderr)")
            #expect(run.errorLines.count == 1, "\(label): \(run.stderr)")
            #expect(run.stderr.hasPrefix("shatter: error: \(input)"), "\(label): should name the file: \(run.stderr)")
            #expect(run.stderr.contains(c.expected), "\(label): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: s.file("out")), "\(label) wrote output")
        }
    }

    @Test("a file the user may not read", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func permissionDenied() throws {
        let s = try TemporaryFolder()
        let input = try s.write(Self.rgba8(), to: "secret.png")
        chmod(input, 0o000)
        chmod(s.path, 0o777)  // so that nobody may look in (and would be able to write there)
        // Root reads anything, so the tool runs as nobody: the only way to see EACCES here.
        let run = try CLIRun.command(
            "/usr/bin/setpriv",
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", CLIRun.binary,
                "render", "dust", "--from", input, "--out", s.file("out"),
            ])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.errorLines.count == 1 && run.stderr.contains("cannot be read (Permission denied)"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: s.file("out")))
    }

    struct Valid: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        /// Straight RGBA8 the file must decode to.
        let expected: [UInt8]
        var testDescription: String { name }
    }

    static let valid: [Valid] = {
        let w = width
        let h = height
        func rgb16(_ x: Int, _ y: Int) -> [UInt8] {
            let p = PNGCorpus.pixel(x, y)
            return [p.r, p.r, p.g, p.g, p.b, p.b, 0xFF, 0xFF]  // v · 257, big-endian
        }
        func rgb8(_ x: Int, _ y: Int) -> [UInt8] {
            let p = PNGCorpus.pixel(x, y)
            return [p.r, p.g, p.b]
        }
        let alpha: (Int, Int) -> UInt8 = { x, y in UInt8((x * 23 + y * 31) % 256) }
        let acTL = PNGCorpus.chunk("acTL", PNGCorpus.be32(1) + PNGCorpus.be32(0))
        let fcTL = PNGCorpus.chunk(
            "fcTL",
            PNGCorpus.be32(0) + PNGCorpus.be32(UInt32(w)) + PNGCorpus.be32(UInt32(h))
                + PNGCorpus.be32(0) + PNGCorpus.be32(0) + [0, 1, 0, 10, 0, 0])
        let rgba = PNGCorpus.reference(width: w, height: h)
        return [
            Valid(
                name: "16-bit RGBA", bytes: PNGCorpus.png(width: w, height: h, bitDepth: 16, colorType: 6, sample: rgb16),
                expected: rgba),
            Valid(
                name: "16-bit RGBA, interlaced",
                bytes: PNGCorpus.png(
                    width: w, height: h, bitDepth: 16, colorType: 6,
                    interlaced: true, sample: rgb16), expected: rgba),
            Valid(
                name: "8-bit RGB, interlaced",
                bytes: PNGCorpus.png(width: w, height: h, colorType: 2, interlaced: true, sample: rgb8),
                expected: rgba),
            Valid(
                name: "gray + alpha",
                bytes: PNGCorpus.png(width: w, height: h, colorType: 4) { x, y in [PNGCorpus.pixel(x, y).r, alpha(x, y)] },
                expected: PNGCorpus.reference(width: w, height: h, gray: true, alpha: alpha)),
            Valid(
                name: "APNG (its default image)",
                bytes: PNGCorpus.png(width: w, height: h, colorType: 2, extra: acTL + fcTL, sample: rgb8),
                expected: rgba),
        ]
    }()

    @Test(arguments: valid)
    func validFilesRender(_ c: Valid) throws {
        let s = try TemporaryFolder()
        let input = try s.write(c.bytes, to: "input.png")
        let reference = try s.write(
            PNGCorpus.png(width: Self.width, height: Self.height, colorType: 6) { x, y in
                let i = (y * Self.width + x) * 4
                return Array(c.expected[i..<i + 4])
            }, to: "reference.png")
        // Decoded pixels: identical to the plain 8-bit RGBA file of the same picture.
        let compare = try CLIRun.shatter([
            "compare", "--images", input, reference, "--channel-delta", "0",
            "--max-different-pixels", "0", "--out", s.file("compare"),
        ])
        #expect(compare.status == 0, "\(compare.stdout) \(compare.stderr)")
        for reader in Self.readers where reader.arguments[0] == "render" {
            let out = s.file("out-" + reader.name.filter(\.isLetter))  // one folder per reader: renders never share one
            let run = try CLIRun.shatter(arguments(reader.arguments, file: input, reference: reference, out: out))
            #expect(run.status == 0, "\(reader.name): \(run.stderr)")
            #expect(s.contents(of: out).contains("frame-00000.png"), "\(reader.name)")
        }
    }

    private func arguments(_ template: [String], file: String, reference: String, out: String) -> [String] {
        template.map { $0 == "FILE" ? file : $0 == "REF" ? reference : $0 } + ["--out", out]
    }
}
