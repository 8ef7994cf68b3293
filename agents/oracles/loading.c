/*
 * loading.c - oracle "loading" (oracle 9): a page that never finishes
 * loading (its spinner is still there, and nothing else moved, after a wait).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
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

/* Whether the class is a progress spinner/bar, not a seek or rating bar. */
static bool is_progress_class(const char *c)
{
	size_t n = strlen(c);

	if (strstr(c, "SeekBar") || strstr(c, "RatingBar"))
		return false;
	return (n >= 11 && !strcmp(c + n - 11, "ProgressBar")) || strstr(c, "ProgressIndicator");
}

/* The words that may stand between an amount and its whole: "23.4 GB used of 64 GB". */
static const char *const done_words[] = { "used", "done", "read", "completed", "downloaded", "uploaded",
					  "synced", "full", NULL };

/* Skips a unit of measure ("GB", "km", "h") and a word saying what the amount is ("used"). */
static const char *skip_amount_words(const char *q)
{
	size_t n = 0;

	while (n < 3 && isalpha((unsigned char)q[n]))
		n++;
	if (n && q[n] == ' ' && strncasecmp(q, "of ", 3) != 0)
		for (q += n; *q == ' ';)
			q++;
	for (size_t i = 0; done_words[i]; i++) {
		n = strlen(done_words[i]);
		if (!strncasecmp(q, done_words[i], n) && q[n] == ' ') {
			for (q += n; *q == ' ';)
				q++;
			break;
		}
	}
	return q;
}

/*
 * Whether s states how far something got: "2 of 12 books", "120/304",
 * "This week: 135 / 120 min", "40%",
 * "23.4 GB used of 64 GB". A count of things before "of" ("10 books of
 * 2026") is not an amount of progress.
 */
static bool states_progress(const char *s)
{
	for (const char *p = s; *p; p++) {
		const char *q = p;

		if (!isdigit((unsigned char)*p) || (p > s && isdigit((unsigned char)p[-1])))
			continue;
		while (isdigit((unsigned char)*q))
			q++;
		if ((*q == '.' || *q == ',') && isdigit((unsigned char)q[1]))
			for (q++; isdigit((unsigned char)*q);)
				q++;
		while (*q == ' ')
			q++;
		q = skip_amount_words(q);
		if (*q == '%' || (!strncasecmp(q, "of ", 3) && isdigit((unsigned char)q[3])))
			return true;
		if (*q == '/') { /* "120/304", and with spaces: "135 / 120 min" */
			for (q++; *q == ' ';)
				q++;
			if (isdigit((unsigned char)*q))
				return true;
		}
	}
	return false;
}

/*
 * Whether bar w is a meter, not a wait: it or a text right beside it (the
 * sibling before or after) states the amount it shows, as a reading
 * challenge's "2 of 12 books" or a download's "40%" does.
 */
static bool is_meter(const struct ui_widget *w)
{
	const struct ui_widget *p = w->parent;

	if (states_progress(w->text) || states_progress(w->content_desc))
		return true;
	for (size_t i = 0; p && i < p->n_children; i++) {
		if (p->children[i] != w)
			continue;
		if ((i > 0 && states_progress(oracle_first_text(p->children[i - 1]))) ||
		    (i + 1 < p->n_children && states_progress(oracle_first_text(p->children[i + 1]))))
			return true;
	}
	return false;
}

const struct ui_widget *oracle_loading_spinner(const struct ui_tree *t)
{
	for (size_t i = 0; t && i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		/* A bar inside a list row is a row's progress (a download), not the page's. */
		if (is_progress_class(w->class_name) && w->visible_to_user && ui_widget_visible(w, &t->screen) &&
		    !oracle_enclosing_row(w) && !is_meter(w))
			return w;
	}
	return NULL;
}

/* The visible texts (text, else content-desc) of t, sorted. Caller frees the array, not the strings. */
static size_t visible_texts(const struct ui_tree *t, const char ***out)
{
	const char **arr = NULL;
	size_t n = 0, alloc = 0;

	for (size_t i = 0; t && i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		const char *s = *w->text ? w->text : w->content_desc;

		if (!*s || !ui_widget_visible(w, &t->screen))
			continue;
		arr = xgrow(arr, &alloc, n + 1, sizeof(*arr));
		arr[n++] = s;
	}
	if (n)
		qsort(arr, n, sizeof(*arr), oracle_cmp_str);
	*out = arr;
	return n;
}

/* "ProductActivity" for "com.x/.ProductActivity"; "page" when unknown. */
static const char *activity_tail(const char *activity)
{
	const char *dot = activity ? strrchr(activity, '.') : NULL;

	if (!activity || !*activity)
		return "page";
	return dot && dot[1] ? dot + 1 : activity;
}

bool oracle_loading_stuck(const struct ui_tree *before, const char *activity_before,
			  const struct ui_tree *after, const char *activity_after,
			  int waited_ms, struct oracle_finding *f)
{
	const struct ui_widget *sb = oracle_loading_spinner(before), *sa = oracle_loading_spinner(after);
	const char **tb, **ta;
	size_t nb, na;
	bool same;
	cJSON *texts;

	if (!sb || !sa || !oracle_same_activity(activity_before, activity_after) || strcmp(sb->class_name, sa->class_name) ||
	    strcmp(sb->resource_id, sa->resource_id))
		return false;
	nb = visible_texts(before, &tb);
	na = visible_texts(after, &ta);
	same = na == nb;
	for (size_t i = 0; same && i < nb; i++)
		same = strcmp(tb[i], ta[i]) == 0;
	if (!same) {
		free(tb);
		free(ta);
		return false;
	}
	oracle_finding_init(f);
	f->category = BUG_CAT_PAGE_LOADING;
	f->oracle = "loading";
	f->title = xasprintf("Page never finishes loading (%s)", activity_tail(activity_after));
	f->expected = xasprintf("the page's content replaces the progress spinner within %d ms", waited_ms);
	f->actual = xasprintf("after %d ms the spinner '%s' is still shown and nothing else changed", waited_ms,
			      oracle_widget_name(sa));
	f->description = xasprintf("The page shows a loading spinner; %d ms later, without any action, it still "
				   "shows only the spinner and the same %zu text(s): the page never finishes loading.",
				   waited_ms, na);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "loading");
	cJSON_AddNumberToObject(f->diff, "wait_ms", waited_ms);
	cJSON_AddItemToObject(f->diff, "spinner", oracle_widget_json(sa));
	texts = cJSON_CreateArray();
	for (size_t i = 0; i < na; i++)
		cJSON_AddItemToArray(texts, cJSON_CreateString(ta[i]));
	cJSON_AddItemToObject(f->diff, "texts", texts);
	free(tb);
	free(ta);
	return true;
}

/*
 * Oracle 9, once per abstract screen showing a spinner: wait, capture again
 * without acting, report when nothing moved. The wait is the bug's trigger
 * step. Returns 1 when it waited (the screen may have changed).
 */
static int loading_after_step(const struct oracle_step *os)
{
	struct oracles_state *st = os->st;
	struct agent_env *env = os->env;
	struct device *dev = os->dev;
	const struct brain_screen *before = os->before, *after = os->after;
	struct oracle_finding f;
	struct action trig;
	struct shot s;

	if (!oracle_loading_spinner(after->tree) ||
	    oracle_seen_count(&st->loading_seen, &st->n_loading, &st->alloc_loading, after->sig_abstract, true) != 0)
		return 0;
	oracle_sleep_ms(st->loading_wait_ms);
	if (oracle_shot_take(dev, &s) != TD_OK)
		return 1;
	oracle_finding_init(&f);
	if (oracle_loading_stuck(after->tree, after->activity, s.tree, s.activity, st->loading_wait_ms, &f)) {
		char *ev = oracle_write_evidence(env, before->step, "loading", &s);

		action_init(&trig);
		trig.type = ACTION_WAIT;
		trig.reason = xasprintf("wait %d ms for the page to load", st->loading_wait_ms);
		oracle_report_finding(env, before->step, &f, &trig, 1, ev);
		action_release(&trig);
		free(ev);
	}
	oracle_finding_release(&f);
	oracle_shot_release(&s);
	return 1;
}

/* Loading waits as the oracle did: the replay's last screen shows a spinner, and still does `ms` later. */
static bool loading_recheck(const struct oracle_recheck *c, struct oracle_finding *f)
{
	const struct replay_result *r = c->r;
	struct device *dev = c->dev;
	int ms = c->wait_ms;
	const struct replay_screen *last;
	struct replay_screen later;
	bool hit;

	oracle_finding_init(f);
	if (!r->n_screens)
		return false;
	last = &r->screens[r->n_screens - 1];
	if (!oracle_loading_spinner(last->tree))
		return false;
	oracle_sleep_ms(ms);
	if (replay_capture(dev, &later) != TD_OK)
		return false;
	hit = oracle_loading_stuck(last->tree, last->activity, later.tree, later.activity, ms, f);
	replay_screen_release(&later);
	return hit;
}

const struct oracle_kind oracle_kind_loading = {
	.name = "loading",
	.config_key = "oracles.loading",
	.category = BUG_CAT_PAGE_LOADING,
	.doc = "a spinner still alone on the screen after oracles.loading_wait_ms",
	.evidence = "the screen after the wait",
	.flags = 0,
	.after_step = loading_after_step,
	.recheck = loading_recheck,
	.reads = { .last = 1 },
};
