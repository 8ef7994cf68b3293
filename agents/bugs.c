/*
 * bugs.c - bug records, categories and the run's bug list (see bugs.h).
 */
#include "agents/bugs.h"
#include "agents/adb_script.h"

#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "core/log.h"
#include "core/strbuf.h"
#include "core/xalloc.h"

static const struct {
	const char *name;
	const char *help;
} categories[BUG_CAT__COUNT] = {
	[BUG_CAT_PAGE_LOADING] = { "page loading failure", "a page or list stays blank, half-loaded or loading forever" },
	[BUG_CAT_OCCLUSION] = { "occlusion/overlap", "elements overlap, are clipped, hidden or off the screen" },
	[BUG_CAT_CONTENT_MISSING] = { "content missing", "wrong, stale or vanished text, values or images; entered input lost (for example on rotation)" },
	[BUG_CAT_FEEDBACK_MISSING] = { "feedback missing", "no confirmation, error message or progress after an action" },
	[BUG_CAT_DATA_OPERATION] = { "data operation failure", "add, edit, delete, sort, filter or search gives a wrong, missing or duplicated result" },
	[BUG_CAT_MEDIA_CONTROL] = { "media control", "play, pause, seek, next or volume controls do the wrong thing" },
	[BUG_CAT_CALCULATION] = { "numerical calculation error", "totals, counts, prices, units or dates computed wrongly" },
	[BUG_CAT_SETTINGS] = { "settings/configuration", "a setting is not applied, not kept, or resets itself" },
	[BUG_CAT_NAVIGATION] = { "navigation/link error", "a tab, button, back or link opens the wrong page or none" },
	[BUG_CAT_CRASH] = { "crash", "the app crashed or stopped responding (not a non-crash bug)" },
};

/* Extra spellings, matched after normalisation (lower case, '_' for blanks and '/'). */
static const struct {
	const char *alias;
	enum bug_category c;
} cat_aliases[] = {
	{ "page_loading", BUG_CAT_PAGE_LOADING },       { "loading", BUG_CAT_PAGE_LOADING },
	{ "blank_page", BUG_CAT_PAGE_LOADING },         { "page_loading_failures", BUG_CAT_PAGE_LOADING },
	{ "occlusion", BUG_CAT_OCCLUSION },             { "overlap", BUG_CAT_OCCLUSION },
	{ "structure", BUG_CAT_OCCLUSION },             { "structure_related_issue", BUG_CAT_OCCLUSION },
	{ "display", BUG_CAT_OCCLUSION },               { "display_issue", BUG_CAT_OCCLUSION },
	{ "layout", BUG_CAT_OCCLUSION },                { "ui_display", BUG_CAT_OCCLUSION },
	{ "content", BUG_CAT_CONTENT_MISSING },         { "content_related_issue", BUG_CAT_CONTENT_MISSING },
	{ "wrong_content", BUG_CAT_CONTENT_MISSING },   { "data_loss", BUG_CAT_CONTENT_MISSING },
	{ "data_lost", BUG_CAT_CONTENT_MISSING },       { "state_loss", BUG_CAT_CONTENT_MISSING },
	{ "user_data_lost", BUG_CAT_CONTENT_MISSING },  { "feedback", BUG_CAT_FEEDBACK_MISSING },
	{ "missing_feedback", BUG_CAT_FEEDBACK_MISSING }, { "data_operation", BUG_CAT_DATA_OPERATION },
	{ "data_operation_failures", BUG_CAT_DATA_OPERATION }, { "data", BUG_CAT_DATA_OPERATION },
	{ "duplicate", BUG_CAT_DATA_OPERATION },        { "sort", BUG_CAT_DATA_OPERATION },
	{ "interaction_logic", BUG_CAT_DATA_OPERATION }, { "incorrect_interaction_logic", BUG_CAT_DATA_OPERATION },
	{ "function_failure", BUG_CAT_DATA_OPERATION }, { "media", BUG_CAT_MEDIA_CONTROL },
	{ "calculation", BUG_CAT_CALCULATION },         { "numerical_calculation_errors", BUG_CAT_CALCULATION },
	{ "numerical_calculation", BUG_CAT_CALCULATION }, { "calculation_error", BUG_CAT_CALCULATION },
	{ "settings", BUG_CAT_SETTINGS },               { "configuration", BUG_CAT_SETTINGS },
	{ "setting", BUG_CAT_SETTINGS },                { "navigation", BUG_CAT_NAVIGATION },
	{ "navigation_and_link_errors", BUG_CAT_NAVIGATION }, { "navigation_and_link_error", BUG_CAT_NAVIGATION },
	{ "navigation_error", BUG_CAT_NAVIGATION },     { "link", BUG_CAT_NAVIGATION },
	{ "anr", BUG_CAT_CRASH },
};

const char *bug_category_name(enum bug_category c)
{
	if ((int)c < 0 || c >= BUG_CAT__COUNT)
		return "content missing";
	return categories[c].name;
}

const char *bug_category_help(enum bug_category c)
{
	if ((int)c < 0 || c >= BUG_CAT__COUNT)
		return "";
	return categories[c].help;
}

int bug_category_parse(const char *name)
{
	char buf[64];
	size_t n = 0;
	if (!name)
		return -1;
	while (isspace((unsigned char)*name))
		name++;
	for (; *name && n + 1 < sizeof(buf); name++) {
		char c = (char)tolower((unsigned char)*name);
		if (c == ' ' || c == '-' || c == '/')
			c = '_';
		buf[n++] = c;
	}
	while (n && buf[n - 1] == '_')
		n--;
	buf[n] = '\0';
	for (int i = 0; i < BUG_CAT__COUNT; i++) {
		char canon[64];
		size_t k = 0;
		for (const char *q = categories[i].name; *q && k + 1 < sizeof(canon); q++)
			canon[k++] = (*q == ' ' || *q == '/' || *q == '-') ? '_' : *q;
		canon[k] = '\0';
		if (!strcmp(buf, canon))
			return i;
	}
	for (size_t i = 0; i < sizeof(cat_aliases) / sizeof(cat_aliases[0]); i++)
		if (!strcmp(buf, cat_aliases[i].alias))
			return (int)cat_aliases[i].c;
	if (n > 1 && buf[n - 1] == 's') { /* plural */
		buf[n - 1] = '\0';
		return bug_category_parse(buf);
	}
	return -1;
}

void bug_init(struct bug *b)
{
	memset(b, 0, sizeof(*b));
	b->category = BUG_CAT_CONTENT_MISSING;
	b->step = -1;
}

/* Free an array of steps. */
static void steps_free(struct bug_step *steps, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		action_release(&steps[i].action);
		free(steps[i].screen);
		free(steps[i].activity);
		free(steps[i].side_trip);
	}
	free(steps);
}

/* A deep copy of n steps (NULL for none). */
static struct bug_step *steps_dup(const struct bug_step *src, size_t n)
{
	struct bug_step *d;

	if (!n)
		return NULL;
	d = xcalloc(n, sizeof(*d));
	for (size_t i = 0; i < n; i++) {
		d[i].step = src[i].step;
		action_copy(&d[i].action, &src[i].action);
		d[i].screen = xstrdup_or_null(src[i].screen);
		d[i].activity = xstrdup_or_null(src[i].activity);
		d[i].side_trip = xstrdup_or_null(src[i].side_trip);
	}
	return d;
}

void bug_keep_original_steps(struct bug *b)
{
	if (b->original_steps)
		return;
	b->original_steps = steps_dup(b->steps, b->n_steps);
	b->n_original_steps = b->original_steps ? b->n_steps : 0;
}

void bug_steps_forget_original(struct bug *b)
{
	steps_free(b->original_steps, b->n_original_steps);
	b->original_steps = NULL;
	b->n_original_steps = 0;
}

struct action *bug_step_actions(const struct bug *b, size_t from)
{
	struct action *a = xcalloc(b->n_steps + 1, sizeof(*a));

	for (size_t i = from; i < b->n_steps; i++)
		a[i - from] = b->steps[i].action;
	return a;
}

void bug_release(struct bug *b)
{
	free(b->id);
	free(b->title);
	free(b->description);
	free(b->functionality);
	free(b->expected);
	free(b->actual);
	steps_free(b->steps, b->n_steps);
	steps_free(b->original_steps, b->n_original_steps);
	for (size_t i = 0; i < b->n_evidence; i++)
		free(b->evidence[i]);
	free(b->evidence);
	free(b->found_by);
	cJSON_Delete(b->extra);
	bug_init(b);
}

void bug_copy(struct bug *dst, const struct bug *src)
{
	bug_init(dst);
	dst->id = xstrdup_or_null(src->id);
	dst->title = xstrdup_or_null(src->title);
	dst->category = src->category;
	dst->description = xstrdup_or_null(src->description);
	dst->functionality = xstrdup_or_null(src->functionality);
	dst->expected = xstrdup_or_null(src->expected);
	dst->actual = xstrdup_or_null(src->actual);
	for (size_t i = 0; i < src->n_steps; i++)
		bug_add_step_copy(dst, &src->steps[i]);
	dst->original_steps = steps_dup(src->original_steps, src->n_original_steps);
	dst->n_original_steps = dst->original_steps ? src->n_original_steps : 0;
	for (size_t i = 0; i < src->n_evidence; i++)
		bug_add_evidence(dst, src->evidence[i]);
	dst->found_by = xstrdup_or_null(src->found_by);
	dst->confirmed = src->confirmed;
	dst->step = src->step;
	dst->occurrences = src->occurrences;
	dst->extra = src->extra ? cJSON_Duplicate(src->extra, 1) : NULL;
}

void bug_add_step(struct bug *b, int step, const struct action *a, const char *screen,
		  const char *activity)
{
	struct bug_step *s;
	b->steps = xrealloc(b->steps, (b->n_steps + 1) * sizeof(*b->steps));
	s = &b->steps[b->n_steps++];
	s->step = step;
	action_copy(&s->action, a);
	s->action.side_trip = false;
	s->screen = xstrdup_or_null(screen);
	s->activity = xstrdup_or_null(activity);
	s->side_trip = NULL;
}

void bug_add_side_step(struct bug *b, int step, const struct action *a, const char *by)
{
	bug_add_step(b, step, a, NULL, NULL);
	b->steps[b->n_steps - 1].side_trip = xstrdup_or_null(by);
	b->steps[b->n_steps - 1].action.side_trip = by != NULL;
}

void bug_drop_trailing_side_steps(struct bug *b)
{
	while (b->n_steps && b->steps[b->n_steps - 1].side_trip) {
		struct bug_step *s = &b->steps[--b->n_steps];

		action_release(&s->action);
		free(s->screen);
		free(s->activity);
		free(s->side_trip);
	}
}

void bug_add_step_copy(struct bug *b, const struct bug_step *s)
{
	bug_add_step(b, s->step, &s->action, s->screen, s->activity);
	b->steps[b->n_steps - 1].side_trip = xstrdup_or_null(s->side_trip);
	b->steps[b->n_steps - 1].action.side_trip = s->side_trip != NULL;
}

void bug_add_evidence(struct bug *b, const char *path)
{
	if (!path)
		return;
	for (size_t i = 0; i < b->n_evidence; i++)
		if (!strcmp(b->evidence[i], path))
			return;
	b->evidence = xrealloc(b->evidence, (b->n_evidence + 1) * sizeof(*b->evidence));
	b->evidence[b->n_evidence++] = xstrdup(path);
}

/* Add a string member, or nothing for NULL. */
static void add_str(cJSON *o, const char *k, const char *v)
{
	if (v)
		cJSON_AddStringToObject(o, k, v);
}

/* Append the JSON form of n steps to array arr. */
static void steps_to_json(cJSON *arr, const struct bug_step *steps, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct bug_step *s = &steps[i];
		cJSON *so = cJSON_CreateObject();
		char *d = action_describe(&s->action);
		if (s->step >= 0)
			cJSON_AddNumberToObject(so, "step", s->step);
		cJSON_AddItemToObject(so, "action", action_to_json(&s->action));
		cJSON_AddStringToObject(so, "description", d);
		free(d);
		add_str(so, "screen", s->screen);
		add_str(so, "activity", s->activity);
		add_str(so, "side_trip", s->side_trip);
		cJSON_AddItemToArray(arr, so);
	}
}

cJSON *bug_to_json(const struct bug *b)
{
	cJSON *o = cJSON_CreateObject(), *ev;
	add_str(o, "id", b->id);
	cJSON_AddStringToObject(o, "title", b->title ? b->title : "");
	cJSON_AddStringToObject(o, "category", bug_category_name(b->category));
	cJSON_AddStringToObject(o, "description", b->description ? b->description : "");
	add_str(o, "functionality", b->functionality);
	add_str(o, "expected", b->expected);
	add_str(o, "actual", b->actual);
	steps_to_json(cJSON_AddArrayToObject(o, "steps"), b->steps, b->n_steps);
	if (b->original_steps)
		steps_to_json(cJSON_AddArrayToObject(o, "original_steps"), b->original_steps, b->n_original_steps);
	ev = cJSON_AddArrayToObject(o, "evidence");
	for (size_t i = 0; i < b->n_evidence; i++)
		cJSON_AddItemToArray(ev, cJSON_CreateString(b->evidence[i]));
	cJSON_AddStringToObject(o, "found_by", b->found_by ? b->found_by : "unknown");
	cJSON_AddBoolToObject(o, "confirmed", b->confirmed);
	if (b->step >= 0)
		cJSON_AddNumberToObject(o, "step", b->step);
	cJSON_AddNumberToObject(o, "occurrences", b->occurrences > 1 ? b->occurrences : 1);
	if (b->extra)
		cJSON_AddItemToObject(o, "extra", cJSON_Duplicate(b->extra, 1));
	return o;
}

/* Copy a string member. */
static char *get_str(const cJSON *o, const char *k)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, k);
	return cJSON_IsString(it) ? xstrdup(it->valuestring) : NULL;
}

int bug_from_json(const cJSON *json, struct bug *out)
{
	const cJSON *it, *s;
	int c;
	bug_init(out);
	if (!cJSON_IsObject(json))
		return td_error(TD_ERR_PARSE, "bug: expected an object");
	it = cJSON_GetObjectItemCaseSensitive(json, "category");
	c = cJSON_IsString(it) ? bug_category_parse(it->valuestring) : -1;
	if (c < 0)
		return td_error(TD_ERR_PARSE, "bug: missing or unknown \"category\"");
	out->category = (enum bug_category)c;
	out->id = get_str(json, "id");
	out->title = get_str(json, "title");
	out->description = get_str(json, "description");
	out->functionality = get_str(json, "functionality");
	out->expected = get_str(json, "expected");
	out->actual = get_str(json, "actual");
	out->found_by = get_str(json, "found_by");
	out->confirmed = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(json, "confirmed"));
	it = cJSON_GetObjectItemCaseSensitive(json, "step");
	if (cJSON_IsNumber(it))
		out->step = it->valueint; /* cJSON clamps valueint */
	it = cJSON_GetObjectItemCaseSensitive(json, "occurrences");
	if (cJSON_IsNumber(it) && it->valueint > 1)
		out->occurrences = it->valueint;
	for (int pass = 0; pass < 2; pass++) {
		const char *key = pass ? "original_steps" : "steps";
		cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(json, key)) {
			struct action a;
			const cJSON *n = cJSON_GetObjectItemCaseSensitive(s, "step");
			char *screen, *act;
			if (action_from_json(cJSON_GetObjectItemCaseSensitive(s, "action"), &a) != TD_OK) {
				int err = td_error(TD_ERR_PARSE, "bug %s: %s[%zu]: %s", out->id ? out->id : "?", key,
						   out->n_steps, td_errmsg(TD_ERR_PARSE));
				bug_release(out);
				return err;
			}
			screen = get_str(s, "screen");
			act = get_str(s, "activity");
			bug_add_step(out, cJSON_IsNumber(n) ? n->valueint : -1, &a, screen, act);
			out->steps[out->n_steps - 1].side_trip = get_str(s, "side_trip");
			out->steps[out->n_steps - 1].action.side_trip = out->steps[out->n_steps - 1].side_trip != NULL;
			free(screen);
			free(act);
			action_release(&a);
		}
		if (!pass) {
			/* Parse the original path into steps, then swap the two. */
			struct bug_step *minimal = out->steps;
			size_t n_minimal = out->n_steps;

			out->steps = NULL;
			out->n_steps = 0;
			if (!cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(json, "original_steps"))) {
				out->steps = minimal;
				out->n_steps = n_minimal;
				break;
			}
			out->original_steps = minimal;
			out->n_original_steps = n_minimal;
		} else {
			struct bug_step *orig = out->steps;
			size_t n_orig = out->n_steps;

			out->steps = out->original_steps;
			out->n_steps = out->n_original_steps;
			out->original_steps = orig;
			out->n_original_steps = n_orig;
		}
	}
	cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(json, "evidence"))
		if (cJSON_IsString(s))
			bug_add_evidence(out, s->valuestring);
	it = cJSON_GetObjectItemCaseSensitive(json, "extra");
	if (it)
		out->extra = cJSON_Duplicate(it, 1);
	return TD_OK;
}

struct bug_list {
	pthread_mutex_t lock;
	char *path;
	struct bug *bugs;
	size_t n;
	int next_id;
	char *package, *launcher;   /* for adb_commands; may be NULL */
	bool write_failed;   /* a write of bugs.json failed (the previous one stays) */
};

struct bug_list *bug_list_new(const char *json_path)
{
	struct bug_list *l = xcalloc(1, sizeof(*l));
	pthread_mutex_init(&l->lock, NULL);
	l->path = xstrdup_or_null(json_path);
	l->next_id = 1;
	return l;
}

void bug_list_free(struct bug_list *l)
{
	if (!l)
		return;
	for (size_t i = 0; i < l->n; i++)
		bug_release(&l->bugs[i]);
	free(l->bugs);
	free(l->path);
	free(l->package);
	free(l->launcher);
	pthread_mutex_destroy(&l->lock);
	free(l);
}

void bug_list_set_app(struct bug_list *l, const char *package, const char *launcher)
{
	pthread_mutex_lock(&l->lock);
	free(l->package);
	free(l->launcher);
	l->package = xstrdup_or_null(package);
	l->launcher = xstrdup_or_null(launcher);
	pthread_mutex_unlock(&l->lock);
}

/* The JSON form of listed bug i with its adb commands; called with the lock held. */
static cJSON *listed_json_locked(struct bug_list *l, size_t i)
{
	cJSON *o = bug_to_json(&l->bugs[i]), *adb = adb_script_for_bug(o, l->package, l->launcher);

	if (adb)
		cJSON_AddItemToObject(o, "adb_commands", adb);
	return o;
}

/* NULL-safe case-insensitive equality. */
static bool same_text(const char *a, const char *b)
{
	return !strcasecmp(a ? a : "", b ? b : "");
}

/* Next significant character of a title at *p (spaces folded to one ' ', lower case); 0 at the end. */
static int title_next(const char **p)
{
	const char *s = *p;
	int c;
	if (isspace((unsigned char)*s)) {
		while (isspace((unsigned char)*s))
			s++;
		c = ' ';
	} else {
		c = tolower((unsigned char)*s);
		if (*s)
			s++;
	}
	/* Trailing spaces and full stops do not count. */
	{
		const char *t = c == ' ' || c == '.' ? s : NULL;
		while (t && (isspace((unsigned char)*t) || *t == '.'))
			t++;
		if (t && !*t) {
			s = t;
			c = 0;
		}
	}
	*p = s;
	return c;
}

/* Titles equal after normalisation (see bug_same). */
static bool same_title(const char *a, const char *b)
{
	const char *p = a ? a : "", *q = b ? b : "";
	while (isspace((unsigned char)*p))
		p++;
	while (isspace((unsigned char)*q))
		q++;
	for (;;) {
		int c = title_next(&p), d = title_next(&q);
		if (c != d)
			return false;
		if (!c)
			return true;
	}
}

/* extra.subject of an oracle's finding, or NULL. */
static const char *subject_of(const struct bug *b)
{
	const cJSON *s = b->extra ? cJSON_GetObjectItemCaseSensitive(b->extra, "subject") : NULL;

	return cJSON_IsString(s) && s->valuestring[0] ? s->valuestring : NULL;
}

/* The resource id of widget `key` ("a", "b") of an overlap finding's extra, or NULL. */
static const char *overlap_widget(const struct bug *b, const char *key)
{
	const cJSON *w = cJSON_GetObjectItemCaseSensitive(b->extra, key);
	const cJSON *id = cJSON_GetObjectItemCaseSensitive(w, "resource_id");

	return cJSON_IsString(id) && id->valuestring[0] ? id->valuestring : NULL;
}

/* The activity of the last step of b's path that names one, or "". */
static const char *last_activity(const struct bug *b)
{
	for (size_t i = b->n_steps; i > 0; i--)
		if (b->steps[i - 1].activity && b->steps[i - 1].activity[0])
			return b->steps[i - 1].activity;
	return "";
}

/*
 * Whether a and b are overlap findings (extra.issue "overlap") on the same
 * activity that share a widget (by resource id): one widget drawn in the
 * wrong place covers whatever lies there (todo's summary over the last
 * task, or over "Nothing to do" when the list is empty), one bug.
 */
static bool same_overlap(const struct bug *a, const struct bug *b)
{
	const cJSON *ia = a->extra ? cJSON_GetObjectItemCaseSensitive(a->extra, "issue") : NULL;
	const cJSON *ib = b->extra ? cJSON_GetObjectItemCaseSensitive(b->extra, "issue") : NULL;
	static const char *const keys[] = { "a", "b" };

	if (!cJSON_IsString(ia) || !cJSON_IsString(ib) || strcmp(ia->valuestring, "overlap") ||
	    strcmp(ib->valuestring, "overlap") || strcmp(last_activity(a), last_activity(b)))
		return false;
	for (int i = 0; i < 2; i++)
		for (int j = 0; j < 2; j++) {
			const char *x = overlap_widget(a, keys[i]), *y = overlap_widget(b, keys[j]);

			if (x && y && !strcmp(x, y))
				return true;
		}
	return false;
}

bool bug_same(const struct bug *a, const struct bug *b)
{
	bool oracle = a->found_by && b->found_by && !strncmp(a->found_by, "oracle:", 7) &&
		      !strcmp(a->found_by, b->found_by);
	/* One oracle's subject names one bug, whichever category its checks file it under (count:
	 * a label off by the rows, then over an empty list). */
	if (oracle && subject_of(a) && subject_of(b) && same_text(subject_of(a), subject_of(b)))
		return true;
	if (a->category != b->category)
		return false;
	if (oracle && same_overlap(a, b))
		return true;
	if (!same_title(a->title, b->title))
		return false;
	return oracle || same_text(a->functionality, b->functionality);
}

static int write_locked(struct bug_list *l);

/* Index of the listed bug that b duplicates, or -1; called with the lock held. */
static long find_same_locked(struct bug_list *l, const struct bug *b)
{
	for (size_t i = 0; i < l->n; i++)
		if (bug_same(&l->bugs[i], b))
			return (long)i;
	return -1;
}

/* Count one more occurrence of bug i and rewrite the file; called with the lock held. */
static void count_locked(struct bug_list *l, size_t i, char **id_out)
{
	struct bug *o = &l->bugs[i];
	int err;
	o->occurrences = (o->occurrences > 1 ? o->occurrences : 1) + 1;
	if (id_out)
		*id_out = xstrdup_or_null(o->id);
	err = write_locked(l);
	if (err != TD_OK)
		log_error("%s", td_errmsg(err));
}

/* Write the list to its file; called with the lock held. */
static int write_locked(struct bug_list *l)
{
	cJSON *root, *arr;
	char *text, *tmp;
	FILE *f;
	int err = TD_OK;

	if (!l->path)
		return TD_OK;
	root = cJSON_CreateObject();
	arr = cJSON_AddArrayToObject(root, "bugs");
	for (size_t i = 0; i < l->n; i++)
		cJSON_AddItemToArray(arr, listed_json_locked(l, i));
	text = cJSON_Print(root);
	cJSON_Delete(root);
	tmp = xasprintf("%s.tmp", l->path);
	errno = 0;
	f = fopen(tmp, "w");
	/* The old bugs.json stays whole until the new one is complete. */
	if (!f || fputs(text, f) == EOF || fputc('\n', f) == EOF) {
		err = td_error(TD_ERR_IO, "cannot write %s: %s", l->path, strerror(errno ? errno : EIO));
		if (f)
			fclose(f);
		(void)unlink(tmp);
	} else if (fclose(f) != 0 || rename(tmp, l->path) != 0) {
		err = td_error(TD_ERR_IO, "cannot write %s: %s", l->path, strerror(errno ? errno : EIO));
		(void)unlink(tmp);
	}
	free(tmp);
	free(text);
	return err;
}

int bug_list_add(struct bug_list *l, const struct bug *b, char **id_out)
{
	struct bug *nb;
	int err;
	long dup;
	pthread_mutex_lock(&l->lock);
	dup = find_same_locked(l, b);
	if (dup >= 0) {
		count_locked(l, (size_t)dup, id_out);
		pthread_mutex_unlock(&l->lock);
		return 0;
	}
	l->bugs = xrealloc(l->bugs, (l->n + 1) * sizeof(*l->bugs));
	nb = &l->bugs[l->n++];
	bug_copy(nb, b);
	free(nb->id);
	nb->id = xasprintf("B%03d", l->next_id++);
	if (id_out)
		*id_out = xstrdup(nb->id);
	err = write_locked(l);
	if (err != TD_OK)
		l->write_failed = true;
	pthread_mutex_unlock(&l->lock);
	if (err != TD_OK)
		log_error("%s", td_errmsg(err));
	return 1;
}

int bug_list_count_duplicate(struct bug_list *l, const struct bug *b, char **id_out)
{
	long dup;
	pthread_mutex_lock(&l->lock);
	dup = find_same_locked(l, b);
	if (dup >= 0)
		count_locked(l, (size_t)dup, id_out);
	pthread_mutex_unlock(&l->lock);
	return dup >= 0;
}

int bug_list_count_duplicate_by(struct bug_list *l, const struct bug *b,
				bool (*same)(const struct bug *listed, const struct bug *b, void *ctx), void *ctx,
				char **id_out)
{
	long dup = -1;
	pthread_mutex_lock(&l->lock);
	for (size_t i = 0; i < l->n && dup < 0; i++)
		if (same(&l->bugs[i], b, ctx))
			dup = (long)i;
	if (dup >= 0)
		count_locked(l, (size_t)dup, id_out);
	pthread_mutex_unlock(&l->lock);
	return dup >= 0;
}

size_t bug_list_count(struct bug_list *l)
{
	size_t n;
	pthread_mutex_lock(&l->lock);
	n = l->n;
	pthread_mutex_unlock(&l->lock);
	return n;
}

int bug_list_get(struct bug_list *l, size_t i, struct bug *out)
{
	int err = TD_OK;
	pthread_mutex_lock(&l->lock);
	if (i < l->n)
		bug_copy(out, &l->bugs[i]);
	else
		err = TD_ERR_NOT_FOUND;
	pthread_mutex_unlock(&l->lock);
	if (err != TD_OK)
		bug_init(out);
	return err;
}

int bug_list_set_confirmed(struct bug_list *l, const char *id, bool confirmed)
{
	int err = TD_ERR_NOT_FOUND;
	pthread_mutex_lock(&l->lock);
	for (size_t i = 0; i < l->n; i++)
		if (l->bugs[i].id && id && !strcmp(l->bugs[i].id, id)) {
			l->bugs[i].confirmed = confirmed;
			err = write_locked(l);
			break;
		}
	pthread_mutex_unlock(&l->lock);
	if (err == TD_ERR_NOT_FOUND)
		return td_error(err, "no bug with id %s", id ? id : "(null)");
	return err;
}

cJSON *bug_list_to_json(struct bug_list *l)
{
	cJSON *root = cJSON_CreateObject();
	cJSON *arr = cJSON_AddArrayToObject(root, "bugs");
	pthread_mutex_lock(&l->lock);
	for (size_t i = 0; i < l->n; i++)
		cJSON_AddItemToArray(arr, listed_json_locked(l, i));
	pthread_mutex_unlock(&l->lock);
	return root;
}

bool bug_list_write_failed(struct bug_list *l)
{
	bool failed;
	pthread_mutex_lock(&l->lock);
	failed = l->write_failed;
	pthread_mutex_unlock(&l->lock);
	return failed;
}

int bug_list_write(struct bug_list *l)
{
	int err;
	pthread_mutex_lock(&l->lock);
	err = write_locked(l);
	pthread_mutex_unlock(&l->lock);
	return err;
}

int bug_list_load(struct bug_list *l, const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	cJSON *root = NULL, *it;
	int err;
	size_t i = 0;

	strbuf_init(&sb, 64u << 20);
	err = strbuf_read_file(&sb, path);
	if (err != TD_OK)
		goto out;
	root = cJSON_ParseWithLength(sb.buf, sb.len);
	if (!root || !cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(root, "bugs"))) {
		err = td_error(TD_ERR_PARSE, "%s: not a bugs.json ({\"bugs\": [...]})", path);
		goto out;
	}
	cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(root, "bugs")) {
		struct bug b;
		i++;
		err = bug_from_json(it, &b);
		if (err != TD_OK) {
			err = td_error(err, "%s: bug %zu: %s", path, i, td_errmsg(err));
			goto out;
		}
		pthread_mutex_lock(&l->lock);
		l->bugs = xrealloc(l->bugs, (l->n + 1) * sizeof(*l->bugs));
		l->bugs[l->n++] = b;
		l->next_id++;
		pthread_mutex_unlock(&l->lock);
	}
out:
	cJSON_Delete(root);
	strbuf_release(&sb);
	return err;
}
