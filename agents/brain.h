/*
 * brain.h - the pluggable decisions of the three agents, and what a brain
 * may ask of the run.
 *
 * The Explorer, Monitor and Detector threads (agents.h) do the plumbing:
 * capturing, annotating, recording, messaging. What to DO is asked of a brain:
 *
 *   struct explorer_brain   next action for this screen (optionally also the
 *                           Monitor's note for the step: the merged request)
 *   struct monitor_brain    which functionality a step belongs to, its status,
 *                           the page description, whether it has ended
 *   struct detector_brain   a verdict over a finished functionality segment
 *
 * A brain kind ("llm", "offline", "random") bundles constructors for the
 * three; a kind may leave some NULL (see struct brain_kind). Kinds are listed
 * in agents/brain_registry.h: adding one is one new .c file defining
 * `const struct brain_kind brain_kind_NAME` plus one X(NAME) line there.
 *
 * Plugins (struct agent_plugin) are deterministic helpers attached to every
 * run whatever the brain: bug oracles, tarpit and loop escape, replay
 * confirmation. They hook the Explorer's step (device held), the Detector's
 * functionality boundaries (device taken through agent_env_device_lock), bug
 * reports (confirm or reject) and the end of the run. They are listed in
 * agents/brain_registry.h the same way (X(NAME) for
 * `const struct plugin_kind plugin_kind_NAME`).
 *
 * Threads: an explorer brain is only called on the Explorer thread, a monitor
 * brain on the Monitor thread, a detector brain on the Detector thread, so a
 * brain needs no locking of its own state. The agent_env functions are
 * thread-safe.
 */
#ifndef TRIDENT_AGENTS_BRAIN_H
#define TRIDENT_AGENTS_BRAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "agents/action.h"
#include "agents/bugs.h"
#include "agents/history.h"
#include "core/error.h"
#include "core/ui.h"
#include "device/device.h"

struct agent_env;
struct app_info;
struct blocklist;
struct cJSON;
struct llm_request;
struct config;
struct llm;
struct rundir;

/* --- what a brain sees ---------------------------------------------------- */

/* One actionable widget, numbered as on the annotated screenshot. */
struct brain_widget {
	int number;                  /* 1-based, the number the model sees */
	const struct ui_widget *w;   /* points into brain_screen.tree */
	unsigned actions;            /* enum ui_action bits it supports */
};

/* The current screen, as the Explorer captured and annotated it. */
struct brain_screen {
	int step;                    /* the step about to be taken (1-based) */
	const struct capture *cap;   /* screenshot PNG, XML, activity, package */
	const struct ui_tree *tree;
	const char *activity;        /* cap->activity, "" when unknown */
	uint64_t sig_structural, sig_abstract, sig_text;
	const struct brain_widget *widgets; /* reading order, by number */
	size_t n_widgets;
	const char *widget_list;     /* the widget list text of the prompt */
	const char *legend;          /* the image legend text */
	const unsigned char *annotated_png; /* may be NULL */
	size_t annotated_png_len;
	bool in_app;                 /* the foreground package is the app under test */
	const char *feedback;        /* a toast/snackbar read from the screenshot (OCR), or NULL */
};

/* The widget numbered `number`, or NULL. */
const struct brain_widget *brain_screen_widget(const struct brain_screen *s, int number);

/* The Detector's explore optimisation (seeds 001 §II-C), fed to the Explorer. */
struct brain_hints {
	char **bug_paths;            /* possible bug-triggering paths not yet tried */
	size_t n_bug_paths;
	char **exception_paths;      /* unusual operations seen in the sequence */
	size_t n_exception_paths;
};
void brain_hints_release(struct brain_hints *h);
/* Text for prompts ("" when empty); caller frees. */
char *brain_hints_text(const struct brain_hints *h);

/* The Monitor's note on one step (also the merged request's monitor half). */
struct step_note {
	bool valid;                  /* false: nothing was said */
	char *functionality;         /* short name, "Add a note" */
	char *functionality_description;
	enum func_status status;
	char *page_description;
	bool functionality_done;     /* the functionality ends with this step */
};
void step_note_release(struct step_note *n);

/* A Detector's answer about one segment. */
struct detector_verdict {
	bool bug;
	struct bug report;           /* filled when bug: title, category, description, steps... */
	struct bug *more;            /* further bugs of the same answer (each reported too) */
	size_t n_more;
	bool deferred;               /* held back: judged together with the next segments */
	char *functionality;         /* chain of thought: identified functionality */
	char *expected_path;
	char *actual_path;
	struct brain_hints hints;    /* bug paths and exception paths for the Explorer */
};
void detector_verdict_init(struct detector_verdict *v);
void detector_verdict_release(struct detector_verdict *v);

/* --- the three brains ----------------------------------------------------- */

/*
 * What the Explorer's retry feedback holds when the answer was refused by
 * the user's blocklist (not a mismatch with the screen): a brain that can
 * drop the refused choice for good looks for it.
 */
#define BRAIN_FEEDBACK_BLOCKED "is on the user's blocklist"

struct explorer_brain {
	const char *name;
	void *state;
	/*
	 * Choose the next action for `s`. `hints` holds the Detector's current
	 * explore optimisation (may be empty). `feedback` is NULL on the first
	 * try and, on a retry, says why the previous answer did not match the
	 * screen ("widget #12 does not exist"). The brain may also fill *note
	 * (the merged Explorer+Monitor request); leave note->valid false
	 * otherwise. TD_ERR_* on failure (the Explorer then falls back).
	 */
	int (*choose)(struct explorer_brain *b, struct agent_env *env, const struct brain_screen *s,
		      const struct brain_hints *hints, const char *feedback,
		      struct action *out, struct step_note *note);
	/* Optional: the outcome of the last action (`after` is the next screen). */
	void (*observe)(struct explorer_brain *b, struct agent_env *env, const struct brain_screen *before,
			const struct action *done, const struct brain_screen *after);
	void (*free)(struct explorer_brain *b);
};

struct monitor_brain {
	const char *name;
	void *state;
	/*
	 * Classify step `step` (already in the history, its files written) into
	 * *out. `explorer_note` is the merged request's note when there was one
	 * (valid == true), which a brain may simply accept.
	 */
	int (*classify)(struct monitor_brain *b, struct agent_env *env, int step,
			const struct step_note *explorer_note, struct step_note *out);
	void (*free)(struct monitor_brain *b);
};

struct detector_brain {
	const char *name;
	void *state;
	/* Judge a finished segment. The verdict's steps refer to run steps. */
	int (*judge)(struct detector_brain *b, struct agent_env *env, const struct history_segment *seg,
		     struct detector_verdict *out);
	void (*free)(struct detector_brain *b);
};

/* A brain kind: constructors; NULL members mean "this kind has none". */
struct brain_kind {
	const char *name;            /* --brain NAME */
	const char *summary;         /* one line for --help */
	bool needs_llm;              /* refuse to start when no model is configured */
	int (*new_explorer)(struct agent_env *env, struct explorer_brain **out);
	int (*new_monitor)(struct agent_env *env, struct monitor_brain **out);  /* NULL: the activity monitor */
	int (*new_detector)(struct agent_env *env, struct detector_brain **out); /* NULL: plugins only */
};

/* The registered kind named `name`, or NULL. */
const struct brain_kind *brain_kind_find(const char *name);
/* All kinds, in registry order; count in *n. */
const struct brain_kind *const *brain_kinds(size_t *n);

/*
 * The built-in fallback monitor: functionality = the activity's short name
 * (or the note's functionality when the explorer gave one), status partial,
 * page description from the screen's title text. Used when a kind has none.
 */
int brain_activity_monitor_new(struct agent_env *env, struct monitor_brain **out);

/* --- plugins -------------------------------------------------------------- */

struct agent_plugin {
	const char *name;            /* "oracle:rotation", "tarpit", ... (found_by of its bugs) */
	void *state;
	/*
	 * Explorer thread, device `dev` held, before the brain is asked. Return 1
	 * and fill *override to take this step's action instead (an escape);
	 * the Explorer traces it as an intervention. 0 to let the brain choose.
	 */
	int (*before_choose)(struct agent_plugin *p, struct agent_env *env, struct device *dev,
			     const struct brain_screen *s, struct action *override);
	/*
	 * Explorer thread, device held, after `done` was performed on `before`
	 * and `after` captured. May drive the device (rotate, background...);
	 * return 1 when the screen may differ from `after` now (the Explorer
	 * captures again), else 0.
	 */
	int (*after_step)(struct agent_plugin *p, struct agent_env *env, struct device *dev,
			  const struct brain_screen *before, const struct action *done,
			  const struct brain_screen *after);
	/* Detector thread at a functionality boundary; take the device with agent_env_device_lock. */
	void (*on_segment)(struct agent_plugin *p, struct agent_env *env, const struct history_segment *seg);
	/*
	 * Called for every bug about to be reported (any thread; take the device
	 * with agent_env_device_lock if replaying). Return 1 to confirm (sets
	 * bug->confirmed), 0 to reject it (not reported, traced), -1 no opinion.
	 */
	int (*confirm)(struct agent_plugin *p, struct agent_env *env, struct bug *b);
	/* Controller thread, after the agents stopped, before reports are written. */
	void (*on_finish)(struct agent_plugin *p, struct agent_env *env);
	void (*free)(struct agent_plugin *p);
};

struct plugin_kind {
	const char *name;
	const char *summary;
	/* *out = NULL (and TD_OK) when the plugin is switched off by the config. */
	int (*new_plugin)(struct agent_env *env, struct agent_plugin **out);
};
const struct plugin_kind *const *plugin_kinds(size_t *n);

/* --- what the run offers a brain (thread-safe) ----------------------------- */

/* The run's configuration; never NULL (the compiled-in defaults without one). */
const struct config *agent_env_config(const struct agent_env *env);
/* The app under test (package, activities, deep links); never NULL. */
const struct app_info *agent_env_app(const struct agent_env *env);
const char *agent_env_package(const struct agent_env *env);
struct history *agent_env_history(struct agent_env *env);
struct rundir *agent_env_rundir(struct agent_env *env);
struct bug_list *agent_env_bugs(struct agent_env *env);
/*
 * How many reported bugs a confirm hook has judged (confirmed or rejected)
 * so far in the run. A judgement may replay the app from a clean start, so
 * a caller that compares the count before and after reporting knows the
 * device is no longer on the screen it saw.
 */
unsigned long agent_env_bugs_judged(struct agent_env *env);
/* The model client, NULL when the run has none (offline brains). */
struct llm *agent_env_llm(struct agent_env *env);
/*
 * llm_call() on the run's model client, counted so that the status line can
 * say how long the run has been waiting for the model; same returns.
 */
int agent_env_llm_call(struct agent_env *env, const struct llm_request *req, struct cJSON **answer)
	TD_MUST_CHECK;
/* Seconds the oldest model call in flight has been waiting (0: none). */
double agent_env_llm_waiting_s(struct agent_env *env);
/* The run's seed (run.seed / --seed). */
unsigned long agent_env_seed(const struct agent_env *env);
/* The step budget (run.steps) and the steps taken so far. */
int agent_env_step_budget(const struct agent_env *env);
int agent_env_steps_done(const struct agent_env *env);
/* Whether the run is stopping (SIGINT, a budget ran out, a fatal error). */
bool agent_env_stopping(const struct agent_env *env);
/*
 * Whether the user interrupted the run (SIGINT/SIGTERM): model and device
 * calls are being cancelled, so a failure now says nothing about the app.
 */
bool agent_env_interrupted(const struct agent_env *env);
/*
 * Ask the run to stop after the current step, as when its step budget is
 * spent (a brain with nothing more to do: a finished audit script).
 */
void agent_env_request_stop(struct agent_env *env);
/* The prompts directory (agents.prompts_dir, default TRIDENT_SOURCE_DIR/prompts). */
const char *agent_env_prompts_dir(const struct agent_env *env);
/*
 * The user's blocklist (run.block, --block; core/blocklist.h): the Explorer
 * refuses any action on a matching widget or into a matching activity,
 * whoever proposed it; escapes choosing a target should skip such targets.
 * Never NULL during a run (may be empty); NULL for an env without a run.
 */
const struct blocklist *agent_env_blocklist(const struct agent_env *env);

/*
 * Take the device for exclusive use; blocks while another thread holds it.
 * Re-entrant on the same thread (the Explorer holds it during its step, and
 * plugin hooks it calls may take it again). Returns NULL when the run has no
 * device (unit tests with fake brains).
 */
struct device *agent_env_device_lock(struct agent_env *env);
void agent_env_device_unlock(struct agent_env *env);

/*
 * Report a bug found by `b->found_by`. A duplicate of a listed bug
 * (bug_same) only counts one more occurrence of that bug (traced as
 * "bug_duplicate"; no confirm hook runs). Otherwise plugins' confirm hooks
 * run first; then the bug is added to the list (bugs.json rewritten), traced
 * as a "bug" record and counted in the status line. Returns 1 when reported,
 * 0 when a duplicate or rejected; the new id, or for a duplicate the listed
 * bug's id, in *id_out (may be NULL; caller frees; NULL when rejected).
 */
int agent_env_report_bug(struct agent_env *env, const struct bug *b, char **id_out);

/*
 * Append to b's steps the reproduction path that leads to the screen after
 * run step `last`: every recorded action since the last clean start (the
 * run's first step, or the step after the last restart that cleared the
 * app's data) up to and including step `last`, each followed by the
 * side-trip actions recorded after it (history_add_side_actions), so a
 * replay from a clean start repeats what the run did. Record N is the page
 * after step N-1 plus action N: the page that shows a bug found on the
 * screen after step N is reached by this path with last = N.
 */
void agent_env_bug_path(struct agent_env *env, struct bug *b, int last);

/*
 * Log an intervention or event in trace.jsonl: `record` (an object,
 * consumed) gets "type" and "step" added. Use for tarpit/loop escapes
 * ("intervention" with a "kind"), oracle checks, replay results.
 */
int agent_env_trace(struct agent_env *env, const char *type, struct cJSON *record);

#endif
