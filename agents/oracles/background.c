/*
 * background.c - oracle "background" (oracle 2): entered text or a
 * checked state lost after Home and relaunch. Its after-step check is the
 * state-trip pass in rotation.c.
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

static bool background_recheck(const struct oracle_recheck *c, struct oracle_finding *f)
{
	return oracle_state_recheck(c, "Home and relaunch", f);
}

const struct oracle_kind oracle_kind_background = {
	.name = "background",
	.config_key = "oracles.background",
	.category = BUG_CAT_DATA_LOSS,
	.doc = "entered text or checked state lost after Home and relaunch",
	.evidence = "the screen after the trip and the fields lost",
	.flags = 0,
	.after_step = oracle_state_pass,
	.recheck = background_recheck,
	/* The last screen and the one before the trigger (oracle_state_recheck). */
	.reads = { .last = 1, .before_trigger = true },
};
