/*
 * replay_confirm.h - confirmation of an oracle's candidate bug by replay
 * (Genie's report reduction, seeds 003 §4.3): the bug's steps are replayed
 * from a clean app start (force-stop, pm clear, launch, login script) and
 * the oracle's check is run again on the replayed screens; this is done
 * twice, and the bug is confirmed only when both replays show the same
 * finding (a view that changes by itself makes them disagree, so it is
 * masked out by rejection).
 *
 * First only the bug's last steps are tried (the trigger actions and the
 * NEAR_LEAD_STEPS, 15, before them: a bounded replay however long the run),
 * when that is shorter than the next try; then, up to `attempts` more
 * tries, the steps after the last restart (shorter, and enough when the app
 * keeps no relevant data across restarts), then all steps. A replay keeps
 * only the screens the recheck reads (oracle_kind_replay_keep: a tracker
 * is fed as the replay goes; a recheck function declares its screens in
 * its kind's .reads), so its memory does not grow with the path.
 * The oracle is named by the bug's found_by ("oracle:rotation"); the number
 * of trigger actions at the end of the steps (rotate and back, Home and
 * relaunch) by extra.trigger_steps.
 *
 * Each oracle is checked again the way it fired: the bug's oracle is
 * looked up in the oracle table (agents/oracles/oracle_kind.h) and its
 * `recheck` runs on the replayed screens (state loss compares the screens
 * before and after the trigger actions; sort, toggle and entry the screens
 * around the last step; loading waits extra.wait_ms, default 3000, and
 * captures again). Kinds flagged ORACLE_REPLAY_LAST_ALONE (crash) replay
 * all steps but the last and perform the last alone. An oracle without a
 * recheck, or not in the table, is never confirmed.
 */
#ifndef TRIDENT_AGENTS_REPLAY_CONFIRM_H
#define TRIDENT_AGENTS_REPLAY_CONFIRM_H

#include <stdbool.h>
#include <stddef.h>

#include "agents/bugs.h"
#include "core/error.h"
#include "device/device.h"

struct login_script;

/*
 * Replay-confirm bug b on dev. Sets b->confirmed to whether it reproduced,
 * and on success keeps only the steps that were needed. *replays (may be
 * NULL) gets how many replay attempts ran (each is two replays), the
 * short first one included. TD_OK
 * unless b is not an oracle's bug (TD_ERR_INVALID).
 */
int replay_confirm(struct device *dev, const char *package, const struct login_script *login, double overlap,
		   int attempts, struct bug *b, int *replays) TD_MUST_CHECK;

/* The number of trigger actions at the end of b's steps (extra.trigger_steps, 0 when absent). */
size_t replay_confirm_trigger_steps(const struct bug *b);

/*
 * The actions that bring the app back to where the run left it when oracle
 * bug b was reported, after b's replays (they start with pm clear): the
 * run's path (`path`, its steps up to the current one) and then b's
 * trigger actions (the last trigger_steps of its steps as recorded, which
 * the oracle performed on the device before reporting: a process_death
 * trip's restart, a display trip's rotation). Without them the app is
 * left as it was before the trip while the trip is then recorded in the
 * run's path, and later paths describe another app (a setting the restart
 * reverted is still set on the device, not in any replay). Returns a new
 * array of shallow copies (caller frees the array only), its length in *n.
 */
struct action *replay_confirm_restore_actions(const struct bug *path, const struct bug *b, size_t *n);

/* Replay replay_confirm_restore_actions(path, b) from a clean start (pm clear). */
int replay_confirm_restore(struct device *dev, const char *package, const struct login_script *login,
			   const struct bug *path, const struct bug *b) TD_MUST_CHECK;

/* Whether b's oracle replays its last action alone (crash): that action is part of the fixed tail. */
bool replay_confirm_fixed_tail(const struct bug *b);
/*
 * Replay `steps` (n actions, ending with b's trigger actions) from a clean
 * start `runs` times (1 or 2) and run b's oracle recheck on each replay.
 * True when every replay shows the finding with one title (that title in
 * *title_out when not NULL, caller frees); false when not, and when b is
 * not an oracle's bug.
 */
bool replay_confirm_check(struct device *dev, const char *package, const struct login_script *login, double overlap,
			 const struct bug *b, const struct action *steps, size_t n, int runs, char **title_out);

/* replay_confirm_check with replay options (login script, clear_data, save_dir to keep the screens). */
struct replay_opts;
bool replay_confirm_check_opts(struct device *dev, const char *package, const struct replay_opts *opts,
			       double overlap, const struct bug *b, const struct action *steps, size_t n, int runs,
			       char **title_out);

#endif
