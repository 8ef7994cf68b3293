/*
 * offline_plugins.c - the deterministic helpers attached to every run
 * (struct agent_plugin, brain.h), whatever the brain:
 *
 *   login    runs the login/precondition script after every app start and
 *            restart (offline.login / --login FILE)
 *   escape   Vet's tarpits (block the culprit action on its screen, restart)
 *            and Delm's loops (jump to an unvisited activity by deep link or
 *            am start -n); every intervention is traced
 *   oracles  lives in agents/oracles/plugin.c: every oracle of the
 *            ORACLE_KINDS table after every step (docs/oracles.md)
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
#include "agents/minimise.h"
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


/* A new plugin record. */
static struct agent_plugin *plugin_new(const char *name, void *state)
{
	struct agent_plugin *p = xcalloc(1, sizeof(*p));

	p->name = name;
	p->state = state;
	return p;
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
	char *form_activity;            /* typed into a form on this activity, not saved yet; or NULL */
	int since_input;                /* steps since the last typing */
	int held;                       /* steps the escapes were held back for a form */
};

/* Steps after the last typing during which a form still holds escapes back. */
#define FORM_HOLD_STEPS 4

/*
 * Whether a form holds typed input that is not saved yet: the last typing
 * was on this activity and a text field still shows typed text (not a
 * hint). Escaping then would throw the user's input away mid-task.
 */
static bool form_holds_typed_input(struct escape_state *st, const struct brain_screen *before,
				   const struct action *done, const struct brain_screen *after)
{
	if (done->type == ACTION_INPUT && before->activity) {
		free(st->form_activity);
		st->form_activity = xstrdup(before->activity);
		st->since_input = 0;
	} else {
		st->since_input++;
	}
	/* A form left alone (no typing for a while) no longer holds: a trap's login
	 * screen must not keep the run in it. */
	if (st->form_activity && (!after->activity || strcmp(after->activity, st->form_activity) ||
				  !loop_form_holds_input(after->tree) || st->since_input > FORM_HOLD_STEPS)) {
		free(st->form_activity);
		st->form_activity = NULL;
	}
	return st->form_activity != NULL;
}

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
	bool holding;

	(void)dev;
	if (st->have_pending)
		return 0;
	holding = form_holds_typed_input(st, before, done, after);
	if (holding)
		st->held++;   /* filling a form takes steps on one screen: not a loop nor a tarpit yet */
	/* Interventions restart the analysis: they are not the exploration's doing. */
	if (done->type == ACTION_RESTART || done->type == ACTION_DEEP_LINK ||
	    done->type == ACTION_START_ACTIVITY || done->type == ACTION_WAIT) {
		return 0;
	}
	if (st->tarpit_on && st->recoveries < st->max_recoveries && before->cap) {
		int g = tarpit_groups_assign_tree(st->groups, before->tree, before->cap->xml, before->cap->xml_len,
						  before->activity);

		tarpit_add(st->tp, before->step, g, offline_event_key(before->sig_abstract, done));
		if (!holding && tarpit_check(st->tp, &f)) {
			cJSON *rec = cJSON_CreateObject();

			if (f.culprit_event)
				offline_shared_block(st->sh, f.culprit_event);
			action_init(&st->pending);
			st->pending.type = ACTION_RESTART;
			/* A second tarpit: what the run made of the app's data may be
			 * the trap (a list grown past its buttons), so start clean. */
			st->pending.clear_data = st->recoveries > 0;
			st->pending.reason = xasprintf("tarpit (%s): blocked the action of step %d, restarting%s",
						       tarpit_kind_name(f.kind), f.culprit_step,
						       st->pending.clear_data ? " with the app's data cleared" : "");
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
			log_info("tarpit (%s) at step %d: culprit step %d, restarting%s", tarpit_kind_name(f.kind),
				 before->step, f.culprit_step, st->pending.clear_data ? " with the app's data cleared" : "");
			tarpit_reset(st->tp);
			loop_detector_reset(st->loops);
			return 0;
		}
	}
	if (st->loops_on && st->escapes < st->max_escapes &&
	    loop_detector_push(st->loops, after->sig_abstract, &rep, &count) && !holding) {
		struct action a;
		cJSON *rec;

		loop_detector_reset(st->loops);
		if (loop_choose_escape(agent_env_app(env), st->visits, after->activity, agent_env_blocklist(env),
				       &a) != TD_OK) {
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
	free(st->form_activity);
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
	if (!config_bool(cfg, "tarpit.enabled") && !config_bool(cfg, "loops.enabled"))
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
	st->tarpit_on = config_bool(cfg, "tarpit.enabled");
	st->loops_on = config_bool(cfg, "loops.enabled");
	st->max_recoveries = (int)config_int(cfg, "tarpit.max_recoveries");
	st->max_escapes = (int)config_int(cfg, "loops.max_escapes");
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

/* ------------------------------------------------------------- confirm */

struct confirm_state {
	struct offline_shared *sh;
	bool all;                   /* offline.confirm: also model verdicts */
	int attempts;
	int minimise_replays;       /* offline.minimise_replays: ddmin budget per bug */
	struct ui_align_params ap;
};

/*
 * Replay the run's path up to the step the Explorer is at, so that it goes
 * on from where it was after a bug's replays: they start with pm clear and
 * leave the app where their last, often shortened, path ended (a Detector
 * bug's also at an older step: the Explorer moved on since). An oracle bug
 * `b` (NULL: none) is reported during its oracle's trip, whose actions are
 * recorded in the path only after it: they are its trigger actions, replayed
 * after the path (replay_confirm_restore_actions).
 */
static void restore_run_state(struct confirm_state *st, struct agent_env *env, struct device *dev,
			      const struct bug *b)
{
	struct bug path;

	bug_init(&path);
	agent_env_bug_path(env, &path, agent_env_steps_done(env));
	if (replay_confirm_restore(dev, agent_env_package(env), offline_shared_login(st->sh), &path, b) != TD_OK)
		log_info("the run's path did not replay after a bug's replays");
	bug_release(&path);
}

/*
 * A Detector verdict: with offline.confirm, replay its path twice (each
 * must end on the recorded bug screen, showing the texts the verdict
 * cites); then minimise it (offline.minimise_replays). Returns the
 * confirm verdict: 1 reproduced, 0 not, -1 not judged (confirmation off).
 */
static int confirm_verdict(struct confirm_state *st, struct agent_env *env, struct device *dev, struct bug *b,
			   int *tried)
{
	struct bug_screen_check chk;
	char *run_dir = rundir_abs(agent_env_rundir(env), ".");
	int verdict = -1;
	bool replayed = false;

	*tried = 0;
	if (!b->n_steps || bug_screen_check_load(run_dir, b, &st->ap, &chk) != TD_OK) {
		free(run_dir);
		return st->all ? 0 : -1;
	}
	free(run_dir);
	if (st->all) {
		struct action *steps = bug_step_actions(b, 0);

		*tried = 1;
		replayed = true;
		verdict = bug_screen_reproduces(dev, agent_env_package(env), offline_shared_login(st->sh), &chk, steps,
						b->n_steps, 2, NULL) ? 1 : 0;
		free(steps);
	}
	if (verdict != 0 && st->minimise_replays > 0) {
		struct minimise_stats ms;

		bug_keep_original_steps(b);
		replayed = true;
		if (bug_minimise(dev, agent_env_package(env), offline_shared_login(st->sh), 0.3, &chk,
				 st->minimise_replays, b, &ms) != TD_OK)
			log_warn("cannot minimise \"%s\"", b->title ? b->title : "");
		else
			log_info("\"%s\": %zu steps minimised to %zu in %d replays", b->title ? b->title : "",
				 ms.steps_before, ms.steps_after, ms.replays);
		if (!b->original_steps || b->n_original_steps == b->n_steps) {
			/* Nothing removed: no second copy of the path. */
			bug_steps_forget_original(b);
		}
	}
	if (replayed)
		restore_run_state(st, env, dev, NULL);
	bug_screen_check_release(&chk);
	return verdict;
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
	int tried = 0, judged = 1;

	if (oracle && !strcmp(oracle, "independent_view"))
		return -1; /* Genie confirms its own by replaying seed and mutant */
	if (!oracle && !st->all && st->minimise_replays <= 0)
		return -1;
	dev = agent_env_device_lock(env);
	if (!dev) {
		agent_env_device_unlock(env);
		return -1;
	}
	if (oracle) {
		double overlap = config_double(agent_env_config(env), "oracles.display_overlap");

		bug_keep_original_steps(b);
		ok = replay_confirm(dev, agent_env_package(env), offline_shared_login(st->sh), overlap, st->attempts, b,
				    &tried) == TD_OK && tried > 0 && b->confirmed;
		if (ok && st->minimise_replays > 0) {
			struct minimise_stats ms;

			if (bug_minimise(dev, agent_env_package(env), offline_shared_login(st->sh), overlap, NULL,
					 st->minimise_replays, b, &ms) != TD_OK)
				log_warn("cannot minimise \"%s\"", b->title ? b->title : "");
			else
				log_info("\"%s\": %zu steps minimised to %zu in %d replays", b->title ? b->title : "",
					 ms.steps_before, ms.steps_after, ms.replays);
		}
		/* The replays began with pm clear; a shortened path (from near the
		 * bug, or minimised) leaves the app's data elsewhere than the run
		 * had it, and later paths would describe another app. */
		if (tried > 0)
			restore_run_state(st, env, dev, b);
	} else {
		judged = confirm_verdict(st, env, dev, b, &tried);
		ok = judged == 1;
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
	if (judged < 0)
		return -1; /* minimised, not confirmed (offline.confirm is off) */
	if (!ok && agent_env_interrupted(env)) {
		/* The replays were cut short by Ctrl-C: not a verdict. The bug is
		 * listed unconfirmed rather than lost. */
		rec = cJSON_CreateObject();
		cJSON_AddStringToObject(rec, "title", b->title ? b->title : "");
		cJSON_AddStringToObject(rec, "found_by", b->found_by ? b->found_by : "");
		cJSON_AddBoolToObject(rec, "interrupted", true);
		(void)agent_env_trace(env, "replay", rec);
		return -1;
	}
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
	st->all = config_bool(cfg, "offline.confirm");
	st->attempts = (int)config_int(cfg, "offline.confirm_attempts");
	if (st->attempts < 1)
		st->attempts = 1;
	st->minimise_replays = (int)config_int(cfg, "offline.minimise_replays");
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
