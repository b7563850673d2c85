/*
 * CDeflate: Debian's libdeflate (whole-buffer DEFLATE, several times zlib's speed at the same ratio),
 * which compresses the IDAT stream of the PNGs Shatter writes at levels other than 1, and inflates the
 * PNGs it reads quickly. Linked through pkg-config, so the bundle can link the static archive instead
 * (Tools/bundle.sh).
 */
#ifndef SHATTER_CDEFLATE_SHIM_H
#define SHATTER_CDEFLATE_SHIM_H

#include <libdeflate.h>

#endif /* SHATTER_CDEFLATE_SHIM_H */
