/*
 * Whether this processor can run the code it was compiled for. A build for x86-64-v3 (Tools/bundle.sh,
 * or -Xswiftc -target-cpu -Xswiftc haswell -Xcc -march=haswell) uses AVX2 and FMA throughout, and on
 * a processor without them would die of an illegal instruction at the first sprite; `shatter` asks
 * first and says what to do instead.
 */
#ifndef SHATTER_CPU_H
#define SHATTER_CPU_H

#if defined(__x86_64__)
#include <cpuid.h>
#endif

/* 1 when compiled for AVX2 (the -march the C side of the build was given). */
static inline int shatter_built_for_avx2(void) {
#if defined(__AVX2__)
    return 1;
#else
    return 0;
#endif
}

#if defined(__x86_64__)
/* Whether the OS saves every register state in `states` (XCR0's bits; only once OSXSAVE is known). */
static inline int shatter_os_saves(unsigned states) {
    unsigned low, high;
    __asm__("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    return (low & states) == states;
}
#endif

/* 1 when the processor has AVX2 and FMA and the OS saves the 256-bit registers (or this is not x86-64). */
static inline int shatter_cpu_runs_avx2(void) {
#if defined(__x86_64__)
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    const unsigned fma = 1u << 12, osxsave = 1u << 27, avx = 1u << 28;
    if ((c & (fma | osxsave | avx)) != (fma | osxsave | avx)) return 0;
    if (!shatter_os_saves(0x6)) return 0; /* XMM and YMM state */
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return (b >> 5) & 1; /* AVX2 */
#else
    return 1;
#endif
}

/* 1 when the processor has AVX2, FMA and AVX-512 F, BW, VL and DQ, and the OS saves the 512-bit
 * registers and mask registers: the small-sprite kernel's AVX-512 twin (0 off x86-64). */
static inline int shatter_cpu_runs_avx512(void) {
#if defined(__x86_64__)
    if (!shatter_cpu_runs_avx2()) return 0;
    unsigned a, b, c, d;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    const unsigned f = 1u << 16, dq = 1u << 17, bw = 1u << 30, vl = 1u << 31;
    if ((b & (f | dq | bw | vl)) != (f | dq | bw | vl)) return 0;
    return shatter_os_saves(0xE6); /* XMM, YMM, opmask, ZMM 0-15 upper halves, ZMM 16-31 */
#else
    return 0;
#endif
}

#endif /* SHATTER_CPU_H */
