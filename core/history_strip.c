/*
 * history_strip.c - stitch one functionality's step screenshots into a
 * captioned grid (see history_strip.h). Screenshots are shrunk with the
 * area filter of image.c; Cairo draws the boxes and the captions.
 */
#include "core/history_strip.h"

#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/annotate.h"
#include "core/config.h"
#include "core/image.h"
#include "core/xalloc.h"

/* Smallest cell width worth showing; below it older steps are dropped. */
#define MIN_CELL_WIDTH 96

void history_strip_opts_default(struct history_strip_opts *o)
{
	o->max_pixels = 1150000;
	o->columns = 4;
}

int history_strip_opts_from_config(const struct config *cfg, struct history_strip_opts *o)
{
	history_strip_opts_default(o);
	long long px = config_int(cfg, "annotate.history_max_pixels");
	long long cols = config_int(cfg, "annotate.history_columns");
	if (px < 10000 || px > (long long)IMAGE_MAX_PIXELS)
		return td_error(TD_ERR_CONFIG, "annotate.history_max_pixels: %lld is out of range 10000..%u",
				px, IMAGE_MAX_PIXELS);
	if (cols < 1 || cols > 32)
		return td_error(TD_ERR_CONFIG, "annotate.history_columns: %lld is out of range 1..32", cols);
	o->max_pixels = (long)px;
	o->columns = (int)cols;
	return TD_OK;
}

/* The grid's geometry for a given cell width. */
struct layout {
	int cols, rows;
	int cell_w, shot_h, caption_h, gap;
	double font;
	int width, height;
};

static void layout_for(struct layout *l, int shown, int cols, int cell_w, double aspect)
{
	/* As few rows as `cols` allows, then as few columns as those rows
	 * need: 6 steps at 4 per row become 2 rows of 3, not 4 + 2. */
	l->rows = (shown + cols - 1) / cols;
	l->cols = (shown + l->rows - 1) / l->rows;
	l->cell_w = cell_w;
	l->shot_h = (int)lround(cell_w * aspect);
	l->font = cell_w * 0.055 < 10 ? 10 : cell_w * 0.055;
	l->caption_h = (int)ceil(l->font * 1.3 * 3 + l->font * 0.6);
	l->gap = cell_w / 40 < 4 ? 4 : cell_w / 40;
	l->width = l->cols * (cell_w + l->gap) + l->gap;
	l->height = l->rows * (l->shot_h + l->caption_h + l->gap) + l->gap;
}

static void set_rgb(cairo_t *cr, uint32_t c)
{
	cairo_set_source_rgb(cr, ((c >> 16) & 0xff) / 255.0, ((c >> 8) & 0xff) / 255.0,
			     (c & 0xff) / 255.0);
}

/* Byte length of the longest prefix of `s` (at most `n` bytes) ending on a UTF-8 boundary. */
static size_t utf8_cut(const char *s, size_t n)
{
	while (n && ((unsigned char)s[n] & 0xc0) == 0x80)
		n--;
	return n;
}

/*
 * Draw `text` wrapped into at most `max_lines` lines of width `w` from
 * (x, y) downwards; the last line ends in "..." when text is left over.
 * Returns the y below the last line drawn.
 */
static double draw_wrapped(cairo_t *cr, const char *text, double x, double y, double w,
			   double line_h, int max_lines)
{
	char *buf = xstrdup(text);
	for (char *p = buf; *p; p++)
		if ((unsigned char)*p < 0x20)
			*p = ' ';
	const char *s = buf;
	for (int line = 0; line < max_lines && *s; line++) {
		while (*s == ' ')
			s++;
		size_t len = strlen(s), fit = 0, last_space = 0;
		char tmp[512];
		/* Grow the line word by word (or char by char for one long word). */
		for (size_t i = 1; i <= len && i < sizeof tmp - 4; i++) {
			if (i < len && ((unsigned char)s[i] & 0xc0) == 0x80)
				continue;
			memcpy(tmp, s, i);
			tmp[i] = '\0';
			cairo_text_extents_t ext;
			cairo_text_extents(cr, tmp, &ext);
			if (ext.x_advance > w)
				break;
			fit = i;
			if (i < len && s[i] == ' ')
				last_space = i;
		}
		size_t take = fit;
		if (fit < len && last_space && line + 1 < max_lines)
			take = last_space;
		bool more = take < len;
		if (more && line + 1 == max_lines) {
			/* Make room for the ellipsis. */
			take = fit > 3 ? utf8_cut(s, fit - 3) : 0;
		}
		memcpy(tmp, s, take);
		tmp[take] = '\0';
		if (more && line + 1 == max_lines)
			strcat(tmp, "...");
		cairo_move_to(cr, x, y + line_h * 0.8);
		cairo_show_text(cr, tmp);
		y += line_h;
		s += take;
		if (!take)
			break;
	}
	free(buf);
	return y;
}

int history_strip_build(const struct history_strip_step *steps, size_t n,
			const struct history_strip_opts *opts, struct image **out)
{
	struct history_strip_opts def;
	*out = NULL;
	if (!opts) {
		history_strip_opts_default(&def);
		opts = &def;
	}
	if (!steps || n == 0)
		return td_error(TD_ERR_INVALID, "history strip: no steps");
	int columns = opts->columns > 0 ? opts->columns : 4;
	/* Cell aspect and the widest screenshot (cells never upscale). */
	double aspect = 0;
	int widest = 0;
	for (size_t i = 0; i < n; i++) {
		const struct image *s = steps[i].shot;
		if (!s)
			continue;
		double a = (double)s->height / s->width;
		if (a > aspect)
			aspect = a;
		if (s->width > widest)
			widest = s->width;
	}
	if (aspect <= 0) {
		aspect = 16.0 / 9.0;
		widest = 360;
	}
	if (aspect > 4)
		aspect = 4;
	/* Largest cell width that fits the cap; drop the oldest steps when
	 * even MIN_CELL_WIDTH would not. */
	size_t shown = n;
	struct layout l;
	int cw = 0;
	for (;;) {
		cw = widest < 1080 ? widest : 1080;
		for (;;) {
			layout_for(&l, (int)shown, columns, cw, aspect);
			if ((long long)l.width * l.height <= opts->max_pixels || cw <= 32)
				break;
			double f = sqrt((double)opts->max_pixels / ((double)l.width * l.height));
			int next = (int)(cw * (f < 0.99 ? f : 0.99));
			cw = next < cw ? next : cw - 1;
			if (cw < 32)
				cw = 32;
		}
		bool fits = (long long)l.width * l.height <= opts->max_pixels;
		if (fits && (cw >= MIN_CELL_WIDTH || shown == 1))
			break;
		if (shown == 1)
			return td_error(TD_ERR_INVALID,
					"history strip: a cap of %ld pixels cannot hold even one cell",
					opts->max_pixels);
		shown--;
	}
	size_t first = n - shown;
	struct image *grid = image_new(l.width, l.height);
	if (!grid)
		return td_error(TD_ERR_INVALID, "history strip: bad grid size %dx%d", l.width, l.height);
	cairo_surface_t *surf = cairo_image_surface_create_for_data(
		grid->data, CAIRO_FORMAT_ARGB32, grid->width, grid->height, grid->stride);
	cairo_t *cr = cairo_create(surf);
	set_rgb(cr, 0xe8e8e8);
	cairo_paint(cr);
	double line_w = l.cell_w * 0.012 < 2 ? 2 : round(l.cell_w * 0.012);
	for (size_t k = 0; k < shown; k++) {
		const struct history_strip_step *st = &steps[first + k];
		int col = (int)k % l.cols, row = (int)k / l.cols;
		int x0 = l.gap + col * (l.cell_w + l.gap);
		int y0 = l.gap + row * (l.shot_h + l.caption_h + l.gap);
		/* Cell background, then the screenshot fitted and centred. */
		set_rgb(cr, 0xffffff);
		cairo_rectangle(cr, x0, y0, l.cell_w, l.shot_h + l.caption_h);
		cairo_fill(cr);
		if (st->shot) {
			int tw, th;
			image_fit_size(st->shot->width, st->shot->height, 0, 0, &tw, &th);
			double s = fmin((double)l.cell_w / tw, (double)l.shot_h / th);
			if (s > 1)
				s = 1;
			tw = (int)(tw * s) < 1 ? 1 : (int)(tw * s);
			th = (int)(th * s) < 1 ? 1 : (int)(th * s);
			struct image *small = image_downscale(st->shot, tw, th);
			if (small) {
				int ox = x0 + (l.cell_w - tw) / 2, oy = y0 + (l.shot_h - th) / 2;
				cairo_surface_t *ss = cairo_image_surface_create_for_data(
					small->data, CAIRO_FORMAT_ARGB32, small->width,
					small->height, small->stride);
				cairo_set_source_surface(cr, ss, ox, oy);
				cairo_paint(cr);
				cairo_surface_destroy(ss);
				image_free(small);
				/* The acted-on widget's box in its action colour. */
				if (!ui_rect_empty(&st->box)) {
					int sw = st->screen_width > 0 ? st->screen_width : st->shot->width;
					double bs = (double)tw / sw;
					double bx1 = fmax(st->box.x1 * bs, 0), by1 = fmax(st->box.y1 * bs, 0);
					double bx2 = fmin(st->box.x2 * bs, tw), by2 = fmin(st->box.y2 * bs, th);
					if (bx2 > bx1 && by2 > by1) {
						set_rgb(cr, annotate_action_color(st->actions ? st->actions
											      : UI_ACT_CLICK));
						cairo_set_line_width(cr, line_w);
						double hw = line_w / 2;
						cairo_rectangle(cr, ox + bx1 + hw, oy + by1 + hw,
								fmax(bx2 - bx1 - line_w, 1),
								fmax(by2 - by1 - line_w, 1));
						cairo_stroke(cr);
					}
				}
			}
		} else {
			set_rgb(cr, 0xb0b0b0);
			cairo_rectangle(cr, x0, y0, l.cell_w, l.shot_h);
			cairo_fill(cr);
		}
		/* Caption: "Step N: action", then the page description. */
		double pad = l.font * 0.3, line_h = l.font * 1.3;
		double ty = y0 + l.shot_h + pad;
		char head[600];
		int number = st->number > 0 ? st->number : (int)(first + k) + 1;
		snprintf(head, sizeof head, "Step %d: %s", number,
			 st->action && st->action[0] ? st->action : "(no action)");
		set_rgb(cr, 0x000000);
		cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
				       CAIRO_FONT_WEIGHT_BOLD);
		cairo_set_font_size(cr, l.font);
		ty = draw_wrapped(cr, head, x0 + pad, ty, l.cell_w - 2 * pad, line_h, 1);
		set_rgb(cr, 0x333333);
		cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
				       CAIRO_FONT_WEIGHT_NORMAL);
		if (st->page && st->page[0])
			(void)draw_wrapped(cr, st->page, x0 + pad, ty, l.cell_w - 2 * pad, line_h, 2);
	}
	cairo_destroy(cr);
	cairo_surface_flush(surf);
	cairo_surface_destroy(surf);
	*out = grid;
	return TD_OK;
}
