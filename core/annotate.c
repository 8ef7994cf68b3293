/*
 * annotate.c - numbered, colour-coded boxes on actionable widgets and the
 * aligned prompt text (see annotate.h; Trident section II-A1).
 *
 * Building and drawing are separate so the agents can number widgets and
 * check the model's answers without drawing, and so drawing happens at the
 * model's input size (crisp labels, fewer pixels) rather than on the full
 * screenshot. Cairo is used only in annotation_draw().
 */
#include "core/annotate.h"
#include "core/app_model.h"

#include <cairo.h>
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/config.h"
#include "core/image.h"
#include "core/strbuf.h"
#include "core/xalloc.h"

void annotate_opts_default(struct annotate_opts *o)
{
	o->labels = ANNOTATE_LABELS_FIRST_OF_ROW;
	o->row_tolerance = 24;
	o->label_scale = 0.03;
	o->max_widgets = 400;
}

int annotate_labels_parse(const char *name)
{
	if (!name)
		return -1;
	if (!strcmp(name, "first-of-row"))
		return ANNOTATE_LABELS_FIRST_OF_ROW;
	if (!strcmp(name, "all"))
		return ANNOTATE_LABELS_ALL;
	return -1;
}

const char *annotate_labels_name(enum annotate_labels labels)
{
	return labels == ANNOTATE_LABELS_ALL ? "all" : "first-of-row";
}

int annotate_opts_from_config(const struct config *cfg, struct annotate_opts *o)
{
	annotate_opts_default(o);
	const char *mode = config_string(cfg, "annotate.labels");
	int m = annotate_labels_parse(mode);
	if (m < 0)
		return td_error(TD_ERR_CONFIG, "annotate.labels: '%s' is not first-of-row or all",
				mode ? mode : "null");
	o->labels = (enum annotate_labels)m;
	long long tol = config_int(cfg, "annotate.row_tolerance_px");
	if (tol < 0 || tol > 10000)
		return td_error(TD_ERR_CONFIG, "annotate.row_tolerance_px: %lld is out of range 0..10000", tol);
	o->row_tolerance = (int)tol;
	double ls = config_double(cfg, "annotate.label_scale");
	if (!(ls >= 0.005 && ls <= 0.2))
		return td_error(TD_ERR_CONFIG, "annotate.label_scale: %g is out of range 0.005..0.2", ls);
	o->label_scale = ls;
	long long mw = config_int(cfg, "annotate.max_widgets");
	if (mw < 1 || mw > 100000)
		return td_error(TD_ERR_CONFIG, "annotate.max_widgets: %lld is out of range 1..100000", mw);
	o->max_widgets = (int)mw;
	return TD_OK;
}

/*
 * The actions that decide the colour. Tapping is how one focuses a text
 * field or toggles a checkbox, so a click that comes with input or check is
 * not counted as a second action (the paper's EditText is blue, not green).
 */
static unsigned color_actions(unsigned actions)
{
	if (actions & (UI_ACT_INPUT | UI_ACT_CHECK))
		actions &= ~(unsigned)UI_ACT_CLICK;
	return actions;
}

static bool several(unsigned a)
{
	return a & (a - 1);
}

uint32_t annotate_action_color(unsigned actions)
{
	unsigned a = color_actions(actions);
	if (several(a))
		return 0x00a000;   /* green */
	switch (a) {
	case UI_ACT_CLICK: return 0xe00000;      /* red */
	case UI_ACT_INPUT: return 0x0050ff;      /* blue */
	case UI_ACT_LONG_CLICK: return 0xff8c00; /* orange */
	case UI_ACT_CHECK: return 0xb000d0;      /* purple */
	case UI_ACT_SCROLL: return 0x00a0a0;     /* teal */
	default: return 0x808080;
	}
}

const char *annotate_action_color_name(unsigned actions)
{
	unsigned a = color_actions(actions);
	if (several(a))
		return "green";
	switch (a) {
	case UI_ACT_CLICK: return "red";
	case UI_ACT_INPUT: return "blue";
	case UI_ACT_LONG_CLICK: return "orange";
	case UI_ACT_CHECK: return "purple";
	case UI_ACT_SCROLL: return "teal";
	default: return "grey";
	}
}

const char *annotate_action_names(unsigned actions, char *buf, size_t size)
{
	static const struct { unsigned bit; const char *name; } names[] = {
		{ UI_ACT_CLICK, "click" }, { UI_ACT_INPUT, "input" },
		{ UI_ACT_LONG_CLICK, "long-click" }, { UI_ACT_CHECK, "check" },
		{ UI_ACT_SCROLL, "scroll" },
	};
	size_t len = 0;
	if (!size)
		return buf;
	buf[0] = '\0';
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		if (!(actions & names[i].bit))
			continue;
		int n = snprintf(buf + len, size - len, "%s%s", len ? "," : "", names[i].name);
		if (n < 0 || (size_t)n >= size - len)
			break;
		len += (size_t)n;
	}
	return buf;
}

/* Intersection of two rects (may be empty). */
static struct ui_rect rect_clip(struct ui_rect r, const struct ui_rect *c)
{
	if (r.x1 < c->x1) r.x1 = c->x1;
	if (r.y1 < c->y1) r.y1 = c->y1;
	if (r.x2 > c->x2) r.x2 = c->x2;
	if (r.y2 > c->y2) r.y2 = c->y2;
	if (r.x2 < r.x1) r.x2 = r.x1;
	if (r.y2 < r.y1) r.y2 = r.y1;
	return r;
}

static long long rect_overlap(const struct ui_rect *a, const struct ui_rect *b)
{
	long long w = (long long)(a->x2 < b->x2 ? a->x2 : b->x2) - (a->x1 > b->x1 ? a->x1 : b->x1);
	long long h = (long long)(a->y2 < b->y2 ? a->y2 : b->y2) - (a->y1 > b->y1 ? a->y1 : b->y1);
	return w > 0 && h > 0 ? w * h : 0;
}

static bool rect_contains(const struct ui_rect *outer, const struct ui_rect *inner)
{
	return outer->x1 <= inner->x1 && outer->y1 <= inner->y1 && outer->x2 >= inner->x2 &&
	       outer->y2 >= inner->y2;
}

/* Sort by top, then left, then document order (stable and total). */
static int cmp_top_left(const void *pa, const void *pb)
{
	const struct annotated_widget *a = pa, *b = pb;
	if (a->bounds.y1 != b->bounds.y1)
		return a->bounds.y1 < b->bounds.y1 ? -1 : 1;
	if (a->bounds.x1 != b->bounds.x1)
		return a->bounds.x1 < b->bounds.x1 ? -1 : 1;
	return a->widget->order < b->widget->order ? -1 : a->widget->order > b->widget->order;
}

/* Within a row: left, then top, then document order. */
static int cmp_row_order(const void *pa, const void *pb)
{
	const struct annotated_widget *a = pa, *b = pb;
	if (a->row != b->row)
		return a->row < b->row ? -1 : 1;
	if (a->bounds.x1 != b->bounds.x1)
		return a->bounds.x1 < b->bounds.x1 ? -1 : 1;
	if (a->bounds.y1 != b->bounds.y1)
		return a->bounds.y1 < b->bounds.y1 ? -1 : 1;
	return a->widget->order < b->widget->order ? -1 : a->widget->order > b->widget->order;
}

/* Device px -> image px, rounded outwards-in so 1-px boxes stay visible. */
static int to_image(int v, double scale, int lo, int hi)
{
	long long r = llround(v * scale);
	if (r < lo)
		r = lo;
	if (r > hi)
		r = hi;
	return (int)r;
}

int annotation_build(const struct ui_tree *tree, int shot_width, int shot_height,
		     int image_width, int image_height, const struct annotate_opts *opts,
		     struct annotation **out)
{
	struct annotate_opts def;
	*out = NULL;
	if (!opts) {
		annotate_opts_default(&def);
		opts = &def;
	}
	if (!tree)
		return td_error(TD_ERR_INVALID, "annotate: no UI tree");
	if (image_width <= 0 || image_height <= 0)
		return td_error(TD_ERR_INVALID, "annotate: image size %dx%d is not positive",
				image_width, image_height);
	int xw = tree->screen.x2 > 0 ? tree->screen.x2 : 0;
	int xh = tree->screen.y2 > 0 ? tree->screen.y2 : 0;
	if (shot_width <= 0 || shot_height <= 0) {
		shot_width = xw > 0 ? xw : image_width;
		shot_height = xh > 0 ? xh : image_height;
	}
	char *note = NULL;
	double s0 = 1.0; /* screenshot px per device px */
	if (xw > shot_width || xh > shot_height) {
		bool xml_portrait = xw <= xh, shot_portrait = shot_width <= shot_height;
		if (xml_portrait != shot_portrait && xw > 0 && xh > 0) {
			return td_error(TD_ERR_INVALID,
					"annotate: the XML covers %dx%d (%s) but the screenshot is %dx%d (%s): "
					"the screen rotated between the dump and the screenshot",
					xw, xh, xml_portrait ? "portrait" : "landscape", shot_width,
					shot_height, shot_portrait ? "portrait" : "landscape");
		}
		double sx = (double)shot_width / xw, sy = (double)shot_height / xh;
		s0 = sx < sy ? sx : sy;
		note = xasprintf("the XML covers %dx%d but the screenshot is %dx%d; "
				 "taking the screenshot as scaled by %.3f", xw, xh, shot_width,
				 shot_height, s0);
	} else if (xw > 0 && xh > 0 && (xw < shot_width || xh < shot_height) &&
		   tree->screen.x1 <= 0 && tree->screen.y1 <= 0) {
		note = xasprintf("the XML covers %dx%d of the %dx%d screenshot "
				 "(the rest, e.g. the navigation bar, has no widgets)",
				 xw, xh, shot_width, shot_height);
	}
	struct annotation *a = xcalloc(1, sizeof *a);
	a->opts = *opts;
	a->note = note;
	a->image_width = image_width;
	a->image_height = image_height;
	a->scale = s0 * image_width / shot_width;
	a->screen = (struct ui_rect){ 0, 0, (int)lround(shot_width / s0),
				      (int)lround(shot_height / s0) };

	/* Select. */
	size_t alloc = 0;
	for (size_t i = 0; i < tree->n_nodes; i++) {
		const struct ui_widget *w = tree->nodes[i];
		unsigned act = ui_widget_actions(w, &a->screen);
		if (!act)
			continue;
		struct ui_rect b = rect_clip(w->bounds, &a->screen);
		if (ui_rect_empty(&b))
			continue;
		a->w = xgrow(a->w, &alloc, a->n + 1, sizeof *a->w);
		struct annotated_widget *aw = &a->w[a->n++];
		memset(aw, 0, sizeof *aw);
		aw->widget = w;
		aw->actions = act;
		aw->bounds = b;
		aw->color = annotate_action_color(act);
	}
	/* Merge widgets with identical bounds (adjacent after sorting): one
	 * box, one number, the union of the actions. */
	if (a->n > 1)
		qsort(a->w, a->n, sizeof *a->w, cmp_top_left);
	size_t kept = 0;
	for (size_t i = 0; i < a->n; i++) {
		struct annotated_widget *aw = &a->w[i], *same = NULL;
		/* Same top-left means the same sorted block of kept entries. */
		for (size_t k = kept; k > 0; k--) {
			struct annotated_widget *prev = &a->w[k - 1];
			if (prev->bounds.y1 != aw->bounds.y1 || prev->bounds.x1 != aw->bounds.x1)
				break;
			if (prev->bounds.x2 == aw->bounds.x2 && prev->bounds.y2 == aw->bounds.y2) {
				same = prev;
				break;
			}
		}
		if (same) {
			same->actions |= aw->actions;
			same->color = annotate_action_color(same->actions);
			if (!same->twin)
				same->twin = aw->widget;
			continue;
		}
		a->w[kept++] = *aw;
	}
	a->n = kept;
	/* Rows: a row holds widgets whose top is within the tolerance of the
	 * row's first (top-most) widget. */
	int row = -1, row_top = 0;
	for (size_t i = 0; i < a->n; i++) {
		if (row < 0 || a->w[i].bounds.y1 - row_top > opts->row_tolerance) {
			row++;
			row_top = a->w[i].bounds.y1;
		}
		a->w[i].row = row;
	}
	a->n_rows = row + 1;
	if (a->n > 1)
		qsort(a->w, a->n, sizeof *a->w, cmp_row_order);
	if (opts->max_widgets > 0 && a->n > (size_t)opts->max_widgets) {
		a->dropped = a->n - (size_t)opts->max_widgets;
		a->n = (size_t)opts->max_widgets;
		a->n_rows = a->w[a->n - 1].row + 1;
	}
	for (size_t i = 0; i < a->n; i++) {
		struct annotated_widget *aw = &a->w[i];
		aw->number = (int)i + 1;
		aw->first_of_row = i == 0 || a->w[i - 1].row != aw->row;
		aw->center_x = (int)(((long long)aw->bounds.x1 + aw->bounds.x2) / 2);
		aw->center_y = (int)(((long long)aw->bounds.y1 + aw->bounds.y2) / 2);
		aw->box.x1 = to_image(aw->bounds.x1, a->scale, 0, image_width - 1);
		aw->box.y1 = to_image(aw->bounds.y1, a->scale, 0, image_height - 1);
		aw->box.x2 = to_image(aw->bounds.x2, a->scale, aw->box.x1 + 1, image_width);
		aw->box.y2 = to_image(aw->bounds.y2, a->scale, aw->box.y1 + 1, image_height);
		aw->labelled = opts->labels == ANNOTATE_LABELS_ALL || aw->first_of_row;
	}
	*out = a;
	return TD_OK;
}

void annotation_free(struct annotation *a)
{
	if (!a)
		return;
	free(a->w);
	free(a->note);
	free(a);
}

const struct annotated_widget *annotation_find(const struct annotation *a, int number)
{
	if (!a || number < 1 || (size_t)number > a->n)
		return NULL;
	return &a->w[number - 1];
}

/* Case-insensitive "one contains the other" for non-empty strings. */
static bool loosely_equal(const char *a, const char *b)
{
	if (!a[0] || !b[0])
		return false;
	return strcasestr(a, b) != NULL || strcasestr(b, a) != NULL;
}

/* Whether `text` agrees with one of `w`'s descriptive attributes. */
static bool widget_says(const struct ui_widget *w, const char *text)
{
	const char *id = w->resource_id, *tail = strstr(id, ":id/");
	return loosely_equal(w->text, text) || loosely_equal(w->content_desc, text) ||
	       loosely_equal(w->hint, text) || loosely_equal(tail ? tail + 4 : id, text);
}

bool annotation_text_matches(const struct annotation *a, int number, const char *text)
{
	const struct annotated_widget *aw = annotation_find(a, number);
	if (!aw)
		return false;
	/* Trim the quotes and blanks models like to add. */
	while (text && (*text == ' ' || *text == '"' || *text == '\''))
		text++;
	size_t n = text ? strlen(text) : 0;
	while (n && (text[n - 1] == ' ' || text[n - 1] == '"' || text[n - 1] == '\''))
		n--;
	char *t = xstrndup(text ? text : "", n);
	bool ok;
	if (!t[0]) {
		const struct ui_widget *w = aw->widget, *tw = aw->twin;
		ok = !w->text[0] && !w->content_desc[0] && !w->hint[0] &&
		     (!tw || (!tw->text[0] && !tw->content_desc[0] && !tw->hint[0]));
	} else {
		ok = widget_says(aw->widget, t) || (aw->twin && widget_says(aw->twin, t));
	}
	free(t);
	return ok;
}

/* Box line width and label text size for an image. */
static void draw_metrics(const struct annotation *a, double *line, double *font)
{
	int s = a->image_width < a->image_height ? a->image_width : a->image_height;
	*line = s * 0.004 < 2.0 ? 2.0 : round(s * 0.004);
	*font = s * a->opts.label_scale < 11.0 ? 11.0 : round(s * a->opts.label_scale);
}

/*
 * Cost of putting widget i's label at `r`: leaving the image is worst, then
 * overlapping another label, then (in "all" mode) covering other widgets -
 * those that do not contain widget i, since a container's area is
 * unavoidable. In first-of-row mode labels stay at the row's first box's
 * top-left corner unless that hits another label, so the reader always knows
 * where counting starts.
 */
static long long label_cost(const struct annotation *a, size_t i, const struct ui_rect *r)
{
	long long cost = 0;
	const struct ui_rect *own = &a->w[i].box;
	if (r->x1 < 0 || r->y1 < 0 || r->x2 > a->image_width || r->y2 > a->image_height)
		cost += 1000000000LL;
	for (size_t j = 0; j < a->n; j++) {
		if (j == i)
			continue;
		const struct annotated_widget *o = &a->w[j];
		if (o->labelled && j < i)
			cost += 1000 * rect_overlap(r, &o->label);
		if (a->opts.labels == ANNOTATE_LABELS_ALL && !rect_contains(&o->box, own))
			cost += rect_overlap(r, &o->box);
	}
	return cost;
}

/* Choose label rectangles for every labelled widget (in number order). */
static void place_labels(struct annotation *a, cairo_t *cr, double font)
{
	int h = (int)ceil(font * 1.25);
	int pad = (int)ceil(font * 0.25);
	for (size_t i = 0; i < a->n; i++) {
		struct annotated_widget *aw = &a->w[i];
		if (!aw->labelled)
			continue;
		char num[16];
		snprintf(num, sizeof num, "%d", aw->number);
		cairo_text_extents_t ext;
		cairo_text_extents(cr, num, &ext);
		int w = (int)ceil(ext.x_advance) + 2 * pad;
		const struct ui_rect *b = &aw->box;
		/* Candidates, in order of preference (top-left first, as in Trident). */
		int cand[][2] = {
			{ b->x1, b->y1 },         { b->x1, b->y1 + h },     { b->x1 + w, b->y1 },
			{ b->x1, b->y1 - h },     { b->x1 - w, b->y1 },
			{ b->x2 - w, b->y1 },     { b->x2 - w, b->y1 - h }, { b->x2, b->y1 },
			{ b->x1, b->y2 - h },     { b->x1, b->y2 },         { b->x1 - w, b->y2 - h },
			{ b->x2 - w, b->y2 - h }, { b->x2 - w, b->y2 },     { b->x2, b->y2 - h },
			{ (b->x1 + b->x2 - w) / 2, (b->y1 + b->y2 - h) / 2 },
		};
		size_t nc = sizeof cand / sizeof cand[0];
		struct ui_rect best = { 0 };
		long long best_cost = -1;
		for (size_t c = 0; c < nc; c++) {
			struct ui_rect r = { cand[c][0], cand[c][1], cand[c][0] + w, cand[c][1] + h };
			long long cost = label_cost(a, i, &r) * 16 + (long long)c;
			if (best_cost < 0 || cost < best_cost) {
				best_cost = cost;
				best = r;
			}
		}
		/* Keep it inside the image whatever happened. */
		if (best.x2 > a->image_width) {
			best.x1 -= best.x2 - a->image_width;
			best.x2 = a->image_width;
		}
		if (best.y2 > a->image_height) {
			best.y1 -= best.y2 - a->image_height;
			best.y2 = a->image_height;
		}
		if (best.x1 < 0) {
			best.x2 -= best.x1;
			best.x1 = 0;
		}
		if (best.y1 < 0) {
			best.y2 -= best.y1;
			best.y1 = 0;
		}
		aw->label = best;
	}
}

static void set_rgb(cairo_t *cr, uint32_t c)
{
	cairo_set_source_rgb(cr, ((c >> 16) & 0xff) / 255.0, ((c >> 8) & 0xff) / 255.0,
			     (c & 0xff) / 255.0);
}

/* Draw larger boxes first so that small ones nested in them stay visible. */
static int cmp_area_desc(const void *pa, const void *pb)
{
	const struct annotated_widget *a = *(const struct annotated_widget *const *)pa;
	const struct annotated_widget *b = *(const struct annotated_widget *const *)pb;
	long long aa = (long long)(a->box.x2 - a->box.x1) * (a->box.y2 - a->box.y1);
	long long bb = (long long)(b->box.x2 - b->box.x1) * (b->box.y2 - b->box.y1);
	if (aa != bb)
		return aa > bb ? -1 : 1;
	return a->number - b->number;
}

int annotation_draw(struct annotation *a, struct image *img)
{
	if (!a || !img || img->width != a->image_width || img->height != a->image_height)
		return td_error(TD_ERR_INVALID, "annotate: image is %dx%d but the annotation was built for %dx%d",
				img ? img->width : 0, img ? img->height : 0,
				a ? a->image_width : 0, a ? a->image_height : 0);
	cairo_surface_t *surf = cairo_image_surface_create_for_data(
		img->data, CAIRO_FORMAT_ARGB32, img->width, img->height, img->stride);
	if (cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(surf);
		return td_error(TD_ERR_INVALID, "annotate: cairo cannot use a %dx%d image",
				img->width, img->height);
	}
	cairo_t *cr = cairo_create(surf);
	double line, font;
	draw_metrics(a, &line, &font);
	cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
	cairo_set_font_size(cr, font);
	place_labels(a, cr, font);

	/* Boxes: crisp pixel-aligned strokes inside each box. */
	cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
	const struct annotated_widget **order = xmalloc((a->n ? a->n : 1) * sizeof *order);
	for (size_t i = 0; i < a->n; i++)
		order[i] = &a->w[i];
	if (a->n > 1)
		qsort(order, a->n, sizeof *order, cmp_area_desc);
	for (size_t i = 0; i < a->n; i++) {
		const struct ui_rect *b = &order[i]->box;
		int bw = b->x2 - b->x1, bh = b->y2 - b->y1;
		double lw = line;
		if (lw * 2 > bw)
			lw = bw / 2.0 < 1 ? 1 : floor(bw / 2.0);
		if (lw * 2 > bh)
			lw = bh / 2.0 < 1 ? 1 : floor(bh / 2.0);
		set_rgb(cr, order[i]->color);
		/* Four filled bands: exact pixels, no antialiasing seams. */
		cairo_rectangle(cr, b->x1, b->y1, bw, lw);
		cairo_rectangle(cr, b->x1, b->y2 - lw, bw, lw);
		cairo_rectangle(cr, b->x1, b->y1, lw, bh);
		cairo_rectangle(cr, b->x2 - lw, b->y1, lw, bh);
		cairo_fill(cr);
	}
	free(order);

	/* Labels: a tag in the box colour with the number in white. */
	for (size_t i = 0; i < a->n; i++) {
		const struct annotated_widget *aw = &a->w[i];
		if (!aw->labelled)
			continue;
		const struct ui_rect *r = &aw->label;
		cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
		set_rgb(cr, aw->color);
		cairo_rectangle(cr, r->x1, r->y1, r->x2 - r->x1, r->y2 - r->y1);
		cairo_fill(cr);
		cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT);
		char num[16];
		snprintf(num, sizeof num, "%d", aw->number);
		cairo_text_extents_t ext;
		cairo_text_extents(cr, num, &ext);
		double tx = r->x1 + (r->x2 - r->x1 - ext.x_advance) / 2.0;
		double ty = r->y1 + (r->y2 - r->y1) / 2.0 - (ext.y_bearing + ext.height / 2.0);
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_move_to(cr, tx, ty);
		cairo_show_text(cr, num);
	}
	cairo_destroy(cr);
	cairo_surface_flush(surf);
	cairo_surface_destroy(surf);
	return TD_OK;
}

int annotation_legend(const struct annotation *a, struct strbuf *sb)
{
	int err = strbuf_adds(sb,
		"Legend of the image: every widget you can act on has a box whose colour "
		"is its action: red = click, blue = text input, orange = long-click, "
		"purple = check (checkbox, switch), teal = scroll, green = several actions "
		"(listed for that widget in the widget list). Widgets are numbered top to "
		"bottom, then left to right within a row. ");
	if (err)
		return err;
	if (a && a->opts.labels == ANNOTATE_LABELS_ALL)
		err = strbuf_adds(sb, "Each box carries its number in a tag of the box's colour, "
				      "at a corner of the box or just outside it.\n");
	else
		err = strbuf_adds(sb, "Only the first (left-most) widget of each row carries its "
				      "number, in a tag of the box's colour; count along the row "
				      "for the others.\n");
	return err;
}

/* Append `s` cleaned for one line: control characters become spaces,
 * quotes are escaped, and it is cut to `max` bytes at a UTF-8 boundary. */
static int add_clean(struct strbuf *sb, const char *s, size_t max)
{
	size_t n = strlen(s);
	bool cut = false;
	if (n > max) {
		n = max;
		while (n && ((unsigned char)s[n] & 0xc0) == 0x80)
			n--;
		cut = true;
	}
	int err = TD_OK;
	for (size_t i = 0; i < n && !err; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x20 || c == 0x7f)
			err = strbuf_addch(sb, ' ');
		else if (c == '"' || c == '\\')
			err = strbuf_addf(sb, "\\%c", c);
		else
			err = strbuf_addch(sb, c);
	}
	if (!err && cut)
		err = strbuf_adds(sb, "...");
	return err;
}

/* The class name without its package ("android.widget.Button" -> "Button"). */
static const char *short_class(const char *cls)
{
	const char *dot = strrchr(cls, '.');
	return dot ? dot + 1 : cls;
}

/* The resource id without "package:id/". */
static const char *short_id(const char *id)
{
	const char *slash = strstr(id, ":id/");
	return slash ? slash + 4 : id;
}

/* The widget's attribute, or its twin's when the widget's is empty. */
#define FIELD(aw, f) ((aw)->widget->f[0] || !(aw)->twin ? (aw)->widget->f : (aw)->twin->f)

int annotation_widget_list(const struct annotation *a, struct strbuf *sb)
{
	int err = TD_OK;
	for (size_t i = 0; i < a->n && !err; i++) {
		const struct annotated_widget *aw = &a->w[i];
		const struct ui_widget *w = aw->widget;
		char acts[64];
		err = strbuf_addf(sb, "[%d] %s (%s)", aw->number,
				  annotate_action_names(aw->actions, acts, sizeof acts),
				  annotate_action_color_name(aw->actions));
		const char *text = FIELD(aw, text), *hint = FIELD(aw, hint);
		const char *desc = FIELD(aw, content_desc), *rid = FIELD(aw, resource_id);
		bool password = w->password || (aw->twin && aw->twin->password);
		if (!err && text[0]) {
			err = strbuf_adds(sb, " | text \"");
			if (!err)
				err = add_clean(sb, password ? "(password)" : text, 80);
			if (!err)
				err = strbuf_addch(sb, '"');
		}
		if (!err && hint[0] && strcmp(hint, text)) {
			err = strbuf_adds(sb, " | hint \"");
			if (!err)
				err = add_clean(sb, hint, 60);
			if (!err)
				err = strbuf_addch(sb, '"');
		}
		if (!err && desc[0] && strcmp(desc, text)) {
			err = strbuf_adds(sb, " | desc \"");
			if (!err)
				err = add_clean(sb, desc, 80);
			if (!err)
				err = strbuf_addch(sb, '"');
		}
		if (!err && rid[0]) {
			err = strbuf_adds(sb, " | id ");
			if (!err)
				err = add_clean(sb, short_id(rid), 60);
		}
		if (!err) {
			err = strbuf_adds(sb, " | ");
			if (!err)
				err = add_clean(sb, short_class(w->class_name), 60);
		}
		const struct ui_widget *cw = w->checkable || !aw->twin ? w : aw->twin;
		if (!err && cw->checkable)
			err = strbuf_adds(sb, cw->checked ? " | checked" : " | unchecked");
		if (!err)
			err = strbuf_addf(sb, " | [%d,%d][%d,%d]\n", aw->bounds.x1, aw->bounds.y1,
					  aw->bounds.x2, aw->bounds.y2);
	}
	if (!err && a->dropped)
		err = strbuf_addf(sb, "(%zu more actionable widgets further down are not numbered)\n",
				  a->dropped);
	return err;
}

static cJSON *rect_json(const struct ui_rect *r)
{
	int v[4] = { r->x1, r->y1, r->x2, r->y2 };
	return cJSON_CreateIntArray(v, 4);
}

char *annotation_to_json(const struct annotation *a)
{
	cJSON *root = cJSON_CreateObject();
	cJSON *img = cJSON_AddObjectToObject(root, "image");
	cJSON_AddNumberToObject(img, "width", a->image_width);
	cJSON_AddNumberToObject(img, "height", a->image_height);
	cJSON_AddNumberToObject(root, "scale", a->scale);
	cJSON_AddItemToObject(root, "screen", rect_json(&a->screen));
	cJSON_AddStringToObject(root, "labels", annotate_labels_name(a->opts.labels));
	cJSON_AddNumberToObject(root, "rows", a->n_rows);
	cJSON_AddNumberToObject(root, "dropped", (double)a->dropped);
	if (a->note)
		cJSON_AddStringToObject(root, "note", a->note);
	cJSON *arr = cJSON_AddArrayToObject(root, "widgets");
	for (size_t i = 0; i < a->n; i++) {
		const struct annotated_widget *aw = &a->w[i];
		const struct ui_widget *w = aw->widget;
		cJSON *o = cJSON_CreateObject();
		char acts[64], color[8];
		cJSON_AddNumberToObject(o, "number", aw->number);
		cJSON_AddStringToObject(o, "actions", annotate_action_names(aw->actions, acts, sizeof acts));
		snprintf(color, sizeof color, "#%06x", (unsigned)aw->color);
		cJSON_AddStringToObject(o, "color", color);
		bool password = w->password || (aw->twin && aw->twin->password);
		cJSON_AddStringToObject(o, "text", password ? "" : FIELD(aw, text));
		cJSON_AddStringToObject(o, "hint", FIELD(aw, hint));
		cJSON_AddStringToObject(o, "content_desc", FIELD(aw, content_desc));
		cJSON_AddStringToObject(o, "resource_id", FIELD(aw, resource_id));
		cJSON_AddStringToObject(o, "class", w->class_name);
		cJSON_AddNumberToObject(o, "node", (double)w->order);
		if (aw->twin)
			cJSON_AddNumberToObject(o, "twin_node", (double)aw->twin->order);
		cJSON_AddItemToObject(o, "bounds", rect_json(&aw->bounds));
		int c[2] = { aw->center_x, aw->center_y };
		cJSON_AddItemToObject(o, "center", cJSON_CreateIntArray(c, 2));
		cJSON_AddItemToObject(o, "box", rect_json(&aw->box));
		cJSON_AddNumberToObject(o, "row", aw->row);
		if (aw->labelled)
			cJSON_AddItemToObject(o, "label", rect_json(&aw->label));
		else
			cJSON_AddNullToObject(o, "label");
		cJSON_AddItemToArray(arr, o);
	}
	char *text = cJSON_Print(root);
	cJSON_Delete(root);
	char *copy = xstrdup(text);
	cJSON_free(text);
	return copy;
}

/* "com.x.notes.EditActivity" -> ".EditActivity" when in package `pkg`. */
static const char *short_activity(const char *name, const char *pkg)
{
	size_t n = pkg ? strlen(pkg) : 0;
	if (n && !strncmp(name, pkg, n) && name[n] == '.')
		return name + n;
	return name;
}

int annotate_app_info(const struct app_info *info, const char *current_activity,
		      struct strbuf *sb)
{
	int err = TD_OK;
	const char *pkg = info ? info->package : NULL;
	if (info) {
		err = strbuf_adds(sb, "App name: ");
		if (!err)
			err = add_clean(sb, info->label && info->label[0] ? info->label :
					    (pkg ? pkg : "unknown"), 80);
		if (!err && pkg)
			err = strbuf_addf(sb, " (package %s)", pkg);
		if (!err)
			err = strbuf_adds(sb, "\nActivities:");
		size_t shown = info->n_activities < 60 ? info->n_activities : 60;
		for (size_t i = 0; i < shown && !err; i++) {
			err = strbuf_adds(sb, i ? ", " : " ");
			if (!err)
				err = add_clean(sb, short_activity(info->activities[i].name, pkg), 120);
		}
		if (!err && info->n_activities > shown)
			err = strbuf_addf(sb, ", and %zu more", info->n_activities - shown);
		if (!err && !info->n_activities)
			err = strbuf_adds(sb, " (unknown)");
		if (!err)
			err = strbuf_addch(sb, '\n');
	}
	if (!err) {
		err = strbuf_adds(sb, "Current activity: ");
		if (!err) {
			const char *cur = current_activity && current_activity[0] ? current_activity
										  : "unknown";
			const char *slash = strchr(cur, '/');
			/* "pkg/.Act" and "pkg/pkg.Act" both print as ".Act". */
			if (slash && pkg && !strncmp(cur, pkg, (size_t)(slash - cur)) &&
			    strlen(pkg) == (size_t)(slash - cur))
				cur = slash[1] == '.' ? slash + 1 : short_activity(slash + 1, pkg);
			else
				cur = short_activity(cur, pkg);
			err = add_clean(sb, cur, 160);
		}
		if (!err)
			err = strbuf_addch(sb, '\n');
	}
	return err;
}

void annotate_image_opts_default(struct annotate_image_opts *o)
{
	o->max_long_edge = 1568;
	o->max_short_edge = 768;
	o->png_level = 1;
	o->palette = true;
}

int annotate_image_opts_from_config(const struct config *cfg, struct annotate_image_opts *o)
{
	annotate_image_opts_default(o);
	long long lo = config_int(cfg, "annotate.max_long_edge");
	long long sh = config_int(cfg, "annotate.max_short_edge");
	long long lv = config_int(cfg, "annotate.png_level");
	if (lo < 0 || lo > IMAGE_MAX_SIDE)
		return td_error(TD_ERR_CONFIG, "annotate.max_long_edge: %lld is out of range 0..%d",
				lo, IMAGE_MAX_SIDE);
	if (sh < 0 || sh > IMAGE_MAX_SIDE)
		return td_error(TD_ERR_CONFIG, "annotate.max_short_edge: %lld is out of range 0..%d",
				sh, IMAGE_MAX_SIDE);
	if (lv < 0 || lv > 9)
		return td_error(TD_ERR_CONFIG, "annotate.png_level: %lld is out of range 0..9", lv);
	o->max_long_edge = (int)lo;
	o->max_short_edge = (int)sh;
	o->png_level = (int)lv;
	o->palette = config_bool(cfg, "annotate.png_palette");
	return TD_OK;
}

int annotate_encode_png(const struct image *img, const struct annotate_image_opts *img_opts,
			unsigned char **png, size_t *png_len)
{
	/* Every colour the annotation draws, kept exact in a palette. */
	static const uint32_t exact[] = { 0xe00000, 0x0050ff, 0xff8c00, 0xb000d0,
					  0x00a0a0, 0x00a000, 0x808080, 0xffffff };
	struct annotate_image_opts def;
	if (!img_opts) {
		annotate_image_opts_default(&def);
		img_opts = &def;
	}
	return img_opts->palette
		? image_encode_png_palette(img, img_opts->png_level, exact, sizeof exact / sizeof exact[0],
					   png, png_len)
		: image_encode_png(img, img_opts->png_level, png, png_len);
}

int annotate_screen(const struct ui_tree *tree, const struct image *shot,
		    const struct annotate_opts *opts, const struct annotate_image_opts *img_opts,
		    struct annotation **ann, struct image **annotated, char **data_uri)
{
	struct annotate_image_opts def;
	struct annotation *a = NULL;
	struct image *img = NULL;
	unsigned char *png = NULL;
	size_t png_len = 0;
	int err;

	*ann = NULL;
	*annotated = NULL;
	if (data_uri)
		*data_uri = NULL;
	if (!img_opts) {
		annotate_image_opts_default(&def);
		img_opts = &def;
	}
	if (!shot)
		return td_error(TD_ERR_INVALID, "annotate: no screenshot");
	int w, h;
	image_fit_size(shot->width, shot->height, img_opts->max_long_edge, img_opts->max_short_edge,
		       &w, &h);
	img = image_downscale(shot, w, h);
	if (!img)
		return td_error(TD_ERR_INVALID, "annotate: cannot scale a %dx%d screenshot to %dx%d",
				shot->width, shot->height, w, h);
	if ((err = annotation_build(tree, shot->width, shot->height, w, h, opts, &a)) ||
	    (err = annotation_draw(a, img)))
		goto out;
	if (data_uri) {
		if ((err = annotate_encode_png(img, img_opts, &png, &png_len)))
			goto out;
		static const char prefix[] = "data:image/png;base64,";
		size_t b64_len;
		char *b64 = image_base64(png, png_len, &b64_len);
		char *uri = xmalloc(sizeof prefix + b64_len);
		memcpy(uri, prefix, sizeof prefix - 1);
		memcpy(uri + sizeof prefix - 1, b64, b64_len + 1);
		free(b64);
		*data_uri = uri;
	}
	*ann = a;
	*annotated = img;
	a = NULL;
	img = NULL;
out:
	free(png);
	annotation_free(a);
	image_free(img);
	return err;
}
