/*
 * oracle_entry.c - oracle 10: an entry the app accepted that its list does
 * not show (see oracle.h).
 *
 * The property: on a screen with a text field and a list, a confirm action
 * ("Add", "Save", Enter) that clears the field has accepted the entry, so
 * the list on the same screen must gain a row or show the typed text. A
 * field that still holds the text (the app refused it, or kept it for
 * editing) is not judged, nor is a field that showed only its placeholder, nor are search and password fields, nor screens
 * the action left.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

/* Whether w is a visible field holding typed text worth following. */
static bool entry_field(const struct ui_tree *t, const struct ui_widget *w)
{
	return ui_class_is_editable(w->class_name) && !w->password && *w->resource_id &&
	       ui_widget_visible(w, &t->screen) && strlen(w->text) >= 2 && strcmp(w->text, w->hint) &&
	       !oracle_is_search_field(w);
}

const struct ui_widget *oracle_field_by_id(const struct ui_tree *t, const char *id, bool visible_only)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (ui_class_is_editable(w->class_name) && !strcmp(w->resource_id, id) &&
		    (!visible_only || ui_widget_visible(w, &t->screen)))
			return w;
	}
	return NULL;
}

/* Whether some row of l contains s. */
static bool rows_contain(const struct oracle_list *l, const char *s)
{
	for (size_t r = 0; l && r < l->n_rows; r++)
		if (strstr(l->rows[r], s))
			return true;
	return false;
}

/* The list of ls with this id, or NULL. */
static const struct oracle_list *list_by_id(const struct oracle_list *ls, size_t n, const char *id)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(ls[i].id, id))
			return &ls[i];
	return NULL;
}

/*
 * Whether list w's first row is cut at the top: less than half as tall as
 * every other row of its resource-id. The list was scrolled, and the rows
 * above it lie out of view (ledger's fixed twin, session 67: back from a
 * new transaction, the list kept its scroll, and the new row at its top
 * showed only its date line, 36 pixels of 195).
 */
static bool first_row_cut(const struct ui_widget *w)
{
	const struct ui_widget *first;
	int least = 0;

	if (w->n_children < 2 || !*(first = w->children[0])->resource_id)
		return false;
	for (size_t c = 1; c < w->n_children; c++) {
		const struct ui_widget *r = w->children[c];

		if (!strcmp(r->resource_id, first->resource_id) && (!least || ui_rect_height(&r->bounds) < least))
			least = ui_rect_height(&r->bounds);
	}
	return least > 0 && 2 * ui_rect_height(&first->bounds) < least;
}

/*
 * Whether list `id` of t shows all its rows: a row more would still fit
 * below its last row, inside the screen, every enclosing view, and the
 * list itself when it scrolls, and its first row is not cut at the top
 * (first_row_cut). A full list may hold the new row below the fold, where
 * the dump does not reach.
 */
bool oracle_list_has_room(const struct ui_tree *t, const char *id)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		char wid[512];
		int limit = t->screen.y2, last = w->bounds.y1, height = 0;

		snprintf(wid, sizeof(wid), "%s#%s", w->resource_id, w->class_name);
		if (strcmp(wid, id) != 0)
			continue;
		if (first_row_cut(w))
			return false;
		if (w->scrollable && w->bounds.y2 < limit)
			limit = w->bounds.y2;
		for (const struct ui_widget *p = w->parent; p; p = p->parent)
			if (p->bounds.y2 < limit)
				limit = p->bounds.y2;
		for (size_t c = 0; c < w->n_children; c++)
			if (w->children[c]->bounds.y2 > last) {
				last = w->children[c]->bounds.y2;
				height = ui_rect_height(&w->children[c]->bounds);
			}
		return last + height <= limit;
	}
	return false;
}

uint64_t oracle_filter_note(const struct ui_tree *t)
{
	static const char *const says[] = { "filtered", "filter:", "clear filter", "clear filters", NULL };
	uint64_t h = 0;

	for (size_t i = 0; t && i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		char low[128];

		if (!*w->text || strlen(w->text) >= sizeof(low) || ui_widget_in_list(w) ||
		    !ui_widget_visible(w, &t->screen))
			continue;
		oracle_lower_into(low, sizeof(low), w->text);
		if (oracle_has_word(low, says))
			h = oracle_hash_str(h ? h : ORACLE_HASH_BASIS, low);
	}
	return h;
}

/* A JSON array of the rows of l (empty when l is NULL). */
static cJSON *rows_json(const struct oracle_list *l)
{
	cJSON *a = cJSON_CreateArray();

	for (size_t r = 0; l && r < l->n_rows; r++)
		cJSON_AddItemToArray(a, cJSON_CreateString(l->rows[r]));
	return a;
}

/* Whether list a has a row that b lacks (as multisets of row texts). */
static bool has_new_row(const struct oracle_list *a, const struct oracle_list *b)
{
	for (size_t r = 0; a && r < a->n_rows; r++) {
		size_t ca = 0, cb = 0;

		for (size_t q = 0; q < a->n_rows; q++)
			ca += !strcmp(a->rows[q], a->rows[r]);
		for (size_t q = 0; b && q < b->n_rows; q++)
			cb += !strcmp(b->rows[q], a->rows[r]);
		if (ca > cb)
			return true;
	}
	return false;
}

bool oracle_entry_missing(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			  const char *activity_after, const struct action *done, struct oracle_finding *f)
{
	struct oracle_list *bl = NULL, *al = NULL;
	size_t nb, na, n_entered = 0;
	const struct ui_widget *entered[16]; /* the accepted fields */
	bool shown = false;

	if (!before || !after || !oracle_is_save_action(done) ||
	    strcmp(activity_before ? activity_before : "", activity_after ? activity_after : "") != 0)
		return false;
	/* Accepted fields: still there and no longer holding the typed text
	 * (empty, or the placeholder: dumps without a hint attribute show the
	 * placeholder as text). */
	for (size_t i = 0; i < before->n_nodes && n_entered < 16; i++) {
		const struct ui_widget *w = before->nodes[i], *cw;

		if (entry_field(before, w) && (cw = oracle_field_by_id(after, w->resource_id, false)) &&
		    strcmp(cw->text, w->text))
			entered[n_entered++] = w;
	}
	if (!n_entered)
		return false;
	nb = oracle_lists(before, &bl);
	na = oracle_lists(after, &al);
	/* Shown: a list gained a row it did not have (however the app names
	 * the entry), or shows any of the entered texts; a list that may go on
	 * below the fold cannot tell. Lists that appear only now count too. */
	for (size_t k = 0; k < nb && !shown; k++) {
		const struct oracle_list *a = list_by_id(al, na, bl[k].id);

		shown = has_new_row(a, &bl[k]) || !oracle_list_has_room(after, bl[k].id);
		for (size_t e = 0; e < n_entered && !shown; e++)
			shown = rows_contain(&bl[k], entered[e]->text) || rows_contain(a, entered[e]->text);
	}
	for (size_t k = 0; k < na && !shown; k++)
		for (size_t e = 0; e < n_entered && !shown; e++)
			shown = !list_by_id(bl, nb, al[k].id) && rows_contain(&al[k], entered[e]->text);
	if (nb && !shown) {
		const struct ui_widget *w = entered[0];

		oracle_finding_init(f);
		f->category = BUG_CAT_DATA_OPERATION;
		f->oracle = "entry_missing";
		f->title = xasprintf("'%s' accepted \"%s\" but the list does not show it",
				     done->widget_text && *done->widget_text ? done->widget_text : "Save", w->text);
		f->description = xasprintf("After typing \"%s\" into '%s' and confirming, the field was cleared (the "
					   "entry was accepted) but no list on the screen gained a row or shows it.",
					   w->text, *w->hint ? w->hint : w->resource_id);
		f->expected = xasprintf("the list shows a row with \"%s\"", w->text);
		f->actual = xasprintf("the list still has %zu rows, none with \"%s\"", bl[0].n_rows, w->text);
		f->diff = cJSON_CreateObject();
		cJSON_AddStringToObject(f->diff, "field", w->resource_id);
		cJSON_AddStringToObject(f->diff, "entered", w->text);
		{
			/* One bug whatever was typed: titles name the (random) entry, the
			 * subject names the screen, the field and the list. */
			char *subject = xasprintf("entry on %s: %s into %s", activity_before ? activity_before : "?",
						  w->resource_id, bl[0].id);

			cJSON_AddStringToObject(f->diff, "subject", subject);
			free(subject);
		}
		cJSON_AddStringToObject(f->diff, "list", bl[0].id);
		cJSON_AddItemToObject(f->diff, "rows_before", rows_json(&bl[0]));
		cJSON_AddItemToObject(f->diff, "rows_after", rows_json(list_by_id(al, na, bl[0].id)));
	}
	oracle_lists_free(bl, nb);
	oracle_lists_free(al, na);
	return nb && !shown;
}

const struct oracle_kind oracle_kind_entry_missing = {
	.name = "entry_missing",
	.config_key = "oracles.entry_missing",
	.category = BUG_CAT_DATA_OPERATION,
	.doc = "an accepted entry (its field cleared) that no list shows",
	.evidence = "the screen before the confirm and the fields and lists compared",
	.flags = 0,
	.step_check = oracle_entry_missing,
};
