/*
 * history_strip.h - the image view of a functionality's testing history
 * (Trident II-B1, Fig. 5): the steps' screenshots stitched into one grid, in
 * order (left to right, then top to bottom), each marked with the box of the
 * widget acted on in its action's colour and captioned beneath with the step
 * number, the action and the page description. The Monitor and the Detector
 * send it to the model with their prompts.
 *
 * The total size is capped (width x height <= max_pixels): cells shrink to
 * fit, and when even small cells would not fit, only the most recent steps
 * are shown (captions keep their real step numbers).
 */
#ifndef TRIDENT_CORE_HISTORY_STRIP_H
#define TRIDENT_CORE_HISTORY_STRIP_H

#include <stddef.h>

#include "core/error.h"
#include "core/ui.h"

struct image;
struct config;

struct history_strip_step {
	const struct image *shot;       /* the screenshot before the action (any size) */
	struct ui_rect box;             /* the widget acted on; empty = none (back, swipe) */
	int screen_width, screen_height;/* coordinate space of `box` (device px); 0 = the shot's */
	unsigned actions;               /* enum ui_action bits: the box colour */
	const char *action;             /* "click [12] \"Add\"", may be NULL */
	const char *page;               /* page description, may be NULL */
	int number;                     /* step number shown; 0 = position + 1 */
};

struct history_strip_opts {
	long max_pixels;  /* cap on width x height (default 1,150,000) */
	int columns;      /* cells per row (default 4) */
};

void history_strip_opts_default(struct history_strip_opts *o);
/* From the "annotate" section (history_max_pixels, history_columns). */
int history_strip_opts_from_config(const struct config *cfg, struct history_strip_opts *o) TD_MUST_CHECK;

/*
 * Build the grid image. Steps without a screenshot get a grey cell with their
 * caption. TD_ERR_INVALID for n == 0 or a cap too small for one 32-px cell.
 * *out is the caller's (image_free()).
 */
int history_strip_build(const struct history_strip_step *steps, size_t n,
			const struct history_strip_opts *opts, struct image **out) TD_MUST_CHECK;

#endif
