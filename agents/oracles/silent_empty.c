/*
 * silent_empty.c - oracle 39 "silent_empty": a choice made in a dialog
 * empties the page's list and nothing says so (transit
 * `transit-options-change-blank`, modelled on OneBusAway #1036: the means
 * of transport changed so that no connection is left, and the page shows
 * only the route and the options, no "No connections found").
 *
 * A tracker of three screens. A click on a page - no dialog, a row or
 * more in view in its lists - on a widget outside the lists that shows a
 * text (the option: "All means of transport") opens a dialog on the same
 * activity. A click in the dialog (a dialog may lead to another, up to
 * three steps) returns to the page: the same activity and app-bar title,
 * no dialog, and the opener, found again by its resource-id, now shows
 * the choice tapped (its text holds the tapped label, or the label holds
 * it) and not what it showed before.
 * The choice was applied. If no list of the page has a row in view now,
 * no text says there is nothing to show ("No connections found", "No
 * results", a list's placeholder: oracle_empty_state) and no progress
 * spinner is shown, the user is left with an empty page and no word why.
 *
 * Not judged: a choice that did not reach the opener (a Cancel, an
 * action in the dialog such as Delete, which is no option), a page whose
 * lists had no row, a page that still shows a row, a spinner (still
 * loading). One report per activity and opener.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/ui.h"
#include "core/xalloc.h"

enum { SILENT_EMPTY_ROWS_MIN = 1, SILENT_EMPTY_DIALOG_STEPS = 3, SILENT_EMPTY_REPORTED = 8 };

struct silent_empty_tracker {
	bool pending;        /* a dialog is open over the page noted below */
	int dialog_steps;    /* steps taken inside it */
	char *activity;      /* the page: activity, */
	char *title;         /* app-bar title, */
	long rows;           /* rows in view of its lists, */
	char *opener_rid;    /* the opener's resource-id */
	char *opener_text;   /* and text when its tap opened the dialog */
	cJSON *tap;          /* the tap that opened the dialog */
	uint64_t reported[SILENT_EMPTY_REPORTED];
	size_t n_reported;
};

static void silent_empty_forget(struct silent_empty_tracker *t)
{
	free(t->activity);
	free(t->title);
	free(t->opener_rid);
	free(t->opener_text);
	cJSON_Delete(t->tap);
	t->activity = t->title = t->opener_rid = t->opener_text = NULL;
	t->tap = NULL;
	t->pending = false;
	t->dialog_steps = 0;
	t->rows = 0;
}

/* The rows in view of every list of tree (not under a dialog). */
static long rows_in_view(const struct ui_tree *tree)
{
	long rows = 0;

	for (size_t i = 0; i < tree->n_nodes; i++) {
		const struct ui_widget *w = tree->nodes[i];

		if (oracle_is_list(w) && ui_widget_visible(w, &tree->screen) && !oracle_hidden_under_layer(tree, w))
			rows += oracle_rows_in_view(tree, w);
	}
	return rows;
}

/* Whether tree shows a progress spinner (a ProgressBar that is no meter). */
static bool shows_spinner(const struct ui_tree *tree)
{
	for (size_t i = 0; i < tree->n_nodes; i++) {
		const struct ui_widget *w = tree->nodes[i];

		if (strstr(w->class_name, "ProgressBar") && ui_widget_visible(w, &tree->screen))
			return true;
	}
	return false;
}

/* The text a widget shows: its own, else its first child text. */
static const char *shown_text(const struct ui_widget *w)
{
	const char *s = *w->text ? w->text : oracle_first_text(w);

	return s ? s : "";
}

/* Note a click on a page (no dialog, a row in view) on a widget outside lists that opened a dialog. */
static void note_opener(struct silent_empty_tracker *t, const struct oracle_tracked_step *s)
{
	const struct ui_widget *w = action_resolve(s->done, s->before);
	const char *title = oracle_app_bar_title(s->before), *text;
	long rows;

	if (!w || !*w->resource_id || ui_widget_in_list(w) || w->checkable || !title ||
	    oracle_screen_has_layer(s->before) || !oracle_screen_has_layer(s->after) ||
	    !oracle_same_activity(s->activity_before, s->activity_after))
		return;
	text = shown_text(w);
	rows = rows_in_view(s->before);
	if (strlen(text) < 2 || rows < SILENT_EMPTY_ROWS_MIN)
		return;
	t->pending = true;
	t->activity = xstrdup(s->activity_before ? s->activity_before : "");
	t->title = xstrdup(title);
	t->rows = rows;
	t->opener_rid = xstrdup(w->resource_id);
	t->opener_text = xstrdup(text);
	t->tap = action_to_json(s->done);
}

/* Whether the opener now shows the choice labelled `choice`: one holds the other, case aside. */
static bool names_choice(const char *now, const char *choice)
{
	return strlen(choice) >= 2 && (strcasestr(now, choice) || strcasestr(choice, now));
}

static void fill(struct oracle_finding *f, const struct silent_empty_tracker *t, const char *now, const char *choice)
{
	char *subject;

	oracle_finding_init(f);
	f->category = BUG_CAT_FEEDBACK_MISSING;
	f->oracle = "silent_empty";
	f->title = xasprintf("Choosing '%s' empties '%s' without a word", choice, t->title);
	f->expected = xstrdup("the rows the choice leaves, or a message that none is left (\"No results\")");
	f->actual = xasprintf("'%s' shows no row and no message after '%s' was chosen", t->title, now);
	f->description = xasprintf("'%s' listed %ld row%s with '%s'. After '%s' was chosen in the dialog its tap "
				   "opened, the page shows '%s' and no row, with no text saying that nothing "
				   "matches and no spinner.",
				   t->title, t->rows, t->rows == 1 ? "" : "s", t->opener_text, choice, now);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "silent_empty");
	cJSON_AddStringToObject(f->diff, "opener", t->opener_rid);
	cJSON_AddStringToObject(f->diff, "opened_as", t->opener_text);
	cJSON_AddStringToObject(f->diff, "now", now);
	cJSON_AddNumberToObject(f->diff, "rows_before", (double)t->rows);
	cJSON_AddItemToObject(f->diff, "blamed", cJSON_Duplicate(t->tap, 1));
	subject = xasprintf("silent empty: %s %s", t->activity, t->opener_rid);
	cJSON_AddStringToObject(f->diff, "subject", subject);
	free(subject);
}

/* The step returning from the dialog: true with *f when it left the page empty and silent. */
static bool judge_return(struct silent_empty_tracker *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	const struct ui_widget *opener, *tapped = action_resolve(s->done, s->before);
	const char *title = oracle_app_bar_title(s->after), *now, *choice;
	char label[256];
	uint64_t key;

	if (s->done->type != ACTION_CLICK || !title || strcmp(title, t->title) ||
	    !oracle_same_activity(t->activity, s->activity_after))
		return false;
	opener = oracle_only_widget(s->after, t->opener_rid);
	if (!opener)
		return false;
	now = shown_text(opener);
	choice = tapped ? oracle_item_label(tapped) : NULL;
	if (!choice || !*choice)
		choice = s->done->widget_text ? s->done->widget_text : "";
	snprintf(label, sizeof(label), "%s", choice);
	if (!strcmp(now, t->opener_text) || !names_choice(now, label))
		return false;
	if (rows_in_view(s->after) > 0 || oracle_empty_state(s->after) || shows_spinner(s->after))
		return false;
	key = oracle_hash_str(oracle_hash_str(ORACLE_HASH_BASIS, t->activity), t->opener_rid);
	for (size_t i = 0; i < t->n_reported && i < SILENT_EMPTY_REPORTED; i++)
		if (t->reported[i] == key)
			return false;
	t->reported[t->n_reported++ % SILENT_EMPTY_REPORTED] = key;
	fill(f, t, now, label);
	return true;
}

static bool silent_empty_step(struct silent_empty_tracker *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	bool hit = false;

	if (!s->done || !s->before || !s->after || !s->after_in_app) {
		silent_empty_forget(t);
		return false;
	}
	if (t->pending) {
		if (oracle_screen_has_layer(s->after)) {
			/* Still in a dialog (or a second one): wait a few steps for the return. */
			if (++t->dialog_steps >= SILENT_EMPTY_DIALOG_STEPS)
				silent_empty_forget(t);
			return false;
		}
		hit = judge_return(t, s, f);
		silent_empty_forget(t);
		if (hit)
			return true;
	}
	if (s->done->type == ACTION_CLICK)
		note_opener(t, s);
	return false;
}

static void *silent_empty_tracker_new(void)
{
	return xcalloc(1, sizeof(struct silent_empty_tracker));
}

static void silent_empty_tracker_free(void *p)
{
	struct silent_empty_tracker *t = p;

	if (!t)
		return;
	silent_empty_forget(t);
	free(t);
}

static bool silent_empty_track(void *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	return silent_empty_step(t, s, f);
}

const struct oracle_kind oracle_kind_silent_empty = {
	.name = "silent_empty",
	.config_key = "oracles.silent_empty",
	.category = BUG_CAT_FEEDBACK_MISSING,
	.doc = "a choice made in a dialog that the page's option now shows and that leaves its lists (a row "
	       "or more before) with no row, no message that nothing is left and no spinner",
	.evidence = "the page before the dialog, the choice, and the page after it",
	.flags = 0,
	.tracker_new = silent_empty_tracker_new,
	.tracker_free = silent_empty_tracker_free,
	.track = silent_empty_track,
};
