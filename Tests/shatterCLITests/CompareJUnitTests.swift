import Foundation
import Shatter
import ShatterTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `compare --junit`: the verdicts as JUnit XML a CI system reads, one test case per frame.
struct CompareJUnitTests {
    /// Two 3-frame folders that differ in frame 1 only (one pixel black instead of white).
    func folders(_ s: TemporaryFolder) throws -> (String, String) {
        for side in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: s.file(side), withIntermediateDirectories: true)
            for i in 0..<3 {
                var image = Image(width: 10, height: 10, fill: .opaqueWhite)
                if side == "b" && i == 1 { image[4, 4] = .opaqueBlack }
                try PNGEncoder.write(image, to: s.file(side) + "/" + OutputDirectory.frameName(i))
            }
        }
        return (s.file("a"), s.file("b"))
    }

    @Test func oneTestCasePerFrameAndTheFailuresReasons() throws {
        let s = try TemporaryFolder()
        let (a, b) = try folders(s)
        let junit = s.file("out/junit.xml")  // inside --out: this run's own file, kept on the next run
        let compare = ["compare", "--dirs", a, b, "--out", s.file("out"), "--max-different-pixels", "0", "--junit", junit]
        let run = try CLIRun.shatter(compare)
        #expect(run.status == 1, "\(run.stderr)")

        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: junit), options: [])
        let suite = try #require(try document.nodes(forXPath: "/testsuites/testsuite").first as? XMLElement)
        #expect(suite.attribute(forName: "tests")?.stringValue == "3")
        #expect(suite.attribute(forName: "failures")?.stringValue == "1")
        let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue ?? "" } == ["frame 0", "frame 1", "frame 2"])
        let failures = try document.nodes(forXPath: "//testcase/failure").compactMap { $0 as? XMLElement }
        try #require(failures.count == 1)
        #expect((failures[0].parent as? XMLElement)?.attribute(forName: "name")?.stringValue == "frame 1")
        let text = failures[0].stringValue ?? ""
        #expect(text.contains("1 pixels differ by more than 1, over the limit of 0"), "\(text)")
        #expect(failures[0].attribute(forName: "message")?.stringValue == text.split(separator: "\n").first.map(String.init))

        // The same command again replaces its report and its JUnit file; nothing else is in the way.
        let again = try CLIRun.shatter(compare)
        #expect(again.status == 1, "\(again.stderr)")
        #expect(s.allContents(of: s.file("out")).contains("junit.xml"))
    }

    @Test func aJUnitPathThatIsAFolderOrAReportFileIsRefusedBeforeComparing() throws {
        let s = try TemporaryFolder()
        let (a, b) = try folders(s)
        let folder = try CLIRun.shatter(["compare", "--dirs", a, b, "--out", s.file("out"), "--junit", s.path])
        #expect(folder.status == 2 && folder.stderr.contains("--junit"), "\(folder.stderr)")
        let own = try CLIRun.shatter(["compare", "--dirs", a, b, "--out", s.file("out"), "--junit", s.file("out/index.html")])
        #expect(own.status == 2 && own.stderr.contains("one of the comparison's own files"), "\(own.stderr)")
        #expect(!FileManager.default.fileExists(atPath: s.file("out/report.json")))
    }
}
