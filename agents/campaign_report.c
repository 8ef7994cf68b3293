/*
 * campaign_report.c - a campaign's merged outputs (campaign.h): index.html
 * (per app: its runs with coverage, wall time, tokens and cost and links to
 * each run's report.html; its bugs deduplicated across runs and devices
 * with bug_same(), the key a run's own bug list uses, each with the count
 * of runs that found it) and one JUnit file (a testsuite per app: a
 * testcase per distinct bug, failing, and one per run, with an <error> when
 * the run failed).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "agents/bugs.h"
#include "agents/campaign.h"
#include "core/strbuf.h"
#include "core/xalloc.h"

#define BUGS_FILE_CAP (64u << 20)

/* One place a distinct bug was found. */
struct finding {
	const char *run_id;
	char *report;           /* href of the run's report.html#BUG */
	char *bug_id;
};

struct distinct_bug {
	struct bug bug;
	cJSON *json;            /* the first report's bugs.json object */
	struct finding *found;
	size_t n_found, alloc_found;
	size_t n_runs;          /* distinct runs among found */
};

struct app_group {
	const char *name;
	cJSON **runs;           /* borrowed from the state */
	size_t n_runs, alloc_runs;
	struct distinct_bug *bugs;
	size_t n_bugs, alloc_bugs;
};

static const char *str(const cJSON *obj, const char *key)
{
	const char *s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(obj, key));
	return s ? s : "";
}

static double num(const cJSON *obj, const char *key, double def)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
	return cJSON_IsNumber(v) ? v->valuedouble : def;
}

/* The run directory joined to base unless absolute. */
static char *join(const char *base, const char *dir, const char *file)
{
	if (dir[0] == '/')
		return xasprintf("%s/%s", dir, file);
	return xasprintf("%s/%s/%s", base, dir, file);
}

static cJSON *load_bugs(const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	cJSON *j;
	strbuf_init(&sb, BUGS_FILE_CAP);
	if (strbuf_read_file(&sb, path)) {
		td_error_clear();
		strbuf_release(&sb);
		return NULL;
	}
	j = cJSON_ParseWithLength(sb.buf, sb.len);
	strbuf_release(&sb);
	return j;
}

static struct app_group *group_of(struct app_group **groups, size_t *n, size_t *alloc, const char *name)
{
	for (size_t i = 0; i < *n; i++)
		if (!strcmp((*groups)[i].name, name))
			return &(*groups)[i];
	*groups = xgrow(*groups, alloc, *n + 1, sizeof **groups);
	memset(&(*groups)[*n], 0, sizeof **groups);
	(*groups)[*n].name = name;
	return &(*groups)[(*n)++];
}

/* Add the bugs of DIR/bugs.json, found by run `id`, to the app's distinct bugs. */
static void add_run_bugs(struct app_group *g, const char *base, const char *dir, const char *id)
{
	char *path = join(base, dir, "bugs.json");
	cJSON *root = load_bugs(path), *it;
	free(path);
	if (!root)
		return;
	cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(root, "bugs")) {
		struct bug b;
		struct distinct_bug *d = NULL;
		bug_init(&b);
		if (bug_from_json(it, &b) != TD_OK) {
			td_error_clear();
			bug_release(&b);
			continue;
		}
		for (size_t i = 0; i < g->n_bugs && !d; i++)
			if (bug_same(&g->bugs[i].bug, &b))
				d = &g->bugs[i];
		if (!d) {
			g->bugs = xgrow(g->bugs, &g->alloc_bugs, g->n_bugs + 1, sizeof *g->bugs);
			d = &g->bugs[g->n_bugs++];
			memset(d, 0, sizeof *d);
			d->bug = b;
			d->json = cJSON_Duplicate(it, 1);
		} else {
			bug_release(&b);
		}
		{
			bool seen = false;
			for (size_t i = 0; i < d->n_found; i++)
				seen |= !strcmp(d->found[i].run_id, id);
			if (!seen)
				d->n_runs++;
		}
		d->found = xgrow(d->found, &d->alloc_found, d->n_found + 1, sizeof *d->found);
		d->found[d->n_found].run_id = id;
		d->found[d->n_found].bug_id = xstrdup(str(it, "id"));
		d->found[d->n_found].report = xasprintf("%s/report.html#%s", dir, str(it, "id"));
		d->n_found++;
	}
	cJSON_Delete(root);
}

static void groups_free(struct app_group *groups, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		for (size_t j = 0; j < groups[i].n_bugs; j++) {
			struct distinct_bug *d = &groups[i].bugs[j];
			bug_release(&d->bug);
			cJSON_Delete(d->json);
			for (size_t k = 0; k < d->n_found; k++) {
				free(d->found[k].report);
				free(d->found[k].bug_id);
			}
			free(d->found);
		}
		free(groups[i].bugs);
		free(groups[i].runs);
	}
	free(groups);
}

static void fmt_duration(struct strbuf *sb, double s)
{
	if (s < 0)
		(void)strbuf_adds(sb, "-");
	else if (s < 120)
		(void)strbuf_addf(sb, "%.1f s", s);
	else
		(void)strbuf_addf(sb, "%dm%02ds", (int)s / 60, (int)s % 60);
}

static void html_run_row(struct strbuf *h, const cJSON *run)
{
	const char *dir = str(run, "dir"), *state = str(run, "state");
	double total = num(run, "activities_total", -1);
	(void)strbuf_addf(h, "<tr class=\"run %s\" data-run=\"", state);
	(void)strbuf_add_xml(h, str(run, "id"));
	(void)strbuf_adds(h, "\"><td>");
	if (*dir && (!strcmp(state, "done") || cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(run, "steps")))) {
		(void)strbuf_adds(h, "<a href=\"");
		(void)strbuf_add_xml(h, dir);
		(void)strbuf_adds(h, "/report.html\">");
		(void)strbuf_add_xml(h, str(run, "id"));
		(void)strbuf_adds(h, "</a>");
	} else {
		(void)strbuf_add_xml(h, str(run, "id"));
	}
	(void)strbuf_adds(h, "</td><td>");
	(void)strbuf_add_xml(h, str(run, "device"));
	(void)strbuf_addf(h, "</td><td>%lld</td><td>", (long long)num(run, "seed", 0));
	(void)strbuf_add_xml(h, state);
	if (*str(run, "reason")) {
		(void)strbuf_adds(h, ": ");
		(void)strbuf_add_xml(h, str(run, "reason"));
	}
	(void)strbuf_addf(h, "</td><td>%d</td><td>%d</td><td>%d</td><td>", (int)num(run, "attempts", 0),
			  (int)num(run, "steps", 0), (int)num(run, "screens", 0));
	if (total > 0)
		(void)strbuf_addf(h, "%d of %d", (int)num(run, "activities_covered", 0), (int)total);
	else
		(void)strbuf_addf(h, "%d seen", (int)num(run, "activities_covered", 0));
	(void)strbuf_addf(h, "</td><td>%d</td><td>", (int)num(run, "bugs", 0));
	fmt_duration(h, num(run, "wall_s", -1));
	(void)strbuf_addf(h, "</td><td>%lld</td><td>$%.4f</td></tr>\n", (long long)num(run, "tokens", 0),
			  num(run, "cost_usd", 0));
}

static char *render_index(const char *title, struct app_group *groups, size_t n_groups, const cJSON *state,
			  int unique)
{
	struct strbuf h = STRBUF_INIT;
	int runs = 0, done = 0, failed = 0, queued = 0, steps = 0;
	double wall = 0, cost = 0;
	long long tokens = 0;
	const cJSON *it;
	char date[64];
	time_t now = time(NULL);
	struct tm tm;

	gmtime_r(&now, &tm);
	strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
	cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(state, "runs")) {
		runs++;
		done += !strcmp(str(it, "state"), "done");
		failed += !strcmp(str(it, "state"), "failed");
		queued += !strcmp(str(it, "state"), "queued") || !strcmp(str(it, "state"), "running");
		steps += (int)num(it, "steps", 0);
		wall += num(it, "wall_s", 0);
		tokens += (long long)num(it, "tokens", 0);
		cost += num(it, "cost_usd", 0);
	}
	(void)strbuf_adds(&h, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>trident campaign ");
	(void)strbuf_add_xml(&h, title);
	(void)strbuf_adds(&h, "</title>\n<style>body{font-family:sans-serif;margin:2em;max-width:80em}"
			      "table{border-collapse:collapse;margin:.5em 0 1.5em}"
			      "td,th{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}"
			      "th{background:#f4f4f4}tr.failed td{background:#fdecea}tr.queued td,tr.running td{color:#888}"
			      ".cat{font-size:.85em;color:#555}</style></head><body>\n<h1>trident campaign ");
	(void)strbuf_add_xml(&h, title);
	(void)strbuf_addf(&h, "</h1>\n<p class=\"totals\">%d runs: %d done, %d failed, %d not finished; "
			      "<strong>%d distinct bugs</strong>; %d steps; run time ", runs, done, failed, queued,
			  unique, steps);
	fmt_duration(&h, wall);
	(void)strbuf_addf(&h, " (summed over runs); %lld tokens, $%.4f. Written %s.</p>\n", tokens, cost, date);
	for (size_t g = 0; g < n_groups; g++) {
		struct app_group *a = &groups[g];
		(void)strbuf_adds(&h, "<section class=\"app\" id=\"app-");
		(void)strbuf_add_xml(&h, a->name);
		(void)strbuf_adds(&h, "\"><h2>");
		(void)strbuf_add_xml(&h, a->name);
		(void)strbuf_addf(&h, "</h2>\n<h3>Bugs (%zu distinct)</h3>\n", a->n_bugs);
		if (a->n_bugs) {
			(void)strbuf_adds(&h, "<table class=\"bugs\"><tr><th>bug</th><th>category</th>"
					      "<th>functionality</th><th>found by</th><th>runs</th><th>reports</th></tr>\n");
			for (size_t b = 0; b < a->n_bugs; b++) {
				struct distinct_bug *d = &a->bugs[b];
				(void)strbuf_addf(&h, "<tr class=\"bug\" data-runs=\"%zu\"><td>", d->n_runs);
				(void)strbuf_add_xml(&h, d->bug.title);
				(void)strbuf_adds(&h, "<div class=\"cat\">");
				(void)strbuf_add_xml(&h, d->bug.description);
				(void)strbuf_adds(&h, "</div></td><td>");
				(void)strbuf_add_xml(&h, bug_category_name(d->bug.category));
				(void)strbuf_adds(&h, "</td><td>");
				(void)strbuf_add_xml(&h, d->bug.functionality);
				(void)strbuf_adds(&h, "</td><td>");
				(void)strbuf_add_xml(&h, d->bug.found_by);
				(void)strbuf_addf(&h, "</td><td>%zu of %zu</td><td>", d->n_runs, a->n_runs);
				for (size_t k = 0; k < d->n_found; k++) {
					(void)strbuf_adds(&h, k ? ", <a href=\"" : "<a href=\"");
					(void)strbuf_add_xml(&h, d->found[k].report);
					(void)strbuf_adds(&h, "\">");
					(void)strbuf_add_xml(&h, d->found[k].run_id);
					(void)strbuf_adds(&h, " ");
					(void)strbuf_add_xml(&h, d->found[k].bug_id);
					(void)strbuf_adds(&h, "</a>");
				}
				(void)strbuf_adds(&h, "</td></tr>\n");
			}
			(void)strbuf_adds(&h, "</table>\n");
		}
		(void)strbuf_addf(&h, "<h3>Runs (%zu)</h3>\n<table class=\"runs\"><tr><th>run</th><th>device</th>"
				      "<th>seed</th><th>state</th><th>attempts</th><th>steps</th><th>screens</th>"
				      "<th>activities</th><th>bugs</th><th>wall time</th><th>tokens</th><th>cost</th></tr>\n",
				  a->n_runs);
		for (size_t r = 0; r < a->n_runs; r++)
			html_run_row(&h, a->runs[r]);
		(void)strbuf_adds(&h, "</table></section>\n");
	}
	(void)strbuf_adds(&h, "</body></html>\n");
	return strbuf_detach(&h, NULL);
}

static void junit_bug_body(struct strbuf *x, const struct distinct_bug *d)
{
	(void)strbuf_add_xml(x, d->bug.description);
	(void)strbuf_adds(x, "\nCategory: ");
	(void)strbuf_add_xml(x, bug_category_name(d->bug.category));
	if (d->bug.expected) {
		(void)strbuf_adds(x, "\nExpected: ");
		(void)strbuf_add_xml(x, d->bug.expected);
	}
	if (d->bug.actual) {
		(void)strbuf_adds(x, "\nActual: ");
		(void)strbuf_add_xml(x, d->bug.actual);
	}
	(void)strbuf_adds(x, "\nFound by: ");
	(void)strbuf_add_xml(x, d->bug.found_by);
	(void)strbuf_addf(x, "\nFound in %zu run(s):", d->n_runs);
	for (size_t k = 0; k < d->n_found; k++) {
		(void)strbuf_adds(x, "\n  ");
		(void)strbuf_add_xml(x, d->found[k].run_id);
		(void)strbuf_adds(x, " ");
		(void)strbuf_add_xml(x, d->found[k].bug_id);
		(void)strbuf_adds(x, ": ");
		(void)strbuf_add_xml(x, d->found[k].report);
	}
	(void)strbuf_adds(x, "\nSteps to reproduce (first report):");
	for (size_t s = 0; s < d->bug.n_steps; s++) {
		char *desc = action_describe(&d->bug.steps[s].action);
		(void)strbuf_addf(x, "\n  %zu. ", s + 1);
		(void)strbuf_add_xml(x, desc);
		free(desc);
	}
	(void)strbuf_adds(x, "\n");
}

static char *render_junit(struct app_group *groups, size_t n_groups)
{
	struct strbuf x = STRBUF_INIT;
	(void)strbuf_adds(&x, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"trident campaign\">\n");
	for (size_t g = 0; g < n_groups; g++) {
		struct app_group *a = &groups[g];
		size_t failed_runs = 0;
		double time_s = 0;
		for (size_t r = 0; r < a->n_runs; r++) {
			failed_runs += !strcmp(str(a->runs[r], "state"), "failed");
			time_s += num(a->runs[r], "wall_s", 0);
		}
		(void)strbuf_adds(&x, "  <testsuite name=\"trident campaign ");
		(void)strbuf_add_xml(&x, a->name);
		(void)strbuf_addf(&x, "\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"0\" time=\"%.1f\">\n",
				  a->n_bugs + a->n_runs, a->n_bugs, failed_runs, time_s);
		for (size_t b = 0; b < a->n_bugs; b++) {
			struct distinct_bug *d = &a->bugs[b];
			(void)strbuf_adds(&x, "    <testcase classname=\"");
			(void)strbuf_add_xml(&x, a->name);
			(void)strbuf_adds(&x, "\" name=\"");
			(void)strbuf_add_xml(&x, d->bug.functionality ? d->bug.functionality : "app");
			(void)strbuf_adds(&x, ": ");
			(void)strbuf_add_xml(&x, d->bug.title);
			(void)strbuf_adds(&x, "\">\n      <failure message=\"");
			(void)strbuf_add_xml(&x, d->bug.title);
			(void)strbuf_addf(&x, " (found in %zu of %zu runs)\" type=\"", d->n_runs, a->n_runs);
			(void)strbuf_add_xml(&x, bug_category_name(d->bug.category));
			(void)strbuf_adds(&x, "\">");
			junit_bug_body(&x, d);
			(void)strbuf_adds(&x, "</failure>\n    </testcase>\n");
		}
		for (size_t r = 0; r < a->n_runs; r++) {
			const cJSON *run = a->runs[r];
			(void)strbuf_adds(&x, "    <testcase classname=\"");
			(void)strbuf_add_xml(&x, a->name);
			(void)strbuf_adds(&x, "\" name=\"run ");
			(void)strbuf_add_xml(&x, str(run, "id"));
			(void)strbuf_adds(&x, " on ");
			(void)strbuf_add_xml(&x, str(run, "device"));
			(void)strbuf_addf(&x, "\" time=\"%.1f\"", num(run, "wall_s", 0));
			if (!strcmp(str(run, "state"), "failed")) {
				(void)strbuf_adds(&x, ">\n      <error message=\"");
				(void)strbuf_add_xml(&x, str(run, "reason"));
				(void)strbuf_adds(&x, "\" type=\"run failed\">run directory: ");
				(void)strbuf_add_xml(&x, str(run, "dir"));
				(void)strbuf_adds(&x, "</error>\n    </testcase>\n");
			} else if (strcmp(str(run, "state"), "done")) {
				(void)strbuf_adds(&x, ">\n      <skipped message=\"not finished: ");
				(void)strbuf_add_xml(&x, str(run, "state"));
				(void)strbuf_adds(&x, "\"/>\n    </testcase>\n");
			} else {
				(void)strbuf_adds(&x, "/>\n");
			}
		}
		(void)strbuf_adds(&x, "  </testsuite>\n");
	}
	(void)strbuf_adds(&x, "</testsuites>\n");
	return strbuf_detach(&x, NULL);
}

/* The distinct bugs as JSON: {"bugs": [{app, title, category, functionality, found_by, runs, found: [...]}]}. */
static char *bugs_json(struct app_group *groups, size_t n_groups)
{
	cJSON *root = cJSON_CreateObject(), *list = cJSON_AddArrayToObject(root, "bugs");
	char *text;
	for (size_t g = 0; g < n_groups; g++)
		for (size_t b = 0; b < groups[g].n_bugs; b++) {
			struct distinct_bug *d = &groups[g].bugs[b];
			cJSON *o = cJSON_CreateObject(), *found = cJSON_CreateArray();
			cJSON_AddStringToObject(o, "app", groups[g].name);
			cJSON_AddStringToObject(o, "title", d->bug.title ? d->bug.title : "");
			cJSON_AddStringToObject(o, "category", bug_category_name(d->bug.category));
			if (d->bug.functionality)
				cJSON_AddStringToObject(o, "functionality", d->bug.functionality);
			cJSON_AddStringToObject(o, "found_by", d->bug.found_by ? d->bug.found_by : "");
			cJSON_AddNumberToObject(o, "runs", (double)d->n_runs);
			for (size_t k = 0; k < d->n_found; k++) {
				cJSON *f = cJSON_CreateObject();
				cJSON_AddStringToObject(f, "run", d->found[k].run_id);
				cJSON_AddStringToObject(f, "bug", d->found[k].bug_id);
				cJSON_AddStringToObject(f, "report", d->found[k].report);
				cJSON_AddItemToArray(found, f);
			}
			cJSON_AddItemToObject(o, "found", found);
			cJSON_AddItemToObject(o, "bug", cJSON_Duplicate(d->json, 1));
			cJSON_AddItemToArray(list, o);
		}
	text = cJSON_Print(root);
	cJSON_Delete(root);
	return text;
}

static int write_file(const char *path, const char *text)
{
	char *tmp = xasprintf("%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	int err = TD_OK;
	if (!f || fputs(text, f) == EOF || fflush(f) != 0) {
		err = td_error(TD_ERR_IO, "cannot write %s: %s", tmp, strerror(errno ? errno : EIO));
		if (f)
			fclose(f);
		unlink(tmp);
	} else if (fclose(f) != 0 || rename(tmp, path) != 0) {
		err = td_error(TD_ERR_IO, "cannot write %s: %s", path, strerror(errno));
		unlink(tmp);
	}
	free(tmp);
	return err;
}

int campaign_write_outputs(const char *base, const cJSON *state, const char *junit_path, int *unique_bugs)
{
	struct app_group *groups = NULL;
	size_t n_groups = 0, alloc = 0;
	const cJSON *it;
	char *html, *xml, *path;
	int unique = 0, err;

	cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(state, "runs")) {
		struct app_group *g = group_of(&groups, &n_groups, &alloc, str(it, "app"));
		const cJSON *e;
		g->runs = xgrow(g->runs, &g->alloc_runs, g->n_runs + 1, sizeof *g->runs);
		g->runs[g->n_runs++] = (cJSON *)it;
		/* Bugs of earlier attempts (a device lost mid-run) were recorded too. */
		cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(it, "earlier_dirs"))
			if (cJSON_IsString(e))
				add_run_bugs(g, base, e->valuestring, str(it, "id"));
		if (*str(it, "dir"))
			add_run_bugs(g, base, str(it, "dir"), str(it, "id"));
	}
	for (size_t g = 0; g < n_groups; g++)
		unique += (int)groups[g].n_bugs;
	html = render_index(str(state, "campaign"), groups, n_groups, state, unique);
	xml = render_junit(groups, n_groups);
	path = xasprintf("%s/index.html", base);
	err = write_file(path, html);
	free(path);
	if (!err) {
		char *text = bugs_json(groups, n_groups);
		path = xasprintf("%s/bugs.json", base);
		err = write_file(path, text);
		free(path);
		free(text);
	}
	if (!err) {
		path = junit_path ? xstrdup(junit_path) : xasprintf("%s/junit.xml", base);
		err = write_file(path, xml);
		free(path);
	}
	free(html);
	free(xml);
	groups_free(groups, n_groups);
	if (unique_bugs)
		*unique_bugs = unique;
	return err;
}
