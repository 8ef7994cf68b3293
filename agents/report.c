/*
 * report.c - summary.json, report.html and JUnit at the end of a run, and the
 * same rebuilt from trace.jsonl by `trident report` (see report.h).
 */
#include "agents/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "agents/agent_env.h"
#include "agents/bugs.h"
#include "agents/history.h"
#include "agents/junit.h"
#include "agents/report_html.h"
#include "agents/run_record.h"
#include "agents/rundir.h"
#include "core/image.h"
#include "core/llm.h"
#include "core/strbuf.h"
#include "core/xalloc.h"
#include "device/app_info.h"

/* "pkg/.Act" -> "pkg.Act", "pkg/full.Act" -> "full.Act", else as is. Caller frees. */
static char *qualify_activity(const char *seen)
{
	const char *slash = strchr(seen, '/');
	if (!slash)
		return xstrdup(seen);
	if (slash[1] == '.')
		return xasprintf("%.*s%s", (int)(slash - seen), seen, slash + 1);
	return xstrdup(slash + 1);
}

bool report_activity_seen(struct history *h, const struct app_info *app, const char *name)
{
	char **acts;
	int n = history_activities(h, &acts);
	bool seen = false;
	(void)app;
	for (int i = 0; i < n; i++) {
		char *q = qualify_activity(acts[i]);
		if (!strcmp(q, name) || !strcmp(acts[i], name))
			seen = true;
		free(q);
		free(acts[i]);
	}
	free(acts);
	return seen;
}

cJSON *report_summary_json(struct agent_env *env, const struct run_stats *st, const char *brain)
{
	const struct app_info *app = agent_env_app(env);
	cJSON *o = cJSON_CreateObject(), *acts, *cats, *msgs;
	struct bug_list *bl = agent_env_bugs(env);
	int per_cat[BUG_CAT__COUNT] = { 0 };
	char **seen;
	int n_seen;

	cJSON_AddStringToObject(o, "package", app->package ? app->package : "");
	cJSON_AddStringToObject(o, "brain", brain ? brain : "");
	cJSON_AddStringToObject(o, "stop_reason", st->stop_reason ? st->stop_reason : "");
	cJSON_AddNumberToObject(o, "steps", st->steps);
	cJSON_AddNumberToObject(o, "step_budget", agent_env_step_budget(env));
	cJSON_AddNumberToObject(o, "screens", st->screens);
	acts = cJSON_AddObjectToObject(o, "activities");
	cJSON_AddNumberToObject(acts, "covered", st->activities);
	/* without a manifest the total is unknown: null, never "4 of 0" */
	cJSON_AddBoolToObject(acts, "known", st->activities_total > 0);
	if (st->activities_total > 0) {
		cJSON_AddNumberToObject(acts, "total", st->activities_total);
		cJSON_AddNumberToObject(acts, "coverage", (double)st->activities / st->activities_total);
	} else {
		cJSON_AddNullToObject(acts, "total");
		cJSON_AddNullToObject(acts, "coverage");
	}
	{
		cJSON *vis = cJSON_AddArrayToObject(acts, "visited"), *miss = cJSON_AddArrayToObject(acts, "missed");
		for (size_t i = 0; i < app->n_activities; i++)
			cJSON_AddItemToArray(report_activity_seen(agent_env_history(env), app, app->activities[i].name) ? vis : miss,
					     cJSON_CreateString(app->activities[i].name));
	}
	n_seen = history_activities(agent_env_history(env), &seen);
	{
		cJSON *fg = cJSON_AddArrayToObject(acts, "seen");
		for (int i = 0; i < n_seen; i++) {
			cJSON_AddItemToArray(fg, cJSON_CreateString(seen[i]));
			free(seen[i]);
		}
		free(seen);
	}
	cJSON_AddNumberToObject(o, "functionalities", st->functionalities);
	cJSON_AddItemToObject(o, "functionality_list", history_functionalities_json(agent_env_history(env)));
	cJSON_AddNumberToObject(o, "bugs", st->bugs);
	for (size_t i = 0; i < bug_list_count(bl); i++) {
		struct bug b;
		if (bug_list_get(bl, i, &b) == TD_OK)
			per_cat[b.category]++;
		bug_release(&b);
	}
	cats = cJSON_AddObjectToObject(o, "bugs_by_category");
	for (int c = 0; c < BUG_CAT__COUNT; c++)
		if (per_cat[c])
			cJSON_AddNumberToObject(cats, bug_category_name((enum bug_category)c), per_cat[c]);
	cJSON_AddNumberToObject(o, "tokens", (double)st->tokens);
	cJSON_AddNumberToObject(o, "cost_usd", st->cost_usd);
	cJSON_AddNumberToObject(o, "wall_s", st->wall_s);
	cJSON_AddNumberToObject(o, "segments_judged", st->segments_judged);
	cJSON_AddNumberToObject(o, "segments_skipped", st->segments_skipped);
	cJSON_AddNumberToObject(o, "alignment_retries", st->retries);
	cJSON_AddNumberToObject(o, "fallbacks", st->fallbacks);
	cJSON_AddNumberToObject(o, "interventions", st->interventions);
	msgs = cJSON_AddObjectToObject(o, "messages");
	for (int i = MSG_STEP; i <= MSG_STOP; i++)
		cJSON_AddNumberToObject(msgs, agent_msg_name(i), (double)st->messages[i]);
	if (agent_env_llm(env))
		cJSON_AddItemToObject(o, "llm", llm_usage_json(agent_env_llm(env)));
	return o;
}

/* Text with a trailing newline (cJSON_Print leaves none). Caller frees. */
static char *json_text(const cJSON *o, size_t *len)
{
	char *text = cJSON_Print(o);
	size_t n = strlen(text);
	text = xrealloc(text, n + 2);
	text[n] = '\n';
	text[n + 1] = '\0';
	*len = n + 1;
	return text;
}

/* summary.json, report.html and (when asked) the JUnit file from the three JSON parts. */
static int write_outputs(struct rundir *rd, const cJSON *sum, const cJSON *bugs, const struct run_record *rec,
			 const char *junit_path)
{
	size_t len;
	char *text = json_text(sum, &len), *html;
	int err = rundir_write(rd, "summary.json", text, len);

	free(text);
	if (err != TD_OK)
		return err;
	html = report_html_render(rundir_path(rd), sum, bugs, rec);
	err = rundir_write(rd, "report.html", html, strlen(html));
	free(html);
	if (err == TD_OK && junit_path)
		err = junit_write(junit_path, sum, bugs);
	return err;
}

int report_write_all(struct agent_env *env, const struct run_stats *st, const char *brain, const char *junit_path)
{
	cJSON *sum = report_summary_json(env, st, brain);
	cJSON *bugs = bug_list_to_json(agent_env_bugs(env));
	struct run_record *rec = NULL;
	int err;

	/* The trace's step records draw the filmstrips' results, the graph and the coverage chart. */
	if (run_record_load(rundir_path(agent_env_rundir(env)), &rec) != TD_OK)
		rec = NULL;
	cJSON_AddBoolToObject(sum, "complete", true);
	err = write_outputs(agent_env_rundir(env), sum, bugs, rec, junit_path);
	run_record_free(rec);
	cJSON_Delete(bugs);
	cJSON_Delete(sum);
	return err;
}

int report_rebuild(const char *run_dir, const char *junit_path, struct cJSON **summary_out)
{
	struct run_record *rec = NULL;
	struct rundir *rd = NULL;
	cJSON *sum = NULL, *bugs = NULL;
	char *text;
	size_t len;
	int err;

	if (summary_out)
		*summary_out = NULL;
	err = run_record_load(run_dir, &rec);
	if (err != TD_OK)
		return err;
	err = rundir_attach(run_dir, &rd);
	if (err != TD_OK)
		goto out;
	sum = run_record_summary_json(rec);
	bugs = run_record_bugs_json(rec);
	text = json_text(bugs, &len);
	err = rundir_write(rd, "bugs.json", text, len);
	free(text);
	if (err == TD_OK)
		err = write_outputs(rd, sum, bugs, rec, junit_path);
	if (err == TD_OK && summary_out) {
		*summary_out = sum;
		sum = NULL;
	}
out:
	cJSON_Delete(sum);
	cJSON_Delete(bugs);
	rundir_close(rd);
	run_record_free(rec);
	return err;
}
