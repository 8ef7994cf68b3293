/*
 * history.c - the function-based testing history database and its text and
 * image views (see history.h).
 */
#include "agents/history.h"

#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "agents/rundir.h"
#include "core/annotate.h"
#include "core/frame_ring.h"
#include "core/history_strip.h"
#include "core/image.h"
#include "core/strbuf.h"
#include "core/xalloc.h"

struct history {
	pthread_mutex_t lock;
	struct history_step *steps;      /* steps[i].step == i + 1 */
	int n_steps;
	struct history_functionality *funcs;
	int n_funcs;
	int cur_func;                    /* functionality of the last classified step */
	int seg_first;                   /* first step of the open segment */
	int seg_last;                    /* last classified step of the open segment */
	char **activities;
	int n_activities;
	uint64_t *screens;
	int n_screens;
	struct frame_ring *frames;       /* small screenshots of the last steps, for the strips */
};

const char *func_status_name(enum func_status s)
{
	return s == FUNC_FULL ? "full" : "partial";
}

int func_status_parse(const char *name)
{
	if (!name)
		return -1;
	if (!strncasecmp(name, "full", 4) || !strcasecmp(name, "done") ||
	    !strcasecmp(name, "complete") || !strcasecmp(name, "completed") || !strcasecmp(name, "tested"))
		return FUNC_FULL;
	if (!strncasecmp(name, "partial", 7) || !strcasecmp(name, "in progress") ||
	    !strcasecmp(name, "in_progress") || !strcasecmp(name, "untested") || !strcasecmp(name, "ongoing"))
		return FUNC_PARTIAL;
	return -1;
}

void history_segment_release(struct history_segment *s)
{
	free(s->name);
	memset(s, 0, sizeof(*s));
	s->functionality = -1;
}

void history_step_init(struct history_step *s)
{
	memset(s, 0, sizeof(*s));
	action_init(&s->action);
	s->functionality = -1;
}

void history_step_release(struct history_step *s)
{
	free(s->screenshot);
	free(s->xml);
	free(s->annotated);
	free(s->activity);
	free(s->page_description);
	free(s->row);
	free(s->feedback);
	free(s->by);
	free(s->side_trip);
	for (size_t i = 0; i < s->n_side_actions; i++) {
		action_release(&s->side_actions[i]);
		free(s->side_actions_by[i]);
	}
	free(s->side_actions);
	free(s->side_actions_by);
	action_release(&s->action);
	history_step_init(s);
}

void history_step_copy(struct history_step *dst, const struct history_step *src)
{
	*dst = *src;
	dst->screenshot = xstrdup_or_null(src->screenshot);
	dst->xml = xstrdup_or_null(src->xml);
	dst->annotated = xstrdup_or_null(src->annotated);
	dst->activity = xstrdup_or_null(src->activity);
	dst->page_description = xstrdup_or_null(src->page_description);
	dst->row = xstrdup_or_null(src->row);
	dst->feedback = xstrdup_or_null(src->feedback);
	dst->by = xstrdup_or_null(src->by);
	dst->side_trip = xstrdup_or_null(src->side_trip);
	dst->side_actions = src->n_side_actions ? xcalloc(src->n_side_actions, sizeof(*dst->side_actions)) : NULL;
	dst->side_actions_by = src->n_side_actions ? xcalloc(src->n_side_actions, sizeof(char *)) : NULL;
	for (size_t i = 0; i < src->n_side_actions; i++) {
		action_copy(&dst->side_actions[i], &src->side_actions[i]);
		dst->side_actions_by[i] = xstrdup_or_null(src->side_actions_by[i]);
	}
	action_copy(&dst->action, &src->action);
}

void history_functionality_release(struct history_functionality *f)
{
	free(f->name);
	free(f->description);
	memset(f, 0, sizeof(*f));
}

struct history *history_new(void)
{
	struct history *h = xcalloc(1, sizeof(*h));
	pthread_mutex_init(&h->lock, NULL);
	h->cur_func = -1;
	h->frames = frame_ring_new(HISTORY_FRAMES);
	return h;
}

void history_free(struct history *h)
{
	if (!h)
		return;
	frame_ring_free(h->frames);
	for (int i = 0; i < h->n_steps; i++)
		history_step_release(&h->steps[i]);
	free(h->steps);
	for (int i = 0; i < h->n_funcs; i++)
		history_functionality_release(&h->funcs[i]);
	free(h->funcs);
	for (int i = 0; i < h->n_activities; i++)
		free(h->activities[i]);
	free(h->activities);
	free(h->screens);
	pthread_mutex_destroy(&h->lock);
	free(h);
}

int history_add_step(struct history *h, const struct history_step *s)
{
	struct history_step *ns;
	int n, i;
	pthread_mutex_lock(&h->lock);
	h->steps = xrealloc(h->steps, (size_t)(h->n_steps + 1) * sizeof(*h->steps));
	ns = &h->steps[h->n_steps];
	history_step_copy(ns, s);
	ns->step = ++h->n_steps;
	ns->functionality = -1;
	n = ns->step;
	if (s->activity && s->activity[0]) {
		for (i = 0; i < h->n_activities; i++)
			if (!strcmp(h->activities[i], s->activity))
				break;
		if (i == h->n_activities) {
			h->activities = xrealloc(h->activities, (size_t)(i + 1) * sizeof(char *));
			h->activities[h->n_activities++] = xstrdup(s->activity);
		}
	}
	for (i = 0; i < h->n_screens; i++)
		if (h->screens[i] == s->sig_abstract)
			break;
	if (i == h->n_screens) {
		h->screens = xrealloc(h->screens, (size_t)(i + 1) * sizeof(uint64_t));
		h->screens[h->n_screens++] = s->sig_abstract;
	}
	pthread_mutex_unlock(&h->lock);
	return n;
}

int history_n_steps(struct history *h)
{
	int n;
	pthread_mutex_lock(&h->lock);
	n = h->n_steps;
	pthread_mutex_unlock(&h->lock);
	return n;
}

int history_get_step(struct history *h, int step, struct history_step *out)
{
	int err = TD_OK;
	pthread_mutex_lock(&h->lock);
	if (step >= 1 && step <= h->n_steps)
		history_step_copy(out, &h->steps[step - 1]);
	else
		err = TD_ERR_NOT_FOUND;
	pthread_mutex_unlock(&h->lock);
	if (err != TD_OK) {
		history_step_init(out);
		return td_error(err, "no step %d in the history", step);
	}
	return TD_OK;
}

int history_clean_start(struct history *h, int last)
{
	int first = 1;

	pthread_mutex_lock(&h->lock);
	if (last > h->n_steps)
		last = h->n_steps;
	for (int i = last; i >= 1; i--) {
		const struct action *a = &h->steps[i - 1].action;

		if (a->type == ACTION_RESTART && a->clear_data) {
			first = i + 1;
			break;
		}
	}
	pthread_mutex_unlock(&h->lock);
	return first;
}

void history_set_changed(struct history *h, int step, bool changed)
{
	pthread_mutex_lock(&h->lock);
	if (step >= 1 && step <= h->n_steps)
		h->steps[step - 1].changed = changed;
	pthread_mutex_unlock(&h->lock);
}

void history_set_feedback(struct history *h, int step, const char *feedback)
{
	pthread_mutex_lock(&h->lock);
	if (step >= 1 && step <= h->n_steps) {
		free(h->steps[step - 1].feedback);
		h->steps[step - 1].feedback = feedback && feedback[0] ? xstrdup(feedback) : NULL;
	}
	pthread_mutex_unlock(&h->lock);
}

void history_set_side_trip(struct history *h, int step, const char *name)
{
	pthread_mutex_lock(&h->lock);
	if (step >= 1 && step <= h->n_steps && !h->steps[step - 1].side_trip)
		h->steps[step - 1].side_trip = xstrdup(name);
	pthread_mutex_unlock(&h->lock);
}

void history_add_side_actions(struct history *h, int step, const char *name, const struct action *a, size_t n)
{
	pthread_mutex_lock(&h->lock);
	if (step >= 1 && step <= h->n_steps && n) {
		struct history_step *s = &h->steps[step - 1];

		s->side_actions = xrealloc(s->side_actions, (s->n_side_actions + n) * sizeof(*s->side_actions));
		s->side_actions_by = xrealloc(s->side_actions_by, (s->n_side_actions + n) * sizeof(char *));
		for (size_t i = 0; i < n; i++) {
			s->side_actions_by[s->n_side_actions] = xstrdup_or_null(name);
			action_copy(&s->side_actions[s->n_side_actions++], &a[i]);
		}
		if (!s->side_trip && name)
			s->side_trip = xstrdup(name);
	}
	pthread_mutex_unlock(&h->lock);
}

/* Trim spaces into a new string. */
static char *trimmed(const char *s)
{
	size_t n;
	while (isspace((unsigned char)*s))
		s++;
	n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	return xstrndup(s, n);
}

/* Index of the functionality named `name`, creating it; lock held. */
static int func_index(struct history *h, const char *name, const char *description)
{
	char *t = trimmed(name);
	struct history_functionality *f;
	for (int i = 0; i < h->n_funcs; i++)
		if (!strcasecmp(h->funcs[i].name, t)) {
			free(t);
			if (description && description[0] && !h->funcs[i].description)
				h->funcs[i].description = xstrdup(description);
			return i;
		}
	h->funcs = xrealloc(h->funcs, (size_t)(h->n_funcs + 1) * sizeof(*h->funcs));
	f = &h->funcs[h->n_funcs];
	memset(f, 0, sizeof(*f));
	f->name = t;
	f->description = description && description[0] ? xstrdup(description) : NULL;
	f->first_step = f->last_step = -1;
	return h->n_funcs++;
}

/* Fill *seg with the open segment; lock held. */
static void open_segment(struct history *h, struct history_segment *seg, bool final)
{
	seg->functionality = h->cur_func;
	seg->name = xstrdup(h->funcs[h->cur_func].name);
	seg->first_step = h->seg_first;
	seg->last_step = h->seg_last;
	seg->final = final;
}

int history_classify(struct history *h, int step, const char *functionality,
		     const char *description, enum func_status status,
		     const char *page_description, bool ended_now,
		     struct history_segment *ended)
{
	int fi, result = 0;
	struct history_functionality *f;

	if (!functionality || !functionality[0])
		functionality = "Unknown";
	pthread_mutex_lock(&h->lock);
	if (step < 1 || step > h->n_steps) {
		pthread_mutex_unlock(&h->lock);
		return 0;
	}
	fi = func_index(h, functionality, description);
	f = &h->funcs[fi];
	if (page_description && page_description[0]) {
		free(h->steps[step - 1].page_description);
		h->steps[step - 1].page_description = xstrdup(page_description);
	}
	h->steps[step - 1].functionality = fi;
	if (h->cur_func >= 0 && h->cur_func != fi) {
		/* The previous functionality's segment ended before this step. */
		if (ended) {
			open_segment(h, ended, false);
			result = 1;
		}
		h->cur_func = -1;
	}
	if (h->cur_func < 0) {
		h->cur_func = fi;
		h->seg_first = step;
		f->visits++;
		f->first_step = step;
	}
	h->seg_last = step;
	f->last_step = step;
	f->n_steps++;
	if (status == FUNC_FULL || f->status != FUNC_FULL)
		f->status = status;
	if (ended_now && !result) {
		if (ended) {
			open_segment(h, ended, false);
			result = 1;
		}
		h->cur_func = -1;
	}
	pthread_mutex_unlock(&h->lock);
	return result;
}

int history_finish(struct history *h, struct history_segment *out)
{
	int r = 0;
	pthread_mutex_lock(&h->lock);
	if (h->cur_func >= 0) {
		open_segment(h, out, true);
		h->cur_func = -1;
		r = 1;
	}
	pthread_mutex_unlock(&h->lock);
	return r;
}

int history_n_functionalities(struct history *h)
{
	int n;
	pthread_mutex_lock(&h->lock);
	n = h->n_funcs;
	pthread_mutex_unlock(&h->lock);
	return n;
}

int history_get_functionality(struct history *h, int i, struct history_functionality *out)
{
	int err = TD_OK;
	pthread_mutex_lock(&h->lock);
	if (i >= 0 && i < h->n_funcs) {
		*out = h->funcs[i];
		out->name = xstrdup(h->funcs[i].name);
		out->description = xstrdup_or_null(h->funcs[i].description);
	} else {
		memset(out, 0, sizeof(*out));
		err = TD_ERR_NOT_FOUND;
	}
	pthread_mutex_unlock(&h->lock);
	return err;
}

char *history_current_functionality(struct history *h)
{
	char *s;
	pthread_mutex_lock(&h->lock);
	s = xstrdup(h->cur_func >= 0 ? h->funcs[h->cur_func].name : "");
	pthread_mutex_unlock(&h->lock);
	return s;
}

/* Whether two actions are "the same" for counting. */
static bool same_action(const struct action *a, const struct action *b)
{
	if (a->type != b->type)
		return false;
	if (!action_type_targets_widget(a->type))
		return true;
	if (a->resource_id && b->resource_id && strcmp(a->resource_id, b->resource_id))
		return false;
	if ((a->widget_text && b->widget_text) && strcmp(a->widget_text, b->widget_text))
		return false;
	if (!a->widget_text && !a->resource_id)
		return a->x == b->x && a->y == b->y;
	return (a->widget_text || b->widget_text || a->resource_id) ? true : a->widget == b->widget;
}

int history_action_count(struct history *h, uint64_t sig_abstract, const struct action *a)
{
	int n = 0;
	pthread_mutex_lock(&h->lock);
	for (int i = 0; i < h->n_steps; i++)
		if (h->steps[i].sig_abstract == sig_abstract && same_action(&h->steps[i].action, a))
			n++;
	pthread_mutex_unlock(&h->lock);
	return n;
}

int history_n_screens(struct history *h)
{
	int n;
	pthread_mutex_lock(&h->lock);
	n = h->n_screens;
	pthread_mutex_unlock(&h->lock);
	return n;
}

int history_n_activities(struct history *h)
{
	int n;
	pthread_mutex_lock(&h->lock);
	n = h->n_activities;
	pthread_mutex_unlock(&h->lock);
	return n;
}

bool history_seen_activity(struct history *h, const char *activity)
{
	bool seen = false;
	pthread_mutex_lock(&h->lock);
	for (int i = 0; i < h->n_activities && !seen; i++)
		seen = !strcmp(h->activities[i], activity);
	pthread_mutex_unlock(&h->lock);
	return seen;
}

int history_activities(struct history *h, char ***out)
{
	int n;
	pthread_mutex_lock(&h->lock);
	n = h->n_activities;
	*out = xcalloc((size_t)n + 1, sizeof(char *));
	for (int i = 0; i < n; i++)
		(*out)[i] = xstrdup(h->activities[i]);
	pthread_mutex_unlock(&h->lock);
	return n;
}

/* The short name of an activity ("pkg/.ui.NotesActivity" -> "NotesActivity"). */
static const char *short_activity(const char *a)
{
	const char *dot;
	if (!a || !a[0])
		return "?";
	dot = strrchr(a, '.');
	if (dot && dot[1])
		return dot + 1;
	dot = strrchr(a, '/');
	return dot && dot[1] ? dot + 1 : a;
}

/* Append `t` quoted on one line, cut at `max` bytes. */
static void add_quoted(struct strbuf *sb, const char *t, int max)
{
	(void)strbuf_addch(sb, '"');
	for (int i = 0, n = ui_text_prefix_len(t, max); i < n; i++)
		(void)strbuf_addch(sb, (unsigned char)t[i] < 0x20 ? ' ' : t[i]);
	if ((int)strlen(t) > max)
		(void)strbuf_adds(sb, "...");
	(void)strbuf_addch(sb, '"');
}

/* The action of a step as records say it. */
static void action_text(const struct history_step *s, struct strbuf *sb)
{
	const struct action *a = &s->action;
	(void)strbuf_adds(sb, action_type_name(a->type));
	if (action_type_targets_widget(a->type)) {
		if (a->widget_text && a->widget_text[0]) {
			(void)strbuf_addch(sb, ' ');
			add_quoted(sb, a->widget_text, 60);
		} else if (a->resource_id && a->resource_id[0]) {
			const char *tail = strstr(a->resource_id, ":id/");
			(void)strbuf_addf(sb, " id %s", tail ? tail + 4 : a->resource_id);
		} else if (a->widget > 0) {
			(void)strbuf_addf(sb, " #%d", a->widget);
		}
		if (s->row && s->row[0]) {
			(void)strbuf_adds(sb, " in row ");
			add_quoted(sb, s->row, 60);
		}
	}
	if (a->type == ACTION_INPUT && a->text) {
		(void)strbuf_adds(sb, " <- ");
		add_quoted(sb, a->text, 60);
	}
	if (a->type == ACTION_SCROLL)
		(void)strbuf_addf(sb, " %s", action_direction_name(a->direction));
	if ((a->type == ACTION_DEEP_LINK || a->type == ACTION_START_ACTIVITY) && a->uri)
		(void)strbuf_addf(sb, " %s", a->uri);
}

char *history_step_action_text(const struct history_step *s)
{
	struct strbuf sb = STRBUF_INIT;
	action_text(s, &sb);
	return strbuf_detach(&sb, NULL);
}

/* What followed the action: the app's message, or that nothing changed. */
static void result_text(const struct history_step *s, struct strbuf *sb)
{
	if (s->feedback && s->feedback[0])
		(void)strbuf_addf(sb, " -> app showed %.*s", ui_text_prefix_len(s->feedback, 140), s->feedback);
	else if (!s->changed)
		(void)strbuf_adds(sb, " (no visible change)");
	if (s->side_trip)
		(void)strbuf_addf(sb, " [then the tester's own check: %s]", s->side_trip);
}

/* One compact step record line (the Explorer's history); lock held. */
static void step_line(struct history *h, const struct history_step *s, struct strbuf *sb)
{
	(void)h;
	(void)strbuf_addf(sb, "#%d [%s] ", s->step, short_activity(s->activity));
	if (s->by)
		(void)strbuf_addf(sb, "tester (%s): ", s->by);
	action_text(s, sb);
	result_text(s, sb);
	(void)strbuf_addch(sb, '\n');
}

/* One full record (the Detector's actual path): activity, page, action, result; lock held. */
static void record_line(struct history *h, const struct history_step *s, struct strbuf *sb, bool pages)
{
	(void)strbuf_addf(sb, "#%d [%s]", s->step, short_activity(s->activity));
	if (s->functionality >= 0)
		(void)strbuf_addf(sb, " {%s}", h->funcs[s->functionality].name);
	if (pages && s->page_description && s->page_description[0])
		(void)strbuf_addf(sb, " page: %.*s;", ui_text_prefix_len(s->page_description, 100), s->page_description);
	(void)strbuf_adds(sb, s->by ? " tester's action (" : " action: ");
	if (s->by)
		(void)strbuf_addf(sb, "%s): ", s->by);
	action_text(s, sb);
	result_text(s, sb);
	(void)strbuf_addch(sb, '\n');
}

/* The functionality list; lock held. */
static void func_list(struct history *h, struct strbuf *sb)
{
	if (!h->n_funcs) {
		(void)strbuf_adds(sb, "Functionalities tested: none yet.\n");
		return;
	}
	(void)strbuf_adds(sb, "Functionalities tested (name: visits, steps, status):\n");
	for (int i = 0; i < h->n_funcs; i++)
		(void)strbuf_addf(sb, "- %s: %d visit%s, %d step%s, %s tested\n", h->funcs[i].name,
				  h->funcs[i].visits, h->funcs[i].visits == 1 ? "" : "s",
				  h->funcs[i].n_steps, h->funcs[i].n_steps == 1 ? "" : "s",
				  h->funcs[i].status == FUNC_FULL ? "fully" : "partially");
}

char *history_functionality_text(struct history *h)
{
	struct strbuf sb = STRBUF_INIT;
	pthread_mutex_lock(&h->lock);
	func_list(h, &sb);
	pthread_mutex_unlock(&h->lock);
	return strbuf_detach(&sb, NULL);
}

char *history_text_view(struct history *h, int max_tokens)
{
	struct strbuf head = STRBUF_INIT, body = STRBUF_INIT;
	size_t budget = max_tokens > 0 ? (size_t)max_tokens * 4 : 0;
	int first;

	pthread_mutex_lock(&h->lock);
	func_list(h, &head);
	/* Newest records first until the budget is spent: drop the oldest. */
	first = h->n_steps;
	{
		size_t used = head.len + 40;
		struct strbuf line = STRBUF_INIT;
		while (first > 0) {
			strbuf_reset(&line);
			step_line(h, &h->steps[first - 1], &line);
			if (budget && used + line.len > budget)
				break;
			used += line.len;
			first--;
		}
		strbuf_release(&line);
	}
	if (h->n_steps) {
		if (first > 0)
			(void)strbuf_addf(&body, "Testing records (the %d oldest of %d not shown):\n", first,
					  h->n_steps);
		else
			(void)strbuf_adds(&body, "Testing records:\n");
		for (int i = first; i < h->n_steps; i++)
			step_line(h, &h->steps[i], &body);
	}
	pthread_mutex_unlock(&h->lock);
	(void)strbuf_add(&head, body.buf, body.len);
	strbuf_release(&body);
	return strbuf_detach(&head, NULL);
}

char *history_segment_records(struct history *h, int first, int last, bool page_descriptions)
{
	struct strbuf sb = STRBUF_INIT;
	pthread_mutex_lock(&h->lock);
	if (first < 1)
		first = 1;
	if (last > h->n_steps)
		last = h->n_steps;
	for (int i = first; i <= last; i++)
		record_line(h, &h->steps[i - 1], &sb, page_descriptions);
	pthread_mutex_unlock(&h->lock);
	return strbuf_detach(&sb, NULL);
}

void history_put_frame(struct history *h, int step, struct image *img, int screen_w, int screen_h)
{
	frame_ring_put(h->frames, step, img, screen_w, screen_h);
}

char *history_segment_text(struct history *h, int first, int last)
{
	return history_segment_records(h, first, last, true);
}

/* One frame of a strip: a copy of the step (or of the page after the last step). */
struct strip_frame {
	struct history_step step;
	bool after;               /* the page after the newest action */
};

/* Copies of the frames first..last (last may be one past the newest step); lock taken. */
static int strip_frames(struct history *h, int first, int last, struct strip_frame **out)
{
	int n = 0;
	pthread_mutex_lock(&h->lock);
	if (first < 1)
		first = 1;
	if (last > h->n_steps + 1)
		last = h->n_steps + 1;
	if (last >= first) {
		*out = xcalloc((size_t)(last - first + 1), sizeof(**out));
		for (int i = first; i <= last; i++, n++) {
			if (i <= h->n_steps) {
				history_step_copy(&(*out)[n].step, &h->steps[i - 1]);
			} else {
				history_step_init(&(*out)[n].step);
				(*out)[n].step.step = i;
				(*out)[n].step.screenshot = rundir_step_rel(i, ".png");
				(*out)[n].after = true;
			}
		}
	}
	pthread_mutex_unlock(&h->lock);
	return n;
}

/* One strip image of frames f[0..n-1] as PNG; TD_ERR_NOT_FOUND when none has a screenshot. */
static int strip_png(struct history *h, const struct strip_frame *f, int n, const char *run_dir,
		     unsigned char **png, size_t *png_len)
{
	struct history_strip_step *frames = xcalloc((size_t)n, sizeof(*frames));
	struct image **shots = xcalloc((size_t)n, sizeof(*shots));
	char **labels = xcalloc((size_t)n, sizeof(*labels));
	struct history_strip_opts opts;
	struct image *strip = NULL;
	int have = 0, err;

	for (int i = 0; i < n; i++) {
		const char *rel = f[i].step.screenshot;
		/* The small copy the Explorer kept, else the PNG in the run directory. */
		shots[i] = frame_ring_get(h->frames, f[i].step.step, &frames[i].screen_width,
					  &frames[i].screen_height);
		if (shots[i])
			have++;
		else if (rel && run_dir) {
			char *path = xasprintf("%s/%s", run_dir, rel);
			if (image_read_file(path, &shots[i]) == TD_OK)
				have++;
			else
				shots[i] = NULL;
			free(path);
		}
		/* Short captions: the step's action, or "after" for the final page. */
		labels[i] = f[i].after ? xstrdup("page after the last action")
				       : history_step_action_text(&f[i].step);
		frames[i].shot = shots[i];
		if (!f[i].after) {
			frames[i].box = f[i].step.action.bounds;
			frames[i].actions = action_type_ui_bit(f[i].step.action.type);
		}
		frames[i].action = labels[i];
		frames[i].page = f[i].step.feedback;
		frames[i].number = f[i].step.step;
	}
	if (!have) {
		err = td_error(TD_ERR_NOT_FOUND, "no screenshots for steps %d..%d", f[0].step.step,
			       f[n - 1].step.step);
		goto out;
	}
	history_strip_opts_default(&opts);
	/* Few frames per image: keep them legible (at most 3 columns). */
	if (opts.columns > 3)
		opts.columns = 3;
	err = history_strip_build(frames, (size_t)n, &opts, &strip);
	if (err == TD_OK)
		err = annotate_encode_png(strip, NULL, png, png_len); /* the request palette PNG */
out:
	image_free(strip);
	for (int i = 0; i < n; i++) {
		image_free(shots[i]);
		free(labels[i]);
	}
	free(shots);
	free(labels);
	free(frames);
	return err;
}

static void strip_frames_free(struct strip_frame *f, int n)
{
	for (int i = 0; i < n; i++)
		history_step_release(&f[i].step);
	free(f);
}

int history_image_view(struct history *h, const char *run_dir, int first, int last,
		       int max_frames, unsigned char **png, size_t *png_len)
{
	struct strip_frame *f = NULL;
	int n, err;

	*png = NULL;
	*png_len = 0;
	if (max_frames > 0 && last - first + 1 > max_frames)
		first = last - max_frames + 1;
	n = strip_frames(h, first, last, &f);
	if (!n)
		return td_error(TD_ERR_NOT_FOUND, "no steps %d..%d in the history", first, last);
	err = strip_png(h, f, n, run_dir, png, png_len);
	strip_frames_free(f, n);
	return err;
}

int history_image_views(struct history *h, const char *run_dir, int first, int last, int per_image,
			int max_images, unsigned char **pngs, size_t *lens)
{
	struct strip_frame *f = NULL;
	int n, made = 0, start, chunks;

	if (per_image < 1)
		per_image = 6;
	if (max_images < 1)
		max_images = 1;
	if (last - first + 1 > per_image * max_images)
		first = last - per_image * max_images + 1;
	n = strip_frames(h, first, last, &f);
	if (!n)
		return 0;
	/* Even chunks: 7 frames make 4 + 3, not 6 + 1. */
	chunks = (n + per_image - 1) / per_image;
	start = 0;
	for (int c = 0; c < chunks; c++) {
		int len = (n - start) / (chunks - c) + ((n - start) % (chunks - c) ? 1 : 0);
		pngs[made] = NULL;
		lens[made] = 0;
		if (strip_png(h, f + start, len, run_dir, &pngs[made], &lens[made]) == TD_OK)
			made++;
		start += len;
	}
	strip_frames_free(f, n);
	return made;
}

/* JSON of one functionality; lock held. */
static cJSON *func_json(const struct history_functionality *f)
{
	cJSON *o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "name", f->name);
	if (f->description)
		cJSON_AddStringToObject(o, "description", f->description);
	cJSON_AddNumberToObject(o, "visits", f->visits);
	cJSON_AddNumberToObject(o, "steps", f->n_steps);
	cJSON_AddStringToObject(o, "status", func_status_name(f->status));
	return o;
}

cJSON *history_functionalities_json(struct history *h)
{
	cJSON *arr = cJSON_CreateArray();
	pthread_mutex_lock(&h->lock);
	for (int i = 0; i < h->n_funcs; i++)
		cJSON_AddItemToArray(arr, func_json(&h->funcs[i]));
	pthread_mutex_unlock(&h->lock);
	return arr;
}

cJSON *history_to_json(struct history *h)
{
	cJSON *root = cJSON_CreateObject(), *steps;
	char sig[24];
	cJSON_AddItemToObject(root, "functionalities", history_functionalities_json(h));
	steps = cJSON_AddArrayToObject(root, "steps");
	pthread_mutex_lock(&h->lock);
	for (int i = 0; i < h->n_steps; i++) {
		const struct history_step *s = &h->steps[i];
		cJSON *o = cJSON_CreateObject();
		cJSON_AddNumberToObject(o, "step", s->step);
		if (s->activity)
			cJSON_AddStringToObject(o, "activity", s->activity);
		if (s->screenshot)
			cJSON_AddStringToObject(o, "screenshot", s->screenshot);
		snprintf(sig, sizeof(sig), "%016llx", (unsigned long long)s->sig_abstract);
		cJSON_AddStringToObject(o, "sig_abstract", sig);
		cJSON_AddItemToObject(o, "action", action_to_json(&s->action));
		if (s->page_description)
			cJSON_AddStringToObject(o, "page", s->page_description);
		if (s->functionality >= 0)
			cJSON_AddStringToObject(o, "functionality", h->funcs[s->functionality].name);
		cJSON_AddItemToArray(steps, o);
	}
	pthread_mutex_unlock(&h->lock);
	return root;
}
