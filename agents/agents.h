/*
 * agents.h - the run controller (run.c; the Explorer thread in explorer.c, the
 * Monitor and Detector in monitor.c, the env service in agent_env.c) (seeds 001 §II).
 *
 * A `struct run` owns everything one exploration needs: the device, the app
 * info, the run directory, the history database, the bug list, the model
 * client (when the brain needs one), the brains and plugins, the shared
 * queue, and the budgets (steps, wall time, tokens, money). run_execute()
 * starts the Explorer, Monitor and Detector threads, shows the status line,
 * stops them when a budget runs out or on run_request_stop() (SIGINT), and
 * writes bugs.json, summary.json and report.html. docs/agents.md has the
 * message flow and the shutdown order.
 *
 * Tests can hand in their own brains (run_options.*_brain) and leave the
 * model out; ownership of brains passes to the run.
 */
#ifndef TRIDENT_AGENTS_AGENTS_H
#define TRIDENT_AGENTS_AGENTS_H

#include <stdbool.h>
#include <stddef.h>

#include "agents/agent_env.h"
#include "core/error.h"

struct config;

struct run_options {
	const char *device_spec;   /* "sim:notes", "emulator-5554" */
	const char *package;       /* --package PKG: the installed app to explore, or NULL */
	const char *apk;           /* --apk FILE: install it and explore it, or NULL */
	bool grant_permissions;    /* --grant-permissions: install with -g */
	const char *out_dir;       /* run directory (created) */
	const char *brain;         /* "auto", "llm", "offline", "random", ... ; NULL: run.brain */
	int steps;                 /* <= 0: run.steps */
	double minutes;            /* < 0: run.minutes (0 = unlimited) */
	long long seed;            /* < 0: run.seed */
	int status;                /* 1 status line/periodic lines, 0 quiet, -1 auto (on unless log silent) */
	const char *junit_path;    /* also write JUnit XML here at the end (NULL: no) */
	/* Tests: brains to use instead of the kind's (ownership passes to the run). */
	struct explorer_brain *explorer_brain;
	struct monitor_brain *monitor_brain;
	struct detector_brain *detector_brain;
	bool no_plugins;           /* tests: do not attach registered plugins */
};
void run_options_init(struct run_options *o);

struct run;

/*
 * Open the device, resolve the app and read its manifest (app_target.h:
 * --apk installs it, --package pulls the installed APK, else the foreground
 * app; a sim: device's spec), create the run directory, pick the brain kind
 * (auto: llm when llm_configured(), else offline; falls back to llm when no
 * offline kind is compiled in) and build the brains. `cfg` must outlive the
 * run. Errors name what failed (TD_ERR_CONFIG for an unknown brain or a
 * model brain without a model; TD_ERR_INVALID when no app is named and the
 * home screen is in front).
 */
int run_new(const struct config *cfg, const struct run_options *o, struct run **out) TD_MUST_CHECK;
/*
 * Explore until a budget runs out, the model fails fatally, or a stop is
 * requested; then write bugs.json, summary.json and report.html. TD_OK when
 * the run finished (also when stopped or out of budget), else the error that
 * ended it early (reports are still written).
 */
int run_execute(struct run *r) TD_MUST_CHECK;
/*
 * Ask the run to stop: the current step ends, model calls in flight are
 * cancelled (llm_cancel), the Detector skips its queue and the reports are
 * written. When the agents have not stopped RUN_STOP_GRACE_S (5 s) after the
 * request (a device call that hangs), run_execute writes the reports from
 * what is recorded and returns TD_ERR_INTERRUPTED with the threads still
 * running: see run_abandoned(). Async-signal-safe.
 */
void run_request_stop(struct run *r);
/*
 * True when run_execute() returned while agent threads still run; then
 * run_free() does nothing and the caller should exit the process.
 */
bool run_abandoned(const struct run *r);
/*
 * `pm uninstall` the app under test (explore --uninstall-after, once the
 * reports are written). TD_ERR_INVALID when the run has no device or app or
 * was abandoned; the device's error (pm's Failure line) otherwise.
 */
int run_uninstall_app(struct run *r) TD_MUST_CHECK;
void run_free(struct run *r);

void run_get_stats(struct run *r, struct run_stats *out);
/* "3/4" activities, or "4/? (unknown)" when the manifest is unknown (never "4/0"). */
void run_stats_activities(const struct run_stats *st, char *buf, size_t size);

/* The environment brains see (valid from run_new() to run_free()). */
struct agent_env *run_env(struct run *r);

#endif
