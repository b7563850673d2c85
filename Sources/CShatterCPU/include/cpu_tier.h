/*
 * The one instruction-set table (as Skia's SkOpts) of every C twin in Shatter: the tiers, the target
 * attribute each tier's twins are compiled with, and the probe that says which tiers this processor
 * runs. A C unit with twins includes this header, compiles one body once per tier it has (a function
 * marked SHATTER_TARGET_AVX2 or SHATTER_TARGET_AVX512, and no other target attribute: the
 * architecture tests hold every C source to that), and exposes one table of entry points per tier,
 * `…_for(shatter_tier)`, which the Swift face resolves once per process (CPUTier.native). A tier a
 * unit has no twin of gives that unit's widest narrower twin.
 */
#ifndef SHATTER_CPU_TIER_H
#define SHATTER_CPU_TIER_H

/* The tiers, narrowest first; each runs every narrower tier's twins too. */
typedef enum shatter_tier {
    /* Any x86-64 (SSE2), or any other processor. */
    SHATTER_TIER_BASELINE = 0,
    /* SHATTER_AVX2_FEATURES. */
    SHATTER_TIER_AVX2 = 1,
    /* SHATTER_AVX512_FEATURES. */
    SHATTER_TIER_AVX512 = 2,
} shatter_tier;

/*
 * The tiers' target attributes, and the features each names; the probe below checks every one
 * (InstructionSetTableTests holds the two lists to each other). A processor runs a tier's twins when
 * it has all of the tier's features and its OS saves the registers they use.
 *
 * The AVX2 tier: AVX2 with FMA and BMI1/BMI2, which every AVX2 processor has (x86-64-v3's core).
 */
#define SHATTER_AVX2_FEATURES "avx2,fma,bmi,bmi2"
#define SHATTER_TARGET_AVX2 __attribute__((target(SHATTER_AVX2_FEATURES)))
/* The AVX-512 tier: the AVX2 tier's features and AVX-512 F, BW, VL and DQ. */
#define SHATTER_AVX512_FEATURES "avx2,fma,bmi,bmi2,avx512f,avx512bw,avx512vl,avx512dq"
#define SHATTER_TARGET_AVX512 __attribute__((target(SHATTER_AVX512_FEATURES)))

/*
 * 1 when the C side of the build was compiled for AVX2 (-march=haswell, as Tools/bundle.sh's
 * x86-64-v3 build is): such a build uses AVX2 and FMA throughout, and on a processor without them
 * would die of an illegal instruction at the first sprite, so `shatter` asks first and says what to
 * do instead.
 */
static inline int shatter_built_for_avx2(void) {
#if defined(__AVX2__)
    return 1;
#else
    return 0;
#endif
}

/* 1 when the processor has every feature of SHATTER_AVX2_FEATURES and the OS saves the 256-bit
 * registers (or this is not x86-64). */
int shatter_cpu_runs_avx2(void);

/* The widest tier this processor runs, probed once per process and kept; every twin is chosen from it. */
shatter_tier shatter_cpu_tier(void);

#endif /* SHATTER_CPU_TIER_H */
