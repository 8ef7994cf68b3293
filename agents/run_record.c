/*
 * run_record.c - a run read back from trace.jsonl (see run_record.h).
 */
#include "agents/run_record.h"
#include "agents/adb_script.h"

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
	int last_step;
	int parts;         /* resumed parts read after the first trace */
	double unfinished_s; /* seconds recorded by parts without run_end (their last t_ms) */
};

const cJSON *run_record_start(const struct run_record *rec) { return rec->start; }
const cJSON *run_record_steps(const struct run_record *rec) { return rec->steps; }
int run_record_last_step(const struct run_record *rec) { return rec->last_step; }
bool run_record_finished(const struct run_record *rec) { return rec->finished; }
bool run_record_truncated(const struct run_record *rec) { return rec->truncated; }

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
	int step = (int)num_of(line, "step");

	/* Ordered (and made one per step) by order_steps() once the trace is read:
	 * cJSON 1.7.15's cJSON_InsertItemInArray loses items inserted after one
	 * inserted at the head (a leak the trace fuzzer found). */
	cJSON_AddItemToArray(rec->steps, line);
	if (step > rec->last_step)
		rec->last_step = step;
}

struct step_slot {
	cJSON *item;
	int step;
	size_t seen; /* position in the trace: the later record of a step wins */
};

static int slot_cmp(const void *a, const void *b)
{
	const struct step_slot *x = a, *y = b;

	if (x->step != y->step)
		return x->step < y->step ? -1 : 1;
	return x->seen < y->seen ? -1 : x->seen > y->seen;
}

/* Sort the step records by step number, keeping the last record of each step. */
static void order_steps(struct run_record *rec)
{
	size_t n = (size_t)cJSON_GetArraySize(rec->steps), k = 0;
	struct step_slot *v;

	if (n < 2)
		return;
	v = xcalloc(n, sizeof(*v));
	while (rec->steps->child) {
		cJSON *it = cJSON_DetachItemViaPointer(rec->steps, rec->steps->child);

		v[k].item = it;
		v[k].step = (int)num_of(it, "step");
		v[k].seen = k;
		k++;
	}
	qsort(v, k, sizeof(*v), slot_cmp);
	for (size_t i = 0; i < k; i++) {
		if (i + 1 < k && v[i + 1].step == v[i].step)
			cJSON_Delete(v[i].item); /* recorded again later (a resumed part re-ran it) */
		else
			cJSON_AddItemToArray(rec->steps, v[i].item);
	}
	free(v);
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

/* Prefix the run-relative path in o[key] (a string) with `prefix`. */
static void prefix_key(cJSON *o, const char *key, const char *prefix)
{
	cJSON *it = cJSON_GetObjectItemCaseSensitive(o, key);
	char *p;
	if (!prefix || !cJSON_IsString(it))
		return;
	p = xasprintf("%s%s", prefix, it->valuestring);
	cJSON_ReplaceItemInObjectCaseSensitive(o, key, cJSON_CreateString(p));
	free(p);
}

/* Shift o["step"] by `offset` (step numbers > 0 only). */
static void shift_step(cJSON *o, int offset)
{
	cJSON *it = cJSON_GetObjectItemCaseSensitive(o, "step");
	if (offset && cJSON_IsNumber(it) && it->valuedouble > 0)
		cJSON_SetNumberValue(it, it->valuedouble + offset);
}

/* Whether two bug objects are the same report (category, title, functionality). */
static bool same_bug(const cJSON *a, const cJSON *b)
{
	const char *k[] = { "category", "title", "functionality" };
	for (int i = 0; i < 3; i++) {
		const char *x = str_of(a, k[i]), *y = str_of(b, k[i]);
		if ((x == NULL) != (y == NULL) || (x && strcmp(x, y)))
			return false;
	}
	return true;
}

/*
 * A resumed part's record as the whole run numbers it: steps shifted by
 * `offset`, paths under `prefix`, bug ids renumbered (old -> new in `ids`).
 */
static void rebase(struct run_record *rec, cJSON *line, const char *type, const char *prefix, int offset,
		   cJSON *ids)
{
	cJSON *it;
	shift_step(line, offset);
	if (!strcmp(type, "step")) {
		prefix_key(line, "screenshot", prefix);
		prefix_key(line, "xml", prefix);
		prefix_key(line, "annotated", prefix);
	} else if (!strcmp(type, "bug")) {
		const char *old = str_of(line, "id");
		char *id = xasprintf("B%03d", cJSON_GetArraySize(rec->bugs) + 1);
		cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(line, "steps")) {
			shift_step(it, offset);
			prefix_key(it, "screen", prefix);
		}
		it = cJSON_GetObjectItemCaseSensitive(line, "evidence");
		for (int i = 0; i < cJSON_GetArraySize(it); i++) {
			cJSON *e = cJSON_GetArrayItem(it, i);
			if (cJSON_IsString(e)) {
				char *p = xasprintf("%s%s", prefix, e->valuestring);
				cJSON_ReplaceItemInArray(it, i, cJSON_CreateString(p));
				free(p);
			}
		}
		if (old)
			cJSON_AddStringToObject(ids, old, id);
		cJSON_ReplaceItemInObjectCaseSensitive(line, "id", cJSON_CreateString(id));
		free(id);
	} else if (!strcmp(type, "bug_duplicate")) {
		const char *old = str_of(line, "duplicate_of");
		const char *id = old ? str_of(ids, old) : NULL;
		if (id)
			cJSON_ReplaceItemInObjectCaseSensitive(line, "duplicate_of", cJSON_CreateString(id));
	}
}

/*
 * Read one trace into rec. A resumed part (prefix not NULL) is rebased onto
 * the steps before it; a bug it lists again counts as an occurrence.
 */
static int load_trace(struct run_record *rec, const char *path, const char *prefix, int offset, bool main_trace)
{
	struct strbuf sb = STRBUF_INIT;
	const char *cur_func = NULL;
	bool func_open = false, started = false, ended = false;
	double last_ms = 0;
	cJSON *ids = cJSON_CreateObject();
	int err = TD_OK, line_no = 0;
	size_t pos = 0;

	if (strbuf_read_file(&sb, path) != TD_OK) {
		cJSON_Delete(ids);
		return td_error(TD_ERR_NOT_FOUND, "%s: cannot read the run's trace (is it a run directory?)", path);
	}
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
				if (main_trace)
					rec->truncated = true;
				break;
			}
			err = td_error(TD_ERR_PARSE, "%s:%d: not a trace record (expected one JSON object "
				       "with a \"type\" per line)", path, line_no);
			break;
		}
		pos += len + (nl ? 1 : 0);
		if (num_of(line, "t_ms") > last_ms)
			last_ms = num_of(line, "t_ms");
		if (prefix)
			rebase(rec, line, type, prefix, offset, ids);
		if (!strcmp(type, "run_start")) {
			rec->finished = false;
			started = true;
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
			const cJSON *b;
			bool dup = false;
			if (prefix)
				cJSON_ArrayForEach(b, rec->bugs)
					if (same_bug(b, line)) {
						/* Found again after the resume: one more occurrence of the listed bug. */
						cJSON *d = cJSON_CreateObject();
						cJSON_AddStringToObject(d, "duplicate_of", str_of(b, "id"));
						cJSON *m;
						cJSON_ArrayForEach(m, ids)
							if (!strcmp(m->valuestring, str_of(line, "id")))
								cJSON_SetValuestring(m, str_of(b, "id"));
						add_duplicate(rec, d);
						cJSON_Delete(d);
						dup = true;
						break;
					}
			if (dup)
				cJSON_Delete(line);
			else
				add_bug(rec, line);
			continue;
		} else if (!strcmp(type, "bug_duplicate")) {
			add_duplicate(rec, line);
		} else if (!strcmp(type, "run_end")) {
			rec->finished = true;
			ended = true;
			cJSON_AddItemToArray(rec->ends, line);
			continue;
		}
		cJSON_Delete(line);
	}
	if (!ended)
		rec->unfinished_s += last_ms / 1000.0;
	if (err == TD_OK && !started && main_trace)
		err = td_error(TD_ERR_PARSE, "%s: no run_start record (the run never started)", path);
	cJSON_Delete(ids);
	strbuf_release(&sb);
	return err;
}

char *run_record_part_dir(const char *run_dir, int k)
{
	return xasprintf("%s/resume-%d", run_dir, k);
}

int run_record_load(const char *run_dir, struct run_record **out)
{
	struct run_record *rec = xcalloc(1, sizeof(*rec));
	char *path = xasprintf("%s/trace.jsonl", run_dir);
	int err;

	*out = NULL;
	rec->steps = cJSON_CreateArray();
	rec->bugs = cJSON_CreateArray();
	rec->funcs = cJSON_CreateArray();
	rec->ends = cJSON_CreateArray();
	err = load_trace(rec, path, NULL, 0, true);
	/* Resumed parts (explore --resume), in order, each after the steps before it. */
	for (int k = 1; err == TD_OK; k++) {
		char *dir = run_record_part_dir(run_dir, k), *tp = xasprintf("%s/trace.jsonl", dir);
		char *prefix = xasprintf("resume-%d/", k);
		FILE *f = fopen(tp, "r");
		int c = f ? fgetc(f) : EOF;
		if (f)
			fclose(f);
		if (c != EOF) {
			err = load_trace(rec, tp, prefix, rec->last_step, false);
			rec->parts = k;
		}
		free(prefix);
		free(tp);
		free(dir);
		if (c == EOF)
			break;
	}
	free(path);
	if (err != TD_OK) {
		run_record_free(rec);
		return err;
	}
	order_steps(rec);
	*out = rec;
	return TD_OK;
}

int run_record_parts(const struct run_record *rec)
{
	return rec->parts;
}

cJSON *run_record_bugs_json(const struct run_record *rec)
{
	cJSON *o = cJSON_CreateObject(), *arr = cJSON_Duplicate(rec->bugs, 1), *b;
	const char *pkg = rec->start ? str_of(rec->start, "package") : NULL;
	const char *launcher = rec->start ? str_of(rec->start, "launcher") : NULL;

	/* The adb commands as the run wrote them (bug_list_set_app). */
	cJSON_ArrayForEach(b, arr) {
		cJSON *adb = adb_script_for_bug(b, pkg, launcher);

		cJSON_DeleteItemFromObjectCaseSensitive(b, "adb_commands");
		if (adb)
			cJSON_AddItemToObject(b, "adb_commands", adb);
	}
	cJSON_AddItemToObject(o, "bugs", arr);
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
	/* As report_summary_json: without a manifest the total is unknown (null). */
	cJSON_AddBoolToObject(acts, "known", total > 0);
	if (total > 0) {
		cJSON_AddNumberToObject(acts, "total", total);
		cJSON_AddNumberToObject(acts, "coverage", (double)covered / total);
	} else {
		cJSON_AddNullToObject(acts, "total");
		cJSON_AddNullToObject(acts, "coverage");
	}
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
			cJSON_AddNumberToObject(o, counters[i], ends_sum(rec, counters[i]) +
						(!strcmp(counters[i], "wall_s") ? rec->unfinished_s : 0.0));
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
