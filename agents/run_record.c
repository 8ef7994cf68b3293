/*
 * run_record.c - a run read back from trace.jsonl (see run_record.h).
 */
#include "agents/run_record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/strbuf.h"
#include "core/xalloc.h"

struct run_record {
	cJSON *start;      /* first run_start */
	cJSON *steps;      /* step records, sorted, one per step */
	cJSON *bugs;       /* bug objects as listed */
	cJSON *funcs;      /* functionality_list */
	cJSON *ends;       /* run_end records */
	bool finished;     /* the last part ended with run_end */
	bool truncated;
	long whole_len;
	int last_step;
};

const cJSON *run_record_start(const struct run_record *rec) { return rec->start; }
const cJSON *run_record_steps(const struct run_record *rec) { return rec->steps; }
int run_record_last_step(const struct run_record *rec) { return rec->last_step; }
bool run_record_finished(const struct run_record *rec) { return rec->finished; }
bool run_record_truncated(const struct run_record *rec) { return rec->truncated; }
long run_record_whole_length(const struct run_record *rec) { return rec->whole_len; }

void run_record_free(struct run_record *rec)
{
	if (!rec)
		return;
	cJSON_Delete(rec->start);
	cJSON_Delete(rec->steps);
	cJSON_Delete(rec->bugs);
	cJSON_Delete(rec->funcs);
	cJSON_Delete(rec->ends);
	free(rec);
}

static const char *str_of(const cJSON *o, const char *key)
{
	return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, key));
}

static double num_of(const cJSON *o, const char *key)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsNumber(it) ? it->valuedouble : 0.0;
}

/* Insert a step record in step order; a step traced again replaces the old one. */
static void add_step(struct run_record *rec, cJSON *line)
{
	int step = (int)num_of(line, "step"), i = 0;
	cJSON *it;

	cJSON_ArrayForEach(it, rec->steps) {
		int s = (int)num_of(it, "step");
		if (s == step) {
			cJSON_ReplaceItemInArray(rec->steps, i, line);
			return;
		}
		if (s > step) {
			cJSON_InsertItemInArray(rec->steps, i, line);
			return;
		}
		i++;
	}
	cJSON_AddItemToArray(rec->steps, line);
	if (step > rec->last_step)
		rec->last_step = step;
}

/* A Monitor record: the functionality's steps, visits and status (as history.c counts them). */
static void add_monitor(struct run_record *rec, const cJSON *line, const char **cur, bool *open)
{
	const char *name = str_of(line, "functionality"), *status = str_of(line, "status");
	cJSON *f = NULL, *it;

	if (!name || !*name)
		return;
	cJSON_ArrayForEach(it, rec->funcs)
		if (!strcmp(str_of(it, "name"), name))
			f = it;
	if (!f) {
		f = cJSON_CreateObject();
		cJSON_AddStringToObject(f, "name", name);
		cJSON_AddNumberToObject(f, "visits", 0);
		cJSON_AddNumberToObject(f, "steps", 0);
		cJSON_AddStringToObject(f, "status", "partial");
		cJSON_AddItemToArray(rec->funcs, f);
	}
	if (!*open || !*cur || strcmp(*cur, name))
		cJSON_SetNumberValue(cJSON_GetObjectItemCaseSensitive(f, "visits"), num_of(f, "visits") + 1);
	cJSON_SetNumberValue(cJSON_GetObjectItemCaseSensitive(f, "steps"), num_of(f, "steps") + 1);
	if (status && !strcmp(status, "full"))
		cJSON_ReplaceItemInObjectCaseSensitive(f, "status", cJSON_CreateString("full"));
	*cur = str_of(f, "name");
	*open = !cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(line, "boundary"));
}

/* A bug record as bugs.json lists it (type and t_ms dropped). */
static void add_bug(struct run_record *rec, cJSON *line)
{
	cJSON_DeleteItemFromObjectCaseSensitive(line, "type");
	cJSON_DeleteItemFromObjectCaseSensitive(line, "t_ms");
	if (!cJSON_GetObjectItemCaseSensitive(line, "occurrences"))
		cJSON_AddNumberToObject(line, "occurrences", 1);
	cJSON_AddItemToArray(rec->bugs, line);
}

/* A bug_duplicate record: the listed bug's occurrences grow. */
static void add_duplicate(struct run_record *rec, const cJSON *line)
{
	const char *id = str_of(line, "duplicate_of");
	cJSON *b;

	cJSON_ArrayForEach(b, rec->bugs) {
		const char *bid = str_of(b, "id");
		if (id && bid && !strcmp(id, bid)) {
			double n = num_of(b, "occurrences");
			cJSON_ReplaceItemInObjectCaseSensitive(b, "occurrences", cJSON_CreateNumber((n < 1 ? 1 : n) + 1));
		}
	}
}

int run_record_load(const char *run_dir, struct run_record **out)
{
	struct strbuf sb = STRBUF_INIT;
	char *path = xasprintf("%s/trace.jsonl", run_dir);
	struct run_record *rec;
	const char *cur_func = NULL;
	bool func_open = false;
	int err, line_no = 0;
	size_t pos = 0;

	*out = NULL;
	err = strbuf_read_file(&sb, path);
	if (err != TD_OK) {
		err = td_error(TD_ERR_NOT_FOUND, "%s: cannot read the run's trace (is %s a run directory?)",
			       path, run_dir);
		goto out_nofree;
	}
	rec = xcalloc(1, sizeof(*rec));
	rec->steps = cJSON_CreateArray();
	rec->bugs = cJSON_CreateArray();
	rec->funcs = cJSON_CreateArray();
	rec->ends = cJSON_CreateArray();
	while (pos < sb.len) {
		char *nl = memchr(sb.buf + pos, '\n', sb.len - pos);
		size_t len = nl ? (size_t)(nl - (sb.buf + pos)) : sb.len - pos;
		cJSON *line;
		const char *type;

		line_no++;
		line = cJSON_ParseWithLength(sb.buf + pos, len);
		if (!line || !cJSON_IsObject(line) || !(type = str_of(line, "type"))) {
			cJSON_Delete(line);
			if (!nl) {
				/* A kill while the last line was written: skip it. */
				rec->truncated = true;
				break;
			}
			err = td_error(TD_ERR_PARSE, "%s:%d: not a trace record (expected one JSON object "
				       "with a \"type\" per line)", path, line_no);
			run_record_free(rec);
			goto out;
		}
		if (!nl) {
			/* Whole JSON without its newline: the write was cut after the object. */
			rec->truncated = true;
		}
		pos += len + (nl ? 1 : 0);
		if (nl)
			rec->whole_len = (long)pos;
		if (!strcmp(type, "run_start")) {
			rec->finished = false;
			if (!rec->start) {
				rec->start = line;
				continue;
			}
		} else if (!strcmp(type, "step")) {
			add_step(rec, line);
			continue;
		} else if (!strcmp(type, "monitor")) {
			add_monitor(rec, line, &cur_func, &func_open);
		} else if (!strcmp(type, "bug")) {
			add_bug(rec, line);
			continue;
		} else if (!strcmp(type, "bug_duplicate")) {
			add_duplicate(rec, line);
		} else if (!strcmp(type, "run_end")) {
			rec->finished = true;
			cJSON_AddItemToArray(rec->ends, line);
			continue;
		}
		cJSON_Delete(line);
	}
	if (!rec->start) {
		err = td_error(TD_ERR_PARSE, "%s: no run_start record (the run never started)", path);
		run_record_free(rec);
		goto out;
	}
	*out = rec;
	err = TD_OK;
out:
	strbuf_release(&sb);
out_nofree:
	free(path);
	return err;
}

cJSON *run_record_bugs_json(const struct run_record *rec)
{
	cJSON *o = cJSON_CreateObject();
	cJSON_AddItemToObject(o, "bugs", cJSON_Duplicate(rec->bugs, 1));
	return o;
}

bool run_record_activity_matches(const char *seen, const char *name)
{
	const char *slash = strchr(seen, '/');
	size_t pl;

	if (!strcmp(seen, name))
		return true;
	if (!slash)
		return false;
	pl = (size_t)(slash - seen);
	if (slash[1] == '.')
		return !strncmp(name, seen, pl) && !strcmp(name + pl, slash + 1);
	return !strcmp(slash + 1, name);
}

/* Sum a run_end counter over the run's parts. */
static double ends_sum(const struct run_record *rec, const char *key)
{
	const cJSON *e;
	double s = 0;
	cJSON_ArrayForEach(e, rec->ends)
		s += num_of(e, key);
	return s;
}

cJSON *run_record_summary_json(const struct run_record *rec)
{
	cJSON *o = cJSON_CreateObject(), *acts, *vis, *miss, *seen, *cats, *msgs, *it;
	const cJSON *manifest = cJSON_GetObjectItemCaseSensitive(rec->start, "activities");
	const cJSON *last_end = cJSON_GetArrayItem(rec->ends, cJSON_GetArraySize(rec->ends) - 1);
	cJSON *screens = cJSON_CreateArray();
	int covered = 0, total = cJSON_GetArraySize(manifest);
	const char *pkg = str_of(rec->start, "package"), *brain = str_of(rec->start, "brain");

	cJSON_AddStringToObject(o, "package", pkg ? pkg : "");
	cJSON_AddStringToObject(o, "brain", brain ? brain : "");
	cJSON_AddStringToObject(o, "stop_reason", rec->finished && last_end && str_of(last_end, "reason") ?
				str_of(last_end, "reason") : "killed");
	cJSON_AddNumberToObject(o, "steps", rec->last_step);
	cJSON_AddNumberToObject(o, "step_budget", num_of(rec->start, "step_budget"));
	acts = cJSON_CreateObject();
	seen = cJSON_CreateArray();
	cJSON_ArrayForEach(it, rec->steps) {
		const char *a = str_of(it, "activity"), *s = str_of(it, "screen");
		const cJSON *x;
		bool dup = false;
		if (s) {
			cJSON_ArrayForEach(x, screens)
				if (!strcmp(x->valuestring, s))
					dup = true;
			if (!dup)
				cJSON_AddItemToArray(screens, cJSON_CreateString(s));
		}
		dup = false;
		if (a && *a) {
			cJSON_ArrayForEach(x, seen)
				if (!strcmp(x->valuestring, a))
					dup = true;
			if (!dup)
				cJSON_AddItemToArray(seen, cJSON_CreateString(a));
		}
	}
	cJSON_AddNumberToObject(o, "screens", cJSON_GetArraySize(screens));
	cJSON_Delete(screens);
	cJSON_AddItemToObject(o, "activities", acts);
	vis = cJSON_CreateArray();
	miss = cJSON_CreateArray();
	cJSON_ArrayForEach(it, manifest) {
		const cJSON *x;
		bool hit = false;
		if (!cJSON_IsString(it))
			continue;
		cJSON_ArrayForEach(x, seen)
			if (run_record_activity_matches(x->valuestring, it->valuestring))
				hit = true;
		covered += hit;
		cJSON_AddItemToArray(hit ? vis : miss, cJSON_CreateString(it->valuestring));
	}
	if (!total)
		covered = cJSON_GetArraySize(seen);
	cJSON_AddNumberToObject(acts, "covered", covered);
	cJSON_AddNumberToObject(acts, "total", total);
	cJSON_AddNumberToObject(acts, "coverage", total ? (double)covered / total : 0.0);
	cJSON_AddItemToObject(acts, "visited", vis);
	cJSON_AddItemToObject(acts, "missed", miss);
	cJSON_AddItemToObject(acts, "seen", seen);
	cJSON_AddNumberToObject(o, "functionalities", cJSON_GetArraySize(rec->funcs));
	cJSON_AddItemToObject(o, "functionality_list", cJSON_Duplicate(rec->funcs, 1));
	cJSON_AddNumberToObject(o, "bugs", cJSON_GetArraySize(rec->bugs));
	cats = cJSON_AddObjectToObject(o, "bugs_by_category");
	cJSON_ArrayForEach(it, rec->bugs) {
		const char *c = str_of(it, "category");
		cJSON *n;
		if (!c)
			continue;
		n = cJSON_GetObjectItemCaseSensitive(cats, c);
		if (n)
			cJSON_SetNumberValue(n, n->valuedouble + 1);
		else
			cJSON_AddNumberToObject(cats, c, 1);
	}
	{
		static const char *const counters[] = { "tokens", "cost_usd", "wall_s", "segments_judged",
			"segments_skipped", "alignment_retries", "fallbacks", "interventions" };
		for (size_t i = 0; i < sizeof(counters) / sizeof(counters[0]); i++)
			cJSON_AddNumberToObject(o, counters[i], ends_sum(rec, counters[i]));
	}
	msgs = cJSON_AddObjectToObject(o, "messages");
	{
		const cJSON *e, *m;
		cJSON_ArrayForEach(e, rec->ends)
			cJSON_ArrayForEach(m, cJSON_GetObjectItemCaseSensitive(e, "messages")) {
				cJSON *n = cJSON_GetObjectItemCaseSensitive(msgs, m->string);
				if (n)
					cJSON_SetNumberValue(n, n->valuedouble + m->valuedouble);
				else
					cJSON_AddNumberToObject(msgs, m->string, m->valuedouble);
			}
	}
	cJSON_AddBoolToObject(o, "rebuilt", true);
	cJSON_AddBoolToObject(o, "complete", rec->finished);
	return o;
}
