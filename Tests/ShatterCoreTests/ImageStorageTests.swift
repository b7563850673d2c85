import Glibc
import Testing

@testable import ShatterCore

/// A frame-sized image's storage (`Image.storage`): filled as asked, and advised for huge pages before
/// its first byte was touched, which the kernel records in the mapping's flags (`hg` in
/// /proc/self/smaps's `VmFlags`).
@Suite struct ImageStorageTests {
    @Test(.enabled(if: access("/sys/kernel/mm/transparent_hugepage", F_OK) == 0, "a kernel without transparent huge pages"))
    func aFrameSizedImageIsItsFillOnHugePagesAskedFor() throws {
        let color = RGBA8(r: 1, g: 2, b: 3, a: 4)
        let image = Image(width: 1920, height: 1080, fill: color)
        #expect(image.pixels.count == 1920 * 1080 * 4)
        let wrong = stride(from: 0, to: image.pixels.count, by: 4).filter {
            image.pixels[$0] != 1 || image.pixels[$0 + 1] != 2 || image.pixels[$0 + 2] != 3 || image.pixels[$0 + 3] != 4
        }.count
        #expect(wrong == 0, "\(wrong) pixels are not the fill")
        let middle = image.pixels.withUnsafeBytes { UInt(bitPattern: $0.baseAddress! + $0.count / 2) }
        #expect(try Self.flags(ofMappingHolding: middle).contains("hg"), "the middle of the frame is not advised for huge pages")
        // A small image is left to the usual pages.
        let small = Image(width: 64, height: 64, fill: color)
        #expect(small.pixels.allSatisfy { [1, 2, 3, 4].contains($0) })
    }

    /// The `VmFlags` of the mapping in /proc/self/smaps that holds `address`.
    static func flags(ofMappingHolding address: UInt) throws -> [Substring] {
        let file = try #require(fopen("/proc/self/smaps", "r"))
        defer { fclose(file) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        var inside = false
        while getline(&line, &capacity, file) > 0 {
            let text = String(cString: line!)
            let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
            if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                let ends = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inside = ends.count == 2 && ends[0] <= address && address < ends[1]
            } else if inside, fields.first == "VmFlags:" {
                return Array(fields.dropFirst())
            }
        }
        Issue.record("no mapping holds \(address)")
        return []
    }
}
