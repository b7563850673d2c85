/*
 * The Thanos dust's layer split (DustLayerSplit.swift): for every snapshot pixel, its two layers
 * ⌊N · (U + 2c/w) / 3⌋ (capped at N − 1), U the dust stream's draws 0 and 1 for the pixel's index
 * (CounterRNG.uniformPair), with the same IEEE operations in the same order as Swift's, so the same
 * layers. The AVX-512 twin runs eight pixels a step.
 */
#ifndef SHATTER_DUST_SPLIT_H
#define SHATTER_DUST_SPLIT_H

#include "cpu_tier.h"

typedef struct shatter_dust_split {
    /*
     * Writes `words` (width × height, row by row: the first layer in bits 0–7, the second in 8–15,
     * 0xff in 24–31) and ORs into `held` (4 × width 64-bit words, zeroed by the caller; word w of
     * column c, for layers 64w to 64w + 63, at w · width + c) a bit for each layer the column holds. `key` is the pixel keys' common part: CounterRNG's seed and stream
     * mixed (CounterRNG.indexKeyPrefix), each pixel's key that mixed with its index; `offsets` each
     * column's 2c/w, as DustLayerSplit.swift works them out.
     */
    void (*run)(unsigned long long key, int width, int height, int layers, const double *offsets, unsigned *words,
                unsigned long long *held);
} shatter_dust_split;

/* The twin of `tier` (cpu_tier.h), or its widest narrower one. */
shatter_dust_split shatter_dust_split_for(shatter_tier tier);

#endif /* SHATTER_DUST_SPLIT_H */
