/*
 * agent_env.c - the agent_env service the brains and plugins see: env accessors,
 * the re-entrant device lock, the trace, bug reports (with the plugins' confirm
 * hooks); plus agent/message names and the small shared brain types.
 */
#include "agents/agent_env_internal.h"

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
#include "agents/minimise.h"
#include "agents/report.h"
#include "agents/rundir.h"
#include "agents/screen_writer.h"
#include "core/annotate.h"
#include "core/config.h"
#include "core/image.h"
#include "core/llm.h"
#include "core/log.h"
#include "core/queue.h"
#include "core/strbuf.h"
#include "core/ui.h"
#include "core/ui_align.h"
#include "core/xalloc.h"
#include "device/app_info.h"

/* --- names ---------------------------------------------------------------- */

const char *agent_name(int id)
{
	static const char *const names[] = { "controller", "explorer", "monitor", "detector" };
	return id >= 0 && id < AGENT__COUNT ? names[id] : "?";
}

const char *agent_msg_name(int type)
{
	switch (type) {
	case MSG_STEP: return "step";
	case MSG_CONTINUE: return "continue";
	case MSG_PAUSE: return "pause";
	case MSG_SEGMENT: return "segment";
	case MSG_HINTS: return "hints";
	case MSG_DETECTED: return "detected";
	case MSG_STOP: return "stop";
	}
	return "?";
}

/* --- small shared types ----------------------------------------------------- */

void brain_hints_release(struct brain_hints *h)
{
	for (size_t i = 0; i < h->n_bug_paths; i++)
		free(h->bug_paths[i]);
	for (size_t i = 0; i < h->n_exception_paths; i++)
		free(h->exception_paths[i]);
	free(h->bug_paths);
	free(h->exception_paths);
	memset(h, 0, sizeof(*h));
}

/* Deep copy of hints. */
void brain_hints_copy(struct brain_hints *dst, const struct brain_hints *src)
{
	memset(dst, 0, sizeof(*dst));
	if (src->n_bug_paths) {
		dst->bug_paths = xcalloc(src->n_bug_paths, sizeof(char *));
		for (size_t i = 0; i < src->n_bug_paths; i++)
			dst->bug_paths[i] = xstrdup(src->bug_paths[i]);
		dst->n_bug_paths = src->n_bug_paths;
	}
	if (src->n_exception_paths) {
		dst->exception_paths = xcalloc(src->n_exception_paths, sizeof(char *));
		for (size_t i = 0; i < src->n_exception_paths; i++)
			dst->exception_paths[i] = xstrdup(src->exception_paths[i]);
		dst->n_exception_paths = src->n_exception_paths;
	}
}

char *brain_hints_text(const struct brain_hints *h)
{
	struct strbuf sb = STRBUF_INIT;
	if (h->n_bug_paths) {
		(void)strbuf_adds(&sb, "Possible bug paths worth trying:\n");
		for (size_t i = 0; i < h->n_bug_paths; i++)
			(void)strbuf_addf(&sb, "- %s\n", h->bug_paths[i]);
	}
	if (h->n_exception_paths) {
		(void)strbuf_adds(&sb, "Exception paths (unusual operations seen; avoid repeating them):\n");
		for (size_t i = 0; i < h->n_exception_paths; i++)
			(void)strbuf_addf(&sb, "- %s\n", h->exception_paths[i]);
	}
	return strbuf_detach(&sb, NULL);
}

void step_note_release(struct step_note *n)
{
	free(n->functionality);
	free(n->functionality_description);
	free(n->page_description);
	memset(n, 0, sizeof(*n));
}

/* Deep copy of a note. */
void step_note_copy(struct step_note *dst, const struct step_note *src)
{
	*dst = *src;
	dst->functionality = xstrdup_or_null(src->functionality);
	dst->functionality_description = xstrdup_or_null(src->functionality_description);
	dst->page_description = xstrdup_or_null(src->page_description);
}

void detector_verdict_init(struct detector_verdict *v)
{
	memset(v, 0, sizeof(*v));
	bug_init(&v->report);
}

void detector_verdict_release(struct detector_verdict *v)
{
	bug_release(&v->report);
	for (size_t i = 0; i < v->n_more; i++)
		bug_release(&v->more[i]);
	free(v->more);
	free(v->functionality);
	free(v->expected_path);
	free(v->actual_path);
	brain_hints_release(&v->hints);
	detector_verdict_init(v);
}

const struct brain_widget *brain_screen_widget(const struct brain_screen *s, int number)
{
	if (number < 1 || (size_t)number > s->n_widgets)
		return NULL;
	if (s->widgets[number - 1].number == number)
		return &s->widgets[number - 1];
	for (size_t i = 0; i < s->n_widgets; i++)
		if (s->widgets[i].number == number)
			return &s->widgets[i];
	return NULL;
}

/* --- the environment -------------------------------------------------------- */


/* Never NULL: a run without a config (unit tests) reads the compiled-in defaults. */
const struct config *agent_env_config(const struct agent_env *env) { return config_or_builtin(env->cfg); }
const struct app_info *agent_env_app(const struct agent_env *env) { return env->app; }
const char *agent_env_package(const struct agent_env *env) { return env->app->package; }
struct history *agent_env_history(struct agent_env *env) { return env->hist; }
struct rundir *agent_env_rundir(struct agent_env *env) { return env->rd; }
struct bug_list *agent_env_bugs(struct agent_env *env) { return env->bugs; }
struct llm *agent_env_llm(struct agent_env *env) { return env->llm; }

static long long mono_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int agent_env_llm_call(struct agent_env *env, const struct llm_request *req, struct cJSON **answer)
{
	int err;
	if (atomic_fetch_add(&env->llm_inflight, 1) == 0)
		atomic_store(&env->llm_busy_since_ms, mono_ms());
	err = llm_call(env->llm, req, answer, NULL);
	atomic_fetch_sub(&env->llm_inflight, 1);
	return err;
}

double agent_env_llm_waiting_s(struct agent_env *env)
{
	if (atomic_load(&env->llm_inflight) <= 0)
		return 0;
	return (double)(mono_ms() - atomic_load(&env->llm_busy_since_ms)) / 1000.0;
}

unsigned long agent_env_seed(const struct agent_env *env) { return env->seed; }
int agent_env_step_budget(const struct agent_env *env) { return env->step_budget; }
int agent_env_steps_done(const struct agent_env *env) { return atomic_load(&env->steps_done); }
bool agent_env_stopping(const struct agent_env *env) { return atomic_load(&env->stop); }
void agent_env_request_stop(struct agent_env *env) { atomic_store(&env->stop, true); }
const char *agent_env_prompts_dir(const struct agent_env *env) { return env->prompts_dir; }
const struct blocklist *agent_env_blocklist(const struct agent_env *env) { return env->blocklist; }

struct device *agent_env_device_lock(struct agent_env *env)
{
	pthread_t self = pthread_self();
	if (!env->dev)
		return NULL;
	pthread_mutex_lock(&env->dev_mutex);
	if (env->dev_depth > 0 && pthread_equal(env->dev_owner, self)) {
		env->dev_depth++;
	} else {
		while (env->dev_depth > 0)
			pthread_cond_wait(&env->dev_cond, &env->dev_mutex);
		env->dev_owner = self;
		env->dev_depth = 1;
		atomic_fetch_add(&env->dev_epoch, 1);
	}
	pthread_mutex_unlock(&env->dev_mutex);
	return env->dev;
}

void agent_env_device_unlock(struct agent_env *env)
{
	if (!env->dev)
		return;
	pthread_mutex_lock(&env->dev_mutex);
	if (env->dev_depth > 0 && --env->dev_depth == 0)
		pthread_cond_broadcast(&env->dev_cond);
	pthread_mutex_unlock(&env->dev_mutex);
}

int agent_env_trace(struct agent_env *env, const char *type, cJSON *record)
{
	if (!record)
		record = cJSON_CreateObject();
	if (!cJSON_GetObjectItemCaseSensitive(record, "step"))
		cJSON_AddNumberToObject(record, "step", atomic_load(&env->steps_done));
	if (!strcmp(type, "intervention"))
		atomic_fetch_add(&env->interventions, 1);
	return rundir_trace(env->rd, type, record);
}

/* Trace a report that duplicates bug `id` (counted in its occurrences). */
static void trace_duplicate(struct agent_env *env, const struct bug *b, const char *id)
{
	cJSON *rec = cJSON_CreateObject();
	cJSON_AddStringToObject(rec, "duplicate_of", id ? id : "?");
	cJSON_AddStringToObject(rec, "title", b->title ? b->title : "");
	cJSON_AddStringToObject(rec, "found_by", b->found_by ? b->found_by : "unknown");
	if (b->functionality)
		cJSON_AddStringToObject(rec, "functionality", b->functionality);
	(void)agent_env_trace(env, "bug_duplicate", rec);
	log_debug("bug \"%s\" from %s: duplicate of %s", b->title ? b->title : "",
		  b->found_by ? b->found_by : "?", id ? id : "?");
}

void agent_env_bug_path(struct agent_env *env, struct bug *b, int last)
{
	for (int i = history_clean_start(env->hist, last); i <= last; i++) {
		struct history_step hs;

		history_step_init(&hs);
		if (history_get_step(env->hist, i, &hs) != TD_OK)
			continue;
		if (hs.action.type != ACTION_NONE)
			bug_add_step(b, i, &hs.action, hs.screenshot, hs.activity);
		for (size_t k = 0; k < hs.n_side_actions; k++)
			bug_add_side_step(b, i, &hs.side_actions[k], hs.side_actions_by[k]);
		history_step_release(&hs);
	}
}

bool agent_env_interrupted(const struct agent_env *env)
{
	return atomic_load(&env->interrupted);
}

unsigned long agent_env_bugs_judged(struct agent_env *env)
{
	return atomic_load(&env->judged_bugs);
}

struct screen_dup {
	const char *run_dir;
	const struct ui_align_params *align;
};

/* bug_list_count_duplicate_by's test for Detector bugs: category, functionality, the bug's screen. */
static bool same_detector_bug(const struct bug *listed, const struct bug *b, void *ctx)
{
	const struct screen_dup *sd = ctx;

	return bug_same_detector_screen(sd->run_dir, listed, b, sd->align);
}

/*
 * Whether Detector bug b repeats a listed one (same category and
 * functionality, shown on the same screen: the model titles one bug in
 * many words); counted there when so, its id in *id.
 */
static bool detector_duplicate(struct agent_env *env, const struct bug *b, char **id)
{
	struct ui_align_params ap;
	struct screen_dup sd = { .align = &ap };
	char *run_dir;
	bool dup;

	if (!b->found_by || !strncmp(b->found_by, "oracle:", 7) || !b->functionality ||
	    ui_align_params_from_config(&ap, agent_env_config(env)) != TD_OK)
		return false;
	run_dir = rundir_abs(env->rd, ".");
	sd.run_dir = run_dir;
	dup = bug_list_count_duplicate_by(env->bugs, b, same_detector_bug, &sd, id) == 1;
	free(run_dir);
	return dup;
}

int agent_env_report_bug(struct agent_env *env, const struct bug *b, char **id_out)
{
	struct bug copy;
	char *id = NULL;
	int added;

	if (id_out)
		*id_out = NULL;
	bug_copy(&copy, b);
	if (copy.step < 0)
		copy.step = atomic_load(&env->steps_done);
	/* A bug already reported is counted there, not replayed nor listed again. */
	if (bug_list_count_duplicate(env->bugs, &copy, &id) || detector_duplicate(env, &copy, &id)) {
		trace_duplicate(env, &copy, id);
		bug_release(&copy);
		if (id_out)
			*id_out = id;
		else
			free(id);
		return 0;
	}
	for (size_t i = 0; i < env->n_plugins; i++) {
		struct agent_plugin *p = env->plugins[i];
		int verdict;
		if (!p->confirm)
			continue;
		verdict = p->confirm(p, env, &copy);
		if (verdict == 0 || verdict == 1)
			atomic_fetch_add(&env->judged_bugs, 1);
		if (verdict == 1) {
			copy.confirmed = true;
		} else if (verdict == 0) {
			cJSON *rec = bug_to_json(&copy);
			cJSON_AddStringToObject(rec, "rejected_by", p->name);
			(void)agent_env_trace(env, "bug_rejected", rec);
			log_info("bug \"%s\" from %s rejected by %s", copy.title ? copy.title : "",
				 copy.found_by ? copy.found_by : "?", p->name);
			bug_release(&copy);
			return 0;
		}
	}
	added = bug_list_add(env->bugs, &copy, &id);
	if (added) {
		free(copy.id);
		copy.id = xstrdup(id);
		(void)agent_env_trace(env, "bug", bug_to_json(&copy));
		screen_writer_bug(env->screens);   /* save_screens "bugs": the last steps' screens */
		log_info("bug %s (%s, %s): %s", id, bug_category_name(copy.category),
			 copy.found_by ? copy.found_by : "?", copy.title ? copy.title : "");
	} else {
		trace_duplicate(env, &copy, id);
	}
	bug_release(&copy);
	if (id_out)
		*id_out = id;
	else
		free(id);
	return added;
}
