/*
 * audit_script.c - `trident audit --script`: parse and validate a script,
 * then perform it as an Explorer brain, checking its assertions on the
 * screens the run captures (audit_script.h has the format). The run
 * (agents.h) does everything else: capture, trace, the oracle plugins, the
 * reports; cli/audit.c puts the results into audit.json and JUnit.
 *
 * State moves only on the Explorer thread (choose/observe); the results are
 * read after run_execute() has joined the agents.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/audit_script.h"
#include "core/log.h"
#include "core/strbuf.h"
#include "core/xalloc.h"

/* A script file is small: refuse anything larger. */
#define AUDIT_SCRIPT_MAX_BYTES (1 << 20)

enum item_kind { ITEM_ACTION, ITEM_ASSERT };
enum assert_kind { ASSERT_SHOWN, ASSERT_NOT_SHOWN, ASSERT_ROWS, ASSERT_TOGGLE_ON, ASSERT_TOGGLE_OFF, ASSERT_SCREEN };
enum item_status { ST_PENDING, ST_PASS, ST_FAIL, ST_SKIPPED };

static const char *const assert_names[] = { "shown", "not_shown", "rows", "toggle_on", "toggle_off", "screen" };

/* How a step names a widget: every field given must match. */
struct target {
	char *any;   /* a bare string: text, desc, hint or resource-id */
	char *text, *desc, *hint, *id;
	char *design_screen, *design_widget; /* a designed widget (design walks) */
	int index;   /* the index-th match in reading order (0-based) */
};

struct item {
	enum item_kind kind;
	char *path;                /* "steps[3]" */
	char *name;                /* for people and JUnit */
	/* actions */
	enum action_type type;
	bool has_target;
	struct target target;
	char *value;               /* input text, deep link uri */
	enum device_dir direction;
	int rotation;
	/* assertions */
	enum assert_kind assert;
	char *text;
	bool contains;
	int count;
	char *list_id;
	char *design;
	bool stop_on_break;
	bool chain_start;          /* a restart that begins a new chain (design walks) */
	/* outcome */
	enum item_status status;
	char *message;
	int step;                  /* the screen after run step N (0: the first screen) */
};

struct audit_script {
	char *path, *name;
	struct item *items;
	size_t n_items;
	int n_actions;
	struct audit_design_hooks design;
	bool has_design;
	/* Explorer-thread state */
	size_t pos;                /* the next item not yet done */
	size_t pending;            /* the action item chose() returned */
	int chosen_step;           /* the step of that choice (-1: none) */
	bool finished;
};

static void target_release(struct target *t)
{
	free(t->any);
	free(t->text);
	free(t->desc);
	free(t->hint);
	free(t->id);
	free(t->design_screen);
	free(t->design_widget);
}

void audit_script_free(struct audit_script *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n_items; i++) {
		struct item *it = &s->items[i];
		free(it->path);
		free(it->name);
		target_release(&it->target);
		free(it->value);
		free(it->text);
		free(it->list_id);
		free(it->design);
		free(it->message);
	}
	free(s->items);
	free(s->path);
	free(s->name);
	free(s);
}

const char *audit_script_name(const struct audit_script *s) { return s->name; }
int audit_script_actions(const struct audit_script *s) { return s->n_actions; }

void audit_script_set_design(struct audit_script *s, const struct audit_design_hooks *hooks)
{
	s->design = *hooks;
	s->has_design = true;
}

struct audit_script *audit_script_new(const char *name)
{
	struct audit_script *s = xcalloc(1, sizeof(*s));
	s->path = xstrdup(name);
	s->name = xstrdup(name);
	s->chosen_step = -1;
	return s;
}

static struct item *item_append(struct audit_script *s, enum item_kind kind, const char *path)
{
	struct item *it;
	s->items = xrealloc(s->items, (s->n_items + 1) * sizeof(*s->items));
	it = &s->items[s->n_items++];
	memset(it, 0, sizeof(*it));
	it->kind = kind;
	it->path = xstrdup(path);
	it->step = -1;
	return it;
}

void audit_script_add_screen(struct audit_script *s, const char *design, const char *path, bool stop_on_break)
{
	struct item *it = item_append(s, ITEM_ASSERT, path);
	it->assert = ASSERT_SCREEN;
	it->design = xstrdup(design);
	it->stop_on_break = stop_on_break;
	it->name = xasprintf("screen matches design \"%s\"", design);
}

void audit_script_add_design_action(struct audit_script *s, enum action_type type, const char *screen,
				    const char *widget, const char *text, const char *path)
{
	struct item *it = item_append(s, ITEM_ACTION, path);
	it->type = type;
	it->has_target = type != ACTION_WAIT;
	it->target.design_screen = xstrdup(screen);
	it->target.design_widget = xstrdup(widget);
	it->value = text ? xstrdup(text) : NULL;
	if (type == ACTION_INPUT)
		it->name = xasprintf("type \"%s\" into designed widget %s.%s", text ? text : "", screen, widget);
	else
		it->name = xasprintf("%s designed widget %s.%s", action_type_name(type), screen, widget);
	s->n_actions++;
}

void audit_script_add_restart(struct audit_script *s, const char *path)
{
	struct item *it = item_append(s, ITEM_ACTION, path);
	it->type = ACTION_RESTART;
	it->chain_start = true;
	it->name = xstrdup("restart the app");
	s->n_actions++;
}

/* --- parsing -------------------------------------------------------------- */

#define BAD(...) td_error(TD_ERR_PARSE, __VA_ARGS__)

/* A non-empty string member, or NULL; *err set when present but not one. */
static const char *str_member(const char *file, const char *path, const cJSON *o, const char *key, int *err)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	if (!v)
		return NULL;
	if (!cJSON_IsString(v) || !v->valuestring[0]) {
		*err = BAD("%s: %s.%s: expected a non-empty string", file, path, key);
		return NULL;
	}
	return v->valuestring;
}

/* Parse a widget address: a string, or {"text"|"desc"|"hint"|"id": ..., "index": N}. */
static int parse_target(const char *file, const char *path, const cJSON *v, struct target *t)
{
	static const char *const keys[] = { "text", "desc", "hint", "id", "index" };
	int err = TD_OK;
	memset(t, 0, sizeof(*t));
	if (cJSON_IsString(v)) {
		if (!v->valuestring[0])
			return BAD("%s: %s: an empty string names no widget", file, path);
		t->any = xstrdup(v->valuestring);
		return TD_OK;
	}
	if (!cJSON_IsObject(v))
		return BAD("%s: %s: expected a string or an object with text, desc, hint or id", file, path);
	for (const cJSON *m = v->child; m; m = m->next) {
		bool known = false;
		for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
			known |= !strcmp(m->string, keys[k]);
		if (!known)
			return BAD("%s: %s.%s: unknown key (a widget is named by text, desc, hint, id and index)",
				   file, path, m->string);
	}
#define TAKE(field) \
	do { \
		const char *s_ = str_member(file, path, v, #field, &err); \
		if (err != TD_OK) \
			return err; \
		t->field = s_ ? xstrdup(s_) : NULL; \
	} while (0)
	TAKE(text);
	TAKE(desc);
	TAKE(hint);
	TAKE(id);
#undef TAKE
	if (!t->text && !t->desc && !t->hint && !t->id)
		return BAD("%s: %s: names no widget: give text, desc, hint or id", file, path);
	{
		const cJSON *ix = cJSON_GetObjectItemCaseSensitive(v, "index");
		if (ix) {
			if (!cJSON_IsNumber(ix) || ix->valuedouble < 0 || ix->valuedouble > 1000 ||
			    ix->valuedouble != (double)(int)ix->valuedouble)
				return BAD("%s: %s.index: expected a whole number from 0 to 1000", file, path);
			t->index = ix->valueint;
		}
	}
	return TD_OK;
}

/* "{desc: New note}" for names and messages. Caller frees. */
static char *target_describe(const struct target *t)
{
	struct strbuf sb = STRBUF_INIT;
	if (t->design_widget) {
		(void)strbuf_addf(&sb, "designed widget %s.%s", t->design_screen, t->design_widget);
	} else if (t->any) {
		(void)strbuf_addf(&sb, "\"%s\"", t->any);
	} else {
		const char *sep = "";
		(void)strbuf_adds(&sb, "{");
#define PART(field) \
	if (t->field) { \
		(void)strbuf_addf(&sb, "%s" #field ": \"%s\"", sep, t->field); \
		sep = ", "; \
	}
		PART(text) PART(desc) PART(hint) PART(id)
#undef PART
		(void)strbuf_adds(&sb, "}");
	}
	if (t->index)
		(void)strbuf_addf(&sb, "[%d]", t->index);
	return strbuf_detach(&sb, NULL);
}

/* Whether only `allowed` keys (and the step's own key) appear in `o`. */
static int only_keys(const char *file, const char *path, const cJSON *o, const char *const *allowed)
{
	for (const cJSON *m = o->child; m; m = m->next) {
		bool ok = false;
		for (size_t k = 0; allowed[k]; k++)
			ok |= !strcmp(m->string, allowed[k]);
		if (!ok)
			return BAD("%s: %s.%s: unknown key here", file, path, m->string);
	}
	return TD_OK;
}

static int parse_assert(const char *file, const char *path, const cJSON *o, struct item *it,
			const char *const *screens, size_t n_screens)
{
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, "assert");
	int err = TD_OK, kind = -1;
	const char *s;

	it->kind = ITEM_ASSERT;
	if (!cJSON_IsString(a))
		return BAD("%s: %s.assert: expected one of shown, not_shown, rows, toggle_on, toggle_off, screen",
			   file, path);
	for (int k = 0; k < (int)(sizeof(assert_names) / sizeof(assert_names[0])); k++)
		if (!strcmp(a->valuestring, assert_names[k]))
			kind = k;
	if (kind < 0)
		return BAD("%s: %s.assert: unknown assertion \"%s\" (shown, not_shown, rows, toggle_on, toggle_off, "
			   "screen)", file, path, a->valuestring);
	it->assert = (enum assert_kind)kind;
	switch (it->assert) {
	case ASSERT_SHOWN:
	case ASSERT_NOT_SHOWN: {
		static const char *const keys[] = { "assert", "text", "contains", NULL };
		const cJSON *c = cJSON_GetObjectItemCaseSensitive(o, "contains");
		if ((err = only_keys(file, path, o, keys)) != TD_OK)
			return err;
		if (!(s = str_member(file, path, o, "text", &err)))
			return err != TD_OK ? err : BAD("%s: %s: \"%s\" needs \"text\"", file, path, a->valuestring);
		if (c && !cJSON_IsBool(c))
			return BAD("%s: %s.contains: expected true or false", file, path);
		it->text = xstrdup(s);
		it->contains = cJSON_IsTrue(c);
		it->name = xasprintf("%s \"%s\"%s", a->valuestring, s, it->contains ? " (contains)" : "");
		break;
	}
	case ASSERT_ROWS: {
		static const char *const keys[] = { "assert", "text", "count", "list", NULL };
		const cJSON *c = cJSON_GetObjectItemCaseSensitive(o, "count");
		const char *list;
		if ((err = only_keys(file, path, o, keys)) != TD_OK)
			return err;
		if (!(s = str_member(file, path, o, "text", &err)))
			return err != TD_OK ? err : BAD("%s: %s: \"rows\" needs \"text\"", file, path);
		if (!cJSON_IsNumber(c) || c->valuedouble < 0 || c->valuedouble > 10000 ||
		    c->valuedouble != (double)(int)c->valuedouble)
			return BAD("%s: %s.count: expected a whole number from 0 to 10000", file, path);
		list = str_member(file, path, o, "list", &err);
		if (err != TD_OK)
			return err;
		it->text = xstrdup(s);
		it->count = c->valueint;
		it->list_id = list ? xstrdup(list) : NULL;
		it->name = xasprintf("rows \"%s\" == %d%s%s", s, it->count, list ? " in " : "", list ? list : "");
		break;
	}
	case ASSERT_TOGGLE_ON:
	case ASSERT_TOGGLE_OFF: {
		static const char *const keys[] = { "assert", "target", NULL };
		const cJSON *t = cJSON_GetObjectItemCaseSensitive(o, "target");
		char *sub = xasprintf("%s.target", path), *d;
		if ((err = only_keys(file, path, o, keys)) != TD_OK) {
			free(sub);
			return err;
		}
		err = t ? parse_target(file, sub, t, &it->target)
			: BAD("%s: %s: \"%s\" needs \"target\" (the toggle)", file, path, a->valuestring);
		free(sub);
		if (err != TD_OK)
			return err;
		it->has_target = true;
		d = target_describe(&it->target);
		it->name = xasprintf("%s %s", a->valuestring, d);
		free(d);
		break;
	}
	case ASSERT_SCREEN: {
		static const char *const keys[] = { "assert", "design", NULL };
		bool known = false;
		if ((err = only_keys(file, path, o, keys)) != TD_OK)
			return err;
		if (!(s = str_member(file, path, o, "design", &err)))
			return err != TD_OK ? err : BAD("%s: %s: \"screen\" needs \"design\" (a design screen)", file, path);
		if (!screens)
			return BAD("%s: %s.design: a \"screen\" assertion needs --design DIR", file, path);
		for (size_t k = 0; k < n_screens; k++)
			known |= !strcmp(screens[k], s);
		if (!known)
			return BAD("%s: %s.design: the design has no screen \"%s\"", file, path, s);
		it->design = xstrdup(s);
		it->name = xasprintf("screen matches design \"%s\"", s);
		break;
	}
	}
	return TD_OK;
}

/* The action keys a step may use, with what each needs. */
static const struct {
	const char *key;
	enum action_type type;
	bool targets;       /* the value is a widget address */
} action_keys[] = {
	{ "click", ACTION_CLICK, true },
	{ "long_click", ACTION_LONG_CLICK, true },
	{ "check", ACTION_CHECK, true },
	{ "type", ACTION_INPUT, false },     /* "type": TEXT, "into": WIDGET */
	{ "scroll", ACTION_SCROLL, true },   /* "direction": up|down|left|right */
	{ "back", ACTION_BACK, false },
	{ "home", ACTION_HOME, false },
	{ "enter", ACTION_ENTER, false },
	{ "restart", ACTION_RESTART, false },
	{ "wait", ACTION_WAIT, false },
	{ "rotate", ACTION_ROTATE, false },  /* "rotate": 0 or 1 */
	{ "deep_link", ACTION_DEEP_LINK, false },
};

static int parse_action(const char *file, const char *path, const cJSON *o, struct item *it)
{
	const cJSON *v = NULL;
	size_t k, found = 0;
	char *sub = NULL, *d;
	int err = TD_OK;

	it->kind = ITEM_ACTION;
	for (size_t j = 0; j < sizeof(action_keys) / sizeof(action_keys[0]); j++) {
		const cJSON *m = cJSON_GetObjectItemCaseSensitive(o, action_keys[j].key);
		if (m) {
			if (v)
				return BAD("%s: %s: one action per step (both \"%s\" and \"%s\")", file, path,
					   action_keys[found].key, action_keys[j].key);
			v = m;
			found = j;
		}
	}
	if (!v)
		return BAD("%s: %s: no action or assertion (click, long_click, check, type, scroll, back, home, "
			   "enter, restart, wait, rotate, deep_link, assert)", file, path);
	k = found;
	it->type = action_keys[k].type;
	sub = xasprintf("%s.%s", path, action_keys[k].key);
	if (action_keys[k].targets) {
		static const char *const with_dir[] = { "scroll", "direction", NULL };
		const char *keys[] = { action_keys[k].key, NULL };
		err = only_keys(file, path, o, it->type == ACTION_SCROLL ? with_dir : keys);
		if (err == TD_OK)
			err = parse_target(file, sub, v, &it->target);
		if (err != TD_OK)
			goto out;
		it->has_target = true;
		if (it->type == ACTION_SCROLL) {
			const char *dir = str_member(file, path, o, "direction", &err);
			int dv = dir ? action_direction_parse(dir) : DEVICE_DIR_DOWN;
			if (err != TD_OK)
				goto out;
			if (dv < 0) {
				err = BAD("%s: %s.direction: expected up, down, left or right, not \"%s\"", file, path, dir);
				goto out;
			}
			it->direction = (enum device_dir)dv;
		}
	} else if (it->type == ACTION_INPUT) {
		static const char *const keys[] = { "type", "into", NULL };
		const cJSON *into = cJSON_GetObjectItemCaseSensitive(o, "into");
		char *isub = xasprintf("%s.into", path);
		err = only_keys(file, path, o, keys);
		if (err == TD_OK && !cJSON_IsString(v))
			err = BAD("%s: %s: expected the text to type (a string)", file, sub);
		if (err == TD_OK && !into)
			err = BAD("%s: %s: \"type\" needs \"into\" (the field)", file, path);
		if (err == TD_OK)
			err = parse_target(file, isub, into, &it->target);
		free(isub);
		if (err != TD_OK)
			goto out;
		it->has_target = true;
		it->value = xstrdup(v->valuestring);
	} else if (it->type == ACTION_ROTATE) {
		const char *keys[] = { "rotate", NULL };
		if ((err = only_keys(file, path, o, keys)) != TD_OK)
			goto out;
		if (!cJSON_IsNumber(v) || (v->valuedouble != 0 && v->valuedouble != 1)) {
			err = BAD("%s: %s: expected 0 (portrait) or 1 (landscape)", file, sub);
			goto out;
		}
		it->rotation = v->valueint;
	} else if (it->type == ACTION_DEEP_LINK) {
		const char *keys[] = { "deep_link", NULL };
		if ((err = only_keys(file, path, o, keys)) != TD_OK)
			goto out;
		if (!cJSON_IsString(v) || !v->valuestring[0]) {
			err = BAD("%s: %s: expected the uri (a non-empty string)", file, sub);
			goto out;
		}
		it->value = xstrdup(v->valuestring);
	} else {
		const char *keys[] = { action_keys[k].key, NULL };
		if ((err = only_keys(file, path, o, keys)) != TD_OK)
			goto out;
		if (!cJSON_IsTrue(v)) {
			err = BAD("%s: %s: expected true", file, sub);
			goto out;
		}
	}
	d = it->has_target ? target_describe(&it->target) : NULL;
	if (it->type == ACTION_INPUT)
		it->name = xasprintf("type \"%s\" into %s", it->value, d);
	else if (it->value)
		it->name = xasprintf("%s %s", action_keys[k].key, it->value);
	else
		it->name = xasprintf("%s%s%s", action_keys[k].key, d ? " " : "", d ? d : "");
	free(d);
out:
	free(sub);
	return err;
}

int audit_script_load(const char *path, const char *const *design_screens, size_t n_design_screens,
		      struct audit_script **out)
{
	struct strbuf sb = STRBUF_INIT;
	struct audit_script *s = NULL;
	cJSON *root = NULL;
	const cJSON *steps, *name;
	int err, i = 0;

	*out = NULL;
	err = strbuf_read_file(&sb, path);
	if (err != TD_OK) {
		err = td_error(TD_ERR_IO, "%s: cannot read the script: %s", path, td_errmsg(err));
		goto out;
	}
	if (sb.len > AUDIT_SCRIPT_MAX_BYTES) {
		err = BAD("%s: the script is %zu bytes; at most %d", path, sb.len, AUDIT_SCRIPT_MAX_BYTES);
		goto out;
	}
	root = cJSON_ParseWithLength(sb.buf, sb.len);
	if (!root) {
		const char *at = cJSON_GetErrorPtr();
		int line = 1;
		for (const char *p = sb.buf; at && p < at && p < sb.buf + sb.len; p++)
			line += *p == '\n';
		err = BAD("%s:%d: not valid JSON", path, line);
		goto out;
	}
	if (!cJSON_IsObject(root)) {
		err = BAD("%s: $: expected an object with \"name\" and \"steps\"", path);
		goto out;
	}
	for (const cJSON *m = root->child; m; m = m->next)
		if (strcmp(m->string, "name") && strcmp(m->string, "steps") && m->string[0] != '#') {
			err = BAD("%s: %s: unknown key (a script has name and steps; # keys are comments)", path, m->string);
			goto out;
		}
	name = cJSON_GetObjectItemCaseSensitive(root, "name");
	if (name && (!cJSON_IsString(name) || !name->valuestring[0])) {
		err = BAD("%s: name: expected a non-empty string", path);
		goto out;
	}
	steps = cJSON_GetObjectItemCaseSensitive(root, "steps");
	if (!cJSON_IsArray(steps) || !cJSON_GetArraySize(steps)) {
		err = BAD("%s: steps: expected a non-empty array of actions and assertions", path);
		goto out;
	}
	s = xcalloc(1, sizeof(*s));
	s->path = xstrdup(path);
	if (name) {
		s->name = xstrdup(name->valuestring);
	} else {
		const char *base = strrchr(path, '/');
		s->name = xstrdup(base ? base + 1 : path);
	}
	s->n_items = (size_t)cJSON_GetArraySize(steps);
	s->items = xcalloc(s->n_items, sizeof(*s->items));
	s->chosen_step = -1;
	for (const cJSON *st = steps->child; st; st = st->next, i++) {
		struct item *it = &s->items[i];
		it->path = xasprintf("steps[%d]", i);
		it->step = -1;
		if (!cJSON_IsObject(st)) {
			err = BAD("%s: %s: expected an object (an action or an assertion)", path, it->path);
			goto out;
		}
		if (cJSON_GetObjectItemCaseSensitive(st, "assert"))
			err = parse_assert(path, it->path, st, it, design_screens, n_design_screens);
		else
			err = parse_action(path, it->path, st, it);
		if (err != TD_OK)
			goto out;
		if (it->kind == ITEM_ACTION)
			s->n_actions++;
	}
	if (!s->n_actions) {
		err = BAD("%s: steps: no action: a script drives the app at least once", path);
		goto out;
	}
	*out = s;
	s = NULL;
out:
	audit_script_free(s);
	cJSON_Delete(root);
	strbuf_release(&sb);
	return err;
}

/* --- matching widgets ----------------------------------------------------- */

/* "com.x:id/save" matches "save" and "com.x:id/save". */
static bool id_matches(const char *rid, const char *want)
{
	const char *slash = strrchr(rid, '/');
	return !strcmp(rid, want) || (slash && !strcmp(slash + 1, want));
}

/* A field's hint; an empty field shows its hint as its text in older dumps. */
static bool hint_matches(const struct ui_widget *w, const char *hint)
{
	return !strcmp(w->hint, hint) || (ui_class_is_editable(w->class_name) && !strcmp(w->text, hint));
}

static bool target_matches(const struct target *t, const struct ui_widget *w)
{
	if (t->any)
		return !strcmp(w->text, t->any) || !strcmp(w->content_desc, t->any) || !strcmp(w->hint, t->any) ||
		       (w->resource_id[0] && id_matches(w->resource_id, t->any));
	return (!t->text || !strcmp(w->text, t->text)) && (!t->desc || !strcmp(w->content_desc, t->desc)) &&
	       (!t->hint || hint_matches(w, t->hint)) && (!t->id || (w->resource_id[0] && id_matches(w->resource_id, t->id)));
}

/* The annotated widget that is `w` or its nearest ancestor supporting `bit`. */
static const struct brain_widget *actionable_of(const struct brain_screen *s, const struct ui_widget *w, unsigned bit)
{
	for (; w; w = w->parent)
		for (size_t i = 0; i < s->n_widgets; i++)
			if (s->widgets[i].w == w && (!bit || (s->widgets[i].actions & bit)))
				return &s->widgets[i];
	return NULL;
}

/* The widget an action aims at: the index-th distinct match in reading order. */
static const struct brain_widget *find_actionable(const struct brain_screen *s, const struct target *t, unsigned bit)
{
	const struct brain_widget **seen = xcalloc(s->tree->n_nodes + 1, sizeof(*seen));
	const struct brain_widget *hit = NULL;
	size_t n = 0;
	/* Direct matches first (reading order), then widgets holding a matching label. */
	for (size_t i = 0; i < s->n_widgets && !hit; i++)
		if ((!bit || (s->widgets[i].actions & bit)) && target_matches(t, s->widgets[i].w)) {
			seen[n++] = &s->widgets[i];
			if ((int)n == t->index + 1)
				hit = &s->widgets[i];
		}
	for (size_t i = 0; i < s->tree->n_nodes && !hit; i++) {
		const struct ui_widget *w = s->tree->nodes[i];
		const struct brain_widget *bw;
		bool dup = false;
		if (!ui_widget_visible(w, &s->tree->screen) || !target_matches(t, w) || !(bw = actionable_of(s, w, bit)))
			continue;
		for (size_t k = 0; k < n; k++)
			dup |= seen[k] == bw;
		if (dup)
			continue;
		seen[n++] = bw;
		if ((int)n == t->index + 1)
			hit = bw;
	}
	free(seen);
	return hit;
}

static bool text_matches(const struct item *it, const char *have)
{
	return it->contains ? strstr(have, it->text) != NULL : !strcmp(have, it->text);
}

/* Whether `w` lies inside the list named `id` (any list when id is NULL). */
static bool in_list(const struct ui_widget *w, const char *id)
{
	if (!id)
		return ui_widget_in_list(w);
	for (const struct ui_widget *p = w->parent; p; p = p->parent)
		if (p->resource_id[0] && id_matches(p->resource_id, id))
			return true;
	return false;
}

/* The checkable widget a toggle assertion names: the match itself or one in its row. */
static const struct ui_widget *find_toggle(const struct ui_tree *t, const struct target *tg)
{
	int n = 0;
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i], *row;
		if (!ui_widget_visible(w, &t->screen) || !target_matches(tg, w) || n++ != tg->index)
			continue;
		if (w->checkable)
			return w;
		/* A label next to its switch: look in the label's row. */
		for (row = w->parent; row; row = row->parent) {
			for (size_t k = row->order; k < t->n_nodes; k++) {
				const struct ui_widget *c = t->nodes[k];
				const struct ui_widget *a = c;
				while (a && a != row)
					a = a->parent;
				if (!a)
					break;
				if (c->checkable)
					return c;
			}
			if (row->n_children > 1)
				break;
		}
		return NULL;
	}
	return NULL;
}

static void skip_rest(struct audit_script *sc, size_t from);
static void skip_chain(struct audit_script *sc, size_t from);

static void set_result(struct item *it, enum item_status st, int step, char *message)
{
	free(it->message);
	it->status = st;
	it->step = step;
	it->message = message;
}

/* Check one assertion on screen `s` (the screen after run step `step`). */
static void check_assert(struct audit_script *sc, struct item *it, const struct brain_screen *s, int step)
{
	const struct ui_tree *t = s->tree;
	int n = 0;

	switch (it->assert) {
	case ASSERT_SHOWN:
	case ASSERT_NOT_SHOWN:
		for (size_t i = 0; i < t->n_nodes; i++) {
			const struct ui_widget *w = t->nodes[i];
			if (ui_widget_visible(w, &t->screen) && (text_matches(it, w->text) || text_matches(it, w->content_desc)))
				n++;
		}
		if ((n > 0) == (it->assert == ASSERT_SHOWN))
			set_result(it, ST_PASS, step, NULL);
		else if (it->assert == ASSERT_SHOWN)
			set_result(it, ST_FAIL, step, xasprintf("\"%s\" is not on the screen after step %d (%s)",
								it->text, step, s->activity));
		else
			set_result(it, ST_FAIL, step, xasprintf("\"%s\" is on the screen after step %d (%d time%s)",
								it->text, step, n, n == 1 ? "" : "s"));
		break;
	case ASSERT_ROWS:
		for (size_t i = 0; i < t->n_nodes; i++) {
			const struct ui_widget *w = t->nodes[i];
			if (ui_widget_visible(w, &t->screen) && !strcmp(w->text, it->text) && in_list(w, it->list_id))
				n++;
		}
		if (n == it->count)
			set_result(it, ST_PASS, step, NULL);
		else
			set_result(it, ST_FAIL, step, xasprintf("%d row%s with \"%s\" after step %d, expected %d", n,
								n == 1 ? "" : "s", it->text, step, it->count));
		break;
	case ASSERT_TOGGLE_ON:
	case ASSERT_TOGGLE_OFF: {
		const struct ui_widget *w = find_toggle(t, &it->target);
		bool want = it->assert == ASSERT_TOGGLE_ON;
		char *d = target_describe(&it->target);
		if (!w)
			set_result(it, ST_FAIL, step, xasprintf("no toggle %s on the screen after step %d", d, step));
		else if (w->checked != want)
			set_result(it, ST_FAIL, step, xasprintf("toggle %s is %s after step %d", d,
								w->checked ? "on" : "off", step));
		else
			set_result(it, ST_PASS, step, NULL);
		free(d);
		break;
	}
	case ASSERT_SCREEN: {
		char *why = NULL;
		int rc = sc->has_design ? sc->design.screen_check(sc->design.ctx, it->design, it->path, s, &why) : -1;
		if (rc == 1) {
			set_result(it, ST_PASS, step, NULL);
			free(why);
		} else {
			set_result(it, ST_FAIL, step, why ? why : xstrdup("no design to compare with"));
			if (rc == -2 && it->stop_on_break)
				skip_chain(sc, (size_t)(it - sc->items) + 1);
		}
		break;
	}
	}
}

/* Check the assertions from pos up to the next action; pos then points at it. */
static void check_until_action(struct audit_script *sc, const struct brain_screen *s, int step)
{
	while (!sc->finished && sc->pos < sc->n_items && sc->items[sc->pos].kind == ITEM_ASSERT)
		check_assert(sc, &sc->items[sc->pos++], s, step);
}

/* The rest of the script cannot run: mark it skipped. */
static void skip_rest(struct audit_script *sc, size_t from)
{
	for (size_t i = from; i < sc->n_items; i++)
		if (sc->items[i].status == ST_PENDING)
			set_result(&sc->items[i], ST_SKIPPED, -1, xstrdup("not reached: an earlier step failed"));
	sc->pos = sc->n_items;
	sc->finished = true;
}

/* A process break: skip to the next restart (the next chain), or to the end. */
static void skip_chain(struct audit_script *sc, size_t from)
{
	size_t i;
	for (i = from; i < sc->n_items && !sc->items[i].chain_start; i++)
		if (sc->items[i].status == ST_PENDING)
			set_result(&sc->items[i], ST_SKIPPED, -1, xstrdup("not reached: the process broke before it"));
	if (i >= sc->n_items) {
		sc->pos = sc->n_items;
		sc->finished = true;
	} else {
		sc->pos = i; /* the restart */
	}
}

/* --- the Explorer brain --------------------------------------------------- */

static int script_choose(struct explorer_brain *b, struct agent_env *env, const struct brain_screen *s,
			 const struct brain_hints *hints, const char *feedback, struct action *out,
			 struct step_note *note)
{
	struct audit_script *sc = b->state;
	struct item *it;

	(void)hints;
	(void)note;
	action_init(out);
	if (feedback)
		log_warn("audit: the Explorer refused the scripted action: %s", feedback);
	if (!sc->finished)
		check_until_action(sc, s, s->step - 1);
	if (sc->finished || sc->pos >= sc->n_items) {
		/* Nothing left (a budget larger than the script): end the run. */
		sc->finished = true;
		agent_env_request_stop(env);
		out->type = ACTION_WAIT;
		out->reason = xstrdup("audit script finished");
		sc->chosen_step = -1;
		return TD_OK;
	}
	it = &sc->items[sc->pos];
	out->type = it->type;
	out->reason = xasprintf("audit script %s: %s", it->path, it->name);
	if (it->has_target) {
		unsigned bit = action_type_ui_bit(it->type);
		const struct brain_widget *bw = NULL;
		char *why = NULL;
		if (it->target.design_widget) {
			const struct ui_widget *w = sc->has_design
				? sc->design.find_widget(sc->design.ctx, it->target.design_screen,
							 it->target.design_widget, s, &why) : NULL;
			bw = w ? actionable_of(s, w, bit) : NULL;
		} else {
			bw = find_actionable(s, &it->target, bit);
		}
		if (!bw) {
			char *d = target_describe(&it->target);
			set_result(it, ST_FAIL, s->step - 1,
				   xasprintf("no widget %s that can %s on the screen after step %d (%s)%s%s", d,
					     action_type_name(it->type), s->step - 1, s->activity,
					     why ? ": " : "", why ? why : ""));
			free(d);
			free(why);
			skip_rest(sc, sc->pos + 1);
			agent_env_request_stop(env);
			action_release(out);
			out->type = ACTION_WAIT;
			out->reason = xasprintf("audit script %s: widget not found; stopping", it->path);
			sc->chosen_step = -1;
			return TD_OK;
		}
		action_set_widget(out, bw->number, bw->w);
	}
	if (it->type == ACTION_INPUT)
		out->text = xstrdup(it->value);
	else if (it->type == ACTION_DEEP_LINK)
		out->uri = xstrdup(it->value);
	out->direction = it->direction;
	out->rotation = it->rotation;
	sc->pending = sc->pos;
	sc->chosen_step = s->step;
	return TD_OK;
}

static void script_observe(struct explorer_brain *b, struct agent_env *env, const struct brain_screen *before,
			   const struct action *done, const struct brain_screen *after)
{
	struct audit_script *sc = b->state;

	(void)done;
	/* A plugin's override took the step: the scripted action is still to come. */
	if (sc->finished || before->step != sc->chosen_step)
		return;
	set_result(&sc->items[sc->pending], ST_PASS, before->step, NULL);
	sc->pos = sc->pending + 1;
	sc->chosen_step = -1;
	check_until_action(sc, after, before->step);
	if (sc->pos >= sc->n_items) {
		sc->finished = true;
		agent_env_request_stop(env);
	}
}

static void script_brain_free(struct explorer_brain *b)
{
	free(b);
}

int audit_script_brain_new(struct audit_script *s, struct explorer_brain **out)
{
	struct explorer_brain *b = xcalloc(1, sizeof(*b));
	b->name = "script";
	b->state = s;
	b->choose = script_choose;
	b->observe = script_observe;
	b->free = script_brain_free;
	*out = b;
	return TD_OK;
}

/* --- results -------------------------------------------------------------- */

static const char *status_name(enum item_status st)
{
	switch (st) {
	case ST_PASS: return "pass";
	case ST_FAIL: return "fail";
	case ST_SKIPPED: return "skipped";
	default: return "not reached";
	}
}

cJSON *audit_script_results(const struct audit_script *s)
{
	cJSON *arr = cJSON_CreateArray();
	for (size_t i = 0; i < s->n_items; i++) {
		const struct item *it = &s->items[i];
		cJSON *o;
		/* Actions that worked are in the trace; list the assertions and the broken steps. */
		if (it->kind == ITEM_ACTION && it->status == ST_PASS)
			continue;
		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "kind", it->kind == ITEM_ASSERT ? "assert" : "action");
		cJSON_AddStringToObject(o, "path", it->path);
		cJSON_AddStringToObject(o, "name", it->name);
		cJSON_AddStringToObject(o, "status", status_name(it->status));
		if (it->message)
			cJSON_AddStringToObject(o, "message", it->message);
		else if (it->status == ST_PENDING)
			cJSON_AddStringToObject(o, "message", "the run ended before this step");
		if (it->step >= 0)
			cJSON_AddNumberToObject(o, "step", it->step);
		if (it->design)
			cJSON_AddStringToObject(o, "design", it->design);
		cJSON_AddItemToArray(arr, o);
	}
	return arr;
}

bool audit_script_passed(const struct audit_script *s)
{
	for (size_t i = 0; i < s->n_items; i++)
		if (s->items[i].status != ST_PASS)
			return false;
	return true;
}
