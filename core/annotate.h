/*
 * annotate.h - Trident's vision-text alignment (paper section II-A1): the
 * numbered list of actionable widgets, the screenshot annotated with
 * colour-coded numbered boxes, and the aligned text for the prompt (the
 * image's legend, the widget list, the app info).
 *
 * One `struct annotation` is the single source of truth for a step: the
 * picture is drawn from it, the prompt's widget list is printed from it, and
 * the Explorer resolves the model's "widget 12" through it
 * (annotation_find()), so the numbers always agree.
 *
 *   struct annotation *a;
 *   annotation_build(tree, shot->width, shot->height,    // device screenshot
 *                    small->width, small->height, &opts, &a); // model image
 *   annotation_draw(a, small);                // boxes + numbers on the image
 *   annotation_legend(a, &sb); annotation_widget_list(a, &sb);
 *   const struct annotated_widget *w = annotation_find(a, 12);
 *   tap(w->center_x, w->center_y);            // device coordinates
 *   annotation_free(a);                       // before ui_tree_free(tree)
 *
 * Coordinates: the XML's bounds are device pixels; the screenshot as
 * captured has the device's size, and the image annotated is that or a
 * downscaled copy. When the XML covers less than the screenshot (the
 * navigation bar left out of the dump, a dialog window) the mapping is 1:1;
 * when the XML is larger in the same orientation, the screenshot is taken to
 * be a scaled copy; when the XML is rotated against the screenshot
 * (landscape vs portrait), building fails with a clear error.
 */
#ifndef TRIDENT_CORE_ANNOTATE_H
#define TRIDENT_CORE_ANNOTATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/error.h"
#include "core/ui.h"

struct strbuf;
struct image;
struct app_info;
struct config;

/* Where numbers are drawn. */
enum annotate_labels {
	ANNOTATE_LABELS_FIRST_OF_ROW, /* Trident: only the first widget of each row */
	ANNOTATE_LABELS_ALL,          /* every widget, placed to avoid overlaps */
};

struct annotate_opts {
	enum annotate_labels labels;
	int row_tolerance;   /* device px: tops closer than this share a row */
	double label_scale;  /* label text height as a fraction of the image's short side */
	int max_widgets;     /* more actionable widgets than this are dropped (bottom-most first) */
};

/* Trident's defaults: first-of-row, 24 px rows, 0.03, 400 widgets. */
void annotate_opts_default(struct annotate_opts *o);
/* From the "annotate" section of a configuration. TD_ERR_CONFIG for a bad label mode. */
int annotate_opts_from_config(const struct config *cfg, struct annotate_opts *o) TD_MUST_CHECK;
/* "first-of-row" / "all" -> the enum; -1 when unknown. */
int annotate_labels_parse(const char *name);
const char *annotate_labels_name(enum annotate_labels labels);

/* The colour of a box for an action set, 0xRRGGBB. */
uint32_t annotate_action_color(unsigned actions);
/* The colour's name as the legend says it ("red"). */
const char *annotate_action_color_name(unsigned actions);
/*
 * The action set as text, e.g. "click", "click,long-click". Writes into `buf`
 * (at least 48 bytes) and returns it.
 */
const char *annotate_action_names(unsigned actions, char *buf, size_t size);

struct annotated_widget {
	int number;                     /* 1-based, as drawn and as listed */
	const struct ui_widget *widget; /* owned by the ui_tree */
	const struct ui_widget *twin;   /* another actionable widget with exactly the same
					 * bounds (e.g. a chip and its inner button), merged
					 * into this entry so one box has one number; or NULL */
	unsigned actions;               /* enum ui_action bits, never 0 */
	struct ui_rect bounds;          /* device px, clipped to the screen */
	int center_x, center_y;         /* device px: where to tap */
	struct ui_rect box;             /* image px, clipped to the image */
	int row;                        /* 0-based row index */
	bool first_of_row;
	bool labelled;                  /* a number is drawn for it */
	struct ui_rect label;           /* image px of the drawn number (when labelled) */
	uint32_t color;                 /* 0xRRGGBB of its box */
};

struct annotation {
	struct annotated_widget *w;  /* ordered by number: w[i].number == i + 1 */
	size_t n;
	int n_rows;
	size_t dropped;              /* actionable widgets over max_widgets, not listed */
	int image_width, image_height;
	double scale;                /* image px per device px */
	struct ui_rect screen;       /* device px covered by the image */
	struct annotate_opts opts;
	char *note;                  /* NULL, or a warning worth showing (size mismatch) */
};

/*
 * Select every actionable widget (ui_widget_actions() != 0 on the part of
 * the screen the image shows; widgets with identical bounds become one entry
 * with the union of their actions, see `twin`), number them top-to-bottom then
 * left-to-right by rows, and work out where they land on an image of
 * `image_width` x `image_height` that shows the whole screenshot of
 * `shot_width` x `shot_height` (the size as captured; 0 x 0 = the XML's
 * extent). No drawing. The annotation points into `tree`, which must outlive
 * it. TD_ERR_INVALID with a clear message when the XML is rotated against
 * the screenshot or a size is not positive. Zero actionable widgets is not an
 * error (n == 0).
 */
int annotation_build(const struct ui_tree *tree, int shot_width, int shot_height,
		     int image_width, int image_height, const struct annotate_opts *opts,
		     struct annotation **out) TD_MUST_CHECK;
void annotation_free(struct annotation *a);

/*
 * Draw the boxes and numbers onto `img` (which must have the size given to
 * annotation_build()) and record each label's rectangle. TD_ERR_INVALID when
 * the size differs.
 */
int annotation_draw(struct annotation *a, struct image *img) TD_MUST_CHECK;

/* The widget numbered `number`, or NULL when there is none. */
const struct annotated_widget *annotation_find(const struct annotation *a, int number);

/*
 * Whether `text` (what the model said widget `number` shows) agrees with
 * that widget: a case-insensitive match, either way round as a substring,
 * against its text, content-desc, hint or resource-id name (or its twin's).
 * Trident's alignment check: a model answer whose number and text disagree
 * is retried. False when there is no such number; true for empty `text`
 * only when the widget has no text of any kind.
 */
bool annotation_text_matches(const struct annotation *a, int number, const char *text);

/* The legend of the image, as the prompt gives it to the model. */
int annotation_legend(const struct annotation *a, struct strbuf *sb) TD_MUST_CHECK;
/*
 * The aligned widget list, one line per widget:
 *   [12] click | text "Sign in" | id sign_in | Button | [48,1500][1032,1620]
 */
int annotation_widget_list(const struct annotation *a, struct strbuf *sb) TD_MUST_CHECK;
/* The annotation as JSON (malloc'd text): image size, scale, widgets with numbers, boxes and labels. */
char *annotation_to_json(const struct annotation *a);

/* The image sent to the model: its size limits and PNG level. */
struct annotate_image_opts {
	int max_long_edge;   /* 0 = no limit */
	int max_short_edge;  /* 0 = no limit */
	int png_level;       /* zlib level 0-9 */
	bool palette;        /* lossy 256-colour PNG, box colours exact (image_encode_png_palette) */
};

/* 1568 / 768 / 1 / palette (see docs/annotation.md for why). */
void annotate_image_opts_default(struct annotate_image_opts *o);
/* From annotate.max_long_edge, max_short_edge, png_level, png_palette. TD_ERR_CONFIG when out of range. */
int annotate_image_opts_from_config(const struct config *cfg, struct annotate_image_opts *o) TD_MUST_CHECK;

/*
 * Encode an annotated picture for a model request as `img_opts` says: the
 * 256-colour palette PNG (the box colours kept exact) by default, or
 * truecolour when png_palette is false; NULL opts = the defaults. *png is
 * malloc'd, the caller's. Errors as image_encode_png().
 */
int annotate_encode_png(const struct image *img, const struct annotate_image_opts *img_opts,
			unsigned char **png, size_t *png_len) TD_MUST_CHECK;

/*
 * One step's whole image path, as the Explorer runs it: downscale the
 * device screenshot `shot` to the model size, number the widgets of `tree`,
 * draw them, and (when `data_uri` is not NULL) encode the picture as PNG
 * (palette or truecolour, per `img_opts`) and base64 it into
 * "data:image/png;base64,...". On success *ann and
 * *annotated (write it to the run directory) are the caller's, and so is
 * *data_uri (free()); on failure all are NULL.
 */
int annotate_screen(const struct ui_tree *tree, const struct image *shot,
		    const struct annotate_opts *opts, const struct annotate_image_opts *img_opts,
		    struct annotation **ann, struct image **annotated, char **data_uri) TD_MUST_CHECK;

/*
 * The app info block of the prompt: name, package, the activities, and the
 * current one (`current_activity` may be NULL). `info` may be NULL (then only
 * the current activity is given).
 */
int annotate_app_info(const struct app_info *info, const char *current_activity,
		      struct strbuf *sb) TD_MUST_CHECK;

#endif
