/*
 * loops.c - Delm's window-based loop detector and the activity jump that
 * gets the exploration out (see loops.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agents/loops.h"
#include "core/blocklist.h"
#include "core/config.h"
#include "core/xalloc.h"
#include "device/app_info.h"

struct loop_detector {
	struct loop_params p;
	uint64_t *ring;
	int n, head;
};

void loop_params_scale(struct loop_params *p, int window, int limit, int budget)
{
	int w = window;

	if (budget > 0 && budget / 2 < w)
		w = budget / 2;
	if (w < LOOP_MIN_WINDOW)
		w = LOOP_MIN_WINDOW < window ? LOOP_MIN_WINDOW : window;
	p->window = w;
	p->limit = (int)((long)limit * w / (window > 0 ? window : 1));
	/* A form takes several steps on one screen: never fewer than LOOP_MIN_LIMIT
	 * visits, nor under a quarter of the window. */
	if (p->limit < w / 4)
		p->limit = w / 4;
	if (p->limit < LOOP_MIN_LIMIT)
		p->limit = LOOP_MIN_LIMIT < w ? LOOP_MIN_LIMIT : w;
}

bool loop_form_holds_input(const struct ui_tree *tree)
{
	for (size_t i = 0; tree && i < tree->n_nodes; i++) {
		const struct ui_widget *w = tree->nodes[i];
		if (!ui_class_is_editable(w->class_name) || !ui_widget_visible(w, &tree->screen))
			continue;
		if (w->text[0] && strcmp(w->text, w->hint))
			return true;
	}
	return false;
}

int loop_params_from_config(struct loop_params *p, const struct config *cfg, int budget)
{
	int window = 200, limit = 50;

	if (cfg) {
		window = (int)config_int(cfg, "loops.window");
		limit = (int)config_int(cfg, "loops.limit");
		if (window < 2 || limit < 2 || limit > window) {
			loop_params_scale(p, 200, 50, budget);
			return td_error(TD_ERR_CONFIG, "loops: window >= 2 and 2 <= limit <= window expected");
		}
	}
	loop_params_scale(p, window, limit, budget);
	return TD_OK;
}

struct loop_detector *loop_detector_new(const struct loop_params *p)
{
	struct loop_detector *d = xcalloc(1, sizeof(*d));

	if (p)
		d->p = *p;
	else
		loop_params_scale(&d->p, 200, 50, 0);
	if (d->p.window < 1)
		d->p.window = 1;
	d->ring = xcalloc((size_t)d->p.window, sizeof(*d->ring));
	return d;
}

void loop_detector_free(struct loop_detector *d)
{
	if (!d)
		return;
	free(d->ring);
	free(d);
}

bool loop_detector_push(struct loop_detector *d, uint64_t state, uint64_t *repeated, int *count)
{
	int best = 0;
	uint64_t best_state = 0;

	d->ring[d->head] = state;
	d->head = (d->head + 1) % d->p.window;
	if (d->n < d->p.window)
		d->n++;
	if (d->n < d->p.window)
		return false;
	/* O(window^2) at most 200x200 per step: cheap next to a screen capture. */
	for (int i = 0; i < d->n; i++) {
		int c = 0;

		for (int j = 0; j < d->n; j++)
			if (d->ring[j] == d->ring[i])
				c++;
		if (c > best) {
			best = c;
			best_state = d->ring[i];
		}
	}
	if (repeated)
		*repeated = best_state;
	if (count)
		*count = best;
	return best >= d->p.limit;
}

void loop_detector_reset(struct loop_detector *d)
{
	d->n = 0;
	d->head = 0;
}

struct visit {
	char *activity;   /* fully qualified */
	int last;
};

struct loop_visits {
	struct visit *v;
	size_t n, alloc;
};

struct loop_visits *loop_visits_new(void)
{
	return xcalloc(1, sizeof(struct loop_visits));
}

void loop_visits_free(struct loop_visits *v)
{
	if (!v)
		return;
	for (size_t i = 0; i < v->n; i++)
		free(v->v[i].activity);
	free(v->v);
	free(v);
}

void loop_visits_note(struct loop_visits *v, const struct app_info *info, const char *activity, int step)
{
	int idx;
	const char *name;

	if (!info || !activity || !*activity)
		return;
	idx = app_info_find_activity(info, activity);
	if (idx < 0)
		return;
	name = info->activities[idx].name;
	for (size_t i = 0; i < v->n; i++) {
		if (strcmp(v->v[i].activity, name) == 0) {
			v->v[i].last = step;
			return;
		}
	}
	v->v = xgrow(v->v, &v->alloc, v->n + 1, sizeof(*v->v));
	v->v[v->n].activity = xstrdup(name);
	v->v[v->n].last = step;
	v->n++;
}

/* Last step activity `name` was seen, -1 never. */
static int visit_last(const struct loop_visits *v, const char *name)
{
	for (size_t i = 0; v && i < v->n; i++)
		if (strcmp(v->v[i].activity, name) == 0)
			return v->v[i].last;
	return -1;
}

/* The first deep link declared for activity `name`, or NULL. */
static const struct app_deep_link *deep_link_of(const struct app_info *info, const char *name)
{
	for (size_t i = 0; i < info->n_deep_links; i++)
		if (strcmp(info->deep_links[i].activity, name) == 0 && info->deep_links[i].uri &&
		    *info->deep_links[i].uri)
			return &info->deep_links[i];
	return NULL;
}

int loop_choose_escape(const struct app_info *info, const struct loop_visits *v, const char *current,
		       const struct blocklist *block, struct action *out)
{
	int cur = current ? app_info_find_activity(info, current) : -1;
	long best_score = -1;
	size_t best = 0;
	char reason[256];

	action_init(out);
	for (size_t i = 0; info && i < info->n_activities; i++) {
		const struct app_activity *a = &info->activities[i];
		int last = visit_last(v, a->name);
		long score;

		if ((int)i == cur || (!a->exported && !deep_link_of(info, a->name)) ||
		    blocklist_match_activity(block, a->name, info->package))
			continue;
		/* Unvisited first (deep link before am start), then least recently visited. */
		if (last < 0)
			score = 1000000000L + (deep_link_of(info, a->name) ? 1 : 0);
		else
			score = 1000000L - last;
		if (score > best_score) {
			best_score = score;
			best = i;
		}
	}
	if (best_score < 0)
		return td_error(TD_ERR_NOT_FOUND, "no activity of %s can be started from outside",
				info && info->package ? info->package : "the app");
	{
		const struct app_activity *a = &info->activities[best];
		const struct app_deep_link *dl = deep_link_of(info, a->name);
		bool unvisited = visit_last(v, a->name) < 0;

		if (dl) {
			out->type = ACTION_DEEP_LINK;
			out->uri = xstrdup(dl->uri);
		} else {
			out->type = ACTION_START_ACTIVITY;
			out->uri = xasprintf("%s/%s", info->package, a->name);
		}
		snprintf(reason, sizeof(reason), "loop escape: %s %s activity %s", dl ? "deep link to" : "am start -n",
			 unvisited ? "unvisited" : "least recently visited", a->name);
		out->reason = xstrdup(reason);
	}
	return TD_OK;
}
