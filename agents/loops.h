/*
 * loops.h - Delm's loop detection and deep-link escape (seeds 004 §3.3).
 *
 * The detector keeps a window of the most recent screen states (abstract
 * signatures). Once the window is full, a state repeated `limit` times or
 * more inside it means the exploration is going round in a loop. Defaults
 * are Delm's (window 200, limit 50), scaled down to the step budget so that
 * short runs can still notice, with floors so that a short run does not
 * mistake filling a form for a loop: window = min(window, max(30,
 * budget/2)), limit = max(8, window/4, limit * window / configured window).
 * The caller also holds an escape back while a form holds typed input
 * (loop_form_holds_input()).
 *
 * The escape jumps to an activity the run has not visited yet: through a
 * deep link declared for it when there is one, else `am start -n` when it is
 * exported. When every reachable activity was visited, the least recently
 * visited one outside the loop is chosen (Delm also revisits). The jump
 * target is never the launcher activity's own loop.
 *
 * Not thread-safe: owned by the Explorer's loop plugin.
 */
#ifndef TRIDENT_AGENTS_LOOPS_H
#define TRIDENT_AGENTS_LOOPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "agents/action.h"
#include "core/error.h"
#include "core/ui.h"

struct app_info;
struct config;

#define LOOP_MIN_WINDOW 30
#define LOOP_MIN_LIMIT 8

struct loop_params {
	int window;
	int limit;
};
/* Scale (window, limit) to a step budget (see the header comment). */
void loop_params_scale(struct loop_params *p, int window, int limit, int budget);
/* From loops.window / loops.limit scaled to `budget`. TD_ERR_CONFIG on bad values. */
int loop_params_from_config(struct loop_params *p, const struct config *cfg, int budget) TD_MUST_CHECK;

/*
 * Whether the screen shows a text field holding text that is not its hint
 * (typed and not yet saved, when the caller knows it typed on this screen).
 */
bool loop_form_holds_input(const struct ui_tree *tree);

struct loop_detector;
struct loop_detector *loop_detector_new(const struct loop_params *p);
void loop_detector_free(struct loop_detector *d);
/*
 * Push the current state. True when the window is full and some state in it
 * occurs `limit` times or more (*repeated gets that state, *count its count).
 */
bool loop_detector_push(struct loop_detector *d, uint64_t state, uint64_t *repeated, int *count);
/* Empty the window (after an escape). */
void loop_detector_reset(struct loop_detector *d);

/* Visit bookkeeping for activities: name -> last step seen. */
struct loop_visits;
struct loop_visits *loop_visits_new(void);
void loop_visits_free(struct loop_visits *v);
/* Record that `activity` ("pkg/.Act" or fully qualified) was in the foreground at `step`. */
void loop_visits_note(struct loop_visits *v, const struct app_info *info, const char *activity, int step);

/*
 * Choose the escape: fills *out with ACTION_DEEP_LINK (uri) or
 * ACTION_START_ACTIVITY (uri = "pkg/fully.qualified.Activity") and a reason.
 * `current` is the foreground activity (never chosen), nor is an activity
 * `block` (the user's blocklist, may be NULL) forbids. TD_ERR_NOT_FOUND when
 * no activity can be started from outside (none exported, no deep links).
 */
struct blocklist;
int loop_choose_escape(const struct app_info *info, const struct loop_visits *v, const char *current,
		       const struct blocklist *block, struct action *out) TD_MUST_CHECK;

#endif
