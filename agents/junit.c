/*
 * junit.c - JUnit XML of a run (see junit.h).
 */
#include "agents/junit.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/strbuf.h"
#include "core/xalloc.h"

static const char *str_of(const cJSON *o, const char *key)
{
	return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, key));
}

/* Whether bug b belongs to the functionality named `name`. */
static int bug_in(const cJSON *b, const char *name)
{
	const char *f = str_of(b, "functionality");
	return f && !strcmp(f, name);
}

/* One <failure> for bug b. */
static void failure(struct strbuf *sb, const cJSON *b)
{
	const cJSON *s;
	int i = 1;

	(void)strbuf_adds(sb, "      <failure message=\"");
	(void)strbuf_add_xml(sb, str_of(b, "id"));
	(void)strbuf_adds(sb, ": ");
	(void)strbuf_add_xml(sb, str_of(b, "title"));
	(void)strbuf_adds(sb, "\" type=\"");
	(void)strbuf_add_xml(sb, str_of(b, "category"));
	(void)strbuf_adds(sb, "\">");
	(void)strbuf_add_xml(sb, str_of(b, "description"));
	if (str_of(b, "expected")) {
		(void)strbuf_adds(sb, "\nExpected: ");
		(void)strbuf_add_xml(sb, str_of(b, "expected"));
	}
	if (str_of(b, "actual")) {
		(void)strbuf_adds(sb, "\nActual: ");
		(void)strbuf_add_xml(sb, str_of(b, "actual"));
	}
	(void)strbuf_adds(sb, "\nFound by: ");
	(void)strbuf_add_xml(sb, str_of(b, "found_by"));
	(void)strbuf_adds(sb, "\nSteps to reproduce (from a fresh start of the app):\n");
	cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(b, "steps")) {
		const char *d = str_of(s, "description");
		(void)strbuf_addf(sb, "%d. ", i++);
		(void)strbuf_add_xml(sb, d ? d : str_of(cJSON_GetObjectItemCaseSensitive(s, "action"), "type"));
		if (str_of(s, "activity")) {
			(void)strbuf_adds(sb, " (on ");
			(void)strbuf_add_xml(sb, str_of(s, "activity"));
			(void)strbuf_adds(sb, ")");
		}
		(void)strbuf_addch(sb, '\n');
	}
	cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(b, "evidence"))
		if (cJSON_IsString(s)) {
			(void)strbuf_adds(sb, "Evidence: ");
			(void)strbuf_add_xml(sb, s->valuestring);
			(void)strbuf_addch(sb, '\n');
		}
	(void)strbuf_adds(sb, "</failure>\n");
}

/* A <testcase> for functionality `name` with a failure per bug in it. */
static void testcase(struct strbuf *sb, const char *classname, const char *name, const cJSON *bugs)
{
	const cJSON *b;
	struct strbuf body = STRBUF_INIT;

	cJSON_ArrayForEach(b, bugs)
		if (bug_in(b, name))
			failure(&body, b);
	(void)strbuf_adds(sb, "    <testcase classname=\"");
	(void)strbuf_add_xml(sb, classname);
	(void)strbuf_adds(sb, "\" name=\"");
	(void)strbuf_add_xml(sb, name);
	if (body.len) {
		(void)strbuf_adds(sb, "\">\n");
		(void)strbuf_add(sb, body.buf, body.len);
		(void)strbuf_adds(sb, "    </testcase>\n");
	} else {
		(void)strbuf_adds(sb, "\"/>\n");
	}
	strbuf_release(&body);
}

/* Whether `name` is in the functionality list. */
static int listed(const cJSON *funcs, const char *name)
{
	const cJSON *f;
	cJSON_ArrayForEach(f, funcs) {
		const char *n = str_of(f, "name");
		if (n && name && !strcmp(n, name))
			return 1;
	}
	return 0;
}

char *junit_render(const cJSON *summary, const cJSON *bugs)
{
	struct strbuf sb = STRBUF_INIT, cases = STRBUF_INIT;
	const cJSON *funcs = cJSON_GetObjectItemCaseSensitive(summary, "functionality_list");
	const cJSON *list = cJSON_GetObjectItemCaseSensitive(bugs, "bugs"), *f, *b;
	const char *pkg = str_of(summary, "package");
	int n_cases = 0, n_fail = 0, n_bugs = cJSON_GetArraySize(list);
	cJSON *extra = cJSON_CreateArray();

	if (!pkg || !*pkg)
		pkg = "app";
	cJSON_ArrayForEach(f, funcs) {
		const char *n = str_of(f, "name");
		int has = 0;
		if (!n)
			continue;
		cJSON_ArrayForEach(b, list)
			has |= bug_in(b, n);
		testcase(&cases, pkg, n, list);
		n_cases++;
		n_fail += has;
	}
	/* Bugs whose functionality is not listed: one testcase per such name ("app" for none). */
	cJSON_ArrayForEach(b, list) {
		const char *n = str_of(b, "functionality");
		const cJSON *x;
		int seen = 0;
		if (n && listed(funcs, n))
			continue;
		cJSON_ArrayForEach(x, extra)
			seen |= !strcmp(x->valuestring, n ? n : "");
		if (!seen)
			cJSON_AddItemToArray(extra, cJSON_CreateString(n ? n : ""));
	}
	cJSON_ArrayForEach(f, extra) {
		const char *n = f->valuestring;
		struct strbuf body = STRBUF_INIT;
		cJSON_ArrayForEach(b, list) {
			const char *bf = str_of(b, "functionality");
			if ((*n && bf && !strcmp(bf, n)) || (!*n && (!bf || !*bf)))
				failure(&body, b);
		}
		(void)strbuf_adds(&cases, "    <testcase classname=\"");
		(void)strbuf_add_xml(&cases, pkg);
		(void)strbuf_adds(&cases, "\" name=\"");
		(void)strbuf_add_xml(&cases, *n ? n : "app");
		(void)strbuf_adds(&cases, "\">\n");
		(void)strbuf_add(&cases, body.buf, body.len);
		(void)strbuf_adds(&cases, "    </testcase>\n");
		strbuf_release(&body);
		n_cases++;
		n_fail++;
	}
	cJSON_Delete(extra);
	(void)strbuf_adds(&sb, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite name=\"trident ");
	(void)strbuf_add_xml(&sb, pkg);
	(void)strbuf_addf(&sb, "\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"0\" time=\"%.1f\">\n",
			  n_cases, n_fail, cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(summary, "wall_s")) > 0 ?
			  cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(summary, "wall_s")) : 0.0);
	(void)strbuf_addf(&sb, "    <properties>\n      <property name=\"steps\" value=\"%d\"/>\n"
			  "      <property name=\"bugs\" value=\"%d\"/>\n      <property name=\"stop_reason\" value=\"",
			  (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(summary, "steps")), n_bugs);
	(void)strbuf_add_xml(&sb, str_of(summary, "stop_reason"));
	(void)strbuf_adds(&sb, "\"/>\n    </properties>\n");
	(void)strbuf_add(&sb, cases.buf, cases.len);
	(void)strbuf_adds(&sb, "  </testsuite>\n</testsuites>\n");
	strbuf_release(&cases);
	return strbuf_detach(&sb, NULL);
}

int junit_write(const char *path, const cJSON *summary, const cJSON *bugs)
{
	char *xml = junit_render(summary, bugs), *tmp = xasprintf("%s.tmp", path);
	FILE *f = fopen(tmp, "wb");
	size_t len = strlen(xml);
	int err = TD_OK;

	if (!f) {
		err = td_error(TD_ERR_IO, "cannot write the JUnit file %s: %s", tmp, strerror(errno));
		goto out;
	}
	if ((fwrite(xml, 1, len, f) != len) | (fclose(f) != 0)) {
		err = td_error(TD_ERR_IO, "cannot write the JUnit file %s", tmp);
		goto out;
	}
	if (rename(tmp, path) != 0)
		err = td_error(TD_ERR_IO, "cannot rename %s to %s: %s", tmp, path, strerror(errno));
out:
	free(xml);
	free(tmp);
	return err;
}
