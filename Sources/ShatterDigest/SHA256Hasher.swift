import CLibCrypto

/// SHA-256 of bytes that arrive in pieces (a file read in chunks, a fingerprint built from parts),
/// as the same 64 lowercase hex digits as ``SHA256Hex``.
///
/// ```swift
/// var hasher = SHA256Hasher()
/// header.withUnsafeBytes { hasher.update($0) }
/// body.withUnsafeBytes { hasher.update($0) }
/// let digest = hasher.finalizeHex()   // SHA256Hex.of(header + body)
/// ```
///
/// A value: a copy goes on from the state it was copied in, apart from the original.
public struct SHA256Hasher: Sendable {
    private var context = SHA256_CTX()

    /// A hasher that has seen no bytes.
    public init() {
        SHA256_Init(&context)  // only fails on a null pointer
    }

    /// Adds `bytes` after those given before.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        SHA256_Update(&context, base, bytes.count)
    }

    /// The hash of every byte given so far. The hasher may go on: later updates extend the same input.
    public mutating func finalizeHex() -> String {
        var finished = context
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        SHA256_Final(&digest, &finished)
        return SHA256Hex.hex(digest)
    }
}
