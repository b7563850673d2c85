/// Counter-based random numbers: each value is a pure function of its key, so any frame, any shard and
/// both backends see the same numbers without sharing a stream.
///
/// The key is (seed, stream, index, draw): `stream` separates effects, `index` the element (a point,
/// a layer), `draw` the n-th number that element needs.
///
/// ```swift
/// let r = CounterRNG(seed: 42, stream: .shatter).uniform(index: 7, draw: 0)  // in [0, 1)
/// ```
public struct CounterRNG: Sendable {
    public let seed: UInt64
    public let stream: UInt64

    public init(seed: UInt64, stream: Stream) {
        self.seed = seed
        self.stream = stream.rawValue
    }

    /// The effects' streams; values are fixed forever so renders stay reproducible.
    public enum Stream: UInt64, Sendable {
        case shatter = 1
        case dust = 2
        /// Which of the original's numbered sounds plays (`thanos_dust_1` … `6`).
        case sound = 3
    }

    /// A uniform number in [0, 1) with 53 random bits.
    public func uniform(index: UInt64, draw: UInt64) -> Double {
        Self.unit(bits(index: index, draw: draw))
    }

    /// 64 random bits for the key.
    public func bits(index: UInt64, draw: UInt64) -> UInt64 {
        Self.drawBits(indexKey(index), draw: draw)
    }

    /// ``uniform(index:draw:)`` of draws 0 and 1 for `index`: the same numbers, the seed, stream and
    /// index mixed once for both instead of once each (a dust layer split draws two a pixel).
    @inlinable @inline(__always)
    package func uniformPair(index: UInt64) -> (Double, Double) {
        let key = indexKey(index)
        return (Self.unit(Self.drawBits(key, draw: 0)), Self.unit(Self.drawBits(key, draw: 1)))
    }

    /// The top 53 of 64 random bits as a number in [0, 1).
    @inlinable @inline(__always)
    static func unit(_ bits: UInt64) -> Double { Double(bits >> 11) * 0x1.0p-53 }

    /// The chain's first three words (seed, stream, index) mixed: SplitMix64's finaliser chained over
    /// the key words, each fully mixed into the next (``drawBits(_:draw:)`` adds the last).
    @inlinable @inline(__always)
    func indexKey(_ index: UInt64) -> UInt64 {
        Self.mix(indexKeyPrefix ^ index)
    }

    /// The part of every index's key (``indexKey(_:)``) that the seed and stream make: what a C loop over
    /// indices takes (`dust_split.h`), mixing each index into it itself.
    @inlinable @inline(__always)
    package var indexKeyPrefix: UInt64 { Self.mix(Self.mix(seed &+ 0x9E37_79B9_7F4A_7C15) ^ stream) }

    @inlinable @inline(__always)
    static func drawBits(_ key: UInt64, draw: UInt64) -> UInt64 { mix(key ^ (draw &+ 0x632B_E59B_D9B4_E019)) }

    @inlinable @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
