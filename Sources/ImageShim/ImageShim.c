/*
** ImageShim: PNG and JPEG through libpng and libjpeg, every setjmp and every call that may
** longjmp to it inside this file (see ImageShim.h).
**
** Each function that calls setjmp keeps what it changes afterwards in a context its caller
** owns (never in its own locals, whose values a longjmp leaves indeterminate), and frees it
** on both paths.
*/
#include "ImageShim.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>
#include <jpeglib.h>
#include <jerror.h>

/* How a library's error reaches the setjmp: the jump, and what failed, which a callback of
** ours may have said before the library's own error handler runs. */
typedef struct {
    jmp_buf jump;
    ish_result failure;
    char *message;
    /* "PNG" or "JPEG", for the library's own messages. */
    const char *format;
} failure;

static void say(char *message, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, ISH_MESSAGE_SIZE, format, arguments);
    va_end(arguments);
}

/* Records a library's error unless a callback of ours already said what failed. */
static void fail(failure *f, ish_result result, const char *text) {
    if (f->failure != ISH_OK) return;
    f->failure = result;
    if (result == ISH_NO_MEMORY) {
        say(f->message, "not enough memory to decode it");
    } else {
        say(f->message, "the %s is damaged (%s)", f->format, text);
    }
}

ish_format ish_sniff(const uint8_t *bytes, size_t length) {
    static const uint8_t png[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (length >= 8 && memcmp(bytes, png, 8) == 0) return ISH_FORMAT_PNG;
    if (length >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF) return ISH_FORMAT_JPEG;
    return ISH_FORMAT_UNKNOWN;
}

/* The size checks every format makes before allocating for its pixels. */
static ish_result check_size(uint32_t width, uint32_t height, uint32_t max_side, uint64_t max_pixels, char *message) {
    if (width == 0 || height == 0) {
        say(message, "claims %ux%u pixels, which is no image", width, height);
        return ISH_DAMAGED;
    }
    if (width > max_side || height > max_side) {
        say(message, "claims %ux%u pixels, more than the %u a side an image may have", width, height, max_side);
        return ISH_TOO_LARGE;
    }
    if ((uint64_t)width * height > max_pixels) {
        say(message, "claims %ux%u pixels, more than the %llu an image may have", width, height,
            (unsigned long long)max_pixels);
        return ISH_TOO_LARGE;
    }
    return ISH_OK;
}

/* After a failure: the size refusal when the header read so far claims more than the caps
** allow (the sizes are 0 before it is read), else ISH_OK. */
static ish_result refuse_claim(uint32_t width, uint32_t height, uint32_t max_side, uint64_t max_pixels, ish_image *image) {
    if (width == 0 || height == 0) return ISH_OK;
    image->width = width;
    image->height = height;
    ish_result result = check_size(width, height, max_side, max_pixels, image->message);
    return result == ISH_TOO_LARGE ? result : ISH_OK;
}

static ish_result more_than_its_bytes(uint32_t width, uint32_t height, size_t length, char *message) {
    say(message, "claims %ux%u pixels, more than its %zu bytes can hold", width, height, length);
    return ISH_TOO_LARGE;
}

/* MARK: - PNG */

typedef struct {
    failure failure;
    const uint8_t *bytes;
    size_t length;
    size_t offset;
    uint8_t *pixels;
    png_bytep *rows;
} png_reading;

/* libpng's error handler: never returns. */
static void png_failed(png_structp png, png_const_charp text) {
    failure *f = png_get_error_ptr(png);
    fail(f, strcmp(text, "Out of memory") == 0 ? ISH_NO_MEMORY : ISH_DAMAGED, text);
    longjmp(f->jump, 1);
}

/* Warnings (an unknown ancillary chunk, a doubtful colour profile) change nothing drawn. */
static void png_warned(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void png_read_bytes(png_structp png, png_bytep data, size_t count) {
    png_reading *r = png_get_io_ptr(png);
    if (count > r->length - r->offset) {
        r->failure.failure = ISH_TRUNCATED;
        say(r->failure.message, "the file ends before its image does");
        png_error(png, "truncated");
    }
    memcpy(data, r->bytes + r->offset, count);
    r->offset += count;
}

static ish_result decode_png(png_reading *r, uint32_t max_side, uint64_t max_pixels, ish_image *image) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &r->failure, png_failed, png_warned);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        fail(&r->failure, ISH_NO_MEMORY, "");
        return ISH_NO_MEMORY;
    }
    if (setjmp(r->failure.jump)) {
        // A header that claims too much is what is wrong with the file, whatever came after.
        ish_result result = refuse_claim(png_get_image_width(png, info), png_get_image_height(png, info),
                                         max_side, max_pixels, image);
        png_destroy_read_struct(&png, &info, NULL);
        return result != ISH_OK ? result : r->failure.failure;
    }
    // The size is checked below, with a message that says it: libpng's own limits would
    // only say "Invalid IHDR data".
    png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    png_set_chunk_cache_max(png, 128);
    png_set_chunk_malloc_max(png, 8u << 20);
    png_set_read_fn(png, r, png_read_bytes);
    png_read_info(png, info);

    png_uint_32 width = 0, height = 0;
    int depth = 0, colour = 0, interlace = 0;
    png_get_IHDR(png, info, &width, &height, &depth, &colour, &interlace, NULL, NULL);
    image->width = width;
    image->height = height;
    ish_result refused = check_size(width, height, max_side, max_pixels, image->message);
    // The rows as stored (a filter byte and the packed samples each) come out of deflate,
    // which shrinks data at most 1032 times.
    uint64_t stored = (uint64_t)height * (1 + ((uint64_t)width * png_get_channels(png, info) * depth + 7) / 8);
    if (refused == ISH_OK && stored > (uint64_t)r->length * 1032) {
        refused = more_than_its_bytes(width, height, r->length, image->message);
    }
    if (refused != ISH_OK) {
        png_destroy_read_struct(&png, &info, NULL);
        return refused;
    }

    // Every kind of PNG to 8-bit RGBA.
    if (colour == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (colour == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    int alpha = (colour & PNG_COLOR_MASK_ALPHA) != 0;
    if (png_get_valid(png, info, PNG_INFO_tRNS)) {
        png_set_tRNS_to_alpha(png);
        alpha = 1;
    }
    if (depth == 16) png_set_strip_16(png);
    if (colour == PNG_COLOR_TYPE_GRAY || colour == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!alpha) png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) {
        fail(&r->failure, ISH_DAMAGED, "a row of an unexpected size");
        png_destroy_read_struct(&png, &info, NULL);
        return ISH_DAMAGED;
    }

    // Zeroed: rows a damaged file leaves unwritten show as transparent, not as old memory.
    r->pixels = calloc((size_t)width * height, 4);
    r->rows = malloc((size_t)height * sizeof(png_bytep));
    if (!r->pixels || !r->rows) {
        fail(&r->failure, ISH_NO_MEMORY, "");
        png_destroy_read_struct(&png, &info, NULL);
        return ISH_NO_MEMORY;
    }
    for (png_uint_32 y = 0; y < height; y++) r->rows[y] = r->pixels + (size_t)y * width * 4;
    png_read_image(png, r->rows);
    // Not png_read_end: a file whose image is whole but whose end chunk is missing still shows.
    png_destroy_read_struct(&png, &info, NULL);
    return ISH_OK;
}

/* MARK: - JPEG */

/* libjpeg's error manager and where its errors jump: libjpeg's `err` points at it. */
typedef struct {
    struct jpeg_error_mgr manager;
    failure failure;
} jpeg_errors;

typedef struct {
    jpeg_errors errors;
    struct jpeg_decompress_struct info;
    uint8_t *pixels;
    uint8_t *row;
} jpeg_reading;

/* libjpeg's error handler: never returns. */
static void jpeg_failed(j_common_ptr info) {
    jpeg_errors *errors = (jpeg_errors *)info->err;
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    int code = info->err->msg_code;
    fail(&errors->failure, code == JERR_OUT_OF_MEMORY || code == JERR_NO_BACKING_STORE ? ISH_NO_MEMORY : ISH_DAMAGED, text);
    longjmp(errors->failure.jump, 1);
}

/* libjpeg's warnings: running out of data is a file cut short (libjpeg would draw the rest
** grey); the others are damage it decodes past, as image viewers do. */
static void jpeg_noted(j_common_ptr info, int level) {
    jpeg_errors *errors = (jpeg_errors *)info->err;
    if (level < 0 && info->err->msg_code == JWRN_JPEG_EOF) {
        errors->failure.failure = ISH_TRUNCATED;
        say(errors->failure.message, "the file ends before its image does");
        longjmp(errors->failure.jump, 1);
    }
}

static ish_result decode_jpeg(
    jpeg_reading *r, const uint8_t *bytes, size_t length, uint32_t max_side, uint64_t max_pixels, ish_image *image
) {
    struct jpeg_decompress_struct *info = &r->info;
    info->err = jpeg_std_error(&r->errors.manager);
    r->errors.manager.error_exit = jpeg_failed;
    r->errors.manager.emit_message = jpeg_noted;
    if (setjmp(r->errors.failure.jump)) {
        // As for a PNG: a frame header that claims too much comes first.
        ish_result result = refuse_claim(info->image_width, info->image_height, max_side, max_pixels, image);
        jpeg_destroy_decompress(info);
        return result != ISH_OK ? result : r->errors.failure.failure;
    }
    jpeg_create_decompress(info);
    jpeg_mem_src(info, bytes, (unsigned long)length);
    jpeg_read_header(info, TRUE);
    uint32_t width = info->image_width, height = info->image_height;
    image->width = width;
    image->height = height;
    ish_result refused = check_size(width, height, max_side, max_pixels, image->message);
    if (refused == ISH_OK && info->arith_code) {
        say(image->message, "it is an arithmetic-coded JPEG, which is not supported");
        refused = ISH_DAMAGED;
    }
    if (refused == ISH_OK) {
        // Huffman coding spends at least one bit on each 8x8 block of a component in a scan,
        // and an image has a scan of one component at least.
        uint64_t fewest = UINT64_MAX;
        for (int i = 0; i < info->num_components; i++) {
            jpeg_component_info *component = &info->comp_info[i];
            uint64_t blocks = (uint64_t)component->width_in_blocks * component->height_in_blocks;
            if (blocks < fewest) fewest = blocks;
        }
        if (fewest > (uint64_t)length * 8) refused = more_than_its_bytes(width, height, length, image->message);
    }
    if (refused != ISH_OK) {
        jpeg_destroy_decompress(info);
        return refused;
    }
    // A second bound on what libjpeg allocates for itself (a progressive file's coefficients).
    info->mem->max_memory_to_use = (long)(max_pixels * 8 + (32u << 20));

    int cmyk = info->jpeg_color_space == JCS_CMYK || info->jpeg_color_space == JCS_YCCK;
#ifdef JCS_EXTENSIONS
    int direct = !cmyk;
    info->out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
#else
    int direct = 0;
    info->out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
#endif
    jpeg_start_decompress(info);
    if (info->output_width != width || info->output_height != height) {
        fail(&r->errors.failure, ISH_DAMAGED, "an output size other than its own");
        jpeg_destroy_decompress(info);
        return ISH_DAMAGED;
    }
    r->pixels = calloc((size_t)width * height, 4);
    r->row = direct ? NULL : malloc((size_t)width * (size_t)info->output_components);
    if (!r->pixels || (!direct && !r->row)) {
        fail(&r->errors.failure, ISH_NO_MEMORY, "");
        jpeg_destroy_decompress(info);
        return ISH_NO_MEMORY;
    }
    // Adobe's CMYK JPEGs store the inks inverted.
    int inverted = info->saw_Adobe_marker;
    while (info->output_scanline < height) {
        uint8_t *target = r->pixels + (size_t)info->output_scanline * width * 4;
        JSAMPROW row = direct ? target : r->row;
        if (jpeg_read_scanlines(info, &row, 1) != 1) {
            fail(&r->errors.failure, ISH_DAMAGED, "a row that does not decode");
            jpeg_destroy_decompress(info);
            return ISH_DAMAGED;
        }
        if (direct) continue;
        for (uint32_t x = 0; x < width; x++) {
            uint8_t *pixel = target + (size_t)x * 4;
            if (cmyk) {
                unsigned c = r->row[x * 4], m = r->row[x * 4 + 1], y = r->row[x * 4 + 2], k = r->row[x * 4 + 3];
                if (!inverted) {
                    c = 255 - c, m = 255 - m, y = 255 - y, k = 255 - k;
                }
                pixel[0] = (uint8_t)(c * k / 255);
                pixel[1] = (uint8_t)(m * k / 255);
                pixel[2] = (uint8_t)(y * k / 255);
            } else {
                pixel[0] = r->row[x * 3];
                pixel[1] = r->row[x * 3 + 1];
                pixel[2] = r->row[x * 3 + 2];
            }
            pixel[3] = 0xFF;
        }
    }
    // Not jpeg_finish_decompress: what follows the last row (its end marker) adds nothing.
    jpeg_destroy_decompress(info);
    return ISH_OK;
}

/* MARK: - Decoding */

ish_result ish_decode(const uint8_t *bytes, size_t length, uint32_t max_side, uint64_t max_pixels, ish_image *image) {
    memset(image, 0, sizeof *image);
    image->format = ish_sniff(bytes, length);
    ish_result result;
    switch (image->format) {
    case ISH_FORMAT_PNG: {
        png_reading r;
        memset(&r, 0, sizeof r);
        r.failure.message = image->message;
        r.failure.format = "PNG";
        r.bytes = bytes;
        r.length = length;
        result = decode_png(&r, max_side, max_pixels, image);
        free(r.rows);
        if (result == ISH_OK) image->pixels = r.pixels; else free(r.pixels);
        break;
    }
    case ISH_FORMAT_JPEG: {
        jpeg_reading *r = calloc(1, sizeof *r);
        if (!r) {
            say(image->message, "not enough memory to decode it");
            return ISH_NO_MEMORY;
        }
        r->errors.failure.message = image->message;
        r->errors.failure.format = "JPEG";
        result = decode_jpeg(r, bytes, length, max_side, max_pixels, image);
        free(r->row);
        if (result == ISH_OK) image->pixels = r->pixels; else free(r->pixels);
        free(r);
        break;
    }
    default:
        say(image->message, "not a PNG or JPEG file");
        return ISH_NOT_AN_IMAGE;
    }
    return result;
}

void ish_free_image(ish_image *image) {
    free(image->pixels);
    image->pixels = NULL;
}

/* MARK: - Encoding */

typedef struct {
    failure failure;
    uint8_t *bytes;
    size_t length;
    size_t capacity;
    png_bytep *rows;
} png_writing;

static void png_write_bytes(png_structp png, png_bytep data, size_t count) {
    png_writing *w = png_get_io_ptr(png);
    if (count > w->capacity - w->length) {
        size_t capacity = w->capacity ? w->capacity : 4096;
        while (capacity - w->length < count) capacity *= 2;
        uint8_t *grown = realloc(w->bytes, capacity);
        if (!grown) png_error(png, "Out of memory");
        w->bytes = grown;
        w->capacity = capacity;
    }
    memcpy(w->bytes + w->length, data, count);
    w->length += count;
}

static void png_flush_nothing(png_structp png) { (void)png; }

static ish_result encode_png(png_writing *w, const uint8_t *rgba, uint32_t width, uint32_t height) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &w->failure, png_failed, png_warned);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        fail(&w->failure, ISH_NO_MEMORY, "");
        return ISH_NO_MEMORY;
    }
    if (setjmp(w->failure.jump)) {
        png_destroy_write_struct(&png, &info);
        return w->failure.failure;
    }
    png_set_write_fn(png, w, png_write_bytes, png_flush_nothing);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    w->rows = malloc((size_t)height * sizeof(png_bytep));
    if (!w->rows) png_error(png, "Out of memory");
    for (uint32_t y = 0; y < height; y++) w->rows[y] = (png_bytep)(rgba + (size_t)y * width * 4);
    png_write_info(png, info);
    png_write_image(png, w->rows);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return ISH_OK;
}

ish_result ish_encode_png(const uint8_t *rgba, uint32_t width, uint32_t height, ish_bytes *out) {
    memset(out, 0, sizeof *out);
    png_writing w;
    memset(&w, 0, sizeof w);
    w.failure.message = out->message;
    w.failure.format = "PNG";
    ish_result result = encode_png(&w, rgba, width, height);
    free(w.rows);
    if (result == ISH_OK) {
        out->bytes = w.bytes;
        out->length = w.length;
    } else {
        free(w.bytes);
    }
    return result;
}

/* A destination that grows a buffer of ours (jpeg_mem_dest's may be freed under its
** caller when libjpeg grows it, and is leaked when encoding fails). */
typedef struct {
    struct jpeg_destination_mgr manager;
    uint8_t *bytes;
    size_t capacity;
} jpeg_buffer;

typedef struct {
    jpeg_errors errors;
    struct jpeg_compress_struct info;
    jpeg_buffer buffer;
    uint8_t *row;
} jpeg_writing;

static void jpeg_buffer_start(j_compress_ptr info) {
    jpeg_buffer *buffer = (jpeg_buffer *)info->dest;
    buffer->capacity = 4096;
    buffer->bytes = malloc(buffer->capacity);
    if (!buffer->bytes) ERREXIT1(info, JERR_OUT_OF_MEMORY, 0);
    buffer->manager.next_output_byte = buffer->bytes;
    buffer->manager.free_in_buffer = buffer->capacity;
}

/* Called when the buffer is full: doubles it. */
static boolean jpeg_buffer_grow(j_compress_ptr info) {
    jpeg_buffer *buffer = (jpeg_buffer *)info->dest;
    uint8_t *grown = realloc(buffer->bytes, buffer->capacity * 2);
    if (!grown) ERREXIT1(info, JERR_OUT_OF_MEMORY, 0);
    buffer->bytes = grown;
    buffer->manager.next_output_byte = grown + buffer->capacity;
    buffer->manager.free_in_buffer = buffer->capacity;
    buffer->capacity *= 2;
    return TRUE;
}

static void jpeg_buffer_end(j_compress_ptr info) { (void)info; }

static ish_result encode_jpeg(
    jpeg_writing *w, const uint8_t *rgba, uint32_t width, uint32_t height, int quality, int progressive, int grey
) {
    struct jpeg_compress_struct *info = &w->info;
    info->err = jpeg_std_error(&w->errors.manager);
    w->errors.manager.error_exit = jpeg_failed;
    if (setjmp(w->errors.failure.jump)) {
        jpeg_destroy_compress(info);
        return w->errors.failure.failure;
    }
    jpeg_create_compress(info);
    w->buffer.manager.init_destination = jpeg_buffer_start;
    w->buffer.manager.empty_output_buffer = jpeg_buffer_grow;
    w->buffer.manager.term_destination = jpeg_buffer_end;
    info->dest = &w->buffer.manager;
    info->image_width = width;
    info->image_height = height;
    info->input_components = grey ? 1 : 3;
    info->in_color_space = grey ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_set_defaults(info);
    jpeg_set_quality(info, quality, TRUE);
    if (progressive) jpeg_simple_progression(info);
    w->row = malloc((size_t)width * 3);
    if (!w->row) ERREXIT1(info, JERR_OUT_OF_MEMORY, 0);
    jpeg_start_compress(info, TRUE);
    while (info->next_scanline < height) {
        const uint8_t *source = rgba + (size_t)info->next_scanline * width * 4;
        for (uint32_t x = 0; x < width; x++) {
            const uint8_t *pixel = source + (size_t)x * 4;
            if (grey) {
                w->row[x] = (uint8_t)((pixel[0] * 2126u + pixel[1] * 7152u + pixel[2] * 722u) / 10000u);
            } else {
                memcpy(w->row + (size_t)x * 3, pixel, 3);
            }
        }
        JSAMPROW row = w->row;
        jpeg_write_scanlines(info, &row, 1);
    }
    jpeg_finish_compress(info);
    jpeg_destroy_compress(info);
    return ISH_OK;
}

ish_result ish_encode_jpeg(
    const uint8_t *rgba, uint32_t width, uint32_t height, int quality, int progressive, int grey, ish_bytes *out
) {
    memset(out, 0, sizeof *out);
    jpeg_writing *w = calloc(1, sizeof *w);
    if (!w) {
        say(out->message, "not enough memory to encode it");
        return ISH_NO_MEMORY;
    }
    w->errors.failure.message = out->message;
    w->errors.failure.format = "JPEG";
    ish_result result = encode_jpeg(w, rgba, width, height, quality, progressive, grey);
    free(w->row);
    if (result == ISH_OK) {
        out->bytes = w->buffer.bytes;
        out->length = w->buffer.capacity - w->buffer.manager.free_in_buffer;
    } else {
        free(w->buffer.bytes);
    }
    free(w);
    return result;
}

void ish_free_bytes(ish_bytes *bytes) {
    free(bytes->bytes);
    bytes->bytes = NULL;
    bytes->length = 0;
}
