/* libFuzzer's driver, called from a Swift @main so that SwiftPM's executable entry point works. */
#ifndef SHATTER_CFUZZER_H
#define SHATTER_CFUZZER_H
#include <stddef.h>
#include <stdint.h>

/* In libclang_rt.fuzzer (linked by -sanitize=fuzzer): parses libFuzzer's flags and runs `callback`. */
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
