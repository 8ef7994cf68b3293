/*
 * toggle.c - oracle "toggle" (oracle 8): a tap on a checkable, enabled
 * widget that did not toggle (oracle_toggle_stuck in agents/oracle.h).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "agents/brain.h"
#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "agents/replay.h"
#include "agents/rundir.h"
#include "core/log.h"
#include "core/xalloc.h"

/* Whether w lies under (x, y). */
static bool contains_point(const struct ui_widget *w, int x, int y)
{
	return x >= w->bounds.x1 && x < w->bounds.x2 && y >= w->bounds.y1 && y < w->bounds.y2;
}

const struct ui_widget *oracle_toggle_target(const struct ui_tree *before, const struct action *done)
{
	const struct ui_widget *w, *best = NULL;
	long best_area = -1;

	if (!before || !done || (done->type != ACTION_CLICK && done->type != ACTION_CHECK))
		return NULL;
	/* The widget the action was made from (action_set_widget recorded its box). */
	for (size_t i = 0; !ui_rect_empty(&done->bounds) && i < before->n_nodes; i++) {
		w = before->nodes[i];
		if (!memcmp(&w->bounds, &done->bounds, sizeof(w->bounds)) &&
		    (!done->class_name || !strcmp(done->class_name, w->class_name)) &&
		    (!done->resource_id || !strcmp(done->resource_id, w->resource_id)))
			return w;
	}
	w = action_resolve(done, before);
	if (w && w->checkable)
		return w;
	for (size_t i = 0; done->x >= 0 && done->y >= 0 && i < before->n_nodes; i++) {
		long area;

		w = before->nodes[i];
		if (!contains_point(w, done->x, done->y) || !ui_widget_visible(w, &before->screen))
			continue;
		area = (long)ui_rect_width(&w->bounds) * ui_rect_height(&w->bounds);
		if (best_area < 0 || area < best_area) {
			best = w;
			best_area = area;
		}
	}
	return best;
}

/* Whether a checked w stays checked by design when tapped (one choice of a group). */
static bool single_choice(const struct ui_widget *w)
{
	return strstr(w->class_name, "Radio") || strstr(w->class_name, "CheckedTextView") ||
	       strstr(w->class_name, "Chip");
}

/* The first text of the list row w sits in ("" outside lists). */
static const char *row_key_text(const struct ui_widget *w)
{
	const struct ui_widget *row = oracle_enclosing_row(w);

	return row ? oracle_first_text(row) : "";
}

/* A hash of the texts of w's subtree, in order. */
static uint64_t subtree_texts(const struct ui_widget *w, uint64_t h)
{
	if (*w->text)
		h = oracle_hash_str(h, w->text);
	for (size_t i = 0; i < w->n_children; i++)
		h = subtree_texts(w->children[i], h);
	return h;
}

/*
 * Whether the list row holding w (on before) and the one holding o (on
 * after) read otherwise: the tap did act on the row's item. A recurring
 * task ticked comes back unticked with its next due date (tasks, session
 * 67: "Due Mon, Dec 7" became "Due Tue, Dec 8").
 */
static bool row_changed(const struct ui_widget *w, const struct ui_widget *o)
{
	const struct ui_widget *rw = oracle_enclosing_row(w), *ro = oracle_enclosing_row(o);

	return rw && ro && subtree_texts(rw, ORACLE_HASH_BASIS) != subtree_texts(ro, ORACLE_HASH_BASIS);
}

bool oracle_toggle_stuck(const struct ui_tree *before, const char *activity_before,
			 const struct ui_tree *after, const char *activity_after,
			 const struct action *done, struct oracle_finding *f)
{
	const struct ui_widget *w = oracle_toggle_target(before, done), *o;

	if (!w || !after || !w->checkable || !w->enabled || !ui_widget_visible(w, &before->screen) ||
	    oracle_hidden_under_layer(before, w) || (w->checked && single_choice(w)))
		return false;
	/* A tap that opened a dialog, another window or another page is not judged. */
	if (!oracle_same_activity(activity_before, activity_after) || after->n_roots > before->n_roots ||
	    oracle_count_layers(after) > oracle_count_layers(before) || oracle_text_difference(before, after) > 0.5)
		return false;
	o = oracle_find_counterpart(after, before, w);
	if (!o || !o->checkable || !ui_widget_visible(o, &after->screen) ||
	    strcmp(ui_widget_label(o), ui_widget_label(w)) != 0 || strcmp(row_key_text(o), row_key_text(w)) != 0)
		return false;
	if (o->checked != w->checked || row_changed(w, o))
		return false;
	oracle_finding_init(f);
	f->category = BUG_CAT_SETTINGS;
	f->oracle = "toggle";
	f->title = xasprintf("Tapping '%s' does not toggle it", oracle_widget_name(w));
	f->expected = xasprintf("'%s' becomes %s", oracle_widget_name(w), w->checked ? "unchecked" : "checked");
	f->actual = xasprintf("'%s' stays %s", oracle_widget_name(w), w->checked ? "checked" : "unchecked");
	f->description = xasprintf("The %s '%s' is enabled, but after tapping it the screen (%s) shows it %s "
				   "as before: the toggle did not change its state.",
				   strrchr(w->class_name, '.') ? strrchr(w->class_name, '.') + 1 : w->class_name,
				   oracle_widget_name(w), activity_after && *activity_after ? activity_after : "same activity",
				   w->checked ? "checked" : "unchecked");
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "toggle");
	cJSON_AddItemToObject(f->diff, "before", oracle_widget_json(w));
	cJSON_AddItemToObject(f->diff, "after", oracle_widget_json(o));
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	return true;
}

const struct oracle_kind oracle_kind_toggle = {
	.name = "toggle",
	.config_key = "oracles.toggle",
	.category = BUG_CAT_SETTINGS,
	.doc = "a tapped switch or checkbox keeps its checked state",
	.evidence = "the screen before the tap and the widget diff",
	.flags = 0,
	.step_check = oracle_toggle_stuck,
};
