import Foundation
import ShatterCompare
import ShatterCore
import Testing

/// `report.json`'s schema 2 as a script reads it.
@Suite struct CompareReportTests {
    @Test func theReportCarriesItsVerdictSchemaCountsAndPerFrameReasons() throws {
        let a = Image(width: 10, height: 10, fill: .opaqueBlack)
        var b = a
        b[2, 3] = RGBA8(r: 200, g: 0, b: 0, a: 255)
        let failing = CompareReport.Frame(
            .init(index: 1), difference: try ImageDifference(expected: a, actual: b), rule: .parity,
            files: [:])
        let frames: [CompareReport.Frame] = [
            .identicalByHash(.init(index: 0, name: "frame-00000.png")), failing,
            .unpaired(.init(index: 2), verdict: .missing, reason: "new has no frame 2"),
        ]
        let report = CompareReport(
            subject: "golden vs new", expectedRenderer: "golden", actualRenderer: "new", rule: .parity,
            frames: frames)
        let json = try JSONSerialization.jsonObject(with: report.jsonData()) as! [String: Any]
        #expect(json["schemaVersion"] as? Int == 2 && json["passed"] as? Bool == false)
        #expect((json["rule"] as? [String: Any])?["sentence"] as? String == FuzzyRule.parity.sentence)
        let counts = try #require(json["counts"] as? [String: Int])
        #expect(counts["frames"] == 3 && counts["failed"] == 2 && counts["identical"] == 1 && counts["missing"] == 1)
        let listed = try #require(json["frames"] as? [[String: Any]])
        #expect(listed.map { $0["verdict"] as? String } == ["identical", "fail", "missing"])
        #expect(
            listed[1]["reasons"] as? [String] == [
                "99.0% of pixels match within 1, under the required 99.9%",
                "a pixel's summed RGBA difference is 200 at (2, 3), over the threshold 32",
            ])
        #expect(listed[0]["decoded"] as? Bool == false && listed[2]["differingPixels"] == nil)
        // Worst first: missing, then failing, then identical.
        #expect(report.framesWorstFirst.map(\.index) == [2, 1, 0])
        let decoded = try JSONDecoder().decode(CompareReport.self, from: report.jsonData())
        #expect(decoded.frames.map(\.verdict) == [.identical, .fail, .missing] && decoded.frames[1].zoom?.width == 10)
    }
}
