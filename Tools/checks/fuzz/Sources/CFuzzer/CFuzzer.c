/* Header-only: LLVMFuzzerRunDriver lives in libFuzzer. SwiftPM wants one C file per C target. */
#include "CFuzzer.h"
