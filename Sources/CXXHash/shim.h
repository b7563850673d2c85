/*
 * CXXHash: XXH3-128 from the system's libxxhash (Debian: libxxhash-dev). On x86-64 through the
 * library's dispatcher (xxh_x86dispatch.h), which picks the SSE2, AVX2 or AVX-512 loop at run time;
 * the plain entry points are SSE2 only (Debian builds for any x86-64), about twice as slow on a frame.
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
#endif

/* Adds bytes to a 128-bit XXH3 state with the widest loop this processor runs. */
static inline XXH_errorcode shatter_xxh3_128_update(XXH3_state_t *state, const void *input, size_t length) {
#if defined(__x86_64__)
    return XXH3_128bits_update_dispatch(state, input, length);
#else
    return XXH3_128bits_update(state, input, length);
#endif
}

#endif /* SHATTER_CXXHASH_SHIM_H */
