/*
 * test_image_decode.c - image_decode_png() (fast path: libdeflate + our own
 * unfilter, for 8-bit RGB/RGBA non-interlaced files) gives exactly the pixels
 * libpng's simplified reader gives, on the real phone screenshots and on
 * generated PNGs of every colour type, bit depth, interlace and row filter;
 * and corrupt variants of a fast-path file still fail with libpng's message.
 *
 * libpng is used here directly, as the reference decoder (and to write the
 * generated files): the test checks our decoder against it.
 */
#include <png.h>
#include <stdint.h>

#include "test.h"

#include "core/error.h"
#include "core/image.h"
#include "core/strbuf.h"

/* The reference: libpng's simplified reader into BGRA, premultiplied as image.h says. */
static struct image *reference_decode(const void *buf, size_t len)
{
	png_image pi;
	memset(&pi, 0, sizeof pi);
	pi.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_memory(&pi, buf, len))
		return NULL;
	pi.format = PNG_FORMAT_BGRA;
	struct image *img = image_new((int)pi.width, (int)pi.height);
	if (!png_image_finish_read(&pi, NULL, img->data, img->stride, NULL)) {
		png_image_free(&pi);
		image_free(img);
		return NULL;
	}
	for (size_t i = 0; i < (size_t)img->stride * (size_t)img->height; i += 4) {
		unsigned char *p = img->data + i;
		unsigned a = p[3];
		if (a != 255)
			for (int k = 0; k < 3; k++)
				p[k] = (unsigned char)((p[k] * a + 127) / 255);
	}
	return img;
}

/* Whether two images have the same size and bytes; says where they differ. */
static int same_pixels(const struct image *a, const struct image *b, const char *what)
{
	if (a->width != b->width || a->height != b->height) {
		fprintf(stderr, "%s: size %dx%d vs %dx%d\n", what, a->width, a->height, b->width, b->height);
		return 0;
	}
	for (int y = 0; y < a->height; y++)
		if (memcmp(a->data + (size_t)y * a->stride, b->data + (size_t)y * b->stride, (size_t)a->width * 4)) {
			fprintf(stderr, "%s: row %d differs\n", what, y);
			return 0;
		}
	return 1;
}

/* Decode with image_decode_png() and with the reference; check they agree. */
static void check_identical(const void *buf, size_t len, const char *what)
{
	struct image *ours = NULL, *ref = reference_decode(buf, len);
	int err = image_decode_png(buf, len, what, &ours);
	if (!ref) {
		CHECK(err != TD_OK);
		image_free(ours);
		return;
	}
	CHECK_OK(err);
	if (ours && !same_pixels(ours, ref, what))
		TEST_FAIL_AT("%s: pixels differ from libpng's", what);
	image_free(ours);
	image_free(ref);
}

static void write_cb(png_structp png, png_bytep data, size_t len)
{
	if (strbuf_add(png_get_io_ptr(png), data, len))
		png_error(png, "full");
}

static void flush_cb(png_structp png)
{
	(void)png;
}

/* A deterministic pseudo-random byte stream. */
static uint32_t rng = 12345;
static unsigned rnd(void)
{
	rng = rng * 1103515245u + 12345u;
	return (rng >> 16) & 0xff;
}

/*
 * Write a w x h PNG of the given colour type and depth into `out`, with
 * `filters` (PNG_FILTER_* mask), interlaced or not, optionally a gAMA chunk
 * or a tRNS chunk. Half the rows are smooth gradients (so every filter is
 * worth choosing), half noise.
 */
static void make_png(struct strbuf *out, int w, int h, int color, int depth, int interlace, int filters,
		     int gama, int trns)
{
	png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = png_create_info_struct(png);
	if (setjmp(png_jmpbuf(png))) {
		png_destroy_write_struct(&png, &info);
		return;
	}
	png_set_write_fn(png, out, write_cb, flush_cb);
	png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, depth, color,
		     interlace ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
		     PNG_FILTER_TYPE_DEFAULT);
	if (color == PNG_COLOR_TYPE_PALETTE) {
		png_color pal[256];
		for (int i = 0; i < 256; i++) {
			pal[i].red = (png_byte)rnd();
			pal[i].green = (png_byte)rnd();
			pal[i].blue = (png_byte)rnd();
		}
		png_set_PLTE(png, info, pal, 1 << depth);
		if (trns) {
			png_byte alpha[16];
			int n = depth < 4 ? 1 << depth : 16;
			for (int i = 0; i < n; i++)
				alpha[i] = (png_byte)rnd();
			png_set_tRNS(png, info, alpha, n, NULL);
		}
	} else if (trns && !(color & PNG_COLOR_MASK_ALPHA)) {
		png_color_16 tc = { 0, 1, 1, 1, 1 };
		png_set_tRNS(png, info, NULL, 0, &tc);
	}
	if (gama)
		png_set_gAMA(png, info, 1.0);
	png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
	png_set_compression_level(png, 6);
	int channels = color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_PALETTE ? 1
		       : color == PNG_COLOR_TYPE_GRAY_ALPHA ? 2 : color == PNG_COLOR_TYPE_RGB ? 3 : 4;
	size_t rowbytes = ((size_t)w * (size_t)channels * (size_t)depth + 7) / 8;
	png_bytep *rows = calloc((size_t)h, sizeof *rows);
	for (int y = 0; y < h; y++) {
		rows[y] = malloc(rowbytes);
		for (size_t i = 0; i < rowbytes; i++)
			rows[y][i] = (png_byte)(y % 2 ? rnd() : (i * 3 + (size_t)y * 5) & 0xff);
		if (color == PNG_COLOR_TYPE_RGB_ALPHA && depth == 8 && y % 3 == 0) /* some opaque rows */
			for (size_t i = 3; i < rowbytes; i += 4)
				rows[y][i] = 255;
	}
	png_write_info(png, info);
	png_write_image(png, rows);
	png_write_end(png, info);
	png_destroy_write_struct(&png, &info);
	for (int y = 0; y < h; y++)
		free(rows[y]);
	free(rows);
}

/* The real-screens fixtures (test_real_screens_dir), or NULL: the fixture test is skipped. */
static const char *screens_dir;

TEST(real_screens_identical)
{
	int n = 0;
	for (int s = 0; s < 64; s++) {
		char path[4096];
		snprintf(path, sizeof path, "%s/trace_7_%d.png", screens_dir, s);
		struct strbuf sb;
		strbuf_init(&sb, 0);
		if (strbuf_read_file(&sb, path) == TD_OK) {
			check_identical(sb.buf, sb.len, path);
			n++;
		}
		strbuf_release(&sb);
	}
	CHECK(n >= 12);
}

TEST(every_colour_type_depth_interlace_filter)
{
	static const struct { int color, depths[5], n; } kinds[] = {
		{ PNG_COLOR_TYPE_GRAY, { 1, 2, 4, 8, 16 }, 5 },
		{ PNG_COLOR_TYPE_RGB, { 8, 16 }, 2 },
		{ PNG_COLOR_TYPE_PALETTE, { 1, 2, 4, 8 }, 4 },
		{ PNG_COLOR_TYPE_GRAY_ALPHA, { 8, 16 }, 2 },
		{ PNG_COLOR_TYPE_RGB_ALPHA, { 8, 16 }, 2 },
	};
	static const int filters[] = { PNG_FILTER_NONE, PNG_FILTER_SUB, PNG_FILTER_UP, PNG_FILTER_AVG,
				       PNG_FILTER_PAETH, PNG_ALL_FILTERS };
	static const int sizes[][2] = { { 1, 1 }, { 7, 5 }, { 33, 17 }, { 257, 31 } };
	int files = 0;
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
		for (int d = 0; d < kinds[k].n; d++)
			for (int il = 0; il < 2; il++)
				for (size_t f = 0; f < sizeof filters / sizeof filters[0]; f++)
					for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
						for (int extra = 0; extra < 3; extra++) {
							struct strbuf sb = STRBUF_INIT;
							make_png(&sb, sizes[z][0], sizes[z][1], kinds[k].color,
								 kinds[k].depths[d], il, filters[f], extra == 1,
								 extra == 2);
							char what[128];
							snprintf(what, sizeof what,
								 "type %d depth %d interlace %d filter %#x %dx%d extra %d",
								 kinds[k].color, kinds[k].depths[d], il, filters[f],
								 sizes[z][0], sizes[z][1], extra);
							REQUIRE(sb.len > 8);
							check_identical(sb.buf, sb.len, what);
							strbuf_release(&sb);
							files++;
						}
	CHECK(files > 500);
}

/* Several IDAT chunks (libpng splits at its buffer size) and ancillary chunks between. */
TEST(split_idat_and_text_chunks)
{
	struct strbuf sb = STRBUF_INIT;
	png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = png_create_info_struct(png);
	REQUIRE(!setjmp(png_jmpbuf(png)));
	png_set_write_fn(png, &sb, write_cb, flush_cb);
	png_set_compression_buffer_size(png, 64);
	png_set_IHDR(png, info, 300, 200, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
		     PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_text text = { PNG_TEXT_COMPRESSION_NONE, "Comment", "hello", 5, 0, NULL, NULL };
	png_set_text(png, info, &text, 1);
	png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
	png_write_info(png, info);
	unsigned char row[1200];
	for (int y = 0; y < 200; y++) {
		for (int i = 0; i < 1200; i++)
			row[i] = (unsigned char)(i % 4 == 3 ? 255 : rnd());
		png_write_row(png, row);
	}
	png_write_end(png, info);
	png_destroy_write_struct(&png, &info);
	check_identical(sb.buf, sb.len, "split IDAT");
	strbuf_release(&sb);
}

/* A file the fast path takes, damaged: each damage still fails, with libpng's message. */
TEST(corrupt_fast_path_files_fail)
{
	struct strbuf sb = STRBUF_INIT;
	make_png(&sb, 40, 30, PNG_COLOR_TYPE_RGB_ALPHA, 8, 0, PNG_ALL_FILTERS, 0, 0);
	REQUIRE(sb.len > 100);
	struct image *img = NULL;
	CHECK_OK(image_decode_png(sb.buf, sb.len, "good", &img));
	image_free(img);
	/* every truncation */
	for (size_t n = 0; n < sb.len - 12; n += 7) {
		img = NULL;
		int err = image_decode_png(sb.buf, n, "cut.png", &img);
		CHECK(err != TD_OK);
		CHECK(img == NULL);
		if (err != TD_OK && n >= 8)
			CHECK(strstr(td_errmsg(err), "cut.png") != NULL);
	}
	/* a flipped byte anywhere in the chunks (CRCs catch it, or libpng names it) */
	for (size_t i = 8; i < sb.len; i += 3) {
		struct strbuf bad = STRBUF_INIT;
		CHECK_OK(strbuf_add(&bad, sb.buf, sb.len));
		bad.buf[i] ^= 0x10;
		struct image *a = NULL, *ref = reference_decode(bad.buf, bad.len);
		int err = image_decode_png(bad.buf, bad.len, "flip.png", &a);
		CHECK((err == TD_OK) == (ref != NULL));
		if (a && ref)
			CHECK(same_pixels(a, ref, "flip"));
		image_free(a);
		image_free(ref);
		strbuf_release(&bad);
	}
	strbuf_release(&sb);
}

/* The scratch buffer is per thread and may be dropped and recreated. */
TEST(release_thread_buffers)
{
	struct strbuf sb = STRBUF_INIT;
	make_png(&sb, 64, 64, PNG_COLOR_TYPE_RGB, 8, 0, PNG_ALL_FILTERS, 0, 0);
	for (int i = 0; i < 3; i++) {
		check_identical(sb.buf, sb.len, "again");
		image_release_thread_buffers();
	}
	image_release_thread_buffers();
	strbuf_release(&sb);
}

int main(void)
{
	RUN(every_colour_type_depth_interlace_filter);
	RUN(split_idat_and_text_chunks);
	RUN(corrupt_fast_path_files_fail);
	RUN(release_thread_buffers);
	screens_dir = test_real_screens_dir();
	if (!screens_dir) {
		printf("real-screens fixtures absent: skipping the fixture test\n");
		return tests_failed ? test_summary() : test_skip("real-screens fixtures not found");
	}
	RUN(real_screens_identical);
	return test_summary();
}
