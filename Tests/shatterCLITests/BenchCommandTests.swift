import Foundation
import Shatter
import ShatterTestSupport
import Testing

@Suite struct BenchCommandTests {
    @Test func writesTheTableJSONCSVAndChart() throws {
        let s = try TemporaryFolder()
        let run = try CLIRun.shatter([
            "bench", "--size", "80x60", "--frame-count", "2", "--repeat", "2", "--point-sizes", "2,8",
            "--backends", "cpu", "--json", s.file("b.json"), "--csv", s.file("b.csv"), "--chart", s.file("b.png"),
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("backend  point   points"))
        // Into a log (not a terminal) each configuration is a line as it starts: a long run is never silent.
        let started = run.stderr.split(separator: "\n").filter { $0.hasPrefix("shatter bench: cpu, point size ") }
        #expect(started.count == 2, "\(run.stderr)")
        // The stable JSON shape users' scripts read.
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: s.file("b.json")))) as? [String: Any]
        let results = try #require(json?["results"] as? [[String: Any]])
        let machine = try #require(json?["machine"] as? [String: Any])
        #expect(machine["cpu"] is String && machine["cores"] is Int && machine["gl"] is NSNull)
        let settings = try #require(json?["settings"] as? [String: Any])
        #expect(
            settings["width"] as? Int == 80 && settings["height"] as? Int == 60 && settings["frames"] as? Int == 2
                && settings["repeats"] as? Int == 2 && settings["encode"] as? String == "png")
        #expect(json?["version"] as? String == ShatterVersion.current)
        #expect(results.map { $0["pointSize"] as? Double } == [2, 8])
        for result in results {
            #expect(result["backend"] as? String == "cpu" && result["effect"] as? String == "shatter")
            let render = try #require(result["renderMs"] as? [String: Double])
            #expect(Set(render.keys) == ["min", "median", "max", "sigma"])
            #expect(result["encodeMs"] is [String: Double] && result["fps"] is Double && result["peakRSSBytes"] is Int)
            #expect(result["readbackMs"] is NSNull && result["refused"] is NSNull)
        }
        let csv = try String(contentsOfFile: s.file("b.csv"), encoding: .utf8).split(separator: "\n")
        #expect(csv.count == 3)
        // The columns scripts read by position stay where they were; `effect` comes last.
        #expect(
            csv.first?.hasPrefix("backend,pointSize,points,renderMinMs,") == true
                && csv.allSatisfy { $0.hasSuffix(",shatter") || $0.hasSuffix(",effect") })
        #expect(try PNGDecoder.read(path: s.file("b.png")).width == 960)
    }

    @Test func badOptionsAreOneLine() throws {
        for (arguments, expected) in [
            (["--point-sizes", "1,x"], "--point-sizes"), (["--backends", "metal"], "--backends"),
            (["--effect", "thanos"], "--effect must be one of shatter, breathe, dust, splash, sprite, not thanos"),
            (["--encode", "jpeg"], "--encode"),
            (["--frame-count", "0"], "--frame-count must be 1…10000, not 0"),
            (["--frames", "0"], "--frame-count must be 1…10000, not 0"),
            // render's --frames is a range; bench's count says so rather than failing to read a number.
            (["--frames", "0-9"], "bench takes a count of frames, --frame-count N, not render's range --frames 0-9"),
            (["--frames", "2", "--frame-count", "2"], "give --frame-count once"),
        ] {
            let run = try CLIRun.shatter(["bench"] + arguments)
            #expect(run.status == 64 && run.errorLines.count == 1 && run.stderr.contains(expected), "\(arguments): \(run.stderr)")
        }
    }

    /// Another effect is measured per backend with the same figures, `pointSize` and `points` null, and
    /// its chart drawn; the effect is named in every JSON row and CSV line.
    @Test func aDustBenchWritesItsJSONCSVAndChart() throws {
        let s = try TemporaryFolder()
        let run = try CLIRun.shatter([
            "bench", "--effect", "dust", "--size", "80x60", "--frames", "2", "--repeat", "2", "--backends", "cpu",
            "--json", s.file("d.json"), "--csv", s.file("d.csv"), "--chart", s.file("d.png"),
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("shatter bench: cpu, dust"), "\(run.stderr)")
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: s.file("d.json")))) as? [String: Any]
        let settings = try #require(json?["settings"] as? [String: Any])
        #expect(settings["width"] as? Int == 80 && settings["height"] as? Int == 60)
        let results = try #require(json?["results"] as? [[String: Any]])
        #expect(results.count == 1)
        let row = try #require(results.first)
        #expect(row["effect"] as? String == "dust" && row["backend"] as? String == "cpu")
        #expect(row["pointSize"] is NSNull && row["points"] is NSNull && row["refused"] is NSNull)
        for key in ["renderMs", "encodeMs", "frameMs"] {
            let stats = try #require(row[key] as? [String: Double], "\(key)")
            #expect(stats["median"] ?? 0 > 0 && stats["min"] ?? 0 > 0, "\(key): \(stats)")
        }
        #expect(row["fps"] as? Double ?? 0 > 0 && row["megapixelsPerSecond"] as? Double ?? 0 > 0)
        let csv = try String(contentsOfFile: s.file("d.csv"), encoding: .utf8).split(separator: "\n")
        #expect(csv.count == 2 && csv[1].hasPrefix("cpu,,,") && csv[1].hasSuffix(",dust"), "\(csv)")
        let chart = try PNGDecoder.read(path: s.file("d.png"))
        #expect(chart.width == 960 && chart.height == 600)
        // The bar in the CPU's color, and the budget lines in theirs.
        let colors = Set((0..<chart.height).flatMap { y in (0..<chart.width).map { chart[$0, y] } })
        #expect(colors.contains(BenchmarkChart.colors["cpu"]!) && colors.contains(BenchmarkChart.budgetColor))
    }

    /// Only the shatter has point sizes (and takes --from/--to): with another effect they are refused, not ignored.
    @Test func pointSizesWithAnotherEffectAreRefusedInOneLine() throws {
        let s = try TemporaryFolder()
        for effect in ["breathe", "dust", "splash", "sprite"] {
            let run = try CLIRun.shatter([
                "bench", "--effect", effect, "--point-sizes", "4", "--backends", "cpu", "--json", s.file("\(effect).json"),
            ])
            #expect(run.status == 64 && run.errorLines.count == 1, "\(effect): \(run.stderr)")
            #expect(
                run.stderr.contains("--point-sizes applies to --effect shatter only; the \(effect) has none, leave it out"),
                "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: s.file("\(effect).json")))
        }
        try PNGEncoder.write(Image(width: 8, height: 8, fill: .opaqueWhite), to: s.file("from.png"))
        let from = try CLIRun.shatter(["bench", "--effect", "splash", "--from", s.file("from.png")])
        #expect(
            from.status == 64 && from.errorLines.count == 1
                && from.stderr.contains("--from and --to apply to --effect shatter only"))
    }

    @Test func yourPicturesSetTheScreenAndBadOnesAreRefusedInOneLine() throws {
        let s = try TemporaryFolder()
        try PNGEncoder.write(Image(width: 64, height: 48, fill: .opaqueWhite), to: s.file("from.png"))
        try PNGEncoder.write(Image(width: 64, height: 48, fill: .opaqueBlack), to: s.file("to.png"))
        let bench = ["bench", "--frames", "2", "--repeat", "1", "--point-sizes", "4", "--backends", "cpu", "--encode", "none"]
        let run = try CLIRun.shatter(
            bench + ["--from", s.file("from.png"), "--to", s.file("to.png"), "--json", s.file("b.json")])
        #expect(run.status == 0, "\(run.stderr)")
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: s.file("b.json")))) as? [String: Any]
        let settings = try #require(json?["settings"] as? [String: Any])
        #expect(settings["width"] as? Int == 64 && settings["height"] as? Int == 48)  // the picture's size, not 1920x1080
        #expect((json?["results"] as? [[String: Any]])?.count == 1)

        try Data("not a png".utf8).write(to: URL(fileURLWithPath: s.file("bad.png")))
        let bad = try CLIRun.shatter(bench + ["--from", s.file("bad.png")])
        #expect(bad.status != 0 && bad.errorLines.count == 1 && bad.stderr.contains("bad.png"), "\(bad.stderr)")
        try FileManager.default.createDirectory(atPath: s.file("clip"), withIntermediateDirectories: true)
        for i in 0..<2 { try PNGEncoder.write(Image(width: 8, height: 8, fill: .opaqueWhite), to: s.file("clip/\(i).png")) }
        let clip = try CLIRun.shatter(bench + ["--to", s.file("clip")])
        #expect(clip.status != 0 && clip.stderr.contains("one still PNG, not a clip of 2 frames"), "\(clip.stderr)")
    }
}
