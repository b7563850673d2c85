import Foundation
import Shatter
import ShatterTestSupport
import Testing

@Suite struct SHA256HexTests {
    /// FIPS 180-4 / NIST CAVP examples: one block, empty, two blocks, and the padding edge at 56 bytes.
    @Test(arguments: [
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func knownDigests(message: String, hex: String) {
        #expect(SHA256Hex.of(Array(message.utf8)) == hex)
    }

    @Test func aMillionAsGiveTheNISTDigest() {
        #expect(
            SHA256Hex.of([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Pieces of every size around the 64-byte block, given one after another, hash as the whole does;
    /// a copy taken half-way goes on alone; finalizing does not stop the hasher.
    @Test func theHasherTakesTheBytesInPieces() {
        let message = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        let whole = "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        for cut in [0, 1, 55, 56] {
            var hasher = SHA256Hasher()
            message[..<cut].withUnsafeBytes { hasher.update($0) }
            var copy = hasher
            message[cut...].withUnsafeBytes { hasher.update($0) }
            #expect(hasher.finalizeHex() == whole, "cut at \(cut)")
            #expect(copy.finalizeHex() == SHA256Hex.of(Array(message[..<cut])), "copy at \(cut)")
        }
        var abc = SHA256Hasher()
        Array("ab".utf8).withUnsafeBytes { abc.update($0) }
        _ = abc.finalizeHex()
        Array("c".utf8).withUnsafeBytes { abc.update($0) }
        #expect(abc.finalizeHex() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        var empty = SHA256Hasher()
        #expect(empty.finalizeHex() == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum"), "/usr/bin/sha256sum is not installed"))
    func agreesWithSha256sum() throws {
        var state: UInt64 = 7
        // A 1080p frame's worth plus a partial block.
        let bytes = (0..<(1920 * 1080 * 4 + 3)).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        let folder = try TemporaryFolder()
        let path = try folder.write(bytes, to: "random.bin")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(printed.split(separator: " ").first.map(String.init) == SHA256Hex.of(bytes))
    }

    /// Fed in uneven pieces (empty ones, one byte, across block edges), the hasher gives the one-shot digest.
    @Test func theHasherFedInPiecesGivesTheOneShotDigest() {
        let bytes = (0..<(3 * 64 * 1024 + 17)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        var hasher = SHA256Hasher()
        var at = 0
        for size in [0, 1, 63, 64, 65, 0, 100_000, 3] + [Int](repeating: 40_000, count: 3) {
            let end = min(bytes.count, at + size)
            bytes[at..<end].withUnsafeBytes { hasher.update($0) }
            at = end
        }
        bytes[at...].withUnsafeBytes { hasher.update($0) }
        #expect(hasher.finalizeHex() == SHA256Hex.of(bytes))
        var empty = SHA256Hasher()
        #expect(empty.finalizeHex() == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}
