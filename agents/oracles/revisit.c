/*
 * revisit.c - the walk back after a setting changes: a tester who switches
 * to miles, a 24-hour clock or weeks starting on Monday goes back to a page
 * that showed distances, times or a week and looks whether it followed.
 * The offline brain has no such habit: its weights send it on to untried
 * widgets, and the pages a setting governs are seen again, if ever, long
 * after (maps, session 25: imperial units chosen at step 171 and no list
 * of places opened afterwards).
 *
 * The setting tracker (setting.c) names the pages: the latest others that
 * showed what the changed setting governs (oracle_setting_revisit). Pages
 * are keyed coarsely (oracle_revisit_key: activity, app-bar title, selected
 * tabs, a dialog open or not), and the clicks the run made from one page
 * to another are remembered by label. Before the brain chooses, the
 * oracles plugin takes the walk's next step: a click shown on this screen
 * that the run once made from this page (or, for a tab or bottom-bar item,
 * from any page) towards the nearest page still to see (fewest recorded
 * clicks), or Back while none leads there. These are
 * steps of the run, not side trips: every oracle sees the pages they
 * reach (the setting tracker judges the page walked to), and a report's
 * steps replay them. A walk goes on until it has seen every page it can
 * reach; a page counts as seen on arrival, or after a click that once led
 * straight to it (the page may look otherwise now: that is what is looked
 * at), but not when the first Backs come down to it (it was the way in to
 * the settings). It gives up after REVISIT_ACTIONS actions, or
 * REVISIT_BACKS Backs in a row without a way on; `oracles.setting_revisits`
 * walks per run.
 *
 * The same habit after a delete: a delete confirmed in a dialog that
 * leaves the run on a page with Up (a message deleted in its
 * conversation) is followed by one Back, to the page that lists what was
 * deleted, where the crud oracle looks for its text (messages, session 46:
 * the conversation list still showing a deleted last message, which the
 * walk never saw again). REVISIT_LOOK_BACKS per run. On a page with a
 * strip of tabs the other tab comes first (splitter, session 47: an
 * expense deleted from a group's Expenses tab, whose Balances tab still
 * counted it; the walk went Back at once and never compared the two
 * tabs), REVISIT_LOOK_TABS per run; the total oracle judges the switch.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "agents/action.h"
#include "agents/brain.h"
#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

/* Backs a walk may take while no recorded click leads on (leaving the settings pages). */
#define REVISIT_BACKS 3
/* Pages a walk reaches by clicks before it ends (a list, an item's page, a search...). */
#define REVISIT_SEEN ORACLE_REVISIT_PAGES
/* Actions a walk takes at most. */
#define REVISIT_ACTIONS 20
/* Backs taken per run to look at the list after a delete. */
#define REVISIT_LOOK_BACKS 8
/* Taps on another tab taken per run after a delete. */
#define REVISIT_LOOK_TABS 8
/* Clicks found not to lead on, per walk. */
#define REVISIT_DEAD 16
/* Distinct page-to-page clicks remembered. */
#define REVISIT_EDGES 1024
/* No way (more clicks than any walk takes). */
#define FAR 1000

uint64_t oracle_revisit_family(const struct ui_tree *t, const char *activity)
{
	const char *title = oracle_app_bar_title(t);
	uint64_t k = oracle_hash_str(ORACLE_HASH_BASIS, activity ? activity : "");

	for (const char *p = title; p && *p; p++)
		if (!isdigit((unsigned char)*p))
			k = (k ^ (unsigned char)*p) * 0x100000001b3ULL;
	return k | 1;
}

uint64_t oracle_revisit_key(const struct ui_tree *t, const char *activity)
{
	uint64_t k = oracle_revisit_family(t, activity);

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (w->selected && !w->checkable && oracle_is_nav_item(w) && ui_widget_visible(w, &t->screen))
			k = oracle_hash_str(k, *w->text ? w->text : w->content_desc);
	}
	if (oracle_screen_has_layer(t))
		k = oracle_hash_str(k, "layer");
	return k | 1;
}

/* The label a remembered click is told apart by. */
static const char *click_label(const struct action *a)
{
	return a->widget_text && *a->widget_text ? a->widget_text : a->resource_id ? a->resource_id : "";
}

/* Whether t shows an Up button: a page below another one. */
static bool shows_up(const struct ui_tree *t)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (w->clickable && ui_widget_visible(w, &t->screen) && !strcasecmp(ui_widget_label(w), "Navigate up"))
			return true;
	}
	return false;
}

void oracle_revisit_observe(struct oracles_state *st, const struct oracle_step *s)
{
	struct revisit *rv = &st->revisit;
	const struct action *a = s->done;
	uint64_t from, to;

	/* A delete confirmed in a dialog that stays on a page below another (a
	 * message deleted in its conversation): the list it is shown in, one
	 * Back away, is where a tester looks next; on a page with tabs (an
	 * expense deleted from a group's Expenses tab), first the other tab
	 * (its Balances). The look steps themselves keep what is still due. */
	if (a && a->type == ACTION_CLICK && s->before->in_app && s->after->in_app && s->before->tree &&
	    s->after->tree && oracle_screen_has_layer(s->before->tree) && !oracle_screen_has_layer(s->after->tree) &&
	    oracle_is_delete_action(s->before->tree, a)) {
		rv->look_back = rv->look_backs < REVISIT_LOOK_BACKS && shows_up(s->after->tree);
		rv->look_tab = rv->look_tabs < REVISIT_LOOK_TABS && oracle_other_tab(s->after->tree);
	} else if (!rv->looking) {
		rv->look_back = rv->look_tab = false;
	}
	rv->looking = false;

	if (!a || a->type != ACTION_CLICK || !s->before->in_app || !s->after->in_app || oracle_is_confirm_word_action(a) ||
	    !*click_label(a) || oracle_is_delete_action(s->before->tree, a))
		return;
	from = oracle_revisit_key(s->before->tree, s->before->activity);
	to = oracle_revisit_key(s->after->tree, s->after->activity);
	if (from == to)
		return;
	for (size_t i = 0; i < rv->n_edges; i++)
		if (rv->edges[i].from == from && rv->edges[i].to == to &&
		    !strcmp(click_label(&rv->edges[i].a), click_label(a)))
			return;
	if (rv->n_edges >= REVISIT_EDGES)
		return;
	rv->edges = xgrow(rv->edges, &rv->alloc_edges, rv->n_edges + 1, sizeof(*rv->edges));
	rv->edges[rv->n_edges].from = from;
	rv->edges[rv->n_edges].to = to;
	action_copy(&rv->edges[rv->n_edges].a, a);
	rv->n_edges++;
}

void oracle_revisit_free(struct oracles_state *st)
{
	for (size_t i = 0; i < st->revisit.n_edges; i++)
		action_release(&st->revisit.edges[i].a);
	free(st->revisit.edges);
}

/* Trace the walk's start or end. */
static void trace_walk(struct agent_env *env, const struct revisit *rv, const char *outcome, int step)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "by", "oracles");
	cJSON_AddStringToObject(o, "kind", "revisit");
	cJSON_AddStringToObject(o, "setting", rv->kind);
	cJSON_AddStringToObject(o, "outcome", outcome);
	cJSON_AddNumberToObject(o, "pages", (double)rv->n_pages);
	cJSON_AddNumberToObject(o, "reached", rv->seen);
	cJSON_AddNumberToObject(o, "backs", rv->backs);
	cJSON_AddNumberToObject(o, "clicks", rv->clicks);
	cJSON_AddNumberToObject(o, "step", step);
	(void)agent_env_trace(env, "intervention", o);
}

/* End the walk, tracing why. */
static int walk_over(struct agent_env *env, struct revisit *rv, const char *outcome, int step)
{
	trace_walk(env, rv, outcome, step);
	rv->n_pages = 0;
	return 0;
}

/* Start a walk when the setting tracker asks for one. */
static bool walk_start(struct oracles_state *st, struct agent_env *env, int step)
{
	struct revisit *rv = &st->revisit;
	int i = oracle_kind_index(&oracle_kind_setting);
	const char *kind = NULL;
	size_t n;

	if (i < 0 || !st->on[i] || !st->trackers[i])
		return false;
	n = oracle_setting_revisit(st->trackers[i], rv->pages, &kind);
	if (!n || rv->walks >= rv->max_walks)
		return false;
	rv->n_pages = n;
	rv->kind = kind;
	rv->backs = rv->clicks = rv->actions = rv->seen = 0;
	rv->n_dead = 0;
	rv->last_edge = 0;
	rv->walks++;
	trace_walk(env, rv, "start", step);
	return true;
}

/* Whether edge e failed on this walk. */
static bool dead(const struct revisit *rv, size_t e)
{
	for (size_t i = 0; i < rv->n_dead; i++)
		if (rv->dead[i] == e + 1)
			return true;
	return false;
}

/* The widget of t that click a tapped, when it still says what it said (not another widget with its id). */
static const struct ui_widget *same_widget(const struct action *a, const struct ui_tree *t)
{
	const struct ui_widget *w = action_resolve(a, t);

	if (w && a->widget_text && *a->widget_text && strcmp(ui_widget_label(w), a->widget_text))
		return NULL;
	return w;
}

/* Mark page j reached (by a click: counted); true when the walk has seen enough. */
static bool reached(struct revisit *rv, size_t j, bool by_click)
{
	rv->pages[j] = 0;
	rv->seen += by_click;
	rv->backs = 0;
	for (size_t k = 0; k < rv->n_pages; k++)
		if (rv->pages[k])
			return rv->seen >= REVISIT_SEEN;
	return true;
}

/*
 * Clicks from each remembered page to the nearest page still to see, into
 * dist[] by edge destination: dist_to(key) over the edges, FAR when none
 * within ORACLE_PATH_MAX (Bellman-Ford rounds over the edge list).
 */
static int *distances(const struct revisit *rv)
{
	size_t n = rv->n_edges;
	int *d = xmalloc((n ? n : 1) * sizeof(*d)); /* d[e]: clicks from edges[e].to to a page to see */

	for (size_t e = 0; e < n; e++) {
		d[e] = FAR;
		for (size_t j = 0; j < rv->n_pages; j++)
			if (rv->pages[j] && rv->edges[e].to == rv->pages[j])
				d[e] = 0;
	}
	for (int round = 1; round < ORACLE_PATH_MAX; round++)
		for (size_t e = 0; e < n; e++)
			for (size_t g = 0; g < n && d[e] > 0; g++)
				if (rv->edges[g].from == rv->edges[e].to && d[g] + 1 < d[e])
					d[e] = d[g] + 1;
	return d;
}

int oracle_revisit_choose(struct oracles_state *st, struct agent_env *env, const struct brain_screen *s,
			  struct action *a)
{
	struct revisit *rv = &st->revisit;
	const struct ui_widget *w, *best_w = NULL;
	size_t best = 0;
	uint64_t here;
	int *d;

	if (rv->look_tab && !rv->n_pages) {
		rv->look_tab = false;
		if (!s->in_app || !s->tree || !(w = oracle_other_tab(s->tree)))
			return 0;
		rv->look_tabs++;
		rv->looking = true;
		action_init(a);
		a->type = ACTION_CLICK;
		a->widget_text = xstrdup(oracle_item_label(w));
		if (w->resource_id && *w->resource_id)
			a->resource_id = xstrdup(w->resource_id);
		a->class_name = xstrdup(w->class_name);
		a->x = (w->bounds.x1 + w->bounds.x2) / 2;
		a->y = (w->bounds.y1 + w->bounds.y2) / 2;
		a->bounds = w->bounds;
		a->reason = xstrdup("look at the other tab: the page's other view of what was just deleted");
		return 1;
	}
	if (rv->look_back && !rv->n_pages) {
		rv->look_back = false;
		if (!s->in_app || !s->tree)
			return 0;
		rv->look_backs++;
		rv->looking = true;
		action_init(a);
		a->type = ACTION_BACK;
		a->reason = xstrdup("look back: the page that lists what was just deleted");
		return 1;
	}
	if (!rv->n_pages && !walk_start(st, env, s->step))
		return 0;
	if (!s->in_app || !s->tree)
		return walk_over(env, rv, "left the app", s->step);
	if (rv->actions >= REVISIT_ACTIONS)
		return walk_over(env, rv, "too long", s->step);
	here = oracle_revisit_key(s->tree, s->activity);
	/* A page the Backs came down to is not what the walk is for: it was the way in to the settings. */
	for (size_t j = 0; j < rv->n_pages; j++)
		if (rv->pages[j] == here && reached(rv, j, rv->clicks > 0))
			return walk_over(env, rv, "arrived", s->step);
	/* The walk's last click left the page as it was: not a way on (this walk). */
	if (rv->last_edge && rv->last_from == here)
		rv->dead[rv->n_dead < REVISIT_DEAD ? rv->n_dead++ : REVISIT_DEAD - 1] = rv->last_edge;
	rv->last_edge = 0;
	/* A click shown here that once led from this page nearest to a page still to see. */
	d = distances(rv);
	for (size_t e = 0; e < rv->n_edges; e++) {
		if (d[e] >= FAR || (best_w && d[e] >= d[best]) || dead(rv, e) ||
		    !(w = same_widget(&rv->edges[e].a, s->tree)))
			continue;
		/* A tab or bottom-bar item leads to its page from any page that shows it (transit, session 46:
		 * Departures, then the Settings tab; Back from a tab leaves the app). */
		if (rv->edges[e].from != here && !oracle_is_nav_item(w))
			continue;
		best = e;
		best_w = w;
	}
	if (best_w) {
		const struct nav_edge *e = &rv->edges[best];
		bool last = d[best] == 0;

		free(d);
		action_copy(a, &e->a);
		a->x = (best_w->bounds.x1 + best_w->bounds.x2) / 2;
		a->y = (best_w->bounds.y1 + best_w->bounds.y2) / 2;
		a->bounds = best_w->bounds;
		free(a->reason);
		a->reason = xasprintf("revisit: back to a page that showed what %s governs", rv->kind);
		rv->clicks++;
		rv->actions++;
		rv->last_edge = best + 1;
		rv->last_from = here;
		/* A click that once led straight to a page to see: that page is what the walk came for. */
		if (last) {
			for (size_t j = 0; j < rv->n_pages; j++)
				if (rv->pages[j] == e->to && reached(rv, j, true)) {
					(void)walk_over(env, rv, "last click", s->step);
					break;
				}
		}
		return 1;
	}
	free(d);
	if (rv->backs >= REVISIT_BACKS)
		return walk_over(env, rv, "no way back", s->step);
	action_init(a);
	a->type = ACTION_BACK;
	a->reason = xasprintf("revisit: leaving for a page that showed what %s governs", rv->kind);
	rv->backs++;
	rv->actions++;
	return 1;
}
