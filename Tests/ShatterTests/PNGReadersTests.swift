import Foundation
import Shatter
import ShatterTestSupport
import Testing

/// The PNGs Shatter writes decode to the frame's pixels through four independent readers: libpng
/// (PNGDecoder), Pillow, pypng and ffmpeg. The corpus is the kind of frame Shatter writes: a noisy
/// snapshot, a UI-like screen, mid-fall shattered frames over each, and translucent dust frames, at
/// every compression level's kind of encoder (stored, Shatter's fast one, libdeflate) and, for the
/// fast one, every filter.
@Suite struct PNGReadersTests {
    /// Python with Pillow and pypng: the virtual environment Tools/setup.sh makes, else a python3 on
    /// PATH that has both.
    static let python = PythonReaders.python(importing: ["PIL", "png"])

    static let ffmpeg: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/ffmpeg" }
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Reads each PNG named with Pillow and with pypng and compares the RGBA8 bytes with the `.rgba`
    /// file beside it; one line per file and reader that agrees.
    static let checker = #"""
        import sys
        import png
        from PIL import Image
        for path in sys.argv[1:]:
            expected = open(path[:-4] + ".rgba", "rb").read()
            with Image.open(path) as image:
                pillow = image.convert("RGBA").tobytes()
            print(path, "pillow", "ok" if pillow == expected else "DIFFERS")
            width, height, rows, info = png.Reader(filename=path).asRGBA8()
            print(path, "pypng", "ok" if b"".join(bytes(r) for r in rows) == expected else "DIFFERS")
        """#

    /// A 60-pixel grey checker with independent noise of ±32 per pixel and channel (Tools/bench/peer's
    /// snapshot): PNG cannot compress it away.
    static func noisySnapshot(width: Int, height: Int) -> Image {
        var generator = SplitMix64(seed: 7)
        var image = Image(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let grey = (x / 60 + y / 60) % 2 == 0 ? 200 : 70
                func noisy() -> UInt8 { UInt8(clamping: grey + Int(generator.byte() & 63) - 32) }
                image[x, y] = RGBA8(r: noisy(), g: noisy(), b: noisy(), a: 255)
            }
        }
        return image
    }

    /// The frames, named.
    static func corpus() throws -> [(String, Image)] {
        let (width, height) = (480, 270)
        let cpu = SoftwareRenderer()
        let ui = DefaultScenes.presentedScreen(widthPoints: width, heightPoints: height, scale: 1)
        let green = DefaultScenes.destination(widthPoints: width, heightPoints: height, scale: 1)
        let noisy = noisySnapshot(width: width, height: height)
        let noisyFall = try ShatteredTransition(
            from: Texture(image: noisy), to: Texture(image: green), parameters: .init(width: width, height: height, pointSize: 1))
        let uiFall = try ShatterFixture.effect(width: width, height: height, pointSize: 4)
        let dust = try DustFixture.effect(width: width, height: height, layers: 8)
        return [
            ("noisy-snapshot", noisy), ("ui-screen", ui),
            ("noisy-mid-fall", try cpu.render(noisyFall.displayList(at: 0.6))),
            ("ui-mid-fall", try cpu.render(uiFall.displayList(at: 0.6))),
            ("dust-translucent", try cpu.render(dust.displayList(at: dust.duration * 0.4))),
        ]
    }

    /// What a reader gives for `image` written with no background: straight RGBA,
    /// c = min(255, round(c′ · 255 / a)), and 0, 0, 0, 0 where a = 0 (PNGEncoder's documented rule).
    static func straight(_ image: Image) -> [UInt8] {
        var bytes = image.pixels
        for i in stride(from: 0, to: bytes.count, by: 4) {
            let a = Int(bytes[i + 3])
            for k in 0..<3 { bytes[i + k] = a == 0 ? 0 : UInt8(min(255, (Int(bytes[i + k]) * 255 + a / 2) / a)) }
        }
        return bytes
    }

    @Test(
        "frames decode to their pixels through libpng, Pillow, pypng and ffmpeg at every level and filter",
        .enabled(if: python != nil, "needs python3 with Pillow and pypng (Tools/setup.sh makes .build/png-readers-venv)"),
        .enabled(if: ffmpeg != nil, "needs ffmpeg on PATH (Tools/setup.sh installs it)"))
    func everyReaderGetsThePixels() throws {
        let folder = try TemporaryFolder()
        var files: [(path: String, rgba: [UInt8])] = []
        let corpus = try Self.corpus()
        let translucent = corpus.last!.1.pixels.enumerated().filter { $0.offset % 4 == 3 && $0.element != 0 && $0.element != 255 }
        #expect(translucent.count > 1000, "the dust frame should hold translucent pixels")
        for (name, image) in corpus {
            var variants: [(String, PNGWriteOptions)] = [0, 1, 6].map { ("level\($0)", PNGWriteOptions(compressionLevel: $0)) }
            if name.hasSuffix("mid-fall") {
                let filters: [PNGFilter] = [.none, .sub, .up, .paeth]
                variants += filters.map { ("level1-\($0)", PNGWriteOptions(filter: $0)) }
            }
            for (label, options) in variants {
                let bytes = try PNGEncoder.encode(image, options: options)
                #expect(try PNGDecoder.decode(data: bytes, name: name) == image, "libpng: \(name) \(label)")
                let path = try folder.write(bytes, to: "\(name)-\(label).png")
                let rgba = Self.straight(image)
                try Data(rgba).write(to: URL(fileURLWithPath: String(path.dropLast(4)) + ".rgba"))
                files.append((path, rgba))
            }
        }
        // RGB over a background, from an opaque frame (whose composite is the frame itself).
        let ui = corpus[1].1
        let rgb = try PNGEncoder.encode(ui, options: PNGWriteOptions(background: .opaqueWhite))
        let rgbPath = try folder.write(rgb, to: "ui-screen-rgb.png")
        try Data(ui.pixels).write(to: URL(fileURLWithPath: String(rgbPath.dropLast(4)) + ".rgba"))
        files.append((rgbPath, ui.pixels))

        for file in files {
            let decoded = Self.run(
                Self.ffmpeg!, ["-v", "error", "-nostdin", "-i", file.path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
            #expect(decoded.status == 0 && decoded.output == file.rgba, "ffmpeg: \(file.path) (\(decoded.output.count) bytes)")
        }
        let script = folder.file("check.py")
        try Self.checker.write(toFile: script, atomically: true, encoding: .utf8)
        let python = Self.run(Self.python!, [script] + files.map(\.path))
        let lines = String(decoding: python.output, as: UTF8.self).split(separator: "\n")
        #expect(python.status == 0, "\(String(decoding: python.output, as: UTF8.self))")
        #expect(lines.filter { $0.hasSuffix(" ok") }.count == files.count * 2, "\(lines.filter { !$0.hasSuffix(" ok") })")
    }

    /// Runs `tool` with `arguments`; its exit status and standard output (standard error joins it).
    static func run(_ tool: String, _ arguments: [String]) -> (status: Int32, output: [UInt8]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        guard (try? process.run()) != nil else { return (-1, []) }
        let bytes = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        return (process.terminationStatus, bytes)
    }
}
