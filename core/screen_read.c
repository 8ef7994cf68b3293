/*
 * screen_read.c - toasts and field states read from a screenshot's pixels,
 * and the OCR that reads a toast's text (see screen_read.h). The only file
 * that includes Tesseract's header.
 */
#include "core/screen_read.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#ifdef TRIDENT_HAVE_TESSERACT
#include <dlfcn.h>
#include <tesseract/capi.h>
#endif

#include "core/image.h"
#include "core/strbuf.h"
#include "core/xalloc.h"

/* Luminance 0..255 and whether the colour is a neutral grey. */
static int lum_of(uint32_t c, bool *neutral)
{
	int r = (int)(c >> 16) & 0xff, g = (int)(c >> 8) & 0xff, b = (int)c & 0xff;
	int mx = r > g ? (r > b ? r : b) : (g > b ? g : b);
	int mn = r < g ? (r < b ? r : b) : (g < b ? g : b);
	*neutral = mx - mn < 30;
	return (r * 299 + g * 587 + b * 114) / 1000;
}

/* Clip a rect to the image; false when nothing is left. */
static bool clip(const struct image *img, const struct ui_rect *r, struct ui_rect *out)
{
	*out = *r;
	if (out->x1 < 0) out->x1 = 0;
	if (out->y1 < 0) out->y1 = 0;
	if (out->x2 > img->width) out->x2 = img->width;
	if (out->y2 > img->height) out->y2 = img->height;
	return out->x2 > out->x1 && out->y2 > out->y1;
}

enum field_look screen_field_look(const struct image *shot, const struct ui_rect *r)
{
	struct ui_rect c;
	int w, h, dark = 0, grey = 0;
	if (!shot || !clip(shot, r, &c))
		return FIELD_LOOKS_BLANK;
	w = c.x2 - c.x1;
	h = c.y2 - c.y1;
	/* The text line: inside the side padding, above the underline. */
	c.x1 += w * 3 / 100;
	c.x2 -= w * 3 / 100;
	c.y1 += h * 15 / 100;
	c.y2 -= h * 25 / 100;
	for (int y = c.y1; y < c.y2; y++)
		for (int x = c.x1; x < c.x2; x++) {
			bool neutral;
			int l = lum_of(image_pixel(shot, x, y), &neutral);
			if (!neutral)
				continue;   /* the cursor and accents are coloured */
			if (l < 100)
				dark++;
			else if (l < 200)
				grey++;
		}
	if (dark > 20)
		return FIELD_LOOKS_TEXT;
	return grey > 20 ? FIELD_LOOKS_HINT : FIELD_LOOKS_BLANK;
}

/* Whether pixel c is toast-dark: Material's #323232 at 94% over any background, a neutral grey of luminance 30..90. */
static bool toast_dark(uint32_t c)
{
	bool neutral;
	int l;

	/* Only green 19..120 can be toast-dark (neutral: red and blue within
	 * 29 of it, so luminance 30..90 needs that): most pixels of a screen
	 * are ruled out on one byte. */
	if (((c >> 8) & 0xff) - 19u > 101u)
		return false;
	l = lum_of(c, &neutral);
	return neutral && l >= 30 && l <= 90;
}

/*
 * The span of toast-dark pixels on row y around the image's centre (*x2
 * exclusive) when they fill at least 60% of it: the bubble's row, even
 * where its text interrupts the grey. A toast is centred: from the centre
 * column the span reaches each way to the last dark pixel before a gap of
 * 3% of the width (the white letters inside the bubble are narrower), and
 * is cut to the shorter of the two reaches on both sides, so dark text of
 * the page on the same rows just beside the bubble is not taken for part of
 * it (pantry, session 63: "Cheddar cheese" ran into "4 products added").
 */
static bool dark_span(const struct image *img, int y, int *x1, int *x2)
{
	const uint32_t *row = (const uint32_t *)(const void *)(img->data + (size_t)y * (size_t)img->stride);
	int w = img->width, mid = w / 2, gap = w * 3 / 100, left = -1, right = -1, half, n = 0;

	for (int x = mid; x < w && (right < 0 ? x - mid : x - right) <= gap; x++)
		if (toast_dark(row[x]))
			right = x;
	for (int x = mid - 1; x >= 0 && (left < 0 ? mid - 1 - x : left - x) <= gap; x--)
		if (toast_dark(row[x]))
			left = x;
	if (left < 0 || right < 0)
		return false;
	half = right + 1 - mid < mid - left ? right + 1 - mid : mid - left;
	*x1 = mid - half;
	*x2 = mid + half;
	for (int x = *x1; x < *x2; x++)
		n += toast_dark(row[x]);
	return half > 0 && n * 10 >= (*x2 - *x1) * 6;
}

bool screen_find_toast(const struct image *shot, struct ui_rect *out)
{
	int W, H, band_top = -1, band_bottom = -1, bx1 = 0, bx2 = 0;
	int best_top = -1, best_bottom = -1, best_x1 = 0, best_x2 = 0;
	if (!shot || shot->width < 64 || shot->height < 64)
		return false;
	W = shot->width;
	H = shot->height;
	for (int y = H * 55 / 100; y <= H; y++) {
		bool row = false;
		int x1 = 0, x2 = 0;
		if (y < H && dark_span(shot, y, &x1, &x2)) {
			int len = x2 - x1, mid = (x1 + x2) / 2;
			row = len >= W * 15 / 100 && len <= W * 92 / 100 && abs(mid - W / 2) <= W / 10;
		}
		if (row) {
			if (band_top < 0) {
				band_top = y;
				bx1 = x1;
				bx2 = x2;
			}
			if (x1 < bx1) bx1 = x1;
			if (x2 > bx2) bx2 = x2;
			band_bottom = y + 1;
			continue;
		}
		if (band_top >= 0 && band_bottom - band_top > best_bottom - best_top) {
			best_top = band_top;
			best_bottom = band_bottom;
			best_x1 = bx1;
			best_x2 = bx2;
		}
		band_top = -1;
	}
	if (best_top < 0 || best_bottom - best_top < H * 2 / 100)
		return false;
	out->x1 = best_x1;
	out->y1 = best_top;
	out->x2 = best_x2;
	out->y2 = best_bottom;
	return true;
}

#ifdef TRIDENT_HAVE_TESSERACT
bool screen_ocr_available(void)
{
	return true;
}

/*
 * This thread's Tesseract, initialised once: TessBaseAPIInit4 (loading the
 * English model and its ambiguity tables) cost more than the recognition
 * itself, and a model-mode step read a toast on most steps: 52% of a
 * 30-step model run's CPU went to Tesseract's start-up (perf, sim:notes).
 * Tesseract handles are not shared between threads. Freed at thread exit.
 */
static __thread TessBaseAPI *ocr_api;
static __thread bool ocr_failed;
static pthread_key_t ocr_key;
static pthread_once_t ocr_once = PTHREAD_ONCE_INIT;

/*
 * The last few regions this thread read and what Tesseract made of them. A
 * toast stays up for several steps (and the same action shows the same
 * toast again), so most reads in a model run were of a region read before,
 * pixel for pixel: 36 of 40 steps in the benchmark's model run, at about
 * 10 ms each (docs/performance.md). Tesseract's answer depends on the
 * pixels alone (the adaptive classifier is cleared before each read), so a
 * region whose grey pixels equal a remembered one's gets its text without
 * a read. Compared in full (memcmp), not by hash: the text is exactly what
 * a read would give.
 */
#define OCR_MEMO 4
struct ocr_memo {
	int w, h;
	unsigned char *grey;   /* w x h, as given to Tesseract; NULL: empty slot */
	char *text;
};
static __thread struct ocr_memo ocr_memo[OCR_MEMO];
static __thread unsigned ocr_memo_next;   /* the slot the next read replaces */
static atomic_long ocr_reads;             /* Tesseract recognitions, all threads */

static void ocr_memo_free(void)
{
	for (int i = 0; i < OCR_MEMO; i++) {
		free(ocr_memo[i].grey);
		free(ocr_memo[i].text);
		ocr_memo[i] = (struct ocr_memo){ 0 };
	}
}

/* The remembered text of a region with exactly these grey pixels, or NULL. */
static const char *ocr_memo_find(const unsigned char *grey, int w, int h)
{
	for (int i = 0; i < OCR_MEMO; i++)
		if (ocr_memo[i].grey && ocr_memo[i].w == w && ocr_memo[i].h == h &&
		    !memcmp(ocr_memo[i].grey, grey, (size_t)w * (size_t)h))
			return ocr_memo[i].text;
	return NULL;
}

/* Remember a read (takes `grey`), in place of the oldest. */
static void ocr_memo_put(unsigned char *grey, int w, int h, const char *text)
{
	struct ocr_memo *m = &ocr_memo[ocr_memo_next++ % OCR_MEMO];
	free(m->grey);
	free(m->text);
	*m = (struct ocr_memo){ w, h, grey, xstrdup(text) };
}

static void ocr_api_free(void *p)
{
	TessBaseAPI *api = p;
	(void)pthread_setspecific(ocr_key, NULL);
	TessBaseAPIEnd(api);
	TessBaseAPIDelete(api);
	ocr_api = NULL;
	ocr_memo_free();
}

/* At exit, the calling thread's (main's) handle, which no thread-exit
 * destructor frees: Tesseract's caches report a leak otherwise. */
static void ocr_free_at_exit(void)
{
	if (ocr_api)
		ocr_api_free(ocr_api);
}

static void ocr_key_init(void)
{
	(void)pthread_key_create(&ocr_key, ocr_api_free);
	(void)atexit(ocr_free_at_exit);   /* after Tesseract's statics exist: runs before they go */
}

/*
 * Tesseract's OpenMP regions run on the calling thread alone. It asks for
 * 4-10 threads (num_threads clauses in its LSTM and word recogniser) to
 * read a one-line toast, and the workers' spinning and waking were most of
 * a model step's CPU: 87 ms per step against 65 ms with OMP_THREAD_LIMIT=1
 * in the environment (docs/performance.md, "Model mode and Tesseract").
 * That variable is read when the runtime loads, before main; a maximum of
 * 0 active levels, set at run time, makes every parallel region inactive
 * (one thread) whatever its num_threads clause says. Looked up at run time
 * in whichever OpenMP runtime libtesseract brought (none: nothing to do).
 * Done by every thread before its Tesseract is made (the setting is
 * process-wide in libgomp, per thread in some runtimes). trident has no
 * OpenMP code of its own, so nothing else is slowed.
 */
static void ocr_serial(void)
{
	void (*set_max_active_levels)(int);
	*(void **)&set_max_active_levels = dlsym(RTLD_DEFAULT, "omp_set_max_active_levels");
	if (set_max_active_levels)
		set_max_active_levels(0);
}

/* This thread's initialised Tesseract, or NULL when its data cannot be loaded. */
static TessBaseAPI *ocr_get(void)
{
	if (ocr_api || ocr_failed)
		return ocr_api;
	ocr_serial();
	TessBaseAPI *api = TessBaseAPICreate();
	/* The dictionaries are not needed for a few words and cost most of the start-up. */
	char *names[] = { (char *)"load_system_dawg", (char *)"load_freq_dawg" };
	char *values[] = { (char *)"0", (char *)"0" };
	if (TessBaseAPIInit4(api, NULL, "eng", OEM_LSTM_ONLY, NULL, 0, names, values, 2, 0) != 0) {
		TessBaseAPIDelete(api);
		ocr_failed = true;
		return NULL;
	}
	TessBaseAPISetPageSegMode(api, PSM_SINGLE_BLOCK);
	pthread_once(&ocr_once, ocr_key_init);
	(void)pthread_setspecific(ocr_key, api);
	ocr_api = api;
	return api;
}

int screen_ocr(const struct image *shot, const struct ui_rect *r, char **text)
{
	struct ui_rect c;
	TessBaseAPI *api;
	unsigned char *grey;
	char *raw;
	struct strbuf sb = STRBUF_INIT;
	int w, h, light = 0;

	*text = NULL;
	if (!shot || !clip(shot, r, &c))
		return td_error(TD_ERR_INVALID, "OCR: the region is outside the %dx%d screenshot",
				shot ? shot->width : 0, shot ? shot->height : 0);
	/* Inside the bubble: its rounded ends and rim read as stray letters. */
	if (c.x2 - c.x1 > 2 * (c.y2 - c.y1)) {
		c.x1 += (c.y2 - c.y1) / 3;
		c.x2 -= (c.y2 - c.y1) / 3;
	}
	c.y1 += (c.y2 - c.y1) / 8;
	c.y2 -= (c.y2 - c.y1) / 8;
	w = c.x2 - c.x1;
	h = c.y2 - c.y1;
	/* Grey, dark text on light ground (what Tesseract reads best). */
	grey = xmalloc((size_t)w * (size_t)h);
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			bool neutral;
			int l = lum_of(image_pixel(shot, c.x1 + x, c.y1 + y), &neutral);
			grey[(size_t)y * (size_t)w + (size_t)x] = (unsigned char)l;
			light += l > 128;
		}
	if (light * 2 < w * h)   /* mostly dark: light text on a dark bubble */
		for (size_t i = 0; i < (size_t)w * (size_t)h; i++)
			grey[i] = (unsigned char)(255 - grey[i]);
	const char *known = ocr_memo_find(grey, w, h);
	if (known) {
		free(grey);
		*text = xstrdup(known);
		return TD_OK;
	}
	api = ocr_get();
	if (!api) {
		free(grey);
		return td_error(TD_ERR_IO, "OCR: Tesseract cannot load its English data (install tesseract-ocr-eng)");
	}
	/* What an earlier toast taught the adaptive classifier must not change
	 * how this one reads: the same text as a fresh instance. */
	TessBaseAPIClearAdaptiveClassifier(api);
	TessBaseAPISetImage(api, grey, w, h, 1, w);
	raw = TessBaseAPIGetUTF8Text(api);
	atomic_fetch_add(&ocr_reads, 1);
	/* One line, blanks collapsed, trimmed. */
	for (const char *p = raw ? raw : ""; *p; p++) {
		unsigned char ch = (unsigned char)*p;
		if (ch <= ' ') {
			if (sb.len && sb.buf[sb.len - 1] != ' ')
				(void)strbuf_addch(&sb, ' ');
			continue;
		}
		(void)strbuf_addch(&sb, ch);
	}
	strbuf_rtrim(&sb);
	TessDeleteText(raw);
	TessBaseAPIClear(api);   /* drop the image and results; the model stays loaded */
	*text = strbuf_detach(&sb, NULL);
	ocr_memo_put(grey, w, h, *text);
	return TD_OK;
}

long screen_ocr_reads(void)
{
	return atomic_load(&ocr_reads);
}
#else
bool screen_ocr_available(void)
{
	return false;
}

int screen_ocr(const struct image *shot, const struct ui_rect *r, char **text)
{
	(void)shot;
	(void)r;
	*text = NULL;
	return td_error(TD_ERR_UNSUPPORTED, "OCR: built without libtesseract (install libtesseract-dev and rebuild)");
}

long screen_ocr_reads(void)
{
	return 0;
}
#endif
