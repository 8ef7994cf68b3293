/*
 * oracle_kind.h - the registry of the deterministic oracles: one
 * `struct oracle_kind` per oracle, one file per oracle in agents/oracles/,
 * and the one ORACLE_KINDS list below. The oracles plugin (plugin.c: the
 * config switches, the after-step checks, its summary) and replay
 * confirmation (agents/replay_confirm.c: the recheck) walk this table; no
 * code names an oracle anywhere else.
 *
 * HOW TO ADD AN ORACLE `NAME` (docs/oracles.md has the long form):
 *   1. agents/oracles/NAME.c: its pure check (fills a struct oracle_finding
 *      with .oracle = "NAME") and `const struct oracle_kind oracle_kind_NAME
 *      = { ... }` with either
 *      - after_step (reports with oracle_report_finding()) and recheck (the
 *        same check on a replay's screens) with .reads, the screens that
 *        recheck reads (struct oracle_recheck_reads), or,
 *      - when it keeps state across steps, a tracker: tracker_new,
 *        tracker_free and track. The plugin then keeps one tracker per run,
 *        feeds it every step in the app, reports what track() finds, and
 *        confirms by feeding a replay's steps to a fresh tracker;
 *   2. one X(NAME) in ORACLE_KINDS below, at the place in the order its
 *      check should run after a step;
 *   3. the pure check's declaration in agents/oracle.h, for its unit test.
 *   Then its switch "oracles.NAME": true in configs/default.json, its unit
 *   test under tests/unit/, and its line in docs/oracles.md. The build picks
 *   up every .c file in agents/oracles/ by itself.
 */
#ifndef TRIDENT_AGENTS_ORACLES_ORACLE_KIND_H
#define TRIDENT_AGENTS_ORACLES_ORACLE_KIND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "agents/bugs.h"
#include "agents/oracle.h"

struct agent_env;
struct brain_screen;
struct device;
struct oracles_state;
struct oracle_recheck_feed;
struct replay_opts;
struct replay_result;
struct ui_tree;

/* What an after-step check sees (Explorer thread, device held). */
struct oracle_step {
	struct oracles_state *st;          /* the oracles plugin's state */
	struct agent_env *env;
	struct device *dev;
	const struct brain_screen *before; /* the screen the action was taken on */
	const struct action *done;
	const struct brain_screen *after;  /* the screen after it */
};

/* What a recheck sees: one replay of a candidate bug's steps (replay_confirm.c). */
struct oracle_recheck {
	const struct replay_result *r;     /* the replayed screens, last = after the last step */
	const struct action *last_step;    /* the bug's last step; NULL when it has none */
	const struct action *steps;        /* every step replayed (r->screens[i] was before steps[i]) */
	size_t n_steps;
	size_t trigger;                    /* trigger actions at the end (extra.trigger_steps) */
	struct device *dev;
	const char *package;
	double overlap;                    /* oracles.display_overlap */
	int wait_ms;                       /* the loading wait (extra.wait_ms) */
	/* A tracker's feed that followed the replay (oracle_recheck_feed_new); NULL: feed r's screens now. */
	struct oracle_recheck_feed *feed;
};

/* One step as a tracking oracle sees it: in the run, or in a replay (the recheck). */
struct oracle_tracked_step {
	const struct ui_tree *before;      /* the screen the action was taken on */
	const char *activity_before;
	const struct ui_tree *after;       /* the screen after it */
	const char *activity_after;
	bool after_in_app;                 /* `after` is the app under test */
	const struct action *done;
};

enum oracle_flags {
	/* after_step runs even when the app is not in the foreground. */
	ORACLE_ANY_SCREEN = 1 << 0,
	/*
	 * Replay all steps but the last, then perform the last one alone, so
	 * that the finding must come from it; the recheck's title may differ
	 * from the report's.
	 */
	ORACLE_REPLAY_LAST_ALONE = 1 << 1,
};

/*
 * Which of a replay's screens a `recheck` function reads, so that the
 * replay keeps only those (oracle_kind_replay_keep) and its memory does not
 * grow with the path: the last `last` screens (the last one is after the
 * bug's last step), the trigger actions' screens before them too when
 * `before_trigger` (the screen before the trigger), and of the screens
 * before those one per distinct non-zero key(tree, activity), the first of
 * each key when `key_first`, else the latest. last 0: every screen.
 */
struct oracle_recheck_reads {
	unsigned last;
	bool before_trigger;
	uint64_t (*key)(const struct ui_tree *t, const char *activity);
	bool key_first;
};

struct oracle_kind {
	const char *name;          /* found_by "oracle:NAME"; struct oracle_finding .oracle */
	const char *config_key;    /* its bool switch, "oracles.NAME" (configs/default.json) */
	enum bug_category category;
	const char *doc;           /* one line: the property it checks */
	const char *evidence;      /* one line: what its reports carry */
	unsigned flags;            /* enum oracle_flags */
	/*
	 * After every step. Returns 1 when it moved the device off `after`.
	 * Kinds that share one pass (the same function: duplicate and sort
	 * read the lists once; rotation and background share the state-trip
	 * budget) run it once, at the first of them, when any is switched on;
	 * the pass asks oracle_on() which of its kinds report.
	 */
	int (*after_step)(const struct oracle_step *s);
	/* The same check on a replay: true with *f filled when the finding reproduces. NULL: never confirmed. */
	bool (*recheck)(const struct oracle_recheck *c, struct oracle_finding *f);
	/* The screens recheck reads (the replay keeps no others). */
	struct oracle_recheck_reads reads;
	/*
	 * A pure check of one step (the screens before and after the action),
	 * instead of after_step and recheck: the plugin runs it after every step
	 * and reports with the screens before and after as evidence, and
	 * confirms by running it on the replay's last two screens.
	 */
	oracle_step_check step_check;
	/*
	 * A tracker, for an oracle that keeps state across steps (instead of
	 * after_step and recheck): a new empty one, its release, and one step fed
	 * to it (true with *f filled when this step shows the bug).
	 */
	void *(*tracker_new)(void);
	void (*tracker_free)(void *tracker);
	bool (*track)(void *tracker, const struct oracle_tracked_step *s, struct oracle_finding *f);
};

/* Every oracle, in the order their checks run after a step. */
#define ORACLE_KINDS(X) \
	X(crash) X(toggle) X(control) X(total) X(count) X(rowcount) X(navigation) X(crud) X(entry_missing) X(loading) X(blank) X(display) X(units) X(formula) X(grouping) X(setting) X(duplicate) X(sort) \
	X(rotation) X(background) X(process_death) X(feedback) X(first_press) X(claims) X(kept_edit) X(said_empty) \
	X(save_disabled) X(row_measure) X(state_kept) X(excluded) X(rate) X(section) X(refresh) X(scale) X(hours) X(search) \
	X(order_kept) X(cross_count) X(reminder) X(silent_empty) X(countdown) X(under_keyboard) X(partition) \
	X(prefill) X(delete_plays) X(gen_length) X(remainder) X(over_limit) X(gone_page) X(selection) \
	X(average) X(sum_count) X(link_setting) X(gallery) X(mark_kept) X(streak) X(conversion) \
	X(section_sum)

#define ORACLE_KIND_DECLARE(n) extern const struct oracle_kind oracle_kind_##n;
ORACLE_KINDS(ORACLE_KIND_DECLARE)
#define ORACLE_KIND_COUNT_ONE(n) +1
enum { ORACLE_KIND_COUNT = 0 ORACLE_KINDS(ORACLE_KIND_COUNT_ONE) };

/* All kinds, in ORACLE_KINDS order; count in *n. */
const struct oracle_kind *const *oracle_kinds(size_t *n);
/* The kind named `name` ("rotation"), or NULL. */
const struct oracle_kind *oracle_kind_find(const char *name);
/* Position of `k` in oracle_kinds(), or -1. */
int oracle_kind_index(const struct oracle_kind *k);
/*
 * Whether k's finding reproduces on a replay: its recheck, or for a tracker,
 * the replay's steps fed to a fresh tracker, the finding coming from the
 * last step. False for a kind that can do neither (never confirmed).
 */
bool oracle_kind_recheck(const struct oracle_kind *k, const struct oracle_recheck *c, struct oracle_finding *f);

/*
 * Rechecking while the replay runs, so that a long replay need not keep
 * every screen. For a tracker kind, a fresh tracker that is fed each step
 * as soon as the screen after it is captured (oracle_recheck_feed_screen as
 * replay_opts.on_screen, the feed as its ctx); pass it in struct
 * oracle_recheck .feed. NULL for other kinds (and for NULL k).
 */
struct oracle_recheck_feed *oracle_recheck_feed_new(const struct oracle_kind *k, const struct action *steps,
						    size_t n_steps, const char *package);
void oracle_recheck_feed_screen(void *feed, const struct replay_result *r);
void oracle_recheck_feed_free(struct oracle_recheck_feed *feed);
/*
 * How many of the replay's last screens k's recheck reads for a bug with
 * `trigger` trigger steps (a tracker: the last two, with its feed; a step
 * check: the last two; a `recheck` function: what its .reads declares, which
 * may add earlier screens by key); 0 when it may read any of them (a recheck
 * that declares nothing, or NULL k).
 */
size_t oracle_kind_recheck_screens(const struct oracle_kind *k, size_t trigger);
/* Set opts' keep_screens, screen_key and keep_first_of_key to the screens k's recheck reads (above). */
void oracle_kind_replay_keep(const struct oracle_kind *k, size_t trigger, struct replay_opts *opts);

#endif
