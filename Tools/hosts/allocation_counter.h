// The test hosts' allocation counter (Tools/hosts/frei0r-host.c, Tools/hosts/obs-test-host.c): malloc and
// friends forwarded to libc's (RTLD_NEXT), each call reported, while `counting` is set, to the including
// file's `note_allocation(size, caller)`, which decides what counts (a large block, a call from the
// module). dlsym itself may allocate before the real functions are known; those few bytes come from a
// static buffer that free() recognises and leaves alone. Include once, after defining _GNU_SOURCE.
#ifndef SHATTER_ALLOCATION_COUNTER_H
#define SHATTER_ALLOCATION_COUNTER_H

#include <dlfcn.h>
#include <stdatomic.h>
#include <stddef.h>

/// Defined by the including file: one allocation of `size` bytes, called from `caller`.
static void note_allocation(size_t size, void *caller);

static atomic_int counting;
static void *(*real_malloc)(size_t);
static void *(*real_calloc)(size_t, size_t);
static void *(*real_realloc)(void *, size_t);
static int (*real_posix_memalign)(void **, size_t, size_t);
static void *(*real_aligned_alloc)(size_t, size_t);
static void *(*real_memalign)(size_t, size_t);
static void (*real_free)(void *);
static _Alignas(16) char bootstrap[8192];
static size_t bootstrap_used;
static int resolving;

static void resolve(void) {
    if (real_free || resolving) return;
    resolving = 1;
    real_malloc = dlsym(RTLD_NEXT, "malloc");
    real_calloc = dlsym(RTLD_NEXT, "calloc");
    real_realloc = dlsym(RTLD_NEXT, "realloc");
    real_posix_memalign = dlsym(RTLD_NEXT, "posix_memalign");
    real_aligned_alloc = dlsym(RTLD_NEXT, "aligned_alloc");
    real_memalign = dlsym(RTLD_NEXT, "memalign");
    real_free = dlsym(RTLD_NEXT, "free");
    resolving = 0;
}

static void *from_bootstrap(size_t size) {
    size = (size + 15) & ~(size_t)15;
    if (bootstrap_used + size > sizeof bootstrap) return NULL;
    void *p = bootstrap + bootstrap_used;
    bootstrap_used += size;
    return p;
}

// Each forwarder takes its caller's address itself: a helper in between would report its own.
#define SHATTER_NOTE(size) \
    do { if (atomic_load(&counting)) note_allocation((size), __builtin_return_address(0)); } while (0)

void *malloc(size_t size) {
    resolve();
    if (!real_malloc) return from_bootstrap(size);
    SHATTER_NOTE(size);
    return real_malloc(size);
}
void *calloc(size_t count, size_t size) {
    resolve();
    if (!real_calloc) return from_bootstrap(count * size);  // static memory is already zero
    SHATTER_NOTE(count * size);
    return real_calloc(count, size);
}
void *realloc(void *p, size_t size) {
    resolve();
    SHATTER_NOTE(size);
    return real_realloc(p, size);
}
int posix_memalign(void **p, size_t alignment, size_t size) {
    resolve();
    SHATTER_NOTE(size);
    return real_posix_memalign(p, alignment, size);
}
void *aligned_alloc(size_t alignment, size_t size) {
    resolve();
    SHATTER_NOTE(size);
    return real_aligned_alloc(alignment, size);
}
void *memalign(size_t alignment, size_t size) {
    resolve();
    SHATTER_NOTE(size);
    return real_memalign(alignment, size);
}
void free(void *p) {
    if ((char *)p >= bootstrap && (char *)p < bootstrap + sizeof bootstrap) return;
    resolve();
    if (p) real_free(p);
}

#undef SHATTER_NOTE
#endif
