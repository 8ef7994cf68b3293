/*
 * selection.c - oracle "selection" (oracle 51): leaving a list's selection
 * mode, or removing the rows selected in it, takes rows that were not
 * selected with it (music `music-remove-selected-clears-playlist`,
 * VinylMusicPlayer #580: Remove on two selected songs empties the
 * playlist; wiki `wiki-back-removes-selected`, kiwix-android #1069: Back
 * out of a selection removes the selected article from the reading list).
 *
 * A tracker. A screen of the app without a dialog that shows a selection -
 * a checkable in a row of a list checked, or a text "N selected" with rows
 * marked selected or showing "Selected" - is kept:
 * the list holding the checked rows (by resource-id), the first text of
 * each of its rows in view and whether the row is checked. Then:
 *  - a way out of the selection (Back, Up, or a click labelled Cancel,
 *    Close or Done) that lands on the same activity, no dialog, the same
 *    list showing no selection: every row kept must still show;
 *  - a click labelled Remove or Delete on the selection, and the confirm
 *    of the dialog it may open (no Cancel): every row kept that was not
 *    checked must still show; and when that confirm leaves every row,
 *    each selected one too, still shown, nothing was removed (removed_none).
 * A row shows when a visible text of the screen after equals its first
 * text. Judged only on the same page (its app-bar title) when the list
 * after shows all its rows (it does not scroll and lies wholly on the
 * screen, or its last row ends above its lower edge) or is gone (emptied), the rows
 * kept were two or more with distinct first texts, and at least one was
 * checked. One report per list and way.
 *
 * Blind: a selection no checkable and no "N selected" text shows (rows
 * highlighted by colour only); rows that scrolled out of view.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "agents/action.h"
#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

#define SEL_ROWS 32
#define SEL_TEXT 96
#define SEL_REPORTED 8

struct oracle_selection_tracker {
	bool kept;                      /* a selection is kept */
	char activity[160];
	char list[160];                 /* the list's resource-id */
	char title[SEL_TEXT];           /* the page's app-bar title ("" none) */
	char rows[SEL_ROWS][SEL_TEXT];  /* each row's first text */
	bool checked[SEL_ROWS];
	size_t n;
	bool removing;                  /* a Remove / Delete opened a dialog: its confirm is judged */
	char removed_by[SEL_TEXT];      /* that click's label */
	uint64_t reported[SEL_REPORTED];
	size_t n_reported;
};

struct oracle_selection_tracker *oracle_selection_tracker_new(void)
{
	return xcalloc(1, sizeof(struct oracle_selection_tracker));
}

void oracle_selection_tracker_free(struct oracle_selection_tracker *t)
{
	free(t);
}

/*
 * Whether w or a checkable under it is checked; when `loose` (a text says
 * "N selected"), also a widget marked selected or a text "Selected".
 */
static bool checked_under(const struct ui_widget *w, bool loose)
{
	if ((w->checkable && w->checked) || (loose && (w->selected || !strcasecmp(w->text, "Selected"))))
		return true;
	for (size_t i = 0; i < w->n_children; i++)
		if (checked_under(w->children[i], loose))
			return true;
	return false;
}

/* Whether s says rows are selected: a number, then " selected" as a word. */
static bool says_selected(const char *s)
{
	const char *p = strcasestr(s, " selected");

	return p && p > s && isdigit((unsigned char)p[-1]) && !isalpha((unsigned char)p[9]);
}

/* The visible list of t with a row checked_under (loose), or NULL. */
static const struct ui_widget *list_with_checked(const struct ui_tree *t, bool loose)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (!oracle_is_list(w) || !*w->resource_id || !ui_widget_visible(w, &t->screen))
			continue;
		for (size_t k = 0; k < w->n_children; k++)
			if (ui_widget_visible(w->children[k], &t->screen) && checked_under(w->children[k], loose))
				return w;
	}
	return NULL;
}

/*
 * The visible list of t holding a selected row (the selection's list), or
 * NULL; *said: a text says "N selected" (then rows marked selected or
 * showing "Selected" count too: wiki's reading list). *loose: so read.
 */
static const struct ui_widget *selection_list(const struct ui_tree *t, bool *said, bool *loose)
{
	const struct ui_widget *found;

	*said = *loose = false;
	for (size_t i = 0; i < t->n_nodes && !*said; i++)
		*said = *t->nodes[i]->text && says_selected(t->nodes[i]->text) &&
			ui_widget_visible(t->nodes[i], &t->screen);
	found = list_with_checked(t, false);
	if (!found && *said && (found = list_with_checked(t, true)) != NULL)
		*loose = true;
	return found;
}

/* The visible list of t with resource-id rid, or NULL. */
static const struct ui_widget *list_by_id(const struct ui_tree *t, const char *rid)
{
	for (size_t i = 0; i < t->n_nodes; i++)
		if (oracle_is_list(t->nodes[i]) && !strcmp(t->nodes[i]->resource_id, rid) &&
		    ui_widget_visible(t->nodes[i], &t->screen))
			return t->nodes[i];
	return NULL;
}

/*
 * Whether the list shows all its rows: it does not scroll and lies wholly
 * on the screen, or its last visible row ends above its lower edge.
 */
static bool shows_all(const struct ui_tree *t, const struct ui_widget *list)
{
	int bottom = list->bounds.y1;

	if (!list->scrollable && list->bounds.y2 <= t->screen.y2 && list->bounds.y1 >= t->screen.y1)
		return true;
	for (size_t k = 0; k < list->n_children; k++)
		if (ui_widget_visible(list->children[k], &t->screen) && list->children[k]->bounds.y2 > bottom)
			bottom = list->children[k]->bounds.y2;
	return bottom < list->bounds.y2;
}

/* Keep t's selection (its list's rows in view); false when there is none to keep. */
static bool keep(struct oracle_selection_tracker *t, const struct ui_tree *a, const char *activity)
{
	bool said, loose;
	const struct ui_widget *list = selection_list(a, &said, &loose);

	t->kept = false;
	t->removing = false;
	if (!list)
		return false;
	t->n = 0;
	for (size_t k = 0; k < list->n_children && t->n < SEL_ROWS; k++) {
		const struct ui_widget *row = list->children[k];
		const char *first = oracle_first_text(row);

		if (!ui_widget_visible(row, &a->screen) || !*first || strlen(first) >= SEL_TEXT)
			continue;
		for (size_t j = 0; j < t->n; j++)
			if (!strcmp(t->rows[j], first))
				return false; /* rows alike: which one went cannot be told */
		snprintf(t->rows[t->n], SEL_TEXT, "%s", first);
		t->checked[t->n++] = checked_under(row, loose);
	}
	if (t->n < 2)
		return false;
	snprintf(t->activity, sizeof(t->activity), "%s", activity ? activity : "");
	snprintf(t->list, sizeof(t->list), "%s", list->resource_id);
	snprintf(t->title, sizeof(t->title), "%s", oracle_app_bar_title(a) ? oracle_app_bar_title(a) : "");
	t->kept = true;
	return true;
}

/* Whether a visible text of t equals s. */
static bool shows_text(const struct ui_tree *t, const char *s)
{
	for (size_t i = 0; i < t->n_nodes; i++)
		if (!strcmp(t->nodes[i]->text, s) && ui_widget_visible(t->nodes[i], &t->screen))
			return true;
	return false;
}

/* Whether the label's first word is one of words. */
static bool label_is(const char *label, const char *const *words)
{
	return label && oracle_label_begins_with(label, words);
}

/* The rows kept, each with whether it was selected and whether a shows it. */
static cJSON *rows_json(const struct oracle_selection_tracker *t, const struct ui_tree *a)
{
	cJSON *rows = cJSON_CreateArray();

	for (size_t k = 0; k < t->n; k++) {
		cJSON *r = cJSON_CreateObject();

		cJSON_AddStringToObject(r, "text", t->rows[k]);
		cJSON_AddBoolToObject(r, "selected", t->checked[k]);
		cJSON_AddBoolToObject(r, "shown_after", shows_text(a, t->rows[k]));
		cJSON_AddItemToArray(rows, r);
	}
	return rows;
}

/* Whether key was reported already; notes it when not. */
static bool reported_before(struct oracle_selection_tracker *t, uint64_t key)
{
	for (size_t i = 0; i < t->n_reported && i < SEL_REPORTED; i++)
		if (t->reported[i] == key)
			return true;
	if (t->n_reported < SEL_REPORTED)
		t->reported[t->n_reported++] = key;
	return false;
}

/*
 * The confirm of a Remove or Delete on the selection closed its dialog on
 * the same page, whose list shows all its rows, and every row kept - each
 * selected one too - still shows (foodfacts
 * `foodfacts-multi-delete-does-nothing`, smooth-app #6040: Delete selected
 * items, confirmed, leaves every product in the list). list: the list
 * after, by its id.
 */
static bool removed_none(struct oracle_selection_tracker *t, const struct ui_tree *a, const struct ui_widget *list,
			 struct oracle_finding *f)
{
	const char *title = oracle_app_bar_title(a);
	size_t n_checked = 0;

	if (!list || !shows_all(a, list) || strcmp(t->title, title ? title : ""))
		return false;
	for (size_t k = 0; k < t->n; k++) {
		n_checked += t->checked[k];
		if (!shows_text(a, t->rows[k]))
			return false;
	}
	if (!n_checked ||
	    reported_before(t, oracle_hash_str(oracle_hash_str(ORACLE_HASH_BASIS, t->list), "remove none")))
		return false;
	t->kept = false;
	oracle_finding_init(f);
	f->oracle = "selection";
	f->category = BUG_CAT_DATA_OPERATION;
	f->title = xasprintf("'%s' on %zu selected row%s removes none", t->removed_by, n_checked,
			     n_checked == 1 ? "" : "s");
	f->expected = xstrdup("the selected rows leave the list");
	f->actual = xasprintf("every row is still there, '%s' among them", t->rows[0]);
	f->description = xasprintf("The list '%s' showed %zu rows, %zu of them selected; '%s' was pressed and its "
				   "dialog confirmed. The dialog closed, the list shows all its rows, and every one "
				   "is still there: nothing was removed.",
				   t->list, t->n, n_checked, t->removed_by);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "selection_remove_none");
	cJSON_AddStringToObject(f->diff, "list", t->list);
	cJSON_AddItemToObject(f->diff, "rows", rows_json(t, a));
	{
		char *subject = xasprintf("selection remove none on %s", t->list);

		cJSON_AddStringToObject(f->diff, "subject", subject);
		free(subject);
	}
	return true;
}

bool oracle_selection_step(struct oracle_selection_tracker *t, const struct oracle_tracked_step *s,
			   struct oracle_finding *f)
{
	static const char *const leave[] = { "cancel", "close", "done", "navigate up", "up", NULL };
	static const char *const remove[] = { "remove", "delete", NULL };
	const struct ui_tree *a = s->after, *b = s->before;
	const struct action *d = s->done;
	const struct ui_widget *list;
	const char *label = NULL, *way;
	bool said, loose, removing;
	char gone[4 * SEL_TEXT] = "";
	size_t n_gone = 0, n_checked = 0;

	if (!a || !b || !d || !s->after_in_app) {
		t->kept = false;
		return false;
	}
	if (d->type == ACTION_CLICK) {
		const struct ui_widget *w = action_resolve(d, b);

		label = w ? ui_widget_label(w) : d->widget_text;
	}
	if (!t->kept || !oracle_same_activity(t->activity, s->activity_after)) {
		if (!oracle_screen_has_layer(a))
			(void)keep(t, a, s->activity_after);
		return false;
	}
	/* A Remove that asks first: its dialog's confirm is the step judged. */
	if (oracle_screen_has_layer(a)) {
		if (!oracle_screen_has_layer(b) && d->type == ACTION_CLICK && label_is(label, remove)) {
			t->removing = true;
			snprintf(t->removed_by, sizeof(t->removed_by), "%s", label);
		} else if (!oracle_screen_has_layer(b)) {
			t->kept = false;
		}
		return false;
	}
	removing = oracle_screen_has_layer(b) ? t->removing && d->type == ACTION_CLICK && !label_is(label, leave)
					      : d->type == ACTION_CLICK && label_is(label, remove);
	if (!removing && oracle_screen_has_layer(b)) {
		(void)keep(t, a, s->activity_after);
		return false;
	}
	if (!removing && !(d->type == ACTION_BACK || (d->type == ACTION_CLICK && label_is(label, leave)))) {
		(void)keep(t, a, s->activity_after);
		return false;
	}
	way = removing ? (*t->removed_by && oracle_screen_has_layer(b) ? t->removed_by : label) : "Back";
	if (!removing && d->type == ACTION_CLICK)
		way = label;
	list = list_by_id(a, t->list);
	if (removing && oracle_screen_has_layer(b) && removed_none(t, a, list, f))
		return true;
	/* Out of the selection, on the same page (its title), the list all in view or gone (emptied). */
	if (selection_list(a, &said, &loose) || said || strcmp(t->title, oracle_app_bar_title(a) ? oracle_app_bar_title(a) : "") ||
	    (list && !shows_all(a, list)) || (!list && !*t->title)) {
		(void)keep(t, a, s->activity_after);
		return false;
	}
	for (size_t k = 0; k < t->n; k++) {
		n_checked += t->checked[k];
		if ((removing && t->checked[k]) || shows_text(a, t->rows[k]))
			continue;
		if (n_gone++ < 3)
			snprintf(gone + strlen(gone), sizeof(gone) - strlen(gone), "%s'%s'", n_gone > 1 ? ", " : "",
				 t->rows[k]);
	}
	t->kept = false;
	if (!n_gone || !n_checked)
		return false;
	if (reported_before(t, oracle_hash_str(oracle_hash_str(ORACLE_HASH_BASIS, t->list), removing ? "remove" : "leave")))
		return false;
	oracle_finding_init(f);
	f->oracle = "selection";
	f->category = BUG_CAT_DATA_OPERATION;
	if (removing) {
		f->title = xasprintf("Removing %zu selected row%s also removed %s", n_checked, n_checked == 1 ? "" : "s",
				     gone);
		f->expected = xstrdup("only the selected rows leave the list");
		f->actual = xasprintf("%s, not selected, went too", gone);
	} else {
		f->title = xasprintf("Leaving the selection with '%s' removed %s", way, gone);
		f->expected = xstrdup("leaving a selection changes no row: every row stays");
		f->actual = xasprintf("%s no longer in the list", gone);
	}
	f->description = xasprintf("The list '%s' showed %zu rows, %zu of them selected; after '%s' it shows all its "
				   "rows but %s%s.",
				   t->list, t->n, n_checked, way ? way : "?", gone, n_gone > 3 ? " and more" : "");
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", removing ? "selection_remove" : "selection_leave");
	cJSON_AddStringToObject(f->diff, "list", t->list);
	cJSON_AddItemToObject(f->diff, "rows", rows_json(t, a));
	{
		char *subject = xasprintf("selection %s on %s", removing ? "remove" : "leave", t->list);

		cJSON_AddStringToObject(f->diff, "subject", subject);
		free(subject);
	}
	return true;
}

static void *selection_tracker_new(void)
{
	return oracle_selection_tracker_new();
}

static void selection_tracker_free(void *t)
{
	oracle_selection_tracker_free(t);
}

static bool selection_track(void *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	return oracle_selection_step(t, s, f);
}

const struct oracle_kind oracle_kind_selection = {
	.name = "selection",
	.config_key = "oracles.selection",
	.category = BUG_CAT_DATA_OPERATION,
	.doc = "leaving a list's selection mode, or removing the rows selected in it, takes rows that were not "
	       "selected with it",
	.evidence = "the list's rows and which were selected, the way out or the Remove, and the list after it",
	.flags = 0,
	.tracker_new = selection_tracker_new,
	.tracker_free = selection_tracker_free,
	.track = selection_track,
};
