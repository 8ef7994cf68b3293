/*
 * run.c - the run controller: run_new/run_execute/run_free, the stop
 * reasons, stats and the status line; starts the Explorer (explorer.c) and the
 * Monitor and Detector (monitor.c) threads (seeds 001 §II).
 *
 * DESIGN
 * ------
 * Four threads share one bounded queue (core/queue.h); every message is
 * addressed to one agent id and carries a typed payload with its own free
 * function:
 *
 *   Explorer --MSG_STEP-------> Monitor --MSG_SEGMENT--> Detector
 *   Explorer <-MSG_CONTINUE/--- Monitor                  Detector
 *               MSG_PAUSE
 *   Explorer <-MSG_HINTS / MSG_DETECTED ---------------- Detector
 *
 * The Explorer owns the device for a step (capture, annotate, ask, verify,
 * perform, capture the result) and releases it before it waits for the
 * Monitor's answer, so that plugins on the Detector thread may drive the
 * device while it is paused. The controller (the thread calling
 * run_execute) only watches: status line, wall-clock budget, SIGINT.
 *
 * Shutdown order: the controller (or the Explorer itself, when the step
 * budget or the model is spent) sets `stop`; the Explorer finishes its step
 * and sends MSG_STOP to the Monitor; the Monitor classifies what is queued,
 * hands the open segment to the Detector and sends MSG_STOP on; the Detector
 * judges what is queued (skipped when interrupted) and exits. The controller
 * joins Explorer, Monitor, Detector in that order, closes the queue, runs
 * the plugins' on_finish, and writes bugs.json, summary.json, report.html.
 *
 * Lock order: env->dev_lock is never held while sending on the queue or
 * waiting for a message; the queue, history, bug list and trace locks are
 * leaves.
 */
#include "agents/run_internal.h"

#include <errno.h>
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
#include "agents/screen_writer.h"
#include "core/annotate.h"
#include "core/blocklist.h"
#include "core/config.h"
#include "core/image.h"
#include "core/llm.h"
#include "core/log.h"
#include "core/paths.h"
#include "core/queue.h"
#include "core/strbuf.h"
#include "core/ui.h"
#include "core/xalloc.h"
#include "device/app_info.h"
#include "device/app_target.h"

/* --- the run ------------------------------------------------------------------ */


struct agent_env *run_env(struct run *r)
{
	return &r->env;
}

void run_options_init(struct run_options *o)
{
	memset(o, 0, sizeof(*o));
	o->minutes = -1;
	o->seed = -1;
	o->status = -1;
}

/* Record why the run stops (first reason wins) and set the stop flag. */
void run_set_stop(struct run *r, const char *reason)
{
	pthread_mutex_lock(&r->reason_lock);
	if (!r->stop_reason)
		r->stop_reason = reason;
	pthread_mutex_unlock(&r->reason_lock);
	atomic_store(&r->env.stop, true);
}

/* An error ends the run: keep its code and message (the first wins) so the
 * controller reports this error, not its own thread's last message. */
void run_set_fatal(struct run *r, int err, const char *msg)
{
	if (err == TD_ERR_INTERRUPTED && atomic_load(&r->env.interrupted)) {
		/* A call cut short by the user's Ctrl-C: the stop, not a failure. */
		run_set_stop(r, "interrupted");
		return;
	}
	pthread_mutex_lock(&r->reason_lock);
	if (!atomic_load(&r->fatal)) {
		snprintf(r->fatal_msg, sizeof r->fatal_msg, "%s", msg ? msg : "");
		atomic_store(&r->fatal, err);
	}
	pthread_mutex_unlock(&r->reason_lock);
	run_set_stop(r, "error");
}

void run_request_stop(struct run *r)
{
	r->sig_stop = 1;
}

/* Send a message, waiting while the queue is full; false when closed. */
bool run_send_msg(struct run *r, int from, int to, int type, void *payload, void (*free_fn)(void *))
{
	struct message m = { .to = to, .from = from, .type = type, .payload = payload, .free_payload = free_fn };
	cJSON *rec = cJSON_CreateObject();
	int err;

	/* Traced before sending, so that the trace shows sends before their answers. */
	cJSON_AddStringToObject(rec, "from", agent_name(from));
	cJSON_AddStringToObject(rec, "to", agent_name(to));
	cJSON_AddStringToObject(rec, "msg", agent_msg_name(type));
	if ((type == MSG_PAUSE || type == MSG_DETECTED) && payload)
		cJSON_AddNumberToObject(rec, "pause_id", ((const struct agent_pause_msg *)payload)->id);
	(void)agent_env_trace(&r->env, "message", rec);
	err = queue_send(r->q, &m, QUEUE_FOREVER);
	if (err != TD_OK) {
		if (free_fn && payload)
			free_fn(payload);
		rec = cJSON_CreateObject();
		cJSON_AddStringToObject(rec, "msg", agent_msg_name(type));
		cJSON_AddStringToObject(rec, "error", td_strerror(err));
		(void)agent_env_trace(&r->env, "message_dropped", rec);
		return false;
	}
	if (type >= 0 && type <= MSG_STOP)
		atomic_fetch_add(&r->env.messages[type], 1);
	return true;
}

/* A MSG_PAUSE / MSG_DETECTED payload for pause id `id`. */
struct agent_pause_msg *run_pause_msg_new(int id)
{
	struct agent_pause_msg *pm = xcalloc(1, sizeof(*pm));
	pm->id = id;
	return pm;
}

void run_free_step_msg(void *p)
{
	struct agent_step_msg *m = p;
	step_note_release(&m->note);
	free(m);
}

void run_free_segment_msg(void *p)
{
	struct agent_segment_msg *m = p;
	history_segment_release(&m->seg);
	free(m);
}

void run_free_hints(void *p)
{
	brain_hints_release(p);
	free(p);
}

/* --- construction ----------------------------------------------------------- */

/* Pick the brain kind for `name` ("auto" -> llm or offline). */
static const struct brain_kind *choose_kind(const struct config *cfg, const char *name)
{
	if (!strcmp(name, "auto")) {
		if (llm_configured(cfg))
			return brain_kind_find("llm");
		return brain_kind_find("offline") ? brain_kind_find("offline") : brain_kind_find("llm");
	}
	return brain_kind_find(name);
}

int run_new(const struct config *cfg, const struct run_options *o, struct run **out)
{
	struct run *r = xcalloc(1, sizeof(*r));
	const char *brain = o->brain ? o->brain : config_string(cfg, "run.brain");
	const char *pdir = config_string(cfg, "agents.prompts_dir");
	int err;
	long long seed = o->seed >= 0 ? o->seed : config_int(cfg, "run.seed");
	size_t n_kinds;

	*out = NULL;
	r->cfg = cfg;
	r->env.cfg = cfg;
	pthread_mutex_init(&r->reason_lock, NULL);
	pthread_mutex_init(&r->env.dev_mutex, NULL);
	pthread_mutex_init(&r->env.shared_mutex, NULL);
	pthread_cond_init(&r->env.dev_cond, NULL);
	r->env.seed = (unsigned long)seed;
	r->env.step_budget = o->steps > 0 ? o->steps : (int)config_int(cfg, "run.steps");
	r->junit_path = o->junit_path ? xstrdup(o->junit_path) : NULL;
	r->minutes = o->minutes >= 0 ? o->minutes : config_double(cfg, "run.minutes");
	r->status_mode = o->status;
	r->merged = config_bool(cfg, "agents.merged_request");
	r->pause = config_bool(cfg, "agents.pause_explorer_while_detecting");
	r->send_images = config_bool(cfg, "agents.send_images");
	r->max_retries = (int)config_int(cfg, "agents.max_retries");
	r->min_segment_steps = (int)config_int(cfg, "agents.detector_min_steps");
	r->env.prompts_dir = pdir ? xstrdup(pdir) : trident_data_path("prompts");
	r->env.hist = history_new();
	r->env.blocklist = blocklist_new();
	{
		const cJSON *it, *list = config_node(cfg, "run.block");
		int i = 0;
		cJSON_ArrayForEach(it, list) {
			char where[32];
			snprintf(where, sizeof(where), "run.block[%d]", i++);
			err = blocklist_add(r->env.blocklist, cJSON_GetStringValue(it), where);
			if (err != TD_OK)
				goto fail;
		}
	}
	err = annotate_opts_from_config(cfg, &r->ann_opts);
	if (err != TD_OK)
		annotate_opts_default(&r->ann_opts);
	if (annotate_image_opts_from_config(cfg, &r->img_opts) != TD_OK)
		annotate_image_opts_default(&r->img_opts);

	if (!brain)
		brain = "auto";
	/* Tests that bring all three brains need no kind. */
	if (!(o->explorer_brain && o->monitor_brain && o->detector_brain))
		r->kind = choose_kind(cfg, brain);
	if (!r->kind && !o->explorer_brain) {
		const struct brain_kind *const *k = brain_kinds(&n_kinds);
		struct strbuf sb = STRBUF_INIT;
		for (size_t i = 0; i < n_kinds; i++)
			(void)strbuf_addf(&sb, "%s%s", i ? ", " : "", k[i]->name);
		err = td_error(TD_ERR_CONFIG, "unknown brain \"%s\" (compiled in: auto, %s)", brain, sb.buf);
		strbuf_release(&sb);
		goto fail;
	}
	r->brain_name = xstrdup(r->kind ? r->kind->name : o->explorer_brain->name);
	if (!o->out_dir) {
		err = td_error(TD_ERR_INVALID, "no run directory (--out DIR)");
		goto fail;
	}
	err = rundir_open(o->out_dir, &r->env.rd);
	if (err != TD_OK)
		goto fail;
	{
		enum save_screens save;
		err = screen_writer_mode(config_string(cfg, "run.save_screens"), &save);
		if (err != TD_OK)
			goto fail;
		r->env.screens = screen_writer_new(r->env.rd, save);
	}
	{
		char *bugs = rundir_abs(r->env.rd, "bugs.json");
		char *logp = rundir_abs(r->env.rd, "run.log");
		r->env.bugs = bug_list_new(bugs);
		int lerr = log_open(logp);

		if (lerr != TD_OK)
			log_warn("%s", td_errmsg(lerr));
		free(bugs);
		free(logp);
	}
	if (o->device_spec) {
		err = device_open(o->device_spec, cfg, &r->env.dev);
		if (err != TD_OK)
			goto fail;
		err = device_lock_run(r->env.dev);
		if (err != TD_OK)
			goto fail;
		struct app_target_options t = { o->package, o->apk, o->grant_permissions, NULL };
		err = app_target_resolve(r->env.dev, &t, &r->env.app);
		if (err != TD_OK)
			goto fail;
	} else {
		r->env.app = xcalloc(1, sizeof(*r->env.app));
		r->env.app->package = xstrdup("");
		r->env.app->label = xstrdup("");
	}
	if (r->kind && r->kind->needs_llm) {
		if (!llm_configured(cfg)) {
			err = td_error(TD_ERR_CONFIG, "--brain %s needs a model: set OPENAI_API_KEY or "
					"ANTHROPIC_API_KEY (or llm.base_url for a local server), or use --brain offline",
					r->kind->name);
			goto fail;
		}
		err = llm_new(&r->env.llm, cfg);
		if (err != TD_OK)
			goto fail;
		if (config_bool(cfg, "agents.record_llm") &&
		    (err = llm_set_run_dir(r->env.llm, rundir_path(r->env.rd))) != TD_OK)
			log_warn("cannot record model calls: %s", td_errmsg(err));
	}
	r->explorer = o->explorer_brain;
	r->monitor = o->monitor_brain;
	r->detector = o->detector_brain;
	if (!r->explorer && r->kind) {
		if (!r->kind->new_explorer) {
			err = td_error(TD_ERR_CONFIG, "brain %s has no explorer", r->kind->name);
			goto fail;
		}
		err = r->kind->new_explorer(&r->env, &r->explorer);
		if (err != TD_OK)
			goto fail;
	}
	if (!r->monitor) {
		if (r->kind && r->kind->new_monitor)
			err = r->kind->new_monitor(&r->env, &r->monitor);
		else
			err = brain_activity_monitor_new(&r->env, &r->monitor);
		if (err != TD_OK)
			goto fail;
	}
	if (!r->detector && r->kind && r->kind->new_detector) {
		err = r->kind->new_detector(&r->env, &r->detector);
		if (err != TD_OK)
			goto fail;
	}
	if (!o->no_plugins) {
		const struct plugin_kind *const *pk = plugin_kinds(&n_kinds);
		for (size_t i = 0; i < n_kinds; i++) {
			struct agent_plugin *p = NULL;
			err = pk[i]->new_plugin(&r->env, &p);
			if (err != TD_OK)
				goto fail;
			if (!p)
				continue;
			r->env.plugins = xrealloc(r->env.plugins, (r->env.n_plugins + 1) * sizeof(p));
			r->env.plugins[r->env.n_plugins++] = p;
		}
	}
	r->q = queue_new((size_t)config_int(cfg, "agents.queue_capacity"));
	*out = r;
	return TD_OK;
fail:
	{
		/* Keep the message: run_free may log. */
		char *msg = xstrdup(td_errmsg(err));
		if (!r->explorer && o->explorer_brain)
			r->explorer = o->explorer_brain;
		if (!r->monitor && o->monitor_brain)
			r->monitor = o->monitor_brain;
		if (!r->detector && o->detector_brain)
			r->detector = o->detector_brain;
		run_free(r);
		err = td_error(err, "%s", msg);
		free(msg);
	}
	return err;
}

bool run_abandoned(const struct run *r)
{
	return r && r->abandoned;
}

int run_uninstall_app(struct run *r)
{
	struct device *dev;
	int err;

	if (!r || r->abandoned || !r->env.dev || !r->env.app || !r->env.app->package[0])
		return td_error(TD_ERR_INVALID, "no app to uninstall");
	dev = agent_env_device_lock(&r->env);
	err = device_uninstall(dev, r->env.app->package);
	agent_env_device_unlock(&r->env);
	if (err != TD_OK)
		return td_error(err, "cannot uninstall %s from %s: %s", r->env.app->package, device_serial(dev),
				td_errmsg(err));
	log_info("uninstalled %s from %s", r->env.app->package, device_serial(dev));
	return TD_OK;
}

void run_free(struct run *r)
{
	if (!r)
		return;
	/* Threads still use it; the process is about to exit. */
	if (r->abandoned)
		return;
	if (r->explorer && r->explorer->free)
		r->explorer->free(r->explorer);
	if (r->monitor && r->monitor->free)
		r->monitor->free(r->monitor);
	if (r->detector && r->detector->free)
		r->detector->free(r->detector);
	for (size_t i = 0; i < r->env.n_plugins; i++)
		if (r->env.plugins[i]->free)
			r->env.plugins[i]->free(r->env.plugins[i]);
	free(r->env.plugins);
	if (r->q)
		queue_free(r->q);
	llm_free(r->env.llm);
	if (r->env.dev)
		device_close(r->env.dev);
	if (r->env.app)
		app_info_free(r->env.app);
	bug_list_free(r->env.bugs);
	history_free(r->env.hist);
	screen_writer_free(r->env.screens);
	if (r->env.rd) {
		log_close();
		rundir_close(r->env.rd);
	}
	free(r->env.prompts_dir);
	blocklist_free(r->env.blocklist);
	free(r->brain_name);
	free(r->junit_path);
	pthread_mutex_destroy(&r->reason_lock);
	pthread_mutex_destroy(&r->env.dev_mutex);
	pthread_mutex_destroy(&r->env.shared_mutex);
	pthread_cond_destroy(&r->env.dev_cond);
	free(r);
}

/* --- running ---------------------------------------------------------------- */

void run_stats_activities(const struct run_stats *st, char *buf, size_t size)
{
	if (st->activities_total > 0)
		snprintf(buf, size, "%d/%d", st->activities, st->activities_total);
	else
		snprintf(buf, size, "%d/? (unknown)", st->activities);
}

void run_get_stats(struct run *r, struct run_stats *out)
{
	struct llm_usage u;
	memset(out, 0, sizeof(*out));
	out->steps = atomic_load(&r->env.steps_done);
	out->screens = history_n_screens(r->env.hist);
	out->activities = 0;
	for (size_t i = 0; i < r->env.app->n_activities; i++) {
		const char *name = r->env.app->activities[i].name;
		if (report_activity_seen(r->env.hist, r->env.app, name))
			out->activities++;
	}
	if (!r->env.app->n_activities)
		out->activities = history_n_activities(r->env.hist);
	out->activities_total = (int)r->env.app->n_activities;
	out->functionalities = history_n_functionalities(r->env.hist);
	out->bugs = (int)bug_list_count(r->env.bugs);
	out->segments_judged = atomic_load(&r->env.segments_judged);
	out->segments_skipped = atomic_load(&r->env.segments_skipped);
	out->retries = atomic_load(&r->env.retries);
	out->fallbacks = atomic_load(&r->env.fallbacks);
	out->interventions = atomic_load(&r->env.interventions);
	for (int i = 0; i <= MSG_STOP; i++)
		out->messages[i] = atomic_load(&r->env.messages[i]);
	run_usage_total(r, &u);
	out->tokens = u.prompt_tokens + u.completion_tokens;
	out->cost_usd = u.cost_usd;
	out->wall_s = r->wall_s;
	pthread_mutex_lock(&r->reason_lock);
	out->stop_reason = r->stop_reason ? r->stop_reason : "steps";
	pthread_mutex_unlock(&r->reason_lock);
	/* The threads stop with "error" on a failed device call; say why. */
	if (!strcmp(out->stop_reason, "error") && device_lost(r->env.dev))
		out->stop_reason = "device";
	out->llm_waiting_s = agent_env_llm_waiting_s(&r->env);
	out->reports_written = r->reports_written;
}

/* Seconds on the monotonic clock. */
static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Print the status line (terminal) or a periodic line. */
static void show_status(struct run *r, double elapsed, bool tty, bool final)
{
	struct run_stats st;
	char budget[64], wait[96] = "";
	run_get_stats(r, &st);
	if (r->minutes > 0)
		snprintf(budget, sizeof(budget), "%.0fs/%.0fs", elapsed, r->minutes * 60);
	else
		snprintf(budget, sizeof(budget), "%.0fs", elapsed);
	char acts[32];
	run_stats_activities(&st, acts, sizeof acts);
	/* What the run waits for, once the wait is long enough to puzzle a user. */
	if (!final && st.llm_waiting_s >= 2)
		snprintf(wait, sizeof(wait), "%swaiting for the model: %.0f s", tty ? "  " : ", ",
			 st.llm_waiting_s);
	if (!final && atomic_load(&r->env.stop) && atomic_load(&r->env.interrupted))
		snprintf(wait + strlen(wait), sizeof(wait) - strlen(wait), "%sstopping", tty ? "  " : ", ");
	if (tty)
		fprintf(stderr, "\r\033[Kstep %d/%d  screens %d  activities %s  functionalities %d  "
			"bugs %d  tokens %ld  $%.4f  %s%s%s", st.steps, r->env.step_budget, st.screens,
			acts, st.functionalities, st.bugs, st.tokens, st.cost_usd, budget, wait, final ? "\n" : "");
	else
		fprintf(stderr, "status: step %d/%d, screens %d, activities %s, functionalities %d, "
			"bugs %d, tokens %ld, cost $%.4f, elapsed %s%s\n", st.steps, r->env.step_budget,
			st.screens, acts, st.functionalities, st.bugs, st.tokens, st.cost_usd, budget, wait);
	fflush(stderr);
}

/* Whether a write into the run directory failed; logs it once. */
static bool run_write_failed(struct run *r)
{
	char *what = NULL;
	int e = rundir_write_error(r->env.rd, &what);
	if (!e && bug_list_write_failed(r->env.bugs)) {
		e = ENOSPC; /* the errno is in the log line of bug_list_add */
		what = rundir_abs(r->env.rd, "bugs.json");
	}
	if (e)
		log_error("cannot write %s: %s; stopping the run (what is on disk stays valid)",
			  what ? what : rundir_path(r->env.rd), strerror(e));
	free(what);
	return e != 0;
}

/* The launcher activity as an am start -n component ("pkg/.Main"), or NULL. Caller frees. */
static char *run_launcher_component(const struct app_info *info)
{
	if (!info || !info->package || !*info->package)
		return NULL;
	if (info->launcher_activity && *info->launcher_activity)
		return xasprintf("%s/%s", info->package, info->launcher_activity);
	for (size_t i = 0; i < info->n_activities; i++)
		if (info->activities[i].launcher)
			return xasprintf("%s/%s", info->package, info->activities[i].name);
	return NULL;
}

/* Thread bodies wrapped to count the agents that returned (the controller
 * polls that instead of blocking in pthread_join, so it can give up). */
static void *agent_thread(void *(*body)(void *), struct run *r)
{
	void *ret = body(r);
	atomic_fetch_add(&r->threads_done, 1);
	return ret;
}
static void *explorer_thread(void *arg) { return agent_thread(explorer_main, arg); }
static void *monitor_thread(void *arg) { return agent_thread(monitor_main, arg); }
static void *detector_thread(void *arg) { return agent_thread(detector_main, arg); }

int run_execute(struct run *r)
{
	pthread_t th[3];
	void *(*mains[3])(void *) = { explorer_thread, monitor_thread, detector_thread };
	double start = now_s(), last_status = 0;
	bool tty = isatty(STDERR_FILENO);
	bool show = r->status_mode > 0 || (r->status_mode < 0 && log_get_level() < LOG_SILENT);
	double interval = (double)config_int(r->cfg, "agents.status_interval_s");
	int started = 0, err = TD_OK;
	double interrupted_at = 0;
	bool abandon = false;
	cJSON *rec;

	rec = cJSON_CreateObject();
	cJSON_AddStringToObject(rec, "brain", r->brain_name);
	cJSON_AddStringToObject(rec, "package", r->env.app->package);
	if (r->env.dev)
		cJSON_AddStringToObject(rec, "device", device_serial(r->env.dev));
	cJSON_AddNumberToObject(rec, "step_budget", r->env.step_budget);
	cJSON_AddNumberToObject(rec, "minutes", r->minutes);
	cJSON_AddBoolToObject(rec, "merged_request", r->merged);
	cJSON_AddBoolToObject(rec, "pause_explorer", r->pause);
	cJSON_AddNumberToObject(rec, "seed", (double)r->env.seed);
	cJSON_AddStringToObject(rec, "trident_version", TRIDENT_VERSION);
	{
		char date[32];
		time_t now = time(NULL);
		struct tm tm;
		gmtime_r(&now, &tm);
		strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%SZ", &tm);
		cJSON_AddStringToObject(rec, "date", date);
	}
	if (r->env.app->label && r->env.app->label[0])
		cJSON_AddStringToObject(rec, "app_label", r->env.app->label);
	if (r->env.app->version && r->env.app->version[0])
		cJSON_AddStringToObject(rec, "app_version", r->env.app->version);
	{
		/* The launcher component: bugs.json's adb commands start the app by it. */
		char *launcher = run_launcher_component(r->env.app);

		if (launcher)
			cJSON_AddStringToObject(rec, "launcher", launcher);
		bug_list_set_app(r->env.bugs, r->env.app->package, launcher);
		free(launcher);
	}
	{
		/* The manifest's activities: `trident report` rebuilds coverage from them. */
		cJSON *acts = cJSON_AddArrayToObject(rec, "activities");
		for (size_t i = 0; i < r->env.app->n_activities; i++)
			cJSON_AddItemToArray(acts, cJSON_CreateString(r->env.app->activities[i].name));
	}
	if (blocklist_count(r->env.blocklist)) {
		/* What the run never acted on: --resume takes the same list. */
		cJSON *bl = cJSON_AddArrayToObject(rec, "block");
		for (size_t i = 0; i < blocklist_count(r->env.blocklist); i++)
			cJSON_AddItemToArray(bl, cJSON_CreateString(blocklist_pattern(r->env.blocklist, i)));
	}
	cJSON_AddNumberToObject(rec, "step", 0);
	(void)agent_env_trace(&r->env, "run_start", rec);
	log_info("exploring %s with the %s brain, %d steps%s", r->env.app->package, r->brain_name,
		 r->env.step_budget, r->minutes > 0 ? " (time-limited)" : "");

	if (r->env.dev && r->env.app->package[0]) {
		int derr = device_disable_animations(r->env.dev);

		if (derr != TD_OK)
			log_debug("cannot turn animations off: %s", td_errmsg(derr));
		derr = device_force_stop(r->env.dev, r->env.app->package);
		if (derr == TD_OK)
			derr = device_launch(r->env.dev, r->env.app->package);
		if (derr != TD_OK)
			log_warn("cannot launch %s: %s", r->env.app->package, td_errmsg(derr));
	}
	if (!r->env.dev) {
		err = td_error(TD_ERR_INVALID, "the run has no device");
		goto report;
	}
	if (r->minutes > 0)
		r->deadline_ms = r->minutes * 60000.0;
	for (int i = 0; i < 3; i++) {
		if (pthread_create(&th[i], NULL, mains[i], r) != 0) {
			err = td_error(TD_ERR_NOMEM, "cannot start the %s thread", agent_name(i + 1));
			run_set_stop(r, "error");
			break;
		}
		started++;
	}
	if (started < 3 && started > 0) {
		/* The Explorer never sends MSG_STOP if it did not start; close instead. */
		queue_close(r->q);
	}
	while (started == 3 && atomic_load(&r->threads_done) < 3) {
		double t = now_s() - start;
		if (r->sig_stop && !interrupted_at) {
			/* Even when another reason already stops the run: the user
			 * wants out, so cancel the model calls and start the clock. */
			atomic_store(&r->env.interrupted, true);
			run_set_stop(r, "interrupted");
			if (r->env.llm)
				llm_cancel(r->env.llm);
			/* A device call that hangs (a stalled adb server or device)
			 * would hold the agents past the grace time. */
			device_cancel(r->env.dev);
			interrupted_at = t > 0 ? t : 1e-9;
			log_info("interrupted: finishing the current step (Ctrl-C again to quit at once)");
		}
		if (interrupted_at && t - interrupted_at >= RUN_STOP_GRACE_S) {
			/* A device or server call that ignores the stop: write what
			 * the run has and leave the threads behind (run_abandoned). */
			log_warn("the agents did not stop within %d s; writing the reports without them",
				 RUN_STOP_GRACE_S);
			abandon = true;
			break;
		}
		if (r->deadline_ms > 0 && t * 1000.0 >= r->deadline_ms)
			run_set_stop(r, "time");
		if (!atomic_load(&r->fatal) && run_write_failed(r)) {
			/* Disk full or I/O error: every further step would be lost. */
			run_set_stop(r, "write");
			run_set_fatal(r, TD_ERR_IO, "cannot write the run's files (disk full or I/O error); "
				      "what was recorded before is kept");
		}
		if (show && (tty ? t - last_status >= 0.5 : t - last_status >= interval)) {
			show_status(r, t, tty, false);
			last_status = t;
		}
		usleep(50000);
	}
	for (int i = 0; i < started && !abandon; i++) {
		pthread_join(th[i], NULL);
		if (r->sig_stop) {
			atomic_store(&r->env.interrupted, true);
			if (r->env.llm)
				llm_cancel(r->env.llm);
			device_cancel(r->env.dev);
		}
	}
	if (abandon) {
		r->abandoned = true;
		err = TD_ERR_INTERRUPTED;
	} else {
		queue_close(r->q);
		if (atomic_load(&r->fatal)) {
			pthread_mutex_lock(&r->reason_lock);
			err = r->fatal_msg[0] ? td_error(atomic_load(&r->fatal), "%s", r->fatal_msg)
					      : atomic_load(&r->fatal);
			pthread_mutex_unlock(&r->reason_lock);
		}
	}
report:
	/* The step screens still queued go to disk before the reports read them. */
	if (!r->abandoned)
		screen_writer_close(r->env.screens);
	r->wall_s = now_s() - start;
	for (size_t i = 0; i < r->env.n_plugins && !r->abandoned; i++)
		if (r->env.plugins[i]->on_finish)
			r->env.plugins[i]->on_finish(r->env.plugins[i], &r->env);
	if (show)
		show_status(r, r->wall_s, tty, true);
	{
		struct run_stats st;
		int werr;
		run_get_stats(r, &st);
		rec = cJSON_CreateObject();
		cJSON_AddStringToObject(rec, "reason", st.stop_reason);
		cJSON_AddNumberToObject(rec, "steps", st.steps);
		cJSON_AddNumberToObject(rec, "bugs", st.bugs);
		/* Counters the trace has no other record of (`trident report` sums them). */
		cJSON_AddNumberToObject(rec, "tokens", (double)st.tokens);
		cJSON_AddNumberToObject(rec, "cost_usd", st.cost_usd);
		cJSON_AddNumberToObject(rec, "wall_s", st.wall_s);
		cJSON_AddNumberToObject(rec, "segments_judged", st.segments_judged);
		cJSON_AddNumberToObject(rec, "segments_skipped", st.segments_skipped);
		cJSON_AddNumberToObject(rec, "alignment_retries", st.retries);
		cJSON_AddNumberToObject(rec, "fallbacks", st.fallbacks);
		cJSON_AddNumberToObject(rec, "interventions", st.interventions);
		{
			cJSON *msgs = cJSON_AddObjectToObject(rec, "messages");
			for (int i = MSG_STEP; i <= MSG_STOP; i++)
				cJSON_AddNumberToObject(msgs, agent_msg_name(i), (double)st.messages[i]);
		}
		(void)agent_env_trace(&r->env, "run_end", rec);
		int berr = bug_list_write(r->env.bugs);

		if (berr != TD_OK)
			log_error("%s", td_errmsg(berr));
		werr = report_write_all(&r->env, &st, r->brain_name, r->junit_path);
		r->reports_written = werr == TD_OK;
		if (werr != TD_OK) {
			log_error("cannot write the reports: %s", td_errmsg(werr));
			if (err == TD_OK)
				err = werr;
		}
	}
	return err;
}
