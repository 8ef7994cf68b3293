/*
 * image.c - decode (a fast path for 8-bit RGB/RGBA non-interlaced PNGs -
 * libdeflate's inflate and a plain unfilter - and libpng's simplified API for
 * everything else and for every error message; raw screencap frames), area
 * downscale, PNG encode (libpng's low-level API, for control over the zlib
 * level and row filter; one encoder, image_encode_png_rows, that the RGB and
 * palette encoders and the simulator's screencap share), base64. See image.h.
 */
#include "core/image.h"
#include "core/pixel_loop.h"

#include <cairo.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include <libdeflate.h>
#include <math.h>
#include <png.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/framebuf.h"
#include "core/strbuf.h"
#include "core/xalloc.h"

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "image.c assumes a little-endian host (ARGB32 as B,G,R,A bytes)"
#endif

/* Whether w x h is a size we accept. */
static int size_ok(long long w, long long h)
{
	return w > 0 && h > 0 && w <= IMAGE_MAX_SIDE && h <= IMAGE_MAX_SIDE &&
	       (unsigned long long)(w * h) <= IMAGE_MAX_PIXELS;
}

/* An image whose pixels the caller will all write. */
static struct image *image_new_uninit(int width, int height)
{
	if (!size_ok(width, height))
		return NULL;
	struct image *img = xmalloc(sizeof *img);
	img->width = width;
	img->height = height;
	img->stride = width * 4;
	img->data = xmalloc_filled((size_t)img->stride * (size_t)height);
	img->frame = NULL;
	return img;
}

struct image *image_new(int width, int height)
{
	struct image *img = image_new_uninit(width, height);
	if (img)
		memset(img->data, 0xff, (size_t)img->stride * (size_t)height);
	return img;
}

struct image *image_copy(const struct image *src)
{
	struct image *img = image_new(src->width, src->height);
	for (int y = 0; y < src->height; y++)
		memcpy(img->data + (size_t)y * img->stride, src->data + (size_t)y * src->stride,
		       (size_t)src->width * 4);
	return img;
}

void image_free(struct image *img)
{
	if (!img)
		return;
	if (img->frame)
		framebuf_unref(img->frame);
	else
		free(img->data);
	free(img);
}

uint32_t image_pixel(const struct image *img, int x, int y)
{
	if (!img || x < 0 || y < 0 || x >= img->width || y >= img->height)
		return 0;
	uint32_t p;
	memcpy(&p, img->data + (size_t)y * img->stride + (size_t)x * 4, 4);
	unsigned a = p >> 24, r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
	if (a && a != 255) {
		r = r * 255 / a;
		g = g * 255 / a;
		b = b * 255 / a;
	} else if (!a) {
		r = g = b = 0;
	}
	return (r << 16) | (g << 8) | b;
}

/* Premultiply BGRA rows in place (libpng gives straight alpha). */
static void premultiply(struct image *img)
{
	for (int y = 0; y < img->height; y++) {
		unsigned char *p = img->data + (size_t)y * img->stride;
		for (int x = 0; x < img->width; x++, p += 4) {
			unsigned a = p[3];
			if (a == 255)
				continue;
			p[0] = (unsigned char)((p[0] * a + 127) / 255);
			p[1] = (unsigned char)((p[1] * a + 127) / 255);
			p[2] = (unsigned char)((p[2] * a + 127) / 255);
		}
	}
}

/* libpng's simplified reader: any PNG, and the error message for a bad one. */
static int decode_png_libpng(const void *buf, size_t len, const char *name, struct image **out)
{
	png_image pi;
	struct image *img = NULL;
	int err = TD_OK;

	memset(&pi, 0, sizeof pi);
	pi.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_memory(&pi, buf, len)) {
		err = td_error(TD_ERR_PARSE, "%s: corrupt PNG: %s", name, pi.message);
		goto out;
	}
	if (!size_ok(pi.width, pi.height)) {
		err = td_error(TD_ERR_TOO_BIG, "%s: PNG is %ux%u, over the %u-pixel limit", name,
			       pi.width, pi.height, IMAGE_MAX_PIXELS);
		goto out;
	}
	pi.format = PNG_FORMAT_BGRA;
	img = image_new((int)pi.width, (int)pi.height);
	if (!png_image_finish_read(&pi, NULL, img->data, img->stride, NULL)) {
		err = td_error(TD_ERR_PARSE, "%s: corrupt or truncated PNG: %s", name, pi.message);
		goto out;
	}
	premultiply(img);
	*out = img;
	img = NULL;
out:
	png_image_free(&pi);
	image_free(img);
	return err;
}

/* Big-endian u32 at p. */
static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

/*
 * Undo one row's PNG filter in place. `bpp` is 3 or 4 (a constant at each
 * call site, so the loops specialise); `prev` is the previous unfiltered row,
 * NULL for the first one. Returns false for an unknown filter type.
 */
PIXEL_LOOP static inline __attribute__((always_inline)) bool unfilter_row(int type, unsigned char *row,
								const unsigned char *prev, size_t n, int bpp)
{
	size_t i;
	switch (type) {
	case 0:
		return true;
	case 1: /* Sub */
		for (i = (size_t)bpp; i < n; i++)
			row[i] = (unsigned char)(row[i] + row[i - bpp]);
		return true;
	case 2: /* Up */
		if (prev)
			for (i = 0; i < n; i++)
				row[i] = (unsigned char)(row[i] + prev[i]);
		return true;
	case 3: /* Average */
		if (prev) {
			for (i = 0; i < (size_t)bpp; i++)
				row[i] = (unsigned char)(row[i] + (prev[i] >> 1));
			for (; i < n; i++)
				row[i] = (unsigned char)(row[i] + ((row[i - bpp] + prev[i]) >> 1));
		} else {
			for (i = (size_t)bpp; i < n; i++)
				row[i] = (unsigned char)(row[i] + (row[i - bpp] >> 1));
		}
		return true;
	case 4: /* Paeth */
		if (!prev) { /* the predictor is then the left byte: Sub */
			for (i = (size_t)bpp; i < n; i++)
				row[i] = (unsigned char)(row[i] + row[i - bpp]);
			return true;
		}
		for (i = 0; i < (size_t)bpp; i++)
			row[i] = (unsigned char)(row[i] + prev[i]);
		for (; i < n; i++) {
			int a = row[i - bpp], b = prev[i], c = prev[i - bpp];
			int pa = b - c, pb = a - c, pc;
			pc = pa + pb;
			pa = pa < 0 ? -pa : pa;
			pb = pb < 0 ? -pb : pb;
			pc = pc < 0 ? -pc : pc;
			int pred = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
			row[i] = (unsigned char)(row[i] + pred);
		}
		return true;
	default:
		return false;
	}
}

#ifdef __SSE2__
/* 4 bytes at p into the low lane of a vector, and back. */
PIXEL_LOOP static inline __m128i load4(const void *p)
{
	int v;
	memcpy(&v, p, 4);
	return _mm_cvtsi32_si128(v);
}

PIXEL_LOOP static inline void store4(void *p, __m128i v)
{
	int x = _mm_cvtsi128_si32(v);
	memcpy(p, &x, 4);
}

/*
 * Undo one row's filter for 4-byte pixels a pixel at a time with SSE2 (the
 * same method as libpng's filter_sse2_intrinsics.c, which Debian's libpng is
 * not built with). `prev` is the previous unfiltered row (zeros for the
 * first). False for an unknown filter type.
 */
PIXEL_LOOP static bool unfilter_row4(int type, unsigned char *row, const unsigned char *prev, size_t n)
{
	const __m128i zero = _mm_setzero_si128();
	__m128i a = zero, d;
	size_t i;
	switch (type) {
	case 0:
		return true;
	case 1: /* Sub */
		for (i = 0; i < n; i += 4) {
			a = _mm_add_epi8(a, load4(row + i));
			store4(row + i, a);
		}
		return true;
	case 2: /* Up */
		for (i = 0; i + 16 <= n; i += 16) {
			__m128i x = _mm_loadu_si128((const __m128i *)(const void *)(row + i));
			__m128i b = _mm_loadu_si128((const __m128i *)(const void *)(prev + i));
			_mm_storeu_si128((__m128i *)(void *)(row + i), _mm_add_epi8(x, b));
		}
		for (; i < n; i++)
			row[i] = (unsigned char)(row[i] + prev[i]);
		return true;
	case 3: /* Average: (a + b) >> 1, as avg_epu8 (which rounds up) minus the odd bit */
		for (i = 0; i < n; i += 4) {
			__m128i b = load4(prev + i);
			__m128i avg = _mm_avg_epu8(a, b);
			avg = _mm_sub_epi8(avg, _mm_and_si128(_mm_xor_si128(a, b), _mm_set1_epi8(1)));
			a = _mm_add_epi8(avg, load4(row + i));
			store4(row + i, a);
		}
		return true;
	case 4: { /* Paeth, in 16-bit lanes; ties favour a, then b, then c */
		__m128i c = zero;
		a = zero;
		for (i = 0; i < n; i += 4) {
			__m128i b = _mm_unpacklo_epi8(load4(prev + i), zero);
			__m128i pa = _mm_sub_epi16(b, c), pb = _mm_sub_epi16(a, c);
			__m128i pc = _mm_add_epi16(pa, pb);
			pa = _mm_max_epi16(pa, _mm_sub_epi16(zero, pa));
			pb = _mm_max_epi16(pb, _mm_sub_epi16(zero, pb));
			pc = _mm_max_epi16(pc, _mm_sub_epi16(zero, pc));
			__m128i smallest = _mm_min_epi16(pc, _mm_min_epi16(pa, pb));
			__m128i is_b = _mm_cmpeq_epi16(smallest, pb);
			__m128i nearest = _mm_or_si128(_mm_and_si128(is_b, b), _mm_andnot_si128(is_b, c));
			__m128i is_a = _mm_cmpeq_epi16(smallest, pa);
			nearest = _mm_or_si128(_mm_and_si128(is_a, a), _mm_andnot_si128(is_a, nearest));
			d = _mm_add_epi8(load4(row + i), _mm_packus_epi16(nearest, nearest));
			store4(row + i, d);
			c = b;
			a = _mm_unpacklo_epi8(d, zero);
		}
		return true;
	}
	default:
		return false;
	}
}
#else
PIXEL_LOOP static bool unfilter_row4(int type, unsigned char *row, const unsigned char *prev, size_t n)
{
	return unfilter_row(type, row, prev, n, 4);
}
#endif

/* One unfiltered row of R,G,B[,A] bytes as premultiplied B,G,R,A pixels. */
PIXEL_LOOP static inline __attribute__((always_inline)) void convert_row(const unsigned char *s, unsigned char *d,
							       int width, int bpp)
{
	if (bpp == 3) {
		for (int x = 0; x < width; x++, s += 3, d += 4) {
			d[0] = s[2];
			d[1] = s[1];
			d[2] = s[0];
			d[3] = 255;
		}
		return;
	}
	/* Swap R and B of every pixel, and see whether the row is opaque (every
	 * screenshot row is); if not, redo it with premultiplication below. */
	uint32_t alpha = 0xff000000u;
	int x = 0;
#ifdef __SSE2__
	const __m128i ag = _mm_set1_epi32((int)0xff00ff00u), lo = _mm_set1_epi32(0xff);
	__m128i all = ag;
	for (; x + 4 <= width; x += 4) {
		__m128i p = _mm_loadu_si128((const __m128i *)(const void *)(s + (size_t)x * 4));
		all = _mm_and_si128(all, p);
		__m128i q = _mm_or_si128(_mm_and_si128(p, ag),
					 _mm_or_si128(_mm_and_si128(_mm_srli_epi32(p, 16), lo),
						      _mm_slli_epi32(_mm_and_si128(p, lo), 16)));
		_mm_storeu_si128((__m128i *)(void *)(d + (size_t)x * 4), q);
	}
	uint32_t lanes[4];
	memcpy(lanes, &all, sizeof lanes);
	alpha &= lanes[0] & lanes[1] & lanes[2] & lanes[3];
#endif
	for (; x < width; x++) {
		uint32_t p;
		memcpy(&p, s + (size_t)x * 4, 4);
		alpha &= p;
		p = (p & 0xff00ff00u) | (p >> 16 & 0xffu) | (p & 0xffu) << 16;
		memcpy(d + (size_t)x * 4, &p, 4);
	}
	if ((alpha & 0xff000000u) == 0xff000000u)
		return;
	for (x = 0; x < width; x++, s += 4, d += 4) {
		unsigned a = s[3];
		if (a == 255) {
			d[0] = s[2];
			d[1] = s[1];
			d[2] = s[0];
		} else {
			d[0] = (unsigned char)((s[2] * a + 127) / 255);
			d[1] = (unsigned char)((s[1] * a + 127) / 255);
			d[2] = (unsigned char)((s[0] * a + 127) / 255);
		}
		d[3] = (unsigned char)a;
	}
}

/* Unfilter the inflated rows and convert them into `img`; false on a bad filter byte. */
PIXEL_LOOP static bool unfilter_image(unsigned char *raw, struct image *img, int bpp)
{
	size_t n = (size_t)img->width * (size_t)bpp;
	unsigned char *zeros = xcalloc(n, 1);
	const unsigned char *prev = zeros;
	bool ok = true;
	for (int y = 0; y < img->height && ok; y++) {
		unsigned char *row = raw + (size_t)y * (n + 1);
		pixel_read(prev, n);
		pixel_wrote(row, n + 1);
		pixel_wrote(img->data + (size_t)y * img->stride, (size_t)img->width * 4);
		ok = bpp == 4 ? unfilter_row4(row[0], row + 1, prev, n)
			      : unfilter_row(row[0], row + 1, prev, n, 3);
		if (bpp == 4)
			convert_row(row + 1, img->data + (size_t)y * img->stride, img->width, 4);
		else
			convert_row(row + 1, img->data + (size_t)y * img->stride, img->width, 3);
		prev = row + 1;
	}
	free(zeros);
	return ok;
}

/* Ancillary chunks that libpng's simplified reader ignores for 8-bit RGB(A) output. */
static bool chunk_ignorable(const unsigned char *type)
{
	static const char ok[][5] = { "sRGB", "sBIT", "pHYs", "tEXt", "zTXt", "iTXt", "tIME" };
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
		if (!memcmp(type, ok[i], 4))
			return true;
	return false;
}

/*
 * Per-thread codec state kept between frames (no 8 MB malloc per step, no
 * compressor set-up per encode): the inflater and its output buffer, and a
 * compressor for the last level asked for. Freed at thread exit.
 */
struct png_scratch {
	struct libdeflate_decompressor *inflater;
	unsigned char *buf;
	size_t cap;
	struct libdeflate_compressor *deflater;
	int deflater_level;
	unsigned char *enc_raw, *enc_z; /* the encoder's filtered rows and its output */
	size_t enc_raw_cap, enc_z_cap;
	bool registered;
};
static __thread struct png_scratch scratch;
static pthread_key_t scratch_key;
static pthread_once_t scratch_once = PTHREAD_ONCE_INIT;

static void scratch_free(void *p)
{
	struct png_scratch *s = p;
	libdeflate_free_decompressor(s->inflater);
	libdeflate_free_compressor(s->deflater);
	free(s->buf);
	free(s->enc_raw);
	free(s->enc_z);
	bool registered = s->registered;
	memset(s, 0, sizeof *s);
	s->registered = registered;
}

static void scratch_key_init(void)
{
	(void)pthread_key_create(&scratch_key, scratch_free);
}

/* Make sure this thread's scratch is freed when the thread exits. */
static void scratch_register(void)
{
	if (scratch.registered)
		return;
	pthread_once(&scratch_once, scratch_key_init);
	(void)pthread_setspecific(scratch_key, &scratch);
	scratch.registered = true;
}

/* This thread's scratch buffer, at least `len` bytes. */
static unsigned char *scratch_get(size_t len)
{
	scratch_register();
	if (!scratch.inflater) {
		scratch.inflater = libdeflate_alloc_decompressor();
		if (!scratch.inflater)
			abort();
	}
	if (scratch.cap < len) {
		free(scratch.buf);
		scratch.buf = xmalloc_filled(len);
		scratch.cap = len;
	}
	return scratch.buf;
}

/*
 * The fast path: 8-bit RGB or RGBA, not interlaced, no chunk that would make
 * libpng transform the pixels (gAMA, iCCP, tRNS, ...), every critical
 * chunk's CRC right, IEND present. Returns 1 and sets *out on success, 0
 * when the file is outside that subset or anything is wrong with it (the
 * caller then lets libpng decode it or say what is wrong).
 */
static int decode_png_fast(const unsigned char *b, size_t len, struct image **out)
{
	size_t pos = 8;
	uint32_t w = 0, h = 0;
	int bpp = 0;
	unsigned char *zdata = NULL;
	const unsigned char *zsrc = NULL;
	size_t zlen = 0, zcap = 0;
	int n_idat = 0;
	bool end = false, idat_done = false;
	struct image *img = NULL;
	int ok = 0;

	while (!end) {
		if (len - pos < 12)
			goto out;
		uint32_t n = be32(b + pos);
		const unsigned char *type = b + pos + 4, *data = b + pos + 8;
		if (n > len - pos - 12)
			goto out;
		bool critical = !(type[0] & 0x20);
		if (critical && libdeflate_crc32(0, type, (size_t)n + 4) != be32(data + n))
			goto out;
		if (pos == 8) {
			if (memcmp(type, "IHDR", 4) || n != 13)
				goto out;
			w = be32(data);
			h = be32(data + 4);
			/* bit depth 8; colour type 2 or 6; compression, filter, interlace 0 */
			if (data[8] != 8 || (data[9] != 2 && data[9] != 6) || data[10] || data[11] || data[12])
				goto out;
			if (!size_ok(w, h))
				goto out;
			bpp = data[9] == 6 ? 4 : 3;
		} else if (!memcmp(type, "IDAT", 4)) {
			if (idat_done)
				goto out; /* IDATs must be consecutive */
			if (n_idat == 0) {
				zsrc = data;
				zlen = n;
			} else {
				if (n_idat == 1) {
					zcap = zlen + n > 65536 ? (zlen + n) * 2 : 131072;
					zdata = xmalloc(zcap);
					memcpy(zdata, zsrc, zlen);
				}
				if (zlen + n > zcap) {
					zcap = (zlen + n) * 2;
					zdata = xrealloc(zdata, zcap);
				}
				memcpy(zdata + zlen, data, n);
				zsrc = zdata;
				zlen += n;
			}
			n_idat++;
		} else if (!memcmp(type, "IEND", 4)) {
			end = true;
		} else if (critical || !chunk_ignorable(type)) {
			goto out;
		}
		if (n_idat && memcmp(type, "IDAT", 4))
			idat_done = true;
		pos += (size_t)n + 12;
	}
	if (!n_idat)
		goto out;
	size_t raw_len = (size_t)h * ((size_t)w * (size_t)bpp + 1);
	unsigned char *raw = scratch_get(raw_len);
	if (libdeflate_zlib_decompress(scratch.inflater, zsrc, zlen, raw, raw_len, NULL) != LIBDEFLATE_SUCCESS)
		goto out;
	img = image_new_uninit((int)w, (int)h);
	if (!unfilter_image(raw, img, bpp))
		goto out;
	*out = img;
	img = NULL;
	ok = 1;
out:
	image_free(img);
	free(zdata);
	return ok;
}

int image_decode_png(const void *buf, size_t len, const char *name, struct image **out)
{
	*out = NULL;
	if (!name)
		name = "image";
	if (len < 8 || png_sig_cmp((png_const_bytep)buf, 0, 8))
		return td_error(TD_ERR_PARSE, "%s: not a PNG (bad signature)", name);
	if (decode_png_fast(buf, len, out))
		return TD_OK;
	return decode_png_libpng(buf, len, name, out);
}

/* Little-endian u32 at p. */
static uint32_t le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Bytes per pixel of a screencap pixel format, 0 when unknown. */
static int raw_bpp(uint32_t format)
{
	switch (format) {
	case 1: case 2: case 5:
		return 4;
	case 3:
		return 3;
	case 4:
		return 2;
	default:
		return 0;
	}
}

int image_raw_header(const void *buf, size_t len, const char *name, struct image_raw_frame *out)
{
	const unsigned char *b = buf;

	memset(out, 0, sizeof(*out));
	if (!name)
		name = "frame";
	if (len < 12)
		return td_error(TD_ERR_PARSE, "%s: raw frame too short (%zu bytes, header needs 12)", name, len);
	uint32_t w = le32(b), h = le32(b + 4), format = le32(b + 8);
	int bpp = raw_bpp(format);
	out->width = w;
	out->height = h;
	out->format = format;
	out->bpp = bpp;
	if (!bpp)
		return td_error(TD_ERR_PARSE, "%s: raw frame has unknown pixel format %u", name, format);
	if (!size_ok(w, h))
		return td_error(w && h ? TD_ERR_TOO_BIG : TD_ERR_PARSE,
				"%s: raw frame size %ux%u is out of range", name, w, h);
	size_t pixels = (size_t)w * h * (size_t)bpp;
	out->pixel_bytes = pixels;
	if (len < 12 + pixels)
		return td_error(TD_ERR_PARSE, "%s: raw frame truncated: %ux%u format %u needs %zu bytes, got %zu",
				name, w, h, format, 12 + pixels, len);
	/* 16 bytes (Android 9+: a colour space) when the data holds them, unless
	 * the length is exactly a 12-byte header's. */
	out->header = len >= 16 + pixels && len != 12 + pixels ? 16 : 12;
	return TD_OK;
}

int image_decode_raw(const void *buf, size_t len, const char *name, struct image **out)
{
	const unsigned char *b = buf;
	struct image_raw_frame fr;
	*out = NULL;
	int err = image_raw_header(buf, len, name, &fr);
	if (err)
		return err;
	uint32_t w = fr.width, h = fr.height, format = fr.format;
	int bpp = fr.bpp;
	size_t header = fr.header;
	struct image *img = image_new_uninit((int)w, (int)h);   /* every pixel is written below */
	const unsigned char *s = b + header;
	for (uint32_t y = 0; y < h; y++) {
		unsigned char *d = img->data + (size_t)y * img->stride;
		if (format == 5) {
			/* BGRA_8888 is our own layout: the row as it is. */
			memcpy(d, s, (size_t)w * 4);
			s += (size_t)w * 4;
			continue;
		}
		if (format == 1) {
			/* RGBA_8888: swap R and B in whole words (vectorised). */
			for (uint32_t x = 0; x < w; x++) {
				uint32_t c;
				memcpy(&c, s + 4 * (size_t)x, 4);
				c = (c & 0xff00ff00u) | (c >> 16 & 0xffu) | (c & 0xffu) << 16;
				memcpy(d + 4 * (size_t)x, &c, 4);
			}
			s += (size_t)w * 4;
			continue;
		}
		for (uint32_t x = 0; x < w; x++, d += 4, s += bpp) {
			unsigned r, g, bl, a = 255;
			switch (format) {
			case 1: r = s[0]; g = s[1]; bl = s[2]; a = s[3]; break;
			case 2: r = s[0]; g = s[1]; bl = s[2]; break;
			case 3: r = s[0]; g = s[1]; bl = s[2]; break;
			case 4: {
				unsigned v = s[0] | s[1] << 8;
				r = (v >> 11) & 0x1f; r = (r << 3) | (r >> 2);
				g = (v >> 5) & 0x3f; g = (g << 2) | (g >> 4);
				bl = v & 0x1f; bl = (bl << 3) | (bl >> 2);
				break;
			}
			default: bl = s[0]; g = s[1]; r = s[2]; a = s[3]; break;
			}
			d[0] = (unsigned char)bl;
			d[1] = (unsigned char)g;
			d[2] = (unsigned char)r;
			d[3] = (unsigned char)a;
		}
	}
	premultiply(img);
	*out = img;
	return TD_OK;
}

/* A raw frame's pixels and layout, for raw_row(). */
struct raw_rows {
	const unsigned char *px;
	uint32_t width, format;
	int bpp;
};

/* Row y of a raw frame as R,G,B bytes (one loop per format: no switch per pixel). */
PIXEL_LOOP static void raw_row(const void *ctx, int y, unsigned char *row)
{
	const struct raw_rows *r = ctx;
	const unsigned char *s = r->px + (size_t)y * r->width * (size_t)r->bpp;
	pixel_read(s, (size_t)r->width * (size_t)r->bpp);
	pixel_wrote(row, (size_t)r->width * 3);
	if (r->format == 5) {
		for (uint32_t x = 0; x < r->width; x++, s += 4, row += 3) {
			row[0] = s[2];
			row[1] = s[1];
			row[2] = s[0];
		}
		return;
	}
	if (r->format != 4) {
		for (uint32_t x = 0; x < r->width; x++, s += r->bpp, row += 3) {
			row[0] = s[0];
			row[1] = s[1];
			row[2] = s[2];
		}
		return;
	}
	for (uint32_t x = 0; x < r->width; x++, s += r->bpp, row += 3) {
		switch (r->format) {
		case 4: {
			unsigned v = s[0] | s[1] << 8, c;
			c = (v >> 11) & 0x1f; row[0] = (unsigned char)((c << 3) | (c >> 2));
			c = (v >> 5) & 0x3f; row[1] = (unsigned char)((c << 2) | (c >> 4));
			c = v & 0x1f; row[2] = (unsigned char)((c << 3) | (c >> 2));
			break;
		}
		case 5:
			row[0] = s[2]; row[1] = s[1]; row[2] = s[0];
			break;
		default:
			row[0] = s[0]; row[1] = s[1]; row[2] = s[2];
			break;
		}
	}
}

int image_frame_png(const void *buf, size_t len, const char *name, unsigned char **out, size_t *out_len)
{
	const unsigned char *b = buf;
	*out = NULL;
	*out_len = 0;
	if (!name)
		name = "frame";
	if (len >= 8 && !png_sig_cmp((png_const_bytep)buf, 0, 8)) {
		*out = xmalloc(len);
		memcpy(*out, buf, len);
		*out_len = len;
		return TD_OK;
	}
	struct image_raw_frame fr;
	int herr = image_raw_header(buf, len, name, &fr);
	if (herr)
		return herr;
	uint32_t w = fr.width, h = fr.height, format = fr.format;
	int bpp = fr.bpp;
	size_t header = fr.header;
	struct raw_rows rows = { b + header, w, format, bpp };
	struct image_png_format fmt = { (int)w, (int)h, IMAGE_PNG_RGB, NULL, 0, 1, false, raw_row, &rows };
	struct strbuf sb = STRBUF_INIT;
	int err = image_encode_png_rows(&fmt, &sb);
	if (err) {
		strbuf_release(&sb);
		return td_error(err, "%s: cannot encode the frame as PNG: %s", name, td_errmsg(err));
	}
	*out = (unsigned char *)strbuf_detach(&sb, out_len);
	return TD_OK;
}

int image_decode(const void *buf, size_t len, const char *name, struct image **out)
{
	if (len >= 8 && !png_sig_cmp((png_const_bytep)buf, 0, 8))
		return image_decode_png(buf, len, name, out);
	return image_decode_raw(buf, len, name, out);
}

int image_decode_frame(struct framebuf *f, const char *name, struct image **out)
{
	const unsigned char *b = (const unsigned char *)f->sb.buf;
	size_t len = f->sb.len;
	struct image_raw_frame fr;
	struct image *img;
	int err;

	*out = NULL;
	if (len >= 8 && !png_sig_cmp((png_const_bytep)b, 0, 8))
		return image_decode_png(b, len, name, out);
	err = image_raw_header(b, len, name, &fr);
	if (err)
		return err;
	if (fr.format != 5)
		return image_decode_raw(b, len, name, out);
	/* BGRA_8888: image_decode_raw would copy the rows as they are. */
	img = xmalloc(sizeof *img);
	img->width = (int)fr.width;
	img->height = (int)fr.height;
	img->stride = img->width * 4;
	img->data = (unsigned char *)f->sb.buf + fr.header;
	img->frame = framebuf_ref(f);
	*out = img;
	return TD_OK;
}

int image_probe_size(const void *buf, size_t len, int *width, int *height)
{
	const unsigned char *b = buf;
	uint32_t w, h;
	*width = *height = 0;
	bool png = len >= 8 && !png_sig_cmp((png_const_bytep)buf, 0, 8);
	if (len < (png ? 24u : 12u))
		return td_error(TD_ERR_PARSE, "image too short (%zu bytes) to have a size", len);
	if (png && memcmp(b + 12, "IHDR", 4))
		return td_error(TD_ERR_PARSE, "PNG does not start with IHDR");
	w = png ? be32(b + 16) : le32(b);
	h = png ? be32(b + 20) : le32(b + 4);
	if (!size_ok(w, h))
		return td_error(w && h ? TD_ERR_TOO_BIG : TD_ERR_PARSE, "image size %ux%u is out of range", w, h);
	*width = (int)w;
	*height = (int)h;
	return TD_OK;
}

int image_read_file(const char *path, struct image **out)
{
	struct strbuf sb;
	*out = NULL;
	/* A 4-byte raw frame at the pixel cap plus its header. */
	strbuf_init(&sb, (size_t)IMAGE_MAX_PIXELS * 4 + 16);
	int err = strbuf_read_file(&sb, path);
	if (err) {
		strbuf_release(&sb);
		return err;
	}
	err = image_decode(sb.buf, sb.len, path, out);
	strbuf_release(&sb);
	return err;
}

void image_fit_size(int w, int h, int max_long, int max_short, int *out_w, int *out_h)
{
	double s = 1.0;
	int lo = w > h ? w : h, sh = w > h ? h : w;
	if (max_long > 0 && lo > max_long)
		s = (double)max_long / lo;
	if (max_short > 0 && sh * s > max_short)
		s = (double)max_short / sh;
	int nw = (int)(w * s + 0.5), nh = (int)(h * s + 0.5);
	if (s == 1.0) {
		nw = w;
		nh = h;
	}
	*out_w = nw < 1 ? 1 : nw;
	*out_h = nh < 1 ? 1 : nh;
}

/*
 * Contributions of source samples to each output sample for a box filter:
 * output i covers source [i*r, (i+1)*r); each source sample weighs by its
 * overlap. Every output has the same number of taps (`n`, zero-padded, the
 * window shifted to stay inside the source) so the inner loops are uniform.
 * Weights are 8.8 fixed point summing to exactly 256 per output, so a
 * vertical blend of 8-bit samples fits 16 bits (SIMD-friendly) and the
 * horizontal one 32 bits; the rounding error stays under one level.
 */
/* GCC/Clang vector types for the downscaler's inner loops. */
typedef uint8_t u8x8 __attribute__((vector_size(8)));
typedef uint16_t u16x8 __attribute__((vector_size(16)));
typedef uint16_t u16x4 __attribute__((vector_size(8)));
typedef uint32_t u32x4 __attribute__((vector_size(16)));

struct box_taps {
	int *first;      /* first source index per output */
	uint32_t *w;     /* n weights per output */
	int n;
};

static void box_taps_init(struct box_taps *t, int src, int dst)
{
	double r = (double)src / dst;
	t->n = (int)ceil(r) + 1;
	if (t->n > src)
		t->n = src;
	t->first = xmalloc(sizeof(int) * (size_t)dst);
	t->w = xcalloc((size_t)dst * (size_t)t->n, sizeof(uint32_t));
	for (int i = 0; i < dst; i++) {
		double a = i * r, b = (i + 1) * r;
		if (b > src)
			b = src;
		int j0 = (int)a, j1 = (int)ceil(b) - 1;
		if (j1 < j0)
			j1 = j0;
		int first = j0 + t->n > src ? src - t->n : j0;
		t->first[i] = first;
		uint32_t *w = t->w + (size_t)i * t->n;
		uint32_t sum = 0, big = 0;
		int bigk = 0;
		for (int j = j0; j <= j1 && j - first < t->n; j++) {
			double lo = j > a ? j : a, hi = j + 1 < b ? j + 1 : b;
			double ov = hi > lo ? hi - lo : 0;
			int k = j - first;
			w[k] = (uint32_t)(ov / (b - a) * 256.0 + 0.5);
			sum += w[k];
			if (w[k] > big) {
				big = w[k];
				bigk = k;
			}
		}
		w[bigk] += 256u - sum; /* exact normalisation */
	}
}

static void box_taps_release(struct box_taps *t)
{
	free(t->first);
	free(t->w);
}

struct image *image_downscale(const struct image *src, int width, int height)
{
	if (width <= 0 || height <= 0 || width > src->width || height > src->height)
		return NULL;
	if (width == src->width && height == src->height)
		return image_copy(src);
	struct box_taps tx, ty;
	box_taps_init(&tx, src->width, width);
	box_taps_init(&ty, src->height, height);
	struct image *dst = image_new_uninit(width, height); /* every pixel is written below */
	size_t row_len = (size_t)src->width * 4, vec_len = row_len & ~(size_t)7;
	uint16_t *acc = xmalloc(row_len * sizeof(uint16_t));
	for (int y = 0; y < height; y++) {
		/* Vertical: blend the source rows under this output row, eight
		 * 16-bit lanes at a time. */
		const uint32_t *wy = ty.w + (size_t)y * ty.n;
		bool first = true; /* the first tap stores, the others add: no memset */
		for (int k = 0; k < ty.n; k++) {
			uint16_t wk = (uint16_t)wy[k];
			if (!wk)
				continue;
			const unsigned char *s = src->data + (size_t)(ty.first[y] + k) * src->stride;
			size_t i = 0;
			if (first) {
				for (; i < vec_len; i += 8) {
					u8x8 b;
					memcpy(&b, s + i, sizeof b);
					u16x8 a = __builtin_convertvector(b, u16x8) * wk;
					memcpy(acc + i, &a, sizeof a);
				}
				for (; i < row_len; i++)
					acc[i] = (uint16_t)(s[i] * wk);
				first = false;
				continue;
			}
			for (; i < vec_len; i += 8) {
				u8x8 b;
				u16x8 a;
				memcpy(&b, s + i, sizeof b);
				memcpy(&a, acc + i, sizeof a);
				a += __builtin_convertvector(b, u16x8) * wk;
				memcpy(acc + i, &a, sizeof a);
			}
			for (; i < row_len; i++)
				acc[i] = (uint16_t)(acc[i] + s[i] * wk);
		}
		if (first) /* cannot happen: the weights sum to 256 */
			memset(acc, 0, row_len * sizeof(uint16_t));
		/* Horizontal: blend the columns under each output pixel, the
		 * four channels as one 32-bit vector. */
		unsigned char *d = dst->data + (size_t)y * dst->stride;
		int x = 0;
#ifdef __SSE2__
		/* Two taps at a time: u16 x u16 -> u32 products from mullo/mulhi
		 * (SSE2 has no 32-bit multiply); the same sums as below. */
		for (; x < width; x++, d += 4) {
			const uint16_t *p = acc + (size_t)tx.first[x] * 4;
			const uint32_t *wx = tx.w + (size_t)x * tx.n;
			__m128i c = _mm_set1_epi32(1 << 15);
			int k = 0;
			for (; k + 2 <= tx.n; k += 2, p += 8) {
				__m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
				__m128i w = _mm_unpacklo_epi64(_mm_set1_epi16((short)wx[k]),
							       _mm_set1_epi16((short)wx[k + 1]));
				__m128i plo = _mm_mullo_epi16(v, w), phi = _mm_mulhi_epu16(v, w);
				c = _mm_add_epi32(c, _mm_add_epi32(_mm_unpacklo_epi16(plo, phi),
								   _mm_unpackhi_epi16(plo, phi)));
			}
			if (k < tx.n) {
				__m128i v = _mm_loadl_epi64((const __m128i *)(const void *)p);
				__m128i w = _mm_set1_epi16((short)wx[k]);
				__m128i plo = _mm_mullo_epi16(v, w), phi = _mm_mulhi_epu16(v, w);
				c = _mm_add_epi32(c, _mm_unpacklo_epi16(plo, phi));
			}
			c = _mm_srli_epi32(c, 16);
			c = _mm_packs_epi32(c, c);
			c = _mm_packus_epi16(c, c);
			store4(d, c);
		}
#endif
		for (; x < width; x++, d += 4) {
			const uint16_t *p = acc + (size_t)tx.first[x] * 4;
			const uint32_t *wx = tx.w + (size_t)x * tx.n;
			u32x4 c = { 1u << 15, 1u << 15, 1u << 15, 1u << 15 };
			for (int k = 0; k < tx.n; k++, p += 4) {
				u16x4 v;
				memcpy(&v, p, sizeof v);
				c += __builtin_convertvector(v, u32x4) * wx[k];
			}
			c >>= 16;
			d[0] = (unsigned char)c[0];
			d[1] = (unsigned char)c[1];
			d[2] = (unsigned char)c[2];
			d[3] = (unsigned char)c[3];
		}
	}
	free(acc);
	box_taps_release(&tx);
	box_taps_release(&ty);
	return dst;
}

/* libpng write target: the caller's strbuf, whose cap may refuse bytes. */
struct png_sink {
	struct strbuf *out;
	int err;       /* TD_ERR_TOO_BIG once the cap refused a write */
	char msg[128]; /* what libpng said when it gave up */
};

static void png_sink_write(png_structp png, png_bytep data, size_t len)
{
	struct png_sink *sink = png_get_io_ptr(png);
	sink->err = strbuf_add(sink->out, data, len);
	if (sink->err)
		png_error(png, "output buffer full");
}

static void png_sink_flush(png_structp png)
{
	(void)png;
}

/* libpng error callback: keep the message, then unwind to setjmp. */
static void png_on_error(png_structp png, png_const_charp msg)
{
	struct png_sink *sink = png_get_error_ptr(png);
	snprintf(sink->msg, sizeof sink->msg, "%s", msg);
	png_longjmp(png, 1);
}

static void png_on_warning(png_structp png, png_const_charp msg)
{
	(void)png;
	(void)msg;
}

/* The zlib level actually used for a requested one. */
static int png_level(int level)
{
	return level < 0 || level > 9 ? 1 : level;
}

/* Bytes a row of the format takes. */
static size_t png_row_bytes(const struct image_png_format *fmt)
{
	static const size_t per_pixel[] = { [IMAGE_PNG_RGB] = 3, [IMAGE_PNG_RGBA] = 4, [IMAGE_PNG_PALETTE] = 1 };
	return (size_t)fmt->width * per_pixel[fmt->color];
}

/* Append one PNG chunk (length, type, data, CRC). */
static int png_chunk(struct strbuf *out, const char *type, const void *data, size_t len)
{
	unsigned char head[8] = { (unsigned char)(len >> 24), (unsigned char)(len >> 16),
				  (unsigned char)(len >> 8), (unsigned char)len };
	memcpy(head + 4, type, 4);
	uint32_t crc = libdeflate_crc32(libdeflate_crc32(0, type, 4), data, len);
	unsigned char tail[4] = { (unsigned char)(crc >> 24), (unsigned char)(crc >> 16),
				  (unsigned char)(crc >> 8), (unsigned char)crc };
	int err = strbuf_add(out, head, 8);
	if (!err && len)
		err = strbuf_add(out, data, len);
	if (!err)
		err = strbuf_add(out, tail, 4);
	return err;
}

/*
 * The unfiltered encoder: every row with filter byte 0, deflated in one
 * piece by libdeflate (2-3x faster than zlib at level 1 on screenshots, and
 * smaller), written as IHDR [PLTE] IDAT IEND.
 */
static int encode_png_deflate(const struct image_png_format *fmt, struct strbuf *out)
{
	static const unsigned char color_types[] = { [IMAGE_PNG_RGB] = 2, [IMAGE_PNG_RGBA] = 6,
						     [IMAGE_PNG_PALETTE] = 3 };
	const size_t start = out->len, rb = png_row_bytes(fmt) + 1;
	size_t raw_len = rb * (size_t)fmt->height;
	int err = TD_OK, level = png_level(fmt->level);
	/* Measured: on flat RGBA screenshots (1080x1920 simulator frames)
	 * libdeflate's level 1 takes 27-29 ms CPU and its level 2 15 ms for the
	 * same size; on the 768-px palette request images level 1 is the faster
	 * (380 M vs 565 M instructions for the 12 real screens). */
	if (level == 1 && fmt->color != IMAGE_PNG_PALETTE)
		level = 2;
	scratch_register();
	/* Both buffers stay with the thread: a step's frames are all the same size. */
	if (scratch.enc_raw_cap < raw_len) {
		free(scratch.enc_raw);
		scratch.enc_raw = xmalloc_filled(raw_len);
		scratch.enc_raw_cap = raw_len;
	}
	unsigned char *raw = scratch.enc_raw, *z;
	for (int y = 0; y < fmt->height; y++) {
		raw[(size_t)y * rb] = 0;
		fmt->row(fmt->row_ctx, y, raw + (size_t)y * rb + 1);
	}
	if (!scratch.deflater || scratch.deflater_level != level) {
		libdeflate_free_compressor(scratch.deflater);
		scratch.deflater = libdeflate_alloc_compressor(level);
		if (!scratch.deflater)
			abort();
		scratch.deflater_level = level;
	}
	size_t bound = libdeflate_zlib_compress_bound(scratch.deflater, raw_len);
	if (scratch.enc_z_cap < bound) {
		free(scratch.enc_z);
		scratch.enc_z = xmalloc(bound);
		scratch.enc_z_cap = bound;
	}
	z = scratch.enc_z;
	size_t z_len = libdeflate_zlib_compress(scratch.deflater, raw, raw_len, z, bound);
	if (!z_len || z_len > 0x7fffffffu) {
		err = td_error(TD_ERR_TOO_BIG, "PNG encoding failed: %zu bytes of pixels do not fit one IDAT",
			       raw_len);
		goto out;
	}
	unsigned char ihdr[13] = { (unsigned char)(fmt->width >> 24), (unsigned char)(fmt->width >> 16),
				   (unsigned char)(fmt->width >> 8), (unsigned char)fmt->width,
				   (unsigned char)(fmt->height >> 24), (unsigned char)(fmt->height >> 16),
				   (unsigned char)(fmt->height >> 8), (unsigned char)fmt->height,
				   8, color_types[fmt->color], 0, 0, 0 };
	static const unsigned char sig[8] = { 137, 'P', 'N', 'G', 13, 10, 26, 10 };
	err = strbuf_add(out, sig, 8);
	if (!err)
		err = png_chunk(out, "IHDR", ihdr, sizeof ihdr);
	if (!err && fmt->color == IMAGE_PNG_PALETTE) {
		unsigned char plte[768];
		for (int i = 0; i < fmt->n_palette; i++) {
			plte[i * 3] = (unsigned char)(fmt->palette[i] >> 16);
			plte[i * 3 + 1] = (unsigned char)(fmt->palette[i] >> 8);
			plte[i * 3 + 2] = (unsigned char)fmt->palette[i];
		}
		err = png_chunk(out, "PLTE", plte, (size_t)fmt->n_palette * 3);
	}
	if (!err)
		err = png_chunk(out, "IDAT", z, z_len);
	if (!err)
		err = png_chunk(out, "IEND", "", 0);
	if (err) {
		strbuf_setlen(out, start);
		err = td_error(err, "PNG encoding failed: output buffer full");
	}
out:
	return err;
}

void image_release_thread_buffers(void)
{
	scratch_free(&scratch);
}

static int encode_png_libpng(const struct image_png_format *fmt, struct strbuf *out);

int image_encode_png_rows(const struct image_png_format *fmt, struct strbuf *out)
{
	if (!fmt || !size_ok(fmt->width, fmt->height))
		return td_error(TD_ERR_INVALID, "cannot encode an empty image");
	if (!fmt->row || (unsigned)fmt->color > IMAGE_PNG_PALETTE)
		return td_error(TD_ERR_INVALID, "PNG encoder: no row source or unknown colour type %d",
				(int)fmt->color);
	if (fmt->color == IMAGE_PNG_PALETTE && (!fmt->palette || fmt->n_palette < 1 || fmt->n_palette > 256))
		return td_error(TD_ERR_INVALID, "a palette PNG needs 1 to 256 colours, not %d", fmt->n_palette);
	return fmt->filter ? encode_png_libpng(fmt, out) : encode_png_deflate(fmt, out);
}

/* libpng's encoder, for the adaptive row filters of the slow levels. */
static int encode_png_libpng(const struct image_png_format *fmt, struct strbuf *out)
{
	static const int color_types[] = { [IMAGE_PNG_RGB] = PNG_COLOR_TYPE_RGB,
					   [IMAGE_PNG_RGBA] = PNG_COLOR_TYPE_RGBA,
					   [IMAGE_PNG_PALETTE] = PNG_COLOR_TYPE_PALETTE };
	const size_t start = out->len;
	struct png_sink sink = { out, TD_OK, "" };
	/* volatile: read after longjmp. */
	unsigned char *volatile row = xmalloc(png_row_bytes(fmt));
	png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, png_on_error, png_on_warning);
	png_infop info = png ? png_create_info_struct(png) : NULL;
	int err = TD_OK;
	if (!png || !info) {
		err = td_error(TD_ERR_NOMEM, "libpng could not start an encoder");
		goto out;
	}
	if (setjmp(png_jmpbuf(png))) {
		err = td_error(sink.err ? sink.err : TD_ERR_INVALID, "PNG encoding failed: %s", sink.msg);
		strbuf_setlen(out, start);
		goto out;
	}
	png_set_write_fn(png, &sink, png_sink_write, png_sink_flush);
	png_set_IHDR(png, info, (png_uint_32)fmt->width, (png_uint_32)fmt->height, 8, color_types[fmt->color],
		     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	if (fmt->color == IMAGE_PNG_PALETTE) {
		png_color colors[256];
		for (int i = 0; i < fmt->n_palette; i++) {
			uint32_t c = fmt->palette[i];
			colors[i].red = (png_byte)(c >> 16);
			colors[i].green = (png_byte)(c >> 8);
			colors[i].blue = (png_byte)c;
		}
		png_set_PLTE(png, info, colors, fmt->n_palette);
	}
	png_set_compression_level(png, png_level(fmt->level));
	png_set_filter(png, PNG_FILTER_TYPE_BASE, fmt->filter ? PNG_ALL_FILTERS : PNG_FILTER_NONE);
	png_write_info(png, info);
	for (int y = 0; y < fmt->height; y++) {
		fmt->row(fmt->row_ctx, y, row);
		png_write_row(png, row);
	}
	png_write_end(png, info);
out:
	png_destroy_write_struct(&png, &info);
	free(row);
	return err;
}

/* Encode through image_encode_png_rows() into a malloc'd buffer (*out stays NULL on error). */
static int encode_to_buffer(const struct image_png_format *fmt, unsigned char **out, size_t *out_len)
{
	struct strbuf sb = STRBUF_INIT;
	int err = image_encode_png_rows(fmt, &sb);
	if (err) {
		strbuf_release(&sb);
		return err;
	}
	*out = (unsigned char *)strbuf_detach(&sb, out_len);
	return TD_OK;
}

/* Row `y` of an image (premultiplied B,G,R,A) as straight R,G,B bytes. */
static void rgb_row(const void *ctx, int y, unsigned char *row)
{
	const struct image *img = ctx;
	const unsigned char *s = img->data + (size_t)y * img->stride;
	unsigned char *d = row;
	for (int x = 0; x < img->width; x++, s += 4, d += 3) {
		unsigned a = s[3];
		if (a == 255 || a == 0) {
			d[0] = s[2];
			d[1] = s[1];
			d[2] = s[0];
		} else {
			d[0] = (unsigned char)(s[2] * 255 / a);
			d[1] = (unsigned char)(s[1] * 255 / a);
			d[2] = (unsigned char)(s[0] * 255 / a);
		}
	}
}

int image_encode_png(const struct image *img, int level, unsigned char **out, size_t *out_len)
{
	*out = NULL;
	*out_len = 0;
	if (!img || !size_ok(img->width, img->height))
		return td_error(TD_ERR_INVALID, "cannot encode an empty image");
	/* Fast levels: no row filter. On screenshots (flat areas, repeated
	 * rows) level 1 unfiltered is both faster and smaller than level 1 with
	 * the Up or Sub filter (docs/annotation.md); slow levels filter
	 * adaptively for the smallest files. */
	struct image_png_format fmt = { img->width, img->height, IMAGE_PNG_RGB, NULL, 0, level,
					png_level(level) > 3, rgb_row, img };
	return encode_to_buffer(&fmt, out, out_len);
}

/* The palette and a 15-bit RGB -> index table (see image_encode_png_palette). */
struct palette {
	uint32_t colors[256];      /* 0xRRGGBB */
	int n;
	unsigned char lut[32768];
	int16_t exact_at[32768];   /* first exact colour with this 15-bit key, or -1 */
	uint32_t exact[16];
	int n_exact, exact_base;
};

static int cube_level(int v)
{
	return (v * 5 + 127) / 255;
}

static void palette_init(struct palette *p, const uint32_t *exact, size_t n_exact)
{
	p->n = 0;
	for (int r = 0; r < 6; r++)
		for (int g = 0; g < 6; g++)
			for (int b = 0; b < 6; b++)
				p->colors[p->n++] = (uint32_t)(r * 51) << 16 | (uint32_t)(g * 51) << 8 |
						    (uint32_t)(b * 51);
	int grey_base = p->n;
	for (int i = 0; i < 24; i++) {
		uint32_t v = (uint32_t)((i * 255 + 11) / 23);
		p->colors[p->n++] = v << 16 | v << 8 | v;
	}
	p->exact_base = p->n;
	p->n_exact = n_exact > 16 ? 16 : (int)n_exact;
	memset(p->exact_at, 0xff, sizeof p->exact_at);
	for (int i = 0; i < p->n_exact; i++) {
		uint32_t c = exact[i] & 0xffffff;
		p->exact[i] = c;
		p->colors[p->n++] = c;
		unsigned key = ((c >> 19) & 31) << 10 | ((c >> 11) & 31) << 5 | ((c >> 3) & 31);
		if (p->exact_at[key] < 0)
			p->exact_at[key] = (int16_t)i;
	}
	for (unsigned key = 0; key < 32768; key++) {
		int r = (int)((key >> 10) << 3 | 4), g = (int)(((key >> 5) & 31) << 3 | 4);
		int b = (int)((key & 31) << 3 | 4);
		int hi = r > g ? (r > b ? r : b) : (g > b ? g : b);
		int lo = r < g ? (r < b ? r : b) : (g < b ? g : b);
		if (hi - lo <= 12)
			p->lut[key] = (unsigned char)(grey_base + ((r + g + b) / 3 * 23 + 127) / 255);
		else
			p->lut[key] = (unsigned char)(cube_level(r) * 36 + cube_level(g) * 6 + cube_level(b));
	}
}

/* Palette index of one opaque pixel given as B,G,R bytes. */
static unsigned char palette_index(const struct palette *p, const unsigned char *s)
{
	unsigned key = (unsigned)(s[2] >> 3) << 10 | (unsigned)(s[1] >> 3) << 5 | (unsigned)(s[0] >> 3);
	int e = p->exact_at[key];
	if (e >= 0) {
		uint32_t rgb = (uint32_t)s[2] << 16 | (uint32_t)s[1] << 8 | s[0];
		for (int i = e; i < p->n_exact; i++)
			if (p->exact[i] == rgb)
				return (unsigned char)(p->exact_base + i);
	}
	return p->lut[key];
}

/* An image and the palette its rows are mapped to. */
struct palette_rows {
	const struct image *img;
	const struct palette *pal;
};

/* Row `y` of the image as palette indices. */
static void palette_row(const void *ctx, int y, unsigned char *row)
{
	const struct palette_rows *pr = ctx;
	const unsigned char *s = pr->img->data + (size_t)y * pr->img->stride;
	uint32_t last = 0;
	unsigned char last_index = palette_index(pr->pal, s);
	memcpy(&last, s, 4);
	/* UI rows are long runs of one colour: look up only where it changes. */
	for (int x = 0; x < pr->img->width; x++, s += 4) {
		uint32_t p;
		memcpy(&p, s, 4);
		if (p != last) {
			last = p;
			last_index = palette_index(pr->pal, s);
		}
		row[x] = last_index;
	}
}

int image_encode_png_palette(const struct image *img, int level, const uint32_t *exact,
			     size_t n_exact, unsigned char **out, size_t *out_len)
{
	*out = NULL;
	*out_len = 0;
	if (!img || !size_ok(img->width, img->height))
		return td_error(TD_ERR_INVALID, "cannot encode an empty image");
	struct palette *pal = xmalloc(sizeof *pal);
	palette_init(pal, exact, n_exact);
	struct palette_rows pr = { img, pal };
	struct image_png_format fmt = { img->width, img->height, IMAGE_PNG_PALETTE, pal->colors, pal->n, level,
					false, palette_row, &pr };
	int err = encode_to_buffer(&fmt, out, out_len);
	free(pal);
	return err;
}

int image_write_png(const struct image *img, const char *path)
{
	unsigned char *png = NULL;
	size_t len = 0;
	int err = image_encode_png(img, 1, &png, &len);
	if (err)
		return err;
	FILE *f = fopen(path, "wb");
	if (!f) {
		free(png);
		return td_error(TD_ERR_IO, "cannot write '%s': %m", path);
	}
	size_t n = fwrite(png, 1, len, f);
	int cerr = fclose(f);
	free(png);
	if (n != len || cerr)
		return td_error(TD_ERR_IO, "cannot write '%s': %m", path);
	return TD_OK;
}

static const char b64_alphabet[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

char *image_base64(const void *data, size_t len, size_t *out_len)
{
	const unsigned char *s = data;
	size_t n = (len + 2) / 3 * 4;
	char *out = xmalloc(n + 1), *d = out;
	size_t i = 0;
	for (; i + 3 <= len; i += 3, d += 4) {
		uint32_t v = (uint32_t)s[i] << 16 | (uint32_t)s[i + 1] << 8 | s[i + 2];
		d[0] = b64_alphabet[v >> 18];
		d[1] = b64_alphabet[(v >> 12) & 63];
		d[2] = b64_alphabet[(v >> 6) & 63];
		d[3] = b64_alphabet[v & 63];
	}
	if (i < len) {
		uint32_t v = (uint32_t)s[i] << 16 | (i + 1 < len ? (uint32_t)s[i + 1] << 8 : 0);
		d[0] = b64_alphabet[v >> 18];
		d[1] = b64_alphabet[(v >> 12) & 63];
		d[2] = i + 1 < len ? b64_alphabet[(v >> 6) & 63] : '=';
		d[3] = '=';
		d += 4;
	}
	*d = '\0';
	if (out_len)
		*out_len = n;
	return out;
}

/* Value of one base64 digit, -1 when not one. */
static int b64_value(unsigned char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

unsigned char *image_base64_decode(const char *text, size_t len, size_t *out_len)
{
	while (len && text[len - 1] == '=')
		len--;
	if (len % 4 == 1)
		return NULL;
	unsigned char *out = xmalloc(len / 4 * 3 + 3), *d = out;
	uint32_t v = 0;
	int bits = 0;
	for (size_t i = 0; i < len; i++) {
		int c = b64_value((unsigned char)text[i]);
		if (c < 0) {
			free(out);
			return NULL;
		}
		v = (v << 6) | (uint32_t)c;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			*d++ = (unsigned char)(v >> bits);
		}
	}
	*out_len = (size_t)(d - out);
	return out;
}

void image_release_caches(void)
{
	cairo_debug_reset_static_data();
}

/*
 * LeakSanitizer's hook for built-in suppressions (weak in the sanitizer
 * runtime, unused without it). Cairo draws text through fontconfig, which
 * keeps process-wide pattern caches that only FcFini() frees - not a leak of
 * ours, but it would fail every ASan run of a program that draws a label.
 * Defined here because every program that draws with Cairo links image.c.
 */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
	return "leak:libfontconfig.so\n";
}
