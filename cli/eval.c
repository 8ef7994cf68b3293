/*
 * eval.c - `trident eval`: score a run's bugs.json against the simulator's
 * ground truth (the only engine file that includes sim_truth.h).
 *
 * Each reported bug is replayed on a fresh in-process simulator of the app
 * (the variant the run used: --fixed turns every injected bug off) from a
 * clean start. The report is a true positive when an injected bug fires
 * during its final action or its trigger actions (extra.trigger_steps: the
 * rotation, the Home and relaunch) or when its final screen is shown - the
 * part of the replay the report is about; bugs that fire earlier on the
 * way do not count for it. Among those, one of the report's category is
 * preferred (bugs that change how a widget is drawn fire on every render),
 * else the first one fired in the window. When nothing fired in the window,
 * only a drawn bug of the report's category noted earlier in the same
 * replay is credited (it is noted once per screen visit); an event's bug
 * that fired earlier on the path is not, and the report is a false
 * positive. A report matched to a bug of another category (none of its
 * own fired in the window) is marked "cross_category" and counted in the
 * top-level "cross_category": such a match may be the report naming the
 * bug otherwise, or a report about something else whose replay passes
 * where a bug fires (session 61: a false report hidden as a duplicate), so
 * a person reads those. Reports
 * matched to the same injected bug count once (the first is the true
 * positive; the others are listed as duplicates and left out of precision).
 *
 *   precision = TP / (TP + FP), duplicates left out; with no reports it is
 *               1.0 by definition (nothing claimed, nothing wrong) and
 *               "precision_defined" is false
 *   recall    = distinct injected bugs found / injected bugs declared
 *               (null on a --fixed run, where no bug can fire)
 *
 * The replay drives the simulator through the device API, the code the
 * explorer runs: device_open_sim() wraps the fresh simulator, each step is
 * re-aimed on a fresh dump (action_resolve) and performed by
 * action_perform(); the ground truth is read from the same simulator.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/action.h"
#include "agents/bugs.h"
#include "cli/cli_commands.h"
#include "agents/login.h"
#include "core/ui.h"
#include "core/xalloc.h"
#include "device/app_info.h"
#include "device/device.h"
#include "device/sim/sim.h"
#include "device/sim/sim_truth.h"

/* Dump and parse the device's screen. */
static int eval_screen(struct device *dev, struct ui_tree **out)
{
	char *xml = NULL;
	size_t len = 0;
	int e;

	*out = NULL;
	e = device_dump_xml(dev, &xml, &len);
	if (e == TD_OK)
		e = ui_parse(xml, len, "sim", out);
	free(xml);
	return e;
}

/*
 * Perform one action the way the explorer does (action_perform); a
 * start_activity step without a component starts the launcher activity.
 */
static int eval_perform(struct device *dev, struct action *a, const char *pkg, const char *launcher)
{
	if (a->type == ACTION_START_ACTIVITY && !a->uri)
		a->uri = xstrdup(launcher);
	return action_perform(dev, a, pkg);
}

/* Aim a widget action at its widget on the current screen (text/id, coordinates fallback). */
static int eval_aim(struct device *dev, struct action *a)
{
	struct ui_tree *t = NULL;
	const struct ui_widget *w;
	int e;

	if (!action_type_targets_widget(a->type))
		return TD_OK;
	e = eval_screen(dev, &t);
	if (e != TD_OK)
		return e;
	w = action_resolve(a, t);
	if (w) {
		a->x = (w->bounds.x1 + w->bounds.x2) / 2;
		a->y = (w->bounds.y1 + w->bounds.y2) / 2;
		a->bounds = w->bounds;
	}
	ui_tree_free(t);
	return TD_OK;
}

/* Aim and perform a copy of `step`; a step that fails is passed over. */
static void eval_step(struct device *dev, const struct action *step, const char *pkg, const char *launcher)
{
	struct action a;

	action_copy(&a, step);
	if (eval_aim(dev, &a) == TD_OK)
		(void)eval_perform(dev, &a, pkg, launcher);
	action_release(&a);
}

/* Run the login script (if any) step by step. */
static void eval_login(struct device *dev, const struct login_script *login, const char *pkg,
		       const char *launcher)
{
	for (size_t i = 0; login && i < login->n; i++)
		eval_step(dev, &login->actions[i], pkg, launcher);
}

struct fired {
	const char *id;       /* owned by the sim_app */
	const char *category;
};

/* Whether string field key of JSON object o is absent or equals s. */
static bool same_or_absent(const cJSON *o, const char *key, const char *s)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return !cJSON_IsString(v) || (s && strcmp(v->valuestring, s) == 0);
}

/*
 * How many of b's last steps its window covers when the report names the
 * action it blames (extra.blamed, an action object: its type, resource-id
 * and widget text): from the last step that matches it, when that is
 * earlier than `tail` steps from the end; else `tail`.
 */
static size_t blamed_tail(const struct bug *b, size_t tail)
{
	const cJSON *bl = b->extra ? cJSON_GetObjectItemCaseSensitive(b->extra, "blamed") : NULL;
	const cJSON *type = bl ? cJSON_GetObjectItemCaseSensitive(bl, "type") : NULL;

	if (!cJSON_IsString(type))
		return tail;
	for (size_t i = b->n_steps; i-- > 0;) {
		const struct action *a = &b->steps[i].action;

		if (strcmp(action_type_name(a->type), type->valuestring) == 0 &&
		    same_or_absent(bl, "resource_id", a->resource_id) && same_or_absent(bl, "widget_text", a->widget_text))
			return b->n_steps - i > tail ? b->n_steps - i : tail;
	}
	return tail;
}

/*
 * Replay bug b on a fresh sim; the injected bugs that fired during its last
 * 1 + trigger actions go to *out (malloc'd). Returns how many.
 */
static size_t eval_replay(const struct sim_app *app, bool fixed, const struct bug *b,
			  const struct login_script *login, const char *launcher, struct fired **out)
{
	struct sim_options opt = { .width = 0, .height = 0, .fixed = fixed, .latency = NULL };
	struct sim *s = NULL;
	struct device *dev = NULL;
	const char *pkg = sim_app_package(app);
	const cJSON *t = b->extra ? cJSON_GetObjectItemCaseSensitive(b->extra, "trigger_steps") : NULL;
	size_t trigger = cJSON_IsNumber(t) && t->valuedouble >= 0 ? (size_t)t->valuedouble : 0;
	size_t tail = trigger + 1, n_before = 0, n = 0;
	struct fired *f = NULL;

	*out = NULL;
	/* The window starts at the path's own last action: side trips recorded
	 * after it (before the trigger actions) belong to the window too. */
	while (tail < b->n_steps && b->steps[b->n_steps - tail].side_trip)
		tail++;
	/* Or earlier, at the action the oracle blames (a rename whose list a
	 * later Back shows stale). */
	tail = blamed_tail(b, tail);
	if (sim_new(app, &opt, &s) != TD_OK)
		return 0;
	/* The device borrows s: the ground truth is read from s directly. */
	if (device_open_sim(s, NULL, &dev) != TD_OK || device_launch(dev, pkg) != TD_OK)
		goto out;
	eval_login(dev, login, pkg, launcher);
	for (size_t i = 0; i < b->n_steps; i++) {
		if (i + tail == b->n_steps) {
			const struct sim_bug_event *ev;

			n_before = sim_fired_bugs(s, &ev);
		}
		eval_step(dev, &b->steps[i].action, pkg, launcher);
		if (b->steps[i].action.type == ACTION_RESTART)
			eval_login(dev, login, pkg, launcher);
	}
	{
		const struct sim_bug_event *ev;
		struct ui_tree *last = NULL;
		size_t total;

		/* Lay out the final screen once more: bugs that alter how a widget is
		 * drawn fire when the screen is shown. */
		if (eval_screen(dev, &last) == TD_OK)
			ui_tree_free(last);
		total = sim_fired_bugs(s, &ev);

		/* pm clear / restarts may reset the record; then count from the start. */
		if (n_before > total)
			n_before = 0;
		for (size_t i = n_before; i < total; i++) {
			f = xrealloc(f, (n + 1) * sizeof(*f));
			f[n].id = ev[i].bug_id;
			f[n].category = ev[i].category;
			n++;
		}
		/* A bug that changes how a widget is drawn may be recorded only the
		 * first time it shows; when nothing fired in the window, such a bug
		 * of the report's category recorded earlier in this replay still
		 * describes it. An event's bug that fired earlier does not: the
		 * report is about its last action, so it is a false positive. */
		for (size_t i = n_before; n == 0 && i-- > 0;) {
			if (ev[i].drawn && bug_category_parse(ev[i].category) == (int)b->category) {
				f = xrealloc(f, sizeof(*f));
				f[0].id = ev[i].bug_id;
				f[0].category = ev[i].category;
				n = 1;
			}
		}
	}
out:
	device_close(dev);
	sim_free(s);
	*out = f;
	return n;
}

/* Usage text. */
static void eval_usage(FILE *fp)
{
	fprintf(fp,
		"usage: trident eval --app SPEC.json --run DIR [--fixed] [--login FILE]\n"
		"\n"
		"Replays every bug of DIR/bugs.json on a fresh simulator of SPEC and matches it\n"
		"against the injected bugs (ground truth). Prints JSON: precision, recall,\n"
		"true/false positives, duplicates and per-category results.\n"
		"  --fixed       the run explored the fixed variant (every injected bug off)\n"
		"  --login FILE  login script the run used (replayed after each start)\n"
		"A report is a true positive when an injected bug fires during its last\n"
		"action or its trigger actions (or from the earlier action its evidence blames);\n"
		"with no reports precision is 1 by definition. A match to a bug of another\n"
		"category than the report's is marked cross_category (read those by hand).\n");
}

int cmd_eval(int argc, char **argv)
{
	const char *app_path = NULL, *run = NULL, *login_path = NULL;
	bool fixed = false;
	struct sim_app *app = NULL;
	struct bug_list *bl = NULL;
	struct login_script *login = NULL;
	const struct sim_bug_info *declared;
	size_t n_declared, n_reports, tp = 0, fp = 0, dup = 0, n_cross = 0;
	char **found_ids = NULL, *path = NULL, *launcher = NULL;
	size_t n_found = 0;
	cJSON *root = NULL, *reports, *cats;
	int rc = 1, err;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			eval_usage(stdout);
			return 0;
		} else if (!strcmp(argv[i], "--app") && i + 1 < argc) {
			app_path = argv[++i];
		} else if (!strcmp(argv[i], "--run") && i + 1 < argc) {
			run = argv[++i];
		} else if (!strcmp(argv[i], "--login") && i + 1 < argc) {
			login_path = argv[++i];
		} else if (!strcmp(argv[i], "--fixed")) {
			fixed = true;
		} else {
			fprintf(stderr, "trident eval: unknown or incomplete option '%s' (see --help)\n", argv[i]);
			return 2;
		}
	}
	if (!app_path || !run) {
		fprintf(stderr, "trident eval: --app and --run are required (see --help)\n");
		return 2;
	}
	if ((err = sim_app_load(app_path, &app)) != TD_OK) {
		fprintf(stderr, "trident eval: %s\n", td_errmsg(err));
		goto out;
	}
	if (login_path && (err = login_script_load(login_path, &login)) != TD_OK) {
		fprintf(stderr, "trident eval: %s\n", td_errmsg(err));
		goto out;
	}
	path = xasprintf("%s/bugs.json", run);
	bl = bug_list_new(NULL);
	if ((err = bug_list_load(bl, path)) != TD_OK) {
		fprintf(stderr, "trident eval: %s\n", td_errmsg(err));
		goto out;
	}
	{
		/* The launcher component, for relaunch steps without one. */
		struct app_info *info = NULL;

		if (app_info_from_sim_spec(app_path, &info) == TD_OK && info->launcher_activity)
			launcher = xasprintf("%s/%s", info->package, info->launcher_activity);
		else
			launcher = xasprintf("%s/.MainActivity", sim_app_package(app));
		app_info_free(info);
	}
	n_declared = sim_app_bugs(app, &declared);
	n_reports = bug_list_count(bl);
	root = cJSON_CreateObject();
	reports = cJSON_CreateArray();
	cats = cJSON_CreateObject();
	for (size_t i = 0; i < n_reports; i++) {
		struct bug b;
		struct fired *f = NULL;
		size_t nf;
		cJSON *r = cJSON_CreateObject(), *c;
		const char *cat;
		const char *match = NULL, *verdict;
		bool cross;

		if (bug_list_get(bl, i, &b) != TD_OK) {
			cJSON_Delete(r);
			continue;
		}
		nf = eval_replay(app, fixed, &b, login, launcher, &f);
		/* The injected bug the report describes: the last one fired in its
		 * window whose category is the report's, else the first one fired
		 * (the window starts at the action the oracle blames, e.g. Genie's
		 * pivot; later steps only lead back to the screen it compares). */
		for (size_t k = nf; k-- > 0 && !match;)
			if (bug_category_parse(f[k].category) == (int)b.category)
				match = f[k].id;
		/* Of another category: a report that names the bug otherwise (a
		 * search that loses an item reported as content missing), or one
		 * about something else that replays where a bug fires. Counted as
		 * matched, and listed as cross-category for a person to read. */
		cross = !match && nf;
		if (cross) {
			match = f[0].id;
			n_cross++;
		}
		cat = bug_category_name(b.category);
		if (!match) {
			verdict = "false_positive";
			fp++;
		} else {
			bool seen = false;

			for (size_t k = 0; k < n_found; k++)
				seen |= !strcmp(found_ids[k], match);
			if (seen) {
				verdict = "duplicate";
				dup++;
			} else {
				verdict = "true_positive";
				tp++;
				found_ids = xrealloc(found_ids, (n_found + 1) * sizeof(*found_ids));
				found_ids[n_found++] = xstrdup(match);
			}
		}
		cJSON_AddStringToObject(r, "id", b.id ? b.id : "");
		cJSON_AddStringToObject(r, "title", b.title ? b.title : "");
		cJSON_AddStringToObject(r, "category", cat);
		cJSON_AddStringToObject(r, "found_by", b.found_by ? b.found_by : "");
		cJSON_AddStringToObject(r, "verdict", verdict);
		if (match)
			cJSON_AddStringToObject(r, "injected_bug", match);
		else
			cJSON_AddNullToObject(r, "injected_bug");
		cJSON_AddBoolToObject(r, "cross_category", cross);
		cJSON_AddItemToArray(reports, r);
		c = cJSON_GetObjectItemCaseSensitive(cats, cat);
		if (!c) {
			c = cJSON_CreateObject();
			cJSON_AddNumberToObject(c, "true_positives", 0);
			cJSON_AddNumberToObject(c, "false_positives", 0);
			cJSON_AddNumberToObject(c, "duplicates", 0);
			cJSON_AddItemToObject(cats, cat, c);
		}
		{
			cJSON *cnt = cJSON_GetObjectItemCaseSensitive(c, !strcmp(verdict, "true_positive") ? "true_positives"
								       : !strcmp(verdict, "duplicate") ? "duplicates"
								       : "false_positives");
			cJSON_SetNumberValue(cnt, cnt->valuedouble + 1);
		}
		free(f);
		bug_release(&b);
	}
	cJSON_AddStringToObject(root, "app", sim_app_package(app));
	cJSON_AddStringToObject(root, "run", run);
	cJSON_AddBoolToObject(root, "fixed", fixed);
	cJSON_AddNumberToObject(root, "reports", (double)n_reports);
	cJSON_AddNumberToObject(root, "true_positives", (double)tp);
	cJSON_AddNumberToObject(root, "false_positives", (double)fp);
	cJSON_AddNumberToObject(root, "duplicates", (double)dup);
	cJSON_AddNumberToObject(root, "cross_category", (double)n_cross);
	cJSON_AddNumberToObject(root, "precision", tp + fp ? (double)tp / (double)(tp + fp) : 1.0);
	cJSON_AddBoolToObject(root, "precision_defined", tp + fp > 0);
	cJSON_AddNumberToObject(root, "injected", fixed ? 0 : (double)n_declared);
	if (fixed || !n_declared)
		cJSON_AddNullToObject(root, "recall");
	else
		cJSON_AddNumberToObject(root, "recall", (double)n_found / (double)n_declared);
	{
		cJSON *found = cJSON_CreateArray(), *missed = cJSON_CreateArray();

		for (size_t k = 0; k < n_declared && !fixed; k++) {
			bool hit = false;

			for (size_t q = 0; q < n_found; q++)
				hit |= !strcmp(found_ids[q], declared[k].id);
			cJSON_AddItemToArray(hit ? found : missed, cJSON_CreateString(declared[k].id));
		}
		cJSON_AddItemToObject(root, "found", found);
		cJSON_AddItemToObject(root, "missed", missed);
	}
	cJSON_AddItemToObject(root, "per_category", cats);
	cJSON_AddItemToObject(root, "bugs", reports);
	{
		char *text = cJSON_Print(root);

		printf("%s\n", text);
		free(text);
	}
	rc = 0;
out:
	for (size_t k = 0; k < n_found; k++)
		free(found_ids[k]);
	free(found_ids);
	cJSON_Delete(root);
	bug_list_free(bl);
	login_script_free(login);
	sim_app_free(app);
	free(path);
	free(launcher);
	return rc;
}
