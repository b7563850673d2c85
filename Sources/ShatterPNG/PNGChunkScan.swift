/// Walks a PNG's chunk headers before libpng sees the data, refusing any chunk that declares more
/// bytes than the file holds or, for a chunk other than image data, more than
/// ``PNGLimits/maxChunkBytes``.
///
/// libpng allocates (and zeroes) a buffer of the declared length for a text, ICC or unknown chunk before
/// it finds the data is not there: a 57-byte file whose tEXt chunk claims 0x7fffffff bytes costs 2 GB.
/// Its own chunk limit is only a warning when reading, and the simplified API creates its png_struct
/// inside `png_image_begin_read_from_memory`, where no limit can be set; the whole file is in memory,
/// so checking every length here is cheap and covers both decode paths.
enum PNGChunkScan {
    /// Chunks whose data libpng streams through zlib row by row instead of buffering whole.
    private static let imageData: Set<String> = ["IDAT", "fdAT"]

    /// Returns normally when every chunk up to IEND (or to the end of the bytes) fits; a chunk header
    /// cut short is left for libpng, whose message then says where the file ends.
    static func check(_ bytes: UnsafeBufferPointer<UInt8>, name: String, limits: PNGLimits) throws(PNGError) {
        var offset = PNGHeader.signature.count
        while offset + 8 <= bytes.count {
            let length = Int(PNGHeader.bigEndian32(bytes, at: offset))
            let type = typeName(bytes, at: offset + 4)
            let available = bytes.count - offset - 8
            if length > available {
                throw .truncated(
                    path: name,
                    detail: "its \(type) chunk at byte \(offset) declares \(length) bytes, "
                        + "only \(available) follow")
            }
            if length > limits.maxChunkBytes && !imageData.contains(type) {
                throw .chunkTooLarge(path: name, chunk: type, bytes: length, limit: limits.maxChunkBytes)
            }
            if type == "IEND" { return }
            offset += 12 + length  // length, type, data, CRC
        }
    }

    /// The chunk type as text when it is four ASCII letters, as PNG requires; else as a hex number, so
    /// a message never carries control characters.
    static func typeName(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> String {
        let type = bytes[offset..<offset + 4]
        let letters = type.allSatisfy { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
        return letters
            ? String(decoding: type, as: UTF8.self) : "0x" + String(PNGHeader.bigEndian32(bytes, at: offset), radix: 16)
    }
}
