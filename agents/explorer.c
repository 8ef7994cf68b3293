/*
 * explorer.c - the Explorer thread: capture and annotate the screen, ask the
 * brain, verify the action, perform it, capture the result, and exchange
 * messages with the Monitor and Detector (DESIGN block in run.c).
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
#include "agents/screen_writer.h"
#include "core/annotate.h"
#include "core/blocklist.h"
#include "core/config.h"
#include "core/image.h"
#include "core/llm.h"
#include "core/log.h"
#include "core/queue.h"
#include "core/screen_read.h"
#include "core/screen_text.h"
#include "core/strbuf.h"
#include "core/ui.h"
#include "core/xalloc.h"
#include "device/app_info.h"
#include "device/app_target.h"

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
	char *toast;             /* a toast read from the screenshot (OCR), or NULL */
	double ocr_ms;           /* what finding and reading it cost */
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
	free(s->toast);
	memset(s, 0, sizeof(*s));
}

/* Whether a dumped widget with text lies inside `r` (device px): then the bubble is in the dump. */
static bool dumped_text_inside(const struct ui_tree *t, const struct ui_rect *r)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		if (w->text[0] && w->bounds.x1 >= r->x1 && w->bounds.x2 <= r->x2 && w->bounds.y1 >= r->y1 &&
		    w->bounds.y2 <= r->y2)
			return true;
	}
	return false;
}

/*
 * What the screenshot shows that the dump does not (core/screen_read.h):
 * text fields that show their hint (the dump gives the hint as their text)
 * get it as their hint too, so the widget list says "empty"; a toast bubble
 * is read by OCR (agents.read_toasts) into s->toast.
 */
static void read_screenshot(struct run *r, struct screen *s, const struct image *shot)
{
	int xw = s->tree->screen.x2, xh = s->tree->screen.y2;
	double sx = xw > 0 ? (double)shot->width / xw : 1.0, sy = xh > 0 ? (double)shot->height / xh : 1.0;
	struct ui_rect box;

	for (size_t i = 0; i < s->tree->n_nodes; i++) {
		struct ui_widget *w = s->tree->nodes[i];
		struct ui_rect px;
		if (!ui_class_is_editable(w->class_name) || !w->text[0] || w->hint[0] || w->password ||
		    !ui_widget_visible(w, &s->tree->screen))
			continue;
		px = (struct ui_rect){ (int)(w->bounds.x1 * sx), (int)(w->bounds.y1 * sy), (int)(w->bounds.x2 * sx),
				       (int)(w->bounds.y2 * sy) };
		if (screen_field_look(shot, &px) == FIELD_LOOKS_HINT)
			w->hint = w->text;   /* both live in the tree's arena */
	}
	if (!config_bool(r->cfg, "agents.read_toasts"))
		return;
	{
		struct timespec t0, t1;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		if (screen_find_toast(shot, &box)) {
			struct ui_rect dev = { (int)(box.x1 / sx), (int)(box.y1 / sy), (int)(box.x2 / sx),
					       (int)(box.y2 / sy) };
			char *text = NULL;
			if (!dumped_text_inside(s->tree, &dev) && screen_ocr(shot, &box, &text) == TD_OK && text[0])
				s->toast = text;
			else
				free(text);
		}
		clock_gettime(CLOCK_MONOTONIC, &t1);
		s->ocr_ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
	}
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
	if (!draw && image_probe_size(s->cap.shot, s->cap.shot_len, &sw, &sh) == TD_OK) {
		image_fit_size(sw, sh, (int)max_long, (int)max_short, &w, &h);
		if (annotation_build(s->tree, sw, sh, w, h, &r->ann_opts, &s->ann) == TD_OK)
			return;
		s->ann = NULL;
	}
	/* A view of the frame's pixels when they are BGRA (the simulator's): read only. */
	err = capture_image(&s->cap, "screenshot", &shot);
	if (err == TD_OK) {
		read_screenshot(r, s, shot);
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
		int werr = rundir_write(r->env.rd, s->ann_rel, s->annotated_png, s->annotated_len);

		if (werr != TD_OK)
			log_warn("%s", td_errmsg(werr));
	}
	image_free(shot);
	image_free(small);
}

static void list_blocked(const struct run *r, struct screen *s);
static bool permission_controller(const char *package);

/* Capture the screen for step `step`: files, tree, signatures, annotation. */
static int capture_screen(struct run *r, struct device *dev, int step, struct screen *s)
{
	int err;
	memset(s, 0, sizeof(*s));
	strbuf_init(&s->widget_list, 0);
	strbuf_init(&s->legend, 0);
	/* Kept frames too old for a bug report go back to the pool first: the
	 * capture takes one of them instead of a new 10 MB buffer. */
	screen_writer_next_step(r->env.screens, step);
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
	int werr = rundir_write(r->env.rd, s->xml_rel, s->cap.xml, s->cap.xml_len);
	if (werr != TD_OK)
		log_warn("step %d: %s", step, td_errmsg(werr));
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
	/* steps/NNNN.png by the writer thread, when run.save_screens keeps it:
	 * otherwise the trace names no screenshot for the step. */
	if (!screen_writer_put(r->env.screens, step, s->view.sig_abstract, s->cap.shot_buf)) {
		free(s->png_rel);
		s->png_rel = NULL;
	}
	s->view.widgets = s->widgets;
	s->view.n_widgets = s->ann ? s->ann->n : 0;
	s->view.widget_list = s->widget_list.buf;
	s->view.legend = s->legend.buf;
	s->view.annotated_png = s->annotated_png;
	s->view.annotated_png_len = s->annotated_len;
	/* A runtime permission dialog belongs to the app's flow (it asked): not leaving it. */
	s->view.in_app = s->cap.package && r->env.app->package &&
			 (!strcmp(s->cap.package, r->env.app->package) || permission_controller(s->cap.package));
	s->view.feedback = s->toast;
	list_blocked(r, s);
	s->view.widget_list = s->widget_list.buf;
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

/* The activity a deep link opens (the manifest's link with that URI or scheme and host), or NULL. */
static const char *deep_link_activity(const struct app_info *app, const char *uri)
{
	const char *sep = strstr(uri, "://");
	for (size_t i = 0; i < app->n_deep_links; i++)
		if (app->deep_links[i].uri && !strcmp(app->deep_links[i].uri, uri))
			return app->deep_links[i].activity;
	for (size_t i = 0; sep && i < app->n_deep_links; i++) {
		const struct app_deep_link *d = &app->deep_links[i];
		size_t hl = d->host ? strlen(d->host) : 0;
		if (d->scheme && strlen(d->scheme) == (size_t)(sep - uri) && !strncasecmp(d->scheme, uri, strlen(d->scheme)) &&
		    (!hl || (!strncasecmp(sep + 3, d->host, hl) && strchr("/?#", sep[3 + hl]))))
			return d->activity;
	}
	return NULL;
}

/*
 * The user's blocklist pattern that forbids `a` on screen `s`, or NULL: a
 * widget action (or Enter) in a blocked activity; a click, long click or
 * check on a blocked widget or one holding a blocked label, an input or
 * scroll on a blocked widget, or any of them whose tap point lies on a
 * blocked widget; a deep link or `am start` into a blocked activity.
 * Back, Home, restart, rotation and waiting are never blocked: they are how
 * a run leaves what it must not touch.
 */
static const char *action_blocked(const struct run *r, const struct screen *s, const struct action *a)
{
	const struct blocklist *bl = r->env.blocklist;
	const char *pkg = r->env.app ? r->env.app->package : NULL, *hit;
	const struct annotated_widget *aw;
	bool inside;

	if (!blocklist_count(bl))
		return NULL;
	if (a->type == ACTION_DEEP_LINK)
		return a->uri ? blocklist_match_activity(bl, deep_link_activity(r->env.app, a->uri), pkg) : NULL;
	if (a->type == ACTION_START_ACTIVITY)
		return blocklist_match_activity(bl, a->uri, pkg);
	if (a->type != ACTION_ENTER && !action_type_targets_widget(a->type))
		return NULL;
	if (s->view.in_app && (hit = blocklist_match_activity(bl, s->view.activity, pkg)))
		return hit;
	if (a->type == ACTION_ENTER)
		return NULL;
	inside = a->type != ACTION_SCROLL && a->type != ACTION_INPUT;
	if (a->widget >= 1 && s->ann && (aw = annotation_find(s->ann, a->widget)) &&
	    (hit = blocklist_match_widget(bl, aw->widget, inside)))
		return hit;
	for (size_t i = 0; a->type != ACTION_SCROLL && a->x >= 0 && a->y >= 0 && s->tree && i < s->tree->n_nodes; i++) {
		const struct ui_widget *w = s->tree->nodes[i];
		if (a->x >= w->bounds.x1 && a->x < w->bounds.x2 && a->y >= w->bounds.y1 && a->y < w->bounds.y2 &&
		    (hit = blocklist_match_widget(bl, w, false)))
			return hit;
	}
	return NULL;
}

/* Trace an action the blocklist refused (never sent to the device). */
static void trace_blocked(struct agent_env *env, int step, const char *by, const struct action *a, const char *pattern)
{
	cJSON *rec = cJSON_CreateObject();
	cJSON_AddStringToObject(rec, "by", by);
	cJSON_AddStringToObject(rec, "pattern", pattern);
	cJSON_AddItemToObject(rec, "action", action_to_json(a));
	cJSON_AddNumberToObject(rec, "step", step);
	(void)agent_env_trace(env, "blocked", rec);
}

/* Tell a model which numbered widgets the blocklist forbids (appended to the widget list). */
static void list_blocked(const struct run *r, struct screen *s)
{
	const struct blocklist *bl = r->env.blocklist;
	const char *hit;
	bool any = false;

	if (!blocklist_count(bl) || !s->ann)
		return;
	if (s->view.in_app && (hit = blocklist_match_activity(bl, s->view.activity, r->env.app->package))) {
		(void)strbuf_addf(&s->widget_list, "\nThe user's blocklist (%s) forbids acting on this screen: "
				  "go back or restart the app.\n", hit);
		return;
	}
	for (size_t i = 0; i < s->ann->n; i++) {
		if (!blocklist_match_widget(bl, s->ann->w[i].widget, true))
			continue;
		(void)strbuf_addf(&s->widget_list, "%s#%d", any ? ", " : "\nNever act on (the user's blocklist): ",
				  s->ann->w[i].number);
		any = true;
	}
	if (any)
		(void)strbuf_addch(&s->widget_list, '\n');
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
			if (action_blocked(r, s, &cand)) {
				action_release(&cand);
				continue;
			}
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
void run_add_opt_str(cJSON *o, const char *k, const char *v)
{
	if (v)
		cJSON_AddStringToObject(o, k, v);
}

/* The current usage totals of the model (zeros without one). */
void run_usage_total(struct run *r, struct llm_usage *u)
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
		run_set_stop(r, "steps");
		return true;
	}
	if (r->env.llm && llm_fatal(r->env.llm)) {
		char *msg = llm_fatal_message(r->env.llm);
		log_error("model: %s", msg);
		free(msg);
		run_set_stop(r, "model");
		return true;
	}
	run_usage_total(r, &u);
	if ((max_tokens > 0 && (double)(u.prompt_tokens + u.completion_tokens) >= max_tokens) ||
	    (max_usd > 0 && u.cost_usd >= max_usd)) {
		run_set_stop(r, "budget");
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
			brain_hints_copy(cur, h);
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
		if (!why) {
			const char *pattern = action_blocked(r, s, act);
			if (!pattern)
				break;
			trace_blocked(&r->env, s->view.step, r->explorer->name, act, pattern);
			why = act->widget >= 1
				? xasprintf("widget %d " BRAIN_FEEDBACK_BLOCKED " (%s): never act on it; choose another action",
					    act->widget, pattern)
				: xasprintf("%s " BRAIN_FEEDBACK_BLOCKED " (%s): choose another action",
					    action_type_name(act->type), pattern);
			log_info("step %d: answer refused: %s", s->view.step, why);
		} else {
			log_info("step %d: answer does not match the screen: %s", s->view.step, why);
		}
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

/* The text of the list row (or container) holding the widget `a` acts on; NULL when none. */
static char *step_row(const struct screen *s, const struct action *a)
{
	const struct annotated_widget *aw;
	const struct ui_widget *row;
	char *text;
	if (!action_type_targets_widget(a->type) || a->widget < 1 || !s->ann ||
	    !(aw = annotation_find(s->ann, a->widget)))
		return NULL;
	row = screen_row_of(aw->widget);
	if (!row || row == aw->widget)
		return NULL;
	text = screen_row_text(row, aw->widget, 80);
	if (!text[0]) {
		free(text);
		return NULL;
	}
	return text;
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
	run_add_opt_str(rec, "screenshot", s->png_rel);
	run_add_opt_str(rec, "xml", s->xml_rel);
	run_add_opt_str(rec, "annotated", s->ann_rel);
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
	if (s->toast)
		cJSON_AddStringToObject(rec, "toast_before", s->toast);
	cJSON_AddNumberToObject(rec, "screen_read_ms", s->ocr_ms);
	if (note->valid) {
		run_add_opt_str(rec, "functionality", note->functionality);
		run_add_opt_str(rec, "page", note->page_description);
	}
	return rec;
}

/* Whether `package` is the system's permission controller (runtime permission dialogs). */
static bool permission_controller(const char *package)
{
	return package && (!strcmp(package, "com.android.permissioncontroller") ||
			   !strcmp(package, "com.google.android.permissioncontroller") ||
			   !strcmp(package, "com.android.packageinstaller"));
}

/*
 * A runtime permission dialog in front: answer it as device.permission_dialog
 * says (allow: "While using the app" or "Allow"; deny: "Don't allow") by a
 * click on its button, found by the permission controller's resource-ids.
 * False for explore (the brain sees the dialog's buttons as widgets) and
 * when no such button is on screen.
 */
static bool answer_permission(struct run *r, const struct screen *s, struct action *out)
{
	static const char *const allow[] = { ":id/permission_allow_foreground_only_button",
					     ":id/permission_allow_button", ":id/permission_allow_one_time_button",
					     NULL };
	static const char *const deny[] = { ":id/permission_deny_button",
					    ":id/permission_deny_and_dont_ask_again_button", NULL };
	const char *mode = config_string(r->cfg, "device.permission_dialog");
	const char *const *ids;

	if (!permission_controller(s->cap.package) || !mode || !strcmp(mode, "explore") || !s->ann)
		return false;
	ids = !strcmp(mode, "deny") ? deny : allow;
	for (size_t k = 0; ids[k]; k++) {
		for (size_t i = 0; i < s->ann->n; i++) {
			const struct annotated_widget *aw = &s->ann->w[i];
			const char *id = aw->widget->resource_id;
			size_t n = strlen(id), m = strlen(ids[k]);
			if (n < m || strcmp(id + n - m, ids[k]) || !(aw->actions & UI_ACT_CLICK))
				continue;
			action_init(out);
			out->type = ACTION_CLICK;
			action_set_widget(out, aw->number, aw->widget);
			out->x = aw->center_x;
			out->y = aw->center_y;
			out->bounds = aw->bounds;
			out->reason = xasprintf("permission dialog: %s (device.permission_dialog %s)",
						ui_widget_label(aw->widget), mode);
			return true;
		}
	}
	return false;
}

/*
 * The soft keyboard covers the target of `a` (the tap point, or a part of
 * the box a scroll swipes in): mark it so that action_perform hides the
 * keyboard first. A keyboard's own keys are no widgets (ui_parse leaves its
 * window out), so no brain picks them; this catches app widgets under it.
 */
static void mark_under_keyboard(const struct screen *s, struct action *a)
{
	const struct ui_rect *ime = s->tree ? &s->tree->ime : NULL;
	if (!ime || ui_rect_empty(ime) || !action_type_targets_widget(a->type))
		return;
	if (a->type == ACTION_SCROLL)
		a->hide_keyboard = ui_rect_empty(&a->bounds) || ui_rect_intersects(&a->bounds, ime);
	else
		a->hide_keyboard = a->x >= ime->x1 && a->x < ime->x2 && a->y >= ime->y1 && a->y < ime->y2;
}

/*
 * Left the app -> come back (an intervention of the Explorer itself). In
 * another app (a share sheet, the browser, an app a share target opened)
 * Back first, as a user would, which keeps the app's state; when that did
 * not bring the app back (*backs counts the tries), or on the home screen,
 * relaunch it. The other app is never explored.
 */
static bool outside_app(struct run *r, const struct screen *s, struct action *override, int *backs)
{
	if (s->view.in_app || !s->cap.package || !s->cap.package[0]) {
		*backs = 0;
		return false;
	}
	/*
	 * The system's own windows ("android": an ANR or crash dialog) mean the
	 * app is in trouble: relaunch as before. Its chooser (older Androids
	 * resolve a share in package "android") is left with Back like any app.
	 */
	bool system_dialog = !strcmp(s->cap.package, "android") && s->cap.activity &&
			     !strstr(s->cap.activity, "Chooser") && !strstr(s->cap.activity, "Resolver");
	action_init(override);
	if (*backs < 2 && !system_dialog && !app_target_is_home(NULL, s->cap.package)) {
		(*backs)++;
		override->type = ACTION_BACK;
		override->reason = xasprintf("left the app (foreground %s): back", s->cap.package);
		return true;
	}
	*backs = 0;
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

/* Say why the screen of `step` could not be captured (quietly when the user stopped the run). */
static void capture_failed(int step, int err)
{
	if (err == TD_ERR_INTERRUPTED)
		log_info("step %d: stopped while capturing the screen", step);
	else
		log_error("step %d: cannot capture the screen: %s", step, td_errmsg(err));
}

/* Capture the screen of `step` again into *s; false (and stop) when the device fails. */
static bool explorer_refresh(struct run *r, struct device *dev, int step, struct screen *s)
{
	int err;
	screen_release(s);
	err = capture_screen(r, dev, step, s);
	if (err == TD_OK)
		return true;
	capture_failed(step, err);
	run_set_fatal(r, err, td_errmsg(err));
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

void *explorer_main(void *arg)
{
	int outside_backs = 0; /* Backs tried since the app was left (outside_app) */
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
		capture_failed(1, err);
		run_set_fatal(r, err, td_errmsg(err));
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
		if (answer_permission(r, &cur, &act) && !action_blocked(r, &cur, &act))
			override_by = "permission_dialog";
		else
			action_release(&act);
		for (size_t i = 0; i < env->n_plugins && !override_by; i++) {
			struct agent_plugin *p = env->plugins[i];
			action_init(&override);
			if (p->before_choose && p->before_choose(p, env, dev, &cur.view, &override) == 1) {
				const char *pattern = action_blocked(r, &cur, &override);
				if (pattern) {
					/* An escape into what the user forbade: the next plugin or the brain decides. */
					trace_blocked(env, step, p->name, &override, pattern);
					action_release(&override);
					continue;
				}
				act = override;
				override_by = p->name;
			} else {
				action_release(&override);
			}
		}
		if (!override_by && outside_app(r, &cur, &act, &outside_backs))
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
		if (act.type == ACTION_WAIT) {
			/* Look again after a pause: a page that is loading, a delayed result. */
			long ms = (long)config_int(r->cfg, "agents.wait_ms");
			struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
			while (ms > 0 && nanosleep(&ts, &ts) != 0 && !atomic_load(&env->stop))
				;
		}
		{
			/* The last gate: nothing on the blocklist reaches the device, whoever chose it. */
			const char *pattern = action_blocked(r, &cur, &act);
			if (pattern) {
				trace_blocked(env, step, override_by ? override_by : r->explorer->name, &act, pattern);
				action_release(&act);
				act.type = ACTION_BACK;
				act.reason = xasprintf("blocked by the user's blocklist (%s): back", pattern);
			}
		}
		mark_under_keyboard(&cur, &act);
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
		hs.row = step_row(&cur, &act);
		hs.by = override_by ? xasprintf("%s%s%.*s", override_by, act.reason ? ": " : "",
						act.reason ? ui_text_prefix_len(act.reason, 80) : 0,
						act.reason ? act.reason : "") : NULL;
		(void)history_add_step(env->hist, &hs);
		free(hs.row);
		free(hs.by);
		atomic_store(&env->steps_done, step);

		err = capture_screen(r, dev, step + 1, &next);
		changed = err != TD_OK || next.view.sig_text != cur.view.sig_text;
		history_set_changed(env->hist, step, changed);
		if (err == TD_OK) {
			char *said = next.toast ? xasprintf("toast \"%s\"", next.toast) : screen_app_message(next.tree);
			history_set_feedback(env->hist, step, said);
			free(said);
			if (r->explorer->observe)
				r->explorer->observe(r->explorer, env, &cur.view, &act, &next.view);
			for (size_t i = 0; i < env->n_plugins; i++) {
				struct agent_plugin *p = env->plugins[i];
				if (p->after_step && p->after_step(p, env, dev, &cur.view, &act, &next.view) == 1) {
					history_set_side_trip(env->hist, step, p->name);
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
			step_note_copy(&m->note, &note);
			if (run_send_msg(r, AGENT_EXPLORER, AGENT_MONITOR, MSG_STEP, m, run_free_step_msg))
				explorer_wait(r, &hints);
		}
		step_note_release(&note);
		action_release(&act);
		screen_release(&cur);
		if (err != TD_OK) {
			capture_failed(step + 1, err);
			run_set_fatal(r, err, td_errmsg(err));
			break;
		}
		cur = next;
		step++;
		stale_retries = 0;
		if (step % 20 == 0) { /* keep RSS flat over long runs */
			/* This thread's PNG scratch (an oracle's snapshot encodes a
			 * whole frame: 8 MB of rows) is made again when next needed;
			 * not more often: each time costs its page faults again. */
			if (step % 100 == 0)
				image_release_thread_buffers();
			xalloc_trim();
		}
	}
	screen_release(&cur);
out:
	brain_hints_release(&hints);
	(void)run_send_msg(r, AGENT_EXPLORER, AGENT_MONITOR, MSG_STOP, NULL, NULL);
	atomic_store(&r->explorer_done, 1);
	return NULL;
}

/* --- the Monitor ---------------------------------------------------------- */
