// EGL 1.5 with the extension prototypes (device enumeration, platform displays).
// Extension entry points are looked up with eglGetProcAddress (libglvnd exports only the core ones).
#include <EGL/egl.h>
#include <EGL/eglext.h>
