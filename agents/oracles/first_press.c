/*
 * first_press.c - oracle "first_press" (oracle 20): a media control whose
 * first press is ignored. A tap on Pause (Play, Stop...) beside a status
 * reading the opposite state ("Playing") that changes nothing on the
 * screen is pressed once more at once, as a side trip; when that second
 * press does what the first should have ("Paused"), the first press was
 * ignored (SoundRecorder's first Pause after start). A control that never
 * answers is reported when it ends the state its status reads (Pause
 * beside "Playing": a Pause that only shows a "Paused" message); a Play
 * beside "Stopped" that never answers, or a control that answers the
 * second time with something else, is not: it may rightly have nothing to
 * act on. The checks are pure
 * (control.c: oracle_press_ignored, oracle_first_press_ignored); this file
 * takes the trip and rechecks on a replay's last three screens.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/agent_env.h"
#include "agents/brain.h"
#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "agents/replay.h"
#include "core/xalloc.h"

/* Trips per abstract screen and control: the press is repeated after every restart of the app. */
#define FIRST_PRESS_TRIPS 3

/* A key for (abstract screen, control label) in the trip counts. */
static uint64_t trip_key(uint64_t screen, const char *label)
{
	uint64_t h = screen ^ 0x9e3779b97f4a7c15ULL;

	for (const char *p = label; p && *p; p++)
		h = (h ^ (unsigned char)*p) * 0x100000001b3ULL;
	return h;
}

/* The press `done` aimed anew at the unchanged screen `t` (its widget's centre); false when it is gone. */
static bool aim_again(const struct action *done, const struct ui_tree *t, struct action *again)
{
	const struct ui_widget *w = action_resolve(done, t);

	if (!w)
		return false;
	action_copy(again, done);
	again->x = (w->bounds.x1 + w->bounds.x2) / 2;
	again->y = (w->bounds.y1 + w->bounds.y2) / 2;
	again->bounds = w->bounds;
	return true;
}

static int first_press_after_step(const struct oracle_step *s)
{
	struct oracles_state *st = s->st;
	const struct brain_screen *before = s->before, *after = s->after;
	struct shot pre, post;
	struct action again;
	struct oracle_finding f;
	uint64_t key;

	if (!before->tree || !after->tree ||
	    !oracle_press_ignored(before->tree, before->activity, after->tree, after->activity, s->done))
		return 0;
	key = trip_key(after->sig_abstract, s->done->widget_text);
	if (oracle_seen_count(&st->press_seen, &st->n_press, &st->alloc_press, key, false) >= FIRST_PRESS_TRIPS)
		return 0;
	/* The screen as it is now: another oracle's trip may have moved it since the step. */
	memset(&post, 0, sizeof(post));
	if (oracle_shot_take(s->dev, &pre) != TD_OK || !pre.tree ||
	    !oracle_press_ignored(before->tree, before->activity, pre.tree, pre.activity, s->done) ||
	    !aim_again(s->done, pre.tree, &again)) {
		oracle_shot_release(&pre);
		return 0;
	}
	(void)oracle_seen_count(&st->press_seen, &st->n_press, &st->alloc_press, key, true);
	oracle_finding_init(&f);
	if (action_perform(s->dev, &again, agent_env_package(s->env)) == TD_OK &&
	    oracle_shot_take(s->dev, &post) == TD_OK && post.tree &&
	    (oracle_first_press_ignored(before->tree, before->activity, pre.tree, pre.activity, post.tree,
					post.activity, s->done, &f) ||
	     oracle_press_never_answers(before->tree, before->activity, pre.tree, pre.activity, post.tree,
					post.activity, s->done, &f))) {
		char *ev = oracle_write_evidence(s->env, before->step, "first_press", &post);

		oracle_report_finding(s->env, before->step, &f, s->done, 1, ev);
		free(ev);
	}
	/* The second press is part of the run: later paths repeat it. */
	oracle_record_side_trip(s->env, before->step, oracle_kind_first_press.name, s->done, 1);
	(void)agent_env_trace(s->env, "oracle_check", cJSON_CreateObject());
	oracle_finding_release(&f);
	action_release(&again);
	oracle_shot_release(&post);
	oracle_shot_release(&pre);
	return 1;
}

/* On a replay: the screens before the first press, before the second, and after it. */
static bool first_press_recheck(const struct oracle_recheck *c, struct oracle_finding *f)
{
	const struct replay_result *r = c->r;
	size_t n = r->n_screens;

	oracle_finding_init(f);
	if (n < 3 || !c->last_step || c->trigger != 1)
		return false;
	return oracle_first_press_ignored(r->screens[n - 3].tree, r->screens[n - 3].activity, r->screens[n - 2].tree,
					  r->screens[n - 2].activity, r->screens[n - 1].tree,
					  r->screens[n - 1].activity, c->last_step, f) ||
	       oracle_press_never_answers(r->screens[n - 3].tree, r->screens[n - 3].activity, r->screens[n - 2].tree,
					  r->screens[n - 2].activity, r->screens[n - 1].tree,
					  r->screens[n - 1].activity, c->last_step, f);
}

const struct oracle_kind oracle_kind_first_press = {
	.name = "first_press",
	.config_key = "oracles.first_press",
	.category = BUG_CAT_MEDIA_CONTROL,
	.doc = "a media control (Pause beside 'Playing') whose first press changes nothing while a second press at once works, or that ends the state its status reads and changes nothing twice",
	.evidence = "the screen before the press, the unchanged status and the status after the second press",
	.flags = 0,
	.after_step = first_press_after_step,
	.recheck = first_press_recheck,
	/* Before the first press, before the second (the trigger) and after it. */
	.reads = { .last = 3 },
};
