/*
 * minimise.h - shortening a confirmed oracle bug's reproduction path by
 * delta debugging (ddmin, Zeller and Hildebrandt 2002) over its steps.
 *
 * The path is the actions since the clean start that replay confirmation
 * kept (agents/replay_confirm.h), ending with the action whose result shows
 * the bug and the oracle's trigger actions (rotate and back, Home and
 * relaunch: extra.trigger_steps). That tail is never removed; every other
 * step is kept only when the bug stops reproducing without it: each test
 * replays a candidate path from a clean start (pm clear, launch, login
 * script) and runs the oracle's recheck, which must report the finding with
 * the same title as the whole path does. The result is replayed twice more
 * before it replaces the path (a flaky pass keeps the longer path).
 */
#ifndef TRIDENT_AGENTS_MINIMISE_H
#define TRIDENT_AGENTS_MINIMISE_H

#include <stddef.h>

#include "agents/bugs.h"
#include "core/error.h"
#include "device/device.h"

struct login_script;

struct minimise_stats {
	int replays;            /* replays spent (each a clean start and the candidate path) */
	size_t steps_before;
	size_t steps_after;
};

/*
 * Minimise oracle bug b's steps on dev with at most `budget` replays
 * (<= 0: nothing is done). On success the minimal path replaces b->steps,
 * the path before goes to b->original_steps (bug_keep_original_steps) and
 * extra.minimise records the replays and lengths. *stats (may be NULL) is
 * filled in any case. TD_ERR_INVALID when b is not an oracle's bug; a path
 * that does not reproduce at all is left as it is (TD_OK).
 */
int bug_minimise(struct device *dev, const char *package, const struct login_script *login, double overlap,
		 int budget, struct bug *b, struct minimise_stats *stats) TD_MUST_CHECK;

#endif
