/*
 * CPNG: libpng for Swift, with the one part of libpng that Swift cannot call safely wrapped in C.
 *
 * libpng reports errors by longjmp-ing out of its error callback. A longjmp across Swift frames
 * skips Swift's cleanup (releases, defers) and is undefined behaviour, so every libpng call that
 * can fail through setjmp/longjmp lives in the C functions below: the setjmp, every libpng call and
 * every callback (error, warning, write) are C, and Swift only ever sees a return code plus a
 * message. The simplified read API (png_image_*) already does its own setjmp internally, so Swift
 * may call it directly.
 *
 * The functions are `static inline` so this stays a header-only system library module; they are
 * marked noinline where they call setjmp because a function that calls setjmp must not be folded
 * into its (Swift) caller.
 */
#ifndef SHATTER_CPNG_SHIM_H
#define SHATTER_CPNG_SHIM_H

#include <png.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Macros Swift cannot import (function-like or composite), re-exported as constants. */
static const uint32_t SHATTER_PNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
static const uint32_t SHATTER_PNG_IMAGE_VERSION = PNG_IMAGE_VERSION;
static const uint32_t SHATTER_PNG_IMAGE_FLAG_16BIT_sRGB = PNG_IMAGE_FLAG_16BIT_sRGB;

/* The simplified API's error text (a char[64] inside png_image, a tuple in Swift). */
static inline const char *shatter_png_image_message(const png_image *image) {
    return image->message;
}

#define SHATTER_PNG_MESSAGE_SIZE 256

/* What to write: one PNG with any color type, bit depth and interlacing libpng supports. */
typedef struct ShatterPNGSpec {
    uint32_t width;
    uint32_t height;
    int bit_depth;          /* 1, 2, 4, 8 or 16 (16-bit samples are big-endian in the rows) */
    int color_type;         /* PNG_COLOR_TYPE_* */
    int interlaced;         /* nonzero: Adam7 */
    int compression_level;  /* zlib level 0...9 */
    int filters;            /* PNG_FILTER_* mask, or -1 to keep libpng's default choice */
    const png_color *palette;        /* PLTE, for PNG_COLOR_TYPE_PALETTE */
    int palette_count;
    const png_byte *palette_alpha;   /* tRNS for palette images, or NULL */
    int palette_alpha_count;
    int has_trans_color;             /* tRNS for gray/RGB images: the one transparent color */
    png_color_16 trans_color;
} ShatterPNGSpec;

/* The encoded bytes (malloc'd; free with shatter_png_output_free) or, on failure, libpng's message. */
typedef struct ShatterPNGOutput {
    unsigned char *data;
    size_t size;
    size_t capacity;
    char message[SHATTER_PNG_MESSAGE_SIZE];
} ShatterPNGOutput;

static inline void shatter_png_output_free(ShatterPNGOutput *out) {
    free(out->data);
    out->data = NULL;
    out->size = 0;
    out->capacity = 0;
}

/* Error pointer: a char[SHATTER_PNG_MESSAGE_SIZE] that receives libpng's message. */
static inline void shatter_png_error_fn(png_structp png, png_const_charp message) {
    char *buffer = (char *)png_get_error_ptr(png);
    if (buffer != NULL) {
        strncpy(buffer, message != NULL ? message : "unknown libpng error", SHATTER_PNG_MESSAGE_SIZE - 1);
        buffer[SHATTER_PNG_MESSAGE_SIZE - 1] = '\0';
    }
    png_longjmp(png, 1); /* back to the setjmp in the shim function that called libpng, a C frame */
}

static inline void shatter_png_warning_fn(png_structp png, png_const_charp message) {
    (void)png;
    (void)message; /* warnings do not stop the write; the caller only wants success or an error */
}

/* Appends to a growing malloc'd buffer; running out of memory becomes an ordinary libpng error. */
static inline void shatter_png_write_fn(png_structp png, png_bytep bytes, size_t length) {
    ShatterPNGOutput *out = (ShatterPNGOutput *)png_get_io_ptr(png);
    if (length > (size_t)-1 - out->size) {
        png_error(png, "PNG output larger than addressable memory");
    }
    if (out->size + length > out->capacity) {
        size_t capacity = out->capacity != 0 ? out->capacity : 65536;
        while (capacity < out->size + length) {
            if (capacity > (size_t)-1 / 2) { capacity = out->size + length; break; }
            capacity *= 2;
        }
        unsigned char *grown = (unsigned char *)realloc(out->data, capacity);
        if (grown == NULL) {
            png_error(png, "out of memory while encoding PNG");
        }
        out->data = grown;
        out->capacity = capacity;
    }
    memcpy(out->data + out->size, bytes, length);
    out->size += length;
}

static inline void shatter_png_flush_fn(png_structp png) {
    (void)png; /* memory needs no flushing */
}

/*
 * Encodes `height` rows of `stride` bytes each, already in the spec's sample layout.
 * Returns 0 on success (out->data/size hold the PNG) or -1 with out->message set; either way the
 * caller calls shatter_png_output_free. Never longjmps out and never aborts.
 */
__attribute__((noinline)) static int shatter_png_encode(const ShatterPNGSpec *spec, const uint8_t *rows_data,
                                                         size_t stride, ShatterPNGOutput *out) {
    out->data = NULL;
    out->size = 0;
    out->capacity = 0;
    out->message[0] = '\0';

    if (spec->height == 0 || spec->width == 0) {
        strcpy(out->message, "image has zero width or height");
        return -1;
    }
    /* Allocated before setjmp and never reassigned afterwards, so it survives a longjmp intact. */
    png_bytep *rows = (png_bytep *)malloc(sizeof(png_bytep) * (size_t)spec->height);
    if (rows == NULL) {
        strcpy(out->message, "out of memory for row pointers");
        return -1;
    }
    for (uint32_t y = 0; y < spec->height; y++) {
        rows[y] = (png_bytep)(rows_data + (size_t)y * stride);
    }

    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, out->message, shatter_png_error_fn,
                                              shatter_png_warning_fn);
    if (png == NULL) {
        free(rows);
        strcpy(out->message, "could not create libpng write struct (out of memory)");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        free(rows);
        strcpy(out->message, "could not create libpng info struct (out of memory)");
        return -1;
    }

    if (setjmp(png_jmpbuf(png))) {
        /* Every libpng error lands here; out->message was filled by shatter_png_error_fn. */
        png_destroy_write_struct(&png, &info);
        free(rows);
        shatter_png_output_free(out);
        return -1;
    }

    png_set_write_fn(png, out, shatter_png_write_fn, shatter_png_flush_fn);
    png_set_compression_level(png, spec->compression_level);
    if (spec->filters >= 0) {
        png_set_filter(png, PNG_FILTER_TYPE_BASE, spec->filters);
    }
    png_set_IHDR(png, info, spec->width, spec->height, spec->bit_depth, spec->color_type,
                 spec->interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    if (spec->palette != NULL && spec->palette_count > 0) {
        png_set_PLTE(png, info, spec->palette, spec->palette_count);
    }
    if (spec->palette_alpha != NULL && spec->palette_alpha_count > 0) {
        png_set_tRNS(png, info, spec->palette_alpha, spec->palette_alpha_count, NULL);
    } else if (spec->has_trans_color) {
        png_set_tRNS(png, info, NULL, 0, &spec->trans_color);
    }
    png_write_info(png, info);
    png_write_image(png, rows); /* handles the Adam7 passes itself */
    png_write_end(png, info);

    png_destroy_write_struct(&png, &info);
    free(rows);
    return 0;
}

/* Memory source for the classic read API. */
typedef struct ShatterPNGSource {
    const unsigned char *data;
    size_t size;
    size_t offset;
} ShatterPNGSource;

static inline void shatter_png_read_fn(png_structp png, png_bytep bytes, size_t length) {
    ShatterPNGSource *source = (ShatterPNGSource *)png_get_io_ptr(png);
    if (length > source->size - source->offset) {
        png_error(png, "read beyond end of data"); /* same words as the simplified API: "truncated" */
    }
    memcpy(bytes, source->data + source->offset, length);
    source->offset += length;
}

/*
 * libpng's own read limits (the caller's PNGLimits). The simplified API cannot take them: it creates its
 * png_struct inside png_image_begin_read_from_memory and reads the header at once, so that path relies
 * on the Swift checks made before libpng sees the bytes, and on libpng's compiled-in defaults.
 */
typedef struct ShatterPNGReadLimits {
    uint32_t max_width;
    uint32_t max_height;
    size_t max_chunk_bytes; /* the most buffered for one ancillary chunk, or inflated from one */
} ShatterPNGReadLimits;

/* Ancillary chunks (text, sPLT, unknown) libpng keeps before it ignores the rest: none are used. */
#define SHATTER_PNG_CHUNK_CACHE_MAX 128

static inline void shatter_png_set_read_limits(png_structp png, const ShatterPNGReadLimits *limits) {
    png_set_user_limits(png, limits->max_width, limits->max_height);
    png_set_chunk_malloc_max(png, limits->max_chunk_bytes);
    png_set_chunk_cache_max(png, SHATTER_PNG_CHUNK_CACHE_MAX);
}

/*
 * Decodes any PNG to straight RGBA8 with the classic read API (samples as stored, 16-bit scaled
 * with rounding, no gamma conversion). Used only for 16-bit Adam7 files: libpng's simplified API
 * mis-combines interlace passes when scaling 16 to 8 bits (pnggroup/libpng#853).
 * `pixels` must hold width*height*4 bytes for the width and height the caller already validated.
 * Returns 0, or -1 with `message` (SHATTER_PNG_MESSAGE_SIZE bytes) set.
 */
__attribute__((noinline)) static int shatter_png_decode_rgba8(const unsigned char *data, size_t size,
                                                               uint32_t width, uint32_t height,
                                                               const ShatterPNGReadLimits *limits,
                                                               unsigned char *pixels, char *message) {
    message[0] = '\0';
    ShatterPNGSource source = { data, size, 0 };
    png_bytep *rows = (png_bytep *)malloc(sizeof(png_bytep) * (size_t)(height != 0 ? height : 1));
    if (rows == NULL) {
        strcpy(message, "out of memory for row pointers");
        return -1;
    }
    for (uint32_t y = 0; y < height; y++) {
        rows[y] = pixels + (size_t)y * width * 4;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, message, shatter_png_error_fn,
                                             shatter_png_warning_fn);
    png_infop info = png != NULL ? png_create_info_struct(png) : NULL;
    if (png == NULL || info == NULL) {
        png_destroy_read_struct(&png, &info, NULL);
        free(rows);
        strcpy(message, "could not create libpng read struct (out of memory)");
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(rows);
        return -1;
    }
    png_set_read_fn(png, &source, shatter_png_read_fn);
    shatter_png_set_read_limits(png, limits);
    png_read_info(png, info);
    if (png_get_image_width(png, info) != width || png_get_image_height(png, info) != height) {
        png_error(png, "image size differs from the validated header");
    }
    png_set_expand(png);          /* palette -> RGB, gray < 8 bits -> 8, tRNS -> alpha */
    png_set_scale_16(png);        /* 16 -> 8 bits, rounded */
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) {
        png_error(png, "unexpected row size after transforms");
    }
    png_read_image(png, rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    return 0;
}

#endif /* SHATTER_CPNG_SHIM_H */
