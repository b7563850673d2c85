import CPNG
import Foundation
import ShatterCore
import Testing
@testable import ShatterPNG

/// Test helpers: PNG generation through the real libpng writer, chunk surgery, scratch folders.
enum Fixtures {
    /// A PNG of any color type, written by libpng. `rows` are tightly packed samples
    /// (16-bit big-endian); `palette` is flat RGB triples.
    static func png(width: Int, height: Int, colorType: Int32, bitDepth: Int32 = 8, interlaced: Bool = false,
                    rows: [UInt8], palette: [UInt8] = [], paletteAlpha: [UInt8] = [],
                    transparentGray: UInt16? = nil) throws -> [UInt8] {
        var writer = LibPNGWriter(width: width, height: height)
        writer.colorType = colorType
        writer.bitDepth = bitDepth
        writer.interlaced = interlaced
        writer.palette = stride(from: 0, to: palette.count, by: 3).map {
            png_color(red: palette[$0], green: palette[$0 + 1], blue: palette[$0 + 2])
        }
        writer.paletteAlpha = paletteAlpha
        if let transparentGray {
            writer.transparentColor = png_color_16(index: 0, red: 0, green: 0, blue: 0, gray: transparentGray)
        }
        return try writer.encode(rows: rows, stride: rows.count / height, name: "fixture")
    }

    /// A small valid RGBA PNG (several IDAT bytes, so truncation points land inside image data).
    static func sampleRGBA(width: Int = 16, height: Int = 16) throws -> [UInt8] {
        var generator = SplitMix64(seed: 7)
        return try png(width: width, height: height, colorType: PNG_COLOR_TYPE_RGB_ALPHA,
                       rows: (0..<width * height * 4).map { _ in generator.byte() })
    }

    // MARK: Chunk surgery

    /// (type, offset of the length field, data length) for each chunk after the signature.
    static func chunks(_ png: [UInt8]) -> [(type: String, offset: Int, length: Int)] {
        var result: [(String, Int, Int)] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = Int(png[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            result.append((String(decoding: png[offset + 4..<offset + 8], as: UTF8.self), offset, length))
            offset += 12 + length
        }
        return result
    }

    static func removingChunk(_ type: String, from png: [UInt8]) -> [UInt8] {
        guard let chunk = chunks(png).first(where: { $0.type == type }) else { return png }
        var copy = png
        copy.removeSubrange(chunk.offset..<chunk.offset + 12 + chunk.length)
        return copy
    }

    /// `png` with a chunk of `type` and `data` (CRC included) right after IHDR.
    static func inserting(chunk type: String, data: [UInt8], into png: [UInt8]) -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: 4) + Array(type.utf8) + data + [0, 0, 0, 0]
        put(UInt32(data.count), into: &chunk, at: 0)
        put(crc32(chunk[4..<8 + data.count]), into: &chunk, at: 8 + data.count)
        return Array(png[..<33]) + chunk + Array(png[33...])
    }

    /// Rewrites IHDR's width and height and fixes its CRC, so only the size is wrong.
    static func withHeaderSize(_ png: [UInt8], width: UInt32, height: UInt32) -> [UInt8] {
        var copy = png
        put(width, into: &copy, at: 16)
        put(height, into: &copy, at: 20)
        put(crc32(copy[12..<29]), into: &copy, at: 29)
        return copy
    }

    static func put(_ value: UInt32, into bytes: inout [UInt8], at offset: Int) {
        for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * i)) }
    }

    /// CRC-32 as PNG uses it (over chunk type + data).
    static func crc32<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

/// A fresh folder under /tmp, removed when the value goes away.
final class ScratchFolder {
    let path: String
    init() throws {
        path = NSTemporaryDirectory() + "shatter-png-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = path + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }
    func contents() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: path))?.sorted() ?? [] }
}

/// Deterministic random bytes, so a failing case can be replayed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
}

/// Runs `body`, records an issue unless it throws, and returns the PNGError.
func pngError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> PNGError? {
    do {
        try body()
        Issue.record("expected a PNGError, got success", sourceLocation: sourceLocation)
    } catch let error as PNGError {
        return error
    } catch {
        Issue.record("expected a PNGError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// A premultiplied pixel from straight components, with the decoder's rounding.
func premultiplied(_ r: Int, _ g: Int, _ b: Int, _ a: Int) -> RGBA8 {
    func p(_ c: Int) -> UInt8 { UInt8((c * a + 127) / 255) }
    return RGBA8(r: p(r), g: p(g), b: p(b), a: UInt8(a))
}

extension Image {
    var allPixels: [RGBA8] { (0..<height).flatMap { y in (0..<width).map { x in self[x, y] } } }
}
