/*
 * excluded.c - oracle 29 "excluded": an item the app shows as excluded or
 * hidden (its switch "Exclude Camera" on) that a later list of the app
 * still shows (gallery, Simple-Gallery #1160: a folder excluded in Manage
 * excluded folders is still listed in Folders).
 *
 * A tracker. Every screen of the app updates the set of items it shows as
 * excluded, read from checkable widgets:
 *   - a switch or checkbox whose own text or content-desc is "Exclude X" or
 *     "Hide X" (X: 3+ characters);
 *   - a switch or checkbox in a list row, on a page whose heading (a text
 *     outside lists) says "excluded" or "hidden" as a whole word: X is the
 *     row's first text ("Hidden apps" over a row "Calculator" and a switch).
 * Checked adds X, unchecked removes it. A screen that shows no such switch
 * and no dialog is then judged: a list row there that shows X character for
 * character (X as the whole text of one of its widgets) contradicts the
 * exclusion. A restart that clears the app's data forgets every item.
 *
 * The title names no item, so that a shorter replay that excludes another
 * item is the same finding; the item is in the description and the diff.
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

#define EXCLUDED_ITEMS 32
#define EXCLUDED_NAME 96

struct oracle_excluded_tracker {
	struct {
		char name[EXCLUDED_NAME];   /* X, as the switch names it */
		char label[EXCLUDED_NAME];  /* the switch's label ("Exclude Camera", or the row's heading) */
		char verb[16];              /* "excluded" or "hidden" */
		cJSON *blamed;              /* the action after which it first showed checked: type, resource-id */
	} items[EXCLUDED_ITEMS];
	size_t n;
};

static const char *const verbs[][2] = { { "exclude ", "excluded" }, { "hide ", "hidden" } };

/*
 * The heading of t's page that names a list of excluded or hidden items
 * (a visible text outside lists, not checkable, of at most three words, the
 * first "Excluded" or "Hidden": "Excluded folders", "Hidden apps"), or
 * NULL; *verb set. A sentence ("Hidden entities are not shown in this
 * view") names no such list.
 */
static const char *exclusion_heading(const struct ui_tree *t, const char **verb)
{
	static const char *const excl[] = { "excluded", NULL }, *const hid[] = { "hidden", NULL };

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		size_t spaces = 0;

		if (!*w->text || w->checkable || ui_class_is_editable(w->class_name) || oracle_enclosing_row(w) ||
		    !ui_widget_visible(w, &t->screen))
			continue;
		for (const char *p = w->text; *p; p++)
			spaces += *p == ' ';
		if (spaces > 2)
			continue;
		if (oracle_label_begins_with(w->text, excl) || oracle_label_begins_with(w->text, hid)) {
			*verb = oracle_label_begins_with(w->text, excl) ? "excluded" : "hidden";
			return w->text;
		}
	}
	return NULL;
}

/*
 * The item that checkable widget w of t excludes or hides into name (its
 * label into label, the verb into *verb); false when w is no such switch.
 */
static bool excluded_item(const struct ui_tree *t, const struct ui_widget *w, const char *heading,
			  const char *heading_verb, char *name, char *label, const char **verb)
{
	const char *own = *w->text ? w->text : w->content_desc;
	const struct ui_widget *row;
	const char *first;

	for (size_t v = 0; v < sizeof(verbs) / sizeof(verbs[0]); v++) {
		size_t n = strlen(verbs[v][0]);

		if (!strncasecmp(own, verbs[v][0], n)) {
			oracle_trim_into(name, EXCLUDED_NAME, own + n);
			snprintf(label, EXCLUDED_NAME, "%s", own);
			*verb = verbs[v][1];
			return strlen(name) >= 3;
		}
	}
	if (!heading || !(row = oracle_enclosing_row(w)) || !(first = oracle_first_text(row)) || !*first)
		return false;
	(void)t;
	oracle_trim_into(name, EXCLUDED_NAME, first);
	snprintf(label, EXCLUDED_NAME, "%s", heading);
	*verb = heading_verb;
	return strlen(name) >= 3;
}

static long find_item(const struct oracle_excluded_tracker *t, const char *name)
{
	for (size_t i = 0; i < t->n; i++)
		if (!strcmp(t->items[i].name, name))
			return (long)i;
	return -1;
}

/*
 * The action `done` blamed for an item newly shown excluded: its type and
 * resource-id, not its label, so that a shortened replay that switches
 * another item of the same list still points at its switch. NULL when it
 * was no tap on a widget.
 */
static cJSON *blame(const struct action *done)
{
	cJSON *b;

	if (!done || (done->type != ACTION_CLICK && done->type != ACTION_CHECK) || !done->resource_id ||
	    !*done->resource_id)
		return NULL;
	b = cJSON_CreateObject();
	cJSON_AddStringToObject(b, "type", action_type_name(done->type));
	cJSON_AddStringToObject(b, "resource_id", done->resource_id);
	return b;
}

static void forget(struct oracle_excluded_tracker *t, size_t at)
{
	cJSON_Delete(t->items[at].blamed);
	t->items[at] = t->items[--t->n];
}

/* Update t from the switches of `after` (`done` led to it); true when it shows any exclusion switch. */
static bool read_switches(struct oracle_excluded_tracker *t, const struct ui_tree *after, const struct action *done)
{
	const char *heading_verb = NULL, *heading = exclusion_heading(after, &heading_verb);
	bool any = false;

	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *w = after->nodes[i];
		char name[EXCLUDED_NAME], label[EXCLUDED_NAME];
		const char *verb = NULL;
		long at;

		if (!w->checkable || !ui_widget_visible(w, &after->screen) ||
		    !excluded_item(after, w, heading, heading_verb, name, label, &verb))
			continue;
		any = true;
		at = find_item(t, name);
		if (w->checked && at < 0 && t->n < EXCLUDED_ITEMS) {
			snprintf(t->items[t->n].name, sizeof(t->items[t->n].name), "%s", name);
			snprintf(t->items[t->n].label, sizeof(t->items[t->n].label), "%s", label);
			snprintf(t->items[t->n].verb, sizeof(t->items[t->n].verb), "%s", verb);
			t->items[t->n].blamed = blame(done);
			t->n++;
		} else if (!w->checked && at >= 0) {
			forget(t, (size_t)at);
		}
	}
	return any;
}

struct oracle_excluded_tracker *oracle_excluded_tracker_new(void)
{
	return xcalloc(1, sizeof(struct oracle_excluded_tracker));
}

void oracle_excluded_tracker_free(struct oracle_excluded_tracker *t)
{
	while (t && t->n)
		forget(t, t->n - 1);
	free(t);
}

bool oracle_excluded_step(struct oracle_excluded_tracker *t, const struct oracle_tracked_step *s,
			  struct oracle_finding *f)
{
	const struct ui_tree *a = s->after;

	if (s->done && s->done->type == ACTION_RESTART && s->done->clear_data)
		while (t->n)
			forget(t, t->n - 1);
	if (!a || !s->after_in_app || read_switches(t, a, s->done) || !t->n || oracle_screen_has_layer(a))
		return false;
	for (size_t i = 0; i < a->n_nodes; i++) {
		const struct ui_widget *w = a->nodes[i];
		long at;

		if (!*w->text || ui_class_is_editable(w->class_name) || !oracle_enclosing_row(w) ||
		    !ui_widget_visible(w, &a->screen) || (at = find_item(t, w->text)) < 0)
			continue;
		oracle_finding_init(f);
		f->oracle = "excluded";
		f->category = BUG_CAT_SETTINGS;
		f->title = xasprintf("An item switched to %s is still listed", t->items[at].verb);
		f->expected = xasprintf("'%s' left out of the app's lists while '%s' is on", w->text, t->items[at].label);
		f->actual = xasprintf("a list row still shows '%s'", w->text);
		f->description = xasprintf("The app showed an item as %s (\"%s\" when found: '%s' switched on), "
					   "and a later list (%s) still shows it in a row: the setting was not applied.",
					   t->items[at].verb, w->text, t->items[at].label,
					   s->activity_after ? s->activity_after : "?");
		f->diff = cJSON_CreateObject();
		cJSON_AddStringToObject(f->diff, "check", "excluded");
		cJSON_AddStringToObject(f->diff, "item", w->text);
		cJSON_AddStringToObject(f->diff, "switch", t->items[at].label);
		cJSON_AddItemToObject(f->diff, "row", oracle_widget_json(w));
		if (t->items[at].blamed)
			cJSON_AddItemToObject(f->diff, "blamed", cJSON_Duplicate(t->items[at].blamed, true));
		{
			/* One bug whichever item: the subject names the verb and the list's activity. */
			char *subject = xasprintf("%s item listed on %s", t->items[at].verb,
						  s->activity_after ? s->activity_after : "?");

			cJSON_AddStringToObject(f->diff, "subject", subject);
			free(subject);
		}
		return true;
	}
	return false;
}

static void *excluded_tracker_new(void)
{
	return oracle_excluded_tracker_new();
}

static void excluded_tracker_free(void *t)
{
	oracle_excluded_tracker_free(t);
}

static bool excluded_track(void *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	return oracle_excluded_step(t, s, f);
}

const struct oracle_kind oracle_kind_excluded = {
	.name = "excluded",
	.config_key = "oracles.excluded",
	.category = BUG_CAT_SETTINGS,
	.doc = "an item the app shows as excluded or hidden (its 'Exclude X' switch on) that a later list still shows",
	.evidence = "the screen before the action, the switch that excluded the item, the row that still shows it",
	.flags = 0,
	.tracker_new = excluded_tracker_new,
	.tracker_free = excluded_tracker_free,
	.track = excluded_track,
};
