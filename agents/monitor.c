/*
 * monitor.c - the Monitor and Detector threads: the Monitor classifies each
 * step and cuts functionality segments; the Detector judges segments (brain
 * and plugins) and sends hints back to the Explorer (DESIGN block in run.c).
 */
#include "agents/run_internal.h"

#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "agents/brain_registry.h"
#include "agents/input_gen.h"
#include "agents/report.h"
#include "agents/rundir.h"
#include "core/annotate.h"
#include "core/config.h"
#include "core/image.h"
#include "core/llm.h"
#include "core/log.h"
#include "core/queue.h"
#include "core/strbuf.h"
#include "core/ui.h"
#include "core/xalloc.h"
#include "device/app_info.h"

/* --- the Monitor ------------------------------------------------------------- */

/* Classify a step, record it, and hand a finished segment to the Detector. */
static void monitor_step(struct run *r, struct agent_step_msg *m)
{
	struct step_note out = { 0 };
	struct history_segment seg = { .functionality = -1 };
	int err, ended;
	cJSON *rec;

	err = r->monitor->classify(r->monitor, &r->env, m->step, &m->note, &out);
	if (err != TD_OK || !out.valid) {
		if (err != TD_OK)
			log_warn("step %d: %s monitor: %s", m->step, r->monitor->name, td_errmsg(err));
		step_note_release(&out);
		if (m->note.valid) {
			step_note_copy(&out, &m->note);
		} else {
			char *cur = history_current_functionality(r->env.hist);
			out.valid = true;
			out.functionality = cur[0] ? cur : xstrdup("Unknown");
			if (!cur[0])
				free(cur);
		}
	}
	ended = history_classify(r->env.hist, m->step, out.functionality, out.functionality_description,
				 out.status, out.page_description, out.functionality_done, &seg);
	rec = cJSON_CreateObject();
	cJSON_AddNumberToObject(rec, "step", m->step);
	run_add_opt_str(rec, "functionality", out.functionality);
	cJSON_AddStringToObject(rec, "status", func_status_name(out.status));
	run_add_opt_str(rec, "page", out.page_description);
	cJSON_AddBoolToObject(rec, "merged", m->note.valid);
	cJSON_AddBoolToObject(rec, "boundary", ended == 1);
	(void)agent_env_trace(&r->env, "monitor", rec);
	step_note_release(&out);
	if (ended == 1) {
		struct agent_segment_msg *sm = xcalloc(1, sizeof(*sm));
		bool waits = r->pause && !atomic_load(&r->env.stop);
		int id = waits ? ++r->pause_seq : 0;
		sm->seg = seg;
		sm->explorer_waits = waits;
		sm->pause_id = id;
		if (run_send_msg(r, AGENT_MONITOR, AGENT_DETECTOR, MSG_SEGMENT, sm, run_free_segment_msg) && waits) {
			(void)run_send_msg(r, AGENT_MONITOR, AGENT_EXPLORER, MSG_PAUSE, run_pause_msg_new(id), free);
			return;
		}
	}
	(void)run_send_msg(r, AGENT_MONITOR, AGENT_EXPLORER, MSG_CONTINUE, NULL, NULL);
}

void *monitor_main(void *arg)
{
	struct run *r = arg;
	log_set_thread_name("monitor");
	for (;;) {
		struct message m;
		if (queue_recv(r->q, AGENT_MONITOR, &m, QUEUE_FOREVER) != TD_OK)
			break;
		if (m.type == MSG_STEP) {
			monitor_step(r, m.payload);
			message_release(&m);
			continue;
		}
		{
			int type = m.type;
			message_release(&m);
			if (type == MSG_STOP)
				break;
		}
	}
	{
		struct history_segment seg;
		if (history_finish(r->env.hist, &seg) == 1) {
			struct agent_segment_msg *sm = xcalloc(1, sizeof(*sm));
			sm->seg = seg;
			(void)run_send_msg(r, AGENT_MONITOR, AGENT_DETECTOR, MSG_SEGMENT, sm, run_free_segment_msg);
		}
	}
	(void)run_send_msg(r, AGENT_MONITOR, AGENT_DETECTOR, MSG_STOP, NULL, NULL);
	return NULL;
}

/* --- the Detector --------------------------------------------------------- */

/* Fill a verdict's bug from the segment when the brain left parts out. */
static void complete_bug(struct run *r, const struct history_segment *seg, struct bug *b)
{
	if (!b->found_by)
		b->found_by = xstrdup(r->detector->name);
	if (!b->functionality)
		b->functionality = xstrdup(seg->name);
	if (!b->title)
		b->title = xstrdup(b->description ? b->description : "functional bug");
	if (!b->n_steps) {
		for (int i = seg->first_step; i <= seg->last_step; i++) {
			struct history_step hs;
			if (history_get_step(r->env.hist, i, &hs) != TD_OK)
				continue;
			bug_add_step(b, i, &hs.action, hs.screenshot, hs.activity);
			history_step_release(&hs);
		}
	}
	for (size_t i = 0; i < b->n_steps; i++)
		bug_add_evidence(b, b->steps[i].screen);
	{
		/* The screen after the last step shows the outcome. */
		char *after = rundir_step_rel(seg->last_step + 1, ".png");
		char *abs = rundir_abs(r->env.rd, after);
		if (access(abs, R_OK) == 0)
			bug_add_evidence(b, after);
		free(abs);
		free(after);
	}
}

/* Judge one segment with the plugins and the brain. */
static void detector_segment(struct run *r, struct agent_segment_msg *sm)
{
	struct history_segment *seg = &sm->seg;
	struct detector_verdict v;
	cJSON *rec;
	int err, n = seg->last_step - seg->first_step + 1;

	for (size_t i = 0; i < r->env.n_plugins; i++)
		if (r->env.plugins[i]->on_segment)
			r->env.plugins[i]->on_segment(r->env.plugins[i], &r->env, seg);
	if (!r->detector)
		return;
	if (atomic_load(&r->env.interrupted) || n < r->min_segment_steps ||
	    (r->env.llm && llm_fatal(r->env.llm))) {
		rec = cJSON_CreateObject();
		cJSON_AddStringToObject(rec, "functionality", seg->name);
		cJSON_AddNumberToObject(rec, "first_step", seg->first_step);
		cJSON_AddNumberToObject(rec, "last_step", seg->last_step);
		cJSON_AddStringToObject(rec, "reason", atomic_load(&r->env.interrupted) ? "interrupted" :
					n < r->min_segment_steps ? "too short" : "model unavailable");
		(void)agent_env_trace(&r->env, "segment_skipped", rec);
		atomic_fetch_add(&r->env.segments_skipped, 1);
		return;
	}
	detector_verdict_init(&v);
	err = r->detector->judge(r->detector, &r->env, seg, &v);
	atomic_fetch_add(&r->env.segments_judged, 1);
	rec = cJSON_CreateObject();
	cJSON_AddStringToObject(rec, "segment", seg->name);
	cJSON_AddNumberToObject(rec, "first_step", seg->first_step);
	cJSON_AddNumberToObject(rec, "last_step", seg->last_step);
	cJSON_AddBoolToObject(rec, "final", seg->final);
	if (err != TD_OK) {
		log_warn("segment %s: %s detector: %s", seg->name, r->detector->name, td_errmsg(err));
		cJSON_AddStringToObject(rec, "error", td_errmsg(err));
		(void)agent_env_trace(&r->env, "detector", rec);
		detector_verdict_release(&v);
		return;
	}
	run_add_opt_str(rec, "functionality", v.functionality);
	run_add_opt_str(rec, "expected_path", v.expected_path);
	run_add_opt_str(rec, "actual_path", v.actual_path);
	cJSON_AddBoolToObject(rec, "bug", v.bug);
	cJSON_AddNumberToObject(rec, "bugs", v.bug ? 1.0 + (double)v.n_more : 0.0);
	if (v.deferred)
		cJSON_AddBoolToObject(rec, "deferred", true);
	cJSON_AddNumberToObject(rec, "bug_paths", (double)v.hints.n_bug_paths);
	cJSON_AddNumberToObject(rec, "exception_paths", (double)v.hints.n_exception_paths);
	(void)agent_env_trace(&r->env, "detector", rec);
	if (v.bug) {
		complete_bug(r, seg, &v.report);
		(void)agent_env_report_bug(&r->env, &v.report, NULL);
		/* One answer may name several bugs: each is reported on its own. */
		for (size_t i = 0; i < v.n_more; i++) {
			complete_bug(r, seg, &v.more[i]);
			(void)agent_env_report_bug(&r->env, &v.more[i], NULL);
		}
	}
	if (v.hints.n_bug_paths || v.hints.n_exception_paths) {
		struct brain_hints *h = xcalloc(1, sizeof(*h));
		brain_hints_copy(h, &v.hints);
		(void)run_send_msg(r, AGENT_DETECTOR, AGENT_EXPLORER, MSG_HINTS, h, run_free_hints);
	}
	detector_verdict_release(&v);
}

void *detector_main(void *arg)
{
	struct run *r = arg;
	log_set_thread_name("detector");
	for (;;) {
		struct message m;
		if (queue_recv(r->q, AGENT_DETECTOR, &m, QUEUE_FOREVER) != TD_OK)
			break;
		if (m.type == MSG_SEGMENT) {
			struct agent_segment_msg *sm = m.payload;
			bool waits = sm->explorer_waits;
			int id = sm->pause_id;
			detector_segment(r, sm);
			message_release(&m);
			if (waits)
				(void)run_send_msg(r, AGENT_DETECTOR, AGENT_EXPLORER, MSG_DETECTED, run_pause_msg_new(id), free);
			continue;
		}
		{
			int type = m.type;
			message_release(&m);
			if (type == MSG_STOP)
				break;
		}
	}
	return NULL;
}
