import ArgumentParser
import Foundation
import Shatter

/// `shatter bench`: point size against speed, per backend and stage.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the shattered transition's cost per point size and backend.",
        discussion: """
            For each backend × point size: the number of points; per stage (render, readback on GL, and \
            with --encode png the PNG encoding, hashing and writing `shatter render` does per frame) \
            the min, median and max over the instants, each instant's figure the median of its \
            --repeat runs, and σ of those runs; frames per second end to end (a real render of the \
            same instants); megapixels and points per second; peak resident memory. Instants are \
            spread over the whole transition, after one warm-up frame that is not counted. Point \
            sizes beyond the GL's range are reported as refused (null in the JSON).
            """
    )

    @Option(help: "The effect to measure (only shatter has point sizes).")
    var effect: String = "shatter"

    @Option(name: .customLong("point-sizes"), help: ArgumentHelp("Comma-separated point sizes.", valueName: "LIST"))
    var pointSizes: String = "1,2,4,8,16,32"

    @Option(help: ArgumentHelp("Screen size in points (scale 1).", valueName: "WxH"))
    var size: Dimensions = Dimensions(width: 1920, height: 1080)

    @Option(parsing: .unconditional, help: ArgumentHelp("Frames per configuration, spread over the transition.", valueName: "N"))
    var frames: Int = 30

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

    @Option(help: ArgumentHelp("Also draw a chart of ms per frame against point size.", valueName: "FILE.png"))
    var chart: String?

    @OptionGroup var device: DeviceOption

    func validate() throws {
        guard effect == "shatter" else {
            throw ValidationError("--effect \(effect) has no point sizes to measure; use --effect shatter")
        }
        _ = try parsedPointSizes()
        _ = try parsedBackends()
        guard ["png", "none"].contains(encode) else { throw ValidationError("--encode must be png or none, not \(encode)") }
        guard (1...10_000).contains(frames) else { throw ValidationError("--frames must be 1…10000, not \(frames)") }
        guard (1...100).contains(`repeat`) else { throw ValidationError("--repeat must be 1…100, not \(`repeat`)") }
        try SizeLimits.check(width: size.width, height: size.height, what: "--size")
    }

    func parsedPointSizes() throws -> [Double] {
        let values = pointSizes.split(separator: ",", omittingEmptySubsequences: false).map {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        guard !values.isEmpty, values.allSatisfy({ $0 != nil && $0! >= 1 && $0! <= OptionLimits.maxPointPixels }) else {
            throw ValidationError(
                "--point-sizes must be numbers from 1 to \(Int(OptionLimits.maxPointPixels)) separated by "
                    + "commas, e.g. 1,2,4,16; not '\(pointSizes)'")
        }
        for value in values { try OptionLimits.check(pointPixels: value!, what: "--point-sizes") }
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
        var configuration = PointSizeBenchmark.Configuration(
            backends: try parsedBackends(), pointSizes: try parsedPointSizes(), width: size.width, height: size.height,
            frames: frames, repeats: `repeat`, encodePNG: encode == "png")
        configuration.glOptions = .init(deviceIndex: try device.resolvedIndex())
        let report = try PointSizeBenchmark(configuration: configuration).run { Terminal.status("shatter bench: \($0)") }
        Terminal.endStatus()
        print(report.table(), terminator: "")
        if let gl = report.machine.gl { print("GL: \(gl.vendor), \(gl.renderer), \(gl.version) on the \(gl.platform) platform") }
        print("CPU: \(report.machine.cpu), \(report.machine.cores) cores")
        if let json { try write(try report.jsonData(), to: json) }
        if let csv { try write(Data(report.csv().utf8), to: csv) }
        if let chart { try PNGEncoder.write(report.chart(), to: chart, options: PNGWriteOptions(compressionLevel: 9)) }
    }

    private func write(_ data: Data, to path: String) throws {
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ValidationError("cannot write \(path): \(error.localizedDescription)")
        }
    }
}
