/*
 * fuzz_uixml.c - libFuzzer harness for the UIAutomator XML parser and the
 * code that consumes its trees: per-widget facts, the three signatures, the
 * widget alignment and SimCheck. Inputs are capped at 256 KiB so each run
 * stays fast; the 16 MiB cap of ui_parse() is tested in test_ui_parse.
 *
 * The tree is aligned with itself and, when the input's second half parses
 * on its own, with that tree too, so two different screens get compared.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/ui.h"
#include "core/ui_align.h"

#define FUZZ_MAX_INPUT (256u * 1024u)

/* Exercise everything that reads a parsed tree. */
static void consume(const struct ui_tree *t)
{
	unsigned acc = 0;
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		acc += ui_widget_actions(w, &t->screen);
		acc += (unsigned)strlen(ui_widget_label(w));
		acc += ui_widget_visible(w, &t->screen);
		acc += ui_class_is_editable(w->class_name);
		int x, y;
		if (ui_widget_tap_point(w, &t->screen, &x, &y))
			acc += (unsigned)(x ^ y);
		for (size_t k = 0; k < w->n_children; k++)
			if (w->children[k]->parent != w)
				abort();
	}
	uint64_t h = ui_sig_structural(t, "fuzz/.A") ^ ui_sig_abstract(t, NULL) ^ ui_sig_text(t, "");
	if (acc == 0xFFFFFFFFu && h == 0)
		fputc(' ', stderr);
}

/* Align two trees and check the alignment's bookkeeping. */
static void compare(const struct ui_tree *a, const struct ui_tree *b)
{
	struct ui_alignment *al = NULL;
	if (ui_align(a, b, NULL, &al) == TD_OK) {
		if (al->n_pairs + al->n_missing != al->n_a || al->n_pairs + al->n_extra != al->n_b)
			abort();
		if (!(al->score >= 0 && al->score <= 1.0000001))
			abort();
		ui_alignment_free(al);
	}
	(void)ui_simcheck(a, NULL, b, NULL, NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ui_tree *t = NULL, *half = NULL;
	if (size > FUZZ_MAX_INPUT)
		return 0;
	if (ui_parse((const char *)data, size, "fuzz.xml", &t) == TD_OK) {
		consume(t);
		compare(t, t);
	}
	if (size > 1 && ui_parse((const char *)data + size / 2, size - size / 2, "half", &half) == TD_OK) {
		consume(half);
		if (t)
			compare(t, half);
	}
	ui_tree_free(t);
	ui_tree_free(half);
	return 0;
}
