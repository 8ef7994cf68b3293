/*
 * process_death.c - oracle "process_death" (oracle 15): a setting or a
 * saved entry the app showed as kept is gone after the process dies
 * (`am force-stop`, as Android does to background apps all the time) and
 * the app is launched again.
 *
 * When a step changed what the app should keep - a switch or checkbox
 * toggled on a screen with no form to submit (a setting), a confirm
 * (Save/Add) after which a list row shows text typed on the screen before
 * (an entry), a mode button that now names another state ("Repeat off"
 * tapped, "Repeat all" shown: a player's mode, which players keep; music
 * `music-repeat-mode-lost`, VinylMusicPlayer #663), or a confirmed delete
 * that lands on a list (a deletion) -
 * the Explorer force-stops the app, launches it, walks back to that screen
 * along the clicks the run recorded between abstract screens
 * (breadth-first, at most PATH_MAX_CLICKS), and compares: every checked
 * state and every list row the screen showed must be there again, and
 * after a deletion no row the list did not show may be back. The bug's
 * trigger steps are the restart and those clicks, so replay confirmation
 * repeats the whole trip and applies the same pure check
 * (oracle_saved_state_lost in agents/oracle.h).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/brain.h"
#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "agents/replay.h"
#include "core/log.h"
#include "core/xalloc.h"

/* The longest walk back to the checked screen after the relaunch. */
#define PATH_MAX_CLICKS ORACLE_PATH_MAX
/* Recorded navigation edges kept (distinct from/to pairs). */
#define EDGES_MAX 1024

/* ---------------------------------------------------------------- pure checks */

/* Whether w lies inside the subtree of root. */
static bool in_subtree(const struct ui_widget *root, const struct ui_widget *w)
{
	for (const struct ui_widget *p = w; p; p = p->parent)
		if (p == root)
			return true;
	return false;
}

/* The first text of the list row w sits in ("" outside lists). */
static const char *row_of(const struct ui_widget *w)
{
	const struct ui_widget *row = oracle_enclosing_row(w);

	return row ? oracle_first_text(row) : "";
}

/* Whether checkable w sits outside a visible list of t: a filter of the list ("Hide completed"), not a setting. */
static bool filter_beside_list(const struct ui_tree *t, const struct ui_widget *w)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *l = t->nodes[i];

		if (oracle_is_list(l) && ui_widget_visible(l, &t->screen) && !in_subtree(l, w))
			return true;
	}
	return false;
}

/*
 * The counterpart on `after` of checkable w of `before` when it is the same
 * setting (the same label, in the same list row) in the other state; NULL
 * when there is none or it kept its state.
 */
static const struct ui_widget *flipped_counterpart(const struct ui_tree *before, const struct ui_tree *after,
						   const struct ui_widget *w)
{
	const struct ui_widget *o = oracle_find_counterpart(after, before, w);

	if (!o || !o->checkable || o->checked == w->checked || strcmp(ui_widget_label(o), ui_widget_label(w)) ||
	    strcmp(row_of(o), row_of(w)))
		return NULL;
	return o;
}

const struct ui_widget *oracle_setting_changed(const struct ui_tree *before, const char *activity_before,
					       const struct ui_tree *after, const char *activity_after,
					       const struct action *done)
{
	const struct ui_widget *w = oracle_toggle_target(before, done);

	if (!w || !after || !w->checkable || !w->enabled || !ui_widget_visible(w, &before->screen) ||
	    oracle_hidden_under_layer(before, w) || !oracle_same_activity(activity_before, activity_after) ||
	    after->n_roots > before->n_roots || oracle_shows_field(before) || oracle_shows_field(after))
		return NULL;
	/* A filter beside a list of data ("Hide completed") is a view of the list, not a setting;
	 * a switch on a page with a Save button is a draft until saved. */
	if (filter_beside_list(before, w) || oracle_offers_commit(before))
		return NULL;
	return flipped_counterpart(before, after, w);
}

/* Whether a row of some list of ls contains s. */
static bool lists_contain(const struct oracle_list *ls, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		for (size_t r = 0; r < ls[i].n_rows; r++)
			if (strstr(ls[i].rows[r], s))
				return true;
	return false;
}

bool oracle_entry_saved(const struct ui_tree *before, const struct ui_tree *after, const struct action *done,
			char *text, size_t size)
{
	struct oracle_list *lb = NULL, *la = NULL;
	size_t nb, na;
	bool found = false;

	if (!before || !after || !size || !oracle_is_save_action(done))
		return false;
	nb = oracle_lists(before, &lb);
	na = oracle_lists(after, &la);
	for (size_t i = 0; !found && i < before->n_nodes; i++) {
		const struct ui_widget *w = before->nodes[i];

		if (!ui_class_is_editable(w->class_name) || w->password || strlen(w->text) < 2 ||
		    !strcmp(w->text, w->hint) || !ui_widget_visible(w, &before->screen))
			continue;
		if (lists_contain(la, na, w->text) && !lists_contain(lb, nb, w->text)) {
			snprintf(text, size, "%s", w->text);
			found = true;
		}
	}
	oracle_lists_free(lb, nb);
	oracle_lists_free(la, na);
	return found;
}

/* Whether some list of ls has a row whose first text is s. */
static bool lists_have_primary(const struct oracle_list *ls, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		for (size_t r = 0; r < ls[i].n_rows; r++)
			if (!strcmp(ls[i].primary[r], s))
				return true;
	return false;
}

/* Fill *f for a lost setting (o: its counterpart after the trip). */
static void finding_setting(struct oracle_finding *f, const struct ui_widget *w, const struct ui_widget *o,
			    size_t n_lost, cJSON *lost, const char *activity)
{
	const char *state = w->checked ? "checked" : "unchecked";

	f->category = BUG_CAT_SETTINGS;
	f->title = xasprintf("Setting '%s' reverts after force-stop and relaunch", oracle_widget_name(w));
	f->expected = xasprintf("'%s' is still %s when the app comes back", oracle_widget_name(w), state);
	f->actual = xasprintf("'%s' is %s", oracle_widget_name(o), o->checked ? "checked" : "unchecked");
	f->description = xasprintf("The app was force-stopped (as Android kills background processes) and "
				   "launched again; back on the same screen (%s), %zu checked state(s) the app "
				   "had shown were not kept.", activity && *activity ? activity : "same activity",
				   n_lost);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "force-stop and relaunch");
	cJSON_AddItemToObject(f->diff, "lost", lost);
}

/*
 * Whether `after` is the same place as `before` for its lists: every
 * selected widget of `before` (the tab, the filter chip) is selected on
 * `after` too, with the same label. Tabs often share one abstract screen,
 * so the walk back may land on a sibling tab.
 */
static bool same_selection(const struct ui_tree *before, const struct ui_tree *after)
{
	for (size_t i = 0; i < before->n_nodes; i++) {
		const struct ui_widget *w = before->nodes[i];
		bool found = false;

		if (!w->selected || !ui_widget_visible(w, &before->screen) || !*ui_widget_label(w))
			continue;
		for (size_t j = 0; j < after->n_nodes && !found; j++)
			found = after->nodes[j]->selected && !strcmp(ui_widget_label(after->nodes[j]), ui_widget_label(w));
		if (!found)
			return false;
	}
	return true;
}

/*
 * Whether every filter beside a list of `before` ("Hide completed") shows
 * the same state on `after`: a filter the app does not keep shows other
 * rows once it is reset, and rows pushed below the fold are not lost.
 */
static bool same_filters(const struct ui_tree *before, const struct ui_tree *after)
{
	for (size_t i = 0; i < before->n_nodes; i++) {
		const struct ui_widget *w = before->nodes[i], *o;

		if (!w->checkable || !ui_widget_visible(w, &before->screen) || !filter_beside_list(before, w))
			continue;
		o = oracle_find_counterpart(after, before, w);
		if (o && o->checkable && o->checked != w->checked)
			return false;
	}
	return true;
}

/* The first visible text that is not a control or a field: the page's title. */
static const char *heading_of(const struct ui_tree *t)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (*w->text && !w->clickable && !w->checkable && !ui_class_is_editable(w->class_name) &&
		    ui_widget_visible(w, &t->screen))
			return w->text;
	}
	return "";
}

/* Whether w is a text the page shows about itself: visible, not a control, a field or inside a list. */
static bool page_text(const struct ui_tree *t, const struct ui_widget *w)
{
	return *w->text && !w->clickable && !w->checkable && !ui_class_is_editable(w->class_name) &&
	       ui_widget_visible(w, &t->screen) && !oracle_enclosing_row(w);
}

/* Whether the text s holds `value` as a whole word (no letter or digit on either side). */
static bool shows_word(const char *s, const char *value)
{
	size_t n = strlen(value);

	if (!n)
		return false;
	for (const char *p = s; (p = strstr(p, value)) != NULL; p++)
		if ((p == s || !isalnum((unsigned char)p[-1])) && !isalnum((unsigned char)p[n]))
			return true;
	return false;
}

/*
 * Whether `after` shows every text `before` showed about its page (its
 * title, the item's name, its fields' values outside lists), texts that
 * hold `except` as a word aside (NULL: none): an item's page opened again
 * after the relaunch may be another item's, reached by the same "Open" at
 * the same place once the list was edited or re-sorted, and the toolbar's
 * title ("Task", "Podcast settings") is the same on all of them.
 */
static bool same_page(const struct ui_tree *before, const struct ui_tree *after, const char *except)
{
	for (size_t i = 0; i < before->n_nodes; i++) {
		const struct ui_widget *w = before->nodes[i];
		bool found = false;

		if (!page_text(before, w) || (except && shows_word(w->text, except)))
			continue;
		for (size_t j = 0; j < after->n_nodes && !found; j++)
			found = page_text(after, after->nodes[j]) && !strcmp(after->nodes[j]->text, w->text);
		if (!found)
			return false;
	}
	return true;
}

/* s with each run of digits written "#" into buf: "Planned · 2 cards" and "Planned · 1 cards" read alike. */
static void digits_masked(char *buf, size_t size, const char *s)
{
	size_t k = 0;

	for (const char *p = s; *p && k + 1 < size;) {
		if (isdigit((unsigned char)*p)) {
			while (isdigit((unsigned char)*p))
				p++;
			buf[k++] = '#';
		} else {
			buf[k++] = *p++;
		}
	}
	buf[k] = '\0';
}

/*
 * Whether every text `before` shows about itself (page_text) is shown on
 * `after` too, numbers aside: the same view of the page's lists. A count
 * may move with the entry lost ("Planned · 2 cards" to 1), but a heading
 * naming another part of the page ("Ideas · 1 cards": the relaunch opened
 * the board's first stack, not the one the run had open) shows another
 * list, whose rows are no loss (deck, session 65, three reports).
 */
static bool same_page_but_counts(const struct ui_tree *before, const struct ui_tree *after)
{
	char a[256], b[256];

	for (size_t i = 0; i < before->n_nodes; i++) {
		const struct ui_widget *w = before->nodes[i];
		bool found = false;

		if (!page_text(before, w) || strlen(w->text) >= sizeof(a))
			continue;
		digits_masked(a, sizeof(a), w->text);
		for (size_t j = 0; j < after->n_nodes && !found; j++) {
			if (!page_text(after, after->nodes[j]))
				continue;
			digits_masked(b, sizeof(b), after->nodes[j]->text);
			found = !strcmp(a, b);
		}
		if (!found)
			return false;
	}
	return true;
}


/* Whether a row of lists ls ends with " | " and then row: row is its tail, the rest cut off. */
static bool tail_of_a_row(const struct oracle_list *ls, size_t n, const char *row)
{
	for (size_t i = 0; i < n; i++)
		for (size_t r = 0; r < ls[i].n_rows; r++)
			if (oracle_row_cut_to(ls[i].rows[r], row, false))
				return true;
	return false;
}
/*
 * Whether every list of t shows all its rows: its last visible row ends
 * above its lower edge, or it fills itself to that edge but neither it
 * nor a container around it scrolls and it ends on the screen. A list in
 * a scrolling page that ends at the page's edge may go on below.
 */
static bool lists_shown_whole(const struct ui_tree *t)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		int bottom;

		if (!oracle_is_list(w) || !ui_widget_visible(w, &t->screen))
			continue;
		bottom = w->bounds.y1;
		for (size_t k = 0; k < w->n_children; k++)
			if (ui_widget_visible(w->children[k], &t->screen) && w->children[k]->bounds.y2 > bottom)
				bottom = w->children[k]->bounds.y2;
		if (bottom < w->bounds.y2)
			continue;
		if (w->bounds.y2 > t->screen.y2)
			return false;
		for (const struct ui_widget *p = w; p; p = p->parent)
			if (p->scrollable)
				return false;
	}
	return true;
}

bool oracle_saved_state_lost(const struct ui_tree *before, const char *activity_before,
			     const struct ui_tree *after, const char *activity_after, struct oracle_finding *f)
{
	struct oracle_list *lb = NULL, *la = NULL;
	size_t nb, na, n_lost = 0;
	const struct ui_widget *first = NULL, *first_after = NULL;
	cJSON *lost = NULL;
	bool hit = false;

	if (!before || !after || !oracle_same_activity(activity_before, activity_after))
		return false;
	/* The walk back may open another item's page of the same activity (the
	 * row at the same place in a sibling tab): its states are not these. */
	if (strcmp(heading_of(before), heading_of(after)))
		return false;
	/* Settings: every checked state must come back, on the same page. */
	bool page = same_page(before, after, NULL);

	for (size_t i = 0; page && i < before->n_nodes; i++) {
		const struct ui_widget *w = before->nodes[i], *o;
		cJSON *pair;

		if (!w->checkable || !w->enabled || !ui_widget_visible(w, &before->screen) ||
		    oracle_hidden_under_layer(before, w) || filter_beside_list(before, w))
			continue;
		o = flipped_counterpart(before, after, w);
		if (!o)
			continue;
		if (!lost)
			lost = cJSON_CreateArray();
		pair = cJSON_CreateObject();
		cJSON_AddItemToObject(pair, "before", oracle_widget_json(w));
		cJSON_AddItemToObject(pair, "after", oracle_widget_json(o));
		cJSON_AddItemToArray(lost, pair);
		if (!first) {
			first = w;
			first_after = o;
		}
		n_lost++;
	}
	if (n_lost) {
		oracle_finding_init(f);
		f->oracle = "process_death";
		finding_setting(f, first, first_after, n_lost, lost, activity_before);
		return true;
	}
	/* Entries: every row of the screen's lists must still be listed (when the screen shows lists),
	 * in the same view of them: the same tab, the same filters beside them. */
	if (!same_selection(before, after) || !same_filters(before, after) || !same_page_but_counts(before, after))
		return false;
	nb = oracle_lists(before, &lb);
	na = oracle_lists(after, &la);
	if (na) {
		const char *gone = NULL;
		size_t kept = 0;
		bool whole = lists_shown_whole(after);

		for (size_t i = 0; i < nb; i++) {
			size_t last_kept = 0; /* 1 + the last row still listed */

			for (size_t r = 0; r < lb[i].n_rows; r++)
				if (*lb[i].primary[r] && lists_have_primary(la, na, lb[i].primary[r]))
					last_kept = r + 1;
			for (size_t r = 0; r < lb[i].n_rows; r++) {
				if (!*lb[i].primary[r] || lists_have_primary(la, na, lb[i].primary[r])) {
					kept += *lb[i].primary[r] != '\0';
					continue;
				}
				/* A row below the last one kept may only lie out of view: the
				 * relaunch shows the page from its top (scale's fixed twin, seed
				 * 8: a measurement scrolled to before the force-stop). */
				if (r >= last_kept && !whole)
					continue;
				/* The first row, cut at the top by a scroll, is the tail of a row the relaunch
				 * shows whole (tasks, session 67: "Due Mon, Dec 7 | #phone | in Inbox" of
				 * "Call the dentist | Priority: Medium | Due Mon, Dec 7 | ..."). */
				if (r == 0 && tail_of_a_row(la, na, lb[i].rows[r]))
					continue;
				if (!lost)
					lost = cJSON_CreateArray();
				cJSON_AddItemToArray(lost, cJSON_CreateString(lb[i].rows[r]));
				if (!gone)
					gone = lb[i].primary[r];
				n_lost++;
			}
		}
		/* Not one row kept, others listed instead: another item's list,
		 * reached by the walk back through another item (manga, session
		 * 32: an entry's "Filter scanlators" dialog listed Lantern Light;
		 * the walk back opened another entry from History, whose dialog
		 * lists Official). */
		if (gone && kept) {
			oracle_finding_init(f);
			f->oracle = "process_death";
			f->category = BUG_CAT_DATA_OPERATION;
			f->title = xasprintf("Saved entry '%s' is gone after force-stop and relaunch", gone);
			f->expected = xasprintf("'%s' is still listed when the app comes back", gone);
			f->actual = xasprintf("%zu row(s) the list showed are missing", n_lost);
			f->description = xasprintf("The app was force-stopped (as Android kills background "
						   "processes) and launched again; back on the same screen (%s), "
						   "rows the app had listed were not kept.",
						   activity_before && *activity_before ? activity_before : "same activity");
			f->diff = cJSON_CreateObject();
			cJSON_AddStringToObject(f->diff, "check", "force-stop and relaunch");
			cJSON_AddItemToObject(f->diff, "rows_lost", lost);
			lost = NULL;
			hit = true;
		}
	}
	cJSON_Delete(lost);
	oracle_lists_free(lb, nb);
	oracle_lists_free(la, na);
	return hit;
}

/* Whether no visible list of t has a row in view (a placeholder saying it is empty is none). */
static bool no_rows(const struct ui_tree *t)
{
	for (size_t i = 0; i < t->n_nodes; i++)
		if (oracle_is_list(t->nodes[i]) && ui_widget_visible(t->nodes[i], &t->screen) &&
		    oracle_rows_in_view(t, t->nodes[i]) > 0)
			return false;
	return true;
}

/*
 * Whether `done` empties a list: a click whose label says clear (not a
 * search, filter, field or cache: "Clear history", or Clear in a dialog
 * that asks to clear the history), taken on a screen showing a list with
 * rows or in a dialog (a dump of a dialog holds its window only), that
 * lands on one with no row and a text saying there is nothing to show
 * ("History is empty").
 */
static bool list_cleared(const struct ui_tree *before, const struct ui_tree *after, const struct action *done)
{
	static const char *const clear[] = { "clear", NULL };
	static const char *const other[] = { "search", "filter", "filters", "text", "field", "cache", "selection", NULL };
	char label[512];

	if (!done || done->type != ACTION_CLICK)
		return false;
	oracle_action_label(before, done, label, sizeof(label));
	if (!oracle_has_word(label, clear) || oracle_has_word(label, other))
		return false;
	return (!no_rows(before) || oracle_screen_has_layer(before)) && no_rows(after) && oracle_empty_state(after);
}

bool oracle_entry_deleted(const struct ui_tree *before, const struct ui_tree *after, const struct action *done)
{
	struct oracle_list *la = NULL;
	size_t na;
	bool listed = false;

	/* The tap's words first: this runs on every step that is neither a setting nor an entry. */
	if (!before || !after || !oracle_is_delete_action(before, done) || oracle_screen_has_layer(after) ||
	    oracle_shows_field(after))
		return false;
	na = oracle_lists(after, &la);
	for (size_t i = 0; i < na && !listed; i++)
		listed = la[i].n_rows > 0 && oracle_list_has_room(after, la[i].id);
	oracle_lists_free(la, na);
	return listed;
}

bool oracle_list_cleared(const struct ui_tree *before, const struct ui_tree *after, const struct action *done)
{
	return before && after && !oracle_screen_has_layer(after) && !oracle_shows_field(after) &&
	       list_cleared(before, after, done);
}

bool oracle_deleted_entry_back(const struct ui_tree *before, const char *activity_before,
			       const struct ui_tree *after, const char *activity_after, struct oracle_finding *f)
{
	struct oracle_list *lb = NULL, *la = NULL;
	size_t nb, na;
	const char *back = NULL;
	cJSON *rows = NULL;

	if (!before || !after || !oracle_same_activity(activity_before, activity_after) ||
	    strcmp(heading_of(before), heading_of(after)) || !same_selection(before, after))
		return false;
	nb = oracle_lists(before, &lb);
	na = oracle_lists(after, &la);
	/* A list emptied (no row, a text saying so): any row of the page is back
	 * (none when the page still says it is empty: its placeholder is no row). */
	bool emptied = no_rows(before) && oracle_empty_state(before) && !no_rows(after);

	/* Judged on lists shown whole before the trip, so a scroll cannot bring rows into view. */
	for (size_t i = 0; i < na; i++) {
		const struct oracle_list *l = NULL;

		for (size_t k = 0; k < nb && !l; k++)
			if (!strcmp(lb[k].id, la[i].id) && oracle_list_has_room(before, lb[k].id))
				l = &lb[k];
		if (!l && !emptied)
			continue;
		for (size_t r = 0; r < la[i].n_rows; r++) {
			if (!*la[i].primary[r] || (l && lists_have_primary(l, 1, la[i].primary[r])))
				continue;
			if (!rows)
				rows = cJSON_CreateArray();
			cJSON_AddItemToArray(rows, cJSON_CreateString(la[i].rows[r]));
			if (!back)
				back = la[i].primary[r];
		}
	}
	if (back) {
		oracle_finding_init(f);
		f->oracle = "process_death";
		f->category = BUG_CAT_DATA_OPERATION;
		f->title = emptied ? xasprintf("'%s' is back on the cleared '%s' after force-stop and relaunch", back,
					       heading_of(before))
				   : xasprintf("Deleted entry '%s' is back after force-stop and relaunch", back);
		f->expected = xasprintf("the list as it was after the delete, without '%s'", back);
		f->actual = xasprintf("'%s' is listed again", back);
		f->description = xasprintf("A delete was confirmed and the list no longer showed '%s'; the app was "
					   "force-stopped (as Android kills background processes) and launched "
					   "again, and back on the same screen (%s) the row is listed again.", back,
					   activity_before && *activity_before ? activity_before : "same activity");
		f->diff = cJSON_CreateObject();
		cJSON_AddStringToObject(f->diff, "check", "force-stop and relaunch after a delete");
		cJSON_AddItemToObject(f->diff, "rows_back", rows);
		rows = NULL;
	}
	cJSON_Delete(rows);
	oracle_lists_free(lb, nb);
	oracle_lists_free(la, na);
	return back != NULL;
}

const struct ui_widget *oracle_only_widget(const struct ui_tree *t, const char *rid)
{
	const struct ui_widget *found = NULL;

	if (!rid || !*rid)
		return NULL;
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (strcmp(w->resource_id, rid) || !ui_widget_visible(w, &t->screen))
			continue;
		if (found)
			return NULL;
		found = w;
	}
	return found;
}

const struct ui_widget *oracle_dialog_value_set(const struct ui_tree *before, const char *activity_before,
						const struct ui_tree *after, const char *activity_after,
						const struct action *done, const char *opener_rid, char *value, size_t size)
{
	const struct ui_widget *row;

	if (!before || !after || !size || !done || done->type != ACTION_CLICK || !oracle_is_save_action(done) ||
	    !oracle_same_activity(activity_before, activity_after) || !oracle_screen_has_layer(before) ||
	    oracle_screen_has_layer(after) || oracle_shows_field(after))
		return NULL;
	row = oracle_only_widget(after, opener_rid);
	if (!row || ui_class_is_editable(row->class_name))
		return NULL;
	for (size_t i = 0; i < before->n_nodes; i++) {
		const struct ui_widget *w = before->nodes[i];
		char v[256];

		if (!ui_class_is_editable(w->class_name) || w->password || !ui_widget_visible(w, &before->screen) ||
		    !strcmp(w->text, w->hint) || oracle_is_search_field(w))
			continue;
		oracle_trim_into(v, sizeof(v), w->text);
		if (*v && shows_word(ui_widget_label(row), v)) {
			snprintf(value, size, "%s", v);
			return row;
		}
	}
	return NULL;
}

/*
 * Whether a row's label (before its ": ") names how the app shows things -
 * sort, order, view, layout, group, theme, units, language: a choice the
 * app applies at once and keeps. An item's property ("Colour: Red" on a
 * medicine's page) may be a draft the page saves when it is left (pillbox,
 * session 49, on its fixed twin too).
 */
static bool view_choice(const char *label)
{
	static const char *const words[] = { "sort", "sorted", "order", "ordered", "view", "layout", "group",
					     "grouped", "theme", "unit", "units", "language", NULL };
	const char *colon = strstr(label, ": ");
	char low[128];

	if (!colon)
		return false;
	oracle_lower_into(low, sizeof(low), label);
	low[(size_t)(colon - label) < sizeof(low) ? (size_t)(colon - label) : sizeof(low) - 1] = '\0';
	return oracle_has_whole_word(low, words);
}

/*
 * Whether t offers a step on (Next, Continue, Save, Apply, Done, Sign in,
 * Log in, Submit, Confirm, OK): a choice made on such a page is a draft
 * until then (a sign-in wizard's "Service: Nextcloud" with Next: the demo
 * apps, session 49). Add and Create open a new item's form: a library's
 * "Add book" leaves its sort a choice kept.
 */
static bool goes_on(const struct ui_tree *t)
{
	static const char *const on[] = { "next", "continue", "save", "apply", "done", "sign in", "log in", "submit",
					  "confirm", "ok", NULL };

	return oracle_offers_button(t, on);
}

const struct ui_widget *oracle_dialog_choice_set(const struct ui_tree *before, const char *activity_before,
						 const struct ui_tree *after, const char *activity_after,
						 const struct action *done, const char *opener_rid, const char *opened_as,
						 char *value, size_t size)
{
	static const char *const not_choice[] = { "cancel", "close", "dismiss", "back", "no", "not now", "later",
						  NULL };
	const struct ui_widget *row;
	char v[256];
	size_t letters = 0;

	if (!before || !after || !size || !done || done->type != ACTION_CLICK || !done->widget_text ||
	    oracle_is_save_action(done) || !oracle_same_activity(activity_before, activity_after) ||
	    !oracle_screen_has_layer(before) || oracle_screen_has_layer(after) || oracle_shows_field(before) ||
	    oracle_shows_field(after))
		return NULL;
	oracle_trim_into(v, sizeof(v), done->widget_text);
	for (const char *c = v; *c; c++)
		letters += isalpha((unsigned char)*c) != 0;
	if (letters < 2 || strlen(v) > 40 || strchr(v, '\n') || oracle_label_begins_with(v, not_choice))
		return NULL;
	row = oracle_only_widget(after, opener_rid);
	/* The row names the choice now and did not when its tap opened the dialog. */
	if (!row || ui_class_is_editable(row->class_name) || !shows_word(ui_widget_label(row), v) ||
	    (opened_as && shows_word(opened_as, v)) || !view_choice(ui_widget_label(row)) || goes_on(after))
		return NULL;
	snprintf(value, size, "%s", v);
	return row;
}

bool oracle_setting_value_lost(const struct ui_tree *before, const char *activity_before,
			       const struct ui_tree *after, const char *activity_after, const char *rid,
			       const char *value, const char *opened_as, struct oracle_finding *f)
{
	const struct ui_widget *w, *o;
	char v[256];

	if (!before || !after || !rid || !value || !oracle_same_activity(activity_before, activity_after) ||
	    strcmp(heading_of(before), heading_of(after)) || oracle_screen_has_layer(after))
		return false;
	oracle_trim_into(v, sizeof(v), value);
	/* The walk back may reach another item's settings (the podcast a list
	 * row at the same place opens): its name, shown outside the controls,
	 * differs. */
	if (!*v || !same_page(before, after, v))
		return false;
	w = oracle_only_widget(before, rid);
	o = oracle_only_widget(after, rid);
	if (!w || !o || !shows_word(ui_widget_label(w), v) || shows_word(ui_widget_label(o), v))
		return false;
	/* A revert shows the row as it was when its tap opened the dialog; a third text is
	 * another item's row (an item's settings page reached by the same tap on a list row at
	 * the same place, its title the same), whose value this one never was. */
	if (opened_as && *opened_as && strcmp(ui_widget_label(o), opened_as))
		return false;
	oracle_finding_init(f);
	f->oracle = "process_death";
	f->category = BUG_CAT_SETTINGS;
	f->title = xasprintf("Setting '%s' reverts after force-stop and relaunch", ui_widget_label(w));
	f->expected = xasprintf("'%s' still shows '%s', the value set in its dialog", oracle_widget_name(w), v);
	f->actual = xasprintf("it shows '%s'", ui_widget_label(o));
	f->description = xasprintf("A value was set in a dialog ('%s': typed and confirmed, or chosen) and the "
				   "row that opened the dialog showed it; the app was force-stopped (as Android "
				   "kills background processes) and launched again, and back on the same screen "
				   "(%s) the row no longer shows it.", v,
				   activity_before && *activity_before ? activity_before : "same activity");
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "force-stop and relaunch");
	cJSON_AddStringToObject(f->diff, "typed", v);
	cJSON_AddItemToObject(f->diff, "before", oracle_widget_json(w));
	cJSON_AddItemToObject(f->diff, "after", oracle_widget_json(o));
	return true;
}

/*
 * Whether label is a mode button's "<Mode> <state>": two words, the
 * second off, on, all, one or none ("Repeat all", "Shuffle off"). The
 * state's offset in *state.
 */
static bool mode_label(const char *label, size_t *state)
{
	static const char *const states[] = { "off", "on", "all", "one", "none", NULL };
	const char *sp = strchr(label, ' ');

	if (!sp || sp == label || strchr(sp + 1, ' '))
		return false;
	for (const char *c = label; c < sp; c++)
		if (!isalpha((unsigned char)*c))
			return false;
	for (size_t i = 0; states[i]; i++)
		if (!strcasecmp(sp + 1, states[i])) {
			*state = (size_t)(sp + 1 - label);
			return true;
		}
	return false;
}

const struct ui_widget *oracle_mode_changed(const struct ui_tree *before, const char *activity_before,
					    const struct ui_tree *after, const char *activity_after,
					    const struct action *done, char *value, size_t size)
{
	const struct ui_widget *w, *o;
	const char *lw, *lo;
	size_t sw, so;

	if (!before || !after || !done || done->type != ACTION_CLICK || !(w = action_resolve(done, before)) ||
	    w->checkable || !w->enabled || !*w->resource_id || oracle_screen_has_layer(before) ||
	    oracle_screen_has_layer(after) || !oracle_same_activity(activity_before, activity_after) ||
	    oracle_shows_field(before) || oracle_shows_field(after) || oracle_enclosing_row(w))
		return NULL;
	lw = ui_widget_label(w);
	if (!mode_label(lw, &sw) || !(o = oracle_only_widget(after, w->resource_id)) ||
	    oracle_only_widget(before, w->resource_id) != w)
		return NULL;
	lo = ui_widget_label(o);
	if (!mode_label(lo, &so) || sw != so || strncasecmp(lw, lo, sw) || !strcasecmp(lw + sw, lo + so))
		return NULL;
	snprintf(value, size, "%s", lo + so);
	return o;
}

/* ---------------------------------------------------------------- the trip */

void oracle_record_edge(struct oracles_state *st, const struct oracle_step *s)
{
	const struct action *a = s->done;

	if (!a || a->type != ACTION_CLICK || !s->before->in_app || !s->after->in_app ||
	    s->before->sig_abstract == s->after->sig_abstract || oracle_is_save_action(a) ||
	    (!a->widget_text && !a->resource_id))
		return;
	for (size_t i = 0; i < st->n_edges; i++)
		if (st->edges[i].from == s->before->sig_abstract && st->edges[i].to == s->after->sig_abstract)
			return;
	if (st->n_edges >= EDGES_MAX)
		return;
	st->edges = xgrow(st->edges, &st->alloc_edges, st->n_edges + 1, sizeof(*st->edges));
	st->edges[st->n_edges].from = s->before->sig_abstract;
	st->edges[st->n_edges].to = s->after->sig_abstract;
	action_copy(&st->edges[st->n_edges].a, a);
	st->n_edges++;
}

int oracle_find_path(const struct oracles_state *st, uint64_t from, uint64_t to, size_t path[PATH_MAX_CLICKS])
{
	size_t n = st->n_edges;
	/* BFS over edges: via[e] = the edge reached before e (n: e leaves `from`), SIZE_MAX unvisited. */
	size_t *via = xmalloc((n + 1) * sizeof(*via)), *queue = xmalloc((n + 1) * sizeof(*queue));
	int *depth = xmalloc((n + 1) * sizeof(*depth));
	size_t head = 0, tail = 0, hit = SIZE_MAX;
	int len = -1;

	if (from == to) {
		len = 0;
		goto out;
	}
	for (size_t e = 0; e < n; e++)
		via[e] = SIZE_MAX;
	for (size_t e = 0; e < n; e++)
		if (st->edges[e].from == from && st->edges[e].to != from) {
			via[e] = n;
			depth[e] = 1;
			queue[tail++] = e;
		}
	while (head < tail && hit == SIZE_MAX) {
		size_t e = queue[head++];

		if (st->edges[e].to == to) {
			hit = e;
			break;
		}
		if (depth[e] >= PATH_MAX_CLICKS)
			continue;
		for (size_t g = 0; g < n; g++)
			if (via[g] == SIZE_MAX && st->edges[g].from == st->edges[e].to && st->edges[g].to != from) {
				via[g] = e;
				depth[g] = depth[e] + 1;
				queue[tail++] = g;
			}
	}
	if (hit != SIZE_MAX) {
		len = depth[hit];
		for (size_t e = hit, k = (size_t)len; k > 0; e = via[e])
			path[--k] = e;
	}
out:
	free(via);
	free(queue);
	free(depth);
	return len;
}

/* Trace one trip's outcome. */
static void trace_trip(struct agent_env *env, const char *why, const char *outcome, int clicks, const char *left,
		       const char *reached)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "oracle", "process_death");
	cJSON_AddStringToObject(o, "why", why);
	cJSON_AddStringToObject(o, "outcome", outcome);
	cJSON_AddNumberToObject(o, "clicks", clicks);
	/* The app-bar titles of the page the trip left and of the one it reached, when known. */
	if (left)
		cJSON_AddStringToObject(o, "left", left);
	if (reached)
		cJSON_AddStringToObject(o, "reached", reached);
	(void)agent_env_trace(env, "oracle_check", o);
}

/* Whether a and b are the same text once digits are dropped. */
static bool same_but_digits(const char *a, const char *b)
{
	for (;;) {
		while (isdigit((unsigned char)*a))
			a++;
		while (isdigit((unsigned char)*b))
			b++;
		if (*a != *b)
			return false;
		if (!*a)
			return true;
		a++;
		b++;
	}
}

/* Whether w or a widget under it shows exactly text. */
static bool shows_text(const struct ui_widget *w, const char *text)
{
	if (!strcmp(w->text, text))
		return true;
	for (size_t i = 0; i < w->n_children; i++)
		if (shows_text(w->children[i], text))
			return true;
	return false;
}

/*
 * The widget of t with the resource-id of the recorded click a that shows
 * `title` (a list row naming the item whose page had that title); NULL when
 * none or a has no resource-id.
 */
static const struct ui_widget *row_titled(const struct ui_tree *t, const struct action *a, const char *title)
{
	if (!a->resource_id || !title || !*title)
		return NULL;
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (w->clickable && !strcmp(w->resource_id, a->resource_id) && ui_widget_visible(w, &t->screen) &&
		    shows_text(w, title))
			return w;
	}
	return NULL;
}

/*
 * Click along recorded path[0..len) from the screen *cur shows (released and
 * retaken after each click); each click performed is copied to
 * trig[*n_trig]. NULL when the walk arrived, else why it stopped. Each
 * click must reach the screen recorded for it; the last one only when
 * check_last (else the caller judges what it reached). With a title, the
 * last click is made on the row, of the recorded click's resource-id, that
 * shows it: a list's rows lead to one abstract page, and the trip returns
 * to the item whose page it left (splitter's groups). With a goal, the
 * walk ends on the first screen of the goal's activity and app-bar title
 * (no dialog), whatever its labels say.
 */
static const char *walk_path(const struct oracle_step *os, struct shot *cur, const size_t *path, int len,
			     bool check_last, const char *title, const struct shot *goal, struct action *trig,
			     size_t *n_trig)
{
	const struct oracles_state *st = os->st;
	const char *pkg = agent_env_package(os->env);

	for (int k = 0; k < len; k++) {
		const struct nav_edge *e = &st->edges[path[k]];
		const struct ui_widget *w = NULL;
		struct action a;
		bool titled = false;

		/* The last click opens the item whose page the trip left (a list's rows lead to one abstract page). */
		if (k + 1 == len)
			titled = (w = row_titled(cur->tree, &e->a, title)) != NULL;
		if (!w)
			w = action_resolve(&e->a, cur->tree);
		if (!w)
			return "way back lost";
		action_copy(&a, &e->a);
		a.x = (w->bounds.x1 + w->bounds.x2) / 2;
		a.y = (w->bounds.y1 + w->bounds.y2) / 2;
		a.bounds = w->bounds;
		oracle_shot_release(cur);
		if (action_perform(os->dev, &a, pkg) != TD_OK) {
			action_release(&a);
			return "device error";
		}
		/* The row clicked by its title is recorded where it was (a replay resolves it there). */
		action_copy(&trig[(*n_trig)++], titled ? &a : &e->a);
		action_release(&a);
		if (oracle_shot_take(os->dev, cur) != TD_OK || !cur->tree)
			return "device error";
		/* Arrived on the goal's page (its activity and title) by another state of it: a
		 * player whose mode was lost shows other labels, so another abstract screen. */
		if (goal && oracle_same_activity(cur->activity, goal->activity) && !oracle_screen_has_layer(cur->tree) &&
		    oracle_app_bar_title(goal->tree) && oracle_same_title(cur->tree, goal->tree))
			return NULL;
		if ((check_last || k + 1 < len) && ui_sig_abstract(cur->tree, cur->activity) != e->to)
			return "way back lost";
	}
	return NULL;
}

/*
 * Before the force-stop, a setting's page is left as a tester leaves it -
 * Back - and opened again along recorded clicks: a page that comes back
 * showing only its title bar is reported as oracle `blank` (pantry
 * `pantry-settings-blank-after-change`: Settings reopened after a change
 * draws nothing until the app restarts). The Back and the clicks are a side
 * trip of the run.
 */
static void reopen_trip(const struct oracle_step *os, const struct shot *pre)
{
	const char *pkg = agent_env_package(os->env);
	uint64_t target = os->after->sig_abstract;
	struct action trig[1 + PATH_MAX_CLICKS];
	size_t path[PATH_MAX_CLICKS], n_trig = 1;
	const char *outcome = "no way back";
	struct shot cur;
	int len;

	action_init(&trig[0]);
	trig[0].type = ACTION_BACK;
	memset(&cur, 0, sizeof(cur));
	if (action_perform(os->dev, &trig[0], pkg) != TD_OK || oracle_shot_take(os->dev, &cur) != TD_OK ||
	    !cur.tree) {
		outcome = "device error";
		goto out;
	}
	if (!oracle_activity_in_package(cur.activity, pkg) || ui_sig_abstract(cur.tree, cur.activity) == target)
		goto out;
	len = oracle_find_path(os->st, ui_sig_abstract(cur.tree, cur.activity), target, path);
	if (len < 1)
		goto out;
	outcome = walk_path(os, &cur, path, len, false, NULL, NULL, trig, &n_trig);
	if (!outcome) {
		struct oracle_finding f;

		outcome = "kept";
		oracle_finding_init(&f);
		if (oracle_blank_came_back(pre->tree, pre->activity, cur.tree, cur.activity, &trig[n_trig - 1], &f)) {
			char *ev = oracle_write_evidence(os->env, os->before->step, "blank", &cur);

			oracle_report_finding(os->env, os->before->step, &f, trig, n_trig, ev);
			free(ev);
			outcome = "blank";
		}
		oracle_finding_release(&f);
	}
out:
	oracle_record_side_trip(os->env, os->before->step, oracle_kind_process_death.name, trig, n_trig);
	trace_trip(os->env, "reopen", outcome, (int)n_trig - 1, NULL, NULL);
	for (size_t i = 0; i < n_trig; i++)
		action_release(&trig[i]);
	oracle_shot_release(&cur);
}

/*
 * Force-stop, relaunch, walk back to the screen `after` showed, compare.
 * Returns 1 (the device moved) once the app was stopped.
 */
static int death_trip(const struct oracle_step *os, const char *why, const char *rid, const char *value,
		      const char *opened_as)
{
	struct oracles_state *st = os->st;
	struct device *dev = os->dev;
	const char *pkg = agent_env_package(os->env);
	uint64_t target = os->after->sig_abstract, walk_to = target;
	struct action trig[1 + PATH_MAX_CLICKS];
	size_t path[PATH_MAX_CLICKS], n_trig = 0;
	struct shot pre, cur;
	struct oracle_finding f;
	int len;
	const char *outcome = "kept";

	if (!pkg || !*pkg)
		return 0;
	/* The screen as it is now (an earlier trip may have moved it). */
	if (oracle_shot_take(dev, &pre) != TD_OK || !pre.tree ||
	    ui_sig_abstract(pre.tree, pre.activity) != target) {
		oracle_shot_release(&pre);
		trace_trip(os->env, why, "moved", 0, NULL, NULL);
		return 0;
	}
	if (!strcmp(why, "setting") || !strcmp(why, "value")) {
		/* The restart follows from wherever the trip ended; the state compared stays the one shown before it. */
		reopen_trip(os, &pre);
	}
	action_init(&trig[0]);
	trig[0].type = ACTION_RESTART;
	n_trig = 1;
	memset(&cur, 0, sizeof(cur));
	if (action_perform(dev, &trig[0], pkg) != TD_OK || oracle_shot_take(dev, &cur) != TD_OK || !cur.tree) {
		outcome = "device error";
		goto out;
	}
	/* A list cleared: back to the page as it was before the clear (with its
	 * rows), not along the path that reached it empty, which clears it again. */
	if (!strcmp(why, "cleared"))
		walk_to = oracle_screen_has_layer(os->before->tree) ? st->death_under_layer : os->before->sig_abstract;
	len = oracle_find_path(st, ui_sig_abstract(cur.tree, cur.activity), walk_to, path);
	/* A mode's page reached from a screen the relaunch shows in another state (a mini player
	 * paused, not playing: another abstract screen): one recorded click into the page whose
	 * widget this screen shows. */
	for (size_t e = 0; len < 0 && !strcmp(why, "mode") && e < st->n_edges; e++) {
		const struct action *a = &st->edges[e].a;
		const struct ui_widget *w = st->edges[e].to == walk_to && a->resource_id && *a->resource_id
						    ? action_resolve(a, cur.tree)
						    : NULL;

		if (w && !strcmp(w->resource_id, a->resource_id)) {
			path[0] = e;
			len = 1;
		}
	}
	if (len < 0) {
		outcome = "no way back";
		goto out;
	}
	/* A cleared list is judged only one tap from the start: a longer walk
	 * may add rows itself (radio, bench seeds 3-4 of session 62: Favourites,
	 * a station's row that plays it, then History shows the station). */
	if (!strcmp(why, "cleared") && len > 1) {
		outcome = "too far";
		goto out;
	}
	{
		const char *title = oracle_app_bar_title(pre.tree), *now;
		bool mode = !strcmp(why, "mode");
		const char *stop = walk_path(os, &cur, path, len, !mode, title, mode ? &pre : NULL, trig, &n_trig);

		if (stop) {
			outcome = stop;
			goto out;
		}
		/* Another item's page of the same kind: not the one to compare (a
		 * count in the title may change: "Notes (3)" is the page that lost
		 * a note). */
		now = oracle_app_bar_title(cur.tree);
		if (title && *title && (!now || !same_but_digits(now, title))) {
			outcome = "another item";
			goto out;
		}
	}
	oracle_finding_init(&f);
	if (!strcmp(why, "deletion") || !strcmp(why, "cleared") ? oracle_deleted_entry_back(pre.tree, pre.activity, cur.tree, cur.activity, &f)
	    : !strcmp(why, "value") || !strcmp(why, "choice") || !strcmp(why, "mode")
		? oracle_setting_value_lost(pre.tree, pre.activity, cur.tree, cur.activity, rid, value, opened_as, &f)
				    : oracle_saved_state_lost(pre.tree, pre.activity, cur.tree, cur.activity, &f)) {
		char *ev = oracle_write_evidence(os->env, os->before->step, "process_death", &cur);

		oracle_report_finding(os->env, os->before->step, &f, trig, n_trig, ev);
		free(ev);
		outcome = "lost";
	}
	oracle_finding_release(&f);
out:
	/* The trip is part of the run (the restart and the clicks performed):
	 * later paths repeat it, or their replays leave the recorded path. */
	oracle_record_side_trip(os->env, os->before->step, oracle_kind_process_death.name, trig, n_trig);
	trace_trip(os->env, why, outcome, (int)n_trig - 1, oracle_app_bar_title(pre.tree),
		   cur.tree ? oracle_app_bar_title(cur.tree) : NULL);
	for (size_t i = 0; i < n_trig; i++)
		action_release(&trig[i]);
	oracle_shot_release(&pre);
	oracle_shot_release(&cur);
	return 1;
}

/* FNV-1a of a string into h. */
static uint64_t mix(uint64_t h, const char *c)
{
	for (; c && *c; c++)
		h = (h ^ (unsigned char)*c) * 1099511628211ull;
	return (h ^ 0xff) * 1099511628211ull;
}

static int process_death_after_step(const struct oracle_step *s)
{
	struct oracles_state *st = s->st;
	const struct ui_widget *o, *mode;
	char entry[256], value[256] = "", *opener, *opened_as;
	const char *why = NULL;
	uint64_t key = 0;
	bool layer_b, layer_a;
	int moved;

	if (!s->done || !s->before->in_app)
		return 0;
	/* The tap that opened the dialog now shown (kept while the dialog stays): a
	 * value typed there and confirmed may be what its row shows. */
	layer_b = oracle_screen_has_layer(s->before->tree);
	layer_a = s->after->in_app && oracle_screen_has_layer(s->after->tree);
	opener = st->death_opener;
	opened_as = st->death_opened_as;
	st->death_opener = st->death_opened_as = NULL;
	if (layer_b && layer_a) {
		st->death_opener = opener;
		st->death_opened_as = opened_as;
		opener = opened_as = NULL;
	} else if (!layer_b && layer_a && s->done->type == ACTION_CLICK && s->done->resource_id) {
		st->death_opener = xstrdup(s->done->resource_id);
		st->death_opened_as = s->done->widget_text ? xstrdup(s->done->widget_text) : NULL;
	}
	if (!layer_b && layer_a)
		st->death_under_layer = s->before->sig_abstract;
	o = oracle_setting_changed(s->before->tree, s->before->activity, s->after->tree, s->after->activity, s->done);
	if (o) {
		why = "setting";
		key = mix(mix(s->after->sig_abstract ^ 0x51ull, o->resource_id), ui_widget_label(o));
	} else if (oracle_entry_saved(s->before->tree, s->after->tree, s->done, entry, sizeof(entry))) {
		why = "entry";
		key = mix(s->after->sig_abstract ^ 0xe7ull, s->done->resource_id ? s->done->resource_id : "");
	} else if (opener && oracle_dialog_value_set(s->before->tree, s->before->activity, s->after->tree,
						     s->after->activity, s->done, opener, value, sizeof(value))) {
		why = "value";
		key = mix(s->after->sig_abstract ^ 0x7aull, opener);
	} else if (opener && oracle_dialog_choice_set(s->before->tree, s->before->activity, s->after->tree,
						      s->after->activity, s->done, opener, opened_as, value,
						      sizeof(value))) {
		why = "choice";
		key = mix(s->after->sig_abstract ^ 0xc4ull, opener);
	} else if ((mode = oracle_mode_changed(s->before->tree, s->before->activity, s->after->tree,
					       s->after->activity, s->done, value, sizeof(value)))) {
		why = "mode";
		key = mix(s->after->sig_abstract ^ 0x3dull, mode->resource_id);
		free(opener);
		free(opened_as);
		opener = xstrdup(mode->resource_id);
		opened_as = xstrdup(s->done->widget_text ? s->done->widget_text : "");
	} else if (oracle_entry_deleted(s->before->tree, s->after->tree, s->done)) {
		why = "deletion";
		key = mix(s->after->sig_abstract ^ 0xdeull, s->done->resource_id ? s->done->resource_id : "");
	} else if (oracle_list_cleared(s->before->tree, s->after->tree, s->done)) {
		why = "cleared";
		key = mix(s->after->sig_abstract ^ 0xc1ull, s->done->resource_id ? s->done->resource_id : "");
	}
	if (!why || oracle_seen_count(&st->death_seen, &st->n_death, &st->alloc_death, key, false) >= st->state_checks) {
		free(opener);
		free(opened_as);
		return 0;
	}
	(void)oracle_seen_count(&st->death_seen, &st->n_death, &st->alloc_death, key, true);
	moved = death_trip(s, why, opener, value, opened_as);
	free(opener);
	free(opened_as);
	return moved;
}

/*
 * The dialog value a replayed trip was made for: the step before the
 * trigger confirms (Save, OK...) what the inputs just before it typed (with
 * side trips between), in a dialog opened by the click before them. Its resource-id, its label
 * when tapped and the last text typed go to *opener, *opened_as and *value (the replay's strings).
 */
static bool dialog_value_of(const struct oracle_recheck *c, const char **opener, const char **opened_as,
			    const char **value)
{
	size_t k;

	*opener = *opened_as = *value = NULL;
	if (!c->steps || c->n_steps < c->trigger + 3)
		return false;
	k = c->n_steps - c->trigger - 1;
	if (!oracle_is_save_action(&c->steps[k]) || c->steps[k].type != ACTION_CLICK)
		return false;
	/* Other oracles' side trips in the dialog (rotate and back, Home and relaunch) are steps of the path too. */
	while (k > 0 && (c->steps[k - 1].type == ACTION_INPUT || c->steps[k - 1].type == ACTION_ROTATE ||
			 c->steps[k - 1].type == ACTION_HOME || c->steps[k - 1].type == ACTION_START_ACTIVITY ||
			 c->steps[k - 1].type == ACTION_WAIT)) {
		if (!*value && c->steps[k - 1].type == ACTION_INPUT && c->steps[k - 1].text)
			*value = c->steps[k - 1].text;
		k--;
	}
	if (!*value || k == 0 || c->steps[k - 1].type != ACTION_CLICK || !c->steps[k - 1].resource_id)
		return false;
	*opener = c->steps[k - 1].resource_id;
	*opened_as = c->steps[k - 1].widget_text;
	return true;
}

/*
 * The dialog choice a replayed trip was made for: the step before the
 * trigger is a click on a labelled choice (not a confirm) in a dialog
 * opened by the click before it (other oracles' side trips between). Its
 * resource-id, its label when tapped and the choice's label go to *opener,
 * *opened_as and *value.
 */
static bool dialog_choice_of(const struct oracle_recheck *c, const char **opener, const char **opened_as,
			     const char **value)
{
	size_t k;

	*opener = *opened_as = *value = NULL;
	if (!c->steps || c->n_steps < c->trigger + 3)
		return false;
	k = c->n_steps - c->trigger - 1;
	if (c->steps[k].type != ACTION_CLICK || !c->steps[k].widget_text || oracle_is_save_action(&c->steps[k]))
		return false;
	*value = c->steps[k].widget_text;
	while (k > 0 && (c->steps[k - 1].type == ACTION_ROTATE || c->steps[k - 1].type == ACTION_HOME ||
			 c->steps[k - 1].type == ACTION_START_ACTIVITY || c->steps[k - 1].type == ACTION_WAIT))
		k--;
	if (k == 0 || c->steps[k - 1].type != ACTION_CLICK || !c->steps[k - 1].resource_id)
		return false;
	*opener = c->steps[k - 1].resource_id;
	*opened_as = c->steps[k - 1].widget_text;
	return true;
}

/*
 * The mode button a replayed trip was made for: the step before the
 * trigger is a click on a "<Mode> <state>" button (oracle_mode_changed)
 * that the screen after it (*pre) shows in another state. Its resource-id,
 * its label when tapped and the new state go to *rid, *opened_as and value.
 */
static bool mode_of(const struct oracle_recheck *c, const struct replay_screen *pre, const char **rid,
		    const char **opened_as, char *value, size_t size)
{
	const struct action *a;
	const struct ui_widget *o;
	size_t sa, so;

	*rid = *opened_as = NULL;
	if (!c->steps || c->n_steps < c->trigger + 1 || !pre->tree)
		return false;
	a = &c->steps[c->n_steps - c->trigger - 1];
	if (a->type != ACTION_CLICK || !a->resource_id || !a->widget_text || !mode_label(a->widget_text, &sa) ||
	    !(o = oracle_only_widget(pre->tree, a->resource_id)) || !mode_label(ui_widget_label(o), &so) ||
	    !strcasecmp(a->widget_text + sa, ui_widget_label(o) + so))
		return false;
	*rid = a->resource_id;
	*opened_as = a->widget_text;
	snprintf(value, size, "%s", ui_widget_label(o) + so);
	return true;
}

static bool process_death_recheck(const struct oracle_recheck *c, struct oracle_finding *f)
{
	const struct replay_result *r = c->r;
	size_t n = r->n_screens;
	const struct replay_screen *pre, *last;
	const char *opener, *opened_as, *value;

	oracle_finding_init(f);
	if (n < 1 || n <= c->trigger)
		return false;
	last = &r->screens[n - 1];
	pre = &r->screens[n - 1 - c->trigger];
	/* The candidate's trip does not say why it was made: a dialog's value, a deletion's check or the others'. */
	if (dialog_value_of(c, &opener, &opened_as, &value) &&
	    oracle_setting_value_lost(pre->tree, pre->activity, last->tree, last->activity, opener, value,
				      opened_as, f))
		return true;
	oracle_finding_release(f);
	oracle_finding_init(f);
	if (dialog_choice_of(c, &opener, &opened_as, &value)) {
		char v[256];

		oracle_trim_into(v, sizeof(v), value);
		if (oracle_setting_value_lost(pre->tree, pre->activity, last->tree, last->activity, opener, v,
					      opened_as, f))
			return true;
		oracle_finding_release(f);
		oracle_finding_init(f);
	}
	{
		char state[16];

		if (mode_of(c, pre, &opener, &opened_as, state, sizeof(state)) &&
		    oracle_setting_value_lost(pre->tree, pre->activity, last->tree, last->activity, opener, state,
					      opened_as, f))
			return true;
		oracle_finding_release(f);
		oracle_finding_init(f);
	}
	if (oracle_saved_state_lost(pre->tree, pre->activity, last->tree, last->activity, f))
		return true;
	oracle_finding_release(f);
	oracle_finding_init(f);
	return oracle_deleted_entry_back(pre->tree, pre->activity, last->tree, last->activity, f);
}

const struct oracle_kind oracle_kind_process_death = {
	.name = "process_death",
	.config_key = "oracles.process_death",
	.category = BUG_CAT_SETTINGS,
	.doc = "a setting or saved entry gone, or a deleted entry back, after force-stop and relaunch",
	.evidence = "the screen after the trip and the checked states or rows lost",
	.flags = 0,
	.after_step = process_death_after_step,
	.recheck = process_death_recheck,
	/* The last screen and the one before the trigger. */
	.reads = { .last = 1, .before_trigger = true },
};
