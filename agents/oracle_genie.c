/*
 * oracle_genie.c - oracle 5: Genie's independent-view check (seeds 003
 * §3.3-3.5, Def. 7-8, Alg. 3), as a plugin that runs at the end of a run.
 *
 * Seeds come from the run's own history: a stretch of steps (from the last
 * restart) in which a list row was clicked at step k (the active view) and
 * the list's screen came back later (step j) with a visible effect Δ. The
 * seed is replayed twice from a clean start; views that differ between the
 * two replays change by themselves and are masked. The mutant inserts a
 * detour at the pivot: click an inactive sibling row of the same list, then
 * Back. If the detour does not return to the pivot (more than half of the
 * texts differ, Genie's heuristic, or the pivot's list is not on the screen
 * in the pivot's activity) the mutant is dropped. Otherwise every
 * pair of similar-type screens (i <= k < j, same activity and same list)
 * must keep the seed's effect: Δ(l_i, l_j) ⊆ Δ'(l'_i, l'_j), effects being
 * multisets of view keys where views in a list row carry the row's text (the
 * mapping GUIPilot's alignment or a tree diff would give). A violation is
 * replayed once more and reported only when it repeats.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/brain.h"
#include "agents/offline_shared.h"
#include "agents/oracle.h"
#include "agents/replay.h"
#include "agents/rundir.h"
#include "core/config.h"
#include "core/log.h"
#include "core/xalloc.h"

struct genie_state {
	struct offline_shared *sh;
	int max_mutants;
};

/* The run's recorded actions 1..n (copies) and the abstract signature of the screen each was done on. */
static size_t load_actions(struct agent_env *env, struct action **out, uint64_t **sigs)
{
	struct history *h = agent_env_history(env);
	int n = history_n_steps(h);
	struct action *a = xcalloc((size_t)n + 1, sizeof(*a));

	*sigs = xcalloc((size_t)n + 1, sizeof(**sigs));
	for (int i = 1; i <= n; i++) {
		struct history_step hs;

		history_step_init(&hs);
		action_init(&a[i - 1]);
		if (history_get_step(h, i, &hs) == TD_OK) {
			action_copy(&a[i - 1], &hs.action);
			(*sigs)[i - 1] = hs.sig_abstract;
		}
		history_step_release(&hs);
	}
	*out = a;
	return (size_t)n;
}

/* The screen recorded before step `step` (parsed from the run directory), or NULL. */
static struct ui_tree *load_screen(struct agent_env *env, int step)
{
	char *rel = rundir_step_rel(step, ".xml");
	char *abs = rundir_abs(agent_env_rundir(env), rel);
	struct ui_tree *t = NULL;

	if (ui_parse_file(abs, &t) != TD_OK)
		t = NULL;
	free(rel);
	free(abs);
	return t;
}

/* The list (index into lists) whose rows contain widget `w`; -1 none. Fills the row's primary text. */
static int row_of_click(const struct ui_tree *t, const struct action *a, const struct oracle_list *lists,
			size_t n, const char **row_text)
{
	const struct ui_widget *w = action_resolve(a, t);

	if (!w)
		return -1;
	for (const struct ui_widget *p = w; p; p = p->parent) {
		if (!p->parent)
			break;
		for (size_t i = 0; i < n; i++) {
			char id[512];

			snprintf(id, sizeof(id), "%s#%s", p->parent->resource_id, p->parent->class_name);
			if (strcmp(id, lists[i].id) != 0)
				continue;
			/* p is the row: its first text is the row's primary text. */
			for (size_t r = 0; r < lists[i].n_rows; r++) {
				const char *t0 = lists[i].primary[r];

				for (size_t k = 0; k < t->n_nodes; k++)
					if (t->nodes[k]->parent && (t->nodes[k] == p || t->nodes[k]->parent == p) &&
					    *t->nodes[k]->text && strcmp(t->nodes[k]->text, t0) == 0) {
						*row_text = t0;
						return (int)i;
					}
			}
			return -1;
		}
	}
	return -1;
}

/* Whether both screens show list `id` in the same activity (Genie's Similar_layout_type). */
static bool similar_type(const struct replay_screen *a, const struct replay_screen *b, const char *id)
{
	struct oracle_list *la = NULL, *lb = NULL;
	size_t na, nb;
	bool ia = false, ib = false;

	if (!a->tree || !b->tree || strcmp(a->activity ? a->activity : "", b->activity ? b->activity : "") != 0)
		return false;
	na = oracle_lists(a->tree, &la);
	nb = oracle_lists(b->tree, &lb);
	for (size_t i = 0; i < na; i++)
		ia |= !strcmp(la[i].id, id);
	for (size_t i = 0; i < nb; i++)
		ib |= !strcmp(lb[i].id, id);
	oracle_lists_free(la, na);
	oracle_lists_free(lb, nb);
	return ia && ib;
}

/* Check Alg. 3 between seed screens S and mutant screens M (detour of 2 at pivot K). */
static bool violated(const struct replay_result *S, const struct replay_result *M, size_t K, const char *list_id,
		     char **mask, size_t n_mask, cJSON **why)
{
	for (size_t i = 0; i <= K && i < S->n_screens; i++) {
		for (size_t j = K + 1; j < S->n_screens && j + 2 < M->n_screens; j++) {
			struct oracle_effect ds, dm;
			bool ok;

			if (!similar_type(&S->screens[i], &S->screens[j], list_id))
				continue;
			oracle_effect_compute(S->screens[i].tree, S->screens[j].tree, (const char *const *)mask, n_mask, &ds);
			oracle_effect_compute(M->screens[i].tree, M->screens[j + 2].tree, (const char *const *)mask,
					      n_mask, &dm);
			ok = oracle_effect_contained(&ds, &dm);
			if (!ok) {
				cJSON *seed = cJSON_CreateArray(), *mut = cJSON_CreateArray();

				for (size_t k = 0; k < ds.n; k++)
					cJSON_AddItemToArray(seed, cJSON_CreateString(ds.items[k]));
				for (size_t k = 0; k < dm.n; k++)
					cJSON_AddItemToArray(mut, cJSON_CreateString(dm.items[k]));
				*why = cJSON_CreateObject();
				cJSON_AddNumberToObject(*why, "i", (double)i);
				cJSON_AddNumberToObject(*why, "j", (double)j);
				cJSON_AddItemToObject(*why, "seed_effect", seed);
				cJSON_AddItemToObject(*why, "mutant_effect", mut);
			}
			oracle_effect_release(&ds);
			oracle_effect_release(&dm);
			if (!ok)
				return true;
		}
	}
	return false;
}

/* One seed test: the run's actions idx[0..n) replayed from a clean start, the pivot at idx[K]. */
struct genie_seed {
	size_t *idx;
	size_t n, K;
	char *list_id, *active, *sibling; /* the pivot's list, its clicked row and the detour row */
	bool first_on_list;		  /* no click on this list before the pivot */
	int rank;			  /* seeds of the same list ordered before this one; -1 once reported */
};

/* Try one seed with a detour on its sibling row. Returns 1 when a bug was reported. */
static int try_mutant(struct genie_state *st, struct agent_env *env, struct device *dev, const struct action *acts,
		      const struct genie_seed *sd, const char **outcome)
{
	struct replay_opts opts = { .clear_data = true, .login = offline_shared_login(st->sh) };
	const char *pkg = agent_env_package(env), *list_id = sd->list_id, *sibling = sd->sibling;
	size_t ns = sd->n, nm = ns + 2, K = sd->K;
	struct action *seed = xcalloc(ns, sizeof(*seed));
	struct action *mut = xcalloc(nm, sizeof(*mut));
	struct replay_result s1, s2, m1, m2;
	char **mask = NULL;
	size_t n_mask = 0, alloc = 0;
	cJSON *why = NULL;
	int reported = 0;
	bool bug = false;

	memset(&s1, 0, sizeof(s1));
	memset(&s2, 0, sizeof(s2));
	memset(&m1, 0, sizeof(m1));
	memset(&m2, 0, sizeof(m2));
	for (size_t i = 0; i < ns; i++)
		seed[i] = acts[sd->idx[i]];
	/* The pivot addresses its row by the row's text, as the detour does:
	 * the detour can shift the list (a new label above it), and a row
	 * found by position would then be another row. */
	action_init(&seed[K]);
	seed[K].type = ACTION_CLICK;
	seed[K].widget_text = sd->active;
	for (size_t i = 0; i < K; i++)
		mut[i] = seed[i];
	action_init(&mut[K]);
	mut[K].type = ACTION_CLICK;
	mut[K].widget_text = (char *)sibling;
	action_init(&mut[K + 1]);
	mut[K + 1].type = ACTION_BACK;
	for (size_t i = K; i < ns; i++)
		mut[i + 2] = seed[i];
	*outcome = "seed replay failed";
	if (replay_run(dev, pkg, seed, ns, &opts, &s1) != TD_OK ||
	    replay_run(dev, pkg, seed, ns, &opts, &s2) != TD_OK || s1.n_screens != s2.n_screens)
		goto out;
	for (size_t i = 0; i < s1.n_screens; i++)
		oracle_effect_unstable(s1.screens[i].tree, s2.screens[i].tree, &mask, &n_mask, &alloc);
	*outcome = "mutant replay failed";
	if (replay_run(dev, pkg, mut, nm, &opts, &m1) != TD_OK || m1.n_screens != nm + 1)
		goto out;
	/* Genie's return check: the detour must come back to the pivot screen.
	 * Texts alone are not enough: a picker row that selects and closes
	 * sends the detour's Back one page further, to a page that may list
	 * the same names (a station picker over a list of stations); the
	 * pivot's list in the pivot's activity must be back too. */
	*outcome = "detour did not return";
	if (oracle_text_difference(s1.screens[K].tree, m1.screens[K + 2].tree) > 0.5 ||
	    !similar_type(&s1.screens[K], &m1.screens[K + 2], list_id))
		goto out;
	*outcome = "effects contained";
	if (!violated(&s1, &m1, K, list_id, mask, n_mask, &why))
		goto out;
	*outcome = "violation did not repeat";
	cJSON_Delete(why);
	why = NULL;
	/* Once more: a violation that does not repeat is noise. */
	bug = replay_run(dev, pkg, mut, nm, &opts, &m2) == TD_OK && m2.n_screens == nm + 1 &&
	      violated(&s1, &m2, K, list_id, mask, n_mask, &why);
	if (bug) {
		struct bug b;

		bug_init(&b);
		b.title = xasprintf("Opening '%s' first changes what '%s' does", sibling,
				    sd->active);
		b.category = BUG_CAT_DATA_OPERATION;
		b.description = xasprintf("Independent-view check (Genie): the steps after the pivot have a GUI effect "
					  "that is lost when an independent sibling row ('%s') is opened and closed first.",
					  sibling);
		b.expected = xstrdup("the detour adds effects but removes none of the seed's");
		b.actual = xstrdup("an effect of the seed test is missing in the mutant");
		b.found_by = xstrdup("oracle:independent_view");
		b.confirmed = true;
		b.extra = why;
		why = NULL;
		cJSON_AddStringToObject(b.extra, "list", list_id);
		cJSON_AddStringToObject(b.extra, "active_row", sd->active);
		cJSON_AddStringToObject(b.extra, "detour_row", sibling);
		cJSON_AddNumberToObject(b.extra, "pivot", (double)K);
		/* The finding is about the steps from the pivot on (after the
		 * detour): those are the part an evaluation replays it for. */
		cJSON_AddNumberToObject(b.extra, "trigger_steps", (double)(nm - (K + 2) - 1));
		for (size_t i = 0; i < nm; i++)
			bug_add_step(&b, i < K ? (int)sd->idx[i] + 1 : (i < K + 2 ? -1 : (int)sd->idx[i - 2] + 1), &mut[i],
				     NULL, NULL);
		reported = agent_env_report_bug(env, &b, NULL);
		*outcome = reported ? "reported" : "duplicate";
		bug_release(&b);
	}
out:
	cJSON_Delete(why);
	for (size_t i = 0; i < n_mask; i++)
		free(mask[i]);
	free(mask);
	replay_result_release(&s1);
	replay_result_release(&s2);
	replay_result_release(&m1);
	replay_result_release(&m2);
	free(seed);
	free(mut);
	return reported;
}

/* Try order: each list's best seed before any list's second; first clicks
 * on a list (whose effect a detour can still change) and short prefixes first. */
static int seed_cmp(const void *x, const void *y)
{
	const struct genie_seed *a = x, *b = y;

	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	if (a->first_on_list != b->first_on_list)
		return a->first_on_list ? -1 : 1;
	if (a->K != b->K)
		return a->K < b->K ? -1 : 1;
	return a->idx[a->K] < b->idx[b->K] ? -1 : a->idx[a->K] > b->idx[b->K];
}

/* Order within one list, used to compute the ranks. */
static int seed_cmp_in_list(const void *x, const void *y)
{
	const struct genie_seed *a = x, *b = y;
	int c = strcmp(a->list_id, b->list_id);

	if (c)
		return c;
	return seed_cmp(x, y);
}

/* A click on a row of a list with a sibling row, whose list screen came back at step index j. */
struct genie_pivot {
	char *list_id, *active, *sibling; /* NULL list_id: not a usable pivot */
	size_t j;
};

/* Fill pv[k] for a click on a list row (with a sibling) whose list's screen is back within 10 steps. */
static void find_pivot(struct agent_env *env, const struct action *acts, size_t n, size_t k, struct genie_pivot *pv)
{
	struct ui_tree *lk = load_screen(env, (int)k + 1);
	struct oracle_list *lists = NULL;
	size_t nl = lk ? oracle_lists(lk, &lists) : 0;
	const char *active = NULL, *sibling = NULL;
	int li = lk ? row_of_click(lk, &acts[k], lists, nl, &active) : -1;

	if (li >= 0 && lists[li].n_rows >= 2) {
		for (size_t r = 0; r < lists[li].n_rows && !sibling; r++)
			if (strcmp(lists[li].primary[r], active) != 0 && *lists[li].primary[r])
				sibling = lists[li].primary[r];
		for (size_t j = k + 1; sibling && j < n && j <= k + 10 && acts[j].type != ACTION_RESTART; j++) {
			struct ui_tree *lj = load_screen(env, (int)j + 2);
			struct oracle_list *lj_lists = NULL;
			size_t nj = lj ? oracle_lists(lj, &lj_lists) : 0;
			bool back = false;

			for (size_t q = 0; q < nj; q++)
				back |= !strcmp(lj_lists[q].id, lists[li].id);
			ui_tree_free(lj);
			oracle_lists_free(lj_lists, nj);
			if (back) {
				pv->list_id = xstrdup(lists[li].id);
				pv->active = xstrdup(active);
				pv->sibling = xstrdup(sibling);
				pv->j = j;
				break;
			}
		}
	}
	oracle_lists_free(lists, nl);
	ui_tree_free(lk);
}

/* Add the seed prefix[0..np) + [k, pv[k].j] unless an equivalent one is known. */
static void add_seed(struct genie_seed **seeds, size_t *n, size_t *alloc, const struct genie_pivot *pv,
		     const size_t *prefix, size_t np, size_t k)
{
	struct genie_seed c = { .n = np + pv[k].j - k + 1, .K = np, .first_on_list = true };

	for (size_t i = 0; i < np; i++)
		c.first_on_list &= !pv[prefix[i]].list_id || strcmp(pv[prefix[i]].list_id, pv[k].list_id) != 0;
	for (size_t i = 0; i < *n; i++) {
		const struct genie_seed *o = &(*seeds)[i];

		if (!strcmp(o->list_id, pv[k].list_id) && !strcmp(o->active, pv[k].active) &&
		    o->first_on_list == c.first_on_list && o->n == c.n && o->K == c.K)
			return;
	}
	c.idx = xcalloc(c.n, sizeof(*c.idx));
	memcpy(c.idx, prefix, np * sizeof(*prefix));
	for (size_t i = np; i < c.n; i++)
		c.idx[i] = k + (i - np);
	c.list_id = xstrdup(pv[k].list_id);
	c.active = xstrdup(pv[k].active);
	c.sibling = xstrdup(pv[k].sibling);
	if (*n == *alloc)
		*seeds = xrealloc(*seeds, (*alloc = *alloc ? 2 * *alloc : 16) * sizeof(**seeds));
	(*seeds)[(*n)++] = c;
}

/* Whether the screen recorded before step index q shows list `id`. */
static bool screen_has_list(struct agent_env *env, size_t q, const char *id)
{
	struct ui_tree *t = load_screen(env, (int)q + 1);
	struct oracle_list *lists = NULL;
	size_t nl = t ? oracle_lists(t, &lists) : 0;
	bool has = false;

	for (size_t i = 0; i < nl; i++)
		has |= !strcmp(lists[i].id, id);
	oracle_lists_free(lists, nl);
	ui_tree_free(t);
	return has;
}

/* The first step index whose screen has abstract signature `sig` (it must exist). */
static size_t first_with_sig(const uint64_t *sigs, uint64_t sig)
{
	size_t i = 0;

	while (sigs[i] != sig)
		i++;
	return i;
}

/*
 * The shortest recorded way from the run's first screen to a screen showing
 * list `id`: a breadth-first search over abstract screens, whose edges are
 * the recorded steps (restarts excluded). Fills path (step indices) and
 * returns its length, or -1 when no recorded way exists.
 */
static long shortest_prefix(struct agent_env *env, const struct action *acts, const uint64_t *sigs, size_t n,
			    const char *id, size_t *path)
{
	size_t *via = xcalloc(n + 1, sizeof(*via)); /* per step index: the edge that first reached its screen, +1 */
	size_t *queue = xcalloc(n + 1, sizeof(*queue));
	size_t head = 0, tail = 0;
	long len = -1;

	/* Nodes are represented by the first step index showing that screen. */
	queue[tail++] = 0;
	via[0] = (size_t)-1;
	while (head < tail && len < 0) {
		size_t u = queue[head++];

		if (screen_has_list(env, u, id)) {
			size_t m = 0;

			for (size_t v = u; via[v] != (size_t)-1; v = first_with_sig(sigs, sigs[via[v] - 1]))
				m++;
			len = (long)m;
			for (size_t v = u; via[v] != (size_t)-1; v = first_with_sig(sigs, sigs[via[v] - 1]))
				path[--m] = via[v] - 1;
			break;
		}
		for (size_t q = 0; q + 1 < n; q++) {
			size_t w;

			if (sigs[q] != sigs[u] || acts[q].type == ACTION_RESTART)
				continue;
			w = first_with_sig(sigs, sigs[q + 1]);
			if (via[w])
				continue;
			via[w] = q + 1;
			queue[tail++] = w;
		}
	}
	free(via);
	free(queue);
	return len;
}

/*
 * The seeds of the run. Each pivot gives the seed from the last restart and
 * the seed whose prefix is the shortest recorded way to the list: from a
 * clean start that is a different, shorter test (Genie's seeds are any
 * replayable tests), often one in which the pivot is the first use of its
 * list, before other steps changed what the pivot does.
 */
static size_t collect_seeds(struct agent_env *env, const struct action *acts, const uint64_t *sigs, size_t n,
			    struct genie_seed **out)
{
	struct genie_seed *seeds = NULL;
	struct genie_pivot *pv = xcalloc(n + 1, sizeof(*pv));
	size_t *prefix = xcalloc(n + 1, sizeof(*prefix));
	size_t n_seeds = 0, alloc = 0, seg_start = 0;
	/* The shortest prefix per list, computed once per list. */
	char **way_list = NULL;
	size_t **way = NULL, n_way = 0;
	long *way_len = NULL;

	for (size_t k = 0; k < n; k++) {
		size_t w = 0;

		if (acts[k].type == ACTION_RESTART)
			seg_start = k + 1;
		if (acts[k].type != ACTION_CLICK)
			continue;
		find_pivot(env, acts, n, k, &pv[k]);
		if (!pv[k].list_id)
			continue;
		for (size_t i = seg_start; i < k; i++)
			prefix[i - seg_start] = i;
		add_seed(&seeds, &n_seeds, &alloc, pv, prefix, k - seg_start, k);
		while (w < n_way && strcmp(way_list[w], pv[k].list_id) != 0)
			w++;
		if (w == n_way) {
			way_list = xrealloc(way_list, (n_way + 1) * sizeof(*way_list));
			way = xrealloc(way, (n_way + 1) * sizeof(*way));
			way_len = xrealloc(way_len, (n_way + 1) * sizeof(*way_len));
			way_list[n_way] = xstrdup(pv[k].list_id);
			way[n_way] = xcalloc(n + 1, sizeof(**way));
			way_len[n_way] = shortest_prefix(env, acts, sigs, n, pv[k].list_id, way[n_way]);
			n_way++;
		}
		if (way_len[w] >= 0 && (size_t)way_len[w] < k - seg_start)
			add_seed(&seeds, &n_seeds, &alloc, pv, way[w], (size_t)way_len[w], k);
	}
	for (size_t w = 0; w < n_way; w++) {
		free(way_list[w]);
		free(way[w]);
	}
	free(way_list);
	free(way);
	free(way_len);
	for (size_t k = 0; k < n; k++) {
		free(pv[k].list_id);
		free(pv[k].active);
		free(pv[k].sibling);
	}
	free(pv);
	free(prefix);
	if (n_seeds) {
		qsort(seeds, n_seeds, sizeof(*seeds), seed_cmp_in_list);
		for (size_t i = 1; i < n_seeds; i++)
			if (!strcmp(seeds[i].list_id, seeds[i - 1].list_id))
				seeds[i].rank = seeds[i - 1].rank + 1;
		qsort(seeds, n_seeds, sizeof(*seeds), seed_cmp);
	}
	*out = seeds;
	return n_seeds;
}

static void genie_on_finish(struct agent_plugin *p, struct agent_env *env)
{
	struct genie_state *st = p->state;
	struct action *acts = NULL;
	uint64_t *sigs = NULL;
	size_t n = load_actions(env, &acts, &sigs), n_seeds;
	struct genie_seed *seeds = NULL;
	int mutants = 0, found = 0;
	struct device *dev = agent_env_device_lock(env);

	n_seeds = dev ? collect_seeds(env, acts, sigs, n, &seeds) : 0;
	for (size_t i = 0; i < n_seeds && mutants < st->max_mutants; i++) {
		struct genie_seed *s = &seeds[i];
		const char *outcome = "";
		bool done = false;
		cJSON *rec, *steps;

		/* One report per list is enough: skip its other seeds once it has one. */
		for (size_t q = 0; q < i && !done; q++)
			done = seeds[q].rank < 0 && !strcmp(seeds[q].list_id, s->list_id);
		if (done)
			continue;
		mutants++;
		if (try_mutant(st, env, dev, acts, s, &outcome)) {
			found++;
			s->rank = -1;
		}
		rec = cJSON_CreateObject();
		cJSON_AddStringToObject(rec, "oracle", "independent_view");
		steps = cJSON_AddArrayToObject(rec, "seed_steps");
		for (size_t q = 0; q < s->n; q++)
			cJSON_AddItemToArray(steps, cJSON_CreateNumber((double)(s->idx[q] + 1)));
		cJSON_AddNumberToObject(rec, "pivot", (double)(s->idx[s->K] + 1));
		cJSON_AddStringToObject(rec, "list", s->list_id);
		cJSON_AddStringToObject(rec, "active_row", s->active);
		cJSON_AddStringToObject(rec, "detour_row", s->sibling);
		cJSON_AddStringToObject(rec, "outcome", outcome);
		(void)agent_env_trace(env, "mutant", rec);
	}
	if (dev) {
		cJSON *rec = cJSON_CreateObject();

		cJSON_AddStringToObject(rec, "oracle", "independent_view");
		cJSON_AddNumberToObject(rec, "seeds", (double)n_seeds);
		cJSON_AddNumberToObject(rec, "mutants", mutants);
		cJSON_AddNumberToObject(rec, "reported", found);
		(void)agent_env_trace(env, "oracle_check", rec);
	}
	agent_env_device_unlock(env);
	for (size_t i = 0; i < n_seeds; i++) {
		free(seeds[i].list_id);
		free(seeds[i].active);
		free(seeds[i].sibling);
		free(seeds[i].idx);
	}
	free(seeds);
	free(sigs);
	for (size_t i = 0; i < n; i++)
		action_release(&acts[i]);
	free(acts);
}

static void genie_free(struct agent_plugin *p)
{
	struct genie_state *st = p->state;

	offline_shared_put(st->sh);
	free(st);
	free(p);
}

static int new_genie(struct agent_env *env, struct agent_plugin **out)
{
	const struct config *cfg = agent_env_config(env);
	struct genie_state *st;

	*out = NULL;
	if (!config_bool(cfg, "oracles.independent_view"))
		return TD_OK;
	st = xcalloc(1, sizeof(*st));
	st->sh = offline_shared_get(env);
	st->max_mutants = (int)config_int(cfg, "oracles.independent_view_max_mutants");
	*out = xcalloc(1, sizeof(**out));
	(*out)->name = "oracle:independent_view";
	(*out)->state = st;
	(*out)->on_finish = genie_on_finish;
	(*out)->free = genie_free;
	return TD_OK;
}

const struct plugin_kind plugin_kind_genie = {
	.name = "genie",
	.summary = "Genie's independent-view oracle: seed/mutant replays with a detour on a sibling list row",
	.new_plugin = new_genie,
};
