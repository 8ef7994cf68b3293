/*
 * replay_confirm.c - replay confirmation of oracle findings (see
 * replay_confirm.h).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "agents/login.h"
#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/replay.h"
#include "agents/replay_confirm.h"
#include "core/log.h"
#include "core/xalloc.h"

/* The oracle name of a bug ("rotation" for "oracle:rotation"), or NULL. */
static const char *oracle_of(const struct bug *b)
{
	if (!b->found_by || strncmp(b->found_by, "oracle:", 7) != 0)
		return NULL;
	return b->found_by + 7;
}

/*
 * Whether finding titles a and b name the same finding: equal but for their
 * numbers (a total, a count or a temperature depends on the data the path
 * made; the widgets, labels and pages named do not).
 */
static bool same_finding_title(const char *a, const char *b)
{
	while (*a && *b) {
		if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
			while (isdigit((unsigned char)*a) || *a == '.' || *a == ',')
				a++;
			while (isdigit((unsigned char)*b) || *b == '.' || *b == ',')
				b++;
			continue;
		}
		if (*a++ != *b++)
			return false;
	}
	return *a == *b;
}

/*
 * Replay `steps` (n) `runs` times (1 or 2); true when every replay shows
 * b's oracle finding with the same title, and that title is b's but for
 * its numbers (another finding of the same oracle on a replay that went
 * elsewhere - another field of the form, another page - is not b); its
 * title in *title_out when not NULL, caller frees. The crash oracle's
 * titles (exception and frame) are not compared with b's.
 */
static bool reproduce_actions(struct device *dev, const char *package, const struct replay_opts *base,
			      double overlap, const struct bug *b, const struct action *steps, size_t n,
			      const struct oracle_kind *kind, size_t trigger, int runs, char **title_out)
{
	struct replay_opts opts = *base;
	char *titles[2] = { NULL, NULL };
	bool ok = true;
	const cJSON *w = b->extra ? cJSON_GetObjectItemCaseSensitive(b->extra, "wait_ms") : NULL;
	/* The loading oracle's wait (oracles.loading_wait_ms, at most 10 minutes). */
	int wait = cJSON_IsNumber(w) && w->valuedouble >= 0 && w->valuedouble <= 600000 ? (int)w->valuedouble : 3000;

	if (runs < 1 || runs > 2)
		runs = 2;
	if (title_out)
		*title_out = NULL;
	for (int run = 0; run < runs && ok; run++) {
		struct replay_result r;
		struct oracle_finding f;
		bool hit;
		struct device_crash c;
		/* A tracker follows the replay screen by screen, so the replay keeps only the screens the recheck reads. */
		struct oracle_recheck_feed *feed = oracle_recheck_feed_new(kind, steps, n, package);

		memset(&c, 0, sizeof(c));
		memset(&r, 0, sizeof(r));
		oracle_finding_init(&f);
		oracle_kind_replay_keep(kind, trigger, &opts);
		opts.on_screen = feed ? oracle_recheck_feed_screen : NULL;
		opts.on_screen_ctx = feed;
		if (kind && (kind->flags & ORACLE_REPLAY_LAST_ALONE)) {
			struct action last;
			bool found;
			int err;

			/* The crash must come from the last action, not from one on the way. */
			if (!n || replay_run(dev, package, steps, n - 1, &opts, &r) != TD_OK) {
				replay_result_release(&r);
				oracle_recheck_feed_free(feed);
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
				if (opts.save_dir)
					err = replay_save_screen(dev, opts.save_dir, (int)n);
			}
			if (err != TD_OK) {
				replay_result_release(&r);
				oracle_recheck_feed_free(feed);
				ok = false;
				break;
			}
		} else if (replay_run(dev, package, steps, n, &opts, &r) != TD_OK) {
			replay_result_release(&r);
			oracle_recheck_feed_free(feed);
			ok = false;
			break;
		}
		{
			struct oracle_recheck rc = { .r = &r, .last_step = n > 0 ? &steps[n - 1] : NULL,
						     .steps = steps, .n_steps = n,
						     .trigger = trigger, .dev = dev, .package = package,
						     .overlap = overlap, .wait_ms = wait, .feed = feed };

			/* An oracle without a recheck (or not in the table) is never confirmed. */
			hit = oracle_kind_recheck(kind, &rc, &f);
		}
		if (hit)
			titles[run] = xstrdup(f.title ? f.title : "");
		ok = hit;
		oracle_finding_release(&f);
		replay_result_release(&r);
		oracle_recheck_feed_free(feed);
	}
	/* Views that change by themselves make the two replays disagree: not confirmed. */
	if (ok && (!titles[0] || (runs == 2 && (!titles[1] || strcmp(titles[0], titles[1]) != 0))))
		ok = false;
	if (ok && b->title && !(kind && (kind->flags & ORACLE_REPLAY_LAST_ALONE)) &&
	    !same_finding_title(titles[0], b->title)) {
		log_info("the replay shows \"%s\", not \"%s\": not the same finding", titles[0], b->title);
		ok = false;
	}
	if (ok && title_out) {
		*title_out = titles[0];
		titles[0] = NULL;
	}
	free(titles[0]);
	free(titles[1]);
	return ok;
}

/* Replay steps [from, n) twice; true when both replays show the same finding as b. */
static bool reproduce(struct device *dev, const char *package, const struct login_script *login, double overlap,
		      const struct bug *b, size_t from, const struct oracle_kind *kind, size_t trigger)
{
	struct action *steps = bug_step_actions(b, from);
	struct replay_opts opts = { .clear_data = true, .login = login, .stop_off_path = true };
	char *title = NULL;
	bool ok = reproduce_actions(dev, package, &opts, overlap, b, steps, b->n_steps - from, kind, trigger, 2,
				    &title);

	if (ok && b->title && title && strcmp(title, b->title) != 0 &&
	    !(kind && (kind->flags & ORACLE_REPLAY_LAST_ALONE)))
		log_info("confirmed \"%s\" as \"%s\"", b->title, title);
	free(title);
	free(steps);
	return ok;
}

size_t replay_confirm_trigger_steps(const struct bug *b)
{
	const cJSON *t = b->extra ? cJSON_GetObjectItemCaseSensitive(b->extra, "trigger_steps") : NULL;

	return cJSON_IsNumber(t) && t->valuedouble >= 0 && t->valuedouble <= (double)b->n_steps ?
		       (size_t)t->valuedouble : 0;
}

struct action *replay_confirm_restore_actions(const struct bug *path, const struct bug *b, size_t *n)
{
	/* The trigger as recorded: b's steps may since have been shortened or minimised. */
	const struct bug_step *rec = b && b->original_steps ? b->original_steps : b ? b->steps : NULL;
	size_t n_rec = b && b->original_steps ? b->n_original_steps : b ? b->n_steps : 0;
	size_t trig = b && oracle_of(b) ? replay_confirm_trigger_steps(b) : 0;
	struct action *a = xcalloc(path->n_steps + trig + 1, sizeof(*a));
	size_t k = 0;

	if (trig > n_rec)
		trig = n_rec;
	for (size_t i = 0; i < path->n_steps; i++)
		a[k++] = path->steps[i].action;
	for (size_t i = n_rec - trig; i < n_rec; i++)
		a[k++] = rec[i].action;
	*n = k;
	return a;
}

int replay_confirm_restore(struct device *dev, const char *package, const struct login_script *login,
			   const struct bug *path, const struct bug *b)
{
	struct replay_opts opts = { .clear_data = true, .login = login };
	struct replay_result r;
	size_t n;
	struct action *steps = replay_confirm_restore_actions(path, b, &n);
	int err;

	memset(&r, 0, sizeof(r));
	err = replay_run(dev, package, steps, n, &opts, &r);
	replay_result_release(&r);
	free(steps);
	return err;
}

bool replay_confirm_fixed_tail(const struct bug *b)
{
	const char *oracle = oracle_of(b);
	const struct oracle_kind *kind = oracle ? oracle_kind_find(oracle) : NULL;

	return kind && (kind->flags & ORACLE_REPLAY_LAST_ALONE);
}

bool replay_confirm_check(struct device *dev, const char *package, const struct login_script *login, double overlap,
			 const struct bug *b, const struct action *steps, size_t n, int runs, char **title_out)
{
	struct replay_opts opts = { .clear_data = true, .login = login, .stop_off_path = true };

	return replay_confirm_check_opts(dev, package, &opts, overlap, b, steps, n, runs, title_out);
}

bool replay_confirm_check_opts(struct device *dev, const char *package, const struct replay_opts *opts,
			       double overlap, const struct bug *b, const struct action *steps, size_t n, int runs,
			       char **title_out)
{
	const char *oracle = oracle_of(b);

	if (title_out)
		*title_out = NULL;
	if (!oracle)
		return false;
	return reproduce_actions(dev, package, opts, overlap, b, steps, n, oracle_kind_find(oracle),
				 replay_confirm_trigger_steps(b), runs, title_out);
}

/*
 * The index just past the last restart among the steps before the trigger
 * actions (0 when none): a trigger may itself restart (process_death).
 */
static size_t after_last_restart(const struct bug *b, size_t trigger)
{
	size_t from = 0;

	for (size_t i = 0; i + trigger < b->n_steps; i++)
		if (b->steps[i].action.type == ACTION_RESTART)
			from = i + 1;
	return from;
}

/*
 * Steps replayed before the trigger actions in the first, short try:
 * enough for the screen the bug shows (a form filled, an item added) to be
 * reached again from a clean start in most runs, and a fixed cost however
 * long the run has been.
 */
#define NEAR_LEAD_STEPS 15

/* Keep only b's steps from `start` on (the ones the confirming replay needed). */
static void drop_steps_before(struct bug *b, size_t start)
{
	for (size_t i = 0; i < start; i++) {
		action_release(&b->steps[i].action);
		free(b->steps[i].screen);
		free(b->steps[i].activity);
		free(b->steps[i].side_trip);
	}
	memmove(b->steps, b->steps + start, (b->n_steps - start) * sizeof(*b->steps));
	b->n_steps -= start;
}

int replay_confirm(struct device *dev, const char *package, const struct login_script *login, double overlap,
		   int attempts, struct bug *b, int *replays)
{
	const char *oracle = oracle_of(b);
	const struct oracle_kind *kind = oracle ? oracle_kind_find(oracle) : NULL;
	const cJSON *t = b->extra ? cJSON_GetObjectItemCaseSensitive(b->extra, "trigger_steps") : NULL;
	size_t trigger = cJSON_IsNumber(t) && t->valuedouble >= 0 ? (size_t)t->valuedouble : 0;
	size_t from = after_last_restart(b, trigger);
	size_t near = b->n_steps > trigger + NEAR_LEAD_STEPS ? b->n_steps - trigger - NEAR_LEAD_STEPS : 0;
	bool ok = false;
	int tried = 0;

	if (replays)
		*replays = 0;
	if (!oracle)
		return td_error(TD_ERR_INVALID, "bug \"%s\" was not found by an oracle", b->title ? b->title : "");
	/* First from nearer the bug, when that is shorter than the first attempt below. */
	if (attempts > 0 && near > from) {
		tried++;
		ok = reproduce(dev, package, login, overlap, b, near, kind, trigger);
		if (ok)
			drop_steps_before(b, near);
	}
	for (int attempt = 0; attempt < attempts && !ok; attempt++) {
		size_t start = attempt == 0 ? from : 0;

		if (attempt > 0 && from == 0)
			break;
		tried++;
		ok = reproduce(dev, package, login, overlap, b, start, kind, trigger);
		if (ok && start > 0)
			drop_steps_before(b, start); /* keep only the steps that were needed */
	}
	b->confirmed = ok;
	if (replays)
		*replays = tried;
	return TD_OK;
}
