import Foundation
import Shatter
import ShatterSnapshotTesting
import SnapshotTesting
import Testing

/// The swift-snapshot-testing strategy, through `verifySnapshot` into a temporary snapshot folder, so
/// a failure is a value to check rather than a failed test.
@Suite struct FuzzySnapshottingTests {
    @Test func recordsThenPassesWithinTheRuleAndFailsOnAChangedPixelWithArtifacts() throws {
        let folder = try ImageFixtures.Folder()
        defer { folder.remove() }
        func verify(_ image: Image, record: SnapshotTestingConfiguration.Record = .never) -> String? {
            verifySnapshot(
                of: image, as: .fuzzy(.parity), named: "splash", record: record, snapshotDirectory: folder.path,
                testName: "splash")
        }
        let recorded = verify(ImageFixtures.frame, record: .missing)
        #expect(recorded?.contains("No reference was found on disk") == true)
        #expect(try PNGDecoder.read(path: folder.file("splash.splash.png")) == ImageFixtures.frame)

        #expect(verify(ImageFixtures.frame) == nil)
        #expect(verify(ImageFixtures.roundedDifferently) == nil)

        let failure = try #require(verify(ImageFixtures.changed(by: 40)))
        #expect(failure.contains("summed RGBA difference is 40 at (20, 30), over the threshold 32"))
        #expect(failure.contains("Rule: A pixel differs when any of its channels is off by more than 1"))
        let artifacts = failure.matches(of: /\/[^ ,\n]+\.(expected|actual|diff)\.png/).map { String($0.output.0) }
        #expect(artifacts.map { $0.split(separator: ".").dropLast().last } == ["expected", "actual", "diff"])
        for path in artifacts { #expect(FileManager.default.fileExists(atPath: path), "\(path)") }
        // The reference is untouched.
        #expect(try PNGDecoder.read(path: folder.file("splash.splash.png")) == ImageFixtures.frame)
        Self.removeArtifacts(named: failure)
    }

    /// Removes the artifacts a failure `message` names (ours and swift-snapshot-testing's own), and their
    /// folders once empty: this suite fails on purpose, and a test run leaves nothing behind.
    static func removeArtifacts(named message: String) {
        for match in message.matches(of: /(file:\/\/)?(\/[^ ,\n"]+\.png)/) {
            let path = String(match.output.2)
            guard path.hasPrefix(NSTemporaryDirectory()) else { continue }
            unlink(path)
            rmdir((path as NSString).deletingLastPathComponent)
        }
    }

    @Test func theStrategyStoresLosslessPNGAndRejectsABrokenReference() throws {
        let diffing = Snapshotting<Image, Image>.fuzzy(.parity).diffing
        let data = diffing.toData(ImageFixtures.frame)
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(diffing.fromData(data) == ImageFixtures.frame)
        let broken = diffing.fromData(Data("not a png".utf8))
        let failure = diffing.diffV2(broken, ImageFixtures.frame)?.0
        #expect(failure?.contains("the images differ in size: 0x0 expected, 40x60 actual") == true)
        Self.removeArtifacts(named: failure ?? "")
    }
}
