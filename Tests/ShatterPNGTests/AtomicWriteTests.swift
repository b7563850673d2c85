import Foundation
import ShatterCore
import ShatterTestSupport
import Testing

@testable import ShatterPNG

/// PNGEncoder.write replaces files atomically and cleans up after itself on failure.
struct AtomicWriteTests {
    let folder: TemporaryFolder
    let image = RoundTripTests.randomImage(width: 8, height: 5, seed: 3)
    init() throws { folder = try TemporaryFolder() }

    @Test func successLeavesOnlyTheFile() throws {
        let path = folder.path + "/frame-00001.png"
        try PNGEncoder.write(image, to: path)
        try PNGEncoder.write(image, to: path)  // overwriting works too
        #expect(folder.allContents() == ["frame-00001.png"])
        #expect(try PNGDecoder.read(path: path) == image)
    }

    @Test func missingFolderIsNamedAndNothingIsCreated() {
        let missing = folder.path + "/missing/deeper"
        let path = missing + "/frame.png"
        let error = pngError { try PNGEncoder.write(image, to: path) }
        #expect(error == .folderMissing(path: path, folder: missing))
        #expect(error?.description.contains("mkdir -p \(missing)") == true)
        #expect(folder.allContents().isEmpty)
    }

    @Test func failedEncodeLeavesDestinationUntouched() throws {
        let path = try folder.write(Array("old".utf8), to: "keep.png")
        _ = pngError { try PNGEncoder.write(image, to: path, options: PNGWriteOptions(compressionLevel: 42)) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("old".utf8))
        #expect(folder.allContents() == ["keep.png"])
    }

    @Test("a failed rename removes the temporary file and leaves the destination as it was")
    func failedRenameCleansUp() throws {
        let destination = folder.path + "/taken.png"
        try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: false)
        _ = try folder.write(Array("keep".utf8), to: "taken.png/inside")
        #expect(pngError { try PNGEncoder.write(image, to: destination) } == .isDirectory(path: destination))
        #expect(folder.allContents() == ["taken.png"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination) == ["inside"])
    }

    /// What a caller hashes as the file is written is the file: every byte seen once, in order, in
    /// pieces, before the file is renamed into place.
    @Test func theObserverSeesExactlyTheBytesThatLandInTheFile() throws {
        let bytes = (0..<(700 * 1024 + 5)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 11) }
        let path = folder.path + "/frame-00002.png"
        var seen: [UInt8] = []
        var pieces = 0
        try AtomicFile.write(bytes, to: path) { piece in
            #expect(!FileManager.default.fileExists(atPath: path))  // not yet in place
            seen += piece
            pieces += 1
        }
        #expect(seen == bytes && pieces >= 3)
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == bytes)
        #expect(folder.allContents() == ["frame-00002.png"])
    }

    @Test("a full disk is reported as diskFull with strerror")
    func diskFull() throws {
        let fd = open("/dev/full", O_WRONLY)
        try #require(fd >= 0, "/dev/full is needed to simulate a full disk")
        defer { close(fd) }
        let error = pngError { try AtomicFile.writeAll([1, 2, 3], to: fd, path: "out.png") }
        #expect(error == .diskFull(path: "out.png", reason: "No space left on device"))
    }
}
