/*
 * replay.h - replaying recorded steps from a clean app start: the basis of
 * bug confirmation (an oracle's candidate is reported only if it
 * reproduces), of Genie's seed/mutant runs, and of `trident eval`.
 *
 * A replay force-stops the app, clears its data when asked (pm clear),
 * launches it, runs the login script, then performs each step. Widget steps
 * are re-aimed at the widget with the same text/resource-id on the replayed
 * screen (action_resolve), the recorded coordinates being the fallback. The
 * screen is captured before the first step and after every step.
 */
#ifndef TRIDENT_AGENTS_REPLAY_H
#define TRIDENT_AGENTS_REPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "agents/action.h"
#include "core/error.h"
#include "core/ui.h"
#include "device/device.h"

struct login_script;

/* One replayed screen. The dump's text is not kept: the tree is all the
 * rechecks read (and with replay_opts.keep_screens only the last few trees
 * are kept at all). */
struct replay_screen {
	struct ui_tree *tree;   /* NULL when the dump did not parse */
	char *activity;
};

struct replay_result {
	struct replay_screen *screens; /* n_steps + 1: [0] before step 1, [i] after step i */
	size_t n_screens;
	size_t n_done;          /* steps performed */
	int missed;             /* steps whose widget was found only by coordinates */
	int off_path;           /* steps naming a widget that the screen did not show */
};
void replay_result_release(struct replay_result *r);

/* The most screen_key values one replay keeps a screen for (struct replay_opts). */
#define REPLAY_KEYS_MAX 64

struct replay_opts {
	bool clear_data;        /* pm clear before launching */
	const struct login_script *login;
	/* When set, every screen the replay captures is also written there:
	 * NNNN.png and NNNN.xml, 0000 the screen after the clean start, N the
	 * screen after step N (trident replay). */
	const char *save_dir;
	/*
	 * Memory: when non-zero, only the last keep_screens screens stay in
	 * *out; an older one is released as soon as it drops out of that
	 * window (its slot is left with tree and activity NULL, n_screens still
	 * counts it). 0 keeps every screen. A reader of the whole replay
	 * (on_screen below) can follow it with a window of 2.
	 */
	size_t keep_screens;
	/*
	 * Memory, with keep_screens: of the screens that leave the window, one
	 * per distinct non-zero screen_key(tree, activity) stays, the first of
	 * each key (keep_first_of_key) or the latest one; the others are
	 * released as above. At most REPLAY_KEYS_MAX keys: a screen with a key
	 * beyond those is released. NULL: none stays.
	 */
	uint64_t (*screen_key)(const struct ui_tree *tree, const char *activity);
	bool keep_first_of_key;
	/*
	 * When set, called after each screen is captured, before older screens
	 * are released: out->screens[out->n_screens - 1] is the new one (index 0
	 * after the clean start, i after step i).
	 */
	void (*on_screen)(void *ctx, const struct replay_result *r);
	void *on_screen_ctx;
	/*
	 * When set, a step that names its widget (text or resource-id) on a
	 * screen where no widget has that text or that resource-id stops the
	 * replay with TD_ERR_NOT_FOUND before the step is performed: the replay
	 * has left the recorded path (a page the run reached with data a clean
	 * start does not have), and tapping the recorded point there would act
	 * on whatever another page shows at it. Confirmation and minimisation
	 * set it, so that no reported path passes only by such a tap.
	 */
	bool stop_off_path;
};

/*
 * Replay `steps` on `dev`. TD_OK when every step was performed (an action
 * the device refused stops the replay with its error; *out keeps the screens
 * so far; with stop_off_path, a step off the recorded path stops it with
 * TD_ERR_NOT_FOUND). Restart steps inside the list force-stop and relaunch (and re-run
 * the login script).
 */
int replay_run(struct device *dev, const char *package, const struct action *steps, size_t n,
	       const struct replay_opts *opts, struct replay_result *out) TD_MUST_CHECK;

/*
 * Write the current screen to DIR/NNNN.png and DIR/NNNN.xml (n = NNNN).
 * TD_ERR_IO naming the file.
 */
int replay_save_screen(struct device *dev, const char *dir, int n) TD_MUST_CHECK;

/* Capture the current screen into *s (tree parsed). */
int replay_capture(struct device *dev, struct replay_screen *s) TD_MUST_CHECK;
void replay_screen_release(struct replay_screen *s);

/* Start the app cleanly: force-stop, optional pm clear, launch, login. */
int replay_clean_start(struct device *dev, const char *package, const struct replay_opts *opts) TD_MUST_CHECK;

#endif
