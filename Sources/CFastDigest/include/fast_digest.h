/*
 * XXH3-128's long-input loop for each tier of the one instruction-set table (CLanes' cpu.h), on a state
 * libxxhash made (XXH3_createState). The library's own entry points are SSE2 only (Debian builds it for
 * any x86-64), and its run-time dispatcher is missing from the static archive the GPU-box bundle links,
 * so the bundle hashed every frame with the SSE2 loop. These twins compile xxHash's own header, of the
 * same package as the library, once per tier (XXH_INLINE_ALL), so every build takes the widest loop the
 * processor runs; XXH3 gives the same digest from every loop.
 */
#ifndef SHATTER_FAST_DIGEST_H
#define SHATTER_FAST_DIGEST_H

#include <stddef.h>

/* Adds `length` bytes to the XXH3-128 state `state` (an XXH3_state_t* from libxxhash) with the twin of
 * `tier` (0 the library's baseline loop, 1 AVX2, 2 AVX-512). The caller picks the tier from
 * shatter_instruction_set() (the widest this processor runs), or any lower one: tests hold every twin
 * to the same digests. */
void shatter_xxh3_128_update_tier(void *state, const void *input, size_t length, int tier);

#endif /* SHATTER_FAST_DIGEST_H */
