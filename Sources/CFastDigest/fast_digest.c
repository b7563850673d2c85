/* Runs the XXH3-128 update twin of a tier (fast_digest.h). */
#include "fast_digest.h"
#include <xxhash.h>

#if defined(__x86_64__)
void shatter_xxh3_128_update_avx2(void *state, const void *input, size_t length);
void shatter_xxh3_128_update_avx512(void *state, const void *input, size_t length);
#endif

void shatter_xxh3_128_update_tier(void *state, const void *input, size_t length, int tier) {
#if defined(__x86_64__)
    if (tier == 2) {
        shatter_xxh3_128_update_avx512(state, input, length);
        return;
    }
    if (tier == 1) {
        shatter_xxh3_128_update_avx2(state, input, length);
        return;
    }
#endif
    (void)tier;
    XXH3_128bits_update((XXH3_state_t *)state, input, length);
}
