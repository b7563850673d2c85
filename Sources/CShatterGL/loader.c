/*
 * Defines every entry point of shatter_gl_functions.h as a call through a pointer that
 * shatter_gl_load() fills from libEGL.so.1 and libGLESv2.so.2 with dlopen/dlsym.
 *
 * The Khronos prototypes are switched on here (and only here), made hidden like ours, so the
 * compiler checks each definition against the official signature.
 */
#define EGL_EGL_PROTOTYPES 1
#define GL_GLES_PROTOTYPES 1
#define EGLAPI __attribute__((visibility("hidden")))
#define GL_APICALL __attribute__((visibility("hidden")))
#include "CShatterGL.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define SHATTER_GL_DEFINE(ret, name, params, args) \
    static ret (*shatter_p_##name) params; \
    ret name params { return shatter_p_##name args; }
#define SHATTER_GL_DEFINE_VOID(name, params, args) \
    static void (*shatter_p_##name) params; \
    void name params { shatter_p_##name args; }
SHATTER_EGL_FUNCTIONS(SHATTER_GL_DEFINE, SHATTER_GL_DEFINE_VOID)
SHATTER_GLES_FUNCTIONS(SHATTER_GL_DEFINE, SHATTER_GL_DEFINE_VOID)

/* One attempt per library per process; the outcome is kept for every later caller. */
typedef struct ShatterLoad {
    pthread_once_t once;
    int status;
    const char *library;
    const char *symbol;
    char message[512];
} ShatterLoad;

static void shatter_load_failed(ShatterLoad *load, int status, const char *library, const char *symbol) {
    const char *reason = dlerror();
    load->status = status;
    load->library = library;
    load->symbol = symbol;
    snprintf(load->message, sizeof load->message, "%s", reason != NULL ? reason : "unknown dlopen error");
}

/* dlsym into *slot; 0 or -1 with the failure recorded. */
static int shatter_lookup(ShatterLoad *load, void *library, const char *soname, const char *name, void **slot) {
    dlerror();
    *slot = dlsym(library, name);
    if (*slot == NULL) {
        shatter_load_failed(load, SHATTER_GL_SYMBOL_MISSING, soname, name);
        return -1;
    }
    return 0;
}

static ShatterLoad shatter_gl = { PTHREAD_ONCE_INIT, 0, NULL, NULL, "" };

static void shatter_gl_load_once(void) {
    /* Kept open for the life of the process: the pointers below point into them. */
    void *egl = dlopen(SHATTER_EGL_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (egl == NULL) {
        shatter_load_failed(&shatter_gl, SHATTER_GL_LIBRARY_MISSING, SHATTER_EGL_LIBRARY, NULL);
        return;
    }
    void *gles = dlopen(SHATTER_GLES_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (gles == NULL) {
        shatter_load_failed(&shatter_gl, SHATTER_GL_LIBRARY_MISSING, SHATTER_GLES_LIBRARY, NULL);
        return;
    }
#define SHATTER_GL_LOOKUP_EGL(ret, name, params, args) \
    if (shatter_lookup(&shatter_gl, egl, SHATTER_EGL_LIBRARY, #name, (void **)&shatter_p_##name) != 0) return;
#define SHATTER_GL_LOOKUP_EGL_VOID(name, params, args) SHATTER_GL_LOOKUP_EGL(void, name, params, args)
#define SHATTER_GL_LOOKUP_GLES(ret, name, params, args) \
    if (shatter_lookup(&shatter_gl, gles, SHATTER_GLES_LIBRARY, #name, (void **)&shatter_p_##name) != 0) return;
#define SHATTER_GL_LOOKUP_GLES_VOID(name, params, args) SHATTER_GL_LOOKUP_GLES(void, name, params, args)
    SHATTER_EGL_FUNCTIONS(SHATTER_GL_LOOKUP_EGL, SHATTER_GL_LOOKUP_EGL_VOID)
    SHATTER_GLES_FUNCTIONS(SHATTER_GL_LOOKUP_GLES, SHATTER_GL_LOOKUP_GLES_VOID)
    shatter_gl.status = SHATTER_GL_LOADED;
}

int shatter_gl_load(void) {
    pthread_once(&shatter_gl.once, shatter_gl_load_once);
    return shatter_gl.status;
}

const char *shatter_gl_failed_library(void) { return shatter_gl.library; }
const char *shatter_gl_failed_symbol(void) { return shatter_gl.symbol; }
const char *shatter_gl_load_message(void) { return shatter_gl.message; }

/* GBM: two entry points, for EGL's GBM platform on a DRM render node. */
static struct gbm_device *(*shatter_p_gbm_create_device)(int fd);
static void (*shatter_p_gbm_device_destroy)(struct gbm_device *device);
static ShatterLoad shatter_gbm = { PTHREAD_ONCE_INIT, 0, NULL, NULL, "" };

static void shatter_gbm_load_once(void) {
    void *gbm = dlopen(SHATTER_GBM_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (gbm == NULL) {
        shatter_load_failed(&shatter_gbm, SHATTER_GL_LIBRARY_MISSING, SHATTER_GBM_LIBRARY, NULL);
        return;
    }
    if (shatter_lookup(&shatter_gbm, gbm, SHATTER_GBM_LIBRARY, "gbm_create_device", (void **)&shatter_p_gbm_create_device) != 0
        || shatter_lookup(&shatter_gbm, gbm, SHATTER_GBM_LIBRARY, "gbm_device_destroy", (void **)&shatter_p_gbm_device_destroy) != 0) {
        return;
    }
    shatter_gbm.status = SHATTER_GL_LOADED;
}

int shatter_gbm_load(void) {
    pthread_once(&shatter_gbm.once, shatter_gbm_load_once);
    return shatter_gbm.status;
}

const char *shatter_gbm_load_message(void) { return shatter_gbm.message; }

struct gbm_device *shatter_gbm_create_device(int fd) { return shatter_p_gbm_create_device(fd); }
void shatter_gbm_device_destroy(struct gbm_device *device) { shatter_p_gbm_device_destroy(device); }
