import CShatterCPU

/// An instruction-set tier of the C twins (`cpu_tier.h`, the one table): every C unit with twins (the
/// small-sprite kernel, the binned stage, the dust's rows, the PNG encoder and packer, the digest's
/// loop) compiles one body per tier it has, and its Swift face takes `init(tier:)`. Every twin of a unit
/// gives the same bytes; a tier only says which instructions they may use.
package enum CPUTier: Int, CaseIterable, Comparable, Sendable, CustomStringConvertible {
    /// Any x86-64 (SSE2), or any other processor.
    case baseline = 0
    /// AVX2, FMA, BMI1 and BMI2 (x86-64-v3's core).
    case avx2 = 1
    /// The AVX2 tier and AVX-512 F, BW, VL and DQ.
    case avx512 = 2

    /// The widest tier this processor runs, probed once per process.
    package static let native = CPUTier(rawValue: Int(shatter_cpu_tier().rawValue)) ?? .baseline

    /// Every tier this processor runs, narrowest first.
    package static var runnable: [CPUTier] { allCases.filter { $0 <= native } }

    /// Whether this processor runs the tier's twins.
    package var runsHere: Bool { self <= Self.native }

    /// The tier as the C tables take it.
    package var c: shatter_tier { shatter_tier(rawValue: UInt32(rawValue)) }

    /// "baseline", "AVX2" or "AVX-512".
    package var description: String {
        switch self {
        case .baseline: "baseline"
        case .avx2: "AVX2"
        case .avx512: "AVX-512"
        }
    }

    package static func < (a: CPUTier, b: CPUTier) -> Bool { a.rawValue < b.rawValue }
}

/// A C unit's Swift face: its table of entry points for one tier (`…_for(tier)` in C), immutable.
package protocol TierTwin: Sendable {
    init(tier: CPUTier)
    /// The tier whose table this face holds.
    var tier: CPUTier { get }
}

/// A C unit's faces, one per tier, resolved once per process (each unit's `static let tiers`):
/// `tiers[tier]` gives the face of `tier`, or of the widest tier this processor runs where `tier` is
/// wider, so a caller may ask for any tier and never gets a twin the processor cannot run.
package struct TierTable<Face: TierTwin>: Sendable {
    private let faces: [Face]

    package init() { faces = CPUTier.allCases.map(Face.init(tier:)) }

    package subscript(tier: CPUTier) -> Face { faces[min(tier, .native).rawValue] }

    /// The face of the widest tier this processor runs.
    package var native: Face { self[.native] }
}
