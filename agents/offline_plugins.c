/*
 * offline_plugins.c - the deterministic helpers attached to every run
 * (struct agent_plugin, brain.h), whatever the brain:
 *
 *   login    runs the login/precondition script after every app start and
 *            restart (offline.login / --login FILE)
 *   escape   Vet's tarpits (block the culprit action on its screen, restart)
 *            and Delm's loops (jump to an unvisited activity by deep link or
 *            am start -n); every intervention is traced
 *   oracles  oracles 1-4 and 6-9 after every step (docs/oracles.md)
 *   genie    oracle 5, Genie's independent-view check, at the end of the run
 *   confirm  replays each candidate bug from a clean app start (twice, with
 *            the oracle's check) and rejects it unless it reproduces both
 *            times; with offline.confirm also the model Detector's verdicts
 *
 * DESIGN. The oracles run on the Explorer thread with the device held; they
 * report through agent_env_report_bug(), whose confirm hooks (the confirm
 * plugin, same thread, re-entrant device lock) replay the candidate. A bug's
 * steps are every action since the start of the run followed by the
 * oracle's trigger actions (rotate and back; Home and relaunch); its
 * `extra` JSON records the oracle's evidence and "trigger_steps", the
 * number of trigger actions at the end. Confirmation first tries only the
 * steps since the last restart, then all of them, and keeps the shorter
 * list that reproduces. Oracles never look at the simulator's ground truth.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

#include "agents/brain.h"
#include "agents/login.h"
#include "agents/loops.h"
#include "agents/offline_policy.h"
#include "agents/offline_shared.h"
#include "agents/oracle.h"
#include "agents/replay.h"
#include "agents/replay_confirm.h"
#include "agents/rundir.h"
#include "agents/tarpit.h"
#include "core/config.h"
#include "core/log.h"
#include "core/strbuf.h"
#include "core/ui_align.h"
#include "core/xalloc.h"
#include "device/app_info.h"

/* ------------------------------------------------------------- helpers */

/* Config bool/int/double that tolerate a key missing from an older schema. */
static bool cfg_bool(const struct config *cfg, const char *key, bool def)
{
	return cfg && config_has(cfg, key) ? config_bool(cfg, key) : def;
}

static long long cfg_int(const struct config *cfg, const char *key, long long def)
{
	return cfg && config_has(cfg, key) ? config_int(cfg, key) : def;
}

static double cfg_double(const struct config *cfg, const char *key, double def)
{
	return cfg && config_has(cfg, key) ? config_double(cfg, key) : def;
}

/* A new plugin record. */
static struct agent_plugin *plugin_new(const char *name, void *state)
{
	struct agent_plugin *p = xcalloc(1, sizeof(*p));

	p->name = name;
	p->state = state;
	return p;
}

/* The launcher activity as an am start -n component, or NULL. Caller frees. */
static char *launcher_component(const struct app_info *info)
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

/* Add history steps 1..last to bug b (the actions as performed). */
static void add_history_steps(struct agent_env *env, struct bug *b, int last)
{
	struct history *h = agent_env_history(env);

	for (int i = 1; i <= last; i++) {
		struct history_step hs;

		history_step_init(&hs);
		if (history_get_step(h, i, &hs) != TD_OK)
			continue;
		if (hs.action.type != ACTION_NONE)
			bug_add_step(b, i, &hs.action, hs.screenshot, hs.activity);
		history_step_release(&hs);
	}
}

/* Capture the screen: parsed tree, activity, and the PNG kept for evidence. */
struct shot {
	struct ui_tree *tree;
	char *activity;
	unsigned char *png;
	size_t png_len;
};

static int shot_take(struct device *dev, struct shot *s)
{
	struct capture cap;
	int err;

	memset(s, 0, sizeof(*s));
	memset(&cap, 0, sizeof(cap));
	err = device_capture(dev, &cap);
	if (err != TD_OK)
		return err;
	if (ui_parse(cap.xml, cap.xml_len, "device", &s->tree) != TD_OK)
		s->tree = NULL;
	s->activity = xstrdup(cap.activity ? cap.activity : "");
	s->png = cap.png;
	s->png_len = cap.png_len;
	cap.png = NULL;
	capture_release(&cap);
	return TD_OK;
}

static void shot_release(struct shot *s)
{
	ui_tree_free(s->tree);
	free(s->activity);
	free(s->png);
	memset(s, 0, sizeof(*s));
}

/* Write evidence PNG "oracles/NNNN-name.png"; returns its run-relative path or NULL. */
static char *write_evidence(struct agent_env *env, int step, const char *name, const struct shot *s)
{
	char *rel, *dir;

	if (!s->png || !s->png_len)
		return NULL;
	/* rundir_write does not create directories. */
	dir = rundir_abs(agent_env_rundir(env), "oracles");
	if (mkdir(dir, 0755) != 0 && errno != EEXIST)
		log_warn("cannot create %s: %s", dir, strerror(errno));
	free(dir);
	rel = xasprintf("oracles/%04d-%s.png", step, name);
	if (rundir_write(agent_env_rundir(env), rel, s->png, s->png_len) != TD_OK) {
		free(rel);
		return NULL;
	}
	return rel;
}

/*
 * Report a finding: steps 1..step, the trigger actions, evidence (the
 * screen after the step, and the screen after the check when given).
 */
static void report_finding(struct agent_env *env, int step, struct oracle_finding *f,
			   const struct action *trigger, size_t n_trigger, const char *after_check_png)
{
	struct bug b;
	char *func = history_current_functionality(agent_env_history(env));
	char *shot_after = rundir_step_rel(step + 1, ".png");

	bug_init(&b);
	oracle_finding_to_bug(f, &b);
	if (!b.extra)
		b.extra = cJSON_CreateObject();
	cJSON_AddNumberToObject(b.extra, "trigger_steps", (double)n_trigger);
	b.functionality = func && *func ? func : NULL;
	if (!b.functionality)
		free(func);
	b.step = step;
	add_history_steps(env, &b, step);
	for (size_t i = 0; i < n_trigger; i++)
		bug_add_step(&b, -1, &trigger[i], NULL, NULL);
	bug_add_evidence(&b, shot_after);
	if (after_check_png)
		bug_add_evidence(&b, after_check_png);
	(void)agent_env_report_bug(env, &b, NULL);
	bug_release(&b);
	free(shot_after);
}

/* ------------------------------------------------------------- login */

struct login_state {
	struct offline_shared *sh;
	bool started;
};

/* Run the script now; trace it. */
static void login_now(struct agent_plugin *p, struct agent_env *env, struct device *dev, const char *why)
{
	struct login_state *st = p->state;
	size_t ran = 0;
	int err = login_script_run(offline_shared_login(st->sh), dev, agent_env_package(env), &ran);
	cJSON *rec = cJSON_CreateObject();

	cJSON_AddStringToObject(rec, "kind", "login");
	cJSON_AddStringToObject(rec, "by", p->name);
	cJSON_AddStringToObject(rec, "after", why);
	cJSON_AddNumberToObject(rec, "actions", (double)ran);
	if (err != TD_OK) {
		cJSON_AddStringToObject(rec, "error", td_errmsg(err));
		log_warn("login script: %s", td_errmsg(err));
	}
	(void)agent_env_trace(env, "intervention", rec);
}

static int login_before_choose(struct agent_plugin *p, struct agent_env *env, struct device *dev,
			       const struct brain_screen *s, struct action *override)
{
	struct login_state *st = p->state;

	(void)s;
	if (st->started)
		return 0;
	st->started = true;
	login_now(p, env, dev, "start");
	action_init(override);
	override->type = ACTION_WAIT;
	override->reason = xstrdup("login script ran after the app start");
	return 1;
}

static int login_after_step(struct agent_plugin *p, struct agent_env *env, struct device *dev,
			    const struct brain_screen *before, const struct action *done,
			    const struct brain_screen *after)
{
	(void)before;
	(void)after;
	if (done->type != ACTION_RESTART)
		return 0;
	login_now(p, env, dev, "restart");
	return 1;
}

static void login_free(struct agent_plugin *p)
{
	struct login_state *st = p->state;

	offline_shared_put(st->sh);
	free(st);
	free(p);
}

static int new_login(struct agent_env *env, struct agent_plugin **out)
{
	struct login_state *st = xcalloc(1, sizeof(*st));
	const char *msg = NULL;
	int err;

	*out = NULL;
	st->sh = offline_shared_get(env);
	err = offline_shared_login_error(st->sh, &msg);
	if (err != TD_OK || !offline_shared_login(st->sh)) {
		offline_shared_put(st->sh);
		free(st);
		return err != TD_OK ? td_error(TD_ERR_CONFIG, "%s", msg ? msg : "login script") : TD_OK;
	}
	*out = plugin_new("login", st);
	(*out)->before_choose = login_before_choose;
	(*out)->after_step = login_after_step;
	(*out)->free = login_free;
	return TD_OK;
}

const struct plugin_kind plugin_kind_login = {
	.name = "login",
	.summary = "run the login/precondition script after every app start and restart",
	.new_plugin = new_login,
};

/* ------------------------------------------------------------- escape */

struct escape_state {
	struct offline_shared *sh;
	struct tarpit *tp;
	struct tarpit_groups *groups;
	struct loop_detector *loops;
	struct loop_visits *visits;
	bool tarpit_on, loops_on;
	int recoveries, max_recoveries;
	int escapes, max_escapes;
	struct action pending;          /* the intervention for the next step */
	bool have_pending;
};

static int escape_before_choose(struct agent_plugin *p, struct agent_env *env, struct device *dev,
				const struct brain_screen *s, struct action *override)
{
	struct escape_state *st = p->state;

	(void)env;
	(void)dev;
	loop_visits_note(st->visits, agent_env_app(env), s->activity, s->step);
	if (!st->have_pending)
		return 0;
	*override = st->pending;
	action_init(&st->pending);
	st->have_pending = false;
	return 1;
}

/* Trace an intervention record. */
static void trace_intervention(struct agent_env *env, const char *by, const char *kind, cJSON *rec,
			       const struct action *a)
{
	cJSON_AddStringToObject(rec, "kind", kind);
	cJSON_AddStringToObject(rec, "by", by);
	if (a)
		cJSON_AddItemToObject(rec, "action", action_to_json(a));
	(void)agent_env_trace(env, "intervention", rec);
}

static int escape_after_step(struct agent_plugin *p, struct agent_env *env, struct device *dev,
			     const struct brain_screen *before, const struct action *done,
			     const struct brain_screen *after)
{
	struct escape_state *st = p->state;
	struct tarpit_finding f;
	uint64_t rep;
	int count;

	(void)dev;
	if (st->have_pending)
		return 0;
	/* Interventions restart the analysis: they are not the exploration's doing. */
	if (done->type == ACTION_RESTART || done->type == ACTION_DEEP_LINK ||
	    done->type == ACTION_START_ACTIVITY || done->type == ACTION_WAIT) {
		return 0;
	}
	if (st->tarpit_on && st->recoveries < st->max_recoveries && before->cap) {
		int g = tarpit_groups_assign_tree(st->groups, before->tree, before->cap->xml, before->cap->xml_len,
						  before->activity);

		tarpit_add(st->tp, before->step, g, offline_event_key(before->sig_abstract, done));
		if (tarpit_check(st->tp, &f)) {
			cJSON *rec = cJSON_CreateObject();

			if (f.culprit_event)
				offline_shared_block(st->sh, f.culprit_event);
			action_init(&st->pending);
			st->pending.type = ACTION_RESTART;
			st->pending.reason = xasprintf("tarpit (%s): blocked the action of step %d, restarting",
						       tarpit_kind_name(f.kind), f.culprit_step);
			st->have_pending = true;
			st->recoveries++;
			cJSON_AddStringToObject(rec, "pattern", tarpit_kind_name(f.kind));
			cJSON_AddNumberToObject(rec, "culprit_step", f.culprit_step);
			cJSON_AddBoolToObject(rec, "blocked", f.culprit_event != 0);
			cJSON_AddNumberToObject(rec, "region_first", f.region_first);
			cJSON_AddNumberToObject(rec, "region_last", f.region_last);
			cJSON_AddNumberToObject(rec, "region_screen_groups", f.region_groups);
			cJSON_AddNumberToObject(rec, "screen_groups", f.total_groups);
			cJSON_AddNumberToObject(rec, "trace_steps", (double)tarpit_len(st->tp));
			cJSON_AddNumberToObject(rec, "score", f.score);
			trace_intervention(env, p->name, "tarpit", rec, &st->pending);
			log_info("tarpit (%s) at step %d: culprit step %d, restarting", tarpit_kind_name(f.kind),
				 before->step, f.culprit_step);
			tarpit_reset(st->tp);
			loop_detector_reset(st->loops);
			return 0;
		}
	}
	if (st->loops_on && st->escapes < st->max_escapes &&
	    loop_detector_push(st->loops, after->sig_abstract, &rep, &count)) {
		struct action a;
		cJSON *rec;

		loop_detector_reset(st->loops);
		if (loop_choose_escape(agent_env_app(env), st->visits, after->activity, &a) != TD_OK) {
			action_init(&a);
			a.type = ACTION_RESTART;
			a.reason = xstrdup("loop escape: no activity can be started from outside, restarting");
		}
		rec = cJSON_CreateObject();
		cJSON_AddNumberToObject(rec, "repeated_count", count);
		cJSON_AddNumberToObject(rec, "escape", (double)st->escapes + 1);
		trace_intervention(env, p->name, "loop_escape", rec, &a);
		log_info("loop at step %d (a screen seen %d times): %s", before->step, count, a.reason ? a.reason : "");
		st->pending = a;
		st->have_pending = true;
		st->escapes++;
		tarpit_reset(st->tp);
	}
	return 0;
}

static void escape_free(struct agent_plugin *p)
{
	struct escape_state *st = p->state;

	offline_shared_put(st->sh);
	tarpit_free(st->tp);
	tarpit_groups_free(st->groups);
	loop_detector_free(st->loops);
	loop_visits_free(st->visits);
	action_release(&st->pending);
	free(st);
	free(p);
}

static int new_escape(struct agent_env *env, struct agent_plugin **out)
{
	const struct config *cfg = agent_env_config(env);
	struct escape_state *st;
	struct tarpit_params tp;
	struct loop_params lp;
	struct ui_align_params ap;
	int budget = agent_env_step_budget(env), err;

	*out = NULL;
	if (!cfg_bool(cfg, "tarpit.enabled", true) && !cfg_bool(cfg, "loops.enabled", true))
		return TD_OK;
	err = tarpit_params_from_config(&tp, cfg, budget);
	if (err == TD_OK)
		err = loop_params_from_config(&lp, cfg, budget);
	if (err == TD_OK)
		err = ui_align_params_from_config(&ap, cfg);
	if (err != TD_OK)
		return err;
	st = xcalloc(1, sizeof(*st));
	st->sh = offline_shared_get(env);
	st->tp = tarpit_new(&tp);
	st->groups = tarpit_groups_new(&ap);
	st->loops = loop_detector_new(&lp);
	st->visits = loop_visits_new();
	st->tarpit_on = cfg_bool(cfg, "tarpit.enabled", true);
	st->loops_on = cfg_bool(cfg, "loops.enabled", true);
	st->max_recoveries = (int)cfg_int(cfg, "tarpit.max_recoveries", 5);
	st->max_escapes = (int)cfg_int(cfg, "loops.max_escapes", 10);
	action_init(&st->pending);
	*out = plugin_new("escape", st);
	(*out)->before_choose = escape_before_choose;
	(*out)->after_step = escape_after_step;
	(*out)->free = escape_free;
	log_debug("tarpit t_min %d steps, loop window %d limit %d", tp.t_min, lp.window, lp.limit);
	return TD_OK;
}

const struct plugin_kind plugin_kind_escape = {
	.name = "escape",
	.summary = "Vet's tarpit recovery and Delm's loop escape by deep link / am start -n",
	.new_plugin = new_escape,
};

/* ------------------------------------------------------------- oracles */

enum {
	OR_ROTATION,
	OR_BACKGROUND,
	OR_DUPLICATE,
	OR_SORT,
	OR_DISPLAY,
	OR_CRASH,
	OR_TOGGLE,
	OR_LOADING,
	OR_ENTRY,
	OR__COUNT
};

struct list_snap {
	char *id;
	struct oracle_list *list;   /* one list, owned (oracle_lists_free(list, 1)) */
	int saves;                  /* save actions since the snapshot */
};

struct seen {
	uint64_t sig;
	int count;
};

struct placeholder {
	uint64_t sig;      /* abstract screen + resource-id */
	uint64_t value;    /* hash of the text first seen there */
};

/* How far below the fold the landscape display check looks. */
#define LANDSCAPE_SCROLLS 4

struct oracles_state {
	bool on[OR__COUNT];
	double overlap;
	int state_checks;
	char *launcher;
	struct list_snap *snaps;
	size_t n_snaps, alloc_snaps;
	struct seen *display_seen, *state_seen;
	size_t n_display, alloc_display, n_state, alloc_state;
	struct placeholder *placeholders;
	size_t n_placeholders, alloc_placeholders;
	bool landscape;             /* display check in landscape too */
	struct seen *landscape_seen;
	size_t n_landscape, alloc_landscape;
	int loading_wait_ms;        /* how long a spinner may stay */
	struct seen *loading_seen;  /* abstract screens whose spinner was waited on */
	size_t n_loading, alloc_loading;
};

/* Count for sig in a seen-list (incremented when `bump`). */
static int seen_count(struct seen **arr, size_t *n, size_t *alloc, uint64_t sig, bool bump)
{
	for (size_t i = 0; i < *n; i++) {
		if ((*arr)[i].sig == sig) {
			if (bump)
				(*arr)[i].count++;
			return (*arr)[i].count - (bump ? 1 : 0);
		}
	}
	if (bump) {
		*arr = xgrow(*arr, alloc, *n + 1, sizeof(**arr));
		(*arr)[*n].sig = sig;
		(*arr)[*n].count = 1;
		(*n)++;
	}
	return 0;
}

/* Deep copy of one list. */
static struct oracle_list *list_dup(const struct oracle_list *l)
{
	struct oracle_list *c = xcalloc(1, sizeof(*c));

	c->id = xstrdup(l->id);
	c->n_rows = l->n_rows;
	c->rows = xcalloc(l->n_rows + 1, sizeof(*c->rows));
	c->primary = xcalloc(l->n_rows + 1, sizeof(*c->primary));
	for (size_t i = 0; i < l->n_rows; i++) {
		c->rows[i] = xstrdup(l->rows[i]);
		c->primary[i] = xstrdup(l->primary[i]);
	}
	return c;
}

/* The snapshot for list id, or NULL. */
static struct list_snap *snap_find(struct oracles_state *st, const char *id)
{
	for (size_t i = 0; i < st->n_snaps; i++)
		if (strcmp(st->snaps[i].id, id) == 0)
			return &st->snaps[i];
	return NULL;
}

/* Oracles 3 and 4 on the lists of the new screen. */
static void check_lists(struct agent_plugin *p, struct agent_env *env, const struct brain_screen *before,
			const struct action *done, const struct brain_screen *after)
{
	struct oracles_state *st = p->state;
	struct oracle_list *lists = NULL;
	size_t n = oracle_lists(after->tree, &lists);
	struct oracle_sort_claim claim;
	bool claimed = st->on[OR_SORT] && oracle_sort_claim(done, before->tree, &claim);
	bool save = oracle_is_save_action(done);

	if (save) {
		/* A save counts for the lists it was not pressed on ("Add" on the list itself opens a form). */
		struct oracle_list *bl = NULL;
		size_t nb = oracle_lists(before->tree, &bl);

		for (size_t i = 0; i < st->n_snaps; i++) {
			bool on_list = false;

			for (size_t k = 0; k < nb; k++)
				on_list |= !strcmp(bl[k].id, st->snaps[i].id);
			if (!on_list)
				st->snaps[i].saves++;
		}
		oracle_lists_free(bl, nb);
	}
	for (size_t i = 0; i < n; i++) {
		struct list_snap *sn = snap_find(st, lists[i].id);
		struct oracle_finding f;

		oracle_finding_init(&f);
		if (st->on[OR_DUPLICATE] && sn && sn->saves == 1 &&
		    oracle_list_duplicates(sn->list, &lists[i], done, &f)) {
			cJSON_AddStringToObject(f.diff, "list_id", lists[i].id);
			report_finding(env, before->step, &f, NULL, 0, NULL);
		}
		oracle_finding_release(&f);
		if (claimed && oracle_list_unsorted(&lists[i], &claim, &f))
			report_finding(env, before->step, &f, NULL, 0, NULL);
		oracle_finding_release(&f);
		if (!sn) {
			st->snaps = xgrow(st->snaps, &st->alloc_snaps, st->n_snaps + 1, sizeof(*st->snaps));
			sn = &st->snaps[st->n_snaps++];
			sn->id = xstrdup(lists[i].id);
			sn->list = NULL;
		}
		if (sn->list)
			oracle_lists_free(sn->list, 1);
		sn->list = list_dup(&lists[i]);
		sn->saves = 0;
	}
	oracle_lists_free(lists, n);
}

/* FNV-1a of a string into h. */
static uint64_t mix_str(uint64_t h, const char *c)
{
	for (; c && *c; c++)
		h = (h ^ (unsigned char)*c) * 1099511628211ull;
	return (h ^ 0xff) * 1099511628211ull;
}

/*
 * Whether field w of screen s shows text the user typed. Dumps without the
 * hint attribute show the placeholder as the text, so the text a field had
 * the first time its screen was seen counts as its placeholder.
 */
static bool typed_text(struct oracles_state *st, const struct brain_screen *s, const struct ui_widget *w)
{
	uint64_t k = mix_str(s->sig_abstract, w->resource_id);
	uint64_t v = mix_str(14695981039346656037ull, w->text);

	if (!*w->text || !strcmp(w->text, w->hint))
		return false;
	for (size_t i = 0; i < st->n_placeholders; i++)
		if (st->placeholders[i].sig == k)
			return st->placeholders[i].value != v;
	st->placeholders = xgrow(st->placeholders, &st->alloc_placeholders, st->n_placeholders + 1,
				 sizeof(*st->placeholders));
	st->placeholders[st->n_placeholders].sig = k;
	st->placeholders[st->n_placeholders].value = v;
	st->n_placeholders++;
	return false;
}

/* The screen's abstract signature mixed with which widgets hold user state; 0 when none does. */
static uint64_t user_state_key(struct oracles_state *st, const struct brain_screen *s)
{
	uint64_t h = s->sig_abstract ^ 0x9E3779B97F4A7C15ull;
	bool any = false;

	for (size_t i = 0; i < s->tree->n_nodes; i++) {
		const struct ui_widget *w = s->tree->nodes[i];
		bool state = ui_class_is_editable(w->class_name) ? typed_text(st, s, w) : (w->checkable && w->checked);

		if (!state)
			continue;
		any = true;
		h = mix_str(h, w->resource_id);
		h = (h ^ (uint64_t)i) * 1099511628211ull;
	}
	return any ? (h ? h : 1) : 0;
}

/* Oracles 1 and 2: trips that must keep the user's input. Returns 1 when the screen changed. */
static int check_state(struct agent_plugin *p, struct agent_env *env, struct device *dev,
		       const struct brain_screen *before, const struct brain_screen *after)
{
	struct oracles_state *st = p->state;
	int changed = 0;

	uint64_t key;

	key = user_state_key(st, after);
	if (!key)
		return 0;
	if (seen_count(&st->state_seen, &st->n_state, &st->alloc_state, key, false) >= st->state_checks)
		return 0;
	(void)seen_count(&st->state_seen, &st->n_state, &st->alloc_state, key, true);
	if (st->on[OR_ROTATION]) {
		struct action trig[2];
		struct shot s;
		struct oracle_finding f;

		action_init(&trig[0]);
		action_init(&trig[1]);
		trig[0].type = ACTION_ROTATE;
		trig[0].rotation = 1;
		trig[1].type = ACTION_ROTATE;
		trig[1].rotation = 0;
		changed = 1;
		oracle_finding_init(&f);
		if (device_rotate(dev, 1) == TD_OK && device_rotate(dev, 0) == TD_OK && shot_take(dev, &s) == TD_OK) {
			if (oracle_state_lost(after->tree, after->activity, s.tree, s.activity, "rotation", &f)) {
				char *ev = write_evidence(env, before->step, "rotation", &s);

				report_finding(env, before->step, &f, trig, 2, ev);
				free(ev);
			}
			shot_release(&s);
		}
		oracle_finding_release(&f);
		(void)agent_env_trace(env, "oracle_check", cJSON_CreateObject());
	}
	if (st->on[OR_BACKGROUND] && st->launcher) {
		struct shot a, s;
		struct action trig[2];
		struct oracle_finding f;

		/* The screen as it is now (a rotation check or its replay may have moved it). */
		if (shot_take(dev, &a) != TD_OK)
			return 1;
		action_init(&trig[0]);
		action_init(&trig[1]);
		trig[0].type = ACTION_HOME;
		trig[1].type = ACTION_START_ACTIVITY;
		trig[1].uri = st->launcher;
		changed = 1;
		oracle_finding_init(&f);
		if (oracle_has_user_state(a.tree) && device_key(dev, DEVICE_KEY_HOME) == TD_OK &&
		    device_start_activity(dev, st->launcher) == TD_OK && shot_take(dev, &s) == TD_OK) {
			if (oracle_state_lost(a.tree, a.activity, s.tree, s.activity, "Home and relaunch", &f)) {
				char *ev = write_evidence(env, before->step, "background", &s);

				report_finding(env, before->step, &f, trig, 2, ev);
				free(ev);
			}
			shot_release(&s);
		}
		oracle_finding_release(&f);
		shot_release(&a);
	}
	return changed;
}

/* Sleep ms milliseconds. */
static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (ms > 0 && nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/*
 * An oracle that judges the action from the screens before and after it
 * (8: a tapped switch stayed as it was; 10: an accepted entry no list
 * shows). Evidence: the screen before the action.
 */
static void check_step(struct agent_env *env, const struct brain_screen *before, const struct action *done,
		       const struct brain_screen *after, oracle_step_check check)
{
	struct oracle_finding f;

	oracle_finding_init(&f);
	if (check(before->tree, before->activity, after->tree, after->activity, done, &f)) {
		char *shot_before = rundir_step_rel(before->step, ".png");

		report_finding(env, before->step, &f, NULL, 0, shot_before);
		free(shot_before);
	}
	oracle_finding_release(&f);
}

/*
 * Oracle 9, once per abstract screen showing a spinner: wait, capture again
 * without acting, report when nothing moved. The wait is the bug's trigger
 * step. Returns 1 when it waited (the screen may have changed).
 */
static int check_loading(struct oracles_state *st, struct agent_env *env, struct device *dev,
			 const struct brain_screen *before, const struct brain_screen *after)
{
	struct oracle_finding f;
	struct action trig;
	struct shot s;

	if (!oracle_loading_spinner(after->tree) ||
	    seen_count(&st->loading_seen, &st->n_loading, &st->alloc_loading, after->sig_abstract, true) != 0)
		return 0;
	sleep_ms(st->loading_wait_ms);
	if (shot_take(dev, &s) != TD_OK)
		return 1;
	oracle_finding_init(&f);
	if (oracle_loading_stuck(after->tree, after->activity, s.tree, s.activity, st->loading_wait_ms, &f)) {
		char *ev = write_evidence(env, before->step, "loading", &s);

		action_init(&trig);
		trig.type = ACTION_WAIT;
		trig.reason = xasprintf("wait %d ms for the page to load", st->loading_wait_ms);
		report_finding(env, before->step, &f, &trig, 1, ev);
		action_release(&trig);
		free(ev);
	}
	oracle_finding_release(&f);
	shot_release(&s);
	return 1;
}

static int oracles_after_step(struct agent_plugin *p, struct agent_env *env, struct device *dev,
			      const struct brain_screen *before, const struct action *done,
			      const struct brain_screen *after)
{
	struct oracles_state *st = p->state;
	int changed = 0;
	size_t bugs_before = bug_list_count(agent_env_bugs(env));

	if (!after->tree || !before->tree)
		return 0;
	if (st->on[OR_CRASH]) {
		struct device_crash c;

		memset(&c, 0, sizeof(c));
		if (device_check_crash(dev, agent_env_package(env), &c) == TD_OK && (c.crashed || c.anr)) {
			struct oracle_finding f;

			oracle_finding_init(&f);
			f.category = BUG_CAT_CRASH;
			f.oracle = "crash";
			f.title = xasprintf("%s after '%s'", c.anr ? "App not responding" : "App crashed",
					    done->widget_text ? done->widget_text : action_type_name(done->type));
			f.description = xstrdup(c.summary ? c.summary : "");
			f.expected = xstrdup("the app keeps running");
			f.actual = xstrdup(c.anr ? "an ANR" : "a crash");
			f.diff = cJSON_CreateObject();
			cJSON_AddStringToObject(f.diff, "summary", c.summary ? c.summary : "");
			report_finding(env, before->step, &f, NULL, 0, NULL);
			oracle_finding_release(&f);
			changed = 1;
		}
		device_crash_release(&c);
	}
	if (!after->in_app)
		return changed;
	/* Before anything moves the device off `after`. */
	if (st->on[OR_TOGGLE])
		check_step(env, before, done, after, oracle_toggle_stuck);
	if (st->on[OR_ENTRY])
		check_step(env, before, done, after, oracle_entry_missing);
	if (st->on[OR_LOADING])
		changed |= check_loading(st, env, dev, before, after);
	if (st->on[OR_DISPLAY] &&
	    seen_count(&st->display_seen, &st->n_display, &st->alloc_display, after->sig_text, true) == 0) {
		struct oracle_finding f;

		oracle_finding_init(&f);
		if (oracle_display(after->tree, st->overlap, &f))
			report_finding(env, before->step, &f, NULL, 0, NULL);
		oracle_finding_release(&f);
	}
	/* Once per abstract screen, the same in landscape (layouts break there). */
	if (st->on[OR_DISPLAY] && st->landscape &&
	    seen_count(&st->landscape_seen, &st->n_landscape, &st->alloc_landscape, after->sig_abstract, true) == 0) {
		struct oracle_finding f;
		struct shot s;
		struct action trig;

		action_init(&trig);
		trig.type = ACTION_ROTATE;
		trig.rotation = 1;
		oracle_finding_init(&f);
		changed = 1;
		if (device_rotate(dev, 1) == TD_OK && shot_take(dev, &s) == TD_OK) {
			/* Rotate, then the scrolls taken below the fold: the replay repeats them. */
			struct action trig2[1 + LANDSCAPE_SCROLLS];
			size_t n_trig = 1;
			bool hit = oracle_display(s.tree, st->overlap, &f);
			char *ev;

			trig2[0] = trig;
			/* The landscape screen is short: look below the fold too, one
			 * scroll at a time, until the screen stops changing. */
			while (!hit && s.tree && n_trig < 1 + LANDSCAPE_SCROLLS) {
				const struct ui_widget *sc = NULL;
				uint64_t sig = ui_sig_text(s.tree, s.activity);
				struct action *scroll = &trig2[n_trig];

				for (size_t i = 0; !sc && i < s.tree->n_nodes; i++)
					if (s.tree->nodes[i]->scrollable &&
					    ui_widget_visible(s.tree->nodes[i], &s.tree->screen))
						sc = s.tree->nodes[i];
				if (!sc)
					break;
				action_init(scroll);
				scroll->type = ACTION_SCROLL;
				action_set_widget(scroll, -1, sc);
				scroll->direction = DEVICE_DIR_DOWN;
				n_trig++;
				shot_release(&s);
				if (action_perform(dev, scroll, agent_env_package(env)) != TD_OK ||
				    shot_take(dev, &s) != TD_OK)
					break;
				if (ui_sig_text(s.tree, s.activity) == sig)
					break;
				hit = oracle_display(s.tree, st->overlap, &f);
			}
			ev = hit ? write_evidence(env, before->step, "landscape", &s) : NULL;
			shot_release(&s);
			if (hit)
				report_finding(env, before->step, &f, trig2, n_trig, ev);
			free(ev);
			for (size_t i = 1; i < n_trig; i++)
				action_release(&trig2[i]);
		}
		oracle_finding_release(&f);
		if (device_rotate(dev, 0) != TD_OK)
			log_warn("cannot rotate back to portrait: %s", td_errmsg(TD_ERR_DEVICE));
	}
	check_lists(p, env, before, done, after);
	if (st->on[OR_ROTATION] || st->on[OR_BACKGROUND])
		changed |= check_state(p, env, dev, before, after);
	/* A report replays the app (confirmation): the screen is not `after` any more. */
	if (bug_list_count(agent_env_bugs(env)) != bugs_before)
		changed = 1;
	return changed;
}

static void oracles_free(struct agent_plugin *p)
{
	struct oracles_state *st = p->state;

	for (size_t i = 0; i < st->n_snaps; i++) {
		free(st->snaps[i].id);
		if (st->snaps[i].list)
			oracle_lists_free(st->snaps[i].list, 1);
	}
	free(st->snaps);
	free(st->display_seen);
	free(st->state_seen);
	free(st->placeholders);
	free(st->landscape_seen);
	free(st->loading_seen);
	free(st->launcher);
	free(st);
	free(p);
}

static int new_oracles(struct agent_env *env, struct agent_plugin **out)
{
	const struct config *cfg = agent_env_config(env);
	struct oracles_state *st = xcalloc(1, sizeof(*st));
	bool any = false;
	long long wait;

	st->on[OR_ROTATION] = cfg_bool(cfg, "oracles.rotation", true);
	st->on[OR_BACKGROUND] = cfg_bool(cfg, "oracles.background", true);
	st->on[OR_DUPLICATE] = cfg_bool(cfg, "oracles.duplicate", true);
	st->on[OR_SORT] = cfg_bool(cfg, "oracles.sort", true);
	st->on[OR_DISPLAY] = cfg_bool(cfg, "oracles.display", true);
	st->on[OR_CRASH] = cfg_bool(cfg, "oracles.crash", true);
	st->on[OR_TOGGLE] = cfg_bool(cfg, "oracles.toggle", true);
	st->on[OR_LOADING] = cfg_bool(cfg, "oracles.loading", true);
	st->on[OR_ENTRY] = cfg_bool(cfg, "oracles.entry_missing", true);
	wait = cfg_int(cfg, "oracles.loading_wait_ms", 3000);
	st->loading_wait_ms = wait < 0 || wait > 600000 ? -1 : (int)wait;
	st->overlap = cfg_double(cfg, "oracles.display_overlap", 0.3);
	st->landscape = cfg_bool(cfg, "oracles.display_landscape", true);
	st->state_checks = (int)cfg_int(cfg, "oracles.state_checks_per_screen", 1);
	st->launcher = launcher_component(agent_env_app(env));
	for (int i = 0; i < OR__COUNT; i++)
		any |= st->on[i];
	*out = NULL;
	if (!any || st->overlap <= 0 || st->overlap > 1 || st->loading_wait_ms < 0) {
		const char *bad = !any ? NULL
				  : st->overlap <= 0 || st->overlap > 1 ? "oracles.display_overlap: expected a share in (0,1]"
				  : "oracles.loading_wait_ms: expected 0 to 600000 ms";

		free(st->launcher);
		free(st);
		return bad ? td_error(TD_ERR_CONFIG, "%s", bad) : TD_OK;
	}
	*out = plugin_new("oracles", st);
	(*out)->after_step = oracles_after_step;
	(*out)->free = oracles_free;
	return TD_OK;
}

const struct plugin_kind plugin_kind_oracles = {
	.name = "oracles",
	.summary = "deterministic oracles: rotation, background, duplicate rows, sort, display, crash, toggle, loading, "
		   "entry missing",
	.new_plugin = new_oracles,
};

/* ------------------------------------------------------------- confirm */

struct confirm_state {
	struct offline_shared *sh;
	bool all;                   /* offline.confirm: also model verdicts */
	int attempts;
	struct ui_align_params ap;
};

/* The actions of bug steps [from, n). Caller frees the array (actions are shallow copies). */
static struct action *bug_actions(const struct bug *b, size_t from)
{
	struct action *a = xcalloc(b->n_steps + 1, sizeof(*a));

	for (size_t i = from; i < b->n_steps; i++)
		a[i - from] = b->steps[i].action;
	return a;
}

/* Replay a model verdict's steps twice; it reproduces when both reach the recorded last screen. */
static bool reproduce_verdict(struct confirm_state *st, struct agent_env *env, struct device *dev,
			      const struct bug *b)
{
	struct action *steps;
	struct ui_tree *recorded = NULL;
	bool ok = true;
	size_t n = b->n_steps;
	const struct bug_step *lastst;
	struct replay_opts opts = { .clear_data = true, .login = offline_shared_login(st->sh) };

	if (!n)
		return false;
	lastst = &b->steps[n - 1];
	if (lastst->step > 0) {
		char *rel = rundir_step_rel(lastst->step, ".xml");
		char *abs = rundir_abs(agent_env_rundir(env), rel);

		if (ui_parse_file(abs, &recorded) != TD_OK)
			recorded = NULL;
		free(rel);
		free(abs);
	}
	if (!recorded)
		return false;
	steps = bug_actions(b, 0);
	for (int run = 0; run < 2 && ok; run++) {
		struct replay_result r;

		/* The recorded screen is the one the last action was taken on. */
		ok = replay_run(dev, agent_env_package(env), steps, n - 1, &opts, &r) == TD_OK && r.n_screens &&
		     r.screens[r.n_screens - 1].tree &&
		     ui_same_screen(recorded, r.screens[r.n_screens - 1].tree, &st->ap);
		replay_result_release(&r);
	}
	ui_tree_free(recorded);
	free(steps);
	return ok;
}

/* The oracle name of a bug ("rotation" for "oracle:rotation"), or NULL. */
static const char *oracle_of(const struct bug *b)
{
	if (!b->found_by || strncmp(b->found_by, "oracle:", 7) != 0)
		return NULL;
	return b->found_by + 7;
}

static int confirm_bug(struct agent_plugin *p, struct agent_env *env, struct bug *b)
{
	struct confirm_state *st = p->state;
	const char *oracle = oracle_of(b);
	struct device *dev;
	bool ok = false;
	cJSON *rec;
	int tried = 0;

	if (oracle && !strcmp(oracle, "independent_view"))
		return -1; /* Genie confirms its own by replaying seed and mutant */
	if (!oracle && !st->all)
		return -1;
	dev = agent_env_device_lock(env);
	if (!dev) {
		agent_env_device_unlock(env);
		return -1;
	}
	if (oracle) {
		ok = replay_confirm(dev, agent_env_package(env), offline_shared_login(st->sh),
				    cfg_double(agent_env_config(env), "oracles.display_overlap", 0.3), st->attempts, b,
				    &tried) == TD_OK && tried > 0 && b->confirmed;
	} else {
		tried = 1;
		ok = reproduce_verdict(st, env, dev, b);
	}
	{
		/* A crash the replays caused is theirs: read it now, so that the
		 * crash oracle does not blame the Explorer's next action for it. */
		struct device_crash c;

		memset(&c, 0, sizeof(c));
		if (device_check_crash(dev, agent_env_package(env), &c) == TD_OK)
			device_crash_release(&c);
	}
	agent_env_device_unlock(env);
	rec = cJSON_CreateObject();
	cJSON_AddStringToObject(rec, "title", b->title ? b->title : "");
	cJSON_AddStringToObject(rec, "found_by", b->found_by ? b->found_by : "");
	cJSON_AddBoolToObject(rec, "reproduced", ok);
	cJSON_AddNumberToObject(rec, "replays", tried * 2);
	cJSON_AddNumberToObject(rec, "steps", (double)b->n_steps);
	(void)agent_env_trace(env, "replay", rec);
	return ok ? 1 : 0;
}

static void confirm_free(struct agent_plugin *p)
{
	struct confirm_state *st = p->state;

	offline_shared_put(st->sh);
	free(st);
	free(p);
}

static int new_confirm(struct agent_env *env, struct agent_plugin **out)
{
	const struct config *cfg = agent_env_config(env);
	struct confirm_state *st = xcalloc(1, sizeof(*st));
	int err;

	*out = NULL;
	err = ui_align_params_from_config(&st->ap, cfg);
	if (err != TD_OK) {
		free(st);
		return err;
	}
	st->sh = offline_shared_get(env);
	st->all = cfg_bool(cfg, "offline.confirm", false);
	st->attempts = (int)cfg_int(cfg, "offline.confirm_attempts", 2);
	if (st->attempts < 1)
		st->attempts = 1;
	*out = plugin_new("confirm", st);
	(*out)->confirm = confirm_bug;
	(*out)->free = confirm_free;
	return TD_OK;
}

const struct plugin_kind plugin_kind_confirm = {
	.name = "confirm",
	.summary = "replay candidate bugs from a clean start; report only those that reproduce",
	.new_plugin = new_confirm,
};
