/*
 * sim_render.c - Cairo drawing of a simulated screen (see sim_render.h).
 *
 * The look is the MaterialComponents baseline an Android Studio template
 * app has: purple app bar (#6200EE) under a darker status bar, teal
 * secondary colour for checkboxes, switches, sliders and the FAB, white
 * surfaces, grey dividers. Sizes are in dp, taken from the layout's status
 * bar (24 dp tall; the simulator lays out at 2.625 px/dp like a Pixel) or
 * else the short screen side / 411. Text uses Cairo's toy API with "DejaVu
 * Sans Condensed" (fonts-dejavu-core) in sp = dp: its widths are close to
 * Roboto's, which the layout's text measure assumes.
 *
 * The tree is drawn in order (parent, then children), each view clipped to
 * its bounds, so later siblings (scrim, dialog, toast) cover earlier ones
 * as on a phone.
 *
 * PNG encoding goes through image.c's libpng encoder (image_encode_png_rows)
 * as 8-bit RGBA with zlib level 1 and no row filter. Measured with
 * bench/bench_sim_render on a busy 1080x2400 screen (draw + encode, median
 * of 15; absolute times vary with machine load): 19-40 ms and 125 KB,
 * against 62-125 ms and 76 KB for cairo_surface_write_to_png_stream (zlib
 * level 6, adaptive filters), i.e. 3-4 times faster. In the same run as the
 * 40 ms, SUB filter + Z_RLE gave 55 ms, UP + Z_RLE 61 ms, level 6 with all
 * filters 190 ms. Flat UI colours compress well without filters, and
 * filtering costs more time than it saves. sim_render_png_cairo is kept for
 * the comparison.
 */
#include "device/sim/sim_render.h"

#include <cairo.h>
#include <ctype.h>
#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"

/* sim_render_raw's frame is Cairo's ARGB32 memory, which is BGRA only on a
 * little-endian host. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "sim_render_raw writes Cairo's ARGB32 words as BGRA_8888: little-endian hosts only"
#endif
#include "core/image.h"
#include "core/xalloc.h"

#define FONT_FAMILY "DejaVu Sans Condensed"
#define MAX_SIDE 8192
#define MAX_DEPTH 64

struct rgb {
	double r, g, b;
};

#define HEX(h) { (((h) >> 16) & 0xff) / 255.0, (((h) >> 8) & 0xff) / 255.0, ((h) & 0xff) / 255.0 }

static const struct rgb C_PRIMARY = HEX(0x6200EE);
static const struct rgb C_PRIMARY_DARK = HEX(0x3700B3);
static const struct rgb C_SECONDARY = HEX(0x018786);
static const struct rgb C_FAB = HEX(0x03DAC5);
static const struct rgb C_WHITE = HEX(0xFFFFFF);
static const struct rgb C_TEXT = HEX(0x212121);
static const struct rgb C_TEXT_2 = HEX(0x757575);
static const struct rgb C_HINT = HEX(0x9E9E9E);
static const struct rgb C_DIVIDER = HEX(0xE0E0E0);
static const struct rgb C_UNDERLINE = HEX(0x8A8A8A);
static const struct rgb C_IMAGE_BG = HEX(0xE8E8E8);
static const struct rgb C_IMAGE_FG = HEX(0xB0B0B0);
static const struct rgb C_TOAST = HEX(0x323232);
static const struct rgb C_BLACK = HEX(0x000000);

enum align { ALIGN_LEFT, ALIGN_CENTER, ALIGN_RIGHT };

/* Drawing state for one screen. */
struct painter {
	cairo_t *cr;
	double dp;        /* pixels per dp (and per sp) */
	bool home_screen; /* the launcher is in front: wallpaper, see-through status bar */
};

/* Where a view sits, for colours: on a dark surface text turns white. */
struct place {
	bool on_dark;
	bool home;        /* on the launcher's workspace */
	enum sim_view_kind parent;
	int clip_top, clip_bottom; /* the scrolling viewport the view sits in */
	int depth;        /* 0 for the root */
};

enum icon {
	ICON_NONE,
	ICON_BACK,
	ICON_MENU,
	ICON_MORE,
	ICON_SEARCH,
	ICON_ADD,
	ICON_CLOSE,
	ICON_CHECK,
	ICON_DELETE,
	ICON_EDIT,
	ICON_SETTINGS,
	ICON_SHARE,
	ICON_HOME,
	ICON_PERSON,
	ICON_STAR,
	ICON_LIST,
	ICON_REFRESH,
	ICON_SORT,
	ICON_INFO,
	ICON_CART,
	ICON_PLAY,
	ICON_PAUSE,
	ICON_HEART,
	ICON_CALENDAR,
	ICON_CHART,
	ICON_PREV,
	ICON_NEXT,
	ICON_LIBRARY,
	ICON_RECEIPT,
	ICON_MUSIC,
};

/* Keyword -> icon, matched case-insensitively against desc/text/id. */
static const struct {
	const char *word;
	enum icon icon;
} icon_words[] = {
	{ "navigate up", ICON_BACK }, { "back", ICON_BACK }, { "up", ICON_BACK },
	{ "more", ICON_MORE }, { "overflow", ICON_MORE }, { "options", ICON_MORE },
	{ "menu", ICON_MENU }, { "drawer", ICON_MENU },
	{ "search", ICON_SEARCH }, { "find", ICON_SEARCH },
	{ "add", ICON_ADD }, { "new", ICON_ADD }, { "create", ICON_ADD }, { "plus", ICON_ADD },
	{ "close", ICON_CLOSE }, { "cancel", ICON_CLOSE }, { "clear", ICON_CLOSE },
	{ "done", ICON_CHECK }, { "save", ICON_CHECK }, { "check", ICON_CHECK }, { "ok", ICON_CHECK },
	{ "delete", ICON_DELETE }, { "remove", ICON_DELETE }, { "trash", ICON_DELETE },
	{ "edit", ICON_EDIT }, { "rename", ICON_EDIT }, { "compose", ICON_EDIT }, { "note", ICON_EDIT },
	{ "setting", ICON_SETTINGS }, { "preference", ICON_SETTINGS },
	{ "share", ICON_SHARE },
	{ "home", ICON_HOME },
	{ "profile", ICON_PERSON }, { "account", ICON_PERSON }, { "person", ICON_PERSON },
	{ "contact", ICON_PERSON }, { "user", ICON_PERSON }, { "me", ICON_PERSON },
	{ "favorite", ICON_STAR }, { "favourite", ICON_STAR }, { "star", ICON_STAR },
	{ "like", ICON_HEART }, { "heart", ICON_HEART },
	{ "list", ICON_LIST }, { "task", ICON_LIST }, { "checklist", ICON_LIST }, { "item", ICON_LIST },
	{ "history", ICON_LIST }, { "inbox", ICON_LIST }, { "feed", ICON_LIST },
	{ "refresh", ICON_REFRESH }, { "reload", ICON_REFRESH }, { "sync", ICON_REFRESH },
	{ "sort", ICON_SORT }, { "filter", ICON_SORT },
	{ "info", ICON_INFO }, { "about", ICON_INFO }, { "help", ICON_INFO },
	{ "cart", ICON_CART }, { "shop", ICON_CART }, { "store", ICON_CART }, { "buy", ICON_CART },
	{ "play", ICON_PLAY }, { "pause", ICON_PAUSE }, { "stop", ICON_PAUSE },
	{ "previous", ICON_PREV }, { "prev", ICON_PREV }, { "rewind", ICON_PREV },
	{ "next", ICON_NEXT }, { "skip", ICON_NEXT }, { "forward", ICON_NEXT },
	{ "library", ICON_LIBRARY }, { "album", ICON_LIBRARY }, { "collection", ICON_LIBRARY },
	{ "order", ICON_RECEIPT }, { "receipt", ICON_RECEIPT }, { "invoice", ICON_RECEIPT },
	{ "music", ICON_MUSIC }, { "song", ICON_MUSIC }, { "track", ICON_MUSIC },
	{ "calendar", ICON_CALENDAR }, { "date", ICON_CALENDAR }, { "event", ICON_CALENDAR },
	{ "stat", ICON_CHART }, { "chart", ICON_CHART }, { "report", ICON_CHART },
	{ "budget", ICON_CHART }, { "summary", ICON_CHART },
};

static const char *str_or_empty(const char *s)
{
	return s ? s : "";
}

/* Does `word` occur in `s` as a whole word (case-insensitive)? */
static bool has_word(const char *s, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = s; *p; p++) {
		if (strncasecmp(p, word, n) != 0)
			continue;
		bool start = p == s || !isalnum((unsigned char)p[-1]);
		bool end = !isalnum((unsigned char)p[n]) || (n > 3 && isalpha((unsigned char)p[n]));
		if (start && end)
			return true;
	}
	return false;
}

/* Pick an icon for a view from its content-desc, text or resource-id. */
static enum icon icon_for(const struct sim_view *v, enum icon fallback)
{
	const char *fields[3] = { str_or_empty(v->content_desc), str_or_empty(v->text),
				  str_or_empty(v->resource_id) };
	for (int f = 0; f < 3; f++) {
		const char *s = fields[f];
		if (f == 2) { /* "pkg:id/name": only the name */
			const char *slash = strrchr(s, '/');
			s = slash ? slash + 1 : s;
		}
		for (size_t i = 0; i < sizeof icon_words / sizeof icon_words[0]; i++)
			if (has_word(s, icon_words[i].word))
				return icon_words[i].icon;
	}
	return fallback;
}

/* A copy of `s` that is valid UTF-8 without control characters (Cairo
 * refuses invalid strings and would stop drawing). */
static char *clean_text(const char *s, bool upper)
{
	size_t n = strlen(str_or_empty(s));
	char *out = xmalloc(n + 1);
	const unsigned char *p = (const unsigned char *)str_or_empty(s);
	size_t o = 0;
	while (*p) {
		unsigned c = *p;
		size_t len = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3
			: (c & 0xF8) == 0xF0 ? 4 : 0;
		bool ok = len > 0;
		for (size_t i = 1; ok && i < len; i++)
			ok = (p[i] & 0xC0) == 0x80;
		if (ok && len == 2 && c < 0xC2)
			ok = false;
		if (!ok) {
			out[o++] = '?';
			p++;
			continue;
		}
		if (len == 1) {
			out[o++] = c == '\n' ? '\n' : (c < 0x20 || c == 0x7f) ? ' '
				: upper ? (char)toupper((int)c) : (char)c;
		} else {
			memcpy(out + o, p, len);
			o += len;
		}
		p += len;
	}
	out[o] = '\0';
	return out;
}

static void set_rgb(cairo_t *cr, struct rgb c)
{
	cairo_set_source_rgb(cr, c.r, c.g, c.b);
}

static void set_rgba(cairo_t *cr, struct rgb c, double a)
{
	cairo_set_source_rgba(cr, c.r, c.g, c.b, a);
}

static void set_font(struct painter *p, double size, bool bold)
{
	cairo_select_font_face(p->cr, FONT_FAMILY, CAIRO_FONT_SLANT_NORMAL,
			       bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(p->cr, size < 1 ? 1 : size);
}

static void rounded_rect(cairo_t *cr, double x, double y, double w, double h, double r)
{
	if (w <= 0 || h <= 0)
		return;
	if (r > w / 2)
		r = w / 2;
	if (r > h / 2)
		r = h / 2;
	cairo_new_sub_path(cr);
	cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2, 0);
	cairo_arc(cr, x + w - r, y + h - r, r, 0, M_PI / 2);
	cairo_arc(cr, x + r, y + h - r, r, M_PI / 2, M_PI);
	cairo_arc(cr, x + r, y + r, r, M_PI, 3 * M_PI / 2);
	cairo_close_path(cr);
}

/* Fill a rectangle with the current source. */
static void fill_rect(cairo_t *cr, double x, double y, double w, double h)
{
	cairo_rectangle(cr, x, y, w, h);
	cairo_fill(cr);
}

/* Fill a circle with the current source. */
static void fill_circle(cairo_t *cr, double cx, double cy, double r)
{
	cairo_arc(cr, cx, cy, r, 0, 2 * M_PI);
	cairo_fill(cr);
}

/* Add the segment (x0, y0)-(x1, y1) to the path. */
static void segment(cairo_t *cr, double x0, double y0, double x1, double y1)
{
	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x1, y1);
}

/* Bytes in the first UTF-8 character of a non-empty `s`. */
static size_t first_char_len(const char *s)
{
	size_t l = 1;
	while (s[l] && ((unsigned char)s[l] & 0xC0) == 0x80)
		l++;
	return l;
}

static double text_width(cairo_t *cr, const char *s)
{
	cairo_text_extents_t te;
	cairo_text_extents(cr, s, &te);
	return te.x_advance;
}

/* Length of the longest prefix of `s` (whole UTF-8 characters) that fits in
 * `max_w` with `suffix` appended. */
static size_t fit_prefix(cairo_t *cr, const char *s, size_t len, const char *suffix, double max_w)
{
	char *tmp = xmalloc(len + strlen(suffix) + 1);
	size_t lo = 0, hi = len;
	while (lo < hi) {
		size_t mid = (lo + hi + 1) / 2;
		while (mid > lo && ((unsigned char)s[mid] & 0xC0) == 0x80)
			mid--;
		if (mid == lo) {
			/* step forward to the next character boundary */
			mid = lo + 1;
			while (mid < hi && ((unsigned char)s[mid] & 0xC0) == 0x80)
				mid++;
		}
		memcpy(tmp, s, mid);
		strcpy(tmp + mid, suffix);
		if (text_width(cr, tmp) <= max_w)
			lo = mid;
		else if (mid == hi)
			hi = mid - 1 > lo ? mid - 1 : lo;
		else
			hi = mid - 1;
		while (hi > lo && ((unsigned char)s[hi] & 0xC0) == 0x80)
			hi--;
	}
	free(tmp);
	return lo;
}

/* One line of text whose vertical centre is `cy`, ellipsised to `max_w`. */
static void draw_line(struct painter *p, const char *s, size_t len, double x, double cy,
		      double max_w, enum align align)
{
	cairo_t *cr = p->cr;
	if (max_w <= 0 || len == 0)
		return;
	char *line = xstrndup(s, len);
	if (text_width(cr, line) > max_w) {
		size_t keep = fit_prefix(cr, s, len, "\xE2\x80\xA6", max_w);
		free(line);
		line = xmalloc(keep + 4);
		memcpy(line, s, keep);
		strcpy(line + keep, "\xE2\x80\xA6");
	}
	cairo_font_extents_t fe;
	cairo_font_extents(cr, &fe);
	double w = text_width(cr, line);
	double tx = align == ALIGN_LEFT ? x : align == ALIGN_CENTER ? x + (max_w - w) / 2 : x + max_w - w;
	double baseline = cy + (fe.ascent - fe.descent) / 2;
	cairo_move_to(cr, tx, baseline);
	cairo_show_text(cr, line);
	free(line);
}

/* draw_line() for a label as it comes from the view tree (cleaned first). */
static void show_line(struct painter *p, const char *label, bool upper, double x, double cy, double max_w,
		      enum align align)
{
	char *t = clean_text(label, upper);
	draw_line(p, t, strlen(t), x, cy, max_w, align);
	free(t);
}

/*
 * Word-wrap a label (cleaned first) into the box and draw as many lines as
 * fit, the block centred vertically. The last visible line is ellipsised
 * when text remains.
 */
static void draw_wrapped(struct painter *p, const char *label, double x, double y, double w, double h,
			 enum align align)
{
	cairo_t *cr = p->cr;
	char *s = clean_text(label, false);
	cairo_font_extents_t fe;
	cairo_font_extents(cr, &fe);
	double line_h = fe.height * 1.05;
	int max_lines = (int)(h / line_h);
	if (max_lines < 1)
		max_lines = 1;
	size_t n = strlen(s);
	size_t starts[64], lens[64];
	int lines = 0;
	size_t pos = 0;
	bool more = false;
	while (pos < n && lines < 64) {
		if (lines == max_lines) {
			more = true;
			break;
		}
		size_t end = pos;
		while (end < n && s[end] != '\n')
			end++;
		size_t fit = fit_prefix(cr, s + pos, end - pos, "", w);
		if (fit < end - pos) {
			size_t brk = fit;
			while (brk > 0 && s[pos + brk] != ' ')
				brk--;
			if (brk > 0)
				fit = brk;
			if (fit == 0) {
				fit = 1;
				while (pos + fit < end && ((unsigned char)s[pos + fit] & 0xC0) == 0x80)
					fit++;
			}
		}
		starts[lines] = pos;
		lens[lines] = fit;
		lines++;
		pos += fit;
		while (pos < n && s[pos] == ' ')
			pos++;
		if (pos < n && s[pos] == '\n' && pos == end)
			pos++;
	}
	double block = lines * line_h;
	double y0 = y + (h - block) / 2;
	for (int i = 0; i < lines; i++) {
		double cy = y0 + line_h * (i + 0.5);
		if (i == lines - 1 && more) {
			/* force the ellipsis: append the rest and let draw_line cut */
			draw_line(p, s + starts[i], n - starts[i], x, cy, w, align);
			break;
		}
		draw_line(p, s + starts[i], lens[i], x, cy, w, align);
	}
	free(s);
}

/* ----- icons, drawn on a 24x24 grid centred at (cx, cy) ----- */

static void icon_star_path(cairo_t *cr)
{
	for (int i = 0; i < 10; i++) {
		double a = -M_PI / 2 + i * M_PI / 5;
		double r = i % 2 ? 4.2 : 10;
		if (i == 0)
			cairo_move_to(cr, r * cos(a), r * sin(a) + 1);
		else
			cairo_line_to(cr, r * cos(a), r * sin(a) + 1);
	}
	cairo_close_path(cr);
}

static void draw_icon(struct painter *p, enum icon icon, double cx, double cy, double size, struct rgb c,
		      const char *letter_from)
{
	cairo_t *cr = p->cr;
	if (size <= 1)
		return;
	cairo_save(cr);
	cairo_translate(cr, cx, cy);
	cairo_scale(cr, size / 24.0, size / 24.0);
	set_rgb(cr, c);
	cairo_set_line_width(cr, 2);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	switch (icon) {
	case ICON_BACK:
		segment(cr, 8, 0, -8, 0);
		segment(cr, 0, -8, -8, 0);
		cairo_line_to(cr, 0, 8);
		cairo_stroke(cr);
		break;
	case ICON_MENU:
		for (int i = -1; i <= 1; i++)
			segment(cr, -9, i * 6, 9, i * 6);
		cairo_stroke(cr);
		break;
	case ICON_MORE:
		for (int i = -1; i <= 1; i++) {
			cairo_new_sub_path(cr);
			cairo_arc(cr, 0, i * 6, 2, 0, 2 * M_PI);
		}
		cairo_fill(cr);
		break;
	case ICON_SEARCH:
		cairo_arc(cr, -2.5, -2.5, 6, 0, 2 * M_PI);
		segment(cr, 2, 2, 9, 9);
		cairo_stroke(cr);
		break;
	case ICON_ADD:
		segment(cr, -8, 0, 8, 0);
		segment(cr, 0, -8, 0, 8);
		cairo_stroke(cr);
		break;
	case ICON_CLOSE:
		segment(cr, -7, -7, 7, 7);
		segment(cr, 7, -7, -7, 7);
		cairo_stroke(cr);
		break;
	case ICON_CHECK:
		cairo_move_to(cr, -8, 0);
		cairo_line_to(cr, -3, 5);
		cairo_line_to(cr, 8, -6);
		cairo_stroke(cr);
		break;
	case ICON_DELETE:
		cairo_rectangle(cr, -6, -5, 12, 14);
		segment(cr, -9, -6, 9, -6);
		cairo_move_to(cr, -3, -6);
		cairo_line_to(cr, -3, -9);
		cairo_line_to(cr, 3, -9);
		cairo_line_to(cr, 3, -6);
		segment(cr, -2, -1, -2, 5);
		segment(cr, 2, -1, 2, 5);
		cairo_stroke(cr);
		break;
	case ICON_EDIT:
		cairo_set_line_width(cr, 4);
		segment(cr, -5, 5, 6, -6);
		cairo_stroke(cr);
		cairo_move_to(cr, -9, 9);
		cairo_line_to(cr, -8, 4);
		cairo_line_to(cr, -4, 8);
		cairo_close_path(cr);
		cairo_fill(cr);
		break;
	case ICON_SETTINGS:
		for (int i = 0; i < 8; i++) {
			double a = i * M_PI / 4;
			cairo_save(cr);
			cairo_rotate(cr, a);
			cairo_rectangle(cr, -2, -10, 4, 4);
			cairo_restore(cr);
		}
		cairo_fill(cr);
		cairo_set_line_width(cr, 3);
		cairo_arc(cr, 0, 0, 6, 0, 2 * M_PI);
		cairo_stroke(cr);
		cairo_set_line_width(cr, 2);
		cairo_arc(cr, 0, 0, 2, 0, 2 * M_PI);
		cairo_stroke(cr);
		break;
	case ICON_SHARE:
		cairo_move_to(cr, 6, -7);
		cairo_line_to(cr, -6, 0);
		cairo_line_to(cr, 6, 7);
		cairo_stroke(cr);
		fill_circle(cr, 6, -7, 3);
		fill_circle(cr, -6, 0, 3);
		fill_circle(cr, 6, 7, 3);
		break;
	case ICON_HOME:
		cairo_move_to(cr, -10, 0);
		cairo_line_to(cr, 0, -9);
		cairo_line_to(cr, 10, 0);
		cairo_move_to(cr, -7, -2);
		cairo_line_to(cr, -7, 9);
		cairo_line_to(cr, 7, 9);
		cairo_line_to(cr, 7, -2);
		cairo_move_to(cr, -2, 9);
		cairo_line_to(cr, -2, 3);
		cairo_line_to(cr, 2, 3);
		cairo_line_to(cr, 2, 9);
		cairo_stroke(cr);
		break;
	case ICON_PERSON:
		fill_circle(cr, 0, -4, 4.5);
		cairo_move_to(cr, -9, 9);
		cairo_curve_to(cr, -9, 1, 9, 1, 9, 9);
		cairo_close_path(cr);
		cairo_fill(cr);
		break;
	case ICON_STAR:
		icon_star_path(cr);
		cairo_fill(cr);
		break;
	case ICON_HEART:
		cairo_move_to(cr, 0, 9);
		cairo_curve_to(cr, -14, -1, -6, -12, 0, -4);
		cairo_curve_to(cr, 6, -12, 14, -1, 0, 9);
		cairo_fill(cr);
		break;
	case ICON_LIST:
		for (int i = -1; i <= 1; i++) {
			fill_circle(cr, -8, i * 6, 1.6);
			segment(cr, -4, i * 6, 9, i * 6);
			cairo_stroke(cr);
		}
		break;
	case ICON_REFRESH:
		cairo_arc(cr, 0, 0, 7.5, -M_PI / 3, 3 * M_PI / 2);
		cairo_stroke(cr);
		cairo_move_to(cr, 7, -10);
		cairo_line_to(cr, 7, -3);
		cairo_line_to(cr, 0, -5);
		cairo_close_path(cr);
		cairo_fill(cr);
		break;
	case ICON_SORT:
		segment(cr, -9, -6, 9, -6);
		segment(cr, -9, 0, 3, 0);
		segment(cr, -9, 6, -3, 6);
		cairo_stroke(cr);
		break;
	case ICON_INFO:
		cairo_arc(cr, 0, 0, 9.5, 0, 2 * M_PI);
		cairo_stroke(cr);
		segment(cr, 0, -1, 0, 5);
		cairo_stroke(cr);
		fill_circle(cr, 0, -5, 1.4);
		break;
	case ICON_CART:
		cairo_move_to(cr, -10, -8);
		cairo_line_to(cr, -7, -8);
		cairo_line_to(cr, -4, 4);
		cairo_line_to(cr, 7, 4);
		cairo_line_to(cr, 9, -4);
		cairo_line_to(cr, -6, -4);
		cairo_stroke(cr);
		fill_circle(cr, -3, 8, 1.8);
		fill_circle(cr, 6, 8, 1.8);
		break;
	case ICON_PLAY:
		cairo_move_to(cr, -6, -9);
		cairo_line_to(cr, 9, 0);
		cairo_line_to(cr, -6, 9);
		cairo_close_path(cr);
		cairo_fill(cr);
		break;
	case ICON_PAUSE:
		cairo_rectangle(cr, -7, -8, 4.5, 16);
		cairo_rectangle(cr, 2.5, -8, 4.5, 16);
		cairo_fill(cr);
		break;
	case ICON_CALENDAR:
		cairo_rectangle(cr, -9, -7, 18, 16);
		segment(cr, -9, -2, 9, -2);
		segment(cr, -4, -10, -4, -6);
		segment(cr, 4, -10, 4, -6);
		cairo_stroke(cr);
		break;
	case ICON_CHART:
		cairo_rectangle(cr, -8, 0, 4, 8);
		cairo_rectangle(cr, -2, -8, 4, 16);
		cairo_rectangle(cr, 4, -3, 4, 11);
		cairo_fill(cr);
		break;
	case ICON_PREV:
	case ICON_NEXT:
		if (icon == ICON_NEXT)
			cairo_scale(cr, -1, 1);
		cairo_rectangle(cr, -8, -7, 2.5, 14);
		cairo_move_to(cr, 8, -7);
		cairo_line_to(cr, -4, 0);
		cairo_line_to(cr, 8, 7);
		cairo_close_path(cr);
		cairo_fill(cr);
		break;
	case ICON_LIBRARY:
		cairo_rectangle(cr, -5, -9, 14, 14);
		cairo_move_to(cr, -9, -5);
		cairo_line_to(cr, -9, 9);
		cairo_line_to(cr, 5, 9);
		cairo_stroke(cr);
		fill_circle(cr, 1, 1, 2);
		cairo_move_to(cr, 3, 1);
		cairo_line_to(cr, 3, -6);
		cairo_line_to(cr, 6, -6);
		cairo_stroke(cr);
		break;
	case ICON_RECEIPT:
		cairo_move_to(cr, -7, -10);
		cairo_line_to(cr, 7, -10);
		cairo_line_to(cr, 7, 10);
		cairo_line_to(cr, 4, 8);
		cairo_line_to(cr, 1, 10);
		cairo_line_to(cr, -2, 8);
		cairo_line_to(cr, -5, 10);
		cairo_line_to(cr, -7, 8);
		cairo_close_path(cr);
		segment(cr, -3, -5, 3, -5);
		segment(cr, -3, -1, 3, -1);
		segment(cr, -3, 3, 1, 3);
		cairo_stroke(cr);
		break;
	case ICON_MUSIC:
		fill_circle(cr, -4, 6, 3.5);
		cairo_move_to(cr, -0.5, 6);
		cairo_line_to(cr, -0.5, -9);
		cairo_curve_to(cr, 3, -7, 7, -6, 7, -2);
		cairo_stroke(cr);
		break;
	case ICON_NONE: {
		/* a circle with the label's first letter */
		cairo_arc(cr, 0, 0, 10, 0, 2 * M_PI);
		cairo_stroke(cr);
		char *t = clean_text(letter_from, true);
		if (t[0]) {
			t[first_char_len(t)] = '\0';
			cairo_select_font_face(cr, FONT_FAMILY, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
			cairo_set_font_size(cr, 12);
			cairo_text_extents_t te;
			cairo_text_extents(cr, t, &te);
			cairo_move_to(cr, -te.x_bearing - te.width / 2, -te.y_bearing - te.height / 2);
			cairo_show_text(cr, t);
		}
		free(t);
		break;
	}
	}
	cairo_restore(cr);
}

/* ----- views ----- */

static double vw(const struct sim_view *v)
{
	return v->x2 - v->x1;
}

static double vh(const struct sim_view *v)
{
	return v->y2 - v->y1;
}

static double min_d(double a, double b)
{
	return a < b ? a : b;
}

static double max_d(double a, double b)
{
	return a > b ? a : b;
}

/* What a view shows as its label: its text, else its content description. */
static const char *view_label(const struct sim_view *v)
{
	return v->text && v->text[0] ? v->text : v->content_desc;
}

/* Opacity of a control's colours: Material dims disabled ones to 38%. */
static double enabled_alpha(const struct sim_view *v)
{
	return v->enabled ? 1 : 0.38;
}

/* A progress bar's or slider's value clamped to 0..100. */
static int view_percent(const struct sim_view *v)
{
	return v->value < 0 ? 0 : v->value > 100 ? 100 : v->value;
}

/* Fill the view's whole bounds with the current source. */
static void fill_view(cairo_t *cr, const struct sim_view *v)
{
	fill_rect(cr, v->x1, v->y1, vw(v), vh(v));
}

/* A disc of colour `c` over its soft shadow one dp lower (FAB, app icon, switch knob). */
static void shadowed_disc(struct painter *p, double cx, double cy, double r, struct rgb c)
{
	set_rgba(p->cr, C_BLACK, 0.25);
	fill_circle(p->cr, cx, cy + p->dp, r);
	set_rgb(p->cr, c);
	fill_circle(p->cr, cx, cy, r);
}

/* A button's or tab's label: upper case, centred in the box less 8 dp each side. */
static void draw_caps_label(struct painter *p, const char *label, double x, double y, double w, double h)
{
	show_line(p, label, true, x + 8 * p->dp, y + h / 2, w - 16 * p->dp, ALIGN_CENTER);
}

/* Text colour for a view's label in its place. */
static void set_text_color(struct painter *p, const struct sim_view *v, const struct place *pl)
{
	if (pl->on_dark)
		set_rgba(p->cr, C_WHITE, enabled_alpha(v));
	else
		set_rgba(p->cr, C_TEXT, v->enabled ? 0.87 / 0.87 : 0.38);
}

static void draw_status_bar(struct painter *p, const struct sim_view *v, const struct place *pl)
{
	cairo_t *cr = p->cr;
	double h = vh(v), dp = p->dp;
	if (p->home_screen)
		set_rgba(cr, C_BLACK, 0.18);
	else
		set_rgb(cr, C_PRIMARY_DARK);
	fill_view(cr, v);
	double cy = v->y1 + h / 2;
	set_rgb(cr, C_WHITE);
	set_font(p, min_d(14 * dp, h * 0.6), true);
	show_line(p, v->text && v->text[0] ? v->text : "12:00", false, v->x1 + 16 * dp, cy, vw(v) / 3, ALIGN_LEFT);
	double s = min_d(16 * dp, h * 0.6);
	/* battery */
	double bx = v->x2 - 16 * dp - s * 0.55, by = cy - s / 2;
	cairo_set_line_width(cr, max_d(1, s / 12));
	cairo_rectangle(cr, bx, by + s * 0.1, s * 0.55, s * 0.9);
	cairo_stroke(cr);
	cairo_rectangle(cr, bx + s * 0.17, by, s * 0.21, s * 0.1);
	fill_rect(cr, bx + s * 0.08, by + s * 0.3, s * 0.39, s * 0.62);
	/* signal triangle */
	double sx = bx - 8 * dp - s;
	cairo_move_to(cr, sx, by + s);
	cairo_line_to(cr, sx + s, by + s);
	cairo_line_to(cr, sx + s, by);
	cairo_close_path(cr);
	cairo_fill(cr);
	/* wifi fan */
	double wx = sx - 6 * dp - s / 2, wy = by + s;
	cairo_move_to(cr, wx, wy);
	cairo_arc(cr, wx, wy, s, -3 * M_PI / 4, -M_PI / 4);
	cairo_close_path(cr);
	cairo_fill(cr);
}

/* The x where a bar's title starts: after a navigation icon, if any. */
static double title_left(const struct sim_view *v, double dp, double *right)
{
	double left = v->x1 + 16 * dp;
	*right = v->x2 - 16 * dp;
	for (size_t i = 0; i < v->n_children; i++) {
		const struct sim_view *c = v->children[i];
		if (!c || c->kind == SIM_VIEW_TEXT)
			continue;
		if (c->x1 < v->x1 + (v->x2 - v->x1) / 4)
			left = max_d(left, c->x2 + 16 * dp);
		else
			*right = min_d(*right, c->x1 - 8 * dp);
	}
	return left;
}

static bool has_text_child(const struct sim_view *v)
{
	for (size_t i = 0; i < v->n_children; i++)
		if (v->children[i] && v->children[i]->text && v->children[i]->text[0])
			return true;
	return false;
}

static void draw_app_bar(struct painter *p, const struct sim_view *v, const struct place *pl)
{
	cairo_t *cr = p->cr;
	double dp = p->dp;
	set_rgb(cr, C_PRIMARY);
	fill_view(cr, v);
	/* the elevation shadow, inside the bar's last dp */
	set_rgba(cr, C_BLACK, 0.18);
	fill_rect(cr, v->x1, v->y2 - dp, vw(v), dp);
	if (!v->text || !v->text[0] || has_text_child(v))
		return;
	double right;
	double left = title_left(v, dp, &right);
	set_rgb(cr, C_WHITE);
	set_font(p, min_d(20 * dp, vh(v) * 0.45), true);
	show_line(p, v->text, false, left, v->y1 + vh(v) / 2, right - left, ALIGN_LEFT);
}

static bool is_workspace(const struct sim_view *v)
{
	return v->kind == SIM_VIEW_FRAME && v->resource_id && strstr(v->resource_id, ":id/workspace");
}

/* The launcher's wallpaper. */
static void draw_wallpaper(struct painter *p, const struct sim_view *v)
{
	cairo_pattern_t *g = cairo_pattern_create_linear(v->x1, v->y1, v->x2, v->y2);
	cairo_pattern_add_color_stop_rgb(g, 0, 0.10, 0.14, 0.36);
	cairo_pattern_add_color_stop_rgb(g, 0.6, 0.16, 0.40, 0.55);
	cairo_pattern_add_color_stop_rgb(g, 1, 0.35, 0.65, 0.62);
	cairo_set_source(p->cr, g);
	cairo_paint(p->cr);
	cairo_pattern_destroy(g);
}

/* A plain container: white at the root, the wallpaper on the launcher. */
static void draw_container(struct painter *p, const struct sim_view *v, const struct place *pl)
{
	if (is_workspace(v) || (pl->depth == 0 && p->home_screen)) {
		draw_wallpaper(p, v);
	} else if (pl->depth == 0) {
		set_rgb(p->cr, C_WHITE);
		cairo_paint(p->cr);
	}
}

/* An app icon on the home screen: a coloured disc with the initial, label under it. */
static void draw_launcher_icon(struct painter *p, const struct sim_view *v)
{
	double dp = p->dp;
	const char *label = view_label(v);
	unsigned hash = 5381;
	for (const char *c = str_or_empty(label); *c; c++)
		hash = hash * 33 + (unsigned char)*c;
	static const struct rgb palette[] = { HEX(0x6200EE), HEX(0x018786), HEX(0xE65100),
					      HEX(0x2E7D32), HEX(0x1565C0), HEX(0xC2185B) };
	double d = min_d(56 * dp, min_d(vw(v) * 0.7, vh(v) * 0.6));
	double cx = v->x1 + vw(v) / 2, cy = v->y1 + d / 2 + 4 * dp;
	shadowed_disc(p, cx, cy, d / 2, palette[hash % (sizeof palette / sizeof palette[0])]);
	char *t = clean_text(label, false);
	if (t[0]) {
		size_t l = first_char_len(t);
		char first[8] = { 0 };
		memcpy(first, t, l < 7 ? l : 7);
		for (char *c = first; *c; c++)
			*c = (char)toupper((unsigned char)*c);
		set_font(p, d * 0.45, true);
		set_rgb(p->cr, C_WHITE);
		draw_line(p, first, strlen(first), cx - d / 2, cy, d, ALIGN_CENTER);
		set_font(p, min_d(13 * dp, vh(v) * 0.16), false);
		draw_line(p, t, strlen(t), v->x1, cy + d / 2 + 14 * dp, vw(v), ALIGN_CENTER);
	}
	free(t);
}

static void draw_text_view(struct painter *p, const struct sim_view *v, const struct place *pl)
{
	if (pl->home && v->clickable) {
		draw_launcher_icon(p, v);
		return;
	}
	if (!v->text || !v->text[0])
		return;
	double dp = p->dp;
	const char *rid = str_or_empty(v->resource_id);
	size_t rl = strlen(rid);
	bool dialog_title = pl->parent == SIM_VIEW_DIALOG && rl >= 10 && strcmp(rid + rl - 10, "alertTitle") == 0;
	bool title = pl->parent == SIM_VIEW_APP_BAR || dialog_title;
	double size = min_d(title ? 20 * dp : 16 * dp, vh(v) * 0.72);
	set_font(p, size, title);
	set_text_color(p, v, pl);
	if (!pl->on_dark && v->selected)
		set_rgb(p->cr, C_PRIMARY);
	draw_wrapped(p, v->text, v->x1, v->y1, vw(v), vh(v), ALIGN_LEFT);
}

static void draw_button(struct painter *p, const struct sim_view *v, const struct place *pl)
{
	cairo_t *cr = p->cr;
	double dp = p->dp;
	double inset = min_d(4 * dp, vh(v) / 8);
	double x = v->x1 + dp, y = v->y1 + inset, w = vw(v) - 2 * dp, h = vh(v) - 2 * inset;
	if (v->enabled) {
		set_rgba(cr, C_BLACK, 0.22);
		rounded_rect(cr, x, y + dp, w, h, 4 * dp);
		cairo_fill(cr);
		set_rgb(cr, C_PRIMARY);
	} else {
		set_rgba(cr, C_BLACK, 0.12);
	}
	rounded_rect(cr, x, y, w, h - (v->enabled ? dp : 0), 4 * dp);
	cairo_fill(cr);
	set_font(p, min_d(14 * dp, h * 0.45), true);
	if (v->enabled)
		set_rgb(cr, C_WHITE);
	else
		set_rgba(cr, C_BLACK, 0.38);
	draw_caps_label(p, view_label(v), x, y, w, h);
}

static void draw_text_button(struct painter *p, const struct sim_view *v, const struct place *pl)
{
	set_font(p, min_d(14 * p->dp, vh(v) * 0.45), true);
	if (pl->on_dark)
		set_rgba(p->cr, C_WHITE, v->enabled ? 1 : 0.5);
	else if (v->enabled)
		set_rgb(p->cr, C_PRIMARY);
	else
		set_rgba(p->cr, C_BLACK, 0.38);
	draw_caps_label(p, view_label(v), v->x1, v->y1, vw(v), vh(v));
}

static void draw_image_button(struct painter *p, const struct sim_view *v, const struct place *pl)
{
	double size = min_d(24 * p->dp, min_d(vw(v), vh(v)) * 0.6);
	struct rgb c = pl->on_dark ? C_WHITE : C_TEXT_2;
	if (v->selected || v->checked)
		c = pl->on_dark ? C_WHITE : C_PRIMARY;
	const char *name = v->content_desc && v->content_desc[0] ? v->content_desc : v->text;
	draw_icon(p, icon_for(v, ICON_NONE), v->x1 + vw(v) / 2, v->y1 + vh(v) / 2, size, c, name);
}

/* Number of UTF-8 characters in s. */
static size_t utf8_chars(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		if (((unsigned char)*s & 0xC0) != 0x80)
			n++;
	return n;
}

static void draw_edit_text(struct painter *p, const struct sim_view *v, const struct place *pl)
{
	cairo_t *cr = p->cr;
	double dp = p->dp;
	double line_y = v->y2 - min_d(8 * dp, vh(v) / 6);
	bool focused = v->focused;
	/* filled text field background, like Material's FilledBox */
	set_rgba(cr, C_BLACK, 0.04);
	rounded_rect(cr, v->x1, v->y1, vw(v), line_y - v->y1 + 4 * dp, 4 * dp);
	cairo_fill(cr);
	fill_rect(cr, v->x1, line_y - dp * 2, vw(v), 4 * dp);
	if (focused)
		set_rgb(cr, C_PRIMARY);
	else
		set_rgb(cr, C_UNDERLINE);
	double lw = focused ? 2 * dp : dp;
	fill_rect(cr, v->x1, line_y - lw / 2, vw(v), lw);
	bool have_text = v->text && v->text[0];
	char *t;
	if (have_text && v->password) {
		size_t n = utf8_chars(v->text);
		if (n > 256)
			n = 256;
		t = xmalloc(n * 3 + 1);
		for (size_t i = 0; i < n; i++)
			memcpy(t + 3 * i, "\xE2\x80\xA2", 3);
		t[n * 3] = '\0';
	} else {
		t = clean_text(have_text ? v->text : v->hint, false);
	}
	for (char *c = t; *c; c++)
		if (*c == '\n')
			*c = ' ';
	double x = v->x1 + 12 * dp, w = vw(v) - 24 * dp;
	double cy = v->y1 + (line_y - v->y1) / 2;
	set_font(p, min_d(16 * dp, (line_y - v->y1) * 0.6), false);
	if (have_text)
		set_rgba(cr, C_BLACK, v->enabled ? 0.87 : 0.38);
	else
		set_rgb(cr, C_HINT);
	draw_line(p, t, strlen(t), x, cy, w, ALIGN_LEFT);
	if (focused) {
		double tw = have_text ? min_d(text_width(cr, t), w) : 0;
		cairo_font_extents_t fe;
		cairo_font_extents(cr, &fe);
		set_rgb(cr, C_PRIMARY);
		fill_rect(cr, x + tw + dp, cy - fe.ascent / 2 - dp, 2 * dp / 1.5 + 0.5, fe.ascent + 2 * dp);
	}
	free(t);
}

/* A compound button's label to the right of (or left of) its control. */
static void draw_label(struct painter *p, const struct sim_view *v, const struct place *pl, double x, double w)
{
	if (!v->text || !v->text[0] || w <= 0)
		return;
	set_font(p, min_d(16 * p->dp, vh(v) * 0.5), false);
	set_text_color(p, v, pl);
	draw_wrapped(p, v->text, x, v->y1, w, vh(v), ALIGN_LEFT);
}

static void draw_checkbox(struct painter *p, const struct sim_view *v, const struct place *pl)
{
	cairo_t *cr = p->cr;
	double dp = p->dp;
	double s = min_d(18 * dp, vh(v) * 0.7);
	double bx = v->x1 + min_d(12 * dp, vw(v) / 8), by = v->y1 + (vh(v) - s) / 2;
	double alpha = enabled_alpha(v);
	if (v->checked) {
		set_rgba(cr, C_SECONDARY, alpha);
		rounded_rect(cr, bx, by, s, s, 2 * dp);
		cairo_fill(cr);
		set_rgb(cr, C_WHITE);
		cairo_set_line_width(cr, 2 * dp);
		cairo_move_to(cr, bx + s * 0.2, by + s * 0.52);
		cairo_line_to(cr, bx + s * 0.42, by + s * 0.74);
		cairo_line_to(cr, bx + s * 0.8, by + s * 0.3);
		cairo_stroke(cr);
	} else {
		set_rgba(cr, C_TEXT_2, alpha);
		cairo_set_line_width(cr, 2 * dp);
		rounded_rect(cr, bx + dp, by + dp, s - 2 * dp, s - 2 * dp, 2 * dp);
		cairo_stroke(cr);
	}
	double lx = bx + s + 16 * dp;
	draw_label(p, v, pl, lx, v->x2 - lx - 4 * dp);
}

static void draw_switch(struct painter *p, const struct sim_view *v, const struct place *pl)
{
	cairo_t *cr = p->cr;
	double dp = p->dp;
	double th = min_d(14 * dp, vh(v) * 0.4), tw = th * 2.45, r = th * 0.72;
	double tx = v->x2 - tw - max_d(r, 8 * dp), ty = v->y1 + (vh(v) - th) / 2;
	set_rgba(cr, v->checked ? C_SECONDARY : C_HINT, 0.5 * enabled_alpha(v));
	rounded_rect(cr, tx, ty, tw, th, th / 2);
	cairo_fill(cr);
	double kx = v->checked ? tx + tw - th / 2 : tx + th / 2;
	shadowed_disc(p, kx, ty + th / 2, r, v->checked ? C_SECONDARY : (struct rgb)HEX(0xF1F1F1));
	draw_label(p, v, pl, v->x1, tx - v->x1 - 12 * dp);
}

static void draw_list_row(struct painter *p, const struct sim_view *v, const struct place *pl)
{
	cairo_t *cr = p->cr;
	double dp = p->dp;
	if (v->selected || v->checked) {
		set_rgba(cr, C_PRIMARY, 0.08);
		fill_view(cr, v);
	}
	/* an inset divider: 16 dp in from both edges, as the row's content */
	set_rgb(cr, C_DIVIDER);
	fill_rect(cr, v->x1 + 16 * dp, v->y2 - max_d(1, dp * 0.5), max_d(0, vw(v) - 32 * dp), max_d(1, dp * 0.5));
	if (v->n_children > 0 || !v->text || !v->text[0])
		return;
	double x = v->x1 + 16 * dp, w = vw(v) - 32 * dp;
	if (!strchr(v->text, '\n')) {
		set_font(p, min_d(16 * dp, vh(v) * 0.45), false);
		set_text_color(p, v, pl);
		show_line(p, v->text, false, x, v->y1 + vh(v) / 2, w, ALIGN_LEFT);
		return;
	}
	/* two lines: the first, and the rest on one line in the secondary colour */
	char *t = clean_text(v->text, false);
	char *second = strchr(t, '\n');
	*second++ = '\0';
	for (char *c = second; *c; c++)
		if (*c == '\n')
			*c = ' ';
	double h = vh(v);
	set_font(p, min_d(16 * dp, h * 0.3), false);
	set_rgb(cr, C_TEXT);
	draw_line(p, t, strlen(t), x, v->y1 + h * 0.36, w, ALIGN_LEFT);
	set_font(p, min_d(14 * dp, h * 0.26), false);
	set_rgb(cr, C_TEXT_2);
	draw_line(p, second, strlen(second), x, v->y1 + h * 0.66, w, ALIGN_LEFT);
	free(t);
}

static void draw_tabs(struct painter *p, const struct sim_view *v, const struct place *pl)
{
	set_rgb(p->cr, C_PRIMARY);
	fill_view(p->cr, v);
}

static void draw_tab(struct painter *p, const struct sim_view *v, const struct place *pl)
{
	bool sel = v->selected || v->checked;
	set_font(p, min_d(14 * p->dp, vh(v) * 0.35), true);
	set_rgba(p->cr, C_WHITE, sel ? 1 : 0.7);
	draw_caps_label(p, view_label(v), v->x1, v->y1, vw(v), vh(v));
	if (sel) {
		set_rgb(p->cr, C_WHITE);
		fill_rect(p->cr, v->x1, v->y2 - 2 * p->dp, vw(v), 2 * p->dp);
	}
}

static void draw_bottom_nav(struct painter *p, const struct sim_view *v, const struct place *pl)
{
	cairo_t *cr = p->cr;
	set_rgb(cr, C_WHITE);
	fill_view(cr, v);
	set_rgba(cr, C_BLACK, 0.12);
	fill_rect(cr, v->x1, v->y1, vw(v), max_d(1, p->dp * 0.75));
}

static void draw_nav_item(struct painter *p, const struct sim_view *v, const struct place *pl)
{
	double dp = p->dp;
	bool sel = v->selected || v->checked;
	struct rgb c = sel ? C_PRIMARY : C_TEXT_2;
	const char *label = view_label(v);
	double h = vh(v);
	double icon = min_d(24 * dp, h * 0.42);
	bool has_label = label && label[0];
	double icy = has_label ? v->y1 + h * 0.38 : v->y1 + h / 2;
	draw_icon(p, icon_for(v, ICON_NONE), v->x1 + vw(v) / 2, icy, icon, c, label);
	if (!has_label)
		return;
	set_font(p, min_d((sel ? 14 : 12) * dp, h * 0.22), sel);
	set_rgb(p->cr, c);
	show_line(p, label, false, v->x1 + 2 * dp, v->y1 + h * 0.76, vw(v) - 4 * dp, ALIGN_CENTER);
}

/* The dim layer behind a dialog. */
static void draw_scrim(struct painter *p, const struct sim_view *v, const struct place *pl)
{
	set_rgba(p->cr, C_BLACK, 0.32);
	cairo_paint(p->cr);
}

static void draw_dialog(struct painter *p, const struct sim_view *v, const struct place *pl)
{
	cairo_t *cr = p->cr;
	double dp = p->dp;
	set_rgb(cr, C_WHITE);
	rounded_rect(cr, v->x1, v->y1, vw(v), vh(v), 4 * dp);
	cairo_fill(cr);
	if (!v->text || !v->text[0] || has_text_child(v))
		return;
	set_font(p, min_d(20 * dp, vh(v) * 0.2), true);
	set_rgba(cr, C_BLACK, 0.87);
	show_line(p, v->text, false, v->x1 + 24 * dp, v->y1 + 36 * dp, vw(v) - 48 * dp, ALIGN_LEFT);
}

static void draw_toast(struct painter *p, const struct sim_view *v, const struct place *pl)
{
	cairo_t *cr = p->cr;
	double dp = p->dp;
	set_rgba(cr, C_TOAST, 0.94);
	rounded_rect(cr, v->x1, v->y1, vw(v), vh(v), min_d(vh(v) / 2, 24 * dp));
	cairo_fill(cr);
	set_font(p, min_d(14 * dp, vh(v) * 0.4), false);
	set_rgb(cr, C_WHITE);
	draw_wrapped(p, view_label(v), v->x1 + 16 * dp, v->y1, vw(v) - 32 * dp, vh(v), ALIGN_CENTER);
}

static void draw_image(struct painter *p, const struct sim_view *v, const struct place *pl)
{
	cairo_t *cr = p->cr;
	double w = vw(v), h = vh(v);
	set_rgb(cr, C_IMAGE_BG);
	fill_view(cr, v);
	double s = min_d(w, h) * 0.6;
	double cx = v->x1 + w / 2, cy = v->y1 + h / 2;
	set_rgb(cr, C_IMAGE_FG);
	/* mountains and a sun */
	cairo_move_to(cr, cx - s / 2, cy + s / 3);
	cairo_line_to(cr, cx - s / 6, cy - s / 6);
	cairo_line_to(cr, cx + s / 12, cy + s / 8);
	cairo_line_to(cr, cx + s / 4, cy - s / 24);
	cairo_line_to(cr, cx + s / 2, cy + s / 3);
	cairo_close_path(cr);
	cairo_fill(cr);
	fill_circle(cr, cx + s / 4, cy - s / 4, s / 10);
}

static void draw_fab(struct painter *p, const struct sim_view *v, const struct place *pl)
{
	double dp = p->dp;
	double d = min_d(vw(v), vh(v)) - 2 * dp;
	double cx = v->x1 + vw(v) / 2, cy = v->y1 + vh(v) / 2;
	shadowed_disc(p, cx, cy, d / 2, C_FAB);
	draw_icon(p, icon_for(v, ICON_ADD), cx, cy, min_d(24 * dp, d * 0.45), C_BLACK, v->content_desc);
}

static void draw_progress(struct painter *p, const struct sim_view *v, const struct place *pl)
{
	cairo_t *cr = p->cr;
	double dp = p->dp;
	double w = vw(v), h = vh(v);
	if (w < 2 * h) {
		double r = min_d(w, h) / 2 - 4 * dp;
		if (r <= 0)
			return;
		set_rgb(cr, C_PRIMARY);
		cairo_set_line_width(cr, max_d(1, 4 * dp));
		cairo_arc(cr, v->x1 + w / 2, v->y1 + h / 2, r, -M_PI / 2, M_PI);
		cairo_stroke(cr);
		return;
	}
	double th = min_d(4 * dp, h), y = v->y1 + (h - th) / 2;
	set_rgba(cr, C_PRIMARY, 0.25);
	fill_rect(cr, v->x1, y, w, th);
	set_rgb(cr, C_PRIMARY);
	fill_rect(cr, v->x1, y, w * view_percent(v) / 100.0, th);
}

static void draw_seekbar(struct painter *p, const struct sim_view *v, const struct place *pl)
{
	cairo_t *cr = p->cr;
	double dp = p->dp;
	double h = vh(v);
	double r = min_d(8 * dp, h / 2 - dp);
	if (r < 1)
		r = 1;
	double x0 = v->x1 + max_d(16 * dp, r), x1 = v->x2 - max_d(16 * dp, r);
	if (x1 <= x0)
		return;
	double cy = v->y1 + h / 2, kx = x0 + (x1 - x0) * view_percent(v) / 100.0;
	double alpha = enabled_alpha(v);
	set_rgba(cr, C_SECONDARY, 0.3 * alpha);
	fill_rect(cr, x0, cy - dp, x1 - x0, 2 * dp);
	set_rgba(cr, C_SECONDARY, alpha);
	fill_rect(cr, x0, cy - 1.5 * dp, kx - x0, 3 * dp);
	fill_circle(cr, kx, cy, r);
}

/* The soft keyboard's window: Gboard's light grey panel. */
static void draw_ime(struct painter *p, const struct sim_view *v, const struct place *pl)
{
	static const struct rgb C_IME_BG = HEX(0xE8EAED);
	set_rgb(p->cr, C_IME_BG);
	fill_view(p->cr, v);
}

/* One key: a white rounded cap with its label. */
static void draw_ime_key(struct painter *p, const struct sim_view *v, const struct place *pl)
{
	cairo_t *cr = p->cr;
	set_rgb(cr, C_WHITE);
	rounded_rect(cr, v->x1, v->y1, vw(v), vh(v), 6 * p->dp);
	cairo_fill(cr);
	set_font(p, min_d(20 * p->dp, vh(v) * 0.45), false);
	set_rgba(cr, C_BLACK, 0.87);
	show_line(p, v->text, false, v->x1, v->y1 + vh(v) / 2, vw(v), ALIGN_CENTER);
}

/* Draws one view's own look (not its children), inside its bounds. */
typedef void (*view_drawer)(struct painter *p, const struct sim_view *v, const struct place *pl);

static const view_drawer drawers[] = {
	[SIM_VIEW_FRAME] = draw_container,
	[SIM_VIEW_LIST] = draw_container,
	[SIM_VIEW_STATUS_BAR] = draw_status_bar,
	[SIM_VIEW_APP_BAR] = draw_app_bar,
	[SIM_VIEW_TEXT] = draw_text_view,
	[SIM_VIEW_BUTTON] = draw_button,
	[SIM_VIEW_TEXT_BUTTON] = draw_text_button,
	[SIM_VIEW_IMAGE_BUTTON] = draw_image_button,
	[SIM_VIEW_EDIT_TEXT] = draw_edit_text,
	[SIM_VIEW_CHECKBOX] = draw_checkbox,
	[SIM_VIEW_SWITCH] = draw_switch,
	[SIM_VIEW_LIST_ROW] = draw_list_row,
	[SIM_VIEW_TABS] = draw_tabs,
	[SIM_VIEW_TAB] = draw_tab,
	[SIM_VIEW_BOTTOM_NAV] = draw_bottom_nav,
	[SIM_VIEW_NAV_ITEM] = draw_nav_item,
	[SIM_VIEW_SCRIM] = draw_scrim,
	[SIM_VIEW_DIALOG] = draw_dialog,
	[SIM_VIEW_TOAST] = draw_toast,
	[SIM_VIEW_IMAGE] = draw_image,
	[SIM_VIEW_FAB] = draw_fab,
	[SIM_VIEW_PROGRESS] = draw_progress,
	[SIM_VIEW_SEEKBAR] = draw_seekbar,
	[SIM_VIEW_IME] = draw_ime,
	[SIM_VIEW_IME_KEY] = draw_ime_key,
};

static bool kind_is_dark_surface(enum sim_view_kind k)
{
	return k == SIM_VIEW_STATUS_BAR || k == SIM_VIEW_APP_BAR || k == SIM_VIEW_TABS ||
	       k == SIM_VIEW_TOAST || k == SIM_VIEW_BUTTON;
}

/*
 * A view cut by the edge of its scrolling viewport (the dump's bounds are
 * the visible part) is drawn at a plausible full height and clipped, so a
 * half-visible list row shows the top of normal-size text rather than tiny
 * text squeezed into the visible strip.
 */
static struct sim_view unclipped(const struct painter *p, const struct sim_view *v, const struct place *pl)
{
	struct sim_view full = *v;
	bool leaf_like = v->kind != SIM_VIEW_FRAME && v->kind != SIM_VIEW_LIST && v->kind != SIM_VIEW_SCRIM &&
			 v->kind != SIM_VIEW_DIALOG && v->kind != SIM_VIEW_STATUS_BAR;
	int want = (int)((v->kind == SIM_VIEW_LIST_ROW ? 56 : 48) * p->dp);
	if (!leaf_like || vh(v) >= want)
		return full;
	if (v->y2 >= pl->clip_bottom && v->y1 > pl->clip_top)
		full.y2 = v->y1 + want;
	else if (v->y1 <= pl->clip_top && v->y2 < pl->clip_bottom)
		full.y1 = v->y2 - want;
	return full;
}

static void draw_view(struct painter *p, const struct sim_view *v, const struct place *pl)
{
	cairo_t *cr = p->cr;
	if (!v || pl->depth > MAX_DEPTH || v->x2 <= v->x1 || v->y2 <= v->y1)
		return;
	cairo_save(cr);
	cairo_rectangle(cr, v->x1, v->y1, vw(v), vh(v));
	cairo_clip(cr);
	struct sim_view full = unclipped(p, v, pl);
	if ((size_t)full.kind < sizeof drawers / sizeof drawers[0] && drawers[full.kind])
		drawers[full.kind](p, &full, pl);
	cairo_restore(cr);
	struct place child = { pl->on_dark, pl->home || is_workspace(v), v->kind, pl->clip_top, pl->clip_bottom,
			       pl->depth + 1 };
	if (v->scrollable || v->kind == SIM_VIEW_LIST) {
		child.clip_top = v->y1;
		child.clip_bottom = v->y2;
	}
	if (kind_is_dark_surface(v->kind))
		child.on_dark = true;
	else if (v->kind == SIM_VIEW_DIALOG || v->kind == SIM_VIEW_BOTTOM_NAV || v->kind == SIM_VIEW_LIST_ROW)
		child.on_dark = false;
	for (size_t i = 0; i < v->n_children; i++)
		draw_view(p, v->children[i], &child);
}

/*
 * Pixels per dp. The layout decides the density; the status bar is 24 dp
 * tall in Material, so its height tells it. Without one, assume a phone
 * 411 dp wide.
 */
static double screen_dp(const struct sim_screen_view *v)
{
	const struct sim_view *root = v->root;
	for (size_t i = 0; i < root->n_children; i++) {
		const struct sim_view *c = root->children[i];
		if (c && c->kind == SIM_VIEW_STATUS_BAR && c->y2 - c->y1 >= 12 && c->y2 - c->y1 <= 400)
			return (c->y2 - c->y1) / 24.0;
	}
	return (v->width < v->height ? v->width : v->height) / 411.0;
}

/*
 * The pixels of the frame being drawn: one buffer per thread, reused for
 * every frame (a new 8 MB surface per step left freed frames in the malloc
 * arena and RSS growing with the step count; docs/performance.md). The
 * surface over it lives only inside render_to(); sim_render_raw draws into
 * its output instead. Freed at thread exit.
 */
struct frame_buffer {
	unsigned char *data;
	size_t cap;
};
static __thread struct frame_buffer frame_buf;
static pthread_key_t frame_key;
static pthread_once_t frame_once = PTHREAD_ONCE_INIT;

static void frame_buffer_free(void *p)
{
	struct frame_buffer *f = p;
	free(f->data);
	f->data = NULL;
	f->cap = 0;
}

static void frame_key_init(void)
{
	(void)pthread_key_create(&frame_key, frame_buffer_free);
}

/* This thread's frame buffer, at least `len` bytes. */
static unsigned char *frame_buffer_get(size_t len)
{
	if (frame_buf.cap < len) {
		pthread_once(&frame_once, frame_key_init);
		(void)pthread_setspecific(frame_key, &frame_buf);
		free(frame_buf.data);
		frame_buf.data = xmalloc(len);
		frame_buf.cap = len;
	}
	return frame_buf.data;
}

/* TD_OK when `v` can be drawn; td_error() says why not. */
static int check_view(const struct sim_screen_view *v)
{
	if (!v || !v->root)
		return td_error(TD_ERR_INVALID, "render: no view tree");
	if (v->width < 1 || v->height < 1 || v->width > MAX_SIDE || v->height > MAX_SIDE)
		return td_error(TD_ERR_INVALID, "render: screen size %dx%d out of range", v->width, v->height);
	return TD_OK;
}

/*
 * Draw the screen onto an ARGB32 surface over `pixels` (width * 4 bytes a
 * row, 4-byte aligned), or over this thread's frame buffer when NULL. The
 * background is painted opaque first and every later drawing is OVER it, so
 * every pixel's alpha is 255: in memory (little-endian) the rows are
 * B,G,R,A bytes, Android's BGRA_8888.
 */
static int render_surface(const struct sim_screen_view *v, unsigned char *pixels, cairo_surface_t **out)
{
	*out = NULL;
	int err = check_view(v);
	if (err)
		return err;
	int stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, v->width);
	if (!pixels)
		pixels = frame_buffer_get((size_t)stride * (size_t)v->height);
	cairo_surface_t *surf = cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_ARGB32, v->width, v->height,
								    stride);
	if (cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(surf);
		return td_error(TD_ERR_NOMEM, "render: cannot create a %dx%d surface", v->width, v->height);
	}
	cairo_t *cr = cairo_create(surf);
	struct painter p = { cr, screen_dp(v), v->package && strstr(v->package, "launcher") != NULL };
	set_rgb(cr, C_WHITE);
	cairo_paint(cr);
	struct place top = { false, false, SIM_VIEW_FRAME, 0, v->height, 0 };
	draw_view(&p, v->root, &top);
	cairo_status_t st = cairo_status(cr);
	cairo_destroy(cr);
	if (st != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(surf);
		return td_error(TD_ERR_INVALID, "render: cairo: %s", cairo_status_to_string(st));
	}
	cairo_surface_flush(surf);
	*out = surf;
	return TD_OK;
}

/* A drawn surface's pixels: native-endian 0xAARRGGBB words (A = 255). */
struct surface_pixels {
	const unsigned char *data;
	int width, height, stride;
};

static struct surface_pixels surface_pixels(cairo_surface_t *surf)
{
	struct surface_pixels px = { cairo_image_surface_get_data(surf), cairo_image_surface_get_width(surf),
				     cairo_image_surface_get_height(surf), cairo_image_surface_get_stride(surf) };
	return px;
}

/* Row `y` of the surface as R,G,B,A bytes (an image_png_row_fn). Whole
 * words with shifts and masks: the compiler vectorises it. */
static void surface_row_rgba(const void *ctx, int y, unsigned char *dst)
{
	const struct surface_pixels *sp = ctx;
	const unsigned char *src = sp->data + (size_t)y * sp->stride;
	for (int x = 0; x < sp->width; x++) {
		uint32_t c, o;
		memcpy(&c, src + 4 * (size_t)x, 4);
		/* 0xAARRGGBB -> bytes R,G,B,255 (little-endian word 0xFFBBGGRR) */
		o = 0xff000000u | (c & 0x0000ff00u) | (c >> 16 & 0xffu) | (c & 0xffu) << 16;
		memcpy(dst + 4 * (size_t)x, &o, 4);
	}
}

/* Appends a drawn surface to `out` in one format; td_error() says why not. */
typedef int (*surface_writer)(cairo_surface_t *surf, struct strbuf *out);

/* Draw the screen and append it through `write`; `out` is unchanged on failure. */
static int render_to(const struct sim_screen_view *v, struct strbuf *out, surface_writer write)
{
	cairo_surface_t *surf;
	int err = render_surface(v, NULL, &surf);
	if (err)
		return err;
	size_t start = out->len;
	err = write(surf, out);
	cairo_surface_destroy(surf);
	if (err)
		strbuf_setlen(out, start);
	return err;
}

/*
 * The raw screencap header (format 5, BGRA_8888), then the pixels: Cairo
 * draws straight into `out` (a capture's reused frame buffer has the room),
 * so a frame costs no allocation, no copy and no pixel conversion. When the
 * pixels would not be 4-byte aligned in `out` (an append after an odd
 * length), they are drawn in this thread's buffer and copied.
 */
int sim_render_raw(const struct sim_screen_view *v, struct strbuf *out)
{
	int err = check_view(v);
	if (err)
		return err;
	size_t row = (size_t)v->width * 4, pixels = row * (size_t)v->height;
	if (strbuf_grow(out, SIM_RENDER_RAW_HEADER + pixels) != TD_OK)
		return td_error(TD_ERR_TOO_BIG, "render: raw screen does not fit the output buffer");
	unsigned char *dst = (unsigned char *)out->buf + out->len;
	bool in_place = ((uintptr_t)(dst + SIM_RENDER_RAW_HEADER) & 3) == 0;
	cairo_surface_t *surf;
	err = render_surface(v, in_place ? dst + SIM_RENDER_RAW_HEADER : NULL, &surf);
	if (err)
		return err;
	if (!in_place) {
		struct surface_pixels px = surface_pixels(surf);
		for (int y = 0; y < px.height; y++)
			memcpy(dst + SIM_RENDER_RAW_HEADER + (size_t)y * row, px.data + (size_t)y * px.stride, row);
	}
	cairo_surface_destroy(surf);
	uint32_t fields[4] = { (uint32_t)v->width, (uint32_t)v->height, SIM_RENDER_RAW_FORMAT, 0 };
	for (int i = 0; i < 4; i++)
		for (int b = 0; b < 4; b++)
			dst[4 * i + b] = (unsigned char)(fields[i] >> (8 * b));
	strbuf_extend(out, SIM_RENDER_RAW_HEADER + pixels);
	return TD_OK;
}

/* RGBA PNG through image.c's libpng encoder: fast settings (see the file comment). */
static int write_png(cairo_surface_t *surf, struct strbuf *out)
{
	struct surface_pixels px = surface_pixels(surf);
	struct image_png_format fmt = { px.width, px.height, IMAGE_PNG_RGBA, NULL, 0, 1, false,
					surface_row_rgba, &px };
	int err = image_encode_png_rows(&fmt, out);
	if (err)
		return td_error(err, "render: PNG encoding failed%s",
				err == TD_ERR_TOO_BIG ? ": output buffer full" : "");
	return TD_OK;
}

int sim_render_png(const struct sim_screen_view *v, struct strbuf *out)
{
	return render_to(v, out, write_png);
}

/* Cairo's PNG writer target: the output strbuf and its first error. */
struct cairo_sink {
	struct strbuf *out;
	int err;
};

static cairo_status_t cairo_sink_write(void *closure, const unsigned char *data, unsigned int len)
{
	struct cairo_sink *sink = closure;
	sink->err = strbuf_add(sink->out, data, len);
	return sink->err ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_SUCCESS;
}

/* PNG through Cairo's own writer, for the benchmark's comparison. */
static int write_png_cairo(cairo_surface_t *surf, struct strbuf *out)
{
	struct cairo_sink sink = { out, TD_OK };
	cairo_status_t st = cairo_surface_write_to_png_stream(surf, cairo_sink_write, &sink);
	if (st != CAIRO_STATUS_SUCCESS)
		return td_error(sink.err ? sink.err : TD_ERR_IO, "render: cairo PNG encoding failed: %s",
				cairo_status_to_string(st));
	return TD_OK;
}

int sim_render_png_cairo(const struct sim_screen_view *v, struct strbuf *out)
{
	return render_to(v, out, write_png_cairo);
}

void sim_render_release_caches(void)
{
	cairo_debug_reset_static_data();
	/*
	 * fontconfig is loaded as Cairo's dependency, not ours: look FcFini up
	 * at run time rather than linking fontconfig for one call.
	 */
	void (*fc_fini)(void) = NULL;
	void *sym = dlsym(RTLD_DEFAULT, "FcFini");
	memcpy(&fc_fini, &sym, sizeof fc_fini);
	if (fc_fini)
		fc_fini();
}
