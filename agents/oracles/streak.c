/*
 * streak.c - oracle 57 "streak": a box ticked in a list row that shows a
 * streak ("Streak 21", "21-day streak") which, once the box shows ticked,
 * still shows the same number (quests `quests-daily-streak-not-updated`,
 * habitica-android #934: a daily checked off keeps "Streak 21" until the
 * next sync).
 *
 * A step check. The step taps a checkable widget (a box or switch, not a
 * tab) that sits in a list row, unticked before the step, on a page with no
 * dialog. The row shows a streak: a text of its own holding the word
 * "streak" and one whole number (1-9999). After the step, on the same
 * activity with no dialog, a row of a list has the row's first other text
 * (its name), the tapped widget's resource-id ticked, and a streak text:
 * reported when its number is the one shown before. A tick completes the
 * day's repetition, so the streak goes up by one (or starts again at 1,
 * which is another number too). Unticking is not judged (an app may keep
 * or drop the day). One report per row name and activity (the subject).
 *
 * Blind: a streak shown on another page than the ticked row (a habit's
 * statistics), a streak drawn as flames or dots without a number, a tick
 * that opens a dialog first (an amount to enter), a streak that the app
 * counts only after the day ends (say so on the row, and it is judged
 * wrongly: no app of the benchmark does).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

/* The streak a text shows: the word "streak" and one whole number; -1 when it shows none. */
static long streak_of(const char *text)
{
	char low[96];
	long n = -1;

	if (!*text || strlen(text) >= sizeof(low))
		return -1;
	oracle_lower_into(low, sizeof(low), text);
	if (!strstr(low, "streak"))
		return -1;
	for (const char *p = low; *p; p++) {
		if (!isdigit((unsigned char)*p))
			continue;
		if (n >= 0 || (p > low && (isdigit((unsigned char)p[-1]) || p[-1] == '.' || p[-1] == ',')))
			return -1; /* two numbers, or a decimal */
		n = strtol(p, NULL, 10);
		while (isdigit((unsigned char)p[1]))
			p++;
		if (p[1] == '.' || p[1] == ',' || p[1] == '/')
			return -1; /* "2.5", "3/7" */
	}
	return n >= 1 && n <= 9999 ? n : -1;
}

/* The streak text of row (a visible text in its subtree), its number in *n; NULL when none. */
static const struct ui_widget *row_streak(const struct ui_tree *t, const struct ui_widget *row, long *n)
{
	for (size_t i = row->order, end = ui_subtree_end(t, row); i < end; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (ui_widget_visible(w, &t->screen) && (*n = streak_of(w->text)) >= 0)
			return w;
	}
	return NULL;
}

/* The name of row: its first visible text that is no streak, no number alone; "" when none. */
static const char *row_name(const struct ui_tree *t, const struct ui_widget *row)
{
	for (size_t i = row->order, end = ui_subtree_end(t, row); i < end; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (*w->text && ui_widget_visible(w, &t->screen) && streak_of(w->text) < 0 &&
		    strspn(w->text, "0123456789 ") != strlen(w->text))
			return w->text;
	}
	return "";
}

/* The row of `after` named `name` with a ticked widget of resource-id rid; NULL when none. */
static const struct ui_widget *ticked_row(const struct ui_tree *after, const char *name, const char *rid)
{
	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *w = after->nodes[i], *row;

		if (strcmp(w->resource_id, rid) || !w->checked || !ui_widget_visible(w, &after->screen) ||
		    !(row = oracle_enclosing_row(w)) || strcmp(row_name(after, row), name))
			continue;
		return row;
	}
	return NULL;
}

bool oracle_streak_kept(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			const char *activity_after, const struct action *done, struct oracle_finding *f)
{
	const struct ui_widget *w, *row, *now_row, *was, *now;
	const char *name;
	long n_was, n_now;

	if (!before || !after || !done || (done->type != ACTION_CLICK && done->type != ACTION_CHECK) ||
	    oracle_screen_has_layer(before) || oracle_screen_has_layer(after) ||
	    !oracle_same_activity(activity_before, activity_after))
		return false;
	w = action_resolve(done, before);
	if (!w || !w->checkable || w->checked || !*w->resource_id || oracle_is_nav_item(w) ||
	    !(row = oracle_enclosing_row(w)) || !(was = row_streak(before, row, &n_was)))
		return false;
	name = row_name(before, row);
	if (!*name || !(now_row = ticked_row(after, name, w->resource_id)) ||
	    !(now = row_streak(after, now_row, &n_now)) || n_now != n_was)
		return false;
	oracle_finding_init(f);
	f->oracle = "streak";
	f->category = BUG_CAT_CALCULATION;
	f->title = xasprintf("Ticking '%s' leaves its '%s'", name, now->text);
	f->expected = xasprintf("the streak of '%s' one more than %ld (or started again) once it is ticked", name,
				n_was);
	f->actual = xasprintf("'%s' ticked, its row still says \"%s\"", name, now->text);
	f->description = xasprintf("'%s' was ticked in its row, which showed \"%s\"; the row now shows the box ticked "
				   "and still \"%s\": the streak did not count the day.",
				   name, was->text, now->text);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "streak");
	{
		char *subject = xasprintf("streak of '%s' on %s", name, activity_after ? activity_after : "");

		cJSON_AddStringToObject(f->diff, "subject", subject);
		free(subject);
	}
	cJSON_AddItemToObject(f->diff, "streak", oracle_widget_json(now));
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	return true;
}

const struct oracle_kind oracle_kind_streak = {
	.name = "streak",
	.config_key = "oracles.streak",
	.category = BUG_CAT_CALCULATION,
	.doc = "a box ticked in a list row showing a streak (\"Streak 21\") whose row, ticked, shows the same number",
	.evidence = "the row before and after the tick",
	.flags = 0,
	.step_check = oracle_streak_kept,
};
