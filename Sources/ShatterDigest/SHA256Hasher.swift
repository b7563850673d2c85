import Crypto

/// SHA-256 fed piece by piece, for bytes that pass by anyway (a file as it is written), so they are
/// hashed while still in cache instead of read again. Same digest as ``SHA256Hex/of(_:)-(UnsafeRawBufferPointer)``
/// over the pieces joined.
///
/// ```swift
/// var hasher = SHA256Hasher()
/// chunks.forEach { chunk in chunk.withUnsafeBytes { hasher.update($0) } }
/// let digest = hasher.finalizeHex()   // 64 lowercase hex digits
/// ```
public struct SHA256Hasher {
    private var state = Crypto.SHA256()

    public init() {}

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        state.update(bufferPointer: bytes)
    }

    /// The digest of every byte given so far, as manifests store it.
    public mutating func finalizeHex() -> String {
        SHA256Hex.hex(state.finalize())
    }
}
