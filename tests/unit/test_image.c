/* test_image.c - decode/encode/downscale/base64 round trips and bad input. */
#include <stdint.h>
#include <unistd.h>

#include "test.h"

#include "core/error.h"
#include "core/framebuf.h"
#include "core/image.h"
#include "core/strbuf.h"

/* Set pixel (x, y) to opaque 0xRRGGBB. */
static void put(struct image *img, int x, int y, uint32_t rgb)
{
	uint32_t p = 0xff000000u | rgb;
	memcpy(img->data + (size_t)y * img->stride + (size_t)x * 4, &p, 4);
}

/* A deterministic test pattern with every channel varying. */
static struct image *pattern(int w, int h)
{
	struct image *img = image_new(w, h);
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			put(img, x, y, (uint32_t)((x * 7) & 0xff) << 16 | (uint32_t)((y * 13) & 0xff) << 8 |
				       (uint32_t)((x * y) & 0xff));
	return img;
}

TEST(base64_vectors)
{
	static const char *in[] = { "", "f", "fo", "foo", "foob", "fooba", "foobar" };
	static const char *want[] = { "", "Zg==", "Zm8=", "Zm9v", "Zm9vYg==", "Zm9vYmE=", "Zm9vYmFy" };
	for (int i = 0; i < 7; i++) {
		size_t n;
		char *b = image_base64(in[i], strlen(in[i]), &n);
		CHECK_STR_EQ(b, want[i]);
		CHECK_INT_EQ(n, strlen(want[i]));
		size_t dn = 99;
		unsigned char *d = image_base64_decode(b, n, &dn);
		REQUIRE(d);
		CHECK_INT_EQ(dn, strlen(in[i]));
		CHECK(memcmp(d, in[i], dn) == 0);
		free(d);
		free(b);
	}
	size_t dn;
	CHECK(image_base64_decode("Zm9v!A==", 8, &dn) == NULL);
	CHECK(image_base64_decode("Z", 1, &dn) == NULL);
}

TEST(base64_binary_round_trip)
{
	unsigned char buf[1000];
	uint32_t s = 12345;
	for (size_t len = 0; len < sizeof buf; len += 37) {
		for (size_t i = 0; i < len; i++) {
			s = s * 1103515245u + 12345u;
			buf[i] = (unsigned char)(s >> 16);
		}
		size_t n, dn = 0;
		char *b = image_base64(buf, len, &n);
		CHECK_INT_EQ(n, (len + 2) / 3 * 4);
		unsigned char *d = image_base64_decode(b, n, &dn);
		REQUIRE(d);
		CHECK_INT_EQ(dn, len);
		CHECK(memcmp(d, buf, len) == 0);
		free(d);
		free(b);
	}
}

TEST(png_round_trip_is_lossless)
{
	struct image *img = pattern(123, 77), *back = NULL;
	for (int level = 0; level <= 9; level += 3) {
		unsigned char *png = NULL;
		size_t len = 0;
		CHECK_OK(image_encode_png(img, level, &png, &len));
		REQUIRE(png && len > 8);
		CHECK_OK(image_decode_png(png, len, "mem", &back));
		REQUIRE(back);
		CHECK_INT_EQ(back->width, 123);
		CHECK_INT_EQ(back->height, 77);
		int diff = 0;
		for (int y = 0; y < 77; y++)
			for (int x = 0; x < 123; x++)
				diff += image_pixel(back, x, y) != image_pixel(img, x, y);
		CHECK_INT_EQ(diff, 0);
		image_free(back);
		back = NULL;
		free(png);
	}
	image_free(img);
}

TEST(palette_png)
{
	struct image *img = pattern(200, 100), *back = NULL;
	/* A band of exact annotation colours and a grey gradient. */
	for (int x = 0; x < 200; x++) {
		put(img, x, 0, 0xe00000);
		put(img, x, 1, 0x0050ff);
		put(img, x, 2, (uint32_t)(x * 255 / 199) * 0x010101u);
	}
	static const uint32_t exact[] = { 0xe00000, 0x0050ff };
	unsigned char *png = NULL, *rgb = NULL;
	size_t len = 0, rgb_len = 0;
	CHECK_OK(image_encode_png_palette(img, 1, exact, 2, &png, &len));
	CHECK_OK(image_encode_png(img, 1, &rgb, &rgb_len));
	CHECK(len < rgb_len);
	CHECK_OK(image_decode_png(png, len, "pal", &back));
	REQUIRE(back);
	CHECK_INT_EQ(back->width, 200);
	int exact_ok = 0, grey_ok = 0, close = 0;
	for (int x = 0; x < 200; x++) {
		exact_ok += image_pixel(back, x, 0) == 0xe00000 && image_pixel(back, x, 1) == 0x0050ff;
		uint32_t g = image_pixel(back, x, 2);
		grey_ok += (g >> 16) == (g & 0xff) && ((g >> 8) & 0xff) == (g & 0xff);
	}
	CHECK_INT_EQ(exact_ok, 200);
	CHECK_INT_EQ(grey_ok, 200);
	/* Every other pixel lands within half a cube step (25.5) plus the
	 * 15-bit lookup's rounding (4) of the original. */
	for (int y = 3; y < 100; y++)
		for (int x = 0; x < 200; x++) {
			uint32_t a = image_pixel(img, x, y), b = image_pixel(back, x, y);
			int worst = 0;
			for (int sh = 0; sh < 24; sh += 8) {
				int d = abs((int)((a >> sh) & 0xff) - (int)((b >> sh) & 0xff));
				worst = d > worst ? d : worst;
			}
			close += worst <= 30;
		}
	CHECK_INT_EQ(close, 97 * 200);
	free(png);
	free(rgb);
	image_free(back);
	image_free(img);
}

/* Row source for the shared encoder: RGBA with a varying alpha, or palette indices. */
static void test_row(const void *ctx, int y, unsigned char *row)
{
	const int *color = ctx;
	for (int x = 0; x < 50; x++) {
		if (*color == IMAGE_PNG_PALETTE) {
			row[x] = (unsigned char)((x + y) % 3);
		} else {
			unsigned char *d = row + x * 4;
			d[0] = (unsigned char)(x * 5);
			d[1] = (unsigned char)(y * 9);
			d[2] = (unsigned char)(x ^ y);
			d[3] = (unsigned char)(x < 25 ? 255 : 128);
		}
	}
}

TEST(png_rows_encoder)
{
	int color = IMAGE_PNG_RGBA;
	struct image_png_format fmt = { 50, 20, IMAGE_PNG_RGBA, NULL, 0, 1, false, test_row, &color };
	struct strbuf out = STRBUF_INIT;
	CHECK_OK(strbuf_adds(&out, "keep"));
	CHECK_OK(image_encode_png_rows(&fmt, &out));
	/* appended after what was there: a 50x20 8-bit RGBA PNG */
	REQUIRE(out.len > 4 + 33);
	CHECK(memcmp(out.buf, "keep\x89PNG", 8) == 0);
	const unsigned char *ihdr = (const unsigned char *)out.buf + 4 + 16;
	CHECK_INT_EQ(ihdr[3], 50);
	CHECK_INT_EQ(ihdr[7], 20);
	CHECK_INT_EQ(ihdr[8], 8);
	CHECK_INT_EQ(ihdr[9], 6);
	struct image *back = NULL;
	CHECK_OK(image_decode_png(out.buf + 4, out.len - 4, "rows", &back));
	REQUIRE(back);
	CHECK_INT_EQ(image_pixel(back, 7, 3), (uint32_t)(35 << 16 | 27 << 8 | (7 ^ 3)));
	image_free(back);
	back = NULL;

	/* a palette PNG with the caller's colours */
	static const uint32_t pal[] = { 0xff0000, 0x00ff00, 0x0000ff };
	color = IMAGE_PNG_PALETTE;
	struct image_png_format pfmt = { 50, 20, IMAGE_PNG_PALETTE, pal, 3, 9, true, test_row, &color };
	strbuf_reset(&out);
	CHECK_OK(image_encode_png_rows(&pfmt, &out));
	REQUIRE(out.len > 33);
	CHECK_INT_EQ((unsigned char)out.buf[25], 3);
	CHECK_OK(image_decode_png(out.buf, out.len, "pal", &back));
	REQUIRE(back);
	CHECK_INT_EQ(image_pixel(back, 0, 0), 0xff0000);
	CHECK_INT_EQ(image_pixel(back, 1, 0), 0x00ff00);
	CHECK_INT_EQ(image_pixel(back, 1, 1), 0x0000ff);
	image_free(back);
	strbuf_release(&out);

	/* bad formats, and a cap too small: errors, the buffer as it was */
	pfmt.n_palette = 0;
	CHECK_INT_EQ(image_encode_png_rows(&pfmt, &out), TD_ERR_INVALID);
	fmt.width = 0;
	CHECK_INT_EQ(image_encode_png_rows(&fmt, &out), TD_ERR_INVALID);
	fmt.width = 50;
	fmt.row = NULL;
	CHECK_INT_EQ(image_encode_png_rows(&fmt, &out), TD_ERR_INVALID);
	CHECK_INT_EQ(out.len, 0);
	fmt.row = test_row;
	color = IMAGE_PNG_RGBA;
	struct strbuf small;
	strbuf_init(&small, 100);
	CHECK_OK(strbuf_adds(&small, "x"));
	CHECK_INT_EQ(image_encode_png_rows(&fmt, &small), TD_ERR_TOO_BIG);
	CHECK_INT_EQ(small.len, 1);
	strbuf_release(&small);
}

TEST(write_and_read_file)
{
	struct image *img = pattern(40, 30), *back = NULL;
	char path[] = "/tmp/trident-test-image-XXXXXX.png";
	int fd = mkstemps(path, 4);
	REQUIRE(fd >= 0);
	close(fd);
	CHECK_OK(image_write_png(img, path));
	CHECK_OK(image_read_file(path, &back));
	REQUIRE(back);
	CHECK_INT_EQ(image_pixel(back, 39, 29), image_pixel(img, 39, 29));
	image_free(back);
	unlink(path);
	int err = image_write_png(img, "/nonexistent-dir/x.png");
	CHECK_INT_EQ(err, TD_ERR_IO);
	CHECK(strstr(td_errmsg(err), "/nonexistent-dir/x.png") != NULL);
	err = image_read_file("/nonexistent-dir/x.png", &back);
	CHECK(err != TD_OK);
	CHECK(back == NULL);
	image_free(img);
}

TEST(corrupt_and_truncated_png)
{
	struct image *img = pattern(64, 64), *back = NULL;
	unsigned char *png = NULL;
	size_t len = 0;
	CHECK_OK(image_encode_png(img, 6, &png, &len));
	/* Every truncation point before the final IEND chunk (12 bytes, which
	 * carries no pixels) fails cleanly. */
	for (size_t cut = 0; cut < len - 12; cut += (cut < 64 ? 1 : 97)) {
		int err = image_decode_png(png, cut, "cut.png", &back);
		CHECK(err == TD_ERR_PARSE);
		CHECK(back == NULL);
		CHECK(strstr(td_errmsg(err), "cut.png") != NULL);
	}
	/* Flipped bytes in the data (CRC or zlib errors) fail cleanly too. */
	for (size_t at = 33; at < len; at += 101) {
		unsigned char *bad = malloc(len);
		memcpy(bad, png, len);
		bad[at] ^= 0x5a;
		int err = image_decode_png(bad, len, "bad.png", &back);
		if (err == TD_OK)
			image_free(back); /* a flip in ancillary bytes may still decode */
		else
			CHECK(back == NULL);
		back = NULL;
		free(bad);
	}
	CHECK_INT_EQ(image_decode_png("not a png at all", 16, "x", &back), TD_ERR_PARSE);
	/* A header claiming a huge image is refused before any allocation. */
	unsigned char huge[64];
	memcpy(huge, png, 33);
	huge[16] = 0; huge[17] = 1; huge[18] = 0; huge[19] = 0; /* width 65536 */
	CHECK(image_decode_png(huge, 33, "huge", &back) != TD_OK);
	free(png);
	image_free(img);
}

TEST(raw_frames)
{
	/* 2x2, format 1 (RGBA), 12-byte header (old Android). */
	unsigned char f[12 + 16] = { 2, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0 };
	const unsigned char px[16] = { 255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 10, 20, 30, 255 };
	memcpy(f + 12, px, 16);
	struct image *img = NULL;
	CHECK_OK(image_decode(f, sizeof f, "raw", &img));
	REQUIRE(img);
	CHECK_INT_EQ(image_pixel(img, 0, 0), 0xff0000);
	CHECK_INT_EQ(image_pixel(img, 1, 0), 0x00ff00);
	CHECK_INT_EQ(image_pixel(img, 0, 1), 0x0000ff);
	CHECK_INT_EQ(image_pixel(img, 1, 1), 0x0a141e);
	image_free(img);
	/* 16-byte header (Android 9+: colour space), format 5 (BGRA). */
	unsigned char g[16 + 16] = { 2, 0, 0, 0, 2, 0, 0, 0, 5, 0, 0, 0, 1, 0, 0, 0 };
	memcpy(g + 16, px, 16);
	CHECK_OK(image_decode_raw(g, sizeof g, "raw", &img));
	REQUIRE(img);
	CHECK_INT_EQ(image_pixel(img, 0, 0), 0x0000ff);
	CHECK_INT_EQ(image_pixel(img, 1, 1), 0x1e140a);
	image_free(img);
	/* RGB_565: pure red is 0xf800. */
	unsigned char h[12 + 2] = { 1, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 0x00, 0xf8 };
	CHECK_OK(image_decode_raw(h, sizeof h, "raw", &img));
	REQUIRE(img);
	CHECK_INT_EQ(image_pixel(img, 0, 0), 0xff0000);
	image_free(img);
	/* Truncated, unknown format, zero size, absurd size. */
	CHECK_INT_EQ(image_decode_raw(f, sizeof f - 1, "raw", &img), TD_ERR_PARSE);
	CHECK(strstr(td_errmsg(TD_ERR_PARSE), "truncated") != NULL);
	unsigned char u[12] = { 1, 0, 0, 0, 1, 0, 0, 0, 9, 0, 0, 0 };
	CHECK_INT_EQ(image_decode_raw(u, sizeof u, "raw", &img), TD_ERR_PARSE);
	unsigned char z[12] = { 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0 };
	CHECK_INT_EQ(image_decode_raw(z, sizeof z, "raw", &img), TD_ERR_PARSE);
	unsigned char big[12] = { 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0 };
	CHECK_INT_EQ(image_decode_raw(big, sizeof big, "raw", &img), TD_ERR_TOO_BIG);
	CHECK_INT_EQ(image_decode_raw(big, 5, "raw", &img), TD_ERR_PARSE);
	CHECK(img == NULL);
}

/* A frame buffer holding a w x h raw frame of `format` (16-byte header), pixels from the pattern. */
static struct framebuf *raw_frame_buf(int w, int h, uint32_t format)
{
	struct image *p = pattern(w, h);
	struct framebuf *f = framebuf_get((size_t)64 << 20);
	uint32_t hdr[4] = { (uint32_t)w, (uint32_t)h, format, 1 };

	strbuf_add(&f->sb, hdr, sizeof hdr);
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			const unsigned char *q = p->data + (size_t)y * p->stride + (size_t)x * 4;
			/* our layout is B, G, R, A; format 1 is R, G, B, A */
			unsigned char px[4] = { q[0], q[1], q[2], q[3] };
			if (format == 1) {
				px[0] = q[2];
				px[2] = q[0];
			}
			strbuf_add(&f->sb, px, 4);
		}
	image_free(p);
	return f;
}

TEST(frame_view_is_the_frame_and_holds_it)
{
	struct framebuf *f = raw_frame_buf(37, 23, 5);
	struct image *view = NULL, *copy = NULL;
	long before = framebuf_in_use(NULL);

	CHECK_OK(image_decode_frame(f, "bgra", &view));
	REQUIRE(view);
	CHECK_OK(image_decode_raw(f->sb.buf, f->sb.len, "bgra", &copy));
	REQUIRE(copy);
	/* A view: the frame's own pixels, no copy, and the same as the decode. */
	CHECK(view->frame == f);
	CHECK(view->data == (unsigned char *)f->sb.buf + 16);
	CHECK_INT_EQ(view->width, 37);
	CHECK_INT_EQ(view->height, 23);
	CHECK_INT_EQ(view->stride, copy->stride);
	CHECK(memcmp(view->data, copy->data, (size_t)copy->stride * 23) == 0);
	/* The capture lets go first: the view keeps the frame out of the pool. */
	framebuf_unref(f);
	CHECK_INT_EQ(framebuf_in_use(NULL), before);
	struct framebuf *other = framebuf_get((size_t)64 << 20);
	CHECK(other != f);
	CHECK(memcmp(view->data, copy->data, (size_t)copy->stride * 23) == 0);
	CHECK_INT_EQ(image_pixel(view, 36, 22), image_pixel(copy, 36, 22));
	/* A copy of a view owns its pixels. */
	struct image *dup = image_copy(view);
	CHECK(dup->frame == NULL && dup->data != view->data);
	image_free(view);                   /* the last reference: back to the pool */
	CHECK_INT_EQ(framebuf_in_use(NULL), before);
	CHECK(memcmp(dup->data, copy->data, (size_t)copy->stride * 23) == 0);
	framebuf_unref(other);
	image_free(dup);
	image_free(copy);

	/* RGBA (a phone's format) and PNG frames are decoded into images of their own. */
	f = raw_frame_buf(9, 4, 1);
	CHECK_OK(image_decode_frame(f, "rgba", &view));
	REQUIRE(view);
	CHECK(view->frame == NULL);
	CHECK_OK(image_decode_raw(f->sb.buf, f->sb.len, "rgba", &copy));
	CHECK(copy && memcmp(view->data, copy->data, (size_t)copy->stride * 4) == 0);
	image_free(copy);
	unsigned char *png = NULL;
	size_t png_len = 0;
	CHECK_OK(image_encode_png(view, 1, &png, &png_len));
	image_free(view);
	strbuf_reset(&f->sb);
	strbuf_add(&f->sb, png, png_len);
	free(png);
	CHECK_OK(image_decode_frame(f, "png", &view));
	CHECK(view && view->frame == NULL && view->width == 9);
	image_free(view);
	/* A bad frame is an error naming it. */
	strbuf_setlen(&f->sb, 20);
	CHECK_INT_EQ(image_decode_frame(f, "cut.raw", &view), TD_ERR_PARSE);
	CHECK(view == NULL && strstr(td_errmsg(TD_ERR_PARSE), "cut.raw") != NULL);
	framebuf_unref(f);
	framebuf_pool_trim();
}

TEST(fit_size)
{
	int w, h;
	image_fit_size(1080, 1918, 1568, 768, &w, &h);
	CHECK_INT_EQ(w, 768);
	CHECK_INT_EQ(h, 1364);
	image_fit_size(1918, 1080, 1568, 768, &w, &h);
	CHECK_INT_EQ(w, 1364);
	CHECK_INT_EQ(h, 768);
	image_fit_size(4000, 1000, 1568, 768, &w, &h);
	CHECK_INT_EQ(w, 1568);
	CHECK_INT_EQ(h, 392);
	image_fit_size(500, 300, 1568, 768, &w, &h);
	CHECK_INT_EQ(w, 500);
	CHECK_INT_EQ(h, 300);
	image_fit_size(1080, 2400, 0, 0, &w, &h);
	CHECK_INT_EQ(w, 1080);
	CHECK_INT_EQ(h, 2400);
	image_fit_size(10000, 1, 100, 100, &w, &h);
	CHECK_INT_EQ(w, 100);
	CHECK_INT_EQ(h, 1);
}

TEST(downscale_area_filter)
{
	/* A flat colour stays exactly that colour at any ratio. */
	struct image *flat = image_new(300, 200);
	for (int y = 0; y < 200; y++)
		for (int x = 0; x < 300; x++)
			put(flat, x, y, 0x336699);
	struct image *s = image_downscale(flat, 213, 142);
	REQUIRE(s);
	int off = 0;
	for (int y = 0; y < 142; y++)
		for (int x = 0; x < 213; x++)
			off += image_pixel(s, x, y) != 0x336699;
	CHECK_INT_EQ(off, 0);
	image_free(s);
	image_free(flat);
	/* 2:1 is the exact mean of each 2x2 block. */
	struct image *q = image_new(4, 2);
	put(q, 0, 0, 0x000000); put(q, 1, 0, 0xffffff); put(q, 0, 1, 0xffffff); put(q, 1, 1, 0x000000);
	put(q, 2, 0, 0xc80000); put(q, 3, 0, 0xc80000); put(q, 2, 1, 0x000000); put(q, 3, 1, 0x000000);
	s = image_downscale(q, 2, 1);
	REQUIRE(s);
	uint32_t p0 = image_pixel(s, 0, 0), p1 = image_pixel(s, 1, 0);
	CHECK((p0 >> 16) >= 127 && (p0 >> 16) <= 128);
	CHECK_INT_EQ(p1, 0x640000);
	image_free(s);
	image_free(q);
	/* A 1-px black line survives a 1.40625 reduction as a dark column
	 * (nearest-neighbour sampling would drop some such lines entirely). */
	struct image *l = image_new(1080, 20);
	for (int y = 0; y < 20; y++)
		for (int x = 0; x < 1080; x += 10)
			put(l, x, y, 0x000000);
	s = image_downscale(l, 768, 14);
	REQUIRE(s);
	int lines_seen = 0;
	for (int x = 0; x < 768; x++)
		if ((image_pixel(s, x, 7) & 0xff) < 200)
			lines_seen++;
	CHECK(lines_seen >= 108);
	image_free(s);
	image_free(l);
	/* Upscaling and empty targets are refused. */
	struct image *t = image_new(10, 10);
	CHECK(image_downscale(t, 11, 10) == NULL);
	CHECK(image_downscale(t, 0, 5) == NULL);
	s = image_downscale(t, 10, 10);
	CHECK(s && s != t);
	image_free(s);
	image_free(t);
	CHECK(image_new(0, 5) == NULL);
	CHECK(image_new(20000, 5) == NULL);
}

TEST(real_screenshot_decodes)
{
	const char *dir = test_real_screens_dir();
	if (!dir)
		return;
	char path[4200];
	snprintf(path, sizeof path, "%s/trace_7_2.png", dir);
	struct image *img = NULL;
	CHECK_OK(image_read_file(path, &img));
	REQUIRE(img);
	CHECK_INT_EQ(img->width, 1080);
	CHECK_INT_EQ(img->height, 1918);
	/* Re-encoding at the model size and decoding again is lossless. */
	struct image *s = image_downscale(img, 768, 1364), *back = NULL;
	unsigned char *png = NULL;
	size_t len;
	CHECK_OK(image_encode_png(s, 1, &png, &len));
	CHECK_OK(image_decode_png(png, len, "mem", &back));
	REQUIRE(back);
	CHECK_INT_EQ(image_pixel(back, 400, 700), image_pixel(s, 400, 700));
	free(png);
	image_free(back);
	image_free(s);
	image_free(img);
}

int main(void)
{
	RUN(base64_vectors);
	RUN(base64_binary_round_trip);
	RUN(png_round_trip_is_lossless);
	RUN(palette_png);
	RUN(png_rows_encoder);
	RUN(write_and_read_file);
	RUN(corrupt_and_truncated_png);
	RUN(raw_frames);
	RUN(frame_view_is_the_frame_and_holds_it);
	RUN(fit_size);
	RUN(downscale_area_filter);
	RUN(real_screenshot_decodes);
	return test_summary();
}
