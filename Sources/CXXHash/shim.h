/*
 * CXXHash: XXH3-128 from the system's libxxhash (Debian: libxxhash-dev). On x86-64 through the
 * library's dispatcher (xxh_x86dispatch.h), which picks the SSE2, AVX2 or AVX-512 loop at run time;
 * the plain entry points are SSE2 only (Debian builds for any x86-64), slower by half or more on a
 * frame (docs/speed.md, "Frame digests"). Debian's static archive (libxxhash.a, which the GPU-box
 * bundle links) has no dispatcher, so it is declared weak: linked statically it is absent (null) and
 * the plain loop runs, with the same digests.
 *
 * The streaming state (XXH3_state_t) wants 64-byte alignment, which Swift does not promise for a
 * stored value, so the Swift hasher keeps the one the library allocates (XXH3_createState).
 */
#ifndef SHATTER_CXXHASH_SHIM_H
#define SHATTER_CXXHASH_SHIM_H

#include <xxhash.h>
#if defined(__x86_64__)
#define XXH_DISPATCH_DISABLE_REPLACE 1
#include <xxh_x86dispatch.h>
#pragma weak XXH3_128bits_update_dispatch
#endif

/* Adds bytes to a 128-bit XXH3 state with the widest loop this processor and library run. */
static inline XXH_errorcode shatter_xxh3_128_update(XXH3_state_t *state, const void *input, size_t length) {
#if defined(__x86_64__)
    if (XXH3_128bits_update_dispatch) return XXH3_128bits_update_dispatch(state, input, length);
#endif
    return XXH3_128bits_update(state, input, length);
}

#endif /* SHATTER_CXXHASH_SHIM_H */
