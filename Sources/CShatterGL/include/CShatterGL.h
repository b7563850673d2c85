/*
 * CShatterGL: EGL, OpenGL ES 3 and GBM, opened at run time with dlopen.
 *
 * The `shatter` binary must start on a machine with no GL library at all (the CPU renderer needs
 * none), so nothing here is linked: the Khronos headers give the types and constants only (their
 * prototypes are switched off), and the entry points Shatter uses are C functions of the same names
 * (declared below from shatter_gl_functions.h) that call through pointers filled by
 * shatter_gl_load(). Swift code calls `glDrawArrays(…)` as before, after `shatter_gl_load()` said 0.
 *
 * The functions are hidden: exported from the executable, they would interpose on the real ones
 * inside libEGL/libGLESv2 (an executable's symbols come first in the global lookup scope).
 */
#ifndef CSHATTERGL_H
#define CSHATTERGL_H

#ifndef EGL_EGL_PROTOTYPES
#define EGL_EGL_PROTOTYPES 0
#endif
#ifndef GL_GLES_PROTOTYPES
#define GL_GLES_PROTOTYPES 0
#endif
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>

#include "shatter_gl_functions.h"

#define SHATTER_GL_HIDDEN __attribute__((visibility("hidden")))

#define SHATTER_GL_DECLARE(ret, name, params, args) SHATTER_GL_HIDDEN ret name params;
#define SHATTER_GL_DECLARE_VOID(name, params, args) SHATTER_GL_HIDDEN void name params;
SHATTER_EGL_FUNCTIONS(SHATTER_GL_DECLARE, SHATTER_GL_DECLARE_VOID)
SHATTER_GLES_FUNCTIONS(SHATTER_GL_DECLARE, SHATTER_GL_DECLARE_VOID)
#undef SHATTER_GL_DECLARE
#undef SHATTER_GL_DECLARE_VOID

/* The sonames opened; a driver's own EGL (libEGL_nvidia, libEGL_mesa) is found by libglvnd's libEGL. */
#define SHATTER_EGL_LIBRARY "libEGL.so.1"
#define SHATTER_GLES_LIBRARY "libGLESv2.so.2"
#define SHATTER_GBM_LIBRARY "libgbm.so.1"

/* shatter_gl_load's answers. */
enum {
    SHATTER_GL_LOADED = 0,
    SHATTER_GL_LIBRARY_MISSING = 1, /* dlopen failed: shatter_gl_failed_library() names it */
    SHATTER_GL_SYMBOL_MISSING = 2,  /* the library lacks an entry point: shatter_gl_failed_symbol() */
};

/* Opens libEGL and libGLESv2 and looks up every entry point, once per process (later calls return
 * the first answer). Thread-safe. */
SHATTER_GL_HIDDEN int shatter_gl_load(void);
/* After a failed load: the soname that failed, the entry point (or NULL) and dlerror()'s words. */
SHATTER_GL_HIDDEN const char *shatter_gl_failed_library(void);
SHATTER_GL_HIDDEN const char *shatter_gl_failed_symbol(void);
SHATTER_GL_HIDDEN const char *shatter_gl_load_message(void);

/* GBM, optional: only EGL's GBM platform uses it. Same answers as shatter_gl_load. */
struct gbm_device;
SHATTER_GL_HIDDEN int shatter_gbm_load(void);
SHATTER_GL_HIDDEN const char *shatter_gbm_load_message(void);
/* gbm_create_device / gbm_device_destroy; call only after shatter_gbm_load() said 0. */
SHATTER_GL_HIDDEN struct gbm_device *shatter_gbm_create_device(int fd);
SHATTER_GL_HIDDEN void shatter_gbm_device_destroy(struct gbm_device *device);

#endif /* CSHATTERGL_H */
