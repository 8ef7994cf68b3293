/*
 * agents.c - the run controller and the Explorer, Monitor and Detector
 * threads (seeds 001 §II; the DESIGN block is in docs/agents.md).
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
#include "agents/agents.h"

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

/* --- registry ------------------------------------------------------------- */

#define DECLARE_BRAIN(n) extern const struct brain_kind brain_kind_##n;
#define LIST_BRAIN(n) &brain_kind_##n,
#define DECLARE_PLUGIN(n) extern const struct plugin_kind plugin_kind_##n;
#define LIST_PLUGIN(n) &plugin_kind_##n,
BRAIN_KINDS(DECLARE_BRAIN)
PLUGIN_KINDS(DECLARE_PLUGIN)

static const struct brain_kind *const all_brains[] = { BRAIN_KINDS(LIST_BRAIN) NULL };
static const struct plugin_kind *const all_plugins[] = { PLUGIN_KINDS(LIST_PLUGIN) NULL };

const struct brain_kind *const *brain_kinds(size_t *n)
{
	*n = sizeof(all_brains) / sizeof(all_brains[0]) - 1;
	return all_brains;
}

const struct plugin_kind *const *plugin_kinds(size_t *n)
{
	*n = sizeof(all_plugins) / sizeof(all_plugins[0]) - 1;
	return all_plugins;
}

const struct brain_kind *brain_kind_find(const char *name)
{
	for (size_t i = 0; all_brains[i]; i++)
		if (name && !strcmp(all_brains[i]->name, name))
			return all_brains[i];
	return NULL;
}

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
static void hints_copy(struct brain_hints *dst, const struct brain_hints *src)
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
static void note_copy(struct step_note *dst, const struct step_note *src)
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

struct agent_env {
	const struct config *cfg;
	struct app_info *app;
	struct history *hist;
	struct rundir *rd;
	struct bug_list *bugs;
	struct llm *llm;
	struct device *dev;
	char *prompts_dir;
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
	/* plugins */
	struct agent_plugin **plugins;
	size_t n_plugins;
	/* counters */
	atomic_long messages[MSG_STOP + 1];
	atomic_int segments_judged, segments_skipped, retries, fallbacks, interventions;
};

const struct config *agent_env_config(const struct agent_env *env) { return env->cfg; }
const struct app_info *agent_env_app(const struct agent_env *env) { return env->app; }
const char *agent_env_package(const struct agent_env *env) { return env->app->package; }
struct history *agent_env_history(struct agent_env *env) { return env->hist; }
struct rundir *agent_env_rundir(struct agent_env *env) { return env->rd; }
struct bug_list *agent_env_bugs(struct agent_env *env) { return env->bugs; }
struct llm *agent_env_llm(struct agent_env *env) { return env->llm; }
unsigned long agent_env_seed(const struct agent_env *env) { return env->seed; }
int agent_env_step_budget(const struct agent_env *env) { return env->step_budget; }
int agent_env_steps_done(const struct agent_env *env) { return atomic_load(&env->steps_done); }
bool agent_env_stopping(const struct agent_env *env) { return atomic_load(&env->stop); }
const char *agent_env_prompts_dir(const struct agent_env *env) { return env->prompts_dir; }

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
	if (bug_list_count_duplicate(env->bugs, &copy, &id)) {
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

/* --- the run ------------------------------------------------------------------ */

struct run {
	const struct config *cfg;
	struct agent_env env;
	struct msg_queue *q;
	struct explorer_brain *explorer;
	struct monitor_brain *monitor;
	struct detector_brain *detector;
	const struct brain_kind *kind;
	char *brain_name;
	double deadline_ms;      /* 0: none */
	double minutes;
	int status_mode;
	atomic_int explorer_done;
	atomic_int fatal;        /* an error ended the run */
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
};

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
static void set_stop(struct run *r, const char *reason)
{
	pthread_mutex_lock(&r->reason_lock);
	if (!r->stop_reason)
		r->stop_reason = reason;
	pthread_mutex_unlock(&r->reason_lock);
	atomic_store(&r->env.stop, true);
}

void run_request_stop(struct run *r)
{
	r->sig_stop = 1;
}

/* Send a message, waiting while the queue is full; false when closed. */
static bool send_msg(struct run *r, int from, int to, int type, void *payload, void (*free_fn)(void *))
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
static struct agent_pause_msg *pause_msg_new(int id)
{
	struct agent_pause_msg *pm = xcalloc(1, sizeof(*pm));
	pm->id = id;
	return pm;
}

static void free_step_msg(void *p)
{
	struct agent_step_msg *m = p;
	step_note_release(&m->note);
	free(m);
}

static void free_segment_msg(void *p)
{
	struct agent_segment_msg *m = p;
	history_segment_release(&m->seg);
	free(m);
}

static void free_hints(void *p)
{
	brain_hints_release(p);
	free(p);
}

/* --- the Explorer ------------------------------------------------------------ */

/* One captured, annotated screen and the files written for it. */
struct screen {
	struct capture cap;
	struct ui_tree *tree;
	struct annotation *ann;
	struct brain_widget *widgets;
	struct strbuf widget_list, legend;
	unsigned char *annotated_png;
	size_t annotated_len;
	char *png_rel, *xml_rel, *ann_rel;
	struct brain_screen view;
	bool valid;
};

static void screen_release(struct screen *s)
{
	if (!s->valid)
		return;
	annotation_free(s->ann);
	ui_tree_free(s->tree);
	capture_release(&s->cap);
	free(s->widgets);
	strbuf_release(&s->widget_list);
	strbuf_release(&s->legend);
	free(s->annotated_png);
	free(s->png_rel);
	free(s->xml_rel);
	free(s->ann_rel);
	memset(s, 0, sizeof(*s));
}

/* Draw the annotation on a downscaled copy of the screenshot and encode it. */
static void annotate_image(struct run *r, struct screen *s)
{
	struct image *shot = NULL, *small = NULL;
	int w, h, err;
	long max_long = config_int(r->cfg, "agents.image_max_long");
	long max_short = config_int(r->cfg, "agents.image_max_short");

	/* Only a model looks at the picture: other brains need its size alone. */
	bool draw = !r->kind || r->kind->needs_llm || config_bool(r->cfg, "annotate.offline_images");
	int sw, sh;
	if (!draw && image_probe_size(s->cap.png, s->cap.png_len, &sw, &sh) == TD_OK) {
		image_fit_size(sw, sh, (int)max_long, (int)max_short, &w, &h);
		if (annotation_build(s->tree, sw, sh, w, h, &r->ann_opts, &s->ann) == TD_OK)
			return;
		s->ann = NULL;
	}
	err = image_decode(s->cap.png, s->cap.png_len, "screenshot", &shot);
	if (err == TD_OK) {
		image_fit_size(shot->width, shot->height, (int)max_long, (int)max_short, &w, &h);
		small = image_downscale(shot, w, h);
		/* Half the model size is enough for a strip cell (docs/performance.md). */
		if (small)
			history_put_frame(r->env.hist, s->view.step, image_downscale(small, (w + 1) / 2, (h + 1) / 2),
					  shot->width, shot->height);
	}
	if (!small) {
		w = s->tree->screen.x2 > 0 ? s->tree->screen.x2 : 1080;
		h = s->tree->screen.y2 > 0 ? s->tree->screen.y2 : 1920;
		image_fit_size(w, h, (int)max_long, (int)max_short, &w, &h);
	}
	err = annotation_build(s->tree, shot ? shot->width : 0, shot ? shot->height : 0,
			       small ? small->width : w, small ? small->height : h, &r->ann_opts, &s->ann);
	if (err != TD_OK) {
		log_warn("step %d: cannot annotate: %s", s->view.step, td_errmsg(err));
		s->ann = NULL;
		/* Rotated XML vs screenshot: number without an image. */
		if (annotation_build(s->tree, 0, 0, w, h, &r->ann_opts, &s->ann) != TD_OK)
			s->ann = NULL;
	} else if (small && annotation_draw(s->ann, small) == TD_OK &&
		   annotate_encode_png(small, &r->img_opts, &s->annotated_png, &s->annotated_len) == TD_OK) {
		s->ann_rel = rundir_step_rel(s->view.step, ".annotated.png");
		if (rundir_write(r->env.rd, s->ann_rel, s->annotated_png, s->annotated_len) != TD_OK)
			log_warn("%s", td_errmsg(TD_ERR_IO));
	}
	image_free(shot);
	image_free(small);
}

/* Capture the screen for step `step`: files, tree, signatures, annotation. */
static int capture_screen(struct run *r, struct device *dev, int step, struct screen *s)
{
	int err;
	memset(s, 0, sizeof(*s));
	strbuf_init(&s->widget_list, 0);
	strbuf_init(&s->legend, 0);
	err = device_capture(dev, &s->cap);
	if (err != TD_OK)
		return err;
	s->valid = true;
	s->view.step = step;
	err = ui_parse(s->cap.xml, s->cap.xml_len, "device dump", &s->tree);
	if (err != TD_OK) {
		screen_release(s);
		return err;
	}
	s->png_rel = rundir_step_rel(step, ".png");
	s->xml_rel = rundir_step_rel(step, ".xml");
	if (rundir_write(r->env.rd, s->png_rel, s->cap.png, s->cap.png_len) != TD_OK ||
	    rundir_write(r->env.rd, s->xml_rel, s->cap.xml, s->cap.xml_len) != TD_OK)
		log_warn("step %d: %s", step, td_errmsg(TD_ERR_IO));
	annotate_image(r, s);
	if (s->ann) {
		s->widgets = xcalloc(s->ann->n ? s->ann->n : 1, sizeof(*s->widgets));
		for (size_t i = 0; i < s->ann->n; i++) {
			s->widgets[i].number = s->ann->w[i].number;
			s->widgets[i].w = s->ann->w[i].widget;
			s->widgets[i].actions = s->ann->w[i].actions;
		}
		if (annotation_widget_list(s->ann, &s->widget_list) != TD_OK ||
		    annotation_legend(s->ann, &s->legend) != TD_OK)
			log_warn("step %d: widget list too long", step);
	}
	s->view.cap = &s->cap;
	s->view.tree = s->tree;
	s->view.activity = s->cap.activity ? s->cap.activity : "";
	s->view.sig_structural = ui_sig_structural(s->tree, s->view.activity);
	s->view.sig_abstract = ui_sig_abstract(s->tree, s->view.activity);
	s->view.sig_text = ui_sig_text(s->tree, s->view.activity);
	s->view.widgets = s->widgets;
	s->view.n_widgets = s->ann ? s->ann->n : 0;
	s->view.widget_list = s->widget_list.buf;
	s->view.legend = s->legend.buf;
	s->view.annotated_png = s->annotated_png;
	s->view.annotated_png_len = s->annotated_len;
	s->view.in_app = s->cap.package && r->env.app->package &&
			 !strcmp(s->cap.package, r->env.app->package);
	return TD_OK;
}

/* Lower-case, space-trimmed comparison helper: does `named` fit `label`? */
static bool text_matches(const char *named, const char *label)
{
	char a[256], b[256];
	size_t na = 0, nb = 0;
	for (const char *p = named; *p && na + 1 < sizeof(a); p++)
		if (*p != '"' && *p != '\'' && *p != ' ')
			a[na++] = (char)(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p);
	for (const char *p = label; *p && nb + 1 < sizeof(b); p++)
		if (*p != '"' && *p != '\'' && *p != ' ')
			b[nb++] = (char)(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p);
	a[na] = b[nb] = '\0';
	if (!na || !nb)
		return true;
	return strstr(a, b) || strstr(b, a);
}

/* text_matches() against a label that must not be empty. */
static bool label_matches(const char *named, const char *label)
{
	return label[0] && text_matches(named, label);
}

/* Whether `named` fits the widget's label or the text of one of its descendants. */
static bool widget_named(const struct ui_widget *w, const char *named, int depth)
{
	if (label_matches(named, w->text) || label_matches(named, w->content_desc) ||
	    label_matches(named, w->hint) || label_matches(named, ui_widget_label(w)))
		return true;
	for (size_t i = 0; depth < 8 && i < w->n_children; i++)
		if (widget_named(w->children[i], named, depth + 1))
			return true;
	return false;
}

/* Whether the widget or a descendant shows any text or description. */
static bool widget_has_text(const struct ui_widget *w, int depth)
{
	if (w->text[0] || w->content_desc[0])
		return true;
	for (size_t i = 0; depth < 8 && i < w->n_children; i++)
		if (widget_has_text(w->children[i], depth + 1))
			return true;
	return false;
}

/*
 * Check a proposed action against the alignment (seeds 001 §II-A1): the
 * widget number exists, supports the action, and the named text matches.
 * On success the target fields are filled from the widget. On mismatch a
 * malloc'd reason is returned.
 */
static char *verify_action(const struct screen *s, struct action *a)
{
	const struct annotated_widget *aw;
	unsigned bit = action_type_ui_bit(a->type);
	char names[64];

	if (a->type == ACTION_NONE)
		return xstrdup("no action type was given");
	if (!bit) {
		if ((a->type == ACTION_DEEP_LINK || a->type == ACTION_START_ACTIVITY) && !a->uri)
			return xasprintf("%s needs a \"uri\"", action_type_name(a->type));
		return NULL;
	}
	if (a->widget < 1)
		return xasprintf("%s needs a widget number from the screenshot", action_type_name(a->type));
	aw = s->ann ? annotation_find(s->ann, a->widget) : NULL;
	if (!aw)
		return xasprintf("widget %d does not exist on this screen (numbers go from 1 to %zu)",
				 a->widget, s->ann ? s->ann->n : (size_t)0);
	if (!(aw->actions & bit))
		return xasprintf("widget %d supports %s, not %s", a->widget,
				 annotate_action_names(aw->actions, names, sizeof(names)),
				 action_type_name(a->type));
	if (a->widget_text && a->widget_text[0] && widget_has_text(aw->widget, 0) &&
	    !widget_named(aw->widget, a->widget_text, 0))
		return xasprintf("widget %d is \"%.*s\", not \"%.*s\"", a->widget,
				 ui_text_prefix_len(ui_widget_label(aw->widget), 80), ui_widget_label(aw->widget),
				 ui_text_prefix_len(a->widget_text, 80), a->widget_text);
	if (a->type == ACTION_INPUT && !a->text)
		return xasprintf("input on widget %d needs the \"text\" to type", a->widget);
	action_set_widget(a, aw->number, aw->widget);
	a->bounds = aw->bounds;
	a->x = aw->center_x;
	a->y = aw->center_y;
	return NULL;
}

/* The least-tried action on this screen (the Explorer's fallback). */
static void fallback_action(struct run *r, const struct screen *s, struct action *out)
{
	static const enum action_type order[] = { ACTION_INPUT, ACTION_CLICK, ACTION_CHECK,
						  ACTION_LONG_CLICK, ACTION_SCROLL };
	int best = -1;
	struct action cand;

	action_init(out);
	out->type = ACTION_BACK;
	out->reason = xstrdup("fallback: back");
	best = history_action_count(r->env.hist, s->view.sig_abstract, out);
	for (size_t i = 0; s->ann && i < s->ann->n; i++) {
		const struct annotated_widget *aw = &s->ann->w[i];
		for (size_t k = 0; k < sizeof(order) / sizeof(order[0]); k++) {
			int n;
			if (!(aw->actions & action_type_ui_bit(order[k])))
				continue;
			action_init(&cand);
			cand.type = order[k];
			action_set_widget(&cand, aw->number, aw->widget);
			cand.x = aw->center_x;
			cand.y = aw->center_y;
			cand.bounds = aw->bounds;
			n = history_action_count(r->env.hist, s->view.sig_abstract, &cand);
			/* Back only wins when strictly less tried than every widget action. */
			if (n < best || (n == best && out->type == ACTION_BACK)) {
				char buf[128];
				if (cand.type == ACTION_INPUT) {
					(void)input_gen_text(aw->widget, (unsigned)s->view.step, buf, sizeof(buf));
					cand.text = xstrdup(buf);
				}
				cand.reason = xasprintf("fallback: least-tried action (%d times before)", n);
				action_release(out);
				*out = cand;
				best = n;
			} else {
				action_release(&cand);
			}
		}
	}
}

/* Append `s` to a JSON object's string member unless NULL. */
static void add_opt_str(cJSON *o, const char *k, const char *v)
{
	if (v)
		cJSON_AddStringToObject(o, k, v);
}

/* The current usage totals of the model (zeros without one). */
static void usage_total(struct run *r, struct llm_usage *u)
{
	memset(u, 0, sizeof(*u));
	if (r->env.llm)
		llm_usage_total(r->env.llm, u);
}

/* Whether a budget other than time is spent; sets the stop reason. */
static bool budget_spent(struct run *r)
{
	struct llm_usage u;
	double max_tokens = (double)config_int(r->cfg, "llm.budget_tokens");
	double max_usd = config_double(r->cfg, "llm.budget_usd");
	if (atomic_load(&r->env.steps_done) >= r->env.step_budget) {
		set_stop(r, "steps");
		return true;
	}
	if (r->env.llm && llm_fatal(r->env.llm)) {
		char *msg = llm_fatal_message(r->env.llm);
		log_error("model: %s", msg);
		free(msg);
		set_stop(r, "model");
		return true;
	}
	usage_total(r, &u);
	if ((max_tokens > 0 && (double)(u.prompt_tokens + u.completion_tokens) >= max_tokens) ||
	    (max_usd > 0 && u.cost_usd >= max_usd)) {
		set_stop(r, "budget");
		return true;
	}
	return false;
}

/* Handle a message for the Explorer that is not an answer it waits for. */
static void explorer_take_hints(struct brain_hints *cur, struct message *m)
{
	if (m->type == MSG_HINTS && m->payload) {
		struct brain_hints *h = m->payload;
		if (h->n_bug_paths || h->n_exception_paths) {
			brain_hints_release(cur);
			hints_copy(cur, h);
		}
	}
	message_release(m);
}

/* The pause id a MSG_PAUSE / MSG_DETECTED carries (0 when absent). */
static int pause_id_of(const struct message *m)
{
	const struct agent_pause_msg *pm = m->payload;
	return pm ? pm->id : 0;
}

/* Note a MSG_DETECTED: the Detector judges segments in order, so keep the highest id. */
static void explorer_take_detected(struct run *r, const struct message *m)
{
	int id = pause_id_of(m);
	if (id > r->detected_upto)
		r->detected_upto = id;
}

/*
 * Wait for the Monitor's answer to the step just sent; a MSG_PAUSE names the
 * segment (pause id) whose MSG_DETECTED the Explorer then waits for. The
 * Detector may answer before the MSG_PAUSE arrives (it often does when it has
 * no brain), so the Explorer keeps the highest id answered so far and a late
 * MSG_PAUSE for an answered id does not wait. Hints arriving meanwhile are taken.
 */
static void explorer_wait(struct run *r, struct brain_hints *hints)
{
	bool answered = false;
	int wait_for = 0;
	for (;;) {
		struct message m;
		int err;
		if (answered && r->detected_upto >= wait_for)
			return;
		err = queue_recv(r->q, AGENT_EXPLORER, &m, 200);
		if (err == TD_ERR_TIMEOUT) {
			/* Interrupted while paused: do not wait for a verdict that may be skipped. */
			if (answered && atomic_load(&r->env.interrupted))
				return;
			continue;
		}
		if (err != TD_OK)
			return;
		if (m.type == MSG_CONTINUE) {
			answered = true;
		} else if (m.type == MSG_PAUSE) {
			answered = true;
			if (pause_id_of(&m) > wait_for)
				wait_for = pause_id_of(&m);
		} else if (m.type == MSG_DETECTED) {
			explorer_take_detected(r, &m);
		} else {
			explorer_take_hints(hints, &m);
			continue;
		}
		message_release(&m);
	}
}

/* Drain pending hints and verdict notices without waiting. */
static void explorer_poll(struct run *r, struct brain_hints *hints)
{
	struct message m;
	while (queue_recv(r->q, AGENT_EXPLORER, &m, 0) == TD_OK) {
		if (m.type == MSG_HINTS) {
			explorer_take_hints(hints, &m);
			continue;
		}
		if (m.type == MSG_DETECTED)
			explorer_take_detected(r, &m);
		message_release(&m);
	}
}

/* Ask the brain with retries and fallback; fills *act and *note. Returns attempts used. */
static int explorer_decide(struct run *r, const struct screen *s, const struct brain_hints *hints,
			   struct action *act, struct step_note *note, bool *fell_back,
			   cJSON *mismatches)
{
	char *feedback = NULL;
	int attempt;

	*fell_back = false;
	for (attempt = 0; attempt <= r->max_retries; attempt++) {
		char *why;
		int err;
		action_init(act);
		step_note_release(note);
		err = r->explorer->choose(r->explorer, &r->env, &s->view, hints, feedback, act, note);
		if (err != TD_OK) {
			log_warn("step %d: %s brain: %s", s->view.step, r->explorer->name, td_errmsg(err));
			action_release(act);
			if (err == TD_ERR_AUTH || err == TD_ERR_CONFIG || err == TD_ERR_BUDGET ||
			    err == TD_ERR_INTERRUPTED)
				break;
			continue;
		}
		why = verify_action(s, act);
		if (!why)
			break;
		log_info("step %d: answer does not match the screen: %s", s->view.step, why);
		cJSON_AddItemToArray(mismatches, cJSON_CreateString(why));
		atomic_fetch_add(&r->env.retries, 1);
		free(feedback);
		feedback = why;
		action_release(act);
	}
	free(feedback);
	if (attempt > r->max_retries || act->type == ACTION_NONE) {
		action_release(act);
		fallback_action(r, s, act);
		*fell_back = true;
		atomic_fetch_add(&r->env.fallbacks, 1);
	}
	return attempt > r->max_retries ? r->max_retries + 1 : attempt + 1;
}

/* One step record for trace.jsonl. */
static cJSON *step_record(const struct screen *s, const struct action *a, const struct step_note *note,
			  int attempts, bool fell_back, const char *override_by, cJSON *mismatches,
			  bool changed)
{
	cJSON *rec = cJSON_CreateObject();
	char sig[24], *d = action_describe(a);
	cJSON_AddNumberToObject(rec, "step", s->view.step);
	cJSON_AddStringToObject(rec, "activity", s->view.activity);
	snprintf(sig, sizeof(sig), "%016llx", (unsigned long long)s->view.sig_abstract);
	cJSON_AddStringToObject(rec, "screen", sig);
	add_opt_str(rec, "screenshot", s->png_rel);
	add_opt_str(rec, "xml", s->xml_rel);
	add_opt_str(rec, "annotated", s->ann_rel);
	cJSON_AddNumberToObject(rec, "widgets", (double)s->view.n_widgets);
	cJSON_AddItemToObject(rec, "action", action_to_json(a));
	cJSON_AddStringToObject(rec, "description", d);
	free(d);
	cJSON_AddNumberToObject(rec, "attempts", attempts);
	cJSON_AddBoolToObject(rec, "fallback", fell_back);
	if (override_by)
		cJSON_AddStringToObject(rec, "override", override_by);
	if (cJSON_GetArraySize(mismatches))
		cJSON_AddItemToObject(rec, "mismatches", cJSON_Duplicate(mismatches, 1));
	cJSON_AddBoolToObject(rec, "changed", changed);
	if (note->valid) {
		add_opt_str(rec, "functionality", note->functionality);
		add_opt_str(rec, "page", note->page_description);
	}
	return rec;
}

/* Leave the app -> relaunch it (an intervention of the Explorer itself). */
static bool outside_app(struct run *r, const struct screen *s, struct action *override)
{
	if (s->view.in_app || !s->cap.package || !s->cap.package[0])
		return false;
	action_init(override);
	override->type = ACTION_RESTART;
	override->reason = xasprintf("left the app (foreground %s): relaunch", s->cap.package);
	return true;
}

/*
 * The Explorer takes the device; true when another thread used it since the
 * Explorer last let it go (*epoch: the epoch at that release, 0 at first).
 */
static bool explorer_lock(struct agent_env *env, unsigned long *epoch, struct device **dev)
{
	*dev = agent_env_device_lock(env);
	return *epoch && atomic_load(&env->dev_epoch) != *epoch + 1;
}

static void explorer_unlock(struct agent_env *env, unsigned long *epoch)
{
	*epoch = atomic_load(&env->dev_epoch);
	agent_env_device_unlock(env);
}

/* Capture the screen of `step` again into *s; false (and stop) when the device fails. */
static bool explorer_refresh(struct run *r, struct device *dev, int step, struct screen *s)
{
	int err;
	screen_release(s);
	err = capture_screen(r, dev, step, s);
	if (err == TD_OK)
		return true;
	log_error("step %d: cannot capture the screen: %s", step, td_errmsg(err));
	atomic_store(&r->fatal, err);
	set_stop(r, "error");
	return false;
}

/* Trace that the screen changed under the Explorer (a plugin used the device). */
static void trace_stale(struct agent_env *env, int step, const char *when)
{
	cJSON *rec = cJSON_CreateObject();
	cJSON_AddStringToObject(rec, "by", "explorer");
	cJSON_AddStringToObject(rec, "kind", "stale_screen");
	cJSON_AddStringToObject(rec, "when", when);
	cJSON_AddNumberToObject(rec, "step", step);
	(void)agent_env_trace(env, "intervention", rec);
}

static void *explorer_main(void *arg)
{
	struct run *r = arg;
	struct agent_env *env = &r->env;
	struct brain_hints hints = { 0 };
	struct screen cur, next;
	struct device *dev;
	int step = 1, err, stale_retries = 0;
	unsigned long epoch = 0;

	log_set_thread_name("explorer");
	(void)explorer_lock(env, &epoch, &dev);
	err = capture_screen(r, dev, step, &cur);
	explorer_unlock(env, &epoch);
	if (err != TD_OK) {
		log_error("cannot capture the first screen: %s", td_errmsg(err));
		atomic_store(&r->fatal, err);
		set_stop(r, "error");
		goto out;
	}
	while (!atomic_load(&env->stop) && !budget_spent(r)) {
		struct action act, override;
		struct step_note note = { 0 };
		struct history_step hs;
		const char *override_by = NULL;
		cJSON *mismatches = cJSON_CreateArray();
		bool fell_back = false, changed;
		int attempts = 0;

		explorer_poll(r, &hints);
		action_init(&act);
		if (explorer_lock(env, &epoch, &dev)) {
			/* A plugin drove the device while the Explorer waited: look again. */
			uint64_t before = cur.view.sig_text;
			if (!explorer_refresh(r, dev, step, &cur)) {
				explorer_unlock(env, &epoch);
				cJSON_Delete(mismatches);
				break;
			}
			if (cur.view.sig_text != before)
				trace_stale(env, step, "before the step");
		}
		for (size_t i = 0; i < env->n_plugins && !override_by; i++) {
			struct agent_plugin *p = env->plugins[i];
			action_init(&override);
			if (p->before_choose && p->before_choose(p, env, dev, &cur.view, &override) == 1) {
				act = override;
				override_by = p->name;
			} else {
				action_release(&override);
			}
		}
		if (!override_by && outside_app(r, &cur, &act))
			override_by = "explorer";
		if (override_by) {
			cJSON *rec = cJSON_CreateObject();
			cJSON_AddStringToObject(rec, "by", override_by);
			cJSON_AddStringToObject(rec, "kind", "override");
			cJSON_AddItemToObject(rec, "action", action_to_json(&act));
			cJSON_AddNumberToObject(rec, "step", step);
			(void)agent_env_trace(env, "intervention", rec);
		} else {
			/* Release the device while the model thinks: plugins may use it meanwhile. */
			explorer_unlock(env, &epoch);
			attempts = explorer_decide(r, &cur, &hints, &act, &note, &fell_back, mismatches);
			if (explorer_lock(env, &epoch, &dev)) {
				uint64_t before = cur.view.sig_text;
				bool ok = explorer_refresh(r, dev, step, &cur);
				if (!ok || (cur.view.sig_text != before && stale_retries++ < 3)) {
					/* The answer was for a screen that is gone: ask again. */
					if (ok)
						trace_stale(env, step, "while the model answered");
					explorer_unlock(env, &epoch);
					action_release(&act);
					step_note_release(&note);
					cJSON_Delete(mismatches);
					if (!ok)
						break;
					continue;
				}
			}
		}
		err = action_perform(dev, &act, env->app->package);
		if (err != TD_OK)
			log_warn("step %d: %s failed: %s", step, action_type_name(act.type), td_errmsg(err));
		/* The step is recorded whatever the device said. */
		history_step_init(&hs);
		hs.screenshot = cur.png_rel;
		hs.xml = cur.xml_rel;
		hs.annotated = cur.ann_rel;
		hs.activity = (char *)cur.view.activity;
		hs.sig_structural = cur.view.sig_structural;
		hs.sig_abstract = cur.view.sig_abstract;
		hs.sig_text = cur.view.sig_text;
		hs.action = act;
		hs.page_description = note.valid ? note.page_description : NULL;
		hs.t_ms = rundir_elapsed_ms(env->rd);
		(void)history_add_step(env->hist, &hs);
		atomic_store(&env->steps_done, step);

		err = capture_screen(r, dev, step + 1, &next);
		changed = err != TD_OK || next.view.sig_text != cur.view.sig_text;
		history_set_changed(env->hist, step, changed);
		if (err == TD_OK) {
			if (r->explorer->observe)
				r->explorer->observe(r->explorer, env, &cur.view, &act, &next.view);
			for (size_t i = 0; i < env->n_plugins; i++) {
				struct agent_plugin *p = env->plugins[i];
				if (p->after_step && p->after_step(p, env, dev, &cur.view, &act, &next.view) == 1) {
					screen_release(&next);
					err = capture_screen(r, dev, step + 1, &next);
					if (err != TD_OK)
						break;
				}
			}
		}
		explorer_unlock(env, &epoch);
		(void)agent_env_trace(env, "step", step_record(&cur, &act, &note, attempts, fell_back,
							      override_by, mismatches, changed));
		cJSON_Delete(mismatches);
		{
			struct agent_step_msg *m = xcalloc(1, sizeof(*m));
			m->step = step;
			note_copy(&m->note, &note);
			if (send_msg(r, AGENT_EXPLORER, AGENT_MONITOR, MSG_STEP, m, free_step_msg))
				explorer_wait(r, &hints);
		}
		step_note_release(&note);
		action_release(&act);
		screen_release(&cur);
		if (err != TD_OK) {
			log_error("step %d: cannot capture the screen: %s", step + 1, td_errmsg(err));
			atomic_store(&r->fatal, err);
			set_stop(r, "error");
			break;
		}
		cur = next;
		step++;
		stale_retries = 0;
	}
	screen_release(&cur);
out:
	brain_hints_release(&hints);
	(void)send_msg(r, AGENT_EXPLORER, AGENT_MONITOR, MSG_STOP, NULL, NULL);
	atomic_store(&r->explorer_done, 1);
	return NULL;
}

/* --- the Monitor ---------------------------------------------------------- */

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
			note_copy(&out, &m->note);
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
	add_opt_str(rec, "functionality", out.functionality);
	cJSON_AddStringToObject(rec, "status", func_status_name(out.status));
	add_opt_str(rec, "page", out.page_description);
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
		if (send_msg(r, AGENT_MONITOR, AGENT_DETECTOR, MSG_SEGMENT, sm, free_segment_msg) && waits) {
			(void)send_msg(r, AGENT_MONITOR, AGENT_EXPLORER, MSG_PAUSE, pause_msg_new(id), free);
			return;
		}
	}
	(void)send_msg(r, AGENT_MONITOR, AGENT_EXPLORER, MSG_CONTINUE, NULL, NULL);
}

static void *monitor_main(void *arg)
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
			(void)send_msg(r, AGENT_MONITOR, AGENT_DETECTOR, MSG_SEGMENT, sm, free_segment_msg);
		}
	}
	(void)send_msg(r, AGENT_MONITOR, AGENT_DETECTOR, MSG_STOP, NULL, NULL);
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
	add_opt_str(rec, "functionality", v.functionality);
	add_opt_str(rec, "expected_path", v.expected_path);
	add_opt_str(rec, "actual_path", v.actual_path);
	cJSON_AddBoolToObject(rec, "bug", v.bug);
	cJSON_AddNumberToObject(rec, "bug_paths", (double)v.hints.n_bug_paths);
	cJSON_AddNumberToObject(rec, "exception_paths", (double)v.hints.n_exception_paths);
	(void)agent_env_trace(&r->env, "detector", rec);
	if (v.bug) {
		complete_bug(r, seg, &v.report);
		(void)agent_env_report_bug(&r->env, &v.report, NULL);
	}
	if (v.hints.n_bug_paths || v.hints.n_exception_paths) {
		struct brain_hints *h = xcalloc(1, sizeof(*h));
		hints_copy(h, &v.hints);
		(void)send_msg(r, AGENT_DETECTOR, AGENT_EXPLORER, MSG_HINTS, h, free_hints);
	}
	detector_verdict_release(&v);
}

static void *detector_main(void *arg)
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
				(void)send_msg(r, AGENT_DETECTOR, AGENT_EXPLORER, MSG_DETECTED, pause_msg_new(id), free);
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

/* --- construction ----------------------------------------------------------- */

/* The spec path of a "sim:NAME[:fixed]" device for app_info_from_sim_spec. */
static char *sim_spec_path(const struct config *cfg, const char *spec)
{
	const char *name = spec + 4;
	const char *colon = strchr(name, ':');
	char *base = colon ? xstrndup(name, (size_t)(colon - name)) : xstrdup(name);
	char *path;
	const char *dir = config_string(cfg, "sim.apps_dir");
	if (strchr(base, '/') || strstr(base, ".json")) {
		path = base;
		return path;
	}
	path = xasprintf("%s/%s.json", dir ? dir : TRIDENT_SOURCE_DIR "/configs/apps", base);
	free(base);
	return path;
}

/* App info for the device: the sim spec, else the foreground package alone. */
static int load_app_info(struct run *r, const char *spec)
{
	int err;
	if (spec && !strncmp(spec, "sim:", 4)) {
		char *path = sim_spec_path(r->cfg, spec);
		err = app_info_from_sim_spec(path, &r->env.app);
		free(path);
		return err;
	}
	{
		/* A real device: the app must be in the foreground; activities unknown. */
		char *pkg = NULL, *act = NULL;
		err = device_foreground(r->env.dev, &pkg, &act);
		if (err != TD_OK)
			return err;
		r->env.app = xcalloc(1, sizeof(*r->env.app));
		r->env.app->package = pkg ? pkg : xstrdup("");
		r->env.app->label = xstrdup(r->env.app->package);
		free(act);
	}
	return TD_OK;
}

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
	pthread_cond_init(&r->env.dev_cond, NULL);
	r->env.seed = (unsigned long)seed;
	r->env.step_budget = o->steps > 0 ? o->steps : (int)config_int(cfg, "run.steps");
	r->minutes = o->minutes >= 0 ? o->minutes : config_double(cfg, "run.minutes");
	r->status_mode = o->status;
	r->merged = config_bool(cfg, "agents.merged_request");
	r->pause = config_bool(cfg, "agents.pause_explorer_while_detecting");
	r->send_images = config_bool(cfg, "agents.send_images");
	r->max_retries = (int)config_int(cfg, "agents.max_retries");
	r->min_segment_steps = (int)config_int(cfg, "agents.detector_min_steps");
	r->env.prompts_dir = xstrdup(pdir ? pdir : TRIDENT_SOURCE_DIR "/prompts");
	r->env.hist = history_new();
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
		char *bugs = rundir_abs(r->env.rd, "bugs.json");
		char *logp = rundir_abs(r->env.rd, "run.log");
		r->env.bugs = bug_list_new(bugs);
		if (log_open(logp) != TD_OK)
			log_warn("%s", td_errmsg(TD_ERR_IO));
		free(bugs);
		free(logp);
	}
	if (o->device_spec) {
		err = device_open(o->device_spec, cfg, &r->env.dev);
		if (err != TD_OK)
			goto fail;
		err = load_app_info(r, o->device_spec);
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
		    llm_set_run_dir(r->env.llm, rundir_path(r->env.rd)) != TD_OK)
			log_warn("cannot record model calls: %s", td_errmsg(TD_ERR_IO));
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

void run_free(struct run *r)
{
	if (!r)
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
	if (r->env.rd) {
		log_close();
		rundir_close(r->env.rd);
	}
	free(r->env.prompts_dir);
	free(r->brain_name);
	pthread_mutex_destroy(&r->reason_lock);
	pthread_mutex_destroy(&r->env.dev_mutex);
	pthread_cond_destroy(&r->env.dev_cond);
	free(r);
}

/* --- running ---------------------------------------------------------------- */

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
	usage_total(r, &u);
	out->tokens = u.prompt_tokens + u.completion_tokens;
	out->cost_usd = u.cost_usd;
	out->wall_s = r->wall_s;
	pthread_mutex_lock(&r->reason_lock);
	out->stop_reason = r->stop_reason ? r->stop_reason : "steps";
	pthread_mutex_unlock(&r->reason_lock);
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
	char budget[64];
	run_get_stats(r, &st);
	if (r->minutes > 0)
		snprintf(budget, sizeof(budget), "%.0fs/%.0fs", elapsed, r->minutes * 60);
	else
		snprintf(budget, sizeof(budget), "%.0fs", elapsed);
	if (tty)
		fprintf(stderr, "\r\033[Kstep %d/%d  screens %d  activities %d/%d  functionalities %d  "
			"bugs %d  tokens %ld  $%.4f  %s%s", st.steps, r->env.step_budget, st.screens,
			st.activities, st.activities_total, st.functionalities, st.bugs, st.tokens,
			st.cost_usd, budget, final ? "\n" : "");
	else
		fprintf(stderr, "status: step %d/%d, screens %d, activities %d/%d, functionalities %d, "
			"bugs %d, tokens %ld, cost $%.4f, elapsed %s\n", st.steps, r->env.step_budget,
			st.screens, st.activities, st.activities_total, st.functionalities, st.bugs,
			st.tokens, st.cost_usd, budget);
	fflush(stderr);
}

int run_execute(struct run *r)
{
	pthread_t th[3];
	void *(*mains[3])(void *) = { explorer_main, monitor_main, detector_main };
	double start = now_s(), last_status = 0;
	bool tty = isatty(STDERR_FILENO);
	bool show = r->status_mode > 0 || (r->status_mode < 0 && log_get_level() < LOG_SILENT);
	double interval = (double)config_int(r->cfg, "agents.status_interval_s");
	int started = 0, err = TD_OK;
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
	cJSON_AddNumberToObject(rec, "step", 0);
	(void)agent_env_trace(&r->env, "run_start", rec);
	log_info("exploring %s with the %s brain, %d steps%s", r->env.app->package, r->brain_name,
		 r->env.step_budget, r->minutes > 0 ? " (time-limited)" : "");

	if (r->env.dev && r->env.app->package[0]) {
		if (device_disable_animations(r->env.dev) != TD_OK)
			log_debug("cannot turn animations off: %s", td_errmsg(TD_ERR_DEVICE));
		if (device_force_stop(r->env.dev, r->env.app->package) != TD_OK ||
		    device_launch(r->env.dev, r->env.app->package) != TD_OK)
			log_warn("cannot launch %s: %s", r->env.app->package, td_errmsg(TD_ERR_DEVICE));
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
			set_stop(r, "error");
			break;
		}
		started++;
	}
	if (started < 3 && started > 0) {
		/* The Explorer never sends MSG_STOP if it did not start; close instead. */
		queue_close(r->q);
	}
	while (started == 3 && !atomic_load(&r->explorer_done)) {
		double t = now_s() - start;
		if (r->sig_stop && !atomic_load(&r->env.stop)) {
			atomic_store(&r->env.interrupted, true);
			set_stop(r, "interrupted");
			log_info("interrupted: finishing the current step");
		}
		if (r->deadline_ms > 0 && t * 1000.0 >= r->deadline_ms)
			set_stop(r, "time");
		if (show && (tty ? t - last_status >= 0.5 : t - last_status >= interval)) {
			show_status(r, t, tty, false);
			last_status = t;
		}
		usleep(50000);
	}
	for (int i = 0; i < started; i++) {
		/* A second SIGINT while waiting skips the Detector's queue. */
		pthread_join(th[i], NULL);
		if (r->sig_stop)
			atomic_store(&r->env.interrupted, true);
	}
	queue_close(r->q);
	if (atomic_load(&r->fatal))
		err = atomic_load(&r->fatal);
report:
	r->wall_s = now_s() - start;
	for (size_t i = 0; i < r->env.n_plugins; i++)
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
		(void)agent_env_trace(&r->env, "run_end", rec);
		if (bug_list_write(r->env.bugs) != TD_OK)
			log_error("%s", td_errmsg(TD_ERR_IO));
		werr = report_write_all(&r->env, &st, r->brain_name);
		if (werr != TD_OK) {
			log_error("cannot write the reports: %s", td_errmsg(werr));
			if (err == TD_OK)
				err = werr;
		}
	}
	return err;
}
