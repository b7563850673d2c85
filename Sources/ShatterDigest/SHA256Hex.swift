import CLibCrypto

/// SHA-256 as 64 lowercase hex digits, the form manifests store, through the system's OpenSSL
/// libcrypto (which uses the CPU's SHA extensions: several times faster than portable code on a
/// 1080p frame). The one place Shatter hashes, so the library behind it can change without touching
/// its users.
///
/// ```swift
/// let digest = SHA256Hex.of(image.pixels)   // "ba7816bf…"
/// ```
public enum SHA256Hex {
    public static func of(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { of($0) }
    }

    public static func of(_ bytes: UnsafeRawBufferPointer) -> String {
        var hasher = SHA256Hasher()
        hasher.update(bytes)
        return hasher.finalizeHex()
    }

    private static let digits = Array("0123456789abcdef".utf8)

    static func hex(_ digest: some Sequence<UInt8>) -> String {
        var text = [UInt8]()
        text.reserveCapacity(64)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
