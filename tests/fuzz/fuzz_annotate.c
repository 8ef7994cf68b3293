/*
 * fuzz_annotate.c - libFuzzer harness for the screenshot path: an input is
 * a UIAutomator dump followed by an image. It is split at the first PNG
 * signature: before it is the XML, from it on the PNG; without a signature
 * the bytes after the first "\n\n" are tried as a raw screencap frame.
 * Both label modes are annotated, drawn and printed.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/annotate.h"
#include "core/image.h"
#include "core/strbuf.h"
#include "core/ui.h"

#define MAX_INPUT (256 * 1024)
#define MAX_PIXELS (512u * 512u)

/* Width x height from a PNG's IHDR or a raw frame header, to skip images
 * too large to fuzz quickly (decoding them is covered by test_image). */
static bool small_enough(const uint8_t *p, size_t n, bool png)
{
	uint32_t w, h;
	if (png) {
		if (n < 24)
			return true;
		w = (uint32_t)p[16] << 24 | (uint32_t)p[17] << 16 | (uint32_t)p[18] << 8 | p[19];
		h = (uint32_t)p[20] << 24 | (uint32_t)p[21] << 16 | (uint32_t)p[22] << 8 | p[23];
	} else {
		if (n < 8)
			return true;
		w = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
		h = (uint32_t)p[4] | (uint32_t)p[5] << 8 | (uint32_t)p[6] << 16 | (uint32_t)p[7] << 24;
	}
	return (uint64_t)w * h <= MAX_PIXELS;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint8_t sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	if (size > MAX_INPUT)
		return 0;
	const uint8_t *split = size >= 8 ? memmem(data, size, sig, 8) : NULL;
	size_t xml_len, img_off;
	bool png = split != NULL;
	if (split) {
		xml_len = (size_t)(split - data);
		img_off = xml_len;
	} else {
		const uint8_t *nn = memmem(data, size, "\n\n", 2);
		xml_len = nn ? (size_t)(nn - data) : size;
		img_off = nn ? xml_len + 2 : size;
	}
	struct ui_tree *tree = NULL;
	struct image *shot = NULL;
	if (ui_parse((const char *)data, xml_len, "fuzz.xml", &tree))
		return 0;
	if (small_enough(data + img_off, size - img_off, png) &&
	    image_decode(data + img_off, size - img_off, "fuzz.png", &shot) == TD_OK) {
		int w, h;
		image_fit_size(shot->width, shot->height, 200, 120, &w, &h);
		struct image *img = image_downscale(shot, w, h);
		for (int mode = 0; mode < 2 && img; mode++) {
			struct annotate_opts o;
			annotate_opts_default(&o);
			o.labels = (enum annotate_labels)mode;
			o.max_widgets = 200;
			struct annotation *a = NULL;
			if (annotation_build(tree, shot->width, shot->height, w, h, &o, &a) == TD_OK) {
				struct strbuf sb = STRBUF_INIT;
				if (annotation_draw(a, img) == TD_OK && annotation_legend(a, &sb) == TD_OK &&
				    annotation_widget_list(a, &sb) == TD_OK) {
					char *json = annotation_to_json(a);
					free(json);
				}
				strbuf_release(&sb);
				annotation_free(a);
			}
		}
		unsigned char *out = NULL;
		size_t out_len = 0;
		if (img && image_encode_png(img, 1, &out, &out_len) == TD_OK)
			free(out);
		static const uint32_t exact[] = { 0xe00000, 0x0050ff };
		if (img && image_encode_png_palette(img, 1, exact, 2, &out, &out_len) == TD_OK)
			free(out);
		image_free(img);
		image_free(shot);
	}
	/* The XML alone, annotated at its own extent. */
	struct annotation *a = NULL;
	if (annotation_build(tree, 0, 0, 64, 64, NULL, &a) == TD_OK) {
		(void)annotation_text_matches(a, 1, "ok");
		annotation_free(a);
	}
	ui_tree_free(tree);
	return 0;
}
