/*
 * screen_read.h - what a screenshot shows that the UIAutomator dump does not.
 *
 *   - Toasts live in their own window: `uiautomator dump` leaves them out (a
 *     real device lists only the window in `dumpsys window`), and so does the
 *     simulator. screen_find_toast() finds the toast bubble (a dark grey
 *     pill centred near the bottom) and screen_ocr() reads its text with
 *     Tesseract (libtesseract, English), on that region only.
 *   - An empty text field is dumped with its hint as its text (Android 8+),
 *     so empty and filled look alike in the XML; the pixels tell them apart:
 *     typed text is drawn near-black, a hint in grey.
 *
 * Images are struct image (ARGB32, image.h); rectangles are in the image's
 * pixels. Thread-safe: each thread has its own engine and remembered reads;
 * the only shared state is the count of reads (atomic).
 */
#ifndef TRIDENT_CORE_SCREEN_READ_H
#define TRIDENT_CORE_SCREEN_READ_H

#include <stdbool.h>

#include "core/error.h"
#include "core/ui.h"

struct image;

enum field_look {
	FIELD_LOOKS_BLANK = 0,  /* nothing drawn in the field */
	FIELD_LOOKS_HINT,       /* only grey text: the hint */
	FIELD_LOOKS_TEXT,       /* dark text: typed or filled content */
};

/* How the text field at `r` (image px) looks. */
enum field_look screen_field_look(const struct image *shot, const struct ui_rect *r);

/*
 * Find a toast bubble: a band of dark neutral grey centred horizontally in
 * the lower 45% of the image, between 15% and 92% of the width wide, at
 * least 2% of the height tall, with lighter pixels either side. True and
 * *out (image px) when one is found.
 */
bool screen_find_toast(const struct image *shot, struct ui_rect *out);

/* Whether OCR is compiled in (libtesseract found at build time). */
bool screen_ocr_available(void);

/*
 * Read the text in region `r` of `shot` (light text on a dark bubble, or dark
 * on light) with Tesseract. *text is the recognised text on one line,
 * trimmed (caller frees; "" when nothing was read). TD_ERR_UNSUPPORTED when
 * OCR is not compiled in, TD_ERR_IO when Tesseract cannot start (its
 * English data missing: install tesseract-ocr-eng), TD_ERR_INVALID for an
 * empty region. A region whose grey pixels equal one of the last few this
 * thread read gets the text read then, without Tesseract (a toast stays up
 * for several steps).
 */
int screen_ocr(const struct image *shot, const struct ui_rect *r, char **text) TD_MUST_CHECK;

/* How many regions Tesseract has read since the process started (reads
 * answered from the remembered ones not counted). For tests and benchmarks. */
long screen_ocr_reads(void);

#endif
