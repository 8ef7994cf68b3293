/*
 * run_internal.h - private to the run module (run.c, agent_env.c,
 * explorer.c, monitor.c): the layout of struct agent_env and struct run and
 * the helpers the threads share. Nothing outside those files includes it.
 */
#ifndef TRIDENT_AGENTS_RUN_INTERNAL_H
#define TRIDENT_AGENTS_RUN_INTERNAL_H

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>

#include <cjson/cJSON.h>

#include "agents/agents.h"
#include "core/annotate.h"
#include "core/llm.h"

#include "agents/agent_env_internal.h"

struct run {
	const struct config *cfg;
	struct agent_env env;
	struct msg_queue *q;
	struct explorer_brain *explorer;
	struct monitor_brain *monitor;
	struct detector_brain *detector;
	const struct brain_kind *kind;
	char *brain_name;
	char *junit_path;          /* --junit FILE, or NULL */
	double deadline_ms;      /* 0: none */
	double minutes;
	int status_mode;
	atomic_int explorer_done;
	atomic_int threads_done; /* agent threads that returned */
	atomic_int fatal;        /* an error ended the run */
	char fatal_msg[512];     /* its message, for the controller thread (under reason_lock) */
	const char *stop_reason;
	pthread_mutex_t reason_lock;
	double wall_s;
	struct annotate_opts ann_opts;
	struct annotate_image_opts img_opts; /* the request PNG: palette or truecolour, level */
	bool merged, pause, send_images;
	int max_retries, min_segment_steps;
	int detected_upto;       /* Explorer only: highest pause id the Detector has answered */
	int pause_seq;           /* Monitor only: last pause id handed out */
	volatile sig_atomic_t sig_stop;
	bool abandoned;          /* run_execute returned with the threads still running */
	bool reports_written;    /* bugs.json, summary.json and report.html are on disk */
};

/* Seconds the agents get to stop after an interrupt before the controller
 * writes the reports without them. */
#define RUN_STOP_GRACE_S 5

/* Deep copies of the shared brain types (agent_env.c). */
void brain_hints_copy(struct brain_hints *dst, const struct brain_hints *src);
void step_note_copy(struct step_note *dst, const struct step_note *src);

/* Record why the run stops (first reason wins) and set the stop flag. */
void run_set_stop(struct run *r, const char *reason);
/* An error ends the run: its code and message reach run_execute() (first wins). */
void run_set_fatal(struct run *r, int err, const char *msg);
/* Send a message, waiting while the queue is full; false when closed (payload freed). */
bool run_send_msg(struct run *r, int from, int to, int type, void *payload, void (*free_fn)(void *));
/* A MSG_PAUSE / MSG_DETECTED payload for pause id `id`. */
struct agent_pause_msg *run_pause_msg_new(int id);
/* Payload free functions for the queue. */
void run_free_step_msg(void *p);
void run_free_segment_msg(void *p);
void run_free_hints(void *p);
/* Add string `v` under `k` when not NULL (explorer.c). */
void run_add_opt_str(cJSON *o, const char *k, const char *v);
/* The model usage so far, all clients (explorer.c). */
void run_usage_total(struct run *r, struct llm_usage *u);

/* Thread bodies; `arg` is the struct run. */
void *explorer_main(void *arg);
void *monitor_main(void *arg);
void *detector_main(void *arg);

#endif
