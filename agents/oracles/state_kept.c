/*
 * state_kept.c - oracle 28 "state_kept": an item marked read, archived or
 * done on its own page, after which the app shows a list filtered to the
 * items not in that state (its selected tab says Unread, Inbox, To do...)
 * and that list still shows the item: the state change was not applied
 * (readlater, wallabag android-app #55: Mark as read returns to Unread,
 * where the article is still listed).
 *
 * The check reads the two screens around the click (a step check, rechecked
 * on the replay's last two): the click's label names the state ("Mark as
 * read", "Archive", "Mark as done"); the item is a text of the page the
 * click was on, outside lists, that a row of the list on the next screen
 * shows word for word; the next screen's selected tab names the opposite
 * state. An Undo on the next screen (a removal the app lets the user take
 * back before it applies it) is not judged.
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

/* A state an item is marked into, the labels that mark it, and the list filters it leaves. */
struct item_state {
	const char *name;
	const char *const *labels;
	const char *const *left;
};

static const char *const read_labels[] = { "mark as read", "mark read", NULL };
static const char *const read_left[] = { "unread", NULL };
static const char *const archive_labels[] = { "archive", "move to archive", NULL };
static const char *const archive_left[] = { "inbox", "unread", NULL };
static const char *const done_labels[] = { "mark as done", "mark done", "mark as complete", "mark complete",
					   "mark as completed", "mark as finished", "complete", NULL };
static const char *const done_left[] = { "to do", "todo", "active", "open", "pending", "incomplete", "unfinished",
					 "not done", NULL };

static const struct item_state states[] = {
	{ "read", read_labels, read_left },
	{ "archived", archive_labels, archive_left },
	{ "done", done_labels, done_left },
};

/* The state a click labelled `label` marks its item into, or NULL. */
static const struct item_state *state_of_label(const char *label)
{
	char low[64], trimmed[64];

	if (!label || strlen(label) >= sizeof(low))
		return NULL;
	oracle_trim_into(trimmed, sizeof(trimmed), label);
	oracle_lower_into(low, sizeof(low), trimmed);
	for (size_t s = 0; s < sizeof(states) / sizeof(states[0]); s++)
		for (size_t i = 0; states[s].labels[i]; i++)
			if (!strcmp(low, states[s].labels[i]))
				return &states[s];
	return NULL;
}

/* Whether t shows an Undo (a text or button whose label is "Undo"). */
static bool offers_undo(const struct ui_tree *t)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (ui_widget_visible(w, &t->screen) && (!strcasecmp(w->text, "undo") || !strcasecmp(w->content_desc, "undo")))
			return true;
	}
	return false;
}

/*
 * The row widget of `after` that shows, word for word, a text of `before`
 * outside lists (6+ characters, not clickable, not a field); *name: that
 * text on before. NULL when none.
 */
static const struct ui_widget *item_still_listed(const struct ui_tree *before, const struct ui_tree *after,
						 const struct ui_widget **name)
{
	for (size_t i = 0; i < before->n_nodes; i++) {
		const struct ui_widget *b = before->nodes[i];

		if (strlen(b->text) < 6 || b->clickable || ui_class_is_editable(b->class_name) ||
		    oracle_enclosing_row(b) || !ui_widget_visible(b, &before->screen))
			continue;
		for (size_t j = 0; j < after->n_nodes; j++) {
			const struct ui_widget *a = after->nodes[j];

			if (!strcmp(a->text, b->text) && oracle_enclosing_row(a) && ui_widget_visible(a, &after->screen)) {
				*name = b;
				return a;
			}
		}
	}
	return NULL;
}

bool oracle_state_kept(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
		       const char *activity_after, const struct action *done, struct oracle_finding *f)
{
	const struct item_state *st;
	const struct ui_widget *row_text, *name = NULL;
	char *sel;
	char low[512];
	bool left;

	if (!before || !after || !done || done->type != ACTION_CLICK || !(st = state_of_label(done->widget_text)))
		return false;
	/* The selected tab that names the items not in the state (several nav groups: '\t' between them). */
	sel = oracle_selected_nav_items(after);
	left = false;
	for (char *tab = sel, *next; tab && *tab && !left; tab = next) {
		next = strchr(tab, '\t');
		if (next)
			*next++ = '\0';
		oracle_lower_into(low, sizeof(low), tab);
		if (oracle_has_whole_word(low, st->left)) {
			left = true;
			memmove(sel, tab, strlen(tab) + 1);
		}
	}
	if (!left || offers_undo(after) || !(row_text = item_still_listed(before, after, &name))) {
		free(sel);
		return false;
	}
	oracle_finding_init(f);
	f->oracle = "state_kept";
	f->category = BUG_CAT_DATA_OPERATION;
	/* The title names no item: any item shows the bug, and a shorter replay may open another one. */
	f->title = xasprintf("'%s' leaves the item listed under '%s'", done->widget_text, sel);
	f->expected = xasprintf("the item no longer listed under '%s' once it is %s", sel, st->name);
	f->actual = xasprintf("the list under '%s' still shows it (\"%s\" when found)", sel, row_text->text);
	f->description = xasprintf("'%s' was tapped on an item's page (\"%s\" when found, %s). The app went to the "
				   "list under '%s', which holds the items that are not %s, and that list still "
				   "shows the item: it was not marked %s.",
				   done->widget_text, name->text, activity_before ? activity_before : "?", sel, st->name,
				   st->name);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "state_kept");
	cJSON_AddStringToObject(f->diff, "state", st->name);
	cJSON_AddStringToObject(f->diff, "tab", sel);
	cJSON_AddItemToObject(f->diff, "item", oracle_widget_json(name));
	cJSON_AddItemToObject(f->diff, "row", oracle_widget_json(row_text));
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	{
		/* One bug whichever item: the subject names the page, the state and the list. */
		char *subject = xasprintf("marked %s on %s, kept under %s", st->name,
					  activity_before ? activity_before : "?", low);

		cJSON_AddStringToObject(f->diff, "subject", subject);
		free(subject);
	}
	(void)activity_after;
	free(sel);
	return true;
}

const struct oracle_kind oracle_kind_state_kept = {
	.name = "state_kept",
	.config_key = "oracles.state_kept",
	.category = BUG_CAT_DATA_OPERATION,
	.doc = "an item marked read, archived or done that the list of items not in that state still shows",
	.evidence = "the item's page before the click, and the filtered list after it",
	.flags = 0,
	.step_check = oracle_state_kept,
};
