/*
 * One XXH3-128 update twin, included by each tier's file after it defines SHATTER_XXH3_TWIN (the
 * function's name) and SHATTER_XXH3_TARGET (the tier's target attribute, from cpu_tier.h) and XXH_VECTOR.
 * Every function xxHash's header defines in this file is compiled for the tier (XXH_INLINE_ALL makes
 * them static to it), so the library's SSE2 loop is not reached from here.
 */
/* xxHash includes the intrinsics only when the whole file is compiled for AVX2 or AVX-512. */
#include <immintrin.h>
#define XXH_INLINE_ALL
#define XXH_STATIC_LINKING_ONLY
#pragma clang attribute push(SHATTER_XXH3_TARGET, apply_to = function)
#include <xxhash.h>

void SHATTER_XXH3_TWIN(void *state, const void *input, size_t length) {
    XXH3_128bits_update((XXH3_state_t *)state, input, length);
}
#pragma clang attribute pop
