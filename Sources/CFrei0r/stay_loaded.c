// A frei0r plugin is never unloaded once a host has loaded it, however it was built: the threads a host
// lent it (MLT's, with threads=0 and more) keep thread-local data whose destructors live in the plugin's
// code, and a host that unloads plugins at exit (melt does) would then run them from unmapped memory.
// Tools/install-frei0r.sh links with `-z nodelete` for the same reason; this constructor gives a plain
// `swift build` of the package's frei0r products the same guarantee (RTLD_NODELETE on the library itself).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>

__attribute__((constructor)) static void shatter_frei0r_stay_loaded(void) {
    Dl_info info;
    if (dladdr((void *)&shatter_frei0r_stay_loaded, &info) != 0 && info.dli_fname != NULL) {
        // RTLD_NOLOAD: only marks the library already being loaded; the reference it adds is never dropped.
        (void)dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
    }
}
