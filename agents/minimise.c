/*
 * minimise.c - ddmin over a confirmed oracle bug's path (see minimise.h).
 */
#include "agents/minimise.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/replay.h"
#include "agents/replay_confirm.h"
#include "core/log.h"
#include "core/xalloc.h"

struct ddmin {
	struct device *dev;
	const char *package;
	const struct login_script *login;
	double overlap;
	const struct bug *b;
	size_t tail;            /* steps at the end that always stay */
	const char *title;      /* the finding the whole path shows */
	int budget;
	int used;
};

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
	d->used += runs;
	ok = replay_confirm_check(d->dev, d->package, d->login, d->overlap, d->b, steps, n, runs, &title) &&
	     title && !strcmp(title, d->title);
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

	/* Often the tail alone is enough (a form filled in one screen). */
	if (*k && d->used + 1 <= d->budget && ddmin_test(d, idx, 0, 1))
		*k = 0;
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

/* Replace b's steps by those named by idx (k) plus the last `tail` steps. */
static void keep_steps(struct bug *b, const size_t *idx, size_t k, size_t tail)
{
	struct bug nb;
	size_t first_tail = b->n_steps - tail;

	bug_init(&nb);
	for (size_t i = 0; i < k; i++)
		bug_add_step(&nb, b->steps[idx[i]].step, &b->steps[idx[i]].action, b->steps[idx[i]].screen,
			     b->steps[idx[i]].activity);
	for (size_t i = first_tail; i < b->n_steps; i++)
		bug_add_step(&nb, b->steps[i].step, &b->steps[i].action, b->steps[i].screen, b->steps[i].activity);
	for (size_t i = 0; i < b->n_steps; i++) {
		action_release(&b->steps[i].action);
		free(b->steps[i].screen);
		free(b->steps[i].activity);
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

int bug_minimise(struct device *dev, const char *package, const struct login_script *login, double overlap,
		 int budget, struct bug *b, struct minimise_stats *stats)
{
	struct ddmin d = { .dev = dev, .package = package, .login = login, .overlap = overlap, .b = b,
			   .budget = budget };
	size_t trigger = replay_confirm_trigger_steps(b);
	size_t *idx = NULL, k, k0, n_all;
	char *title = NULL;
	struct action *all;
	bool ok;

	if (stats) {
		memset(stats, 0, sizeof(*stats));
		stats->steps_before = stats->steps_after = b->n_steps;
	}
	if (!b->found_by || strncmp(b->found_by, "oracle:", 7) != 0)
		return td_error(TD_ERR_INVALID, "bug \"%s\" was not found by an oracle", b->title ? b->title : "");
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
	d.used = 1;
	ok = replay_confirm_check(dev, package, login, overlap, b, all, n_all, 1, &title);
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
