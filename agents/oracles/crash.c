/*
 * crash.c - oracle "crash": the app crashed or stopped responding after
 * an action (the device's crash log). Replays perform the last step alone.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "agents/brain.h"
#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "agents/replay.h"
#include "agents/rundir.h"
#include "core/log.h"
#include "core/xalloc.h"

/* The message of a logcat line: the text after "TAG: " (threadtime format), else the line. */
static const char *log_message(const char *line, const char *end)
{
	const char *p = memchr(line, ':', (size_t)(end - line));

	/* Skip the time's colons: the tag's colon is followed by a space after a letter. */
	while (p && p + 1 < end && !(p[1] == ' ' && p > line && p[-1] != ' ' && !(p[-1] >= '0' && p[-1] <= '9')))
		p = memchr(p + 1, ':', (size_t)(end - p - 1));
	if (!p || p + 1 >= end)
		return line;
	p += 2;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

/* Length of the dotted Java name at p (letters, digits, '_', '$', '.'). */
static size_t java_name_len(const char *p, const char *end)
{
	size_t n = 0;

	while (p + n < end && (p[n] == '.' || p[n] == '_' || p[n] == '$' || (p[n] >= 'a' && p[n] <= 'z') ||
			       (p[n] >= 'A' && p[n] <= 'Z') || (p[n] >= '0' && p[n] <= '9')))
		n++;
	return n;
}

/*
 * The exception class and the top frame of the app's own code in a crash
 * log ("java.lang.IndexOutOfBoundsException", "com.x.MainActivity.onClick"),
 * each NULL when not found. Caller frees both.
 */
static void crash_signature(const char *summary, const char *package, char **exception, char **frame)
{
	size_t plen = package ? strlen(package) : 0;

	*exception = *frame = NULL;
	for (const char *line = summary; line && *line;) {
		const char *end = strchr(line, '\n');
		const char *msg;
		size_t n;

		if (!end)
			end = line + strlen(line);
		msg = log_message(line, end);
		n = java_name_len(msg, end);
		if (!*exception && n && memchr(msg, '.', n) && (msg + n == end || msg[n] == ':' || msg[n] == '\r')) {
			char *name = xstrndup(msg, n);

			if (strstr(name, "Exception") || strstr(name, "Error"))
				*exception = name;
			else
				free(name);
		} else if (!*frame && !strncmp(msg, "at ", 3) && plen && !strncmp(msg + 3, package, plen) &&
			   msg[3 + plen] == '.') {
			*frame = xstrndup(msg + 3, java_name_len(msg + 3, end));
		}
		line = *end ? end + 1 : end;
	}
}

/* The app crashed or stopped responding after the action (read from the device's crash log). */
static int crash_after_step(const struct oracle_step *s)
{
	struct agent_env *env = s->env;
	const struct action *done = s->done;
	struct device_crash c;
	int changed = 0;

	memset(&c, 0, sizeof(c));
	if (device_check_crash(s->dev, agent_env_package(env), &c) == TD_OK && (c.crashed || c.anr)) {
		struct oracle_finding f;

		oracle_finding_init(&f);
		f.category = BUG_CAT_CRASH;
		f.oracle = "crash";
		char *exception = NULL, *frame = NULL;

		crash_signature(c.summary, agent_env_package(env), &exception, &frame);
		/*
		 * One crash, one report: the title names the exception and the
		 * app's top frame (bugs with the same oracle and title are one bug,
		 * bugs.h), not the widget, whose text may be random input.
		 */
		if (!c.anr && exception)
			f.title = xasprintf("App crashed: %s in %s", exception, frame ? frame : "the app");
		else
			f.title = xasprintf("%s after '%s'", c.anr ? "App not responding" : "App crashed",
					    done->widget_text ? done->widget_text : action_type_name(done->type));
		f.description = xstrdup(c.summary ? c.summary : "");
		f.expected = xstrdup("the app keeps running");
		f.actual = xstrdup(c.anr ? "an ANR" : "a crash");
		f.diff = cJSON_CreateObject();
		cJSON_AddStringToObject(f.diff, "summary", c.summary ? c.summary : "");
		if (exception)
			cJSON_AddStringToObject(f.diff, "exception", exception);
		if (frame)
			cJSON_AddStringToObject(f.diff, "app_frame", frame);
		free(exception);
		free(frame);
		oracle_report_finding(env, s->before->step, &f, NULL, 0, NULL);
		oracle_finding_release(&f);
		changed = 1;
	}
	device_crash_release(&c);
	return changed;
}

/* The last step, performed alone after the replay, crashed the app again. */
static bool crash_recheck(const struct oracle_recheck *k, struct oracle_finding *f)
{
	struct device_crash c;
	bool hit;

	oracle_finding_init(f);
	if (k->r->n_screens < 1)
		return false;
	memset(&c, 0, sizeof(c));
	hit = device_check_crash(k->dev, k->package, &c) == TD_OK && (c.crashed || c.anr);
	if (hit) {
		f->category = BUG_CAT_CRASH;
		f->oracle = "crash";
		f->title = xstrdup(c.anr ? "ANR" : "crash");
	}
	device_crash_release(&c);
	return hit;
}

const struct oracle_kind oracle_kind_crash = {
	.name = "crash",
	.config_key = "oracles.crash",
	.category = BUG_CAT_CRASH,
	.doc = "the app crashes or stops responding (ANR) after an action",
	.evidence = "the crash log summary",
	.flags = ORACLE_ANY_SCREEN | ORACLE_REPLAY_LAST_ALONE,
	.after_step = crash_after_step,
	.recheck = crash_recheck,
	/* None: the device's crash state after the last step (one screen, the replay's minimum). */
	.reads = { .last = 1 },
};
