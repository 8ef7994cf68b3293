/*
 * crash.c - oracle "crash": the app crashed or stopped responding after
 * an action (the device's crash log). Replays perform the last step alone.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* The app crashed or stopped responding after the action (read from the device's crash log). */
static int crash_after_step(const struct oracle_step *s)
{
	struct agent_env *env = s->env;
	const struct action *done = s->done;
	struct device_crash c;
	int changed = 0;

	memset(&c, 0, sizeof(c));
	if (device_check_crash(s->dev, agent_env_package(env), &c) == TD_OK && (c.crashed || c.anr)) {
		struct oracle_finding f;

		oracle_finding_init(&f);
		f.category = BUG_CAT_CRASH;
		f.oracle = "crash";
		f.title = xasprintf("%s after '%s'", c.anr ? "App not responding" : "App crashed",
				    done->widget_text ? done->widget_text : action_type_name(done->type));
		f.description = xstrdup(c.summary ? c.summary : "");
		f.expected = xstrdup("the app keeps running");
		f.actual = xstrdup(c.anr ? "an ANR" : "a crash");
		f.diff = cJSON_CreateObject();
		cJSON_AddStringToObject(f.diff, "summary", c.summary ? c.summary : "");
		oracle_report_finding(env, s->before->step, &f, NULL, 0, NULL);
		oracle_finding_release(&f);
		changed = 1;
	}
	device_crash_release(&c);
	return changed;
}

/* The last step, performed alone after the replay, crashed the app again. */
static bool crash_recheck(const struct oracle_recheck *k, struct oracle_finding *f)
{
	struct device_crash c;
	bool hit;

	oracle_finding_init(f);
	if (k->r->n_screens < 1)
		return false;
	memset(&c, 0, sizeof(c));
	hit = device_check_crash(k->dev, k->package, &c) == TD_OK && (c.crashed || c.anr);
	if (hit) {
		f->category = BUG_CAT_CRASH;
		f->oracle = "crash";
		f->title = xstrdup(c.anr ? "ANR" : "crash");
	}
	device_crash_release(&c);
	return hit;
}

const struct oracle_kind oracle_kind_crash = {
	.name = "crash",
	.config_key = "oracles.crash",
	.category = BUG_CAT_CRASH,
	.doc = "the app crashes or stops responding (ANR) after an action",
	.evidence = "the crash log summary",
	.flags = ORACLE_ANY_SCREEN | ORACLE_REPLAY_LAST_ALONE,
	.after_step = crash_after_step,
	.recheck = crash_recheck,
};
