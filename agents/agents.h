/*
 * agents.h - the run controller and the three agent threads (seeds 001 §II).
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

#include "agents/brain.h"
#include "core/error.h"

struct config;

/* Agent ids on the queue. */
enum agent_id { AGENT_CONTROLLER = 0, AGENT_EXPLORER, AGENT_MONITOR, AGENT_DETECTOR, AGENT__COUNT };
const char *agent_name(int id);

/* Message types on the queue. */
enum agent_msg {
	MSG_STEP = 1,   /* Explorer -> Monitor: a step was taken (struct agent_step_msg) */
	MSG_CONTINUE,   /* Monitor -> Explorer: go on */
	MSG_PAUSE,      /* Monitor -> Explorer: wait for MSG_DETECTED (a segment is being judged) */
	MSG_SEGMENT,    /* Monitor -> Detector: a functionality ended (struct agent_segment_msg) */
	MSG_HINTS,      /* Detector -> Explorer: explore optimisation (struct brain_hints) */
	MSG_DETECTED,   /* Detector -> Explorer: the segment it paused for is judged */
	MSG_STOP,       /* Explorer -> Monitor -> Detector: no more steps; drain and exit */
};
const char *agent_msg_name(int type);

struct agent_step_msg {
	int step;
	struct step_note note;     /* the merged request's Monitor half (may be invalid) */
};
struct agent_segment_msg {
	struct history_segment seg;
	bool explorer_waits;       /* send MSG_DETECTED when done */
	int pause_id;              /* > 0 with explorer_waits: the id MSG_PAUSE and MSG_DETECTED carry */
};
/* Payload of MSG_PAUSE and MSG_DETECTED: which paused-for segment (ids grow from 1). */
struct agent_pause_msg {
	int id;
};

struct run_options {
	const char *device_spec;   /* "sim:notes", "emulator-5554" */
	const char *out_dir;       /* run directory (created) */
	const char *brain;         /* "auto", "llm", "offline", "random", ... ; NULL: run.brain */
	int steps;                 /* <= 0: run.steps */
	double minutes;            /* < 0: run.minutes (0 = unlimited) */
	long long seed;            /* < 0: run.seed */
	int status;                /* 1 status line/periodic lines, 0 quiet, -1 auto (on unless log silent) */
	/* Tests: brains to use instead of the kind's (ownership passes to the run). */
	struct explorer_brain *explorer_brain;
	struct monitor_brain *monitor_brain;
	struct detector_brain *detector_brain;
	bool no_plugins;           /* tests: do not attach registered plugins */
};
void run_options_init(struct run_options *o);

struct run;

/*
 * Open the device, read the app info, create the run directory, pick the
 * brain kind (auto: llm when llm_configured(), else offline; falls back to
 * llm when no offline kind is compiled in) and build the brains. `cfg` must
 * outlive the run. Errors name what failed (TD_ERR_CONFIG for an unknown
 * brain or a model brain without a model).
 */
int run_new(const struct config *cfg, const struct run_options *o, struct run **out) TD_MUST_CHECK;
/*
 * Explore until a budget runs out, the model fails fatally, or a stop is
 * requested; then write bugs.json, summary.json and report.html. TD_OK when
 * the run finished (also when stopped or out of budget), else the error that
 * ended it early (reports are still written).
 */
int run_execute(struct run *r) TD_MUST_CHECK;
/* Ask the run to stop after the current step. Async-signal-safe. */
void run_request_stop(struct run *r);
void run_free(struct run *r);

/* For reports and tests: counters after run_execute(). */
struct run_stats {
	int steps, screens, activities, activities_total, functionalities, bugs;
	int segments_judged, segments_skipped, retries, fallbacks, interventions;
	long messages[MSG_STOP + 1];   /* messages sent, by type */
	long tokens;
	double cost_usd, wall_s;
	const char *stop_reason;       /* "steps", "time", "interrupted", "budget", "model", "error" */
};
void run_get_stats(struct run *r, struct run_stats *out);

/* The environment brains see (valid from run_new() to run_free()). */
struct agent_env *run_env(struct run *r);

/* `trident explore` (cli/explore.c). */
int cmd_explore(int argc, char **argv);

#endif
