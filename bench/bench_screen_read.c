/*
 * bench_screen_read.c - what reading toasts from screenshots costs a step.
 *
 * On the simulated shop (1080x2400): the toast search over a screen without
 * a toast (every step pays this), the search over a screen with the "Added
 * Mug to cart" toast, the OCR of that toast's region (paid only on steps that
 * show one; Tesseract starts per call), and the text-field look check.
 * Prints the median of repeated runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "core/image.h"
#include "core/screen_read.h"
#include "core/ui.h"
#include "device/device.h"

#define RUNS 9

static struct image *shot(struct device *dev)
{
	struct capture cap;
	struct image *img = NULL;
	if (device_capture(dev, &cap) != TD_OK)
		return NULL;
	if (image_decode(cap.shot, cap.shot_len, "screenshot", &img) != TD_OK)
		img = NULL;
	capture_release(&cap);
	return img;
}

int main(void)
{
	struct device *dev = NULL;
	struct image *plain, *toast;
	struct ui_rect r = { 0 }, field = { 42, 400, 1038, 547 };
	double t[RUNS];
	char *text = NULL;

	int err = device_open("sim:" TRIDENT_SOURCE_DIR "/configs/apps/shop.json", NULL, &dev);

	if (err == TD_OK)
		err = device_launch(dev, "com.trident.shop");
	if (err != TD_OK) {
		printf("skipped: cannot open the simulated shop: %s\n", td_errmsg(err));
		return 0;
	}
	plain = shot(dev);
	/* The Mug's "Add" button (third row) shows "Added Mug to cart". */
	if (device_tap(dev, 878, 651) != TD_OK || !(toast = shot(dev)) || !plain) {
		printf("skipped: cannot capture the shop's screens\n");
		return 0;
	}
	for (int i = 0; i < RUNS; i++) {
		double t0 = bench_now_ms();
		(void)screen_find_toast(plain, &r);
		t[i] = bench_now_ms() - t0;
	}
	printf("toast search, no toast (every step):  %.2f ms\n", bench_median(t, RUNS));
	for (int i = 0; i < RUNS; i++) {
		double t0 = bench_now_ms();
		(void)screen_find_toast(toast, &r);
		t[i] = bench_now_ms() - t0;
	}
	printf("toast search, toast shown:            %.2f ms (found: %dx%d px)\n", bench_median(t, RUNS),
	       r.x2 - r.x1, r.y2 - r.y1);
	if (screen_ocr_available()) {
		for (int i = 0; i < RUNS; i++) {
			double t0 = bench_now_ms();
			free(text);
			text = NULL;
			int oerr = screen_ocr(toast, &r, &text);

			if (oerr != TD_OK)
				printf("OCR failed: %s\n", td_errmsg(oerr));
			t[i] = bench_now_ms() - t0;
		}
		printf("OCR of the toast region (Tesseract):  %.1f ms -> \"%s\"\n", bench_median(t, RUNS),
		       text ? text : "");
	} else {
		printf("OCR: not compiled in (libtesseract-dev missing)\n");
	}
	for (int i = 0; i < RUNS; i++) {
		double t0 = bench_now_ms();
		(void)screen_field_look(plain, &field);
		t[i] = bench_now_ms() - t0;
	}
	printf("text-field look (one field):          %.3f ms\n", bench_median(t, RUNS));
	free(text);
	image_free(plain);
	image_free(toast);
	device_close(dev);
	return 0;
}
