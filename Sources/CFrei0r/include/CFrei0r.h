// frei0r's plugin interface (API 1.2, Debian's frei0r-plugins-dev) and the one symbol that tells the
// shared plugin body which transition its library carries.
#ifndef SHATTER_CFREI0R_H
#define SHATTER_CFREI0R_H

#include <frei0r.h>

/// Which transition this plugin library is: 0 the shattered transition (shatter.so), 1 the dust
/// revealing the next clip (shatter_dust.so). Defined once in each library by its kind target.
int shatter_frei0r_transition(void);

#endif
