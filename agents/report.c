/*
 * report.c - summary.json and the self-contained report.html (see report.h).
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

/* Append HTML-escaped text. */
static void esc(struct strbuf *sb, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '<': (void)strbuf_adds(sb, "&lt;"); break;
		case '>': (void)strbuf_adds(sb, "&gt;"); break;
		case '&': (void)strbuf_adds(sb, "&amp;"); break;
		case '"': (void)strbuf_adds(sb, "&quot;"); break;
		default: (void)strbuf_addch(sb, *s);
		}
	}
}

/* Report thumbnails: screens are shrunk to this size to keep the page small. */
#define THUMB_LONG 720
#define THUMB_SHORT 360

/*
 * Embed a run-relative PNG as a data: URI image, shrunk to a thumbnail
 * (the full-size file stays in the run directory). Nothing when unreadable.
 */
static void embed_png(struct strbuf *sb, struct rundir *rd, const char *rel, const char *caption)
{
	char *abs = rundir_abs(rd, rel), *b64 = NULL;
	struct image *img = NULL, *small = NULL;
	unsigned char *png = NULL;
	size_t len = 0;
	int w, h;

	if (image_read_file(abs, &img) == TD_OK) {
		image_fit_size(img->width, img->height, THUMB_LONG, THUMB_SHORT, &w, &h);
		small = image_downscale(img, w, h);
		if (small && image_encode_png(small, 6, &png, &len) == TD_OK)
			b64 = image_base64(png, len, NULL);
	}
	if (b64) {
		(void)strbuf_adds(sb, "<figure><a title=\"");
		esc(sb, rel);
		(void)strbuf_addf(sb, "\"><img alt=\"%s\" src=\"data:image/png;base64,%s\"></a><figcaption>",
				  "screen", b64);
		esc(sb, caption ? caption : rel);
		(void)strbuf_adds(sb, "</figcaption></figure>");
	}
	free(b64);
	free(png);
	image_free(small);
	image_free(img);
	free(abs);
}

/* One bug's section. */
static void bug_html(struct strbuf *sb, struct rundir *rd, const struct bug *b)
{
	size_t shown = 0;
	(void)strbuf_adds(sb, "<section class=\"bug\"><h3>");
	esc(sb, b->id);
	(void)strbuf_adds(sb, " &middot; ");
	esc(sb, b->title);
	(void)strbuf_adds(sb, "</h3><p class=\"meta\">category <b>");
	esc(sb, bug_category_name(b->category));
	(void)strbuf_adds(sb, "</b> &middot; functionality <b>");
	esc(sb, b->functionality ? b->functionality : "-");
	(void)strbuf_adds(sb, "</b> &middot; found by <b>");
	esc(sb, b->found_by);
	(void)strbuf_addf(sb, "</b>%s", b->confirmed ? " &middot; confirmed by replay" : "");
	if (b->occurrences > 1)
		(void)strbuf_addf(sb, " &middot; reported %d times", b->occurrences);
	(void)strbuf_adds(sb, "</p><p>");
	esc(sb, b->description);
	(void)strbuf_adds(sb, "</p>");
	if (b->expected || b->actual) {
		(void)strbuf_adds(sb, "<p><b>Expected:</b> ");
		esc(sb, b->expected ? b->expected : "-");
		(void)strbuf_adds(sb, "<br><b>Actual:</b> ");
		esc(sb, b->actual ? b->actual : "-");
		(void)strbuf_adds(sb, "</p>");
	}
	(void)strbuf_adds(sb, "<h4>Steps to reproduce</h4><ol>");
	for (size_t i = 0; i < b->n_steps; i++) {
		char *d = action_describe(&b->steps[i].action);
		(void)strbuf_adds(sb, "<li>");
		esc(sb, d);
		if (b->steps[i].activity) {
			(void)strbuf_adds(sb, " <span class=\"meta\">on ");
			esc(sb, b->steps[i].activity);
			(void)strbuf_adds(sb, "</span>");
		}
		(void)strbuf_adds(sb, "</li>");
		free(d);
	}
	(void)strbuf_adds(sb, "</ol><div class=\"screens\">");
	for (size_t i = 0; i < b->n_evidence && shown < 16; i++, shown++)
		embed_png(sb, rd, b->evidence[i], b->evidence[i]);
	(void)strbuf_adds(sb, "</div></section>\n");
}

/* The whole report.html text. */
static char *report_html(struct agent_env *env, const struct run_stats *st, const char *brain)
{
	struct strbuf sb = STRBUF_INIT;
	const struct app_info *app = agent_env_app(env);
	struct bug_list *bl = agent_env_bugs(env);
	cJSON *funcs = history_functionalities_json(agent_env_history(env)), *f;
	size_t n = bug_list_count(bl);

	(void)strbuf_adds(&sb, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
		"<title>trident report: ");
	esc(&sb, app->package);
	(void)strbuf_adds(&sb, "</title><style>"
		"body{font-family:system-ui,sans-serif;margin:2em;max-width:1200px;color:#222}"
		"table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}"
		".bug{border:1px solid #d88;border-radius:6px;padding:1em;margin:1em 0}"
		".meta{color:#666;font-size:90%}.screens{display:flex;flex-wrap:wrap;gap:8px}"
		"figure{margin:0;width:180px}figure img{width:180px;border:1px solid #aaa}"
		"figcaption{font-size:75%;color:#555;word-break:break-all}"
		"</style></head><body>\n<h1>trident report: ");
	esc(&sb, app->label && app->label[0] ? app->label : app->package);
	(void)strbuf_adds(&sb, "</h1>\n<h2>Summary</h2><table>");
	(void)strbuf_adds(&sb, "<tr><th>package</th><td>");
	esc(&sb, app->package);
	(void)strbuf_adds(&sb, "</td></tr><tr><th>brain</th><td>");
	esc(&sb, brain);
	(void)strbuf_addf(&sb, "</td></tr><tr><th>steps</th><td>%d of %d (stopped: ", st->steps,
			  agent_env_step_budget(env));
	esc(&sb, st->stop_reason);
	(void)strbuf_addf(&sb, ")</td></tr><tr><th>distinct screens</th><td>%d</td></tr>"
			  "<tr><th>activities covered</th><td>", st->screens);
	if (st->activities_total > 0)
		(void)strbuf_addf(&sb, "%d of %d", st->activities, st->activities_total);
	else
		(void)strbuf_addf(&sb, "activities unknown (no manifest; %d seen)", st->activities);
	(void)strbuf_addf(&sb, "</td></tr>"
			  "<tr><th>functionalities</th><td>%d</td></tr>"
			  "<tr><th>bugs</th><td>%zu</td></tr>"
			  "<tr><th>segments judged</th><td>%d (%d skipped)</td></tr>"
			  "<tr><th>alignment retries / fallbacks</th><td>%d / %d</td></tr>"
			  "<tr><th>interventions</th><td>%d</td></tr>"
			  "<tr><th>tokens</th><td>%ld</td></tr>"
			  "<tr><th>cost</th><td>$%.4f</td></tr>"
			  "<tr><th>wall time</th><td>%.1f s</td></tr></table>\n",
			  st->functionalities, n,
			  st->segments_judged, st->segments_skipped, st->retries, st->fallbacks,
			  st->interventions, st->tokens, st->cost_usd, st->wall_s);
	(void)strbuf_addf(&sb, "<h2>Bugs (%zu)</h2>\n", n);
	if (!n)
		(void)strbuf_adds(&sb, "<p>No bugs were reported.</p>\n");
	for (size_t i = 0; i < n; i++) {
		struct bug b;
		if (bug_list_get(bl, i, &b) == TD_OK)
			bug_html(&sb, agent_env_rundir(env), &b);
		bug_release(&b);
	}
	(void)strbuf_adds(&sb, "<h2>Functionalities</h2><table><tr><th>functionality</th><th>visits</th>"
			  "<th>steps</th><th>status</th></tr>");
	cJSON_ArrayForEach(f, funcs) {
		(void)strbuf_adds(&sb, "<tr><td>");
		esc(&sb, cJSON_GetStringValue(cJSON_GetObjectItem(f, "name")));
		(void)strbuf_addf(&sb, "</td><td>%d</td><td>%d</td><td>",
				  (int)cJSON_GetNumberValue(cJSON_GetObjectItem(f, "visits")),
				  (int)cJSON_GetNumberValue(cJSON_GetObjectItem(f, "steps")));
		esc(&sb, cJSON_GetStringValue(cJSON_GetObjectItem(f, "status")));
		(void)strbuf_adds(&sb, "</td></tr>");
	}
	(void)strbuf_adds(&sb, "</table>\n<h2>Activities</h2><ul>");
	for (size_t i = 0; i < app->n_activities; i++) {
		bool seen = report_activity_seen(agent_env_history(env), app, app->activities[i].name);
		(void)strbuf_addf(&sb, "<li>%s ", seen ? "&#10003;" : "&#10007;");
		esc(&sb, app->activities[i].name);
		(void)strbuf_adds(&sb, "</li>");
	}
	(void)strbuf_adds(&sb, "</ul>\n");
	if (agent_env_llm(env)) {
		cJSON *u = llm_usage_json(agent_env_llm(env));
		char *t = cJSON_Print(u);
		(void)strbuf_adds(&sb, "<h2>Model usage</h2><pre>");
		esc(&sb, t);
		(void)strbuf_adds(&sb, "</pre>\n");
		free(t);
		cJSON_Delete(u);
	}
	(void)strbuf_adds(&sb, "<p class=\"meta\">Generated by trident " TRIDENT_VERSION
			  ". Full trace: trace.jsonl; bugs: bugs.json.</p></body></html>\n");
	cJSON_Delete(funcs);
	return strbuf_detach(&sb, NULL);
}

int report_write_all(struct agent_env *env, const struct run_stats *st, const char *brain)
{
	cJSON *sum = report_summary_json(env, st, brain);
	char *text = cJSON_Print(sum);
	char *html;
	int err;
	size_t len = strlen(text);

	cJSON_Delete(sum);
	text = xrealloc(text, len + 2);
	text[len] = '\n';
	text[len + 1] = '\0';
	err = rundir_write(agent_env_rundir(env), "summary.json", text, len + 1);
	free(text);
	if (err != TD_OK)
		return err;
	html = report_html(env, st, brain);
	err = rundir_write(agent_env_rundir(env), "report.html", html, strlen(html));
	free(html);
	return err;
}
