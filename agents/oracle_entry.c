/*
 * oracle_entry.c - oracle 10: an entry the app accepted that its list does
 * not show (see oracle.h).
 *
 * The property: on a screen with a text field and a list, a confirm action
 * ("Add", "Save", Enter) that clears the field has accepted the entry, so
 * the list on the same screen must gain a row or show the typed text. A
 * field that still holds the text (the app refused it, or kept it for
 * editing) is not judged, nor are search and password fields, nor screens
 * the action left.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "core/xalloc.h"

/* Whether w is a visible field holding typed text worth following. */
static bool entry_field(const struct ui_tree *t, const struct ui_widget *w)
{
	static const char *const skip[] = { "search", "filter", "find", "query", NULL };

	if (!ui_class_is_editable(w->class_name) || w->password || !*w->resource_id ||
	    !ui_widget_visible(w, &t->screen) || strlen(w->text) < 2 || !strcmp(w->text, w->hint))
		return false;
	for (size_t i = 0; skip[i]; i++)
		if (strcasestr(w->resource_id, skip[i]) || strcasestr(w->hint, skip[i]))
			return false;
	return true;
}

/* The editable widget of t with this resource-id, or NULL. */
static const struct ui_widget *field_by_id(const struct ui_tree *t, const char *id)
{
	for (size_t i = 0; i < t->n_nodes; i++)
		if (ui_class_is_editable(t->nodes[i]->class_name) && !strcmp(t->nodes[i]->resource_id, id))
			return t->nodes[i];
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

/* A JSON array of the rows of l (empty when l is NULL). */
static cJSON *rows_json(const struct oracle_list *l)
{
	cJSON *a = cJSON_CreateArray();

	for (size_t r = 0; l && r < l->n_rows; r++)
		cJSON_AddItemToArray(a, cJSON_CreateString(l->rows[r]));
	return a;
}

bool oracle_entry_missing(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			  const char *activity_after, const struct action *done, struct oracle_finding *f)
{
	struct oracle_list *bl = NULL, *al = NULL;
	size_t nb, na;
	bool hit = false;

	if (!before || !after || !oracle_is_save_action(done) ||
	    strcmp(activity_before ? activity_before : "", activity_after ? activity_after : "") != 0)
		return false;
	nb = oracle_lists(before, &bl);
	na = oracle_lists(after, &al);
	for (size_t i = 0; i < before->n_nodes && nb && !hit; i++) {
		const struct ui_widget *w = before->nodes[i], *cw;
		bool shown = false;

		if (!entry_field(before, w))
			continue;
		/* Accepted: the same field is still there and was emptied. */
		cw = field_by_id(after, w->resource_id);
		if (!cw || (*cw->text && strcmp(cw->text, cw->hint) != 0))
			continue;
		for (size_t k = 0; k < nb && !shown; k++) {
			const struct oracle_list *a = list_by_id(al, na, bl[k].id);

			shown = (a && a->n_rows > bl[k].n_rows) || rows_contain(&bl[k], w->text) ||
				rows_contain(a, w->text);
		}
		/* Lists that appear only after the action count as showing it too. */
		for (size_t k = 0; k < na && !shown; k++)
			shown = !list_by_id(bl, nb, al[k].id) && rows_contain(&al[k], w->text);
		if (shown)
			continue;
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
		cJSON_AddStringToObject(f->diff, "list", bl[0].id);
		cJSON_AddItemToObject(f->diff, "rows_before", rows_json(&bl[0]));
		cJSON_AddItemToObject(f->diff, "rows_after", rows_json(list_by_id(al, na, bl[0].id)));
		hit = true;
	}
	oracle_lists_free(bl, nb);
	oracle_lists_free(al, na);
	return hit;
}
