/*
 * image.h - the screenshot path: decode the device's PNG or raw screencap
 * frame once, downscale it to the model's input size, encode it as PNG for a
 * request, base64 it, and write PNG files for people to look at.
 *
 * A `struct image` is a plain pixel buffer: 32-bit pixels, native-endian
 * 0xAARRGGBB with premultiplied alpha (the layout Cairo calls ARGB32), so the
 * annotator can draw on it without a copy. Screenshots are opaque, so in
 * practice every pixel has alpha 0xff. libpng and Cairo stay inside image.c,
 * annotate.c and history_strip.c.
 *
 * Every decoder takes untrusted bytes and a `name` for error messages; it
 * never crashes on truncated or corrupt input, and refuses images larger than
 * IMAGE_MAX_PIXELS.
 */
#ifndef TRIDENT_CORE_IMAGE_H
#define TRIDENT_CORE_IMAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/error.h"

struct strbuf;
struct framebuf;

/* Largest image any decoder accepts (8192 x 8192, Anthropic's own limit is 8000). */
#define IMAGE_MAX_PIXELS (8192u * 8192u)
#define IMAGE_MAX_SIDE 16384

struct image {
	int width, height;
	int stride;          /* bytes per row, a multiple of 4 */
	unsigned char *data; /* height * stride bytes; owned by the image, unless `frame` */
	/* Set for a view of a raw frame's pixels (image_decode_frame): `data`
	 * points into this buffer, of which the image holds a reference, and
	 * must not be written (the frame is shared). NULL: `data` is the
	 * image's own. */
	struct framebuf *frame;
};

/* A new image filled with opaque white. Aborts on OOM; NULL for bad sizes. */
struct image *image_new(int width, int height);
/* A deep copy (of a view too: the copy owns its pixels). */
struct image *image_copy(const struct image *src);
/* Free the image and its pixels, or drop a view's frame reference. NULL is fine. */
void image_free(struct image *img);

/* The pixel at (x, y) as 0xRRGGBB (un-premultiplied); 0 outside the image. */
uint32_t image_pixel(const struct image *img, int x, int y);

/*
 * Decode a PNG from memory (any bit depth, palette, grey, alpha, interlace).
 * 8-bit RGB and RGBA non-interlaced files (what phones send) take a fast path
 * (libdeflate's inflate, a plain unfilter) whose pixels are identical to
 * libpng's; everything else, and every file the fast path does not like,
 * goes to libpng. TD_ERR_PARSE naming `name` and what libpng said for
 * corrupt or truncated data, TD_ERR_TOO_BIG over IMAGE_MAX_PIXELS. *out is
 * the caller's. The fast path keeps a per-thread scratch buffer (the
 * inflated rows) between calls; it is freed when the thread exits, or by
 * image_release_thread_buffers().
 */
int image_decode_png(const void *buf, size_t len, const char *name, struct image **out) TD_MUST_CHECK;

/* Free this thread's decode and encode scratch buffers now (otherwise reused, and freed at thread exit). */
void image_release_thread_buffers(void);

/* A raw `screencap` frame's header, checked against the data's length. */
struct image_raw_frame {
	uint32_t width, height, format;
	int bpp;               /* bytes per pixel of the format */
	size_t header;         /* 12, or 16 with Android 9+'s colour space */
	size_t pixel_bytes;    /* width x height x bpp */
};

/*
 * Read and check a raw frame's header (formats as image_decode_raw): the
 * size in range, the data long enough for the pixels. TD_ERR_PARSE (or
 * TD_ERR_TOO_BIG) with a message naming `name` otherwise. With 12 bytes
 * or more, *out has the header's width, height and format (bpp 0: unknown
 * format) even on errors, and pixel_bytes > 0 once the size is in range
 * (so a frame whose pixels are only cut short can be told apart).
 */
int image_raw_header(const void *buf, size_t len, const char *name, struct image_raw_frame *out) TD_MUST_CHECK;

/*
 * Decode a raw `screencap` frame (no -p): a little-endian header of u32
 * width, height, format, and on Android 9+ a u32 colour space, then the
 * pixels. Formats: 1 RGBA_8888, 2 RGBX_8888, 3 RGB_888, 4 RGB_565,
 * 5 BGRA_8888. The header size (12 or 16) is told apart by the data length;
 * trailing bytes are ignored. TD_ERR_PARSE for short data or unknown formats.
 */
int image_decode_raw(const void *buf, size_t len, const char *name, struct image **out) TD_MUST_CHECK;

/*
 * A screenshot as PNG file bytes: a copy when `buf` is already a PNG; a raw
 * `screencap` frame (as image_decode_raw reads) is encoded straight from its
 * rows as an 8-bit RGB PNG (alpha dropped: screens are opaque), zlib level 1,
 * no row filters (the simulator's `screencap -p` settings), without
 * decoding it into an image first. Errors as image_decode_raw, naming
 * `name`. *out is the caller's to free().
 */
int image_frame_png(const void *buf, size_t len, const char *name, unsigned char **out,
		    size_t *out_len) TD_MUST_CHECK;

/* PNG when `buf` starts with the PNG signature, else a raw frame. */
int image_decode(const void *buf, size_t len, const char *name, struct image **out) TD_MUST_CHECK;

/*
 * The screenshot held in frame buffer `f` (its sb.buf, sb.len: a PNG or a
 * raw frame, as image_decode reads) as an image, for readers. A BGRA_8888
 * raw frame (format 5, what the simulator sends) is already this module's
 * pixel layout, row for row: *out is then a view of the frame's pixels, no
 * copy (image->frame set; it holds a reference to `f`, so the frame stays
 * whole until image_free(), whoever else lets go of it). A view must not be
 * written to: draw on a copy or a downscale. Any other frame is decoded
 * into an image of its own, as image_decode does (the same pixels either
 * way). Errors as image_decode, naming `name`; *out is the caller's to
 * image_free().
 */
int image_decode_frame(struct framebuf *f, const char *name, struct image **out) TD_MUST_CHECK;

/*
 * The width and height of a PNG (from IHDR) or raw frame (its header)
 * without decoding it: for callers that need the screen size only.
 * TD_ERR_PARSE when the header is short or not one of the two,
 * TD_ERR_TOO_BIG over the size limits.
 */
int image_probe_size(const void *buf, size_t len, int *width, int *height) TD_MUST_CHECK;

/* Read and decode a file (PNG or raw frame). Errors name the path. */
int image_read_file(const char *path, struct image **out) TD_MUST_CHECK;

/*
 * The size `w` x `h` becomes when scaled down (never up) to fit both limits:
 * the long edge at most `max_long`, the short edge at most `max_short`
 * (0 = no limit), keeping the aspect ratio. Both results are at least 1.
 */
void image_fit_size(int w, int h, int max_long, int max_short, int *out_w, int *out_h);

/*
 * Downscale with an area (box) filter: each output pixel is the
 * coverage-weighted mean of the source pixels under it, which keeps thin text
 * strokes and 1-px lines visible instead of aliasing them away. Returns a new
 * image of `width` x `height` (a copy when the size is unchanged); NULL when
 * the target is larger than the source or not positive.
 */
struct image *image_downscale(const struct image *src, int width, int height);

/*
 * Encode as an 8-bit RGB PNG (alpha dropped: screenshots are opaque) into a
 * malloc'd buffer. `level` is the zlib level 0-9; 1 is a good speed/size
 * point for screenshots (see docs/annotation.md). TD_ERR_INVALID for a bad
 * image. *out is the caller's to free().
 */
int image_encode_png(const struct image *img, int level, unsigned char **out, size_t *out_len) TD_MUST_CHECK;

/*
 * Encode as an 8-bit palette PNG: lossy, about 4x smaller and 2x faster
 * than image_encode_png() on screenshots. The palette is a 6x6x6 colour
 * cube, a 24-step grey ramp, and the colours in `exact` (0xRRGGBB, at most
 * 16), which are kept exactly wherever a pixel has one of them (the
 * annotation's box colours). Other pixels take the nearest cube or grey
 * entry: flat UI colours and text stay clean, photographs posterise.
 */
int image_encode_png_palette(const struct image *img, int level, const uint32_t *exact,
			     size_t n_exact, unsigned char **out, size_t *out_len) TD_MUST_CHECK;

/* The pixel layout of the rows image_encode_png_rows() asks for and writes. */
enum image_png_color {
	IMAGE_PNG_RGB,     /* 3 bytes a pixel: R, G, B */
	IMAGE_PNG_RGBA,    /* 4 bytes a pixel: R, G, B, A (straight alpha) */
	IMAGE_PNG_PALETTE, /* 1 byte a pixel: an index into the palette */
};

/* Fill `row` with row `y` of the picture, laid out as the format's `color` says. */
typedef void (*image_png_row_fn)(const void *ctx, int y, unsigned char *row);

/* What image_encode_png_rows() writes, and where its pixels come from. */
struct image_png_format {
	int width, height;          /* as image_new() accepts */
	enum image_png_color color;
	const uint32_t *palette;    /* IMAGE_PNG_PALETTE: 0xRRGGBB entries */
	int n_palette;              /* IMAGE_PNG_PALETTE: 1..256 */
	int level;                  /* zlib level 0-9; anything else means 1 */
	bool filter;                /* adaptive row filters; false: none (fast, and
				     * smaller at low levels on flat UI pictures) */
	image_png_row_fn row;       /* called once per row, top to bottom */
	const void *row_ctx;        /* passed to `row` */
};

/*
 * The one libpng encoder behind image_encode_png(), image_encode_png_palette()
 * and the simulator's screencap: an 8-bit, non-interlaced PNG of
 * fmt->width x fmt->height whose rows come from fmt->row, appended to `out`.
 * TD_ERR_INVALID for a bad format, TD_ERR_TOO_BIG when `out`'s cap would be
 * passed; on any error `out` is left as it was.
 */
int image_encode_png_rows(const struct image_png_format *fmt, struct strbuf *out) TD_MUST_CHECK;

/* Encode and write a PNG file. TD_ERR_IO naming the path. */
int image_write_png(const struct image *img, const char *path) TD_MUST_CHECK;

/*
 * Standard base64 (RFC 4648, with padding) of `len` bytes, NUL-terminated,
 * malloc'd; its length goes to *out_len when not NULL.
 */
char *image_base64(const void *data, size_t len, size_t *out_len);

/*
 * Decode standard base64 (padding optional, no whitespace); NULL on bad
 * input. The result is malloc'd, its length in *out_len.
 */
unsigned char *image_base64_decode(const char *text, size_t len, size_t *out_len);

/*
 * Release the process-wide caches that Cairo (font faces, and through them
 * fontconfig) keeps after drawing text, so leak checkers see a clean exit.
 * Call at most once, at exit, when no thread draws any more.
 */
void image_release_caches(void);

#endif
