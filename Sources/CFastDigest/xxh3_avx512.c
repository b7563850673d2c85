/* XXH3-128's update compiled for the AVX-512 tier (fast_digest.h). */
#include "cpu_tier.h"
#include <stddef.h>

#if defined(__x86_64__)
#define XXH_VECTOR XXH_AVX512
#define SHATTER_XXH3_TARGET SHATTER_TARGET_AVX512
#define SHATTER_XXH3_TWIN shatter_xxh3_128_update_avx512
#include "xxh3_twin.h"
#endif
