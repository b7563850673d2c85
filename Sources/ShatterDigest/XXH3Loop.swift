import CFastDigest
import CLanes

/// XXH3's long-input loop, one twin per tier of the instruction-set table (CLanes' `cpu.h`), compiled
/// from libxxhash's own header by CFastDigest: the library's entry points are SSE2 only, and the static
/// archive the GPU-box bundle links has no run-time dispatcher. Every loop gives the same digest.
enum XXH3Loop: Int32, CaseIterable, Sendable {
    /// The library's own loop (SSE2 on x86-64), for any processor.
    case baseline = 0
    case avx2 = 1
    case avx512 = 2

    /// The widest loop this processor runs, probed once per process.
    static var widest: XXH3Loop { XXH3Loop(rawValue: shatter_instruction_set()) ?? .baseline }

    /// The loops this processor runs: the baseline and every tier up to the widest.
    static var runnable: [XXH3Loop] { allCases.filter { $0.rawValue <= widest.rawValue } }
}
