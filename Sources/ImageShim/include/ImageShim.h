/*
** ImageShim: PNG and JPEG through the system's libpng and libjpeg.
**
** Both libraries report an error by longjmp to the setjmp their caller made. A longjmp must
** never cross a Swift frame (Swift has no idea its frame was left), so each setjmp, and
** every library call that may jump to it, stays inside one function of this file: Swift
** calls these functions and gets a result code and a message back, never a jump.
**
** Decoding checks what a file claims against what it can hold before allocating for it:
** its size against a cap (`max_side`, `max_pixels`), and its pixels against its bytes
** (deflate shrinks data at most 1032 times; Huffman-coded JPEG spends at least one bit on
** each 8x8 block of a component it holds), so a file of a few bytes that claims a billion
** pixels is refused before anything is allocated for them.
**
** Every function has the ish_ prefix (image shim): LuaShim's lsh_ is for Lua's.
*/
#ifndef IMAGESHIM_H
#define IMAGESHIM_H

#include <stddef.h>
#include <stdint.h>

/// The room a message has, its NUL included.
#define ISH_MESSAGE_SIZE 256

/// What a decoding or an encoding gave.
typedef enum {
    ISH_OK = 0,
    /// Neither a PNG nor a JPEG signature.
    ISH_NOT_AN_IMAGE = 1,
    /// It claims more pixels than the cap, or than its bytes can hold.
    ISH_TOO_LARGE = 2,
    /// The file ends before its image does.
    ISH_TRUNCATED = 3,
    /// The library found it damaged, or it uses what is not supported.
    ISH_DAMAGED = 4,
    /// An allocation failed.
    ISH_NO_MEMORY = 5,
} ish_result;

/// A file's format, from its first bytes.
typedef enum {
    ISH_FORMAT_UNKNOWN = 0,
    ISH_FORMAT_PNG = 1,
    ISH_FORMAT_JPEG = 2,
} ish_format;

/// A decoded image: `width` x `height` pixels of 8-bit red, green, blue and alpha (not
/// premultiplied), row by row from the top. `width` and `height` are what the file claims
/// even when decoding failed after reading them (0 before).
typedef struct {
    uint32_t width;
    uint32_t height;
    ish_format format;
    /// malloc'd, `width * height * 4` bytes; NULL unless the result is ISH_OK.
    uint8_t *pixels;
    /// Why it failed, for a person: "claims 100000x100000 pixels, ...".
    char message[ISH_MESSAGE_SIZE];
} ish_image;

/// Bytes an encoder wrote (malloc'd; ish_free_bytes frees them).
typedef struct {
    uint8_t *bytes;
    size_t length;
    char message[ISH_MESSAGE_SIZE];
} ish_bytes;

/// The format the first bytes of a file say it is.
ish_format ish_sniff(const uint8_t *bytes, size_t length);

/// Decodes a PNG or JPEG file held in memory into `image`.
/// - max_side: the most pixels either side may have.
/// - max_pixels: the most pixels the image may have.
/// C because libpng and libjpeg report errors by longjmp.
ish_result ish_decode(const uint8_t *bytes, size_t length, uint32_t max_side, uint64_t max_pixels, ish_image *image);

/// Frees the pixels of a decoded image.
void ish_free_image(ish_image *image);

/// Encodes `width` x `height` RGBA pixels as a PNG (8-bit RGBA, not interlaced), for tests
/// and benchmarks that need image files. C because libpng reports errors by longjmp.
ish_result ish_encode_png(const uint8_t *rgba, uint32_t width, uint32_t height, ish_bytes *out);

/// Encodes `width` x `height` RGBA pixels (alpha dropped) as a JPEG of `quality` (1...100),
/// progressive when `progressive` is not 0, grey when `grey` is not 0. C because libjpeg
/// reports errors by longjmp.
ish_result ish_encode_jpeg(
    const uint8_t *rgba, uint32_t width, uint32_t height, int quality, int progressive, int grey, ish_bytes *out);

/// Frees what an encoder wrote.
void ish_free_bytes(ish_bytes *bytes);

#endif
