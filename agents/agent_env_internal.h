/*
 * agent_env_internal.h - the layout of struct agent_env, private to
 * agent_env.c (which implements the service) and the run module (run.c,
 * explorer.c, monitor.c via run_internal.h, which fill it in and count in it).
 */
#ifndef TRIDENT_AGENTS_AGENT_ENV_INTERNAL_H
#define TRIDENT_AGENTS_AGENT_ENV_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "agents/agent_env.h"

struct agent_env {
	const struct config *cfg;
	struct app_info *app;
	struct history *hist;
	struct rundir *rd;
	struct screen_writer *screens; /* steps/NNNN.png (run.save_screens); NULL outside a run */
	struct bug_list *bugs;
	struct llm *llm;
	struct device *dev;
	char *prompts_dir;
	struct blocklist *blocklist; /* run.block and --block; never NULL after run_new */
	unsigned long seed;
	int step_budget;
	atomic_int steps_done;
	atomic_bool stop;
	atomic_bool interrupted;
	/* the device lock: re-entrant on the owning thread */
	pthread_mutex_t dev_mutex;
	pthread_cond_t dev_cond;
	pthread_t dev_owner;
	int dev_depth;
	atomic_ulong dev_epoch;   /* outermost acquisitions so far */
	/* the offline brain and plugins' shared record (offline_shared.c), made on first use */
	pthread_mutex_t shared_mutex;
	struct offline_shared *offline_shared;
	/* bugs the confirm hooks judged (each may have replayed the app) */
	atomic_ulong judged_bugs;
	/* plugins */
	struct agent_plugin **plugins;
	size_t n_plugins;
	/* counters */
	atomic_long messages[MSG_STOP + 1];
	atomic_int segments_judged, segments_skipped, retries, fallbacks, interventions;
	/* model calls in flight and when the current busy spell began (ms, monotonic) */
	atomic_int llm_inflight;
	atomic_llong llm_busy_since_ms;
};

#endif
