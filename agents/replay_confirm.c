/*
 * replay_confirm.c - replay confirmation of oracle findings (see
 * replay_confirm.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "agents/login.h"
#include "agents/oracle.h"
#include "agents/replay.h"
#include "agents/replay_confirm.h"
#include "core/log.h"
#include "core/xalloc.h"

/* The actions of bug steps [from, n). Caller frees the array (actions are shallow copies). */
static struct action *bug_actions(const struct bug *b, size_t from)
{
	struct action *a = xcalloc(b->n_steps + 1, sizeof(*a));

	for (size_t i = from; i < b->n_steps; i++)
		a[i - from] = b->steps[i].action;
	return a;
}

/* The oracle name of a bug ("rotation" for "oracle:rotation"), or NULL. */
static const char *oracle_of(const struct bug *b)
{
	if (!b->found_by || strncmp(b->found_by, "oracle:", 7) != 0)
		return NULL;
	return b->found_by + 7;
}

/* Check the oracle on a replay's screens; fills *f. */
static bool recheck(const char *oracle, const struct replay_result *r, size_t trigger, struct device *dev,
		    const char *package, double overlap, struct oracle_finding *f)
{
	size_t n = r->n_screens;
	const struct replay_screen *last, *pre;
	bool hit = false;

	oracle_finding_init(f);
	if (n < 1)
		return false;
	last = &r->screens[n - 1];
	pre = n > trigger ? &r->screens[n - 1 - trigger] : &r->screens[0];
	if (!strcmp(oracle, "rotation") || !strcmp(oracle, "background")) {
		hit = oracle_state_lost(pre->tree, pre->activity, last->tree, last->activity,
					!strcmp(oracle, "rotation") ? "rotation" : "Home and relaunch", f);
	} else if (!strcmp(oracle, "display")) {
		hit = oracle_display(last->tree, overlap, f);
	} else if (!strcmp(oracle, "crash")) {
		struct device_crash c;

		memset(&c, 0, sizeof(c));
		hit = device_check_crash(dev, package, &c) == TD_OK && (c.crashed || c.anr);
		if (hit) {
			f->category = BUG_CAT_CRASH;
			f->oracle = "crash";
			f->title = xstrdup(c.anr ? "ANR" : "crash");
		}
		device_crash_release(&c);
	} else if (!strcmp(oracle, "duplicate")) {
		struct oracle_list *after = NULL, *prev = NULL;
		size_t na, np = 0;

		if (n < 2)
			return false;
		na = oracle_lists(last->tree, &after);
		for (size_t i = 0; i < na && !hit; i++) {
			const struct oracle_list *pl = NULL;

			/* The list as last seen before the save. */
			for (size_t k = n - 1; k-- > 0 && !pl;) {
				oracle_lists_free(prev, np);
				prev = NULL;
				np = oracle_lists(r->screens[k].tree, &prev);
				for (size_t j = 0; j < np && !pl; j++)
					if (!strcmp(prev[j].id, after[i].id))
						pl = &prev[j];
			}
			hit = oracle_list_duplicates(pl, &after[i], NULL, f);
			oracle_lists_free(prev, np);
			prev = NULL;
			np = 0;
		}
		oracle_lists_free(after, na);
	}
	return hit;
}

/* Sort needs the clicked action: recheck with the claim from the last step. */
static bool recheck_sort(const struct replay_result *r, const struct action *last_step, struct oracle_finding *f)
{
	struct oracle_sort_claim claim;
	struct oracle_list *after = NULL;
	size_t n = r->n_screens, na;
	bool hit = false;

	oracle_finding_init(f);
	if (n < 2 || !oracle_sort_claim(last_step, r->screens[n - 2].tree, &claim))
		return false;
	na = oracle_lists(r->screens[n - 1].tree, &after);
	for (size_t i = 0; i < na && !hit; i++)
		hit = oracle_list_unsorted(&after[i], &claim, f);
	oracle_lists_free(after, na);
	return hit;
}

/* Toggle and entry need the action: recheck it on the replay's screens before and after it. */
static bool recheck_step(const struct replay_result *r, const struct action *last_step, oracle_step_check check,
			 struct oracle_finding *f)
{
	size_t n = r->n_screens;

	oracle_finding_init(f);
	if (n < 2)
		return false;
	return check(r->screens[n - 2].tree, r->screens[n - 2].activity, r->screens[n - 1].tree,
		     r->screens[n - 1].activity, last_step, f);
}

/* Sleep ms milliseconds. */
static void wait_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (ms > 0 && nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/* Loading waits as the oracle did: the replay's last screen shows a spinner, and still does `ms` later. */
static bool recheck_loading(const struct replay_result *r, struct device *dev, int ms, struct oracle_finding *f)
{
	const struct replay_screen *last;
	struct replay_screen later;
	bool hit;

	oracle_finding_init(f);
	if (!r->n_screens)
		return false;
	last = &r->screens[r->n_screens - 1];
	if (!oracle_loading_spinner(last->tree))
		return false;
	wait_ms(ms);
	if (replay_capture(dev, &later) != TD_OK)
		return false;
	hit = oracle_loading_stuck(last->tree, last->activity, later.tree, later.activity, ms, f);
	replay_screen_release(&later);
	return hit;
}

/* Replay steps [from, n) twice; true when both replays show the same finding as b. */
static bool reproduce(struct device *dev, const char *package, const struct login_script *login, double overlap,
		      const struct bug *b, size_t from, const char *oracle, size_t trigger)
{
	struct action *steps = bug_actions(b, from);
	size_t n = b->n_steps - from;
	struct replay_opts opts = { .clear_data = true, .login = login };
	char *titles[2] = { NULL, NULL };
	bool ok = true;
	const cJSON *w = b->extra ? cJSON_GetObjectItemCaseSensitive(b->extra, "wait_ms") : NULL;
	/* The loading oracle's wait (oracles.loading_wait_ms, at most 10 minutes). */
	int wait = cJSON_IsNumber(w) && w->valuedouble >= 0 && w->valuedouble <= 600000 ? (int)w->valuedouble : 3000;

	for (int run = 0; run < 2 && ok; run++) {
		struct replay_result r;
		struct oracle_finding f;
		bool hit;
		struct device_crash c;

		memset(&c, 0, sizeof(c));
		memset(&r, 0, sizeof(r));
		oracle_finding_init(&f);
		if (!strcmp(oracle, "crash")) {
			struct action last;
			bool found;
			int err;

			/* The crash must come from the last action, not from one on the way. */
			if (!n || replay_run(dev, package, steps, n - 1, &opts, &r) != TD_OK) {
				replay_result_release(&r);
				ok = false;
				break;
			}
			if (device_check_crash(dev, package, &c) == TD_OK)
				device_crash_release(&c);
			action_copy(&last, &steps[n - 1]);
			err = login_resolve_on_screen(dev, &last, &found);
			if (err == TD_OK)
				err = action_perform(dev, &last, package);
			action_release(&last);
			if (err == TD_OK) {
				/* Look at the screen once, as the explorer did: an error
				 * dialog is there by the next capture. */
				struct replay_screen after;

				if (replay_capture(dev, &after) == TD_OK)
					replay_screen_release(&after);
			}
			if (err != TD_OK) {
				replay_result_release(&r);
				ok = false;
				break;
			}
		} else if (replay_run(dev, package, steps, n, &opts, &r) != TD_OK) {
			replay_result_release(&r);
			ok = false;
			break;
		}
		if (!strcmp(oracle, "sort"))
			hit = n > 0 && recheck_sort(&r, &steps[n - 1], &f);
		else if (!strcmp(oracle, "toggle"))
			hit = n > 0 && recheck_step(&r, &steps[n - 1], oracle_toggle_stuck, &f);
		else if (!strcmp(oracle, "loading"))
			hit = recheck_loading(&r, dev, wait, &f);
		else if (!strcmp(oracle, "entry_missing"))
			hit = n > 0 && recheck_step(&r, &steps[n - 1], oracle_entry_missing, &f);
		else if (!strcmp(oracle, "detector"))
			hit = false;
		else
			hit = recheck(oracle, &r, trigger, dev, package, overlap, &f);
		if (hit)
			titles[run] = xstrdup(f.title ? f.title : "");
		ok = hit;
		oracle_finding_release(&f);
		replay_result_release(&r);
	}
	/* Views that change by themselves make the two replays disagree: not confirmed. */
	if (ok && (!titles[0] || !titles[1] || strcmp(titles[0], titles[1]) != 0))
		ok = false;
	if (ok && b->title && titles[0] && strcmp(titles[0], b->title) != 0 && strcmp(oracle, "crash") != 0)
		log_info("confirmed \"%s\" as \"%s\"", b->title, titles[0]);
	free(titles[0]);
	free(titles[1]);
	free(steps);
	return ok;
}

/* The index just past the last restart among the steps (0 when none). */
static size_t after_last_restart(const struct bug *b)
{
	size_t from = 0;

	for (size_t i = 0; i < b->n_steps; i++)
		if (b->steps[i].action.type == ACTION_RESTART)
			from = i + 1;
	return from;
}

int replay_confirm(struct device *dev, const char *package, const struct login_script *login, double overlap,
		   int attempts, struct bug *b, int *replays)
{
	const char *oracle = oracle_of(b);
	const cJSON *t = b->extra ? cJSON_GetObjectItemCaseSensitive(b->extra, "trigger_steps") : NULL;
	size_t trigger = cJSON_IsNumber(t) && t->valuedouble >= 0 ? (size_t)t->valuedouble : 0;
	size_t from = after_last_restart(b);
	bool ok = false;
	int tried = 0;

	if (replays)
		*replays = 0;
	if (!oracle)
		return td_error(TD_ERR_INVALID, "bug \"%s\" was not found by an oracle", b->title ? b->title : "");
	for (int attempt = 0; attempt < attempts && !ok; attempt++) {
		size_t start = attempt == 0 ? from : 0;

		if (attempt > 0 && from == 0)
			break;
		tried++;
		ok = reproduce(dev, package, login, overlap, b, start, oracle, trigger);
		if (ok && start > 0) {
			/* Keep only the steps that were needed. */
			for (size_t i = 0; i < start; i++) {
				action_release(&b->steps[i].action);
				free(b->steps[i].screen);
				free(b->steps[i].activity);
			}
			memmove(b->steps, b->steps + start, (b->n_steps - start) * sizeof(*b->steps));
			b->n_steps -= start;
		}
	}
	b->confirmed = ok;
	if (replays)
		*replays = tried;
	return TD_OK;
}
