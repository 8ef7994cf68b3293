/*
 * sim_steps.h - replaying a short scenario on a simulated app for the
 * oracle tests: steps written as (type, resource-id tail, label, text),
 * turned into actions and replayed from a clean start with replay_run,
 * so a test feeds the screens to the check it tests.
 */
#ifndef TRIDENT_TESTS_SIM_STEPS_H
#define TRIDENT_TESTS_SIM_STEPS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/action.h"
#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/replay.h"
#include "core/xalloc.h"
#include "device/device.h"
#include "test.h"

/* One step: its type, resource-id tail (or NULL), label (or NULL) and text typed (or NULL). */
struct sim_step {
	enum action_type type;
	const char *id;
	const char *label;
	const char *text;
};

/* A scenario replayed: its actions and the screens before and after each (screens[i] before acts[i]). */
struct sim_replay {
	struct device *dev;
	struct action *acts;
	size_t n;
	struct replay_result r;
	bool ok; /* the replay ran and gave n + 1 screens */
};

/*
 * Replays steps[0..n) on `app` (package pkg) from a clean start into *out;
 * out->ok says whether it ran. tops (NULL: none) gives, per step, the top
 * edge the widget had (0: none): among rows alike, the nearest is tapped.
 */
__attribute__((unused)) static void sim_steps_replay_at(const char *app, const char *pkg,
							const struct sim_step *steps, const int *tops, size_t n,
							struct sim_replay *out)
{
	int err;

	memset(out, 0, sizeof(*out));
	out->acts = xcalloc(n ? n : 1, sizeof(*out->acts));
	out->n = n;
	for (size_t i = 0; i < n; i++) {
		action_init(&out->acts[i]);
		out->acts[i].type = steps[i].type;
		if (steps[i].id)
			out->acts[i].resource_id = xasprintf("%s:id/%s", pkg, steps[i].id);
		if (steps[i].label)
			out->acts[i].widget_text = xstrdup(steps[i].label);
		/* A scroll's text names its direction ("up"); another action's is the text typed. */
		if (steps[i].text && steps[i].type == ACTION_SCROLL && action_direction_parse(steps[i].text) >= 0)
			out->acts[i].direction = (enum device_dir)action_direction_parse(steps[i].text);
		else if (steps[i].text)
			out->acts[i].text = xstrdup(steps[i].text);
		if (tops && tops[i] > 0)
			out->acts[i].bounds = (struct ui_rect){ 0, tops[i], 1080, tops[i] + 1 };
	}
	if (device_open(app, NULL, &out->dev) != TD_OK)
		return;
	if ((err = replay_run(out->dev, pkg, out->acts, n, NULL, &out->r)) != TD_OK) {
		fprintf(stderr, "%s: replay stopped after %zu screens: %s\n", app, out->r.n_screens, td_errmsg(err));
		return;
	}
	out->ok = out->r.n_screens == n + 1;
	if (!out->ok)
		fprintf(stderr, "%s: replay gave %zu screens for %zu steps\n", app, out->r.n_screens, n);
}

__attribute__((unused)) static void sim_steps_replay(const char *app, const char *pkg, const struct sim_step *steps,
						     size_t n, struct sim_replay *out)
{
	sim_steps_replay_at(app, pkg, steps, NULL, n, out);
}

/* Whether screen i (after step i, 1-based) is of the app. */
__attribute__((unused)) static bool sim_steps_in_app(const struct sim_replay *s, size_t i, const char *pkg)
{
	const char *act = s->r.screens[i].activity;
	size_t n = strlen(pkg);

	return act && !strncmp(act, pkg, n) && act[n] == '/';
}

__attribute__((unused)) static void sim_steps_release(struct sim_replay *s)
{
	replay_result_release(&s->r);
	for (size_t i = 0; i < s->n; i++)
		action_release(&s->acts[i]);
	free(s->acts);
	device_close(s->dev);
	memset(s, 0, sizeof(*s));
}

/* What a tracking oracle found on a replayed scenario (sim_steps_first_finding). */
struct sim_finding {
	int step;                  /* 1-based step of the first finding; 0 none; -1 the replay failed */
	char *title;               /* its title (sim_finding_release frees it) */
	enum bug_category category;
	bool subject;              /* its diff names a subject (extra.subject, the dedup key) */
	cJSON *diff;               /* a copy of its diff, or NULL (sim_finding_release frees it) */
};

/*
 * Replays steps[0..n) on `app` (package pkg) from a clean start, feeding
 * every step to a fresh tracker of the oracle named `oracle` (the
 * registry's tracker_new / track), as the oracles plugin does in a run.
 */
__attribute__((unused)) static struct sim_finding sim_steps_first_finding_at(const char *app, const char *pkg,
									      const char *oracle,
									      const struct sim_step *steps,
									      const int *tops, size_t n)
{
	const struct oracle_kind *k = oracle_kind_find(oracle);
	struct sim_finding out = { 0, NULL, BUG_CAT_CRASH, false, NULL };
	struct sim_replay s;
	void *t;

	if (!k || !k->track)
		return (struct sim_finding){ -1, NULL, BUG_CAT_CRASH, false, NULL };
	t = k->tracker_new();
	sim_steps_replay_at(app, pkg, steps, tops, n, &s);
	if (!s.ok)
		out.step = -1;
	for (size_t i = 0; s.ok && i < n && !out.step; i++) {
		struct oracle_tracked_step st = { s.r.screens[i].tree, s.r.screens[i].activity, s.r.screens[i + 1].tree,
						  s.r.screens[i + 1].activity, sim_steps_in_app(&s, i + 1, pkg), &s.acts[i] };
		struct oracle_finding f;

		oracle_finding_init(&f);
		if (k->track(t, &st, &f)) {
			out.step = (int)i + 1;
			out.title = xstrdup(f.title ? f.title : "");
			out.category = f.category;
			out.subject = f.diff && cJSON_GetObjectItem(f.diff, "subject");
			out.diff = f.diff ? cJSON_Duplicate(f.diff, true) : NULL;
		}
		oracle_finding_release(&f);
	}
	sim_steps_release(&s);
	k->tracker_free(t);
	return out;
}

__attribute__((unused)) static struct sim_finding sim_steps_first_finding(const char *app, const char *pkg,
									   const char *oracle,
									   const struct sim_step *steps, size_t n)
{
	return sim_steps_first_finding_at(app, pkg, oracle, steps, NULL, n);
}

__attribute__((unused)) static void sim_finding_release(struct sim_finding *f)
{
	free(f->title);
	f->title = NULL;
	cJSON_Delete(f->diff);
	f->diff = NULL;
}

/*
 * The 1-based step of the first finding of tracking oracle `oracle` on the
 * scenario (0 none, -1 the replay failed), checked to be of category `cat`
 * and to name a subject; its title in *title (caller frees).
 */
__attribute__((unused)) static int sim_steps_found_at(const char *app, const char *pkg, const char *oracle,
						      enum bug_category cat, const struct sim_step *steps,
						      const int *tops, size_t n, char **title)
{
	struct sim_finding f = sim_steps_first_finding_at(app, pkg, oracle, steps, tops, n);

	if (f.step > 0) {
		CHECK_INT_EQ(f.category, cat);
		CHECK(f.subject);
	}
	*title = f.title;
	cJSON_Delete(f.diff);
	return f.step;
}

__attribute__((unused)) static int sim_steps_found(const char *app, const char *pkg, const char *oracle,
						   enum bug_category cat, const struct sim_step *steps, size_t n,
						   char **title)
{
	return sim_steps_found_at(app, pkg, oracle, cat, steps, NULL, n, title);
}

/*
 * The steps after which step check `check` fires on the scenario replayed on
 * `app`, as a bit mask (bit i: after step i + 1; ~0u when the replay
 * failed), each finding checked to be of category `cat`; the last
 * finding's title in *title (caller frees).
 */
__attribute__((unused)) static unsigned sim_steps_fired_at(const char *app, const char *pkg, oracle_step_check check,
							   enum bug_category cat, const struct sim_step *steps,
							   const int *tops, size_t n, char **title)
{
	struct sim_replay s;
	unsigned mask = 0;

	*title = NULL;
	sim_steps_replay_at(app, pkg, steps, tops, n, &s);
	CHECK(s.ok);
	for (size_t i = 0; s.ok && i < n && i < 32; i++) {
		struct oracle_finding f;

		oracle_finding_init(&f);
		if (check(s.r.screens[i].tree, s.r.screens[i].activity, s.r.screens[i + 1].tree,
			  s.r.screens[i + 1].activity, &s.acts[i], &f)) {
			mask |= 1u << i;
			CHECK_INT_EQ(f.category, cat);
			free(*title);
			*title = xstrdup(f.title);
		}
		oracle_finding_release(&f);
	}
	if (!s.ok)
		mask = ~0u;
	sim_steps_release(&s);
	return mask;
}

__attribute__((unused)) static unsigned sim_steps_fired(const char *app, const char *pkg, oracle_step_check check,
							enum bug_category cat, const struct sim_step *steps,
							size_t n, char **title)
{
	return sim_steps_fired_at(app, pkg, check, cat, steps, NULL, n, title);
}

#endif
