/*
 * offline_candidates.c - the actions the offline policy can choose on a
 * screen (offline_candidates() in offline_policy.h): one per actionable
 * widget and kind of action, the innermost widget when a descendant covers
 * most of its parent, nothing on the system UI.
 */
#include <string.h>

#include "agents/offline_policy.h"
#include "core/xalloc.h"

/* Whether w belongs to the system UI (status bar, navigation bar). */
static bool is_system_ui(const struct ui_widget *w)
{
	return strcmp(w->package, "com.android.systemui") == 0;
}

/* Area of a rectangle. */
static long rect_area(const struct ui_rect *r)
{
	return ui_rect_empty(r) ? 0 : (long)ui_rect_width(r) * ui_rect_height(r);
}

/*
 * Whether some descendant of w supports any of `bits` and covers most of
 * w (at least 70% of its area): then the innermost widget is the target.
 * A list row with a small delete button inside stays a target of its own.
 */
static bool descendant_has(const struct ui_widget *w, const struct ui_rect *screen, unsigned bits)
{
	long area = rect_area(&w->bounds);

	for (size_t i = 0; i < w->n_children; i++) {
		const struct ui_widget *c = w->children[i];

		if ((ui_widget_actions(c, screen) & bits) && rect_area(&c->bounds) * 10 >= area * 7)
			return true;
		if (descendant_has(c, screen, bits) && rect_area(&c->bounds) * 10 >= area * 7)
			return true;
	}
	return false;
}

/* Append a candidate of `type` on widget w. */
static void add_candidate(struct action **arr, size_t *n, size_t *alloc, enum action_type type,
			  const struct ui_widget *w, int number)
{
	struct action *a;

	*arr = xgrow(*arr, alloc, *n + 1, sizeof(**arr));
	a = &(*arr)[(*n)++];
	action_init(a);
	a->type = type;
	action_set_widget(a, number, w);
	if (type == ACTION_SCROLL)
		a->direction = DEVICE_DIR_DOWN;
}

size_t offline_candidates(const struct ui_tree *t, struct action **out)
{
	struct action *arr = NULL;
	size_t n = 0, alloc = 0;

	for (size_t i = 0; t && i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		unsigned acts = ui_widget_actions(w, &t->screen);

		if (!acts || is_system_ui(w))
			continue;
		if (acts & UI_ACT_INPUT) {
			add_candidate(&arr, &n, &alloc, ACTION_INPUT, w, (int)i);
			continue;
		}
		if (acts & UI_ACT_CHECK) {
			add_candidate(&arr, &n, &alloc, ACTION_CHECK, w, (int)i);
		} else if ((acts & UI_ACT_CLICK) &&
			   !descendant_has(w, &t->screen, UI_ACT_CLICK | UI_ACT_CHECK | UI_ACT_INPUT)) {
			add_candidate(&arr, &n, &alloc, ACTION_CLICK, w, (int)i);
		}
		if ((acts & UI_ACT_LONG_CLICK) && !descendant_has(w, &t->screen, UI_ACT_LONG_CLICK))
			add_candidate(&arr, &n, &alloc, ACTION_LONG_CLICK, w, (int)i);
		if ((acts & UI_ACT_SCROLL) && !descendant_has(w, &t->screen, UI_ACT_SCROLL))
			add_candidate(&arr, &n, &alloc, ACTION_SCROLL, w, (int)i);
	}
	*out = arr;
	return n;
}
