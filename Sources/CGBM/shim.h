// GBM, for EGL's GBM platform on a DRM render node.
#include <gbm.h>
