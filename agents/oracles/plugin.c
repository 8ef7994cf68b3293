/*
 * plugin.c - the oracles plugin (plugin_kind_oracles): reads each oracle's
 * switch, runs every switched-on oracle's after-step check in ORACLE_KINDS
 * order on the Explorer thread (device held), and holds the helpers the
 * oracles share: capture a screen, write evidence, report a finding (whose
 * confirmation replays it through the confirm plugin, agents/replay_confirm.c).
 * The oracles themselves are one file each in this folder (oracle_kind.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

#include "agents/brain.h"
#include "agents/history.h"
#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "agents/replay.h"
#include "agents/rundir.h"
#include "core/config.h"
#include "core/image.h"
#include "core/log.h"
#include "core/xalloc.h"
#include "device/app_info.h"
#include "device/device.h"

/* A new plugin record. */
static struct agent_plugin *plugin_new(const char *name, void *state)
{
	struct agent_plugin *p = xcalloc(1, sizeof(*p));

	p->name = name;
	p->state = state;
	return p;
}

/* The launcher activity as an am start -n component, or NULL. Caller frees. */
char *oracle_launcher_component(const struct app_info *info)
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

int oracle_shot_take(struct device *dev, struct shot *s)
{
	int err;

	memset(s, 0, sizeof(*s));
	err = device_capture(dev, &s->frame);
	if (err != TD_OK) {
		capture_release(&s->frame);
		return err;
	}
	/* A dump that does not parse leaves tree NULL, as device_snapshot() does. */
	if (ui_parse(s->frame.xml, s->frame.xml_len, "device dump", &s->tree) != TD_OK)
		s->tree = NULL;
	s->activity = xstrdup(s->frame.activity ? s->frame.activity : "");
	free(s->frame.xml);
	s->frame.xml = NULL;
	s->frame.xml_len = 0;
	return TD_OK;
}

void oracle_shot_release(struct shot *s)
{
	ui_tree_free(s->tree);
	free(s->activity);
	capture_release(&s->frame);
	memset(s, 0, sizeof(*s));
}

/* Write evidence PNG "oracles/NNNN-name.png"; returns its run-relative path or NULL. */
char *oracle_write_evidence(struct agent_env *env, int step, const char *name, const struct shot *s)
{
	unsigned char *png = NULL;
	size_t png_len = 0;
	char *rel, *dir;
	int err;

	if (!s->frame.shot || !s->frame.shot_len)
		return NULL;
	rel = xasprintf("oracles/%04d-%s.png", step, name);
	err = image_frame_png(s->frame.shot, s->frame.shot_len, rel, &png, &png_len);
	if (err != TD_OK) {
		log_warn("%s: %s", rel, td_errmsg(err));
		free(rel);
		return NULL;
	}
	/* rundir_write does not create directories. */
	dir = rundir_abs(agent_env_rundir(env), "oracles");
	if (mkdir(dir, 0755) != 0 && errno != EEXIST)
		log_warn("cannot create %s: %s", dir, strerror(errno));
	free(dir);
	if (rundir_write(agent_env_rundir(env), rel, png, png_len) != TD_OK) {
		free(png);
		free(rel);
		return NULL;
	}
	free(png);
	return rel;
}

/*
 * Report a finding: steps 1..step without the side trips other oracles
 * made after step `step` (the finding is about that step's screen; a replay
 * that rotates and back after the Save judges the rotation instead), the
 * trigger actions, and the evidence screens in the order they were taken:
 * `first_png` when given (the screen before the step), the screen after
 * the step, `then_png` when given (the screen after the check's trip).
 * report.html labels the first BEFORE and the last AFTER.
 */
static void report_finding(struct agent_env *env, int step, struct oracle_finding *f, const struct action *trigger,
			   size_t n_trigger, const char *first_png, const char *then_png)
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
	agent_env_bug_path(env, &b, step);
	bug_drop_trailing_side_steps(&b);
	for (size_t i = 0; i < n_trigger; i++)
		bug_add_step(&b, -1, &trigger[i], NULL, NULL);
	if (first_png)
		bug_add_evidence(&b, first_png);
	bug_add_evidence(&b, shot_after);
	if (then_png)
		bug_add_evidence(&b, then_png);
	(void)agent_env_report_bug(env, &b, NULL);
	bug_release(&b);
	free(shot_after);
}

void oracle_report_finding(struct agent_env *env, int step, struct oracle_finding *f,
			   const struct action *trigger, size_t n_trigger, const char *after_check_png)
{
	report_finding(env, step, f, trigger, n_trigger, NULL, after_check_png);
}

void oracle_report_step_finding(struct agent_env *env, int step, struct oracle_finding *f)
{
	char *shot_before = rundir_step_rel(step, ".png");

	report_finding(env, step, f, NULL, 0, shot_before, NULL);
	free(shot_before);
}

void oracle_record_side_trip(struct agent_env *env, int step, const char *oracle, const struct action *a, size_t n)
{
	char *by = xasprintf("oracle:%s", oracle);
	cJSON *rec = cJSON_CreateObject(), *arr = cJSON_AddArrayToObject(rec, "actions");

	history_add_side_actions(agent_env_history(env), step, by, a, n);
	cJSON_AddNumberToObject(rec, "after_step", step);
	cJSON_AddStringToObject(rec, "by", by);
	for (size_t i = 0; i < n; i++)
		cJSON_AddItemToArray(arr, action_to_json(&a[i]));
	(void)agent_env_trace(env, "side_trip", rec);
	free(by);
}

bool oracle_on(const struct oracles_state *st, const struct oracle_kind *k)
{
	int i = oracle_kind_index(k);

	return i >= 0 && st->on[i];
}

/* Count for sig in a seen-list (incremented when `bump`). */
int oracle_seen_count(struct seen **arr, size_t *n, size_t *alloc, uint64_t sig, bool bump)
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

/* Sleep ms milliseconds. */
void oracle_sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (ms > 0 && nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/*
 * An oracle that judges the action from the screens before and after it
 * (8: a tapped switch stayed as it was; 10: an accepted entry no list
 * shows). Evidence: the screens before and after the action.
 */
void oracle_check_step(const struct oracle_step *s, oracle_step_check check)
{
	struct agent_env *env = s->env;
	const struct brain_screen *before = s->before, *after = s->after;
	const struct action *done = s->done;
	struct oracle_finding f;

	oracle_finding_init(&f);
	if (check(before->tree, before->activity, after->tree, after->activity, done, &f)) {
		oracle_report_step_finding(env, before->step, &f);
	}
	oracle_finding_release(&f);
}

/* Toggle and entry need the action: recheck it on the replay's screens before and after it. */
bool oracle_recheck_step(const struct oracle_recheck *c, oracle_step_check check, struct oracle_finding *f)
{
	const struct replay_result *r = c->r;
	size_t n = r->n_screens;

	oracle_finding_init(f);
	if (n < 2 || !c->last_step)
		return false;
	return check(r->screens[n - 2].tree, r->screens[n - 2].activity, r->screens[n - 1].tree,
		     r->screens[n - 1].activity, c->last_step, f);
}

/* Whether kinds[i] runs its pass now: the first kind with that pass, when any kind sharing it is on. */
static bool pass_due(const struct oracles_state *st, const struct oracle_kind *const *kinds, size_t n, size_t i)
{
	if (!kinds[i]->after_step)
		return false;
	for (size_t j = 0; j < i; j++)
		if (kinds[j]->after_step == kinds[i]->after_step)
			return false;
	for (size_t j = i; j < n; j++)
		if (kinds[j]->after_step == kinds[i]->after_step && st->on[j])
			return true;
	return false;
}

/* A tracking oracle's step: fed to its tracker; a finding is reported with the screens before and after as evidence. */
static void tracked_after_step(const struct oracle_step *s, const struct oracle_kind *k, size_t i)
{
	struct oracle_tracked_step ts = {
		.before = s->before->tree, .activity_before = s->before->activity,
		.after = s->after->tree, .activity_after = s->after->activity,
		.after_in_app = s->after->in_app, .done = s->done,
	};
	struct oracle_finding f;

	if (!s->st->trackers[i])
		s->st->trackers[i] = k->tracker_new();
	oracle_finding_init(&f);
	if (k->track(s->st->trackers[i], &ts, &f)) {
		oracle_report_step_finding(s->env, s->before->step, &f);
	}
	oracle_finding_release(&f);
}

/* Every oracle's after-step check, in ORACLE_KINDS order. */
static int oracles_after_step(struct agent_plugin *p, struct agent_env *env, struct device *dev,
			      const struct brain_screen *before, const struct action *done,
			      const struct brain_screen *after)
{
	struct oracle_step s = { .st = p->state, .env = env, .dev = dev, .before = before, .done = done,
				 .after = after };
	size_t n;
	const struct oracle_kind *const *kinds = oracle_kinds(&n);
	int changed = 0;
	unsigned long judged_before = agent_env_bugs_judged(env);

	if (!after->tree || !before->tree)
		return 0;
	/* The clicks between screens: process_death's walk back after a restart, and the revisit walk. */
	oracle_record_edge(s.st, &s);
	oracle_revisit_observe(s.st, &s);
	for (size_t i = 0; i < n; i++) {
		/* Outside the app only the kinds that look at the device itself (crash). */
		if (!after->in_app && !(kinds[i]->flags & ORACLE_ANY_SCREEN))
			continue;
		if (kinds[i]->track && s.st->on[i])
			tracked_after_step(&s, kinds[i], i);
		else if (kinds[i]->step_check && s.st->on[i])
			oracle_check_step(&s, kinds[i]->step_check);
		else if (pass_due(s.st, kinds, n, i))
			changed |= kinds[i]->after_step(&s);
	}
	/* A judged report replayed the app (confirmed or not): the screen is not `after` any more. */
	if (agent_env_bugs_judged(env) != judged_before)
		changed = 1;
	return changed;
}

/* Before the brain chooses: a step of the walk back after a setting changed (revisit.c). */
static int oracles_before_choose(struct agent_plugin *p, struct agent_env *env, struct device *dev,
				 const struct brain_screen *s, struct action *override)
{
	(void)dev;
	return oracle_revisit_choose(p->state, env, s, override);
}

static void oracles_free(struct agent_plugin *p)
{
	struct oracles_state *st = p->state;
	size_t n_kinds;
	const struct oracle_kind *const *kinds = oracle_kinds(&n_kinds);

	for (size_t i = 0; i < st->n_snaps; i++) {
		free(st->snaps[i].id);
		if (st->snaps[i].list)
			oracle_lists_free(st->snaps[i].list, 1);
	}
	free(st->snaps);
	free(st->display_seen);
	free(st->state_seen);
	free(st->lossy_seen);
	free(st->press_seen);
	free(st->claim_seen);
	free(st->placeholders);
	free(st->landscape_seen);
	free(st->loading_seen);
	for (size_t i = 0; i < st->n_edges; i++)
		action_release(&st->edges[i].a);
	free(st->edges);
	oracle_revisit_free(st);
	free(st->death_seen);
	free(st->death_opener);
	free(st->death_opened_as);
	free(st->status_seen);
	free(st->feedback_page);
	free(st->feedback_page_activity);
	free(st->feedback_list);
	free(st->feedback_list_activity);
	for (size_t i = 0; i < sizeof(st->page_dumps) / sizeof(st->page_dumps[0]); i++)
		free(st->page_dumps[i].xml);
	oracle_feedback_visits_release(&st->visits);
	for (size_t i = 0; i < st->n_first; i++)
		free(st->first[i].text);
	free(st->first);
	free(st->launcher);
	for (size_t i = 0; i < n_kinds; i++)
		if (st->trackers[i])
			kinds[i]->tracker_free(st->trackers[i]);
	free(st);
	free(p);
}

static int new_oracles(struct agent_env *env, struct agent_plugin **out)
{
	const struct config *cfg = agent_env_config(env);
	struct oracles_state *st = xcalloc(1, sizeof(*st));
	bool any = false;
	size_t n_kinds;
	const struct oracle_kind *const *kinds = oracle_kinds(&n_kinds);
	long long wait;

	for (size_t i = 0; i < n_kinds; i++)
		st->on[i] = config_bool(cfg, kinds[i]->config_key);
	wait = config_int(cfg, "oracles.loading_wait_ms");
	st->loading_wait_ms = wait < 0 || wait > 600000 ? -1 : (int)wait;
	st->overlap = config_double(cfg, "oracles.display_overlap");
	st->landscape = config_bool(cfg, "oracles.display_landscape");
	st->state_checks = (int)config_int(cfg, "oracles.state_checks_per_screen");
	{
		long long walks = config_int(cfg, "oracles.setting_revisits");

		st->revisit.max_walks = walks < 0 || walks > 1000 ? -1 : (int)walks;
	}
	st->launcher = oracle_launcher_component(agent_env_app(env));
	for (size_t i = 0; i < n_kinds; i++)
		any |= st->on[i];
	*out = NULL;
	if (!any || st->overlap <= 0 || st->overlap > 1 || st->loading_wait_ms < 0 || st->revisit.max_walks < 0 ||
	    st->revisit.max_walks > 1000) {
		const char *bad = !any ? NULL
				  : st->overlap <= 0 || st->overlap > 1 ? "oracles.display_overlap: expected a share in (0,1]"
				  : st->loading_wait_ms < 0 ? "oracles.loading_wait_ms: expected 0 to 600000 ms"
				  : "oracles.setting_revisits: expected 0 to 1000 walks";

		free(st->launcher);
		free(st);
		return bad ? td_error(TD_ERR_CONFIG, "%s", bad) : TD_OK;
	}
	*out = plugin_new("oracles", st);
	(*out)->before_choose = oracles_before_choose;
	(*out)->after_step = oracles_after_step;
	(*out)->free = oracles_free;
	return TD_OK;
}

#define ORACLE_KIND_NAME(n) " " #n

const struct plugin_kind plugin_kind_oracles = {
	.name = "oracles",
	.summary = "deterministic oracles (agents/oracles/):" ORACLE_KINDS(ORACLE_KIND_NAME),
	.new_plugin = new_oracles,
};
