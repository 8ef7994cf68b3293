/*
 * agent_env.h - what the agent threads, the brains, the plugins and the
 * reports share below the run controller: agent ids, the message types on
 * the queue and their payloads, and the run's counters (struct run_stats).
 * The agent_env accessors themselves are declared in agents/brain.h (the
 * brain/plugin API); agent_env.c implements both. report.c includes this
 * header, not agents.h, so the run controller (run.c) is the only file that
 * points at the reports.
 */
#ifndef TRIDENT_AGENTS_AGENT_ENV_H
#define TRIDENT_AGENTS_AGENT_ENV_H

#include <stdbool.h>

#include "agents/brain.h"

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

/* For reports and tests: counters after run_execute(). */
struct run_stats {
	int steps, screens, activities, activities_total, functionalities, bugs;
	int segments_judged, segments_skipped, retries, fallbacks, interventions;
	long messages[MSG_STOP + 1];   /* messages sent, by type */
	long tokens;
	double cost_usd, wall_s;
	const char *stop_reason;       /* "steps", "time", "interrupted", "budget", "model",
	                                  "device" (lost), "write" (disk), "error" */
	double llm_waiting_s;          /* how long the model has kept the run waiting (0: not) */
	bool reports_written;          /* bugs.json, summary.json, report.html written */
};

#endif
