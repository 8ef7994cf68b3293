/*
 * minimise.h - shortening a bug's reproduction path by delta debugging
 * (ddmin, Zeller and Hildebrandt 2002) over its steps.
 *
 * The path is the actions since the clean start (for oracle bugs those that
 * replay confirmation kept, agents/replay_confirm.h), ending with the action
 * whose result shows the bug and, for oracles, the trigger actions (rotate
 * and back, Home and relaunch: extra.trigger_steps). Those are never
 * removed (the shown action is the last explorer action before the
 * triggers: another oracle's side trip between them is a candidate); every
 * other step is kept only when the bug stops reproducing without it, a side
 * trip (all its steps) being one unit: each test replays a candidate path from a clean start (pm
 * clear, launch, login script) and checks it: an oracle bug by the oracle's
 * recheck, which must report the finding with the same title as the whole
 * path does; a Detector bug by its final screen (struct bug_screen_check:
 * the recorded bug screen by widget alignment, with the texts the verdict
 * cites). The result is replayed twice more before it replaces the path (a
 * flaky pass keeps the longer path).
 */
#ifndef TRIDENT_AGENTS_MINIMISE_H
#define TRIDENT_AGENTS_MINIMISE_H

#include <stddef.h>

#include "agents/bugs.h"
#include "core/error.h"
#include "device/device.h"

struct login_script;

struct ui_tree;
struct ui_align_params;

struct minimise_stats {
	int replays;            /* replays spent (each a clean start and the candidate path) */
	size_t steps_before;
	size_t steps_after;
};

/*
 * How a model (Detector) bug is checked on a replay: the screen after the
 * path's last action must be the recorded bug screen (ui_same_screen with
 * `align`, NULL: defaults) and show every text of `texts` (the texts the
 * verdict cites that the recorded screen shows; may be none).
 */
struct bug_screen_check {
	struct ui_tree *screen;     /* the recorded screen after the bug's step; owned */
	char **texts;               /* owned */
	size_t n_texts;
	const struct ui_align_params *align;
};

/*
 * Fill *c for Detector bug b of the run in run_dir: the recorded screen
 * after its step (extra.shown_at_step, else the last path step: the dump
 * steps/NNNN.xml of the step after it) and the texts the verdict cites:
 * the quoted texts ("...", '...') of its title, description and actual
 * path that the screen shows, and the screen's texts those name.
 * TD_ERR_NOT_FOUND naming the file when the dump is missing, TD_ERR_PARSE
 * when it does not parse. Release with bug_screen_check_release().
 */
int bug_screen_check_load(const char *run_dir, const struct bug *b, const struct ui_align_params *align,
			  struct bug_screen_check *c) TD_MUST_CHECK;
void bug_screen_check_release(struct bug_screen_check *c);
/*
 * Whether Detector (model) bugs a and b of the run in run_dir are one bug:
 * the same category and functionality (case-insensitive), and the screens
 * that show them (as bug_screen_check_load finds them) the same screen by
 * widget alignment (`align`, NULL: defaults). False when either came from
 * an oracle, has no functionality, or its screen cannot be read.
 */
bool bug_same_detector_screen(const char *run_dir, const struct bug *a, const struct bug *b,
			      const struct ui_align_params *align);
/*
 * Whether the screen t (after a replay) passes check c; when not, a short
 * reason in *why (may be NULL; caller frees).
 */
bool bug_screen_check_pass(const struct bug_screen_check *c, const struct ui_tree *t, char **why);
/*
 * Replay `steps` (n) from a clean start `runs` times (1 or 2); true when
 * every replay ends on a screen that passes c. The last replay's final
 * screen goes to *last (may be NULL; replay_screen_release() it).
 */
struct replay_screen;
bool bug_screen_reproduces(struct device *dev, const char *package, const struct login_script *login,
			   const struct bug_screen_check *c, const struct action *steps, size_t n, int runs,
			   struct replay_screen *last);

/*
 * Minimise bug b's steps on dev with at most `budget` replays (<= 0:
 * nothing is done). Oracle bugs are checked by their oracle's recheck
 * (`overlap` for the display oracle; `screen` unused, may be NULL); Detector
 * bugs by `screen` (required for them). Before ddmin, cheap candidates are
 * tried, one replay each: the shown action alone (with the triggers); the
 * path without its side trips; then, over the screen graph of the replayed
 * steps before the shown action, the fewest recorded steps to its screen,
 * the same through every typing or toggling step, and the steps without
 * their loops (stretches that come back to an abstract screen already seen)
 * that type or toggle nothing; ddmin goes on from the shortest that
 * reproduces. On success the minimal
 * path replaces b->steps, the path before goes to b->original_steps
 * (bug_keep_original_steps) and extra.minimise records the replays and
 * lengths. The app is left wherever the last replay ended: a caller whose
 * run goes on replays the run's own path after (offline_plugins.c).
 * *stats (may be NULL) is filled in any case. TD_ERR_INVALID when
 * b is neither an oracle's bug nor checkable by `screen`; a path that does
 * not reproduce at all is left as it is (TD_OK).
 */
int bug_minimise(struct device *dev, const char *package, const struct login_script *login, double overlap,
		 const struct bug_screen_check *screen, int budget, struct bug *b,
		 struct minimise_stats *stats) TD_MUST_CHECK;

#endif
