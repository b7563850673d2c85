/*
 * XXH3-128's long-input loop for each tier of the one instruction-set table (cpu_tier.h), on a state
 * libxxhash made (XXH3_createState). The library's own entry points are SSE2 only (Debian builds it for
 * any x86-64), and its run-time dispatcher is missing from the static archive the GPU-box bundle links,
 * so the bundle hashed every frame with the SSE2 loop. These twins compile xxHash's own header, of the
 * same package as the library, once per tier (XXH_INLINE_ALL), so every build takes the widest loop the
 * processor runs; XXH3 gives the same digest from every loop.
 */
#ifndef SHATTER_FAST_DIGEST_H
#define SHATTER_FAST_DIGEST_H

#include "cpu_tier.h"
#include <stddef.h>

/* One tier's loop, resolved once. */
typedef struct shatter_fast_digest {
    /* Adds `length` bytes to the XXH3-128 state `state` (an XXH3_state_t* from libxxhash). */
    void (*update)(void *state, const void *input, size_t length);
} shatter_fast_digest;

/* The loop of `tier`'s twin (a tier the processor runs): the library's own at the baseline. */
shatter_fast_digest shatter_fast_digest_for(shatter_tier tier);

#endif /* SHATTER_FAST_DIGEST_H */
