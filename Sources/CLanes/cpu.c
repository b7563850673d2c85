/* The instruction-set table's one probe (cpu.h): run once, on first use, and kept for the process. */
#include "cpu.h"

int shatter_instruction_set(void) {
    static _Atomic int tier = -1; /* -1: not yet probed; racing first callers all store the same answer */
    int known = tier;
    if (known >= 0) return known;
    known = shatter_cpu_runs_avx512() ? 2 : shatter_cpu_runs_avx2() ? 1 : 0;
    tier = known;
    return known;
}
