import ArgumentParser
import Foundation
import Shatter

/// `shatter bench`: point size against speed, per backend and stage; or another effect's frame, per backend.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the shattered transition's cost per point size and backend, or another effect's per backend.",
        discussion: """
            For each backend × point size: the number of points; per stage (render, readback on GL, and \
            with --encode png the PNG encoding, hashing and writing `shatter render` does per frame) \
            the min, median and max over the instants, each instant's figure the median of its \
            --repeat runs, and σ of those runs; frames per second end to end (a real render of the \
            same instants); megapixels and points per second; peak resident memory. Instants are \
            spread over the whole transition, after one warm-up frame that is not counted. Point \
            sizes beyond the GL's range are reported as refused (null in the JSON). --from and --to measure \
            your own pictures (still PNGs, checked as render checks them); the screen then takes the \
            --from picture's size unless --size is given. --effect breathe, dust, splash or sprite \
            measures that effect as `shatter render E --size WxH` draws it (the sprite's square snap \
            scaled to fit the screen), one row per backend with the same figures and no point size.
            """
    )

    @Option(help: "The effect to measure: shatter, breathe, dust, splash or sprite (only shatter has point sizes).")
    var effect: String = "shatter"

    // Optional, so that giving it with another effect can be refused rather than ignored.
    @Option(
        name: .customLong("point-sizes"),
        help: ArgumentHelp(
            "Comma-separated point sizes in points (bench draws at scale 1: a point is a pixel) or "
                + PointSizeChoice.autoHelp + "; --effect shatter only (default: 1,2,4,8,16,32).", valueName: "LIST"))
    var pointSizes: String?

    @Option(
        help: ArgumentHelp(
            "Screen size in points (scale 1; default: the --from (else --to) PNG's size, else 1920x1080).", valueName: "WxH"))
    var size: Dimensions?

    @Option(help: ArgumentHelp("The screen that shatters: your PNG (default: the original demo's screen).", valueName: "PNG"))
    var from: String?

    @Option(help: ArgumentHelp("The screen revealed: your PNG (default: the demo's destination).", valueName: "PNG"))
    var to: String?

    @Option(
        name: .customLong("frame-count"), parsing: .unconditional,
        help: ArgumentHelp(
            "How many frames per configuration, spread over the transition: a count, where render's --frames is a "
                + "range of indices (default: 30).", valueName: "N"))
    var frameCount: Int?

    /// `--frames N`, the name this option had: still taken for scripts written for it, and a range such as
    /// render's `--frames 0-9` is refused with the option to use.
    @Option(name: .customLong("frames"), parsing: .unconditional, help: .hidden)
    var framesAsOnce: String?

    /// The frames per configuration asked for.
    var frames: Int { frameCount ?? framesAsOnce.flatMap { Int($0) } ?? 30 }

    @Option(help: ArgumentHelp("Comma-separated backends: gl, gpu (hardware GL only), cpu.", valueName: "LIST"))
    var backends: String = "gl,cpu"

    @Option(help: "png (encode, hash and write each frame, as render does) or none.")
    var encode: String = "png"

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Times each instant is timed; it counts as their median.", valueName: "R"))
    var `repeat`: Int = 3

    @Option(help: ArgumentHelp("Also write the results as JSON.", valueName: "FILE"))
    var json: String?

    @Option(help: ArgumentHelp("Also write the results as CSV.", valueName: "FILE"))
    var csv: String?

    @Option(
        help: ArgumentHelp(
            "Also draw a chart of ms per frame against point size (another effect: per backend).", valueName: "FILE.png"))
    var chart: String?

    @OptionGroup var device: DeviceOption

    func validate() throws {
        guard BenchEffects.names.contains(effect) else {
            throw ValidationError("--effect must be one of \(BenchEffects.names.joined(separator: ", ")), not \(effect)")
        }
        if effect != ShatteredTransition.name {
            if pointSizes != nil {
                throw ValidationError("--point-sizes applies to --effect shatter only; the \(effect) has none, leave it out")
            }
            if from != nil || to != nil {
                throw ValidationError("--from and --to apply to --effect shatter only; the \(effect) draws the demo's pictures")
            }
        }
        _ = try parsedPointSizes()
        _ = try parsedBackends()
        guard ["png", "none"].contains(encode) else { throw ValidationError("--encode must be png or none, not \(encode)") }
        if let framesAsOnce {
            guard frameCount == nil else { throw ValidationError("give --frame-count once (--frames is its old name)") }
            guard Int(framesAsOnce) != nil else {
                throw ValidationError(
                    "bench takes a count of frames, --frame-count N, not render's range --frames \(framesAsOnce)")
            }
        }
        guard (1...10_000).contains(frames) else { throw ValidationError("--frame-count must be 1…10000, not \(frames)") }
        guard (1...100).contains(`repeat`) else { throw ValidationError("--repeat must be 1…100, not \(`repeat`)") }
        if let size { try SizeLimits.check(width: size.width, height: size.height, what: "--size") }
    }

    /// `path` as one still picture, read and checked as `render` reads its inputs; a moving clip is refused.
    func picture(_ path: String?, option: String) throws -> Image? {
        guard let path else { return nil }
        let clip = try Clip(path: path, frameRate: 60)
        guard clip.frameCount == 1, !clip.isVideo else {
            throw ValidationError("\(option) \(path): bench takes one still PNG, not a clip of \(clip.frameCount) frames")
        }
        return try clip.frame(index: 0)
    }

    /// The point sizes in pixels (the screen's scale is 1) for a screen `width` wide, auto among them.
    func parsedPointSizes(width: Int = 1920) throws -> [Double] {
        let pointSizes = self.pointSizes ?? "1,2,4,8,16,32"
        let values = pointSizes.split(separator: ",", omittingEmptySubsequences: false).map { word in
            let word = word.trimmingCharacters(in: .whitespaces)
            return try? PointSizeChoice.parse(word).resolved(pixelWidth: width, scale: 1)
        }
        guard !values.isEmpty, values.allSatisfy({ $0 != nil }) else {
            throw ValidationError(
                "--point-sizes must be numbers from 1 to \(Int(ShatteredTransition.pointPixels.upperBound)) or auto, separated by "
                    + "commas, e.g. 1,2,4,16,auto; not '\(pointSizes)'")
        }
        for value in values { try OptionLimits.check(pointSize: value!, option: "--point-sizes' \(value!)") }
        return values.map { $0! }
    }

    func parsedBackends() throws -> [Backend] {
        try backends.split(separator: ",", omittingEmptySubsequences: false).map { name in
            guard let backend = Backend(rawValue: String(name)), backend != .auto else {
                throw ValidationError("--backends takes gl, gpu and cpu separated by commas, not '\(backends)'")
            }
            return backend
        }
    }

    func run() throws {
        // Checked before measuring: a bad path costs nothing, not the whole run.
        try OutputFile.check(
            [("--json", json), ("--csv", csv), ("--chart", chart)].compactMap { option, path in
                path.map { (option: option, path: $0) }
            }, inputs: [from, to].compactMap { $0 })
        let (fromPicture, toPicture) = (try picture(from, option: "--from"), try picture(to, option: "--to"))
        let screen =
            size ?? (fromPicture ?? toPicture).map { Dimensions(width: $0.width, height: $0.height) }
            ?? Dimensions(width: 1920, height: 1080)
        if size == nil, from != nil || to != nil {
            try SizeLimits.check(width: screen.width, height: screen.height, what: from != nil ? "--from" : "--to")
        }
        guard effect == ShatteredTransition.name else {
            return try finish(try bench(BenchEffects.make(effect, size: screen), configuration: try commonConfiguration()))
        }
        var configuration = PointSizeBenchmark.Configuration(
            backends: try parsedBackends(), pointSizes: try parsedPointSizes(width: screen.width), width: screen.width,
            height: screen.height,
            frames: frames, repeats: `repeat`, encodePNG: encode == "png")
        configuration.from = fromPicture
        configuration.to = toPicture
        // The GL device is asked for only when GL is measured: a stray SHATTER_EGL_DEVICE never stops a CPU run.
        if configuration.backends != [.cpu] { configuration.glOptions = .init(deviceIndex: try device.resolvedIndex()) }
        try finish(try PointSizeBenchmark(configuration: configuration).run { Terminal.progress("shatter bench: \($0)") })
    }

    /// Backends, instants, repeats and PNG, as every effect's bench takes them.
    private func commonConfiguration() throws -> PointSizeBenchmark.Configuration {
        var configuration = PointSizeBenchmark.Configuration(
            backends: try parsedBackends(), frames: frames, repeats: `repeat`, encodePNG: encode == "png")
        if configuration.backends != [.cpu] { configuration.glOptions = .init(deviceIndex: try device.resolvedIndex()) }
        return configuration
    }

    private func bench<E: Effect>(_ effect: E, configuration: PointSizeBenchmark.Configuration) throws -> BenchmarkReport {
        try EffectBenchmark(effect: effect, configuration: configuration).run { Terminal.progress("shatter bench: \($0)") }
    }

    /// The table and machine on the terminal, and the files asked for.
    private func finish(_ report: BenchmarkReport) throws {
        Terminal.endStatus()
        print(report.table(), terminator: "")
        if let gl = report.machine.gl { print("GL: \(gl.vendor), \(gl.renderer), \(gl.version) on the \(gl.platform) platform") }
        print("CPU: \(report.machine.cpu), \(report.machine.cores) cores")
        if let json { try OutputFile.write(Array(try report.jsonData()), to: json) }
        if let csv { try OutputFile.write(Array(report.csv().utf8), to: csv) }
        if let chart {
            try OutputFile.write(try PNGEncoder.encode(report.chart(), options: PNGWriteOptions(compressionLevel: 9)), to: chart)
        }
    }
}
