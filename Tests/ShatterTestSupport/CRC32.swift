/// CRC-32 as PNG computes it over a chunk's type and data (ISO 3309, reflected, 0xEDB88320), bit by
/// bit: test files are small, and an implementation this plain is its own reference.
public enum CRC32 {
    public static func checksum<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
