/*
 * crud_choice.c - the crud oracle's check of a choice made on an edit form
 * through a selector that shows its value ("List: Pharmacies", tapped, a
 * list picked in a dialog, "List: Lisbon trip"), for crud.c.
 *
 * The page the form was opened from showed the choice's old value under
 * the same label ("List: Pharmacies · colour Teal"); the run picked another
 * value and confirmed; the form closed on that page, which still says
 * "List: <old>" and shows the new value nowhere: the choice was not saved
 * (maps `maps-move-bookmark-not-moved`, Organic Maps #9410: a bookmark
 * moved to another list stays in its old one).
 *
 * Only a selector of an edit form (a screen with a text field), only a
 * page whose text named the old value under the label before the form
 * opened, and only that same page after the confirm are judged: a new
 * entry's choices, or a choice the page shows in other words ("Unit:
 * Kilogram" as "2 kg"), are not.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

/* A selector's label, at most this many bytes ("Best before", "Default location"). */
#define CHOICE_LABEL_MAX UI_SELECTOR_LABEL_MAX

/* Split a selector's text "Label: value" (ui_selector_text) into its label, copied lowered, and value. */
static bool selector_parts(const char *text, char label[CHOICE_LABEL_MAX + 1], const char **value)
{
	size_t len;

	if (!ui_selector_text(text, &len, value))
		return false;
	for (size_t i = 0; i < len; i++)
		label[i] = (char)tolower((unsigned char)text[i]);
	label[len] = '\0';
	return true;
}

/* Whether w of t is a visible selector: a clickable text "Label: value" with a resource-id, outside lists. */
static bool is_selector(const struct ui_tree *t, const struct ui_widget *w)
{
	return w->clickable && *w->resource_id && !ui_class_is_editable(w->class_name) &&
	       ui_widget_visible(w, &t->screen) && !ui_widget_in_list(w) && ui_selector_text(w->text, NULL, NULL);
}

/* The first visible selector of t with this resource-id, or NULL. */
static const struct ui_widget *selector_of(const struct ui_tree *t, const char *rid)
{
	for (size_t i = 0; t && i < t->n_nodes; i++)
		if (!strcmp(t->nodes[i]->resource_id, rid) && is_selector(t, t->nodes[i]))
			return t->nodes[i];
	return NULL;
}

/* Whether t shows a text field (an edit form's selectors are judged, not a page's filters). */
static bool has_text_field(const struct ui_tree *t)
{
	for (size_t i = 0; i < t->n_nodes; i++)
		if (ui_class_is_editable(t->nodes[i]->class_name) && !t->nodes[i]->password &&
		    ui_widget_visible(t->nodes[i], &t->screen))
			return true;
	return false;
}

/* The first visible, non-editable text of t holding the lowered needle, or NULL; not clickable ones unless `clickable`. */
static const char *text_with(const struct ui_tree *t, const char *needle, bool clickable)
{
	for (size_t i = 0; t && i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		char low[1024];

		if (!*w->text || ui_class_is_editable(w->class_name) || (w->clickable && !clickable) ||
		    !ui_widget_visible(w, &t->screen))
			continue;
		oracle_lower_into(low, sizeof(low), w->text);
		if (strstr(low, needle))
			return w->text;
	}
	return NULL;
}

/* "label: value", lowered, into buf. */
static void labelled(char *buf, size_t n, const char *label, const char *value)
{
	char low[512];

	oracle_lower_into(low, sizeof(low), value);
	snprintf(buf, n, "%s: %s", label, low);
}

static void choice_free(struct crud_choice *c)
{
	free(c->rid);
	free(c->label);
	free(c->name);
	free(c->initial);
	free(c->line);
}

void crud_choices_sync(struct crud_choices *cs, const struct ui_tree *tree, uint64_t from,
		       const struct ui_tree *from_tree)
{
	size_t k = 0;

	for (size_t i = 0; i < cs->n; i++) {
		if (selector_of(tree, cs->v[i].rid))
			cs->v[k++] = cs->v[i];
		else
			choice_free(&cs->v[i]);
	}
	cs->n = k;
	if (!has_text_field(tree))
		return;
	for (size_t i = 0; i < tree->n_nodes; i++) {
		const struct ui_widget *w = tree->nodes[i];
		char label[CHOICE_LABEL_MAX + 1], needle[600];
		const char *value, *line;
		bool known = false;

		/* The first selector of each resource-id: a later one finds the first known. */
		if (!is_selector(tree, w))
			continue;
		for (size_t j = 0; j < cs->n && !known; j++)
			known = !strcmp(cs->v[j].rid, w->resource_id);
		if (known || !selector_parts(w->text, label, &value))
			continue;
		labelled(needle, sizeof(needle), label, value);
		line = from ? text_with(from_tree, needle, false) : NULL;
		cs->v = xgrow(cs->v, &cs->alloc, cs->n + 1, sizeof(*cs->v));
		cs->v[cs->n].rid = xstrdup(w->resource_id);
		cs->v[cs->n].label = xstrdup(label);
		cs->v[cs->n].name = xstrndup(w->text, strlen(label));
		cs->v[cs->n].initial = xstrdup(value);
		cs->v[cs->n].line = line ? xstrdup(line) : NULL;
		cs->v[cs->n].from = from;
		cs->n++;
	}
}

bool crud_choices_kept(const struct crud_choices *cs, const struct ui_tree *before, const struct ui_tree *after,
		       uint64_t here, const struct action *done, struct oracle_finding *f)
{
	for (size_t i = 0; i < cs->n; i++) {
		const struct crud_choice *c = &cs->v[i];
		const struct ui_widget *w = selector_of(before, c->rid);
		char label[CHOICE_LABEL_MAX + 1], old[600], now_low[512];
		const char *now, *title;

		if (!c->line || c->from != here || !w || selector_of(after, c->rid) ||
		    !selector_parts(w->text, label, &now) || strcmp(label, c->label) != 0 ||
		    !strcasecmp(now, c->initial))
			continue;
		labelled(old, sizeof(old), c->label, c->initial);
		oracle_lower_into(now_low, sizeof(now_low), now);
		if (!text_with(after, old, false) || text_with(after, now_low, true))
			continue;
		title = oracle_app_bar_title(before);
		oracle_finding_init(f);
		f->category = BUG_CAT_DATA_OPERATION;
		f->oracle = "crud";
		f->title = xasprintf("A choice of '%s' on '%s' is not saved: the page keeps the old one",
				     c->rid, title ? title : "the form");
		f->expected = xasprintf("the page shows '%s', the value chosen, where it showed \"%s\"", now, c->line);
		f->actual = xasprintf("the page still says '%s' under '%s' and no text holds '%s'", c->initial,
				      c->name, now);
		f->description = xasprintf("The page showed \"%s\" before the form was opened; the form's '%s' was "
					   "changed from '%s' to '%s' and '%s' tapped; the form closed on that "
					   "page, which still shows '%s' and nowhere '%s': the choice was not saved.",
					   c->line, c->name, c->initial, now,
					   done->widget_text ? done->widget_text : "confirm", c->initial, now);
		f->diff = cJSON_CreateObject();
		cJSON_AddStringToObject(f->diff, "check", "choice_kept");
		cJSON_AddStringToObject(f->diff, "field", c->rid);
		cJSON_AddStringToObject(f->diff, "chosen", now);
		cJSON_AddStringToObject(f->diff, "previous", c->initial);
		cJSON_AddStringToObject(f->diff, "line", c->line);
		cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
		return true;
	}
	return false;
}

void crud_choices_release(struct crud_choices *cs)
{
	for (size_t i = 0; i < cs->n; i++)
		choice_free(&cs->v[i]);
	free(cs->v);
	memset(cs, 0, sizeof(*cs));
}
