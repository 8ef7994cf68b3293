/*
 * audit_report.c - audit.json, JUnit XML and audit.html for `trident audit`
 * (audit_report.h has the object they are all drawn from). The HTML page
 * draws design and app screenshots side by side with each difference boxed
 * (inline SVG over the images, so the page needs no script).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/audit_report.h"
#include "core/strbuf.h"
#include "core/xalloc.h"

static const char *str_of(const cJSON *o, const char *key)
{
	const char *s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, key));
	return s ? s : "";
}

/* "not reached" fails too: a check CI asked for that never ran is not a pass. */
static bool failed(const cJSON *check)
{
	const char *st = str_of(check, "status");
	return !strcmp(st, "fail") || !strcmp(st, "not reached");
}

static bool skipped(const cJSON *check)
{
	return !strcmp(str_of(check, "status"), "skipped");
}

char *audit_junit_render(const cJSON *audit)
{
	struct strbuf sb = STRBUF_INIT;
	const cJSON *checks = cJSON_GetObjectItemCaseSensitive(audit, "checks"), *c;
	int n = 0, nf = 0, ns = 0;

	cJSON_ArrayForEach(c, checks) {
		n++;
		nf += failed(c);
		ns += skipped(c);
	}
	(void)strbuf_adds(&sb, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite name=\"trident audit: ");
	(void)strbuf_add_xml(&sb, str_of(audit, "audit"));
	(void)strbuf_addf(&sb, "\" tests=\"%d\" failures=\"%d\" skipped=\"%d\" errors=\"0\">\n", n, nf, ns);
	(void)strbuf_adds(&sb, "    <properties>\n      <property name=\"device\" value=\"");
	(void)strbuf_add_xml(&sb, str_of(audit, "device"));
	(void)strbuf_adds(&sb, "\"/>\n      <property name=\"verdict\" value=\"");
	(void)strbuf_add_xml(&sb, str_of(audit, "verdict"));
	(void)strbuf_adds(&sb, "\"/>\n    </properties>\n");
	cJSON_ArrayForEach(c, checks) {
		(void)strbuf_adds(&sb, "    <testcase classname=\"audit.");
		(void)strbuf_add_xml(&sb, str_of(c, "suite"));
		(void)strbuf_adds(&sb, "\" name=\"");
		(void)strbuf_add_xml(&sb, str_of(c, "name"));
		(void)strbuf_adds(&sb, "\"");
		if (failed(c)) {
			(void)strbuf_adds(&sb, ">\n      <failure message=\"");
			(void)strbuf_add_xml(&sb, str_of(c, "message"));
			(void)strbuf_adds(&sb, "\" type=\"");
			(void)strbuf_add_xml(&sb, !strcmp(str_of(c, "status"), "not reached") ? "not reached"
				 : str_of(c, "kind")[0] ? str_of(c, "kind") : str_of(c, "suite"));
			(void)strbuf_adds(&sb, "\">");
			(void)strbuf_add_xml(&sb, str_of(c, "detail")[0] ? str_of(c, "detail") : str_of(c, "message"));
			(void)strbuf_adds(&sb, "</failure>\n    </testcase>\n");
		} else if (skipped(c)) {
			(void)strbuf_adds(&sb, ">\n      <skipped message=\"");
			(void)strbuf_add_xml(&sb, str_of(c, "message"));
			(void)strbuf_adds(&sb, "\"/>\n    </testcase>\n");
		} else {
			(void)strbuf_adds(&sb, "/>\n");
		}
	}
	(void)strbuf_adds(&sb, "  </testsuite>\n</testsuites>\n");
	return strbuf_detach(&sb, NULL);
}

/* The design and app screenshots of a design check, side by side, differences boxed. */
static void html_sides(struct strbuf *sb, const cJSON *c)
{
	static const char *const sides[] = { "design", "app" };
	const cJSON *boxes = cJSON_GetObjectItemCaseSensitive(c, "boxes"), *b;
	(void)strbuf_adds(sb, "<div class=\"sides\">");
	for (int k = 0; k < 2; k++) {
		char key[32];
		const cJSON *size;
		int w = 1080, h = 2400;
		snprintf(key, sizeof key, "%s_png", sides[k]);
		if (!str_of(c, key)[0])
			continue;
		snprintf(key, sizeof key, "%s_size", sides[k]);
		size = cJSON_GetObjectItemCaseSensitive(c, key);
		if (cJSON_GetArraySize(size) == 2) {
			w = cJSON_GetArrayItem(size, 0)->valueint;
			h = cJSON_GetArrayItem(size, 1)->valueint;
		}
		snprintf(key, sizeof key, "%s_png", sides[k]);
		(void)strbuf_addf(sb, "<figure><figcaption>%s</figcaption><svg viewBox=\"0 0 %d %d\" width=\"270\">"
				  "<image href=\"", sides[k], w, h);
		(void)strbuf_add_xml(sb, str_of(c, key));
		(void)strbuf_addf(sb, "\" width=\"%d\" height=\"%d\"/>", w, h);
		cJSON_ArrayForEach(b, boxes) {
			const cJSON *r = cJSON_GetObjectItemCaseSensitive(b, "bounds");
			int x1, y1, x2, y2;
			if (strcmp(str_of(b, "side"), sides[k]) || cJSON_GetArraySize(r) != 4)
				continue;
			x1 = cJSON_GetArrayItem(r, 0)->valueint;
			y1 = cJSON_GetArrayItem(r, 1)->valueint;
			x2 = cJSON_GetArrayItem(r, 2)->valueint;
			y2 = cJSON_GetArrayItem(r, 3)->valueint;
			(void)strbuf_addf(sb, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" class=\"box\"><title>",
					  x1, y1, x2 - x1, y2 - y1);
			(void)strbuf_add_xml(sb, str_of(b, "label"));
			(void)strbuf_adds(sb, "</title></rect>");
		}
		(void)strbuf_adds(sb, "</svg></figure>");
	}
	(void)strbuf_adds(sb, "</div>");
}

char *audit_html_render(const cJSON *audit)
{
	struct strbuf sb = STRBUF_INIT;
	const cJSON *checks = cJSON_GetObjectItemCaseSensitive(audit, "checks"), *c;
	const cJSON *run = cJSON_GetObjectItemCaseSensitive(audit, "run");
	bool pass = !strcmp(str_of(audit, "verdict"), "pass");

	(void)strbuf_adds(&sb, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>trident audit: ");
	(void)strbuf_add_xml(&sb, str_of(audit, "audit"));
	(void)strbuf_adds(&sb, "</title><style>body{font-family:sans-serif;margin:1.5em}"
			       "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;"
			       "vertical-align:top;text-align:left}.pass{color:#070}.fail{color:#b00;font-weight:bold}"
			       ".skipped,.not{color:#888}.sides{display:flex;gap:1em}figure{margin:0}"
			       ".box{fill:none;stroke:#e00;stroke-width:8}</style></head><body>\n<h1>trident audit: ");
	(void)strbuf_add_xml(&sb, str_of(audit, "audit"));
	(void)strbuf_addf(&sb, " <span class=\"%s\">%s</span></h1>\n<p>device ", pass ? "pass" : "fail",
			  pass ? "PASS" : "FAIL");
	(void)strbuf_add_xml(&sb, str_of(audit, "device"));
	(void)strbuf_adds(&sb, ", app ");
	(void)strbuf_add_xml(&sb, str_of(audit, "package"));
	(void)strbuf_addf(&sb, ", %d steps; the run's own report: <a href=\"report.html\">report.html</a></p>\n",
			  (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(run, "steps")));
	(void)strbuf_adds(&sb, "<table><tr><th>suite</th><th>check</th><th>result</th><th>step</th><th>details</th></tr>\n");
	cJSON_ArrayForEach(c, checks) {
		const char *st = str_of(c, "status");
		const cJSON *step = cJSON_GetObjectItemCaseSensitive(c, "step");
		(void)strbuf_adds(&sb, "<tr><td>");
		(void)strbuf_add_xml(&sb, str_of(c, "suite"));
		(void)strbuf_adds(&sb, "</td><td>");
		(void)strbuf_add_xml(&sb, str_of(c, "name"));
		(void)strbuf_addf(&sb, "</td><td class=\"%s\">", !strcmp(st, "not reached") ? "not" : st);
		(void)strbuf_add_xml(&sb, st);
		(void)strbuf_adds(&sb, "</td><td>");
		if (cJSON_IsNumber(step))
			(void)strbuf_addf(&sb, "%d", step->valueint);
		(void)strbuf_adds(&sb, "</td><td>");
		(void)strbuf_add_xml(&sb, str_of(c, "message"));
		if (str_of(c, "design_png")[0] || str_of(c, "app_png")[0])
			html_sides(&sb, c);
		(void)strbuf_adds(&sb, "</td></tr>\n");
	}
	(void)strbuf_adds(&sb, "</table>\n</body></html>\n");
	return strbuf_detach(&sb, NULL);
}

/* Write `text` to `path` through path.tmp. */
static int write_text(const char *path, const char *text)
{
	char *tmp = xasprintf("%s.tmp", path);
	FILE *f = fopen(tmp, "wb");
	size_t len = strlen(text);
	int err = TD_OK;

	if (!f) {
		err = td_error(TD_ERR_IO, "cannot write %s: %s", tmp, strerror(errno));
		goto out;
	}
	if ((fwrite(text, 1, len, f) != len) | (fclose(f) != 0)) {
		err = td_error(TD_ERR_IO, "cannot write %s", tmp);
		(void)remove(tmp);
		goto out;
	}
	if (rename(tmp, path) != 0) {
		err = td_error(TD_ERR_IO, "cannot rename %s to %s: %s", tmp, path, strerror(errno));
		(void)remove(tmp);
	}
out:
	free(tmp);
	return err;
}

int audit_report_write(const char *dir, const cJSON *audit, const char *junit_path)
{
	char *json = cJSON_Print(audit), *xml = audit_junit_render(audit), *html = audit_html_render(audit);
	char *p_json = xasprintf("%s/audit.json", dir), *p_xml = xasprintf("%s/audit-junit.xml", dir);
	char *p_html = xasprintf("%s/audit.html", dir);
	int err = write_text(p_json, json);

	if (err == TD_OK)
		err = write_text(p_xml, xml);
	if (err == TD_OK)
		err = write_text(p_html, html);
	if (err == TD_OK && junit_path)
		err = write_text(junit_path, xml);
	free(json);
	free(xml);
	free(html);
	free(p_json);
	free(p_xml);
	free(p_html);
	return err;
}
