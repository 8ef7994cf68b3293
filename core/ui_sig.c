/*
 * ui_sig.c - per-widget facts (visibility, actions, label, tap point) and the three
 * screen signatures of ui.h.
 *
 * Signatures are FNV-1a 64-bit hashes over a length-prefixed encoding of the
 * fields, so that ("ab","c") and ("a","bc") never collide by construction.
 *  - structural (Vet, seeds/002 §3): activity, then for each visible node in
 *    depth-first order its window, depth, class and resource-id;
 *  - abstract (Genie, seeds/003 §4): activity, then the sorted, de-duplicated
 *    set of hashes of (class, resource-id, content-desc) of visible nodes, so
 *    a list of 3 rows and one of 30 rows of the same kind hash alike; inside
 *    a list the content-desc is left out (it names the row's data, "Delete
 *    Milk"), so rows holding other data hash alike too;
 *  - text: the structural walk plus each node's text and checked state.
 * A node is visible when ui_widget_visible() holds for the tree's screen.
 */
#include "core/ui.h"

#include <stdlib.h>
#include <string.h>

#include "core/xalloc.h"

#define FNV_OFFSET 0xcbf29ce484222325ULL
#define FNV_PRIME 0x100000001b3ULL

int ui_rect_width(const struct ui_rect *r)
{
	return r->x2 > r->x1 ? r->x2 - r->x1 : 0;
}

int ui_rect_height(const struct ui_rect *r)
{
	return r->y2 > r->y1 ? r->y2 - r->y1 : 0;
}

bool ui_rect_empty(const struct ui_rect *r)
{
	return r->x2 <= r->x1 || r->y2 <= r->y1;
}

bool ui_rect_intersects(const struct ui_rect *a, const struct ui_rect *b)
{
	if (ui_rect_empty(a) || ui_rect_empty(b))
		return false;
	return a->x1 < b->x2 && b->x1 < a->x2 && a->y1 < b->y2 && b->y1 < a->y2;
}

bool ui_widget_visible(const struct ui_widget *w, const struct ui_rect *screen)
{
	if (!w->visible_to_user || ui_rect_empty(&w->bounds))
		return false;
	if (!screen || ui_rect_empty(screen))
		return true;
	return ui_rect_intersects(&w->bounds, screen);
}

bool ui_class_is_editable(const char *class_name)
{
	static const char *const editable[] = {
		"AutoCompleteTextView", "MultiAutoCompleteTextView",
		"SearchView$SearchAutoComplete", "SearchAutoComplete",
	};
	if (!class_name || !*class_name)
		return false;
	const char *tail = strrchr(class_name, '.');
	tail = tail ? tail + 1 : class_name;
	size_t n = strlen(tail);
	if (n >= 8 && strcmp(tail + n - 8, "EditText") == 0)
		return true;
	for (size_t i = 0; i < sizeof editable / sizeof editable[0]; i++)
		if (strcmp(tail, editable[i]) == 0)
			return true;
	return false;
}

unsigned ui_widget_actions(const struct ui_widget *w, const struct ui_rect *screen)
{
	unsigned acts = 0;
	if (!w->enabled || !ui_widget_visible(w, screen))
		return 0;
	if (w->clickable)
		acts |= UI_ACT_CLICK;
	if (w->long_clickable)
		acts |= UI_ACT_LONG_CLICK;
	if (ui_class_is_editable(w->class_name))
		acts |= UI_ACT_INPUT;
	if (w->checkable)
		acts |= UI_ACT_CHECK;
	if (w->scrollable)
		acts |= UI_ACT_SCROLL;
	return acts;
}

bool ui_widget_tap_point(const struct ui_widget *w, const struct ui_rect *screen, int *x, int *y)
{
	struct ui_rect r = w->bounds;
	if (ui_rect_empty(&r))
		return false;
	if (screen && !ui_rect_empty(screen)) {
		if (!ui_rect_intersects(&r, screen))
			return false;
		r.x1 = r.x1 > screen->x1 ? r.x1 : screen->x1;
		r.y1 = r.y1 > screen->y1 ? r.y1 : screen->y1;
		r.x2 = r.x2 < screen->x2 ? r.x2 : screen->x2;
		r.y2 = r.y2 < screen->y2 ? r.y2 : screen->y2;
	}
	/* 64-bit sums: bounds come from untrusted dumps */
	*x = (int)(((long long)r.x1 + r.x2) / 2);
	*y = (int)(((long long)r.y1 + r.y2) / 2);
	return true;
}

/* Whether `s` has anything but blanks. */
static bool has_content(const char *s)
{
	for (; s && *s; s++)
		if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
			return true;
	return false;
}

const char *ui_widget_label(const struct ui_widget *w)
{
	if (has_content(w->text))
		return w->text;
	if (has_content(w->content_desc))
		return w->content_desc;
	if (has_content(w->hint))
		return w->hint;
	const char *id = w->resource_id;
	if (!id || !*id)
		return "";
	const char *tail = strstr(id, ":id/");
	if (tail)
		return tail + 4;
	tail = strrchr(id, '/');
	return tail && tail[1] ? tail + 1 : id;
}

/* Mix `n` bytes into the hash. */
static uint64_t fnv_bytes(uint64_t h, const void *data, size_t n)
{
	const unsigned char *p = data;
	for (size_t i = 0; i < n; i++) {
		h ^= p[i];
		h *= FNV_PRIME;
	}
	return h;
}

/* Mix an integer into the hash (fixed width, little-endian). */
static uint64_t fnv_u64(uint64_t h, uint64_t v)
{
	unsigned char b[8];
	for (int i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> (8 * i));
	return fnv_bytes(h, b, sizeof b);
}

/* Mix a string, length first, so concatenations cannot collide. */
static uint64_t fnv_str(uint64_t h, const char *s)
{
	size_t n = s ? strlen(s) : 0;
	h = fnv_u64(h, n);
	return fnv_bytes(h, s, n);
}

/* Start a signature of kind `kind` for `activity`. */
static uint64_t sig_start(char kind, const char *activity)
{
	uint64_t h = fnv_bytes(FNV_OFFSET, &kind, 1);
	h = fnv_u64(h, activity ? 1 : 0);
	return fnv_str(h, activity ? activity : "");
}

/* The structural walk; with `text`, also text and checked state. */
static uint64_t sig_walk(const struct ui_tree *t, const char *activity, bool text)
{
	uint64_t h = sig_start(text ? 'T' : 'S', activity);
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		if (!ui_widget_visible(w, &t->screen))
			continue;
		h = fnv_u64(h, (uint64_t)(unsigned)w->window);
		h = fnv_u64(h, (uint64_t)(unsigned)w->depth);
		h = fnv_str(h, w->class_name);
		h = fnv_str(h, w->resource_id);
		if (text) {
			h = fnv_str(h, w->text);
			h = fnv_u64(h, w->checked);
		}
	}
	return h;
}

uint64_t ui_sig_structural(const struct ui_tree *t, const char *activity)
{
	return sig_walk(t, activity, false);
}

uint64_t ui_sig_text(const struct ui_tree *t, const char *activity)
{
	return sig_walk(t, activity, true);
}

/* qsort order for 64-bit hashes. */
static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

uint64_t ui_sig_abstract(const struct ui_tree *t, const char *activity)
{
	uint64_t *items = xmalloc((t->n_nodes ? t->n_nodes : 1) * sizeof *items);
	size_t n = 0;
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		if (!ui_widget_visible(w, &t->screen))
			continue;
		uint64_t h = fnv_str(FNV_OFFSET, w->class_name);
		h = fnv_str(h, w->resource_id);
		/* A row's content-desc names its data ("Delete Milk"): rows of
		 * other data are the same kind of screen. */
		items[n++] = fnv_str(h, ui_widget_in_list(w) ? "" : w->content_desc);
	}
	qsort(items, n, sizeof *items, cmp_u64);
	uint64_t h = sig_start('A', activity);
	for (size_t i = 0; i < n; i++)
		if (i == 0 || items[i] != items[i - 1])
			h = fnv_u64(h, items[i]);
	free(items);
	return h;
}
