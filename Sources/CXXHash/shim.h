/*
 * CXXHash: XXH3-128 from the system's libxxhash (Debian: libxxhash-dev): its state, reset and digest.
 * The long-input loop comes from CFastDigest, which compiles the library's header for each tier of
 * the instruction-set table; the library's own entry points are SSE2 only, and the static archive the
 * GPU-box bundle links has no run-time dispatcher.
 *
 * The streaming state (XXH3_state_t) wants 64-byte alignment, which Swift does not promise for a
 * stored value, so the Swift hasher keeps the one the library allocates (XXH3_createState).
 */
#ifndef SHATTER_CXXHASH_SHIM_H
#define SHATTER_CXXHASH_SHIM_H

#include <xxhash.h>

#endif /* SHATTER_CXXHASH_SHIM_H */
