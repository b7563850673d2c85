import CXXHash
import Foundation
import ShatterCore
import ShatterEffects
import ShatterTestSupport
import Testing

@testable import ShatterDigest
@testable import ShatterPNG
@testable import ShatterPointSprites
@testable import ShatterSoftware

/// Every C unit with twins (`cpu_tier.h`'s table), at every tier this processor runs, against the
/// unit's reference: the kernels' frames against the programs run pixel by pixel, the packer's and the
/// digest's bytes against Swift's and libxxhash's own, the encoder's stream against its twin for any
/// x86-64 (whose file libpng decodes, `FastDeflateTwinTests`). A new unit is one line in ``units``.
@Suite struct TierTwinTests {
    /// A C unit: what its twin at a tier makes of a fixed input, and what its reference makes of it.
    struct Unit: CustomTestStringConvertible, Sendable {
        let name: String
        let twin: @Sendable (CPUTier) throws -> [UInt8]
        let reference: @Sendable () throws -> [UInt8]
        var testDescription: String { name }
    }

    static let units: [Unit] = [
        frames("small-sprite kernel, one-pixel sprites", pointSize: 1, reference: .pointLanes),
        frames("small-sprite kernel, 2 × 2 sprites", pointSize: 2, reference: .pointLanes),
        frames("binned stage", pointSize: 5, reference: .binnedKernel),
        Unit(name: "dust rows", twin: { try dust(renderer(tier: $0)) }, reference: { try dust(renderer(without: .exact)) }),
        Unit(name: "PNG encoder", twin: { encoded($0) }, reference: { encoded(.baseline) }),
        Unit(name: "opaque RGB packer", twin: { packed($0) }, reference: packedBySwift),
        Unit(name: "XXH3 loop", twin: { digest($0) }, reference: digestByTheLibrary),
        Unit(name: "straightening", twin: { straightened($0) }, reference: straightenedBySwift),
        Unit(name: "dust layer split", twin: { try split($0) }, reference: splitBySwift),
    ]

    @Test(arguments: units)
    func everyRunnableTierGivesTheReference(unit: Unit) throws {
        let expected = try unit.reference()
        #expect(!expected.isEmpty)
        for tier in CPUTier.runnable { #expect(try unit.twin(tier) == expected, "\(unit.name), \(tier)") }
    }

    /// Each unit's table gives the asked tier's twin where the processor runs it, else the widest it
    /// runs: a renderer told to use AVX-512 on an AVX2 machine runs AVX2.
    @Test func everyTableGivesTheTierAskedForOrTheWidestThatRuns() {
        #expect(CPUTier.runnable.first == .baseline && CPUTier.runnable.last == .native)
        for tier in CPUTier.allCases {
            let expected = min(tier, .native)
            let faces: [any TierTwin] = [
                SmallSpriteKernel.tiers[tier], BinnedSpriteKernel.tiers[tier], DustRowKernel.tiers[tier],
                FastDeflate.tiers[tier], OpaqueRGB.tiers[tier], XXH3Loop.tiers[tier],
                StraightenTwin.tiers[tier], DustSplitTwin.tiers[tier],
            ]
            for face in faces { #expect(face.tier == expected, "\(type(of: face)) at \(tier)") }
        }
    }

    // MARK: The kernels: frames

    static func renderer(tier: CPUTier = .native, without shortcut: SoftwareRenderer.Shortcuts = []) -> SoftwareRenderer {
        var renderer = SoftwareRenderer(threads: 3)
        renderer.tier = tier
        renderer.shortcuts.subtract(shortcut)
        return renderer
    }

    /// A point-sprite path's frames (odd size, three instants) at each tier against the renderer without
    /// the path's C shortcut (the program point by point, or the binned stage's Swift reference).
    static func frames(_ name: String, pointSize: Double, reference: SoftwareRenderer.Shortcuts) -> Unit {
        let draw: @Sendable (SoftwareRenderer) throws -> [UInt8] = { renderer in
            let effect = try PointLanesTests.transition(
                width: 173, height: 97, scale: 1, pointSize: pointSize, physics: .original, filter: .linear)
            return try [0.0, 0.3, 0.8].flatMap { try renderer.render(effect.displayList(at: $0)).pixels }
        }
        return Unit(name: name, twin: { try draw(renderer(tier: $0)) }, reference: { try draw(renderer(without: reference)) })
    }

    static func dust(_ renderer: SoftwareRenderer) throws -> [UInt8] {
        let effect = try DustFixture.effect(width: 91, height: 67, scale: 1, layers: 24, seed: 3)
        return try [0.1, 0.4, 0.7].flatMap { try renderer.render(effect.displayList(at: effect.duration * $0)).pixels }
    }

    // MARK: The PNG coder and the digest: bytes

    /// Noise with a flat band and a translucent corner: literals, zero runs, stored bands, packing that stops.
    static let image: Image = {
        var image = SoftwareRendererFastPathTests.noise(301, 77, seed: 13)
        for y in 20..<52 { for x in 0..<301 { image[x, y] = RGBA8(r: 30, g: 60, b: 90, a: 255) } }
        for y in 60..<77 { for x in 0..<150 { image.pixels[(y * 301 + x) * 4 + 3] = 255 } }
        return image
    }()

    /// ``image``'s level-1 stream (zlib) from `tier`'s twin, with each filter.
    static func encoded(_ tier: CPUTier) -> [UInt8] {
        let rowBytes = image.width * 4
        let bound = FastDeflate.bound(width: image.width, height: image.height, channels: 4)
        return PNGFilter.allCases.flatMap { filter in
            [UInt8](unsafeUninitializedCapacity: bound) { out, count in
                count = FastDeflate.tiers[tier].zlib(
                    width: image.width, height: image.height, channels: 4, filter: filter, into: out.baseAddress!
                ) { y, row in
                    image.pixels.withUnsafeBufferPointer { row.update(from: $0.baseAddress! + y * rowBytes, count: rowBytes) }
                    return true
                }
            }
        }
    }

    /// Every row of ``image`` packed as far as its first translucent pixel, and the count.
    static func packed(_ tier: CPUTier) -> [UInt8] {
        (0..<image.height).flatMap { y in
            var rgb = [UInt8](repeating: 0, count: image.width * 3)
            let count = image.pixels.withUnsafeBufferPointer {
                OpaqueRGB.tiers[tier].pack($0.baseAddress! + y * image.width * 4, pixels: image.width, into: &rgb)
            }
            return [UInt8(count & 255), UInt8(count >> 8)] + rgb[..<(count * 3)]
        }
    }

    @Sendable static func packedBySwift() -> [UInt8] {
        (0..<image.height).flatMap { y in
            let row = (0..<image.width).map { image[$0, y] }
            let count = row.firstIndex { $0.a != 255 } ?? image.width
            return [UInt8(count & 255), UInt8(count >> 8)] + row[..<count].flatMap { [$0.r, $0.g, $0.b] }
        }
    }

    /// Premultiplied pixels of every alpha, an odd count (a tail after the sixteen-pixel steps), some
    /// colors above their alpha.
    static let translucent: [UInt8] = (0..<4099 * 4).map { i in
        UInt8(truncatingIfNeeded: i % 4 == 3 ? i / 4 &* 7 : i &* 2_654_435_761 >> 11)
    }

    static func straightened(_ tier: CPUTier) -> [UInt8] {
        var pixels = translucent
        pixels.withUnsafeMutableBufferPointer { StraightenTwin.tiers[tier].run($0.baseAddress!, count: $0.count) }
        return pixels
    }

    /// The exact integer rounding, pixel by pixel.
    @Sendable static func straightenedBySwift() -> [UInt8] {
        stride(from: 0, to: translucent.count, by: 4).flatMap { i -> [UInt8] in
            let a = translucent[i + 3]
            return translucent[i..<i + 3].map { a == 0 ? 0 : Alpha.unpremultiply($0, a) } + [a]
        }
    }

    // MARK: The dust's layer split: texels and column extents

    /// Splits of odd widths (a tail after the eight-pixel steps), one layer to the most.
    static let splits = [(61, 9, 1, UInt64(7)), (61, 9, 32, 0), (203, 5, 255, 5), (7, 3, 12, 2)]

    /// Each split's texels, then each layer's first and last column (255, 255 where it has none).
    static func splitBytes(_ texels: [UInt8], _ extents: [ClosedRange<Int>?]) -> [UInt8] {
        texels + extents.flatMap { $0.map { [UInt8($0.lowerBound), UInt8($0.upperBound)] } ?? [255, 255] }
    }

    static func split(_ tier: CPUTier) throws -> [UInt8] {
        try splits.flatMap { width, height, layers, seed in
            let split = try DustLayerSplit(width: width, height: height, layers: layers, seed: seed, tier: tier)
            return splitBytes(split.assignment.image.pixels, split.columnExtents)
        }
    }

    /// The original's formula pixel by pixel, ⌊N · (U + 2c/w) / 3⌋ capped at N − 1, and the extents
    /// read off the texels.
    @Sendable static func splitBySwift() -> [UInt8] {
        splits.flatMap { width, height, layers, seed in
            let rng = CounterRNG(seed: seed, stream: .dust)
            var texels: [UInt8] = []
            var extents = [ClosedRange<Int>?](repeating: nil, count: layers)
            for y in 0..<height {
                for x in 0..<width {
                    let (first, second) = rng.uniformPair(index: UInt64(y * width + x))
                    let pair = [first, second].map { u in
                        min(Int(Double(layers) * (u + 2 * Double(x) / Double(width)) / 3), layers - 1)
                    }
                    texels += [UInt8(pair[0]), UInt8(pair[1]), 0, 255]
                    for layer in pair {
                        extents[layer] = extents[layer].map { min($0.lowerBound, x)...max($0.upperBound, x) } ?? x...x
                    }
                }
            }
            return splitBytes(texels, extents)
        }
    }

    /// Inputs that end inside a stripe, a block and the state's buffer, and a frame's worth.
    static let digestInputs = [0, 3, 129, 241, 1025, 64 * 1024 + 7, 1920 * 1080 * 4 + 13].map { count in
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
    }

    static func digest(_ tier: CPUTier) -> [UInt8] {
        digestInputs.flatMap { bytes in
            var hasher = DigestHasher(.xxh3_128)
            bytes.withUnsafeBytes { hasher.update($0, loop: XXH3Loop.tiers[tier]) }
            return Array(hasher.finalize().hex.utf8)
        }
    }

    @Sendable static func digestByTheLibrary() -> [UInt8] {
        digestInputs.flatMap { bytes in
            var canonical = XXH128_canonical_t()
            bytes.withUnsafeBytes { XXH128_canonicalFromHash(&canonical, XXH3_128bits($0.baseAddress, $0.count)) }
            return withUnsafeBytes(of: canonical.digest) { Array($0.map { String(format: "%02x", $0) }.joined().utf8) }
        }
    }
}
