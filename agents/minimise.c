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

#include "agents/oracle.h"
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

bool bug_same_detector_screen(const char *run_dir, const struct bug *a, const struct bug *b,
			      const struct ui_align_params *align)
{
	struct bug_screen_check ca, cb;
	bool same = false;

	if (a->category != b->category || !a->functionality || !b->functionality ||
	    strcasecmp(a->functionality, b->functionality) != 0)
		return false;
	if ((a->found_by && !strncmp(a->found_by, "oracle:", 7)) || (b->found_by && !strncmp(b->found_by, "oracle:", 7)))
		return false;
	if (bug_screen_check_load(run_dir, a, align, &ca) != TD_OK)
		return false;
	if (bug_screen_check_load(run_dir, b, align, &cb) == TD_OK) {
		same = ui_same_screen(ca.screen, cb.screen, align);
		bug_screen_check_release(&cb);
	}
	bug_screen_check_release(&ca);
	return same;
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
	/* Only the last screen is read. */
	struct replay_opts opts = { .clear_data = true, .login = login, .keep_screens = 1,
				    .stop_off_path = true };
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

/*
 * The path's steps are of three kinds: the action whose result shows the bug
 * (`shown`), the trigger actions at the end (oracle side trips the finding
 * needs: rotate and back, Home and relaunch), which always stay, and the
 * candidates: every other step, before the shown action or between it and
 * the triggers (a side trip another oracle took after it). A candidate list
 * names step indices; candidates before `shown` are replayed in their
 * list's order (a shortcut may take recorded steps out of their order), then
 * the shown action, then the later candidates, then the triggers.
 */
struct ddmin {
	struct device *dev;
	const char *package;
	const struct login_script *login;
	double overlap;
	const struct bug_screen_check *screen; /* Detector bugs; NULL for oracle bugs */
	const struct bug *b;
	size_t shown;           /* index of the action whose result shows the bug */
	size_t trigger;         /* trigger steps at the end */
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

/* The step indices of the path made of candidates idx (k): see struct ddmin. Returns how many (to out). */
static size_t ddmin_path(const struct ddmin *d, const size_t *idx, size_t k, size_t *out)
{
	size_t n = 0;

	for (size_t i = 0; i < k; i++)
		if (idx[i] < d->shown)
			out[n++] = idx[i];
	out[n++] = d->shown;
	for (size_t i = 0; i < k; i++)
		if (idx[i] > d->shown)
			out[n++] = idx[i];
	for (size_t i = d->b->n_steps - d->trigger; i < d->b->n_steps; i++)
		out[n++] = i;
	return n;
}

/* Replay the path of candidates idx (k) `runs` times; whether the finding is the same. */
static bool ddmin_test(struct ddmin *d, const size_t *idx, size_t k, int runs)
{
	size_t *path = xcalloc(k + d->trigger + 2, sizeof(*path)), n = ddmin_path(d, idx, k, path);
	struct action *steps = xcalloc(n + 1, sizeof(*steps));
	char *title = NULL;
	bool ok;

	for (size_t i = 0; i < n; i++)
		steps[i] = d->b->steps[path[i]].action; /* shallow: only read */
	ok = ddmin_check(d, steps, n, runs, &title) && title && !strcmp(title, d->title);
	free(title);
	free(steps);
	free(path);
	return ok;
}

/*
 * Whether candidates idx[j - 1] and idx[j] are one unit: consecutive steps
 * of one side trip (rotate and rotate back, Home and relaunch). ddmin keeps
 * or drops a side trip whole: half of one leaves the app elsewhere.
 */
static bool same_unit(const struct ddmin *d, const size_t *idx, size_t j)
{
	const struct bug_step *p = &d->b->steps[idx[j - 1]], *q = &d->b->steps[idx[j]];

	return idx[j] == idx[j - 1] + 1 && p->side_trip && q->side_trip && p->step == q->step &&
	       !strcmp(p->side_trip, q->side_trip);
}

/* The start of each unit of idx (k) to units (returns how many; units[n] = k). */
static size_t ddmin_units(const struct ddmin *d, const size_t *idx, size_t k, size_t *units)
{
	size_t n = 0;

	for (size_t j = 0; j < k; j++)
		if (j == 0 || !same_unit(d, idx, j))
			units[n++] = j;
	units[n] = k;
	return n;
}

/*
 * ddmin over the candidate steps idx[0..*k), a side trip being one unit:
 * removes chunks of units whose removal keeps the finding, at ever finer
 * granularity, until every single unit is needed or the budget is spent.
 * Leaves the kept steps in idx[0..*k).
 */
static void ddmin_run(struct ddmin *d, size_t *idx, size_t *k)
{
	size_t gran = 2;
	size_t *trial = xcalloc(*k + 1, sizeof(*trial)), *units = xcalloc(*k + 2, sizeof(*units));

	while (*k >= 1 && d->used < d->budget) {
		size_t nu = ddmin_units(d, idx, *k, units), chunk, m;
		bool reduced = false;

		if (gran > nu)
			gran = nu;
		chunk = (nu + gran - 1) / gran;
		for (size_t start = 0; start < nu && d->used < d->budget; start += chunk) {
			size_t end = start + chunk < nu ? start + chunk : nu;

			/* The complement of units [start, end). */
			m = 0;
			for (size_t i = 0; i < *k; i++)
				if (i < units[start] || i >= units[end])
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
			if (gran >= nu)
				break; /* every single unit is needed */
			gran = gran * 2 < nu ? gran * 2 : nu;
		}
	}
	free(units);
	free(trial);
}

/* Whether action a changes what the app holds rather than where it is (typing, toggling, long-press). */
static bool action_keeps_data(const struct action *a)
{
	return a->type == ACTION_INPUT || a->type == ACTION_CHECK || a->type == ACTION_LONG_CLICK;
}

/*
 * Whether prefix position i (of k; layer[0..k]: whether each screen of the
 * path shows a dialog or another layer; step p being b's step map[p]) is a
 * data step: it types, toggles or long-presses, or (layer not NULL) it is
 * a click that closes a dialog - a choice, a confirm - which mostly
 * changes what the app holds (gallery: "Play muted" chosen for Autoplay
 * videos long before the video whose Unmute does nothing; without the
 * choice no shortcut reproduced, and ddmin spent its 64 replays on 631
 * steps, to 154).
 */
static bool data_step_at(const bool *layer, size_t k, const struct bug *b, const size_t *map, size_t i)
{
	const struct action *a = &b->steps[map[i]].action;

	return action_keeps_data(a) || (layer && a->type == ACTION_CLICK && i < k && layer[i] && !layer[i + 1]);
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
 * A shortcut through the screen graph of the replayed prefix (k steps):
 * from the first screen to the screen the shown action is taken on by the
 * fewest recorded steps, through every prefix position `way` marks (in
 * their order, each reached by the fewest steps from where the previous
 * one led). The prefix positions go to out (at most cap entries); returns
 * how many, or -1 when a screen on the way cannot be reached.
 */
static long shortcut_through(const uint64_t *sig, size_t k, const bool *way, size_t *out, size_t cap)
{
	size_t m = 0, *seg = xcalloc(k + 1, sizeof(*seg));
	uint64_t at = sig[0];
	long r = 0;

	for (size_t i = 0; i <= k && r >= 0; i++) {
		long n;

		if (i < k && !way[i])
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
 * shortcut_through() with, as waypoints, no step, or with `keep_data`
 * every data step (data_step_at; layer NULL: typing, toggling and
 * long-presses only) at or after position first_data.
 */
static long shortcut(const uint64_t *sig, const bool *layer, size_t k, const struct bug *b, const size_t *map,
		     bool keep_data, size_t first_data, size_t *out, size_t cap)
{
	bool *way = xcalloc(k + 1, sizeof(*way));
	long r;

	for (size_t i = first_data; keep_data && i < k; i++)
		way[i] = data_step_at(layer, k, b, map, i);
	r = shortcut_through(sig, k, way, out, cap);
	free(way);
	return r;
}

/*
 * The prefix positions 0..k-1 without their loops: a stretch from a screen
 * to the last later visit of the same screen (up to the screen the shown
 * action is taken on) is a loop; loops with a data step stay
 * (data_step_at; layer NULL: those that type, toggle or long-press). The
 * kept positions go to out (returns how many).
 */
static size_t loop_free(const uint64_t *sig, const bool *layer, size_t k, const struct bug *b, const size_t *map,
			size_t *out)
{
	size_t m = 0;

	for (size_t i = 0; i < k;) {
		size_t j = 0;
		bool data = false;

		/* The last visit of screen i at or before the shown action's screen (k). */
		for (size_t t = k; t > i; t--)
			if (sig[t] && sig[t] == sig[i]) {
				j = t;
				break;
			}
		for (size_t t = i; j && t < j; t++)
			data = data || data_step_at(layer, k, b, map, t);
		if (j && !data) {
			i = j; /* skip the loop i..j-1 */
			continue;
		}
		out[m++] = i++;
	}
	return m;
}

/* Replace b's steps by the path of candidates idx (k): see struct ddmin. */
static void keep_steps(const struct ddmin *d, struct bug *b, const size_t *idx, size_t k)
{
	size_t *path = xcalloc(k + d->trigger + 2, sizeof(*path)), n = ddmin_path(d, idx, k, path);
	struct bug nb;

	bug_init(&nb);
	for (size_t i = 0; i < n; i++)
		bug_add_step_copy(&nb, &b->steps[path[i]]);
	for (size_t i = 0; i < b->n_steps; i++) {
		action_release(&b->steps[i].action);
		free(b->steps[i].screen);
		free(b->steps[i].activity);
		free(b->steps[i].side_trip);
	}
	free(b->steps);
	b->steps = nb.steps;
	b->n_steps = nb.n_steps;
	free(path);
}

static void release_actions(struct action *a, size_t n)
{
	for (size_t i = 0; i < n; i++)
		action_release(&a[i]);
	free(a);
}

/* Where note_sig writes: the signature of each screen and, when layer is not NULL, whether it shows a layer. */
struct path_sigs {
	uint64_t *sig;
	bool *layer;
};

/* replay_opts.on_screen: the screen just captured (ctx: struct path_sigs). */
static void note_sig(void *ctx, const struct replay_result *r)
{
	struct path_sigs *ps = ctx;
	const struct replay_screen *s = &r->screens[r->n_screens - 1];

	ps->sig[r->n_screens - 1] = s->tree ? ui_sig_abstract(s->tree, s->activity) : 0;
	if (ps->layer)
		ps->layer[r->n_screens - 1] = s->tree && oracle_screen_has_layer(s->tree);
}

/*
 * The abstract screen before each of the k prefix steps (b's steps map[])
 * and after them (sig[0..k]), and (layer not NULL) whether each shows a
 * dialog or other layer, from one replay; false when it failed. They are
 * taken as the replay goes: it keeps no tree but the last.
 */
static bool path_screens(struct ddmin *d, const size_t *map, size_t k, uint64_t *sig, bool *layer)
{
	struct path_sigs ps = { sig, layer };
	struct replay_opts opts = { .clear_data = true, .login = d->login, .keep_screens = 1,
				    .on_screen = note_sig, .on_screen_ctx = &ps, .stop_off_path = true };
	struct action *steps = xcalloc(k + 1, sizeof(*steps));
	struct replay_result r;
	bool ok;

	for (size_t i = 0; i < k; i++)
		steps[i] = d->b->steps[map[i]].action; /* shallow: only read */
	d->used++;
	ok = replay_run(d->dev, d->package, steps, k, &opts, &r) == TD_OK && r.n_screens == k + 1;
	replay_result_release(&r);
	free(steps);
	return ok;
}

/* Try candidates cand (m); on success they replace idx/k. */
static bool try_candidates(struct ddmin *d, size_t *idx, size_t *k, const size_t *cand, size_t m, const char *what)
{
	if (m >= *k || d->used >= d->budget || !ddmin_test(d, cand, m, 1))
		return false;
	log_debug("\"%s\": %s: %zu candidate steps of %zu reproduce", d->b->title ? d->b->title : "", what, m, *k);
	memmove(idx, cand, m * sizeof(*idx));
	*k = m;
	return true;
}

/*
 * When some side trip matters (a relaunch that brings the app back to its
 * list), the others still rarely do: one kind at a time ("oracle:rotation",
 * "oracle:display", ...), try the path without every side trip of that
 * kind. One replay per kind, where ddmin would spend one per trip: long
 * paths collect a rotation pair at most steps (session 53: 809 of the
 * queue's 1,252 side-trip steps were rotations kept in reports).
 * cand has room for *k steps.
 */
static void drop_side_trip_kinds(struct ddmin *d, size_t *idx, size_t *k, size_t *cand)
{
	const char *kinds[16];
	size_t n_kinds = 0;

	/* The distinct kinds first: a removal changes idx, not the kinds worth trying. */
	for (size_t i = 0; i < *k && n_kinds < 16; i++) {
		const char *kind = d->b->steps[idx[i]].side_trip;
		bool seen = false;

		for (size_t t = 0; kind && t < n_kinds && !seen; t++)
			seen = !strcmp(kinds[t], kind);
		if (kind && !seen)
			kinds[n_kinds++] = kind;
	}
	for (size_t t = 0; t < n_kinds && d->used < d->budget; t++) {
		size_t m = 0;

		for (size_t j = 0; j < *k; j++) {
			const char *other = d->b->steps[idx[j]].side_trip;

			if (!other || strcmp(other, kinds[t]))
				cand[m++] = idx[j];
		}
		try_candidates(d, idx, k, cand, m, kinds[t]);
	}
}

/*
 * The shortcut through the waypoints way[] of the prefix (pre positions)
 * as candidates (step indices, then the candidates of idx (k) after the
 * shown action) into cand; returns how many, or -1.
 */
static long waypoint_path(const struct ddmin *d, const uint64_t *sig, const size_t *map, size_t pre,
			  const bool *way, const size_t *idx, size_t k, size_t *cand, size_t cap)
{
	long n = shortcut_through(sig, pre, way, cand, cap);
	size_t m;

	if (n < 0)
		return -1;
	for (long i = 0; i < n; i++)
		cand[i] = map[cand[i]];
	m = (size_t)n;
	for (size_t i = 0; i < k; i++)
		if (idx[i] > d->shown)
			cand[m++] = idx[i];
	return (long)m;
}

/* Replay the shortcut through waypoints pos (np) of the prefix; on success its candidates go to best. */
static bool waypoint_test(struct ddmin *d, const uint64_t *sig, const size_t *map, size_t pre, const size_t *pos,
			  size_t np, const size_t *orig, size_t norig, size_t *best, size_t *nbest, size_t cap)
{
	bool *way = xcalloc(pre + 1, sizeof(*way));
	size_t *cand = xcalloc(cap, sizeof(*cand));
	long c;
	bool ok;

	for (size_t i = 0; i < np; i++)
		way[pos[i]] = true;
	c = waypoint_path(d, sig, map, pre, way, orig, norig, cand, cap);
	ok = c >= 0 && ddmin_test(d, cand, (size_t)c, 1);
	if (ok) {
		memcpy(best, cand, (size_t)c * sizeof(*cand));
		*nbest = (size_t)c;
	}
	free(way);
	free(cand);
	return ok;
}

/*
 * The data steps the bug needs (orig/norig: the candidates the shortcut
 * through the data steps was built from; sig/map/pre: the prefix's
 * screens; all_ok: that shortcut reproduced). First a binary search for
 * the latest data step the shortcut can start from (the state a bug needs
 * is mostly set up just before it); when the shortcut through all of them
 * did not reproduce (an early one leads the replay astray), a start is
 * looked for 1, 2, 4... data steps before the last first. Then ddmin over the data steps left,
 * each test rebuilding the path between the kept ones by the fewest
 * recorded steps: a run that typed into ten fields and toggled settings
 * on the way to the one field the bug needs is cut to that field in a
 * few replays, where ddmin over single steps spends the budget (shop's
 * ZIP code lost on rotation: 44 candidate steps, then all 64 replays, to
 * 17). The shortest path found replaces idx/k.
 */
static void data_steps_needed(struct ddmin *d, const uint64_t *sig, const bool *layer, const size_t *map, size_t pre,
			      bool all_ok, size_t *idx, size_t *k, size_t cap)
{
	size_t *orig = xcalloc(cap, sizeof(*orig)), norig = *k, *best = xcalloc(cap, sizeof(*best)), nbest = 0;
	size_t *pos = xcalloc(pre + 1, sizeof(*pos)), np = 0, *trial = xcalloc(pre + 1, sizeof(*trial));
	size_t lo = 0, hi, gran = 2;

	/* The positions are of the prefix before the shortcut: keep its candidates. */
	memcpy(orig, idx, *k * sizeof(*idx));
	for (size_t i = 0; i < pre; i++)
		if (data_step_at(layer, pre, d->b, map, i))
			pos[np++] = i;
	/* The data steps from pos[lo] reproduce (all of them did), from pos[hi] (none) not. */
	hi = np;
	if (!all_ok) {
		/* All of them did not (an early data step leads the run astray):
		 * look back from the last one, 1, 2, 4... data steps, for a start
		 * that reproduces. */
		size_t back = 1;
		bool found = false;

		while (back < np && d->used < d->budget && !found) {
			size_t from = np - back;

			if (waypoint_test(d, sig, map, pre, pos + from, np - from, orig, norig, best, &nbest, cap)) {
				lo = from;
				found = true;
			} else {
				hi = from;
				back *= 2;
			}
		}
		if (!found)
			np = lo = hi = 0; /* nothing to search: no start reproduces (hi stays within np) */
	}
	while (hi - lo > 1 && d->used < d->budget) {
		size_t mid = lo + (hi - lo) / 2;

		if (waypoint_test(d, sig, map, pre, pos + mid, np - mid, orig, norig, best, &nbest, cap))
			lo = mid;
		else
			hi = mid;
	}
	memmove(pos, pos + lo, (np - lo) * sizeof(*pos));
	np -= lo;
	/* ddmin over the data steps left (the first is needed: the search found it so). */
	while (np >= 2 && d->used < d->budget) {
		size_t chunk, m;
		bool reduced = false;

		if (gran > np)
			gran = np;
		chunk = (np + gran - 1) / gran;
		for (size_t start = 0; start < np && d->used < d->budget; start += chunk) {
			size_t end = start + chunk < np ? start + chunk : np;

			m = 0;
			for (size_t i = 0; i < np; i++)
				if (i < start || i >= end)
					trial[m++] = pos[i];
			if (waypoint_test(d, sig, map, pre, trial, m, orig, norig, best, &nbest, cap)) {
				memcpy(pos, trial, m * sizeof(*pos));
				np = m;
				gran = gran > 2 ? gran - 1 : 2;
				reduced = true;
				break;
			}
		}
		if (!reduced) {
			if (gran >= np)
				break; /* every data step left is needed */
			gran = gran * 2 < np ? gran * 2 : np;
		}
	}
	if (nbest && nbest < *k) {
		log_debug("\"%s\": %zu data steps from position %zu of %zu: %zu candidate steps reproduce",
			  d->b->title ? d->b->title : "", np, np ? pos[0] : pre, pre, nbest);
		memcpy(idx, best, nbest * sizeof(*idx));
		*k = nbest;
	}
	free(trial);
	free(pos);
	free(best);
	free(orig);
}

/*
 * The cheap candidates before ddmin, one replay each: the shown action
 * alone (with the triggers); the path without the side trips; then, over
 * the screen graph of the steps before the shown action (one replay), the
 * fewest recorded steps to its screen, the same through every typing or
 * toggling step, then (when it fails and the path has any) through those
 * and every dialog choice (data_step_at), the steps without their loops
 * but those that type or toggle, then but those with a dialog choice too
 * (the first of these that reproduces wins). When the shortcut through
 * every data step reproduces, data_steps_needed() keeps the data steps the bug needs
 * (also when every step is on the way through them, so that shortcut is
 * the path itself). Shrinks idx/k.
 */
static void try_shortcuts(struct ddmin *d, size_t *idx, size_t *k)
{
	size_t *cand = xcalloc(2 * *k + 2, sizeof(*cand)), *map = xcalloc(*k + 1, sizeof(*map));
	size_t m = 0, pre = 0, cap = 2 * *k + 2;
	uint64_t *sig;
	bool *layer;

	/* Often the shown action alone is enough (a form filled in one screen). */
	if (d->used + 1 <= d->budget && ddmin_test(d, idx, 0, 1)) {
		*k = 0;
		goto out;
	}
	/* Side trips other oracles took on the way rarely matter. */
	for (size_t i = 0; i < *k; i++)
		if (!d->b->steps[idx[i]].side_trip)
			cand[m++] = idx[i];
	if (!try_candidates(d, idx, k, cand, m, "without side trips"))
		drop_side_trip_kinds(d, idx, k, cand);
	for (size_t i = 0; i < *k; i++)
		if (idx[i] < d->shown)
			map[pre++] = idx[i];
	if (pre < 4 || d->used + 2 > d->budget)
		goto out;
	sig = xcalloc(pre + 1, sizeof(*sig));
	layer = xcalloc(pre + 1, sizeof(*layer));
	if (path_screens(d, map, pre, sig, layer)) {
		/* The passes in order: a shortcut (else the path with its loops removed), through
		 * typing and toggling steps only or also through dialog choices. */
		static const struct {
			const char *what;
			bool loops, data, choices;
		} pass[] = {
			{ "shortcut to the screen", false, false, false },
			{ "shortcut through the data steps", false, true, false },
			{ "shortcut through the data steps and dialog choices", false, true, true },
			{ "loops removed", true, false, false },
			{ "loops without a dialog choice removed", true, false, true },
		};
		bool choices = false;

		/* Dialog choices are tried as data steps only when typing and toggling are not enough
		 * (through them a shortcut may reproduce the long way round: session 54's queue had
		 * alarms seed 2 at 38 steps, was 17), and loops with one kept only when removing every
		 * loop without typing or toggling fails (gallery seed 2: 154 steps to 90). */
		for (size_t i = 0; i < pre && !choices; i++)
			choices = data_step_at(layer, pre, d->b, map, i) && !data_step_at(NULL, pre, d->b, map, i);
		for (size_t p = 0; p < sizeof(pass) / sizeof(pass[0]) && d->used < d->budget; p++) {
			const bool *lay = pass[p].choices ? layer : NULL;
			bool data = pass[p].data;
			long n;

			if (pass[p].choices && !choices)
				continue;
			n = !pass[p].loops ? shortcut(sig, lay, pre, d->b, map, data, 0, cand, cap)
					   : (long)loop_free(sig, lay, pre, d->b, map, cand);
			if (n < 0)
				continue;
			if ((size_t)n >= pre) {
				size_t was = *k;

				/* Every step is on the way through the data steps: which of those the bug needs. */
				if (data)
					data_steps_needed(d, sig, lay, map, pre, true, idx, k, cap);
				if (*k < was)
					break;
				continue;
			}
			/* Positions to step indices, then the candidates after the shown action. */
			for (long i = 0; i < n; i++)
				cand[i] = map[cand[i]];
			m = (size_t)n;
			for (size_t i = 0; i < *k; i++)
				if (idx[i] > d->shown)
					cand[m++] = idx[i];
			if (!try_candidates(d, idx, k, cand, m, pass[p].what)) {
				size_t was = *k;

				/* Through every data step it goes astray: from a later one it may not (after
				 * the dialog choices were tried too, when there are any). */
				if (data && pass[p].choices == choices)
					data_steps_needed(d, sig, lay, map, pre, false, idx, k, cap);
				if (*k < was)
					break;
				continue;
			}
			if (data)
				data_steps_needed(d, sig, lay, map, pre, true, idx, k, cap);
			break;
		}
	}
	free(sig);
	free(layer);
out:
	free(map);
	free(cand);
}

/* --- ddmin over loops ------------------------------------------------------ */

/*
 * The loops of the kept prefix (screens ks[0..n]: ks[j] before kept step j,
 * ks[n] the screen the shown action is taken on), left to right, each a
 * stretch [i, j) from a screen to a later visit of it: with `outer`, its
 * last visit (the few outermost loops), else its next visit (the many
 * innermost ones). Each loop goes to from[]/to[] (returns how many).
 */
static size_t prefix_loops(const uint64_t *ks, size_t n, bool outer, size_t *from, size_t *to)
{
	size_t nl = 0;

	for (size_t i = 0; i < n;) {
		size_t j = 0;

		for (size_t t = outer ? n : i + 1; ks[i] && (outer ? t > i : t <= n); outer ? t-- : t++)
			if (ks[t] == ks[i]) {
				j = t;
				break;
			}
		if (!j) {
			i++;
			continue;
		}
		from[nl] = i;
		to[nl++] = j;
		i = j;
	}
	return nl;
}

/* The path of kept prefix positions pos (np) without loops [from[u], to[u]) for u in [a, b), into cand. */
static size_t path_without_loops(const struct ddmin *d, const size_t *map, const size_t *pos, size_t np,
				 const size_t *from, const size_t *to, size_t a, size_t b, const size_t *idx,
				 size_t k, size_t *cand)
{
	size_t m = 0, u = a;

	for (size_t j = 0; j < np; j++) {
		while (u < b && to[u] <= j)
			u++;
		if (u < b && j >= from[u])
			continue;
		cand[m++] = map[pos[j]];
	}
	for (size_t i = 0; i < k; i++)
		if (idx[i] > d->shown)
			cand[m++] = idx[i];
	return m;
}

/*
 * ddmin with the loops of the prefix as units, outermost first, then the
 * loops inside those kept, a few levels in (hierarchical delta debugging,
 * Misherghi and Su 2006, with loops for the tree). A loop leaves the app
 * on the screen it started from, so the path without it stays on its way
 * where a chunk of single steps mostly goes astray; the steps outside
 * loops stay for ddmin_run. The evidence an oracle compares with (a
 * sibling tab's rows, the page that showed a row before its delete, the
 * screen a Back should return to) lies in loops the path comes back from:
 * removing every loop loses it, single-step ddmin over hundreds of steps
 * spends the budget first. One replay records the screens; each test
 * replays a candidate. Shrinks idx/k.
 */
static void ddmin_loops(struct ddmin *d, size_t *idx, size_t *k)
{
	size_t pre = 0, np, *map = xcalloc(*k + 1, sizeof(*map)), *pos, *cand, *from, *to;
	uint64_t *sig, *ks;

	for (size_t i = 0; i < *k; i++)
		if (idx[i] < d->shown)
			map[pre++] = idx[i];
	if (pre < 6 || d->used + 4 > d->budget) {
		free(map);
		return;
	}
	sig = xcalloc(pre + 1, sizeof(*sig));
	ks = xcalloc(pre + 1, sizeof(*ks));
	pos = xcalloc(pre + 1, sizeof(*pos));
	cand = xcalloc(*k + 1, sizeof(*cand));
	from = xcalloc(pre + 1, sizeof(*from));
	to = xcalloc(pre + 1, sizeof(*to));
	if (!path_screens(d, map, pre, sig, NULL))
		goto out;
	np = pre;
	for (size_t j = 0; j < np; j++)
		pos[j] = j;
	/* The outermost loops once, then the innermost until a round keeps them all. */
	for (int round = 0; round < 8 && d->used < d->budget; round++) {
		size_t nl, gran = 2, np_was = np;

		for (size_t j = 0; j < np; j++)
			ks[j] = sig[pos[j]];
		ks[np] = sig[pre];
		nl = prefix_loops(ks, np, round == 0, from, to);
		log_debug("\"%s\": round %d: %zu loops over %zu steps, %d replays used", d->b->title ? d->b->title : "",
			  round, nl, np, d->used);
		while (nl > 0 && d->used < d->budget) {
			bool reduced = false;
			size_t chunk;

			if (gran > nl)
				gran = nl;
			chunk = (nl + gran - 1) / gran;
			for (size_t a = 0; a < nl && d->used < d->budget && !reduced; a += chunk) {
				size_t b = a + chunk < nl ? a + chunk : nl;
				size_t m = path_without_loops(d, map, pos, np, from, to, a, b, idx, *k, cand);

				if (!ddmin_test(d, cand, m, 1))
					continue;
				/* Drop the loops' positions; the screens of the rest still hold. */
				{
					size_t w = 0, u = a, cut = 0;

					for (size_t v = a; v < b; v++)
						cut += to[v] - from[v];

					for (size_t j = 0; j < np; j++) {
						while (u < b && to[u] <= j)
							u++;
						if (!(u < b && j >= from[u]))
							pos[w++] = pos[j];
					}
					np = w;
					/* The loops after the removed ones shift down. */
					for (size_t v = b; v < nl; v++) {
						from[v - (b - a)] = from[v] - cut;
						to[v - (b - a)] = to[v] - cut;
					}
				}
				nl -= b - a;
				gran = gran > 2 ? gran - 1 : 2;
				reduced = true;
			}
			if (!reduced) {
				if (gran >= nl)
					break; /* every loop left is needed */
				gran = gran * 2 < nl ? gran * 2 : nl;
			}
		}
		if (round > 0 && np == np_was)
			break;
	}
	if (np < pre) {
		size_t m = path_without_loops(d, map, pos, np, from, to, 0, 0, idx, *k, cand);

		log_debug("\"%s\": loops: %zu candidate steps of %zu reproduce", d->b->title ? d->b->title : "", m, *k);
		memcpy(idx, cand, m * sizeof(*idx));
		*k = m;
	}
out:
	free(to);
	free(from);
	free(cand);
	free(pos);
	free(ks);
	free(sig);
	free(map);
}

/*
 * The action whose result shows bug b: the last step, or for an oracle
 * bug with trigger steps the last explorer action before them (a side
 * trip of another oracle may lie in between).
 */
static size_t shown_index(const struct bug *b, size_t trigger)
{
	for (size_t i = b->n_steps - trigger; trigger > 0 && i > 0; i--)
		if (!b->steps[i - 1].side_trip)
			return i - 1;
	return b->n_steps - trigger - 1;
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
	if (budget <= 0 || trigger + 1 >= b->n_steps)
		return TD_OK;
	d.trigger = trigger;
	d.shown = shown_index(b, trigger);
	k0 = k = b->n_steps - trigger - 1;
	/* The finding the whole path shows, to compare each candidate with. */
	all = xcalloc(b->n_steps + 1, sizeof(*all));
	/* Deep copies: keep_steps() releases b's actions. */
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
	k = 0;
	for (size_t i = 0; i + trigger < n_all; i++)
		if (i != d.shown)
			idx[k++] = i;
	/* Keep two replays for the final check. */
	d.budget = budget - 2;
	try_shortcuts(&d, idx, &k);
	ddmin_loops(&d, idx, &k);
	ddmin_run(&d, idx, &k);
	if (k < k0) {
		d.budget = budget;
		if (ddmin_test(&d, idx, k, 2)) {
			cJSON *m;

			bug_keep_original_steps(b);
			keep_steps(&d, b, idx, k);
			if (!b->extra)
				b->extra = cJSON_CreateObject();
			cJSON_DeleteItemFromObjectCaseSensitive(b->extra, "minimise");
			m = cJSON_AddObjectToObject(b->extra, "minimise");
			cJSON_AddNumberToObject(m, "replays", d.used);
			cJSON_AddNumberToObject(m, "steps_before", (double)n_all);
			cJSON_AddNumberToObject(m, "steps_after", (double)b->n_steps);
		} else {
			log_info("minimal path of \"%s\" did not reproduce twice; path kept", b->title ? b->title : "");
		}
	}
	/* The candidates left the app wherever the last one ended: the caller
	 * replays the run's own path when the run goes on (offline_plugins.c). */
	if (stats) {
		stats->replays = d.used;
		stats->steps_after = b->n_steps;
	}
	release_actions(all, n_all);
	free(idx);
	free(title);
	return TD_OK;
}
