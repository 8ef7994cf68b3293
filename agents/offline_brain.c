/*
 * offline_brain.c - the "offline" and "random" brain kinds: exploration
 * without a model.
 *
 *   offline  Explorer: Genie's weighted systematic selection (offline_policy.h)
 *            with field-aware inputs, untried-first per functionality, Back /
 *            restart when stuck, and the events the tarpit plugin blocked.
 *            Monitor: functionalities from the activity, the screen title and
 *            clusters of abstract states (SimCheck groups) when a screen has
 *            no title. Detector: none; the deterministic oracles (plugins)
 *            find the bugs.
 *   random   Explorer: a seeded monkey-like baseline (uniform widget or Back).
 *            Monitor: the same offline monitor.
 *
 * The Explorer fills the merged request's note (functionality and page
 * description) itself, so the history has the same views as in model mode.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agents/brain.h"
#include "agents/offline_policy.h"
#include "agents/offline_shared.h"
#include "agents/rundir.h"
#include "agents/tarpit.h"
#include "core/strbuf.h"
#include "core/ui_align.h"
#include "core/xalloc.h"

struct offline_explorer {
	struct offline_policy *pol;
	struct offline_shared *sh;
	struct tarpit_groups *groups;  /* clusters of abstract states for functionality names */
	size_t blocked_cursor;
	bool random;
	bool pending;                   /* the policy chose the action being performed */
	enum action_type pending_type;
	int pending_widget;             /* its annotation number, -1 none */
};

/* "pkg/.ui.NotesActivity" -> "Notes" into buf. */
static void activity_short(const char *activity, char *buf, size_t n)
{
	const char *s = activity && *activity ? activity : "App";
	const char *dot = strrchr(s, '.'), *slash = strrchr(s, '/');
	size_t len;

	if (dot && dot[1])
		s = dot + 1;
	else if (slash && slash[1])
		s = slash + 1;
	len = strlen(s);
	if (len > 8 && strcmp(s + len - 8, "Activity") == 0)
		len -= 8;
	if (len >= n)
		len = n - 1;
	memcpy(buf, s, len);
	buf[len] = '\0';
}

/* The screen title: an app-bar/toolbar text, else the first non-editable text in the top eighth. */
static const char *screen_title(const struct ui_tree *t)
{
	int h = ui_rect_height(&t->screen);

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (!*w->text || !ui_widget_visible(w, &t->screen) || strcmp(w->package, "com.android.systemui") == 0)
			continue;
		for (const struct ui_widget *p = w->parent; p; p = p->parent)
			if (strstr(p->class_name, "Toolbar") || strstr(p->class_name, "ActionBar") ||
			    strstr(p->resource_id, "toolbar") || strstr(p->resource_id, "app_bar") ||
			    strstr(p->resource_id, "action_bar"))
				return w->text;
	}
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (*w->text && ui_widget_visible(w, &t->screen) && !ui_class_is_editable(w->class_name) &&
		    !w->clickable && w->bounds.y1 < t->screen.y1 + h / 8 &&
		    strcmp(w->package, "com.android.systemui") != 0 && strlen(w->text) <= 40)
			return w->text;
	}
	return NULL;
}

/*
 * The functionality a screen belongs to: "Activity: Title", else
 * "Activity (screen N)" with N the screen's SimCheck cluster. Caller frees.
 */
static char *functionality_name(struct tarpit_groups *groups, const struct ui_tree *t, const char *xml,
				size_t xml_len, const char *activity)
{
	char act[64];
	const char *title;

	activity_short(activity, act, sizeof(act));
	if (!t)
		return xstrdup(act);
	title = screen_title(t);
	if (title && strcmp(title, act) != 0)
		return xasprintf("%s: %.*s", act, ui_text_prefix_len(title, 48), title);
	if (groups) {
		int g = tarpit_groups_assign_tree(groups, t, xml, xml_len, activity);

		if (g >= 0)
			return xasprintf("%s (screen %d)", act, g + 1);
	}
	return xstrdup(act);
}

/* A short page description: title and the first texts. Caller frees. */
static char *page_description(const struct ui_tree *t, const char *activity)
{
	struct strbuf sb;
	char act[64];
	int shown = 0;

	strbuf_init(&sb, 2048);
	activity_short(activity, act, sizeof(act));
	(void)strbuf_addf(&sb, "%s screen", act);
	for (size_t i = 0; t && i < t->n_nodes && shown < 6; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (!*w->text || !ui_widget_visible(w, &t->screen) || strcmp(w->package, "com.android.systemui") == 0)
			continue;
		(void)strbuf_addf(&sb, "%s\"%.*s\"", shown ? ", " : " showing ", ui_text_prefix_len(w->text, 40), w->text);
		shown++;
	}
	return strbuf_detach(&sb, NULL);
}

/* Map the policy's widget reference (node index) to the annotation number. */
static void renumber(struct action *a, const struct brain_screen *s)
{
	const struct ui_widget *w;

	if (a->widget < 0 || (size_t)a->widget >= s->tree->n_nodes) {
		a->widget = -1;
		return;
	}
	w = s->tree->nodes[a->widget];
	a->widget = -1;
	for (size_t i = 0; i < s->n_widgets; i++) {
		if (s->widgets[i].w == w) {
			a->widget = s->widgets[i].number;
			return;
		}
	}
}

static int offline_choose(struct explorer_brain *b, struct agent_env *env, const struct brain_screen *s,
			  const struct brain_hints *hints, const char *feedback, struct action *out,
			  struct step_note *note)
{
	struct offline_explorer *st = b->state;
	uint64_t keys[64];
	size_t n;
	char *func;

	(void)hints;
	/* An answer the user's blocklist refused: never propose that event on this screen again. */
	if (feedback && strstr(feedback, BRAIN_FEEDBACK_BLOCKED) && st->pending && !st->random &&
	    offline_policy_last_event(st->pol))
		offline_policy_block(st->pol, offline_policy_last_event(st->pol));
	while ((n = offline_shared_blocked_since(st->sh, &st->blocked_cursor, keys, 64)) > 0)
		for (size_t i = 0; i < n; i++)
			offline_policy_block(st->pol, keys[i]);
	func = functionality_name(st->groups, s->tree, s->cap ? s->cap->xml : NULL,
				  s->cap ? s->cap->xml_len : 0, s->activity);
	if (st->random)
		offline_policy_random(st->pol, s->tree, s->in_app, out);
	else
		offline_policy_choose(st->pol, s->tree, s->sig_abstract, s->sig_text, func, s->in_app, out);
	renumber(out, s);
	st->pending = true;
	st->pending_type = out->type;
	st->pending_widget = out->widget;
	if (note) {
		memset(note, 0, sizeof(*note));
		note->valid = true;
		note->functionality = func;
		func = NULL;
		note->status = FUNC_PARTIAL;
		note->page_description = page_description(s->tree, s->activity);
	}
	free(func);
	(void)env;
	return TD_OK;
}

/* The tree node of the widget numbered `number` on screen s, -1 when none. */
static int node_of(const struct brain_screen *s, int number)
{
	const struct brain_widget *bw = number > 0 ? brain_screen_widget(s, number) : NULL;

	for (size_t i = 0; bw && i < s->tree->n_nodes; i++)
		if (s->tree->nodes[i] == bw->w)
			return (int)i;
	return -1;
}

static void offline_observe(struct explorer_brain *b, struct agent_env *env, const struct brain_screen *before,
			    const struct action *done, const struct brain_screen *after)
{
	struct offline_explorer *st = b->state;

	(void)env;
	if (st->pending && !st->random && before->in_app && before->tree &&
	    (done->type != st->pending_type || done->widget != st->pending_widget) &&
	    (done->type == ACTION_BACK || node_of(before, done->widget) >= 0)) {
		/* Another brain's pick on this screen (the hybrid brain's model):
		 * the policy learns from the action taken, not from its own choice. */
		offline_policy_adopt(st->pol, before->tree, before->sig_abstract, node_of(before, done->widget), done);
		offline_policy_observe(st->pol, after->tree, after->sig_abstract, after->in_app);
	} else if (!st->pending || done->type != st->pending_type) {
		/* A plugin's intervention (restart, deep link): start the stuck count afresh. */
		offline_policy_reset_stuck(st->pol);
	} else if (!st->random) {
		offline_policy_observe(st->pol, after->tree, after->sig_abstract, after->in_app);
	}
	st->pending = false;
}

static void offline_free(struct explorer_brain *b)
{
	struct offline_explorer *st;

	if (!b)
		return;
	st = b->state;
	if (st) {
		offline_policy_free(st->pol);
		tarpit_groups_free(st->groups);
		offline_shared_put(st->sh);
		free(st);
	}
	free(b);
}

/* Build an explorer; `random` selects the baseline. */
static int new_explorer(struct agent_env *env, struct explorer_brain **out, bool random)
{
	struct offline_policy_params p;
	struct offline_explorer *st;
	struct explorer_brain *b;
	int err;

	*out = NULL;
	err = offline_policy_params_from_config(&p, agent_env_config(env));
	if (err != TD_OK)
		return err;
	p.seed = (unsigned)agent_env_seed(env);
	st = xcalloc(1, sizeof(*st));
	st->pol = offline_policy_new(&p);
	st->sh = offline_shared_get(env);
	st->groups = tarpit_groups_new(NULL);
	st->random = random;
	b = xcalloc(1, sizeof(*b));
	b->name = random ? "random" : "offline";
	b->state = st;
	b->choose = offline_choose;
	b->observe = offline_observe;
	b->free = offline_free;
	*out = b;
	return TD_OK;
}

static int new_offline_explorer(struct agent_env *env, struct explorer_brain **out)
{
	return new_explorer(env, out, false);
}

static int new_random_explorer(struct agent_env *env, struct explorer_brain **out)
{
	return new_explorer(env, out, true);
}

/* --- the offline Monitor ------------------------------------------------- */

struct offline_monitor {
	struct tarpit_groups *groups;
};

static int offline_classify(struct monitor_brain *b, struct agent_env *env, int step,
			    const struct step_note *explorer_note, struct step_note *out)
{
	struct offline_monitor *st = b->state;
	struct history_step hs;
	struct ui_tree *tree = NULL;
	struct strbuf xml;
	int err;

	memset(out, 0, sizeof(*out));
	if (explorer_note && explorer_note->valid && explorer_note->functionality) {
		out->valid = true;
		out->functionality = xstrdup(explorer_note->functionality);
		out->status = explorer_note->status;
		out->page_description = xstrdup_or_null(explorer_note->page_description);
		out->functionality_done = explorer_note->functionality_done;
		return TD_OK;
	}
	history_step_init(&hs);
	err = history_get_step(agent_env_history(env), step, &hs);
	if (err != TD_OK)
		return err;
	strbuf_init(&xml, UI_XML_MAX_BYTES);
	if (hs.xml) {
		char *abs = rundir_abs(agent_env_rundir(env), hs.xml);

		if (strbuf_read_file(&xml, abs) == TD_OK &&
		    ui_parse(xml.buf, xml.len, abs, &tree) != TD_OK)
			tree = NULL;
		free(abs);
	}
	out->valid = true;
	out->functionality = functionality_name(st->groups, tree, xml.buf, xml.len, hs.activity);
	out->status = FUNC_PARTIAL;
	out->page_description = page_description(tree, hs.activity);
	ui_tree_free(tree);
	strbuf_release(&xml);
	history_step_release(&hs);
	return TD_OK;
}

static void offline_monitor_free(struct monitor_brain *b)
{
	if (!b)
		return;
	if (b->state) {
		struct offline_monitor *st = b->state;

		tarpit_groups_free(st->groups);
		free(st);
	}
	free(b);
}

static int new_offline_monitor(struct agent_env *env, struct monitor_brain **out)
{
	struct monitor_brain *b = xcalloc(1, sizeof(*b));
	struct offline_monitor *st = xcalloc(1, sizeof(*st));

	(void)env;
	st->groups = tarpit_groups_new(NULL);
	b->name = "offline";
	b->state = st;
	b->classify = offline_classify;
	b->free = offline_monitor_free;
	*out = b;
	return TD_OK;
}

const struct brain_kind brain_kind_offline = {
	.name = "offline",
	.summary = "no model: Genie-weighted systematic exploration + deterministic oracles (default without a model)",
	.needs_llm = false,
	.new_explorer = new_offline_explorer,
	.new_monitor = new_offline_monitor,
	.new_detector = NULL,
};

const struct brain_kind brain_kind_random = {
	.name = "random",
	.summary = "no model: seeded monkey-like baseline (random widget or Back) + deterministic oracles",
	.needs_llm = false,
	.new_explorer = new_random_explorer,
	.new_monitor = new_offline_monitor,
	.new_detector = NULL,
};
