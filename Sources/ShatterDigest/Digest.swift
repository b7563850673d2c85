import CFastDigest
import CXXHash

/// The hash functions a digest can be taken with.
///
/// - ``xxh3_128``: what manifests of format 3 record for each frame (pixels and file). Non-cryptographic
///   and seven to nine times cheaper than SHA-256 on a 1080p frame; it catches any accidental change (an
///   edited, re-encoded, truncated or swapped file) with the odds of a 128-bit hash. A manifest is no
///   security boundary: whoever can replace a frame can rewrite the manifest beside it, so a hash that
///   resists deliberate collisions would protect nothing more.
/// - ``sha256``: what manifests of formats 1 and 2 recorded, still read and checked; also goldens' and
///   inputs' digests.
public enum DigestAlgorithm: String, Sendable, CaseIterable, Codable {
    case sha256 = "sha256"
    case xxh3_128 = "xxh3-128"

    /// Hex digits in one digest.
    public var hexCount: Int {
        switch self {
        case .sha256: 64
        case .xxh3_128: 32
        }
    }
}

/// A digest that knows its algorithm: two digests are equal only when both the algorithm and the value
/// are, so a frame recorded with one algorithm is never taken for the same as one recorded with another
/// (a comparison then looks at the pixels instead).
///
/// ```swift
/// let digest = Digest.of(image.pixels, .xxh3_128)   // xxh3-128:99aa06d3…
/// digest.matches(try fileBytes)                     // the same bytes?
/// ```
public struct Digest: Hashable, Sendable, CustomStringConvertible {
    public let algorithm: DigestAlgorithm
    /// Lowercase hex digits, as `sha256sum` and `xxh128sum` print them.
    public let hex: String

    public init(_ algorithm: DigestAlgorithm, hex: String) {
        self.algorithm = algorithm
        self.hex = hex
    }

    /// Reads ``text`` (`xxh3-128:…`, `sha256:…`); nil for an unknown algorithm or a value that is not
    /// lowercase hex of the algorithm's length.
    public init?(text: String) {
        guard let colon = text.firstIndex(of: ":"),
            let algorithm = DigestAlgorithm(rawValue: String(text[..<colon]))
        else { return nil }
        let hex = String(text[text.index(after: colon)...])
        guard Self.isHex(hex, count: algorithm.hexCount) else { return nil }
        self.init(algorithm, hex: hex)
    }

    /// The algorithm's name, a colon and the hex digits: what a format 3 manifest stores.
    public var text: String { "\(algorithm.rawValue):\(hex)" }
    public var description: String { text }

    /// Whether ``hex`` is lowercase hex of the algorithm's length (a manifest could hold anything).
    public var isWellFormed: Bool { Self.isHex(hex, count: algorithm.hexCount) }

    public static func of(_ bytes: [UInt8], _ algorithm: DigestAlgorithm) -> Digest {
        bytes.withUnsafeBytes { of($0, algorithm) }
    }

    public static func of(_ bytes: UnsafeRawBufferPointer, _ algorithm: DigestAlgorithm) -> Digest {
        var hasher = DigestHasher(algorithm)
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Whether `bytes` have this digest, by the same algorithm.
    public func matches(_ bytes: [UInt8]) -> Bool { Self.of(bytes, algorithm) == self }

    private static func isHex(_ text: String, count: Int) -> Bool {
        text.utf8.count == count && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}

/// A ``Digest`` of bytes that arrive in pieces (a file as it is written), by any ``DigestAlgorithm``.
/// A value: a copy goes on from the state it was copied in, apart from the original.
public struct DigestHasher: Sendable {
    public let algorithm: DigestAlgorithm
    // One of the two, by `algorithm`.
    private var sha256: SHA256Hasher?
    private var xxh3: XXH3State?

    public init(_ algorithm: DigestAlgorithm) {
        self.algorithm = algorithm
        switch algorithm {
        case .sha256: sha256 = SHA256Hasher()
        case .xxh3_128: xxh3 = XXH3State()
        }
    }

    /// Adds `bytes` after those given before.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) { update(bytes, loop: XXH3Loop.tiers.native) }

    /// Adds `bytes` with XXH3's loop for `loop` (every loop gives the same digest; tests hold them to it).
    mutating func update(_ bytes: UnsafeRawBufferPointer, loop: XXH3Loop) {
        switch algorithm {
        case .sha256: sha256!.update(bytes)
        case .xxh3_128:
            if !isKnownUniquelyReferenced(&xxh3) { xxh3 = xxh3!.copy() }
            xxh3!.update(bytes, loop: loop)
        }
    }

    /// The digest of every byte given so far; later updates extend the same input.
    public mutating func finalize() -> Digest {
        switch algorithm {
        case .sha256: Digest(.sha256, hex: sha256!.finalizeHex())
        case .xxh3_128: Digest(.xxh3_128, hex: xxh3!.hex())
        }
    }
}

/// The library's XXH3 state, freed with its box; copied before a shared box is changed.
private final class XXH3State: @unchecked Sendable {
    // Unchecked Sendable: only ``DigestHasher`` holds it, and copies it before changing a shared one.
    let state: OpaquePointer

    init() {
        guard let state = XXH3_createState() else { fatalError("XXH3_createState: out of memory") }
        XXH3_128bits_reset(state)
        self.state = state
    }

    private init(copying other: XXH3State) {
        guard let state = XXH3_createState() else { fatalError("XXH3_createState: out of memory") }
        XXH3_copyState(state, other.state)
        self.state = state
    }

    deinit { XXH3_freeState(state) }

    func copy() -> XXH3State { XXH3State(copying: self) }

    func update(_ bytes: UnsafeRawBufferPointer, loop: XXH3Loop) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        loop.entryPoints.update(UnsafeMutableRawPointer(state), base, bytes.count)
    }

    func hex() -> String {
        var canonical = XXH128_canonical_t()
        XXH128_canonicalFromHash(&canonical, XXH3_128bits_digest(state))
        return withUnsafeBytes(of: canonical.digest) { SHA256Hex.hex($0) }
    }
}
