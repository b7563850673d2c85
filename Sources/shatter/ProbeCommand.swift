import ArgumentParser
import Foundation
import Shatter

/// `shatter probe`: measures on the GL it gets the rasterisation rules the CPU renderer copies.
struct ProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Measure the GL's point snapping, edge coverage, gl_PointCoord, vertex programs' outputs, color store "
            + "and blend rounding, filter weights and precision, next to what the CPU renderer assumes.",
        discussion: """
            Prints one line per rule: what this GL does, what Shatter's CPU renderer assumes, and whether they \
            agree (a blend agrees within the level GLES allows it, docs/parity.md). Where every rule agrees, the \
            CPU renderer can match this GL exactly but for blend rounding; the first run on a new \
            GPU records this report (--json). With --expect REPORT, each rule is also held to what that \
            recorded report measured (e.g. on the users' GPU box): every value equal. Exits 0 when every rule \
            agrees; 1 when a rule disagrees (the report is written first, and the last line names each rule) \
            or no GL context can be made.
            """
    )

    @Option(help: ArgumentHelp("Also write the full report (every measured value) as JSON.", valueName: "FILE"))
    var json: String?

    @Option(
        help: ArgumentHelp(
            "Also require every measurement to equal this recorded report's (one --json wrote on another GL).",
            valueName: "REPORT"))
    var expect: String?

    @OptionGroup var device: DeviceOption

    func run() throws {
        if let json { try OutputFile.check([(option: "--json", path: json)], inputs: [expect].compactMap { $0 }) }
        let recorded = try expect.map { try ProbeReport.read(path: $0) }
        let gl = try GLRenderer(options: .init(deviceIndex: try device.resolvedIndex()))
        defer { gl.close() }
        let report = try ProbeReport.run(gl: gl)
        print("shatter probe: \(report.renderer) on the \(report.platform) platform (\(report.version))")
        let width = report.findings.map(\.rule.rawValue.count).max() ?? 0
        for finding in report.findings {
            let rule = finding.rule.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
            print(
                "\(finding.agrees ? "agrees " : "DIFFERS") \(rule)  GL: \(finding.gl)\(finding.agrees ? "" : "; CPU renderer: \(finding.twin)")"
            )
        }
        let agreeing = report.findings.count - report.disagreements.count
        print(
            "\(agreeing) of \(report.findings.count) rules agree with the CPU renderer"
                + (report.disagreements.isEmpty ? ": it can match this GL exactly but for blend rounding." : "."))
        let unlikeRecord = recorded.map { report.findings(against: $0).filter { !$0.agrees } } ?? []
        if let recorded, let expect {
            for finding in unlikeRecord {
                print("UNLIKE  \(finding.rule.rawValue)  GL: \(finding.gl); \(finding.twin)")
            }
            print(
                "\(report.findings.count - unlikeRecord.count) of \(report.findings.count) rules measure as recorded "
                    + "on \(recorded.renderer) (\(expect)).")
        }
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try OutputFile.write(Array(try encoder.encode(report)), to: json)
            print("Report: \(json)")
        }
        var problems: [String] = []
        if !report.disagreements.isEmpty {
            problems.append(
                (report.disagreements.count == 1 ? "1 rule disagrees" : "\(report.disagreements.count) rules disagree")
                    + " with the CPU renderer on \(report.renderer): "
                    + report.disagreements.map(\.rule.rawValue).joined(separator: "; "))
        }
        if !unlikeRecord.isEmpty, let recorded {
            problems.append(
                (unlikeRecord.count == 1 ? "1 rule" : "\(unlikeRecord.count) rules")
                    + " measured otherwise than recorded on \(recorded.renderer): "
                    + unlikeRecord.map(\.rule.rawValue).joined(separator: "; "))
        }
        if !problems.isEmpty {
            Terminal.error("shatter probe: " + problems.joined(separator: "; and "))
            throw ExitCode(1)
        }
    }
}
