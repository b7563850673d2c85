/* The instruction-set table's one probe (cpu_tier.h): run once, on first use, and kept for the process. */
#include "cpu_tier.h"

#if defined(__x86_64__)
#include <cpuid.h>

/* Whether the OS saves every register state in `states` (XCR0's bits; only once OSXSAVE is known). */
static int os_saves(unsigned states) {
    unsigned low, high;
    __asm__("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    return (low & states) == states;
}
#endif

int shatter_cpu_runs_avx2(void) {
#if defined(__x86_64__)
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    const unsigned fma = 1u << 12, osxsave = 1u << 27, avx = 1u << 28;
    if ((c & (fma | osxsave | avx)) != (fma | osxsave | avx)) return 0;
    if (!os_saves(0x6)) return 0; /* XMM and YMM state */
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    const unsigned bmi1 = 1u << 3, avx2 = 1u << 5, bmi2 = 1u << 8;
    return (b & (bmi1 | avx2 | bmi2)) == (bmi1 | avx2 | bmi2);
#else
    return 1;
#endif
}

/* 1 when the processor has every feature of SHATTER_AVX512_FEATURES (the AVX2 tier's, and AVX-512 F,
 * BW, VL and DQ), and the OS saves the 512-bit registers and mask registers (0 off x86-64). */
static int runs_avx512(void) {
#if defined(__x86_64__)
    if (!shatter_cpu_runs_avx2()) return 0;
    unsigned a, b, c, d;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    const unsigned f = 1u << 16, dq = 1u << 17, bw = 1u << 30, vl = 1u << 31;
    if ((b & (f | dq | bw | vl)) != (f | dq | bw | vl)) return 0;
    return os_saves(0xE6); /* XMM, YMM, opmask, ZMM 0-15 upper halves, ZMM 16-31 */
#else
    return 0;
#endif
}

shatter_tier shatter_cpu_tier(void) {
    static _Atomic int tier = -1; /* -1: not yet probed; racing first callers all store the same answer */
    int known = tier;
    if (known >= 0) return (shatter_tier)known;
    known = runs_avx512() ? SHATTER_TIER_AVX512 : shatter_cpu_runs_avx2() ? SHATTER_TIER_AVX2 : SHATTER_TIER_BASELINE;
    tier = known;
    return (shatter_tier)known;
}
