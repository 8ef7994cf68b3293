/*
 * minimise.c - ddmin over a bug's path (see minimise.h): the checks of
 * oracle bugs (replay_confirm_check) and Detector bugs (the recorded bug
 * screen), the cheap candidates tried first (tail alone, loops removed),
 * then ddmin within the replay budget.
 */
#include "agents/minimise.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "agents/replay.h"
#include "agents/replay_confirm.h"
#include "agents/rundir.h"
#include "core/log.h"
#include "core/ui.h"
#include "core/ui_align.h"
#include "core/xalloc.h"

/* --- the Detector bug's screen check -------------------------------------- */

/* Whether some widget of t shows `text` (text or content-desc, case-insensitive substring). */
static bool tree_shows(const struct ui_tree *t, const char *text)
{
	for (size_t i = 0; t && i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if ((w->text[0] && strcasestr(w->text, text)) || (w->content_desc[0] && strcasestr(w->content_desc, text)))
			return true;
	}
	return false;
}

/* Add the quoted texts of s that screen t shows to c (no duplicates, at most 8). */
static void add_cited(struct bug_screen_check *c, const struct ui_tree *t, const char *s)
{
	for (const char *p = s; p && *p; p++) {
		const char *end;
		char *q;
		size_t len;
		bool dup = false;

		if (*p != '"' && *p != '\'')
			continue;
		/* An apostrophe inside a word is not a quote. */
		if (*p == '\'' && p > s && isalnum((unsigned char)p[-1]))
			continue;
		end = strchr(p + 1, *p);
		if (!end)
			break;
		len = (size_t)(end - p - 1);
		if (len >= 1 && len <= 80 && c->n_texts < 8) {
			q = xstrndup(p + 1, len);
			for (size_t i = 0; i < c->n_texts; i++)
				dup = dup || !strcasecmp(c->texts[i], q);
			if (!dup && tree_shows(t, q)) {
				c->texts = xrealloc(c->texts, (c->n_texts + 1) * sizeof(*c->texts));
				c->texts[c->n_texts++] = q;
			} else {
				free(q);
			}
		}
		p = end;
	}
}

/* Add the recorded screen's texts (3 to 80 characters) that the verdict's text s names, unquoted. */
static void add_mentioned(struct bug_screen_check *c, const char *s)
{
	for (size_t i = 0; s && c->screen && i < c->screen->n_nodes && c->n_texts < 8; i++) {
		const char *t = c->screen->nodes[i]->text;
		size_t len = strlen(t);
		bool dup = false;

		if (len < 3 || len > 80 || !strcasestr(s, t))
			continue;
		for (size_t k = 0; k < c->n_texts; k++)
			dup = dup || !strcasecmp(c->texts[k], t);
		if (!dup) {
			c->texts = xrealloc(c->texts, (c->n_texts + 1) * sizeof(*c->texts));
			c->texts[c->n_texts++] = xstrdup(t);
		}
	}
}

/* The run step whose result shows Detector bug b (extra.shown_at_step, else its last path step), -1. */
static int bug_shown_step(const struct bug *b)
{
	const cJSON *s = b->extra ? cJSON_GetObjectItemCaseSensitive(b->extra, "shown_at_step") : NULL;

	if (cJSON_IsNumber(s) && s->valueint >= 1)
		return s->valueint;
	for (size_t i = b->n_steps; i > 0; i--)
		if (b->steps[i - 1].step >= 1)
			return b->steps[i - 1].step;
	return -1;
}

int bug_screen_check_load(const char *run_dir, const struct bug *b, const struct ui_align_params *align,
			  struct bug_screen_check *c)
{
	int step = bug_shown_step(b), err;
	char *rel, *abs;

	memset(c, 0, sizeof(*c));
	c->align = align;
	if (step < 1)
		return td_error(TD_ERR_NOT_FOUND, "bug %s names no step that shows it", b->id ? b->id : "?");
	rel = rundir_step_rel(step + 1, ".xml");
	abs = xasprintf("%s/%s", run_dir, rel);
	err = ui_parse_file(abs, &c->screen);
	if (err != TD_OK)
		err = td_error(err, "bug %s: the screen after step %d: %s: %s", b->id ? b->id : "?", step, abs,
			       td_errmsg(err));
	free(rel);
	free(abs);
	if (err != TD_OK)
		return err;
	add_cited(c, c->screen, b->title);
	add_cited(c, c->screen, b->description);
	add_cited(c, c->screen, b->actual);
	add_mentioned(c, b->title);
	add_mentioned(c, b->description);
	add_mentioned(c, b->actual);
	return TD_OK;
}

void bug_screen_check_release(struct bug_screen_check *c)
{
	ui_tree_free(c->screen);
	for (size_t i = 0; i < c->n_texts; i++)
		free(c->texts[i]);
	free(c->texts);
	memset(c, 0, sizeof(*c));
}

bool bug_screen_check_pass(const struct bug_screen_check *c, const struct ui_tree *t, char **why)
{
	if (why)
		*why = NULL;
	if (!c->screen || !t) {
		if (why)
			*why = xstrdup("no screen to compare");
		return false;
	}
	if (!ui_same_screen(c->screen, t, c->align)) {
		if (why)
			*why = xasprintf("the screen differs from the recorded one (similarity %.2f)",
					 ui_screen_similarity(c->screen, t, c->align));
		return false;
	}
	for (size_t i = 0; i < c->n_texts; i++)
		if (!tree_shows(t, c->texts[i])) {
			if (why)
				*why = xasprintf("the screen does not show \"%s\"", c->texts[i]);
			return false;
		}
	return true;
}

bool bug_screen_reproduces(struct device *dev, const char *package, const struct login_script *login,
			   const struct bug_screen_check *c, const struct action *steps, size_t n, int runs,
			   struct replay_screen *last)
{
	struct replay_opts opts = { .clear_data = true, .login = login };
	bool ok = true;

	if (last)
		memset(last, 0, sizeof(*last));
	for (int run = 0; run < runs && ok; run++) {
		struct replay_result r;

		ok = replay_run(dev, package, steps, n, &opts, &r) == TD_OK && r.n_screens == n + 1 &&
		     bug_screen_check_pass(c, r.screens[n].tree, NULL);
		if (last && r.n_screens) {
			replay_screen_release(last);
			*last = r.screens[r.n_screens - 1];
			memset(&r.screens[r.n_screens - 1], 0, sizeof(*last));
		}
		replay_result_release(&r);
	}
	return ok;
}

/* --- ddmin --------------------------------------------------------------- */

struct ddmin {
	struct device *dev;
	const char *package;
	const struct login_script *login;
	double overlap;
	const struct bug_screen_check *screen; /* Detector bugs; NULL for oracle bugs */
	const struct bug *b;
	size_t tail;            /* steps at the end that always stay */
	const char *title;      /* the finding the whole path shows (oracle bugs) */
	int budget;
	int used;
};

/* Replay `steps` (n) `runs` times and check the bug; the oracle's title in *title_out. */
static bool ddmin_check(struct ddmin *d, const struct action *steps, size_t n, int runs, char **title_out)
{
	*title_out = NULL;
	d->used += runs;
	if (d->screen) {
		bool ok = bug_screen_reproduces(d->dev, d->package, d->login, d->screen, steps, n, runs, NULL);

		if (ok)
			*title_out = xstrdup("");
		return ok;
	}
	return replay_confirm_check(d->dev, d->package, d->login, d->overlap, d->b, steps, n, runs, title_out);
}

/* Replay the steps named by idx (k of them) plus the tail `runs` times; whether the finding is the same. */
static bool ddmin_test(struct ddmin *d, const size_t *idx, size_t k, int runs)
{
	size_t n = k + d->tail, first_tail = d->b->n_steps - d->tail;
	struct action *steps = xcalloc(n + 1, sizeof(*steps));
	char *title = NULL;
	bool ok;

	for (size_t i = 0; i < k; i++)
		steps[i] = d->b->steps[idx[i]].action; /* shallow: only read */
	for (size_t i = 0; i < d->tail; i++)
		steps[k + i] = d->b->steps[first_tail + i].action;
	ok = ddmin_check(d, steps, n, runs, &title) && title && !strcmp(title, d->title);
	free(title);
	free(steps);
	return ok;
}

/*
 * ddmin over the candidate steps idx[0..*k): removes chunks whose removal
 * keeps the finding, at ever finer granularity, until every single step is
 * needed or the budget is spent. Leaves the kept steps in idx[0..*k).
 */
static void ddmin_run(struct ddmin *d, size_t *idx, size_t *k)
{
	size_t gran = 2;
	size_t *trial = xcalloc(*k + 1, sizeof(*trial));

	while (*k >= 1 && d->used < d->budget) {
		bool reduced = false;
		size_t chunk, m;

		if (gran > *k)
			gran = *k;
		chunk = (*k + gran - 1) / gran;
		for (size_t start = 0; start < *k && d->used < d->budget; start += chunk) {
			size_t end = start + chunk < *k ? start + chunk : *k;

			/* The complement of chunk [start, end). */
			m = 0;
			for (size_t i = 0; i < *k; i++)
				if (i < start || i >= end)
					trial[m++] = idx[i];
			if (ddmin_test(d, trial, m, 1)) {
				memcpy(idx, trial, m * sizeof(*idx));
				*k = m;
				gran = gran > 2 ? gran - 1 : 2;
				reduced = true;
				break;
			}
		}
		if (!reduced) {
			if (gran >= *k)
				break; /* every single step is needed */
			gran = gran * 2 < *k ? gran * 2 : *k;
		}
	}
	free(trial);
}

/* Whether action a changes what the app holds rather than where it is (typing, toggling, long-press). */
static bool action_keeps_data(const struct action *a)
{
	return a->type == ACTION_INPUT || a->type == ACTION_CHECK || a->type == ACTION_LONG_CLICK;
}

/*
 * The fewest recorded steps that lead from abstract screen `from` to `to`
 * on the replayed path: a breadth-first search over the transitions the
 * path made (step i took sig[i] to sig[i+1]; sig has k + 1 entries). The
 * step indices go to out (returns how many, 0 when from == to); -1 when
 * `to` is not reachable that way.
 */
static long shortest_steps(const uint64_t *sig, size_t k, uint64_t from, uint64_t to, size_t *out)
{
	/* Nodes are the path's screen positions; a node is its first position. */
	size_t *via = xcalloc(k + 1, sizeof(*via)), *queue = xcalloc(k + 1, sizeof(*queue));
	size_t *prev = xcalloc(k + 1, sizeof(*prev));
	bool *seen = xcalloc(k + 1, sizeof(*seen));
	size_t head = 0, tail = 0, start = k + 1, goal = k + 1;
	long n = -1;

	for (size_t i = 0; i <= k && start > k; i++)
		if (sig[i] == from)
			start = i;
	if (start > k || !from || !to)
		goto out;
	if (from == to) {
		n = 0;
		goto out;
	}
	seen[start] = true;
	queue[tail++] = start;
	while (head < tail && goal > k) {
		size_t u = queue[head++];

		/* Every recorded step taken from a screen like u's. */
		for (size_t i = 0; i < k && goal > k; i++) {
			size_t v = k + 1;

			if (sig[i] != sig[u] || !sig[i + 1])
				continue;
			for (size_t j = 0; j <= k && v > k; j++)
				if (sig[j] == sig[i + 1])
					v = j;
			if (v > k || seen[v])
				continue;
			seen[v] = true;
			prev[v] = u;
			via[v] = i;
			queue[tail++] = v;
			if (sig[v] == to)
				goal = v;
		}
	}
	if (goal > k)
		goto out;
	n = 0;
	for (size_t v = goal; v != start; v = prev[v])
		n++;
	{
		size_t pos = (size_t)n;

		for (size_t v = goal; v != start; v = prev[v])
			out[--pos] = via[v];
	}
out:
	free(via);
	free(queue);
	free(prev);
	free(seen);
	return n;
}

/*
 * A shortcut through the path's screen graph: from the first screen to the
 * screen the tail starts on by the fewest recorded steps; with `keep_data`
 * through every step that types, toggles or long-presses, in their order
 * (each reached by the fewest steps from where the previous one led). The
 * step indices go to out (at most 2k + 1 entries); returns how many, or -1
 * when a screen on the way cannot be reached.
 */
static long shortcut(const uint64_t *sig, size_t k, const struct bug *b, bool keep_data, size_t *out, size_t cap)
{
	size_t m = 0, *seg = xcalloc(k + 1, sizeof(*seg));
	uint64_t at = sig[0];
	long r = 0;

	for (size_t i = 0; i <= k && r >= 0; i++) {
		bool waypoint = i == k || (keep_data && action_keeps_data(&b->steps[i].action));
		long n;

		if (!waypoint)
			continue;
		n = shortest_steps(sig, k, at, sig[i], seg);
		if (n < 0 || m + (size_t)n + 1 > cap) {
			r = -1;
			break;
		}
		memcpy(out + m, seg, (size_t)n * sizeof(*seg));
		m += (size_t)n;
		if (i < k) {
			out[m++] = i;
			at = sig[i + 1];
		}
	}
	free(seg);
	return r < 0 ? -1 : (long)m;
}

/*
 * The candidate steps 0..k-1 without their loops: a stretch from a screen
 * to the last later visit of the same screen (before the tail) is a loop;
 * loops that type, toggle or long-press stay. The kept indices go to out
 * (returns how many).
 */
static size_t loop_free(const uint64_t *sig, size_t k, const struct bug *b, size_t *out)
{
	size_t m = 0;

	for (size_t i = 0; i < k;) {
		size_t j = 0;
		bool data = false;

		/* The last visit of screen i at or before the tail's first screen (k). */
		for (size_t t = k; t > i; t--)
			if (sig[t] && sig[t] == sig[i]) {
				j = t;
				break;
			}
		for (size_t t = i; j && t < j; t++)
			data = data || action_keeps_data(&b->steps[t].action);
		if (j && !data) {
			i = j; /* skip the loop i..j-1 */
			continue;
		}
		out[m++] = i++;
	}
	return m;
}

/* Replace b's steps by those named by idx (k) plus the last `tail` steps. */
static void keep_steps(struct bug *b, const size_t *idx, size_t k, size_t tail)
{
	struct bug nb;
	size_t first_tail = b->n_steps - tail;

	bug_init(&nb);
	for (size_t i = 0; i < k; i++)
		bug_add_step_copy(&nb, &b->steps[idx[i]]);
	for (size_t i = first_tail; i < b->n_steps; i++)
		bug_add_step_copy(&nb, &b->steps[i]);
	for (size_t i = 0; i < b->n_steps; i++) {
		action_release(&b->steps[i].action);
		free(b->steps[i].screen);
		free(b->steps[i].activity);
		free(b->steps[i].side_trip);
	}
	free(b->steps);
	b->steps = nb.steps;
	b->n_steps = nb.n_steps;
}

static void release_actions(struct action *a, size_t n)
{
	for (size_t i = 0; i < n; i++)
		action_release(&a[i]);
	free(a);
}

/*
 * The abstract screen before each of the first k steps and after them
 * (sig[0..k]), from one replay of those steps; false when it failed.
 */
static bool path_screens(struct ddmin *d, const struct action *all, size_t k, uint64_t *sig)
{
	struct replay_opts opts = { .clear_data = true, .login = d->login };
	struct replay_result r;
	bool ok;

	d->used++;
	ok = replay_run(d->dev, d->package, all, k, &opts, &r) == TD_OK && r.n_screens == k + 1;
	for (size_t i = 0; ok && i <= k; i++)
		sig[i] = r.screens[i].tree ? ui_sig_abstract(r.screens[i].tree, r.screens[i].activity) : 0;
	replay_result_release(&r);
	return ok;
}

/*
 * The cheap candidates before ddmin, one replay each, the first that
 * reproduces wins: the tail alone; the fewest recorded steps to the tail's
 * screen; the same through every typing or toggling step; the path
 * without its loops. Shrinks idx/k.
 */
static void try_shortcuts(struct ddmin *d, const struct action *all, size_t *idx, size_t *k)
{
	uint64_t *sig;
	size_t *cand, cap = 2 * *k + 2;

	/* Often the tail alone is enough (a form filled in one screen). */
	if (d->used + 1 <= d->budget && ddmin_test(d, idx, 0, 1)) {
		*k = 0;
		return;
	}
	if (*k < 4 || d->used + 2 > d->budget)
		return;
	sig = xcalloc(*k + 1, sizeof(*sig));
	cand = xcalloc(cap, sizeof(*cand));
	if (path_screens(d, all, *k, sig)) {
		for (int kind = 0; kind < 3 && d->used < d->budget; kind++) {
			long m = kind < 2 ? shortcut(sig, *k, d->b, kind == 1, cand, cap)
					  : (long)loop_free(sig, *k, d->b, cand);

			if (m < 0 || (size_t)m >= *k)
				continue;
			if (ddmin_test(d, cand, (size_t)m, 1)) {
				log_debug("\"%s\": shortcut %d: %ld steps of %zu reproduce", d->b->title ? d->b->title : "",
					  kind, m, *k);
				memcpy(idx, cand, (size_t)m * sizeof(*idx));
				*k = (size_t)m;
				break;
			}
		}
	}
	free(cand);
	free(sig);
}

int bug_minimise(struct device *dev, const char *package, const struct login_script *login, double overlap,
		 const struct bug_screen_check *screen, int budget, struct bug *b, struct minimise_stats *stats)
{
	struct ddmin d = { .dev = dev, .package = package, .login = login, .overlap = overlap, .b = b,
			   .budget = budget };
	bool oracle = b->found_by && strncmp(b->found_by, "oracle:", 7) == 0;
	size_t trigger = oracle ? replay_confirm_trigger_steps(b) : 0;
	size_t *idx = NULL, k, k0, n_all;
	char *title = NULL;
	struct action *all;
	bool ok;

	if (stats) {
		memset(stats, 0, sizeof(*stats));
		stats->steps_before = stats->steps_after = b->n_steps;
	}
	if (!oracle && !(screen && screen->screen))
		return td_error(TD_ERR_INVALID, "bug \"%s\" was not found by an oracle and has no screen to check",
				b->title ? b->title : "");
	d.screen = oracle ? NULL : screen;
	/* The action whose result shows the bug, then the trigger actions. */
	d.tail = trigger + 1 < b->n_steps ? trigger + 1 : b->n_steps;
	k0 = k = b->n_steps - d.tail;
	if (budget <= 0 || k == 0)
		return TD_OK;
	/* The finding the whole path shows, to compare each candidate with. */
	all = xcalloc(b->n_steps + 1, sizeof(*all));
	/* Deep copies: keep_steps() releases b's actions, and the path is
	 * replayed once more at the end. */
	for (size_t i = 0; i < b->n_steps; i++)
		action_copy(&all[i], &b->steps[i].action);
	n_all = b->n_steps;
	ok = ddmin_check(&d, all, n_all, 1, &title);
	if (!ok || !title) {
		log_info("\"%s\" did not reproduce before minimising; path kept", b->title ? b->title : "");
		release_actions(all, n_all);
		free(title);
		if (stats)
			stats->replays = d.used;
		return TD_OK;
	}
	d.title = title;
	idx = xcalloc(k + 1, sizeof(*idx));
	for (size_t i = 0; i < k; i++)
		idx[i] = i;
	/* Keep two replays for the final check. */
	d.budget = budget - 2;
	try_shortcuts(&d, all, idx, &k);
	ddmin_run(&d, idx, &k);
	if (k < k0) {
		d.budget = budget;
		if (ddmin_test(&d, idx, k, 2)) {
			cJSON *m;

			bug_keep_original_steps(b);
			keep_steps(b, idx, k, d.tail);
			if (!b->extra)
				b->extra = cJSON_CreateObject();
			cJSON_DeleteItemFromObjectCaseSensitive(b->extra, "minimise");
			m = cJSON_AddObjectToObject(b->extra, "minimise");
			cJSON_AddNumberToObject(m, "replays", d.used);
			cJSON_AddNumberToObject(m, "steps_before", (double)(k0 + d.tail));
			cJSON_AddNumberToObject(m, "steps_after", (double)b->n_steps);
		} else {
			log_info("minimal path of \"%s\" did not reproduce twice; path kept", b->title ? b->title : "");
		}
	}
	/* The candidates left the app wherever the last one ended; the run goes
	 * on from where the recorded path leads (its oracle side trip left out),
	 * so replay it once more without a check. */
	if (d.used > 1 && n_all > trigger) {
		struct replay_opts opts = { .clear_data = true, .login = login };
		struct replay_result r;

		memset(&r, 0, sizeof(r));
		if (replay_run(dev, package, all, n_all - trigger, &opts, &r) != TD_OK)
			log_info("the recorded path of \"%s\" did not replay after minimising", b->title ? b->title : "");
		replay_result_release(&r);
		d.used++;
	}
	if (stats) {
		stats->replays = d.used;
		stats->steps_after = b->n_steps;
	}
	release_actions(all, n_all);
	free(idx);
	free(title);
	return TD_OK;
}
