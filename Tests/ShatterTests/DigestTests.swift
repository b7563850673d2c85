import Foundation
import ShatterCore
import Testing

@testable import Shatter
@testable import ShatterDigest

/// ``Digest``: XXH3-128 as `xxh128sum` prints it, SHA-256 as before, and the algorithm part of the value.
@Suite struct DigestTests {
    @Test func xxh3OfKnownInputsIsTheReferenceHex() {
        // xxHash's published value for no bytes; "abc" pins the byte order (`xxh128sum`'s, high half first).
        #expect(Digest.of([], .xxh3_128).hex == "99aa06d3014798d86001c324468d497f")
        #expect(Digest.of(Array("abc".utf8), .xxh3_128).hex == "06b05ab6733a618578af5f94892f3950")
        #expect(Digest.of(Array("abc".utf8), .sha256).hex == SHA256Hex.of(Array("abc".utf8)))
    }

    /// In pieces or at once, over the sizes where XXH3 changes loops (16, 128, 240 bytes, a stripe, a
    /// block of 1 KiB), for both algorithms; a copied hasher goes on apart from the original.
    @Test(arguments: DigestAlgorithm.allCases)
    func piecesGiveTheWholeAndACopyGoesOnApart(algorithm: DigestAlgorithm) {
        let bytes = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 7) }
        for cut in [0, 1, 16, 17, 128, 129, 240, 241, 1024, 1025, 4999, 5000] {
            var hasher = DigestHasher(algorithm)
            bytes[..<cut].withUnsafeBytes { hasher.update($0) }
            var copy = hasher
            bytes[cut...].withUnsafeBytes { hasher.update($0) }
            #expect(hasher.finalize() == Digest.of(bytes, algorithm), "cut at \(cut)")
            #expect(copy.finalize() == Digest.of(Array(bytes[..<cut]), algorithm), "copy at \(cut)")
        }
    }

    @Test func aDigestKnowsItsAlgorithm() throws {
        let xxh3 = Digest.of(Array("frame".utf8), .xxh3_128)
        #expect(xxh3.text.hasPrefix("xxh3-128:") && xxh3.hex.count == 32 && xxh3.isWellFormed)
        #expect(Digest(text: xxh3.text) == xxh3)
        // The same hex under another algorithm is another digest.
        #expect(Digest(.sha256, hex: xxh3.hex) != xxh3)
        for bad in [
            "", "xxh3-128", "xxh3-128:", "md5:" + xxh3.hex, "xxh3-128:" + xxh3.hex.uppercased(), "xxh3-128:" + xxh3.hex + "0",
        ] {
            #expect(Digest(text: bad) == nil, "\(bad)")
        }
        #expect(xxh3.matches(Array("frame".utf8)) && !xxh3.matches(Array("frame!".utf8)))
    }

    /// One 1080p frame of pixels: both digests agree however the bytes are held.
    @Test func aFrameHashesTheSameFromAnArrayAndFromABuffer() {
        let pixels = [UInt8](repeating: 7, count: 1920 * 1080 * 4)
        let buffer = pixels.withUnsafeBytes { Digest.of($0, .xxh3_128) }
        #expect(buffer == Digest.of(pixels, .xxh3_128))
        #expect(buffer != Digest.of(pixels.dropLast() + [8], .xxh3_128))
    }

    /// Every XXH3 loop this processor runs (the library's, and the AVX2 and AVX-512 twins compiled from its
    /// header) gives the reference digests, over inputs that end inside a stripe, a block and the state's
    /// buffer, fed whole and in uneven pieces; a frame of noise too, as the manifest hashes it.
    @Test func everyLoopGivesTheSameDigests() {
        var random = SystemRandomNumberGenerator()
        let noise = (0..<(1920 * 1080 * 4 + 13)).map { _ in UInt8.random(in: 0...255, using: &random) }
        #expect(CPUTier.runnable.first == .baseline)
        for count in [0, 3, 16, 129, 240, 241, 1023, 1025, 64 * 1024 + 7, noise.count] {
            let bytes = Array(noise[..<count])
            let reference = Digest.of(bytes, .xxh3_128)
            for loop in CPUTier.runnable.map({ XXH3Loop.tiers[$0] }) {
                var whole = DigestHasher(.xxh3_128)
                bytes.withUnsafeBytes { whole.update($0, loop: loop) }
                var pieces = DigestHasher(.xxh3_128)
                var start = 0
                while start < count {
                    let end = min(count, start + Int.random(in: 1...70_000, using: &random))
                    bytes[start..<end].withUnsafeBytes { pieces.update($0, loop: loop) }
                    start = end
                }
                #expect(whole.finalize() == reference, "\(loop.tier) over \(count) bytes at once")
                #expect(pieces.finalize() == reference, "\(loop.tier) over \(count) bytes in pieces")
            }
        }
        var empty = DigestHasher(.xxh3_128)
        empty.update(UnsafeRawBufferPointer(start: nil, count: 0), loop: XXH3Loop.tiers.native)
        #expect(empty.finalize().hex == "99aa06d3014798d86001c324468d497f")
    }
}
