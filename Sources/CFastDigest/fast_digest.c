/* The digest's table line: each tier's XXH3-128 update twin (fast_digest.h). */
#include "fast_digest.h"
#include <xxhash.h>

#if defined(__x86_64__)
void shatter_xxh3_128_update_avx2(void *state, const void *input, size_t length);
void shatter_xxh3_128_update_avx512(void *state, const void *input, size_t length);
#endif

/* The library's own loop (SSE2 on x86-64). */
static void update_baseline(void *state, const void *input, size_t length) {
    XXH3_128bits_update((XXH3_state_t *)state, input, length);
}

shatter_fast_digest shatter_fast_digest_for(shatter_tier tier) {
#if defined(__x86_64__)
    if (tier >= SHATTER_TIER_AVX512) return (shatter_fast_digest){shatter_xxh3_128_update_avx512};
    if (tier >= SHATTER_TIER_AVX2) return (shatter_fast_digest){shatter_xxh3_128_update_avx2};
#endif
    (void)tier;
    return (shatter_fast_digest){update_baseline};
}
