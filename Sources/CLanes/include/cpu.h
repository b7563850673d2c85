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

/*
 * The one instruction-set table (as Skia's SkOpts): every C twin in Shatter (the small-sprite kernel,
 * the binned stage, the PNG encoder) is compiled with one of these two target attributes, and only
 * these, and the probes below check every feature each names (InstructionSetTableTests holds the C
 * sources to that). A processor runs a tier's twins when it has all of the tier's features and its OS
 * saves the registers they use.
 *
 * The AVX2 tier: AVX2 with FMA and BMI1/BMI2, which every AVX2 processor has (x86-64-v3's core).
 */
#define SHATTER_AVX2_FEATURES "avx2,fma,bmi,bmi2"
#define SHATTER_TARGET_AVX2 __attribute__((target(SHATTER_AVX2_FEATURES)))
/* The AVX-512 tier: the AVX2 tier's features and AVX-512 F, BW, VL and DQ. */
#define SHATTER_AVX512_FEATURES "avx2,fma,bmi,bmi2,avx512f,avx512bw,avx512vl,avx512dq"
#define SHATTER_TARGET_AVX512 __attribute__((target(SHATTER_AVX512_FEATURES)))

#if defined(__x86_64__)
/* Whether the OS saves every register state in `states` (XCR0's bits; only once OSXSAVE is known). */
static inline int shatter_os_saves(unsigned states) {
    unsigned low, high;
    __asm__("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    return (low & states) == states;
}
#endif

/* 1 when the processor has every feature of SHATTER_AVX2_FEATURES (AVX2, FMA, BMI1, BMI2) and the OS
 * saves the 256-bit registers (or this is not x86-64). */
static inline int shatter_cpu_runs_avx2(void) {
#if defined(__x86_64__)
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    const unsigned fma = 1u << 12, osxsave = 1u << 27, avx = 1u << 28;
    if ((c & (fma | osxsave | avx)) != (fma | osxsave | avx)) return 0;
    if (!shatter_os_saves(0x6)) return 0; /* XMM and YMM state */
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    const unsigned bmi1 = 1u << 3, avx2 = 1u << 5, bmi2 = 1u << 8;
    return (b & (bmi1 | avx2 | bmi2)) == (bmi1 | avx2 | bmi2);
#else
    return 1;
#endif
}

/* 1 when the processor has every feature of SHATTER_AVX512_FEATURES (the AVX2 tier's, and AVX-512 F, BW,
 * VL and DQ), and the OS saves the 512-bit registers and mask registers (0 off x86-64). */
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

/* The widest tier this processor runs: 2 AVX-512, 1 AVX2, 0 the baseline. Probed once per process and
 * kept (cpu.c); every twin is chosen from this. */
int shatter_instruction_set(void);

#endif /* SHATTER_CPU_H */
