/*
 * The fast PNG encoder (fast_png.h): one body, compiled for any x86-64 and again for AVX2 and for
 * AVX-512, where the row filters and the scans over a band vectorise to 32-byte lanes and the
 * literals' codes are joined in lanes and placed by prefix sums (literals_avx2, literals_avx512).
 */
/* The AVX2 twin's helpers pass no vectors across calls (all are inlined), so no ABI mismatch arises. */
#pragma clang diagnostic ignored "-Wpsabi"

#include "fast_png.h"

#include "filter_lanes.h"
#include <libdeflate.h> /* CDeflate's library: the Adler-32 */
#include <stdlib.h>
#include <string.h>

#define ALWAYS static inline __attribute__((always_inline))
#define BAND SHATTER_FAST_PNG_BAND_ROWS
#ifndef RUN_MIN
#define RUN_MIN 16
#endif
#ifndef SAMPLE_EVERY
#define SAMPLE_EVERY 8
#endif

/* The literal/length code is limited to 12 bits so that four codes (48 bits) go into the bit buffer
 * between flushes (and a code and its length into 16 bits, literals_avx512); a byte's code seldom
 * wants more, and the cap costs a fraction of a percent. */
enum { LITLEN_LIMIT = 12, CODELEN_LIMIT = 7, LITLEN_SYMBOLS = 286, END_OF_BLOCK = 256 };
_Static_assert(LITLEN_LIMIT <= 12, "literals_avx512's entries hold a code of ≤ 12 bits and its length in 4 bits");

/* ---- Bits, least significant first (RFC 1951 §3.1.1). ----
 *
 * The writer's invariants, which every path that writes keeps (put/flush here, and literals_avx512,
 * which writes without them): after a flush, `count` < 8 bits are pending in `bits` (none above
 * them), every byte before `out` is final, and nothing is written past `out` + 7 (the 8 bytes of
 * slack that shatter_fast_png_bound leaves); bytes from `out` on may hold anything. */

typedef struct {
    uint64_t bits;
    unsigned count;
    uint8_t *out;
} writer_t;

/* Adds `length` ≤ 57 − count bits. */
ALWAYS void put(writer_t *w, uint64_t code, unsigned length) {
    w->bits |= code << w->count;
    w->count += length;
}

/* Writes the whole bytes out (8 at once; the buffer has 8 bytes of slack), keeping fewer than 8 bits.
 * The buffer never holds more than 7 + 48 bits, so the shift stays under 64. */
ALWAYS void flush(writer_t *w) {
    memcpy(w->out, &w->bits, 8);
    unsigned whole = w->count >> 3;
    w->out += whole;
    w->bits >>= whole * 8;
    w->count &= 7;
}

ALWAYS void put_flushed(writer_t *w, uint64_t code, unsigned length) {
    put(w, code, length);
    flush(w);
}

/* Pads to a byte boundary. */
ALWAYS void align(writer_t *w) {
    w->count = (w->count + 7) & ~7u;
    flush(w);
}

/* ---- Huffman codes. ---- */

/* `count` symbols (in increasing order) sorted by frequency, ties staying in symbol order: a stable
 * radix sort, a byte of the frequency a pass, as many passes as the largest frequency has bytes (a
 * band's code is built 34 times a 1080p frame, and qsort's calls through a pointer cost more than the
 * counting). */
static void sort_by_frequency(int *symbols, int count, const uint32_t *freq) {
    int spare[LITLEN_SYMBOLS], *from = symbols, *to = spare;
    uint32_t largest = 0;
    for (int i = 0; i < count; i++) largest = freq[symbols[i]] > largest ? freq[symbols[i]] : largest;
    for (unsigned shift = 0; shift < 32 && (largest >> shift) != 0; shift += 8) {
        int start[257] = {0};
        for (int i = 0; i < count; i++) start[(freq[from[i]] >> shift & 255) + 1]++;
        for (int d = 0; d < 256; d++) start[d + 1] += start[d];
        for (int i = 0; i < count; i++) to[start[freq[from[i]] >> shift & 255]++] = from[i];
        int *swap = from;
        from = to, to = swap;
    }
    if (from != symbols) memcpy(symbols, from, (size_t)count * sizeof *symbols);
}

/* Code lengths of at most `limit` bits for `n` symbols of the given frequencies, as Huffman's
 * algorithm gives them, deepened where over the limit as miniz does (tdefl_huffman_enforce_max_code_size):
 * whole leaves moved from the longest length up until Kraft's sum is one again. A lone used symbol
 * gets a partner, since decoders expect a complete code. */
static void code_lengths(const uint32_t *freq, int n, unsigned limit, uint8_t *lengths) {
    int symbols[LITLEN_SYMBOLS], used = 0;
    memset(lengths, 0, (size_t)n);
    for (int s = 0; s < n; s++)
        if (freq[s]) symbols[used++] = s;
    if (used == 0) {
        lengths[0] = lengths[1] = 1;
        return;
    }
    if (used == 1) {
        lengths[symbols[0]] = 1;
        lengths[symbols[0] == 0 ? 1 : 0] = 1;
        return;
    }
    /* By frequency, ties by symbol. */
    sort_by_frequency(symbols, used, freq);
    /* Huffman's tree by the two-queue method: leaves in order, internal nodes made in order. */
    uint64_t weight[2 * LITLEN_SYMBOLS];
    int parent[2 * LITLEN_SYMBOLS];
    for (int i = 0; i < used; i++) weight[i] = freq[symbols[i]];
    int leaf = 0, node = used, next = used;
    for (int k = 0; k < used - 1; k++) {
        int pick[2];
        for (int t = 0; t < 2; t++) {
            if (leaf < used && (node >= next || weight[leaf] <= weight[node])) pick[t] = leaf++;
            else pick[t] = node++;
        }
        weight[next] = weight[pick[0]] + weight[pick[1]];
        parent[pick[0]] = parent[pick[1]] = next;
        next++;
    }
    /* Depths, root (next − 1) at 0; counted per length, the deepest folded onto the limit. */
    unsigned depth[2 * LITLEN_SYMBOLS], count[64] = {0};
    depth[next - 1] = 0;
    for (int i = next - 2; i >= 0; i--) depth[i] = depth[parent[i]] + 1;
    for (int i = 0; i < used; i++) count[depth[i] < limit ? depth[i] : limit]++;
    uint64_t total = 0;
    for (unsigned l = 1; l <= limit; l++) total += (uint64_t)count[l] << (limit - l);
    while (total > (1ull << limit)) {
        count[limit]--;
        for (unsigned l = limit - 1; l > 0; l--) {
            if (count[l]) {
                count[l]--;
                count[l + 1] += 2;
                break;
            }
        }
        total--;
    }
    /* The rarest symbols take the longest codes. */
    int at = 0;
    for (unsigned l = limit; l > 0; l--)
        for (unsigned k = 0; k < count[l]; k++) lengths[symbols[at++]] = (uint8_t)l;
}

/* Canonical codes (RFC 1951 §3.2.2), bit-reversed for writing least significant bit first. */
static void canonical_codes(const uint8_t *lengths, int n, uint16_t *codes) {
    unsigned count[16] = {0}, next[16];
    for (int s = 0; s < n; s++) count[lengths[s]]++;
    count[0] = 0;
    unsigned code = 0;
    for (int l = 1; l < 16; l++) {
        code = (code + count[l - 1]) << 1;
        next[l] = code;
    }
    for (int s = 0; s < n; s++) {
        unsigned l = lengths[s];
        if (!l) continue;
        codes[s] = (uint16_t)(__builtin_bitreverse16((uint16_t)next[l]++) >> (16 - l));
    }
}

/* ---- Match lengths (RFC 1951 §3.2.5). ---- */

static const uint16_t length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                         31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};

/* The length symbol (257 …) of a match of `length` 3 … 258: lengths 3 … 10 one symbol each, then four
 * symbols per doubling, each covering 2^extra lengths, and 258 its own. */
static inline int length_symbol(int length) {
    unsigned l = (unsigned)length - 3;
    if (length == 258) return 285;
    if (l < 8) return 257 + (int)l;
    unsigned extra = 31u - (unsigned)__builtin_clz(l) - 2;
    return 257 + 4 * (int)extra + 4 + (int)((l >> extra) & 3);
}

/* ---- A band's tokens: bytes, and runs of zeros as distance-1 matches. ---- */

typedef struct {
    uint32_t freq[LITLEN_SYMBOLS];
    /* Per byte, its code | length << 16; per match length 3 … 258, its length code, extra bits and
     * distance code (a single 0 bit: distance 1) together, and their bit count. */
    uint32_t literal[256];
    uint32_t match[259];
    uint8_t matchBits[259];
    uint8_t lengths[LITLEN_SYMBOLS];
    /* The AVX2 and AVX-512 twins' table: per byte, its code | length << 12. */
    uint16_t packed[256];
} code_t;

/* A run of `run` zero bytes: matches of up to 258, the last byte before them being zero (the caller
 * writes a literal zero first when it is not), and fewer than 3 left over as literals. */
ALWAYS void zero_run(code_t *c, writer_t *w, long run, int encode) {
    while (run >= 3) {
        long length = run > 258 ? (run - 258 < 3 ? run - 3 : 258) : run;
        if (encode) put_flushed(w, c->match[length], c->matchBits[length]);
        else c->freq[length_symbol((int)length)]++;
        run -= length;
    }
    if (encode)
        for (; run > 0; run--) put_flushed(w, c->literal[0] & 0xffff, c->literal[0] >> 16);
    else
        c->freq[0] += (uint32_t)run;
}

/* Ends a run of `run` zero bytes, the byte before them `before`: a literal zero first where that is
 * not zero, so that the matches copy a zero. */
ALWAYS void end_run(code_t *c, writer_t *w, long run, int before, int encode) {
    if (before != 0) {
        if (encode) put_flushed(w, c->literal[0] & 0xffff, c->literal[0] >> 16);
        else c->freq[0]++;
        run--;
    }
    zero_run(c, w, run, encode);
}

/* Four bytes' codes joined two by two, so that the joins do not wait on one another, then written. */
ALWAYS void put4(const code_t *c, writer_t *w, const uint8_t *bytes) {
    uint32_t e0 = c->literal[bytes[0]], e1 = c->literal[bytes[1]], e2 = c->literal[bytes[2]], e3 = c->literal[bytes[3]];
    unsigned l0 = e0 >> 16, l1 = e1 >> 16, l2 = e2 >> 16, l3 = e3 >> 16;
    uint64_t low = (e0 & 0xffff) | (uint64_t)(e1 & 0xffff) << l0;
    uint64_t high = (e2 & 0xffff) | (uint64_t)(e3 & 0xffff) << l2;
    put(w, low | high << (l0 + l1), l0 + l1 + l2 + l3);
}

/* Literal bytes' codes, four at a time. */
ALWAYS void literals_scalar(const code_t *c, writer_t *w, const uint8_t *bytes, size_t count) {
    size_t k = 0;
    for (; k + 4 <= count; k += 4) {
        put4(c, w, bytes + k);
        flush(w);
    }
    for (; k < count; k++) {
        uint32_t e = c->literal[bytes[k]];
        put(w, e & 0xffff, e >> 16);
    }
    flush(w);
}

#if defined(__x86_64__)
#include <immintrin.h>
/* Lanes moved one or two qwords up across the pair (`before`, `v`): lane i of the result is lane
 * i − k of v, or of `before` below 0. */
#define QWORDS_UP1_AFTER(before, v) _mm256_alignr_epi8((v), _mm256_permute2x128_si256((before), (v), 0x21), 8)
#define QWORDS_UP2_AFTER(before, v) _mm256_permute2x128_si256((before), (v), 0x21)

/* Four bytes' entries in one 64-bit word, the first lowest. */
ALWAYS uint64_t entries4(const uint16_t *table, uint32_t bytes) {
    return table[bytes & 255] | (uint64_t)table[bytes >> 8 & 255] << 16 | (uint64_t)table[bytes >> 16 & 255] << 32 |
           (uint64_t)table[bytes >> 24] << 48;
}

/* Four quads of four codes each from 16 entries, in 64-bit lanes, and their lengths. */
SHATTER_TARGET_AVX2 ALWAYS __m256i quads(__m256i entry, __m256i *length) {
    const __m256i low12 = _mm256_set1_epi32(0xfff), nibble = _mm256_set1_epi32(0xf), low32 = _mm256_set1_epi64x(0xffffffff);
    /* Pairs in 32-bit lanes: the odd byte's code after the even one's. */
    __m256i evenLength = _mm256_and_si256(_mm256_srli_epi32(entry, 12), nibble);
    __m256i pair = _mm256_or_si256(_mm256_and_si256(entry, low12),
                                   _mm256_sllv_epi32(_mm256_and_si256(_mm256_srli_epi32(entry, 16), low12), evenLength));
    __m256i pairLength = _mm256_add_epi32(evenLength, _mm256_srli_epi32(entry, 28));
    /* Quads in 64-bit lanes: the upper pair after the lower. */
    __m256i lowLength = _mm256_and_si256(pairLength, low32);
    *length = _mm256_add_epi64(lowLength, _mm256_srli_epi64(pairLength, 32));
    return _mm256_or_si256(_mm256_and_si256(pair, low32), _mm256_sllv_epi64(_mm256_srli_epi64(pair, 32), lowLength));
}

/* Each quad's stream from its first byte on: the quad shifted into place, with the ends of the one and
 * two quads before (lanes of `placedBefore`, `byteBefore` below lane 0) that share its first byte. */
SHATTER_TARGET_AVX2 ALWAYS __m256i stream(__m256i placedBefore, __m256i byteBefore, __m256i placed, __m256i byte) {
    __m256i one = _mm256_srlv_epi64(QWORDS_UP1_AFTER(placedBefore, placed),
                                    _mm256_slli_epi64(_mm256_sub_epi64(byte, QWORDS_UP1_AFTER(byteBefore, byte)), 3));
    __m256i two = _mm256_srlv_epi64(QWORDS_UP2_AFTER(placedBefore, placed),
                                    _mm256_slli_epi64(_mm256_sub_epi64(byte, QWORDS_UP2_AFTER(byteBefore, byte)), 3));
    return _mm256_or_si256(placed, _mm256_or_si256(one, two));
}

/* `n` (16 … 32) bytes' codes, their entries in `low` and `high`, written after the writer's pending bits. */
SHATTER_TARGET_AVX2 ALWAYS void literals_32_avx2(writer_t *w, __m256i low, __m256i high, unsigned n) {
    const __m256i zero = _mm256_setzero_si256(), seven = _mm256_set1_epi64x(7);
    __m256i lowLength, highLength;
    __m256i lowQuad = quads(low, &lowLength), highQuad = quads(high, &highLength);
    /* Each quad's first bit: the pending bits and the lengths before it. */
    __m256i lowEnd = _mm256_add_epi64(lowLength, QWORDS_UP1_AFTER(zero, lowLength));
    lowEnd = _mm256_add_epi64(lowEnd, QWORDS_UP2_AFTER(zero, lowEnd));
    __m256i highEnd = _mm256_add_epi64(highLength, QWORDS_UP1_AFTER(zero, highLength));
    highEnd = _mm256_add_epi64(highEnd, QWORDS_UP2_AFTER(zero, highEnd));
    __m256i count = _mm256_set1_epi64x(w->count);
    __m256i lowStart = _mm256_add_epi64(_mm256_sub_epi64(lowEnd, lowLength), count);
    __m256i highStart = _mm256_add_epi64(_mm256_sub_epi64(highEnd, highLength),
                                         _mm256_add_epi64(_mm256_permute4x64_epi64(lowEnd, 0xff), count));
    __m256i lowByte = _mm256_srli_epi64(lowStart, 3), highByte = _mm256_srli_epi64(highStart, 3);
    __m256i lowPlaced = _mm256_sllv_epi64(lowQuad, _mm256_and_si256(lowStart, seven));
    __m256i highPlaced = _mm256_sllv_epi64(highQuad, _mm256_and_si256(highStart, seven));
    __m256i lowStream = stream(zero, zero, lowPlaced, lowByte);
    __m256i highStream = stream(lowPlaced, lowByte, highPlaced, highByte);
    /* The next pending bits, the last quad's stream from the new `out` on, taken before the pending
     * bits go in, as literals_avx512 takes them (a step's ≥ 16 bytes, ≥ 16 bits, end past byte 0). */
    uint64_t words[8], at[8];
    _mm256_storeu_si256((__m256i *)at, lowByte);
    _mm256_storeu_si256((__m256i *)(at + 4), highByte);
    unsigned last = (n - 1) / 4; /* the quad of the last byte */
    unsigned total = w->count + (unsigned)_mm256_extract_epi64(lowEnd, 3) + (unsigned)_mm256_extract_epi64(highEnd, 3);
    _mm256_storeu_si256((__m256i *)(words + 4), highStream);
    uint64_t next;
    if (n == 32) next = words[7] >> ((total / 8 - at[7]) * 8);
    else {
        _mm256_storeu_si256((__m256i *)words, lowStream);
        next = words[last] >> ((total / 8 - at[last]) * 8);
    }
    /* The pending bits, into the quads that start in byte 0 (the first, and the second where the
     * first ends in byte 0; the third starts at bit 8 or later). */
    __m256i pending = _mm256_srlv_epi64(_mm256_set1_epi64x((long long)w->bits), _mm256_slli_epi64(lowByte, 3));
    lowStream = _mm256_or_si256(lowStream, _mm256_blend_epi32(zero, pending, 0x0f));
    _mm256_storeu_si256((__m256i *)words, lowStream);
    for (unsigned q = 0; q <= last; q++) memcpy(w->out + at[q], &words[q], 8);
    w->bits = next;
    w->out += total / 8;
    w->count = total % 8;
}

/* The same in AVX2 lanes, 32 bytes a step and no gather (AMD's gathers, Zen 1 on, cost more than all
 * the rest; the gathering twin was slower than the baseline on the dust's frames): the bytes' 16-bit
 * entries (code | length << 12, the AVX-512 twin's table) read by scalar loads, four to a 64-bit
 * lane, joined as literals_avx512 joins them into eight quads of four codes, and each quad placed by a
 * prefix sum of the quads' lengths and stored with the ends of the two quads before it that share its
 * first byte (literals_avx512 says why that is enough), instead of through eight dependent puts. A
 * last step of 16 to 31 bytes gives the missing ones zero entries. The bits written are
 * literals_scalar's. */
static inline SHATTER_TARGET_AVX2 void literals_avx2(const code_t *c, writer_t *w, const uint8_t *bytes, size_t count) {
    const uint16_t *t = c->packed;
    size_t k = 0;
    for (; k + 32 <= count; k += 32) {
        uint32_t b[8];
        memcpy(b, bytes + k, 32);
        __m256i low = _mm256_set_epi64x((long long)entries4(t, b[3]), (long long)entries4(t, b[2]),
                                        (long long)entries4(t, b[1]), (long long)entries4(t, b[0]));
        __m256i high = _mm256_set_epi64x((long long)entries4(t, b[7]), (long long)entries4(t, b[6]),
                                         (long long)entries4(t, b[5]), (long long)entries4(t, b[4]));
        literals_32_avx2(w, low, high, 32);
    }
    /* A last step of fewer than 16 bytes (most of a stretch on the shatter's frames, 9 bytes on
     * average) costs less through four dependent puts than as one step of lanes. */
    if (count - k < 16) literals_scalar(c, w, bytes + k, count - k);
    else {
        uint16_t e[32] = {0};
        for (size_t i = k; i < count; i++) e[i - k] = t[bytes[i]];
        literals_32_avx2(w, _mm256_loadu_si256((const __m256i *)e), _mm256_loadu_si256((const __m256i *)(e + 16)),
                         (unsigned)(count - k));
    }
}
#endif

/* ---- The AVX-512 twin's literals: 32 at a time, no gather, no serial bit buffer. ----
 *
 * Each byte's code and length sit in one 16-bit entry (code | length << 12: codes and lengths of at
 * most LITLEN_LIMIT = 12 bits), looked up 32 at a time from the 256-entry table held in eight
 * registers (four two-register word permutes of 64 entries each, chosen between by the byte's top two
 * bits), where a gather on some processors (AMD Zen 4) costs more than all the rest (the AVX2 twin
 * reads them by scalar loads). The 32 codes are joined pairwise in the lanes, into eight quads of
 * four codes (≤ 48 bits). Then, instead of eight dependent puts, each quad's place comes from a
 * prefix sum of the quads' lengths after the writer's `count` pending bits: quad i starts at bit P_i of the byte at
 * `out`, so in byte B_i = P_i / 8, shifted by P_i % 8 (≤ 55 bits: it ends within byte B_i + 6). Byte
 * B_i may also hold the ends of the two quads before it (a quad of four codes has ≥ 4 bits, so quad
 * i − 3 ends before byte B_i), and the pending bits where B_i is 0; ORed in, each quad's 64 bits are
 * the stream from byte B_i on, and are stored there in order, each store overwriting only bytes that
 * it or a later one writes in full (or zeros past the stream). Each store ends by byte B_i + 7, and
 * B_i is at most the new `out`, so nothing goes past the writer's 8 bytes of slack; the bits are
 * literals_scalar's.
 *
 * A last step of fewer than 32 bytes gives the missing ones zero entries (no bits), so only its
 * quads up to the one holding its last byte are stored: the empty ones after would not hold the
 * ends of three quads back. */
#if defined(__x86_64__)
/* Lanes moved k qwords up, zeros below: lane i of the result is lane i − k of v. */
#define QWORDS_UP(v, k) _mm512_alignr_epi64((v), _mm512_setzero_si512(), 8 - (k))

typedef struct {
    __m512i table[8];
    uint64_t bits;
    unsigned count;
    uint8_t *out;
} lanes_writer_t;

/* `n` (1 … 32) bytes' codes written after the writer's pending bits. */
SHATTER_TARGET_AVX512 static inline __attribute__((always_inline)) void literals_32(lanes_writer_t *w, const uint8_t *bytes,
                                                                                      unsigned n) {
    const __m512i low12 = _mm512_set1_epi32(0xfff), nibble = _mm512_set1_epi32(0xf), low32 = _mm512_set1_epi64(0xffffffff);
    __mmask32 valid = n == 32 ? ~0u : (1u << n) - 1;
    __m256i loaded = n == 32 ? _mm256_loadu_si256((const __m256i *)bytes) : _mm256_maskz_loadu_epi8(valid, bytes);
    __m512i index = _mm512_cvtepu8_epi16(loaded);
    __mmask32 above64 = _mm512_test_epi16_mask(index, _mm512_set1_epi16(0x40));
    __m512i below128 = _mm512_mask_blend_epi16(above64, _mm512_permutex2var_epi16(w->table[0], index, w->table[1]),
                                               _mm512_permutex2var_epi16(w->table[2], index, w->table[3]));
    __m512i above128 = _mm512_mask_blend_epi16(above64, _mm512_permutex2var_epi16(w->table[4], index, w->table[5]),
                                               _mm512_permutex2var_epi16(w->table[6], index, w->table[7]));
    __m512i entry = _mm512_mask_blend_epi16(_mm512_test_epi16_mask(index, _mm512_set1_epi16(0x80)), below128, above128);
    if (n < 32) entry = _mm512_maskz_mov_epi16(valid, entry);
    /* Pairs in 32-bit lanes: the odd byte's code after the even one's. */
    __m512i evenLength = _mm512_and_si512(_mm512_srli_epi32(entry, 12), nibble);
    __m512i pair = _mm512_or_si512(_mm512_and_si512(entry, low12),
                                   _mm512_sllv_epi32(_mm512_and_si512(_mm512_srli_epi32(entry, 16), low12), evenLength));
    __m512i pairLength = _mm512_add_epi32(evenLength, _mm512_srli_epi32(entry, 28));
    /* Quads in 64-bit lanes: the upper pair after the lower. */
    __m512i lowLength = _mm512_and_si512(pairLength, low32);
    __m512i quad = _mm512_or_si512(_mm512_and_si512(pair, low32), _mm512_sllv_epi64(_mm512_srli_epi64(pair, 32), lowLength));
    __m512i length = _mm512_add_epi64(lowLength, _mm512_srli_epi64(pairLength, 32));
    /* Each quad's first bit: the pending bits and the lengths before it. */
    __m512i end = length;
    end = _mm512_add_epi64(end, QWORDS_UP(end, 1));
    end = _mm512_add_epi64(end, QWORDS_UP(end, 2));
    end = _mm512_add_epi64(end, QWORDS_UP(end, 4));
    __m512i start = _mm512_add_epi64(_mm512_sub_epi64(end, length), _mm512_set1_epi64(w->count));
    __m512i byte = _mm512_srli_epi64(start, 3);
    __m512i placed = _mm512_sllv_epi64(quad, _mm512_and_si512(start, _mm512_set1_epi64(7)));
    /* The ends of the one and two quads before, in the quad's first byte. */
    __m512i stream = _mm512_or_si512(
        placed, _mm512_srlv_epi64(QWORDS_UP(placed, 1), _mm512_slli_epi64(_mm512_sub_epi64(byte, QWORDS_UP(byte, 1)), 3)));
    stream = _mm512_or_si512(
        stream, _mm512_srlv_epi64(QWORDS_UP(placed, 2), _mm512_slli_epi64(_mm512_sub_epi64(byte, QWORDS_UP(byte, 2)), 3)));
    /* The next pending bits, the last quad's end, taken before the pending bits go in, so that a
     * whole step's (≥ 32 bits, past byte 0) wait on this step's count only; a shorter step may end
     * in byte 0, and then they are in it. */
    unsigned last = (n - 1) / 4;  /* the quad of the last byte */
    uint64_t words[8], at[8];
    _mm512_storeu_si512((void *)at, byte);
    unsigned total = w->count + (unsigned)_mm_extract_epi64(_mm512_extracti64x2_epi64(end, 3), 1);
    __m512i lastStream = n == 32 ? stream : _mm512_permutexvar_epi64(_mm512_set1_epi64(last), stream);
    uint64_t next = (uint64_t)_mm_extract_epi64(_mm512_extracti64x2_epi64(lastStream, 3), 1) >> ((total / 8 - at[last]) * 8);
    if (n < 32 && total < 8) next |= w->bits;
    /* The pending bits, into the quads that start in byte 0 (the first, and the second where the
     * first ends in byte 0). */
    __m512i pending = _mm512_srlv_epi64(_mm512_set1_epi64((long long)w->bits), _mm512_slli_epi64(byte, 3));
    stream = _mm512_mask_or_epi64(stream, 3, stream, pending);
    _mm512_storeu_si512((void *)words, stream);
    for (unsigned q = 0; q <= last; q++) memcpy(w->out + at[q], &words[q], 8);
    w->bits = next;
    w->out += total / 8;
    w->count = total % 8;
}

static inline SHATTER_TARGET_AVX512 void literals_avx512(const code_t *c, writer_t *w, const uint8_t *bytes, size_t count) {
    if (count == 0) return;
    lanes_writer_t lanes = {.bits = w->bits, .count = w->count, .out = w->out};
    for (int t = 0; t < 8; t++) lanes.table[t] = _mm512_loadu_si512((const void *)(c->packed + 32 * t));
    size_t k = 0;
    for (; k + 32 <= count; k += 32) literals_32(&lanes, bytes + k, 32);
    if (k < count) literals_32(&lanes, bytes + k, (unsigned)(count - k));
    w->bits = lanes.bits;
    w->count = lanes.count;
    w->out = lanes.out;
}
#endif

/* Literals through the writer of `tier`'s twin (cpu_tier.h), on a copy of the writer whose address
 * the output's stores cannot alias, so that its fields stay in registers. */
ALWAYS void literals(const code_t *c, writer_t *w, const uint8_t *bytes, size_t count, shatter_tier tier) {
    writer_t local = *w;
#if defined(__x86_64__)
    if (tier >= SHATTER_TIER_AVX512) literals_avx512(c, &local, bytes, count);
    else if (tier == SHATTER_TIER_AVX2) literals_avx2(c, &local, bytes, count);
    else literals_scalar(c, &local, bytes, count);
#else
    (void)tier;
    literals_scalar(c, &local, bytes, count);
#endif
    *w = local;
}

/* How often each byte value of these literals occurs, in four tables so that repeated values do not
 * wait on one another's increments. */
ALWAYS void histogram(const uint8_t *bytes, size_t n, uint32_t h[4][256]) {
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t word;
        memcpy(&word, bytes + i, 8);
        h[0][word & 255]++;
        h[1][word >> 8 & 255]++;
        h[2][word >> 16 & 255]++;
        h[3][word >> 24 & 255]++;
        h[0][word >> 32 & 255]++;
        h[1][word >> 40 & 255]++;
        h[2][word >> 48 & 255]++;
        h[3][word >> 56]++;
    }
    for (; i < n; i++) h[0][bytes[i]]++;
}

/* Which of the band's bytes lie in runs of RUN_MIN or more zeros, a bit each (bit i % 64 of word
 * i / 64): the zero bytes found 32 at a time by a vector compare; then a bit kept where it and the
 * next RUN_MIN − 1 are set (the run's length doubling each step), and every byte of such a stretch
 * marked (the same steps backwards). Shorter runs of zeros stay literals: a zero's code is short where
 * zeros are common, and a match pays off on long runs, while each run costs a token and a stretch.
 * `runs` has n / 64 + 2 words. */
ALWAYS void zero_runs(const uint8_t *bytes, size_t n, uint64_t *runs) {
    typedef _Bool bits_v __attribute__((ext_vector_type(FILTER_LANES)));
    size_t words = (n + 63) / 64;
    for (size_t k = 0; k < words; k++) {
        uint64_t zero = 0;
        for (int half = 0; half < 2; half++) {
            bits_v is = __builtin_convertvector((signed_v)(lanes_load(bytes + k * 64 + half * 32) == 0), bits_v);
            uint32_t mask;
            memcpy(&mask, &is, 4);
            zero |= (uint64_t)mask << (32 * half);
        }
        runs[k] = zero;
    }
    if (n % 64) runs[words - 1] &= (1ull << (n % 64)) - 1;  /* past the band: not zeros */
    runs[words] = 0;
    for (unsigned length = 1; length < RUN_MIN;) {
        unsigned step = length < RUN_MIN - length ? length : RUN_MIN - length;
        for (size_t k = 0; k < words; k++) runs[k] &= runs[k] >> step | runs[k + 1] << (64 - step);
        length += step;
    }
    for (unsigned length = 1; length < RUN_MIN;) {
        unsigned step = length < RUN_MIN - length ? length : RUN_MIN - length;
        uint64_t before = 0;
        for (size_t k = 0; k < words; k++) {
            uint64_t word = runs[k];
            runs[k] = word | word << step | before >> (64 - step);
            before = word;
        }
        length += step;
    }
}

/* The first position from `i` on (before `n`) whose bit in `runs` is `set`, or n. */
ALWAYS size_t next_bit(const uint64_t *runs, size_t i, size_t n, int set) {
    size_t k = i / 64;
    uint64_t word = (set ? runs[k] : ~runs[k]) & (~0ull << (i % 64));
    while (word == 0) {
        if (++k * 64 >= n) return n;
        word = set ? runs[k] : ~runs[k];
    }
    size_t at = k * 64 + (size_t)__builtin_ctzll(word);
    return at < n ? at : n;
}

/* Counts (encode 0) or writes (encode 1) the tokens of the band's bytes from `i` to `end`: its
 * stretches of literals, and its runs of RUN_MIN or more zeros (`runs`, zero_runs). `before` is the byte
 * before the band in the stream (nonzero at its start), so a run at the band's start can copy the
 * previous band's last zero. The counting pass counts only the runs' tokens when `h` is NULL, only the
 * literals (into `h`) otherwise. */
ALWAYS void tokens(code_t *c, writer_t *w, const uint8_t *bytes, size_t i, size_t end, const uint64_t *runs,
                   int before, uint32_t h[4][256], int encode, shatter_tier tier) {
    while (i < end) {
        size_t start = next_bit(runs, i, end, 1);
        if (encode) literals(c, w, bytes + i, start - i, tier);
        else if (h) histogram(bytes + i, start - i, h);
        if (start == end) break;
        i = next_bit(runs, start, end, 0);
        if (encode || !h) end_run(c, w, (long)(i - start), start > 0 ? bytes[start - 1] : before, encode);
    }
}

/* ---- Blocks. ---- */

/* The dynamic block's header (RFC 1951 §3.2.7): the literal/length lengths and the two distance
 * codes' lengths of 1, run-length coded with symbols 16, 17 and 18. Returns its size in bits when
 * `w` is NULL. */
static uint64_t dynamic_header(const uint8_t *litlen, int last, writer_t *w) {
    int hlit = LITLEN_SYMBOLS;
    while (hlit > 257 && litlen[hlit - 1] == 0) hlit--;
    uint8_t all[LITLEN_SYMBOLS + 2];
    memcpy(all, litlen, (size_t)hlit);
    all[hlit] = all[hlit + 1] = 1;
    int total = hlit + 2;
    /* Run-length code: symbol | extra value << 8. */
    uint16_t rle[LITLEN_SYMBOLS + 2];
    int n = 0;
    for (int i = 0; i < total;) {
        int v = all[i], run = 1;
        while (i + run < total && all[i + run] == v) run++;
        int left = run;
        if (v == 0) {
            while (left >= 11) {
                int k = left > 138 ? 138 : left;
                rle[n++] = (uint16_t)(18 | (k - 11) << 8);
                left -= k;
            }
            if (left >= 3) {
                rle[n++] = (uint16_t)(17 | (left - 3) << 8);
                left = 0;
            }
        } else {
            rle[n++] = (uint16_t)v;
            left--;
            while (left >= 3) {
                int k = left > 6 ? 6 : left;
                rle[n++] = (uint16_t)(16 | (k - 3) << 8);
                left -= k;
            }
        }
        for (; left > 0; left--) rle[n++] = (uint16_t)v;
        i += run;
    }
    uint32_t freq[19] = {0};
    for (int i = 0; i < n; i++) freq[rle[i] & 0xff]++;
    uint8_t lengths[19];
    uint16_t codes[19];
    code_lengths(freq, 19, CODELEN_LIMIT, lengths);
    canonical_codes(lengths, 19, codes);
    static const uint8_t order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    int hclen = 19;
    while (hclen > 4 && lengths[order[hclen - 1]] == 0) hclen--;
    static const uint8_t extraBits[19] = {[16] = 2, [17] = 3, [18] = 7};
    uint64_t bits = 3 + 5 + 5 + 4 + 3 * (uint64_t)hclen;
    for (int i = 0; i < n; i++) bits += lengths[rle[i] & 0xff] + extraBits[rle[i] & 0xff];
    if (!w) return bits;
    put_flushed(w, (unsigned)last | 2u << 1, 3);  /* BFINAL, BTYPE 10 */
    put_flushed(w, (uint64_t)(hlit - 257) | (uint64_t)(2 - 1) << 5 | (uint64_t)(hclen - 4) << 10, 14);
    for (int i = 0; i < hclen; i++) put_flushed(w, lengths[order[i]], 3);
    for (int i = 0; i < n; i++) {
        int s = rle[i] & 0xff;
        put(w, codes[s], lengths[s]);
        put_flushed(w, rle[i] >> 8, extraBits[s]);
    }
    return bits;
}

/* Stored blocks of the band's bytes (at most 65,535 each). */
static void stored(const uint8_t *bytes, size_t n, int last, writer_t *w) {
    do {
        size_t part = n > 65535 ? 65535 : n;
        n -= part;
        put_flushed(w, (unsigned)(last && n == 0), 3);  /* BTYPE 00 */
        align(w);
        uint8_t head[4] = {(uint8_t)part, (uint8_t)(part >> 8), (uint8_t)~part, (uint8_t)(~part >> 8)};
        memcpy(w->out, head, 4);
        memcpy(w->out + 4, bytes, part);
        w->out += 4 + part;
        bytes += part;
    } while (n > 0);
}

/* One band's block: its code from its own tokens, or stored where that comes out no smaller. `runs`
 * has n / 64 + 2 words of room. */
ALWAYS void band_block(const uint8_t *bytes, size_t n, size_t line, int last, int *lastByte, uint64_t *runs, writer_t *w,
                       shatter_tier tier) {
    code_t c;
    memset(c.freq, 0, sizeof c.freq);
    int before = *lastByte;
    *lastByte = bytes[n - 1];
    zero_runs(bytes, n, runs);
    uint32_t h[4][256];
    memset(h, 0, sizeof h);
    tokens(&c, w, bytes, 0, n, runs, before, NULL, 0, tier);
    for (size_t start = 0; start < n; start += SAMPLE_EVERY * line)
        tokens(&c, w, bytes, start, start + line, runs, before, h, 0, tier);
    /* The literals' counts estimated from the sampled lines, and every byte given a code, since the
     * lines not sampled may hold any. */
    for (int v = 0; v < 256; v++) c.freq[v] += SAMPLE_EVERY * (h[0][v] + h[1][v] + h[2][v] + h[3][v]) + 1;
    c.freq[END_OF_BLOCK] = 1;
    code_lengths(c.freq, LITLEN_SYMBOLS, LITLEN_LIMIT, c.lengths);
    uint64_t bits = dynamic_header(c.lengths, last, NULL);
    for (int s = 0; s < LITLEN_SYMBOLS; s++) {
        uint64_t extra = s > 256 ? length_extra[s - 257] + 1 : 0;  /* + the distance code's bit */
        bits += (uint64_t)c.freq[s] * (c.lengths[s] + extra);
    }
    uint64_t storedBits = (uint64_t)(n + 5 * (n / 65535 + 1)) * 8;
    if (bits >= storedBits) {
        stored(bytes, n, last, w);
        return;
    }
    writer_t start = *w;  /* the counts are estimates: if the block comes out no smaller, stored it is */
    uint16_t codes[LITLEN_SYMBOLS];
    canonical_codes(c.lengths, LITLEN_SYMBOLS, codes);
    for (int v = 0; v < 256; v++) c.literal[v] = codes[v] | (uint32_t)c.lengths[v] << 16;
    if (tier >= SHATTER_TIER_AVX2)
        for (int v = 0; v < 256; v++) c.packed[v] = (uint16_t)(codes[v] | c.lengths[v] << 12);
    for (int length = 3; length <= 258; length++) {
        int s = length_symbol(length), k = s - 257;
        unsigned l = c.lengths[s], e = length_extra[k];
        c.match[length] = (uint32_t)(codes[s] | (length - length_base[k]) << l);  /* then distance code 0: a 0 bit */
        c.matchBits[length] = (uint8_t)(l + e + 1);
    }
    dynamic_header(c.lengths, last, w);
    tokens(&c, w, bytes, 0, n, runs, before, NULL, 1, tier);
    put_flushed(w, codes[END_OF_BLOCK], c.lengths[END_OF_BLOCK]);
    if ((uint64_t)(w->out - start.out) * 8 + w->count - start.count >= storedBits) {
        *w = start;
        stored(bytes, n, last, w);
    }
}

/* ---- The stream. ---- */

size_t shatter_fast_png_bound(long width, long height, int channels) {
    size_t stride = (size_t)width * (size_t)channels + 1, band = stride * BAND;
    size_t bands = ((size_t)height + BAND - 1) / BAND;
    /* Stored bands, each split at 65,535 bytes (5 bytes a block, 1 of alignment), the zlib header and
     * Adler-32, and the bit writer's 8 bytes of slack; and room for one band's Huffman block tried and
     * given up for stored (codes of ≤ 12 bits a byte and a header of under 512 bytes: half a band
     * more). */
    return stride * (size_t)height + bands * (5 * (band / 65535 + 1) + 1) + 2 + 4 + 8 + band / 2 + 512;
}

ALWAYS size_t encode(long width, long height, int channels, int filter, shatter_fast_png_row_fn row, void *context,
                     uint8_t *out, shatter_tier tier) {
    size_t bpp = (size_t)channels, stride = (size_t)width * bpp;
    /* Each row FILTER_PAD zeros after the one before (the pixel left of the first), room for the last
     * vector after it; the filtered band likewise. */
    size_t pitch = FILTER_PAD + (stride + FILTER_LANES - 1) / FILTER_LANES * FILTER_LANES;
    size_t bandBytes = (stride + 1) * BAND;
    uint8_t *raw = calloc(pitch * (BAND + 1) + FILTER_LANES, 1), *filtered = malloc(bandBytes + 2 * FILTER_LANES);
    uint64_t *runs = malloc((bandBytes / 64 + 2) * sizeof *runs);
    if (!raw || !filtered || !runs) {
        free(raw), free(filtered), free(runs);
        return 0;
    }
    uint8_t *rows[BAND + 1];
    for (int r = 0; r <= BAND; r++) rows[r] = raw + r * pitch + FILTER_PAD;  /* rows[0]: the zero row above the first */
    writer_t w = {0, 0, out};
    put_flushed(&w, 0x78 | 0x01 << 8, 16);  /* zlib: deflate, 32 KiB window, fastest, check bits */
    uint32_t adler = 1;
    int lastByte = 1;
    for (long first = 0; first < height; first += BAND) {
        long count = height - first < BAND ? height - first : BAND;
        for (long r = 0; r < count; r++) {
            if (!row(context, first + r, rows[r + 1])) {
                free(raw), free(filtered), free(runs);
                return 0;
            }
        }
        for (long r = 0; r < count; r++) {
            uint8_t *line = filtered + r * (stride + 1);
            int type = lanes_choose(filter, rows[r + 1], rows[r], stride, bpp);
            line[0] = (uint8_t)type;
            lanes_filter_row(type, rows[r + 1], rows[r], stride, bpp, line + 1);
        }
        size_t n = (size_t)count * (stride + 1);
        adler = libdeflate_adler32(adler, filtered, n);
        memset(filtered + n, 0xff, 2 * FILTER_LANES);  /* past the band: not zeros */
        band_block(filtered, n, stride + 1, first + count == height, &lastByte, runs, &w, tier);
        memcpy(rows[0], rows[count], stride);  /* the next band's row above */
    }
    align(&w);
    uint8_t trailer[4] = {(uint8_t)(adler >> 24), (uint8_t)(adler >> 16), (uint8_t)(adler >> 8), (uint8_t)adler};
    memcpy(w.out, trailer, 4);
    free(raw), free(filtered), free(runs);
    return (size_t)(w.out + 4 - out);
}

static size_t encode_baseline(long width, long height, int channels, int filter, shatter_fast_png_row_fn row, void *context,
                              uint8_t *out) {
    return encode(width, height, channels, filter, row, context, out, SHATTER_TIER_BASELINE);
}

#if defined(__x86_64__)
SHATTER_TARGET_AVX2 static size_t encode_avx2(long width, long height, int channels, int filter,
                                              shatter_fast_png_row_fn row, void *context, uint8_t *out) {
    return encode(width, height, channels, filter, row, context, out, SHATTER_TIER_AVX2);
}

SHATTER_TARGET_AVX512 static size_t encode_avx512(long width, long height, int channels, int filter,
                                                  shatter_fast_png_row_fn row, void *context, uint8_t *out) {
    return encode(width, height, channels, filter, row, context, out, SHATTER_TIER_AVX512);
}
#endif

/* The encoder's table line. */
shatter_fast_png_coder shatter_fast_png_for(shatter_tier tier) {
#if defined(__x86_64__)
    if (tier >= SHATTER_TIER_AVX512) return (shatter_fast_png_coder){encode_avx512};
    if (tier >= SHATTER_TIER_AVX2) return (shatter_fast_png_coder){encode_avx2};
#endif
    (void)tier;
    return (shatter_fast_png_coder){encode_baseline};
}
