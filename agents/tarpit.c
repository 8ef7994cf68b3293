/*
 * tarpit.c - online detection of Vet's two tarpit patterns and SimCheck
 * screen grouping (see tarpit.h).
 *
 * Both objectives are evaluated in O(N) per check over the current window
 * with first/last-occurrence tables and difference arrays, so checking every
 * few steps stays cheap on long runs.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "agents/tarpit.h"
#include "core/config.h"
#include "core/ui_align.h"
#include "core/xalloc.h"

/*
 * Partition scores within this of the minimum count as a tie, won by the
 * latest step after which no earlier screen returns (both terms of the
 * objective lie in [0, 1]).
 */
#define PARTITION_TIE_MARGIN 0.05

struct entry {
	int step;
	int group;
	uint64_t event;
};

struct tarpit {
	struct tarpit_params p;
	struct entry *e;
	size_t n, alloc;
	size_t start;          /* first entry of the analysis window */
	size_t since_check;
};

void tarpit_params_for_budget(struct tarpit_params *p, int budget)
{
	if (budget <= 0)
		budget = 200;
	p->t_min = budget / 10;
	if (p->t_min < 12)
		p->t_min = 12;
	if (p->t_min > 120)
		p->t_min = 120;
	p->partition_max = 0.1;
	p->local_ratio = 0.1;
	p->check_every = 5;
}

int tarpit_params_from_config(struct tarpit_params *p, const struct config *cfg, int budget)
{
	double frac;
	int floor_, cap;

	tarpit_params_for_budget(p, budget);
	if (!cfg)
		return TD_OK;
	if (budget <= 0)
		budget = 200;
	frac = config_double(cfg, "tarpit.t_min_fraction");
	floor_ = (int)config_int(cfg, "tarpit.t_min_floor");
	cap = (int)config_int(cfg, "tarpit.t_min_cap");
	p->partition_max = config_double(cfg, "tarpit.partition_max");
	p->local_ratio = config_double(cfg, "tarpit.local_ratio");
	p->check_every = (int)config_int(cfg, "tarpit.check_every");
	if (frac <= 0 || frac > 1 || floor_ < 2 || cap < floor_ || p->partition_max < 0 ||
	    p->partition_max > 1 || p->local_ratio <= 0 || p->local_ratio > 1 || p->check_every < 1) {
		tarpit_params_for_budget(p, budget);
		return td_error(TD_ERR_CONFIG, "tarpit: t_min_fraction in (0,1], 2 <= t_min_floor <= t_min_cap, "
				"partition_max and local_ratio in [0,1], check_every >= 1 expected");
	}
	p->t_min = (int)lround(budget * frac);
	if (p->t_min < floor_)
		p->t_min = floor_;
	if (p->t_min > cap)
		p->t_min = cap;
	return TD_OK;
}

const char *tarpit_kind_name(enum tarpit_kind k)
{
	switch (k) {
	case TARPIT_PARTITION:
		return "exploration_space_partition";
	case TARPIT_LOCAL:
		return "excessive_local_exploration";
	default:
		return "none";
	}
}

struct tarpit *tarpit_new(const struct tarpit_params *p)
{
	struct tarpit *tp = xcalloc(1, sizeof(*tp));

	if (p)
		tp->p = *p;
	else
		tarpit_params_for_budget(&tp->p, 0);
	return tp;
}

void tarpit_free(struct tarpit *tp)
{
	if (!tp)
		return;
	free(tp->e);
	free(tp);
}

void tarpit_add(struct tarpit *tp, int step, int group, uint64_t event)
{
	tp->e = xgrow(tp->e, &tp->alloc, tp->n + 1, sizeof(*tp->e));
	tp->e[tp->n].step = step;
	tp->e[tp->n].group = group;
	tp->e[tp->n].event = event;
	tp->n++;
	tp->since_check++;
}

void tarpit_reset(struct tarpit *tp)
{
	tp->start = tp->n;
	tp->since_check = 0;
}

size_t tarpit_len(const struct tarpit *tp)
{
	return tp->n - tp->start;
}

/* The window's groups renumbered densely 0..k-1; returns k. g[] gets N entries. */
static int dense_groups(const struct tarpit *tp, int *g)
{
	size_t N = tp->n - tp->start;
	int *map = NULL, k = 0, maxg = -1;

	for (size_t i = 0; i < N; i++)
		if (tp->e[tp->start + i].group > maxg)
			maxg = tp->e[tp->start + i].group;
	map = xmalloc((size_t)(maxg + 2) * sizeof(*map));
	for (int i = 0; i <= maxg + 1; i++)
		map[i] = -1;
	for (size_t i = 0; i < N; i++) {
		int raw = tp->e[tp->start + i].group + 1; /* -1 (unparsed) becomes 0 */

		if (map[raw] < 0)
			map[raw] = k++;
		g[i] = map[raw];
	}
	free(map);
	return k;
}

/* Vet's exploration-space-partition objective over the window. */
static bool check_partition(const struct tarpit *tp, const int *g, int k, struct tarpit_finding *out)
{
	int N = (int)(tp->n - tp->start), tmin = tp->p.t_min, EN = N - tmin;
	int *first, *last, *tail_seen, tail_distinct = 0, best_n = -1;
	long *returns;     /* returns[n]: positions j >= n whose group first appeared before n */
	int *suffix_distinct, *prefix_distinct;
	double best = 1e300, best_t1 = 0, *score, *t1;

	if (EN < 2 || N < 2 * tmin)
		return false;
	first = xmalloc((size_t)k * sizeof(*first));
	last = xmalloc((size_t)k * sizeof(*last));
	tail_seen = xcalloc((size_t)k, sizeof(*tail_seen));
	for (int i = 0; i < k; i++)
		first[i] = last[i] = -1;
	for (int j = 0; j < N; j++) {
		if (first[g[j]] < 0)
			first[g[j]] = j;
		last[g[j]] = j;
	}
	for (int j = EN; j < N; j++)
		if (!tail_seen[g[j]]++)
			tail_distinct++;
	/* returns[n] = #{ j >= n : first[g_j] < n } via a difference array over n. */
	returns = xcalloc((size_t)N + 2, sizeof(*returns));
	for (int j = 0; j < N; j++) {
		/* position j counts for n in (first, j]. */
		returns[first[g[j]] + 1]++;
		returns[j + 1]--;
	}
	for (int n = 1; n <= N; n++)
		returns[n] += returns[n - 1];
	suffix_distinct = xcalloc((size_t)N + 2, sizeof(*suffix_distinct));
	prefix_distinct = xcalloc((size_t)N + 2, sizeof(*prefix_distinct));
	for (int i = 0; i < k; i++) {
		/* group i is in suffix [n, N) for n <= last[i]; in prefix [0, n) for n > first[i] */
		suffix_distinct[0]++;
		suffix_distinct[last[i] + 1]--;
		prefix_distinct[first[i] + 1]++;
	}
	for (int n = 1; n <= N; n++) {
		suffix_distinct[n] += suffix_distinct[n - 1];
		prefix_distinct[n] += prefix_distinct[n - 1];
	}
	/* n is the prefix length (S_1..S_n); the suffix is positions n..N-1. */
	score = xmalloc((size_t)EN * sizeof(*score));
	t1 = xmalloc((size_t)EN * sizeof(*t1));
	for (int n = 1; n < EN; n++) {
		double ratio = tail_distinct ? (double)suffix_distinct[n] / tail_distinct : 1.0;

		t1[n] = (double)returns[n] / (double)(N - n);
		score[n] = t1[n] + 2.0 / (1.0 + exp(-(ratio - 1.0))) - 1.0;
		if (score[n] < best) {
			best = score[n];
			best_n = n;
		}
	}
	/* Near-ties go to the latest clean cut (nothing seen before it comes back). */
	for (int n = EN - 1; n > 0; n--) {
		if (t1[n] == 0.0 && score[n] <= best + PARTITION_TIE_MARGIN) {
			best_n = n;
			best = score[n];
			break;
		}
	}
	best_t1 = best_n > 0 ? t1[best_n] : 0;
	/* A cut at the edge of the range may lie later: wait for more steps. */
	if (best_n == EN - 1 && best_t1 > 0.0)
		best_n = -1;
	if (best_n > 0 && best_t1 <= tp->p.partition_max && N - best_n >= tmin &&
	    prefix_distinct[best_n] > suffix_distinct[best_n]) {
		const struct entry *c = &tp->e[tp->start + (size_t)best_n - 1];

		out->kind = TARPIT_PARTITION;
		out->culprit_step = c->step;
		out->culprit_group = c->group;
		out->culprit_event = c->event;
		out->region_first = tp->e[tp->start + (size_t)best_n].step;
		out->region_last = tp->e[tp->n - 1].step;
		out->region_groups = suffix_distinct[best_n];
		out->total_groups = k;
		out->score = best;
	} else {
		best_n = -1;
	}
	free(first);
	free(last);
	free(tail_seen);
	free(returns);
	free(suffix_distinct);
	free(prefix_distinct);
	free(score);
	free(t1);
	return best_n > 0;
}

/* Vet's excessive-local-exploration objective over suffix regions of the window. */
static bool check_local(const struct tarpit *tp, const int *g, int k, struct tarpit_finding *out)
{
	int N = (int)(tp->n - tp->start), tmin = tp->p.t_min, best_l = -1, distinct = 0;
	int *seen, *first;
	double best = 2.0;
	int best_d = 0;

	if (N < tmin)
		return false;
	seen = xcalloc((size_t)k, sizeof(*seen));
	first = xmalloc((size_t)k * sizeof(*first));
	for (int i = 0; i < k; i++)
		first[i] = -1;
	for (int j = 0; j < N; j++)
		if (first[g[j]] < 0)
			first[g[j]] = j;
	/* Walk l from the end backwards, counting distinct groups of [l, N). */
	for (int l = N - 1; l >= 0; l--) {
		if (!seen[g[l]]++)
			distinct++;
		if (N - l >= tmin) {
			double r = (double)distinct / (double)(N - l);

			if (r < best) {
				best = r;
				best_l = l;
				best_d = distinct;
			}
		}
	}
	free(seen);
	if (best_l < 0 || best > tp->p.local_ratio || best_d * 2 > k) {
		free(first);
		return false;
	}
	/* No new group in the region's last t_min steps: progress has stalled. */
	for (int i = 0; i < k; i++) {
		if (first[i] >= N - tmin) {
			free(first);
			return false;
		}
	}
	free(first);
	out->kind = TARPIT_LOCAL;
	if (best_l > 0) {
		const struct entry *c = &tp->e[tp->start + (size_t)best_l - 1];

		out->culprit_step = c->step;
		out->culprit_group = c->group;
		out->culprit_event = c->event;
	} else {
		out->culprit_step = -1;
		out->culprit_group = -1;
		out->culprit_event = 0;
	}
	out->region_first = tp->e[tp->start + (size_t)best_l].step;
	out->region_last = tp->e[tp->n - 1].step;
	out->region_groups = best_d;
	out->total_groups = k;
	out->score = best;
	return true;
}

bool tarpit_check_now(struct tarpit *tp, struct tarpit_finding *out)
{
	size_t N = tp->n - tp->start;
	int *g, k;
	bool found;

	memset(out, 0, sizeof(*out));
	out->culprit_step = -1;
	tp->since_check = 0;
	if (N < 2)
		return false;
	g = xmalloc(N * sizeof(*g));
	k = dense_groups(tp, g);
	found = check_partition(tp, g, k, out) || check_local(tp, g, k, out);
	free(g);
	return found;
}

bool tarpit_check(struct tarpit *tp, struct tarpit_finding *out)
{
	if ((int)tp->since_check < tp->p.check_every) {
		memset(out, 0, sizeof(*out));
		out->culprit_step = -1;
		return false;
	}
	return tarpit_check_now(tp, out);
}

/* ------------------------------------------------------------- groups */

struct group_rep {
	struct ui_tree *tree;
	char *activity;
};

struct tarpit_groups {
	struct ui_align_params p;
	struct group_rep *reps;
	size_t n, alloc;
};

struct tarpit_groups *tarpit_groups_new(const struct ui_align_params *p)
{
	struct tarpit_groups *g = xcalloc(1, sizeof(*g));

	if (p)
		g->p = *p;
	else
		ui_align_params_default(&g->p);
	return g;
}

void tarpit_groups_free(struct tarpit_groups *g)
{
	if (!g)
		return;
	for (size_t i = 0; i < g->n; i++) {
		ui_tree_free(g->reps[i].tree);
		free(g->reps[i].activity);
	}
	free(g->reps);
	free(g);
}

int tarpit_groups_assign_tree(struct tarpit_groups *g, const struct ui_tree *t, const char *xml,
			      size_t len, const char *activity)
{
	struct ui_tree *copy = NULL;

	if (!t)
		return -1;
	for (size_t i = 0; i < g->n; i++)
		if (ui_simcheck(g->reps[i].tree, g->reps[i].activity, t, activity, &g->p))
			return (int)i;
	if (!xml || ui_parse(xml, len, "screen", &copy) != TD_OK)
		return -1;
	g->reps = xgrow(g->reps, &g->alloc, g->n + 1, sizeof(*g->reps));
	g->reps[g->n].tree = copy;
	g->reps[g->n].activity = activity ? xstrdup(activity) : NULL;
	return (int)g->n++;
}

int tarpit_groups_assign(struct tarpit_groups *g, const char *xml, size_t len, const char *activity)
{
	struct ui_tree *t = NULL;
	int r;

	if (!xml || ui_parse(xml, len, "screen", &t) != TD_OK)
		return -1;
	r = tarpit_groups_assign_tree(g, t, xml, len, activity);
	ui_tree_free(t);
	return r;
}

size_t tarpit_groups_count(const struct tarpit_groups *g)
{
	return g->n;
}
