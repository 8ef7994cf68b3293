/*
 * sim_spec.c - loading and validating app specs (configs/apps/NAME.json).
 *
 * The format is documented in docs/app-spec.md. Specs are untrusted: the
 * file size, nesting depth, numbers of screens, variables and list items are
 * capped, and every reference (screens, variables, record fields, input
 * fields, events named by injected bugs) is resolved here, so that a typo
 * fails at load time with "FILE: JSON.PATH: reason" instead of at run time.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/app_model.h"
#include "core/paths.h"
#include "core/xalloc.h"
#include "device/sim/sim_internal.h"

static const char *const bug_categories[] = {
	"page loading failure", "occlusion/overlap", "content missing", "feedback missing",
	"data operation failure", "media control", "numerical calculation error",
	"settings/configuration", "navigation/link error",
};

static const char *const widget_types[] = {
	"text", "button", "text_button", "image_button", "edit", "checkbox", "switch", "list",
	"tabs", "image", "fab", "progress", "seekbar", "row", "column", "tab", "nav",
};

struct loader {
	struct sim_app *app;
	struct strbuf path;        /* JSON path of the node being checked */
	int err;
	char **events;             /* every event name the spec defines */
	size_t n_events, alloc_events;
	char **ids;                /* widget ids of the current screen */
	size_t n_ids, alloc_ids;
	int screen;                /* screen being checked */
	int row_var;               /* list var of the enclosing row, -1 */
	const cJSON *screen_json;
	const char *default_type;  /* "tab"/"nav" inside tabs and bottom_nav */
};

/* Record the first error as "file: path: reason". */
static int bad(struct loader *ld, const char *fmt, ...) TD_PRINTF(2, 3);
static int bad(struct loader *ld, const char *fmt, ...)
{
	if (ld->err)
		return ld->err;
	char why[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	ld->err = td_error(TD_ERR_CONFIG, "%s: %s: %s", ld->app->name,
			   ld->path.len ? ld->path.buf : "(top)", why);
	return ld->err;
}

static size_t push_key(struct loader *ld, const char *key)
{
	size_t old = ld->path.len;
	if (old)
		(void)strbuf_addch(&ld->path, '.');
	(void)strbuf_adds(&ld->path, key);
	return old;
}

static size_t push_idx(struct loader *ld, int i)
{
	size_t old = ld->path.len;
	(void)strbuf_addf(&ld->path, "[%d]", i);
	return old;
}

static void pop(struct loader *ld, size_t old)
{
	strbuf_setlen(&ld->path, old);
}

int sim_app_var_index(const struct sim_app *app, const char *name)
{
	for (size_t i = 0; i < app->n_vars; i++)
		if (!strcmp(app->vars[i].name, name))
			return (int)i;
	return -1;
}

int sim_app_screen_index(const struct sim_app *app, const char *name)
{
	for (size_t i = 0; i < app->n_screens; i++)
		if (!strcmp(app->screens[i].name, name))
			return (int)i;
	return -1;
}

int sim_app_field_index(const struct sim_var *v, const char *name)
{
	for (size_t i = 0; i < v->n_fields; i++)
		if (!strcmp(v->fields[i].name, name))
			return (int)i;
	return -1;
}

static const cJSON *find_in(const cJSON *arr, const char *id);

/* Search a widget (and its children, row template) for id. */
static const cJSON *find_widget(const cJSON *w, const char *id)
{
	const cJSON *wid = cJSON_GetObjectItemCaseSensitive(w, "id");
	if (cJSON_IsString(wid) && !strcmp(wid->valuestring, id))
		return w;
	const cJSON *r;
	if ((r = find_in(cJSON_GetObjectItemCaseSensitive(w, "children"), id)))
		return r;
	if ((r = find_in(cJSON_GetObjectItemCaseSensitive(w, "items"), id)))
		return r;
	const cJSON *row = cJSON_GetObjectItemCaseSensitive(w, "row");
	if (cJSON_IsObject(row) && (r = find_widget(row, id)))
		return r;
	return NULL;
}

static const cJSON *find_in(const cJSON *arr, const char *id)
{
	const cJSON *w;
	if (!cJSON_IsArray(arr))
		return NULL;
	cJSON_ArrayForEach(w, arr) {
		if (!cJSON_IsObject(w))
			continue;
		const cJSON *r = find_widget(w, id);
		if (r)
			return r;
	}
	return NULL;
}

const cJSON *sim_app_find_widget(const struct sim_screen *scr, const char *id)
{
	const cJSON *r = find_in(cJSON_GetObjectItemCaseSensitive(scr->json, "widgets"), id);
	if (r)
		return r;
	if ((r = find_in(cJSON_GetObjectItemCaseSensitive(scr->json, "bottom_nav"), id)))
		return r;
	const cJSON *d;
	cJSON_ArrayForEach(d, cJSON_GetObjectItemCaseSensitive(scr->json, "dialogs")) {
		if ((r = find_in(cJSON_GetObjectItemCaseSensitive(d, "widgets"), id)))
			return r;
		if ((r = find_in(cJSON_GetObjectItemCaseSensitive(d, "buttons"), id)))
			return r;
	}
	return NULL;
}

enum sim_view_kind sim_widget_kind(const char *type, const char **class_name)
{
	static const struct { const char *type; enum sim_view_kind kind; const char *cls; } map[] = {
		{ "text", SIM_VIEW_TEXT, "android.widget.TextView" },
		{ "button", SIM_VIEW_BUTTON, "android.widget.Button" },
		{ "text_button", SIM_VIEW_TEXT_BUTTON, "android.widget.Button" },
		{ "image_button", SIM_VIEW_IMAGE_BUTTON, "android.widget.ImageButton" },
		{ "edit", SIM_VIEW_EDIT_TEXT, "android.widget.EditText" },
		{ "checkbox", SIM_VIEW_CHECKBOX, "android.widget.CheckBox" },
		{ "switch", SIM_VIEW_SWITCH, "android.widget.Switch" },
		{ "list", SIM_VIEW_LIST, "androidx.recyclerview.widget.RecyclerView" },
		{ "tabs", SIM_VIEW_TABS, "android.widget.HorizontalScrollView" },
		{ "image", SIM_VIEW_IMAGE, "android.widget.ImageView" },
		{ "fab", SIM_VIEW_FAB, "android.widget.ImageButton" },
		{ "progress", SIM_VIEW_PROGRESS, "android.widget.ProgressBar" },
		{ "seekbar", SIM_VIEW_SEEKBAR, "android.widget.SeekBar" },
		{ "row", SIM_VIEW_FRAME, "android.widget.LinearLayout" },
		{ "column", SIM_VIEW_FRAME, "android.widget.LinearLayout" },
		{ "tab", SIM_VIEW_TAB, "android.widget.LinearLayout" },
		{ "nav", SIM_VIEW_NAV_ITEM, "android.widget.FrameLayout" },
	};
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
		if (!strcmp(map[i].type, type)) {
			if (class_name)
				*class_name = map[i].cls;
			return map[i].kind;
		}
	}
	if (class_name)
		*class_name = "android.view.View";
	return SIM_VIEW_FRAME;
}

/* --- check-mode scope: names resolve to typed placeholders --- */

static int chk_var(void *ctx, const char *name, struct sim_value *out)
{
	memset(out, 0, sizeof *out);
	struct loader *ld = ctx;
	if (ld->row_var >= 0) {
		const struct sim_var *lv = &ld->app->vars[ld->row_var];
		int f = sim_app_field_index(lv, name);
		if (f >= 0) {
			memset(out, 0, sizeof *out);
			out->type = lv->fields[f].type;
			if (out->type == SIM_STR)
				out->str = xstrdup("");
			return 0;
		}
	}
	int v = sim_app_var_index(ld->app, name);
	if (v < 0)
		return -1;
	sim_value_copy(out, &ld->app->vars[v].init);
	return 0;
}

static int chk_input(void *ctx, const char *id, struct sim_value *out)
{
	memset(out, 0, sizeof *out);
	struct loader *ld = ctx;
	const cJSON *w = sim_app_find_widget(&ld->app->screens[ld->screen], id);
	const cJSON *t = cJSON_GetObjectItemCaseSensitive(w, "type");
	if (!w || !cJSON_IsString(t) || strcmp(t->valuestring, "edit") != 0)
		return -1;
	sim_value_str(out, "");
	return 0;
}

static int chk_special(void *ctx, const char *name, struct sim_value *out)
{
	memset(out, 0, sizeof *out);
	struct loader *ld = ctx;
	if (!strncmp(name, "field:", 6)) {
		const char *list = name + 6, *colon = strchr(list, ':');
		if (!colon)
			return -1;
		char *ln = xstrndup(list, (size_t)(colon - list));
		int v = sim_app_var_index(ld->app, ln);
		free(ln);
		if (v < 0 || ld->app->vars[v].type != SIM_LIST)
			return -1;
		int f = sim_app_field_index(&ld->app->vars[v], colon + 1);
		if (f < 0)
			return -1;
		sim_value_num(out, f);
		return 0;
	}
	if (!strcmp(name, "index") && ld->row_var >= 0) {
		sim_value_num(out, 0);
		return 0;
	}
	if (!strcmp(name, "landscape")) {
		sim_value_bool(out, false);
		return 0;
	}
	if (!strcmp(name, "screen")) {
		sim_value_str(out, "");
		return 0;
	}
	return -1;
}

static void chk_scope(struct loader *ld, struct sim_scope *sc)
{
	sc->var = chk_var;
	sc->var_ref = NULL;
	sc->input = chk_input;
	sc->special = chk_special;
	sc->ctx = ld;
	sc->check = true;
}

static int check_expr(struct loader *ld, const char *key, const cJSON *n, bool tmpl)
{
	if (!cJSON_IsString(n))
		return bad(ld, "'%s' must be a string", key);
	struct sim_scope sc;
	chk_scope(ld, &sc);
	char why[256] = "";
	int err;
	size_t old = push_key(ld, key);
	if (tmpl) {
		struct strbuf sb = STRBUF_INIT;
		err = sim_template(n->valuestring, &sc, &sb, why, sizeof why);
		strbuf_release(&sb);
	} else {
		struct sim_value v;
		err = sim_expr_eval(n->valuestring, &sc, &v, why, sizeof why);
		if (!err)
			sim_value_free(&v);
	}
	if (err)
		bad(ld, "%s", why);
	pop(ld, old);
	return ld->err;
}

/* An optional template-valued key. */
static int opt_template(struct loader *ld, const cJSON *obj, const char *key)
{
	const cJSON *n = cJSON_GetObjectItemCaseSensitive(obj, key);
	if (!n)
		return 0;
	return check_expr(ld, key, n, true);
}

/* An optional condition: a bool or an expression string. */
static int opt_cond(struct loader *ld, const cJSON *obj, const char *key)
{
	const cJSON *n = cJSON_GetObjectItemCaseSensitive(obj, key);
	if (!n || cJSON_IsBool(n))
		return 0;
	return check_expr(ld, key, n, false);
}

static void add_event(struct loader *ld, const char *name)
{
	ld->events = xgrow(ld->events, &ld->alloc_events, ld->n_events + 1, sizeof *ld->events);
	ld->events[ld->n_events++] = xstrdup(name);
}

static bool has_event(struct loader *ld, const char *name)
{
	for (size_t i = 0; i < ld->n_events; i++)
		if (!strcmp(ld->events[i], name))
			return true;
	return false;
}

static int check_effects(struct loader *ld, const char *key, const cJSON *arr, int depth);

static int var_of_type(struct loader *ld, const cJSON *n, const char *what, int type)
{
	if (!cJSON_IsString(n))
		return bad(ld, "'%s' must name a variable", what), -1;
	int v = sim_app_var_index(ld->app, n->valuestring);
	if (v < 0)
		return bad(ld, "unknown variable '%s'", n->valuestring), -1;
	if (type >= 0 && (int)ld->app->vars[v].type != type)
		return bad(ld, "variable '%s' is a %s, not a %s", n->valuestring,
			   sim_type_name(ld->app->vars[v].type), sim_type_name((enum sim_type)type)), -1;
	return v;
}

/* A value: a template string, or a JSON number/bool literal. */
static int check_value(struct loader *ld, const cJSON *obj, const char *key, bool required)
{
	const cJSON *n = cJSON_GetObjectItemCaseSensitive(obj, key);
	if (!n)
		return required ? bad(ld, "missing '%s'", key) : 0;
	if (cJSON_IsString(n))
		return check_expr(ld, key, n, true);
	if (cJSON_IsNumber(n) || cJSON_IsBool(n))
		return 0;
	return bad(ld, "'%s' must be a string, number or bool", key);
}

static int check_effect(struct loader *ld, const cJSON *e, int depth)
{
	static const char *const kinds[] = {
		"navigate", "back", "finish", "set", "increment", "toggle", "append", "remove",
		"sort", "set_field", "toggle_field", "clear_input", "set_input", "dialog",
		"dismiss", "toast", "crash", "anr", "if", "reset", "clear_inputs", "permission", "share", "open_url",
	};
	if (!cJSON_IsObject(e))
		return bad(ld, "an effect must be an object");
	const char *kind = NULL;
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		if (cJSON_GetObjectItemCaseSensitive(e, kinds[i])) {
			if (kind)
				return bad(ld, "an effect has one kind, not both '%s' and '%s'", kind, kinds[i]);
			kind = kinds[i];
		}
	}
	if (!kind)
		return bad(ld, "unknown effect (expected one of navigate, back, finish, set, increment, "
			   "toggle, append, remove, sort, set_field, toggle_field, clear_input, set_input, "
			   "dialog, dismiss, toast, crash, anr, if, reset, clear_inputs, permission, share, open_url)");
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(e, kind);
	size_t old = push_key(ld, kind);
	int v;
	if (!strcmp(kind, "navigate")) {
		if (!cJSON_IsString(a) || sim_app_screen_index(ld->app, a->valuestring) < 0)
			bad(ld, "unknown screen '%s'", cJSON_IsString(a) ? a->valuestring : "?");
		const cJSON *mode = cJSON_GetObjectItemCaseSensitive(e, "mode");
		if (mode && (!cJSON_IsString(mode) || (strcmp(mode->valuestring, "push") &&
						       strcmp(mode->valuestring, "replace") &&
						       strcmp(mode->valuestring, "clear"))))
			bad(ld, "'mode' must be push, replace or clear");
	} else if (!strcmp(kind, "set") || !strcmp(kind, "increment") || !strcmp(kind, "toggle") ||
		   !strcmp(kind, "reset")) {
		int type = !strcmp(kind, "increment") ? SIM_NUM : !strcmp(kind, "toggle") ? SIM_BOOL : -1;
		v = var_of_type(ld, a, kind, type);
		if (v >= 0 && !strcmp(kind, "set")) {
			pop(ld, old);
			if (cJSON_GetObjectItemCaseSensitive(e, "expr"))
				check_expr(ld, "expr", cJSON_GetObjectItemCaseSensitive(e, "expr"), false);
			else
				check_value(ld, e, "value", true);
			return ld->err;
		}
		if (v >= 0 && !strcmp(kind, "increment")) {
			const cJSON *by = cJSON_GetObjectItemCaseSensitive(e, "by");
			pop(ld, old);
			if (cJSON_IsString(by))
				check_expr(ld, "by", by, false);
			else if (by && !cJSON_IsNumber(by))
				bad(ld, "'by' must be a number or an expression");
			return ld->err;
		}
	} else if (!strcmp(kind, "append")) {
		v = var_of_type(ld, a, kind, SIM_LIST);
		pop(ld, old);
		if (v < 0)
			return ld->err;
		const cJSON *rec = cJSON_GetObjectItemCaseSensitive(e, "record"), *f;
		if (!cJSON_IsObject(rec))
			return bad(ld, "'append' needs a 'record' object");
		size_t o2 = push_key(ld, "record");
		cJSON_ArrayForEach(f, rec) {
			if (sim_app_field_index(&ld->app->vars[v], f->string) < 0) {
				bad(ld, "list '%s' has no field '%s'", ld->app->vars[v].name, f->string);
				break;
			}
			check_value(ld, rec, f->string, true);
		}
		pop(ld, o2);
		return ld->err;
	} else if (!strcmp(kind, "remove") || !strcmp(kind, "set_field") ||
		   !strcmp(kind, "toggle_field")) {
		/* remove: list name; set_field/toggle_field: field name (row context or "list") */
		const char *listname = NULL;
		if (!strcmp(kind, "remove"))
			listname = cJSON_IsString(a) ? a->valuestring : NULL;
		else if (cJSON_IsString(cJSON_GetObjectItemCaseSensitive(e, "list")))
			listname = cJSON_GetObjectItemCaseSensitive(e, "list")->valuestring;
		else if (ld->row_var >= 0)
			listname = ld->app->vars[ld->row_var].name;
		int lv = listname ? sim_app_var_index(ld->app, listname) : -1;
		if (lv < 0 || ld->app->vars[lv].type != SIM_LIST) {
			bad(ld, listname ? "unknown list '%s'" : "%s needs a 'list' outside list rows",
			    listname ? listname : kind);
		} else if (strcmp(kind, "remove") != 0) {
			if (!cJSON_IsString(a) || sim_app_field_index(&ld->app->vars[lv], a->valuestring) < 0)
				bad(ld, "list '%s' has no field '%s'", listname,
				    cJSON_IsString(a) ? a->valuestring : "?");
		}
		pop(ld, old);
		if (ld->err)
			return ld->err;
		if (cJSON_GetObjectItemCaseSensitive(e, "index"))
			check_expr(ld, "index", cJSON_GetObjectItemCaseSensitive(e, "index"), false);
		else if (ld->row_var < 0 && !cJSON_GetObjectItemCaseSensitive(e, "where"))
			return bad(ld, "'%s' outside a list row needs 'index'%s", kind,
				   !strcmp(kind, "remove") ? " or 'where'" : "");
		if (cJSON_GetObjectItemCaseSensitive(e, "where")) {
			int saved = ld->row_var;
			ld->row_var = lv;
			check_expr(ld, "where", cJSON_GetObjectItemCaseSensitive(e, "where"), false);
			ld->row_var = saved;
		}
		if (!strcmp(kind, "set_field")) {
			int saved = ld->row_var;
			ld->row_var = lv;
			if (cJSON_GetObjectItemCaseSensitive(e, "expr"))
				check_expr(ld, "expr", cJSON_GetObjectItemCaseSensitive(e, "expr"), false);
			else
				check_value(ld, e, "value", true);
			ld->row_var = saved;
		}
		return ld->err;
	} else if (!strcmp(kind, "sort")) {
		v = var_of_type(ld, a, kind, SIM_LIST);
		pop(ld, old);
		if (v < 0)
			return ld->err;
		const cJSON *by = cJSON_GetObjectItemCaseSensitive(e, "by");
		if (!cJSON_IsString(by) || sim_app_field_index(&ld->app->vars[v], by->valuestring) < 0)
			return bad(ld, "'sort' needs 'by': a field of list '%s'", ld->app->vars[v].name);
		const cJSON *ord = cJSON_GetObjectItemCaseSensitive(e, "order");
		if (ord && (!cJSON_IsString(ord) || (strcmp(ord->valuestring, "asc") &&
						     strcmp(ord->valuestring, "desc"))))
			return bad(ld, "'order' must be asc or desc");
		return 0;
	} else if (!strcmp(kind, "clear_input") || !strcmp(kind, "set_input")) {
		struct sim_value tmp = { 0 };
		if (!cJSON_IsString(a) || chk_input(ld, a->valuestring, &tmp) != 0)
			bad(ld, "unknown input field '%s'", cJSON_IsString(a) ? a->valuestring : "?");
		else
			sim_value_free(&tmp);
		pop(ld, old);
		if (!ld->err && !strcmp(kind, "set_input"))
			check_value(ld, e, "value", true);
		return ld->err;
	} else if (!strcmp(kind, "dialog")) {
		const cJSON *ds = cJSON_GetObjectItemCaseSensitive(ld->screen_json, "dialogs");
		if (!cJSON_IsString(a) || !cJSON_GetObjectItemCaseSensitive(ds, a->valuestring))
			bad(ld, "screen '%s' has no dialog '%s'", ld->app->screens[ld->screen].name,
			    cJSON_IsString(a) ? a->valuestring : "?");
	} else if (!strcmp(kind, "toast")) {
		pop(ld, old);
		return check_expr(ld, "toast", a, true);
	} else if (!strcmp(kind, "share") || !strcmp(kind, "open_url")) {
		/* the shared text / the URL: a template */
		if (!cJSON_IsString(a))
			return bad(ld, "'%s' must be a string (a template)", kind);
		pop(ld, old);
		return check_expr(ld, kind, a, true);
	} else if (!strcmp(kind, "crash")) {
		if (!cJSON_IsString(a))
			bad(ld, "'crash' must be the exception line, e.g. "
				"\"java.lang.NullPointerException: ...\"");
	} else if (!strcmp(kind, "permission")) {
		/* A runtime permission the manifest declares, asked by the permission controller's dialog. */
		const cJSON *perms = cJSON_GetObjectItemCaseSensitive(ld->app->root, "permissions"), *pm;
		bool declared = false;
		cJSON_ArrayForEach(pm, perms)
			declared |= cJSON_IsString(pm) && cJSON_IsString(a) && !strcmp(pm->valuestring, a->valuestring);
		if (!cJSON_IsString(a) || !app_permission_is_dangerous(a->valuestring))
			return bad(ld, "'%s' is not a runtime (dangerous) permission, e.g. android.permission.CAMERA",
				   cJSON_IsString(a) ? a->valuestring : "?");
		if (!declared)
			return bad(ld, "'%s' is not in the app's \"permissions\" (its <uses-permission>s)",
				   a->valuestring);
		pop(ld, old);
		check_effects(ld, "then", cJSON_GetObjectItemCaseSensitive(e, "then"), depth + 1);
		if (cJSON_GetObjectItemCaseSensitive(e, "else"))
			check_effects(ld, "else", cJSON_GetObjectItemCaseSensitive(e, "else"), depth + 1);
		return ld->err;
	} else if (!strcmp(kind, "if")) {
		pop(ld, old);
		if (check_expr(ld, "if", a, false))
			return ld->err;
		check_effects(ld, "then", cJSON_GetObjectItemCaseSensitive(e, "then"), depth + 1);
		if (cJSON_GetObjectItemCaseSensitive(e, "else"))
			check_effects(ld, "else", cJSON_GetObjectItemCaseSensitive(e, "else"), depth + 1);
		return ld->err;
	}
	pop(ld, old);
	return ld->err;
}

static int check_effects(struct loader *ld, const char *key, const cJSON *arr, int depth)
{
	size_t old = push_key(ld, key);
	if (depth > SIM_MAX_EFFECT_DEPTH)
		bad(ld, "effects nested too deeply");
	else if (!cJSON_IsArray(arr))
		bad(ld, "must be an array of effects");
	int i = 0;
	const cJSON *e;
	const cJSON *list = ld->err ? NULL : arr;
	cJSON_ArrayForEach(e, list) {
		size_t o2 = push_idx(ld, i++);
		check_effect(ld, e, depth);
		pop(ld, o2);
		if (ld->err)
			break;
	}
	pop(ld, old);
	return ld->err;
}

static void note_id(struct loader *ld, const char *id)
{
	for (size_t i = 0; i < ld->n_ids; i++) {
		if (!strcmp(ld->ids[i], id)) {
			bad(ld, "duplicate widget id '%s' in this screen", id);
			return;
		}
	}
	ld->ids = xgrow(ld->ids, &ld->alloc_ids, ld->n_ids + 1, sizeof *ld->ids);
	ld->ids[ld->n_ids++] = xstrdup(id);
}

static int check_widgets(struct loader *ld, const char *key, const cJSON *arr, int depth);

/* Register the widget's events and check their effects. */
static int check_widget_events(struct loader *ld, const cJSON *w, const char *id, const char *type)
{
	static const char *const ev[] = { "on_click", "on_long_click", "on_submit" };
	static const char *const evname[] = { "click", "long_click", "submit" };
	const char *sname = ld->app->screens[ld->screen].name;
	for (int i = 0; i < 3; i++) {
		const cJSON *arr = cJSON_GetObjectItemCaseSensitive(w, ev[i]);
		bool implicit = i == 0 && (!strcmp(type, "checkbox") || !strcmp(type, "switch") ||
					   (!strcmp(type, "seekbar") && cJSON_GetObjectItemCaseSensitive(w, "bind")) ||
					   cJSON_GetObjectItemCaseSensitive(w, "screen"));
		if (!arr && !implicit)
			continue;
		if (!id)
			return bad(ld, "a widget with '%s' needs an 'id'", ev[i]);
		char name[300];
		snprintf(name, sizeof name, "%s.%s.%s", sname, id, evname[i]);
		add_event(ld, name);
		if (arr && check_effects(ld, ev[i], arr, 0))
			return ld->err;
	}
	return 0;
}

/* bounds, offset, height and width of a widget or an override. */
static int check_geometry(struct loader *ld, const cJSON *w)
{
	static const char *const geo[] = { "bounds", "offset" };
	for (int g = 0; g < 2; g++) {
		const cJSON *b = cJSON_GetObjectItemCaseSensitive(w, geo[g]);
		int want = g == 0 ? 4 : 2;
		if (!b)
			continue;
		if (!cJSON_IsArray(b) || cJSON_GetArraySize(b) != want)
			return bad(ld, "'%s' must be an array of %d numbers", geo[g], want);
		const cJSON *x;
		cJSON_ArrayForEach(x, b)
			if (!cJSON_IsNumber(x) || x->valuedouble < -100000 || x->valuedouble > 100000)
				return bad(ld, "'%s' must be an array of %d numbers", geo[g], want);
	}
	const cJSON *h = cJSON_GetObjectItemCaseSensitive(w, "height");
	if (h && (!cJSON_IsNumber(h) || h->valuedouble < 0 || h->valuedouble > 20000))
		return bad(ld, "'height' must be a number of pixels (0..20000)");
	const cJSON *wd = cJSON_GetObjectItemCaseSensitive(w, "width");
	if (wd && (!cJSON_IsNumber(wd) || wd->valuedouble < 0 || wd->valuedouble > 20000))
		return bad(ld, "'width' must be a number of pixels (0..20000)");
	return 0;
}

static int check_widget(struct loader *ld, const cJSON *w, int depth)
{
	if (!cJSON_IsObject(w))
		return bad(ld, "a widget must be an object");
	if (depth > SIM_SPEC_MAX_DEPTH)
		return bad(ld, "widgets nested too deeply");
	const cJSON *t = cJSON_GetObjectItemCaseSensitive(w, "type");
	const char *type = cJSON_IsString(t) ? t->valuestring : ld->default_type;
	bool known = false;
	for (size_t i = 0; type && i < sizeof widget_types / sizeof widget_types[0]; i++)
		known = known || !strcmp(type, widget_types[i]);
	if (!type)
		return bad(ld, "missing 'type'");
	if (!known)
		return bad(ld, "unknown widget type '%s' (expected text, button, text_button, "
			   "image_button, edit, checkbox, switch, list, tabs, image, fab, progress, "
			   "seekbar, row, column, tab, nav)", type);
	const cJSON *idn = cJSON_GetObjectItemCaseSensitive(w, "id");
	const char *id = NULL;
	if (idn) {
		if (!cJSON_IsString(idn) || !idn->valuestring[0] || strpbrk(idn->valuestring, " .\"<>&'"))
			return bad(ld, "'id' must be a non-empty name without spaces or dots");
		id = idn->valuestring;
		note_id(ld, id);
	}
	static const char *const strs[] = { "class" };
	for (size_t i = 0; i < 1; i++) {
		const cJSON *n = cJSON_GetObjectItemCaseSensitive(w, strs[i]);
		if (n && !cJSON_IsString(n))
			return bad(ld, "'%s' must be a string", strs[i]);
	}
	if (opt_template(ld, w, "text") || opt_template(ld, w, "desc") || opt_template(ld, w, "hint") ||
	    opt_cond(ld, w, "visible") || opt_cond(ld, w, "enabled") || opt_cond(ld, w, "checked") ||
	    opt_cond(ld, w, "selected"))
		return ld->err;
	const cJSON *val = cJSON_GetObjectItemCaseSensitive(w, "value");
	if (val && !cJSON_IsNumber(val) && check_expr(ld, "value", val, false))
		return ld->err;
	if (check_geometry(ld, w))
		return ld->err;
	const cJSON *bind = cJSON_GetObjectItemCaseSensitive(w, "bind");
	if (bind) {
		struct sim_value tmp = { 0 };
		if (!cJSON_IsString(bind) || chk_var(ld, bind->valuestring, &tmp) != 0)
			return bad(ld, "'bind': unknown variable '%s'",
				   cJSON_IsString(bind) ? bind->valuestring : "?");
		sim_value_free(&tmp);
	}
	const cJSON *scr = cJSON_GetObjectItemCaseSensitive(w, "screen");
	if (scr && (!cJSON_IsString(scr) || sim_app_screen_index(ld->app, scr->valuestring) < 0)) {
		size_t old = push_key(ld, "screen");
		bad(ld, "unknown screen '%s'", cJSON_IsString(scr) ? scr->valuestring : "?");
		pop(ld, old);
		return ld->err;
	}
	if (check_widget_events(ld, w, id, type))
		return ld->err;
	if (!strcmp(type, "list")) {
		int lv = var_of_type(ld, cJSON_GetObjectItemCaseSensitive(w, "items"), "items", SIM_LIST);
		if (lv < 0)
			return ld->err;
		if (!id)
			return bad(ld, "a list needs an 'id'");
		if (opt_template(ld, w, "empty"))
			return ld->err;
		const cJSON *row = cJSON_GetObjectItemCaseSensitive(w, "row");
		if (!cJSON_IsObject(row))
			return bad(ld, "a list needs a 'row' widget");
		int saved = ld->row_var;
		ld->row_var = lv;
		size_t old = push_key(ld, "row");
		if (cJSON_GetObjectItemCaseSensitive(w, "filter"))
			check_expr(ld, "filter", cJSON_GetObjectItemCaseSensitive(w, "filter"), false);
		if (!ld->err)
			check_widget(ld, row, depth + 1);
		pop(ld, old);
		ld->row_var = saved;
		return ld->err;
	}
	if (!strcmp(type, "tabs")) {
		ld->default_type = "tab";
		check_widgets(ld, "items", cJSON_GetObjectItemCaseSensitive(w, "items"), depth + 1);
		ld->default_type = NULL;
		if (ld->err)
			return ld->err;
	}
	const cJSON *ch = cJSON_GetObjectItemCaseSensitive(w, "children");
	if (ch && check_widgets(ld, "children", ch, depth + 1))
		return ld->err;
	return 0;
}

static int check_widgets(struct loader *ld, const char *key, const cJSON *arr, int depth)
{
	size_t old = push_key(ld, key);
	if (!cJSON_IsArray(arr))
		bad(ld, "must be an array of widgets");
	int i = 0;
	const cJSON *w;
	const cJSON *list = ld->err ? NULL : arr;
	cJSON_ArrayForEach(w, list) {
		size_t o2 = push_idx(ld, i++);
		check_widget(ld, w, depth);
		pop(ld, o2);
		if (ld->err)
			break;
	}
	pop(ld, old);
	return ld->err;
}

static const char *get_str(const cJSON *obj, const char *key)
{
	const cJSON *n = cJSON_GetObjectItemCaseSensitive(obj, key);
	return cJSON_IsString(n) ? n->valuestring : NULL;
}

static int activity_index(const struct sim_app *app, const char *name)
{
	for (size_t i = 0; i < app->n_activities; i++)
		if (!strcmp(app->activities[i].name, name) || !strcmp(app->activities[i].short_name, name))
			return (int)i;
	return -1;
}

static enum sim_type parse_type(const char *t)
{
	if (!t)
		return SIM_NONE;
	if (!strcmp(t, "number"))
		return SIM_NUM;
	if (!strcmp(t, "string"))
		return SIM_STR;
	if (!strcmp(t, "bool"))
		return SIM_BOOL;
	if (!strcmp(t, "list"))
		return SIM_LIST;
	return SIM_NONE;
}

/* A scalar JSON literal as a value of `type`. */
static int literal(struct loader *ld, const cJSON *n, enum sim_type type, struct sim_value *out)
{
	memset(out, 0, sizeof *out);
	if (type == SIM_NUM && cJSON_IsNumber(n))
		sim_value_num(out, n->valuedouble);
	else if (type == SIM_STR && cJSON_IsString(n))
		sim_value_str(out, n->valuestring);
	else if (type == SIM_BOOL && cJSON_IsBool(n))
		sim_value_bool(out, cJSON_IsTrue(n));
	else
		return bad(ld, "expected a %s", sim_type_name(type));
	return 0;
}

static int load_state(struct loader *ld, const cJSON *state)
{
	struct sim_app *app = ld->app;
	size_t old = push_key(ld, "state");
	if (state && !cJSON_IsObject(state))
		return bad(ld, "must be an object of variables");
	int n = cJSON_GetArraySize(state);
	if (n > SIM_MAX_VARS)
		return bad(ld, "more than %d variables", SIM_MAX_VARS);
	app->vars = xcalloc((size_t)n + 1, sizeof *app->vars);
	const cJSON *d;
	cJSON_ArrayForEach(d, state) {
		if (d->string[0] == '#')
			continue;
		size_t o2 = push_key(ld, d->string);
		struct sim_var *v = &app->vars[app->n_vars++];
		v->name = xstrdup(d->string);
		if (!d->string[0] || strpbrk(d->string, " .@${}()'\"+-*/!=<>&|,"))
			return bad(ld, "a variable name must be a plain identifier");
		if (!cJSON_IsObject(d))
			return bad(ld, "must be an object with 'type' and 'initial'");
		v->type = parse_type(get_str(d, "type"));
		if (v->type == SIM_NONE)
			return bad(ld, "'type' must be number, string, bool or list");
		v->persisted = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(d, "persisted"));
		const cJSON *init = cJSON_GetObjectItemCaseSensitive(d, "initial");
		if (v->type != SIM_LIST) {
			if (!init) {
				memset(&v->init, 0, sizeof v->init);
				v->init.type = v->type;
				if (v->type == SIM_STR)
					v->init.str = xstrdup("");
			} else {
				size_t o3 = push_key(ld, "initial");
				int err = literal(ld, init, v->type, &v->init);
				pop(ld, o3);
				if (err)
					return err;
			}
			pop(ld, o2);
			continue;
		}
		const cJSON *fields = cJSON_GetObjectItemCaseSensitive(d, "fields"), *f;
		if (!cJSON_IsObject(fields) || cJSON_GetArraySize(fields) == 0 || cJSON_GetArraySize(fields) > 32)
			return bad(ld, "a list needs 'fields': {\"name\": \"string\", ...} (1..32)");
		v->fields = xcalloc((size_t)cJSON_GetArraySize(fields), sizeof *v->fields);
		cJSON_ArrayForEach(f, fields) {
			struct sim_field *fd = &v->fields[v->n_fields++];
			fd->name = xstrdup(f->string);
			fd->type = parse_type(cJSON_IsString(f) ? f->valuestring : NULL);
			if (fd->type == SIM_NONE || fd->type == SIM_LIST)
				return bad(ld, "field '%s' must be number, string or bool", f->string);
		}
		v->init.type = SIM_LIST;
		v->init.n_fields = v->n_fields;
		if (!init)
			goto next;
		if (!cJSON_IsArray(init))
			return bad(ld, "'initial' of a list must be an array of records");
		if (cJSON_GetArraySize(init) > SIM_MAX_LIST_ITEMS)
			return bad(ld, "'initial' has more than %d items", SIM_MAX_LIST_ITEMS);
		v->init.recs = xcalloc((size_t)cJSON_GetArraySize(init) + 1, sizeof *v->init.recs);
		const cJSON *rec;
		int ri = 0;
		cJSON_ArrayForEach(rec, init) {
			size_t o3 = push_key(ld, "initial");
			(void)push_idx(ld, ri++);
			if (!cJSON_IsObject(rec))
				return bad(ld, "a record must be an object");
			struct sim_record *r = &v->init.recs[v->init.n_recs++];
			r->fields = xcalloc(v->n_fields, sizeof *r->fields);
			for (size_t k = 0; k < v->n_fields; k++) {
				const cJSON *fv = cJSON_GetObjectItemCaseSensitive(rec, v->fields[k].name);
				if (!fv) {
					r->fields[k].type = v->fields[k].type;
					if (v->fields[k].type == SIM_STR)
						r->fields[k].str = xstrdup("");
					continue;
				}
				size_t o4 = push_key(ld, v->fields[k].name);
				int err = literal(ld, fv, v->fields[k].type, &r->fields[k]);
				pop(ld, o4);
				if (err)
					return err;
			}
			const cJSON *fv;
			cJSON_ArrayForEach(fv, rec)
				if (sim_app_field_index(v, fv->string) < 0)
					return bad(ld, "unknown field '%s'", fv->string);
			pop(ld, o3);
		}
next:
		pop(ld, o2);
	}
	pop(ld, old);
	return 0;
}

static char *qualify(const char *pkg, const char *name)
{
	if (name[0] == '.')
		return xasprintf("%s%s", pkg, name);
	if (!strchr(name, '.'))
		return xasprintf("%s.%s", pkg, name);
	return xstrdup(name);
}

static int load_activities(struct loader *ld, const cJSON *acts)
{
	struct sim_app *app = ld->app;
	size_t old = push_key(ld, "activities");
	if (!cJSON_IsArray(acts) || cJSON_GetArraySize(acts) == 0)
		return bad(ld, "must be a non-empty array");
	if (cJSON_GetArraySize(acts) > SIM_MAX_SCREENS)
		return bad(ld, "too many activities");
	app->activities = xcalloc((size_t)cJSON_GetArraySize(acts), sizeof *app->activities);
	app->launcher = -1;
	const cJSON *a;
	int i = 0;
	cJSON_ArrayForEach(a, acts) {
		size_t o2 = push_idx(ld, i++);
		const char *name = get_str(a, "name");
		if (!cJSON_IsObject(a) || !name || !name[0] || strpbrk(name, " /\"'<>&"))
			return bad(ld, "an activity needs a 'name' like \".MainActivity\"");
		struct sim_activity *act = &app->activities[app->n_activities++];
		act->name = qualify(app->package, name);
		size_t pl = strlen(app->package);
		if (!strncmp(act->name, app->package, pl) && act->name[pl] == '.')
			act->short_name = xstrdup(act->name + pl);
		else
			act->short_name = xstrdup(act->name);
		act->exported = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(a, "exported"));
		act->launcher = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(a, "launcher"));
		if (act->launcher) {
			if (app->launcher >= 0)
				return bad(ld, "more than one launcher activity");
			app->launcher = (int)app->n_activities - 1;
			act->exported = true;
		}
		act->screen = -1;
		pop(ld, o2);
	}
	if (app->launcher < 0)
		return bad(ld, "no activity has \"launcher\": true");
	pop(ld, old);
	return 0;
}

/* Entry screens and deep links, once screens are known. */
static int load_links(struct loader *ld, const cJSON *acts)
{
	struct sim_app *app = ld->app;
	size_t old = push_key(ld, "activities");
	const cJSON *a;
	int i = 0;
	cJSON_ArrayForEach(a, acts) {
		struct sim_activity *act = &app->activities[i];
		size_t o2 = push_idx(ld, i++);
		const char *scr = get_str(a, "screen");
		if (scr)
			act->screen = sim_app_screen_index(app, scr);
		else
			for (size_t k = 0; k < app->n_screens && act->screen < 0; k++)
				if (app->screens[k].activity == i - 1)
					act->screen = (int)k;
		if (act->screen < 0)
			return bad(ld, scr ? "unknown screen '%s'" : "no screen belongs to this activity%s",
				   scr ? scr : "");
		const cJSON *filters = cJSON_GetObjectItemCaseSensitive(a, "intent_filters"), *f;
		if (filters && !cJSON_IsArray(filters))
			return bad(ld, "'intent_filters' must be an array");
		int fi = 0;
		cJSON_ArrayForEach(f, filters) {
			size_t o3 = push_key(ld, "intent_filters");
			push_idx(ld, fi++);
			const cJSON *acts2 = cJSON_GetObjectItemCaseSensitive(f, "actions");
			const cJSON *cats = cJSON_GetObjectItemCaseSensitive(f, "categories"), *x;
			bool view = false, browsable = false;
			cJSON_ArrayForEach(x, acts2)
				view = view || (cJSON_IsString(x) && !strcmp(x->valuestring, "android.intent.action.VIEW"));
			cJSON_ArrayForEach(x, cats)
				browsable = browsable || (cJSON_IsString(x) && !strcmp(x->valuestring, "android.intent.category.BROWSABLE"));
			const char *scheme = get_str(f, "scheme");
			if (!view || !browsable || !scheme) {
				pop(ld, o3);
				continue;
			}
			if (app->n_links >= SIM_MAX_SCREENS)
				return bad(ld, "too many deep links");
			app->links = xrealloc(app->links, (app->n_links + 1) * sizeof *app->links);
			struct sim_link *l = &app->links[app->n_links++];
			memset(l, 0, sizeof *l);
			l->activity = i - 1;
			l->scheme = xstrdup(scheme);
			l->host = xstrdup(get_str(f, "host") ? get_str(f, "host") : "");
			l->path = xstrdup(get_str(f, "path") ? get_str(f, "path") : "");
			l->uri = xasprintf("%s://%s%s", l->scheme, l->host, l->path);
			const char *ls = get_str(f, "screen");
			l->screen = ls ? sim_app_screen_index(app, ls) : act->screen;
			if (l->screen < 0)
				return bad(ld, "unknown screen '%s'", ls);
			pop(ld, o3);
		}
		pop(ld, o2);
	}
	pop(ld, old);
	return 0;
}

static int check_screen(struct loader *ld, int si)
{
	struct sim_screen *scr = &ld->app->screens[si];
	const cJSON *sj = scr->json;
	ld->screen = si;
	ld->screen_json = sj;
	ld->row_var = -1;
	for (size_t i = 0; i < ld->n_ids; i++)
		free(ld->ids[i]);
	ld->n_ids = 0;
	if (opt_template(ld, sj, "title"))
		return ld->err;
	const cJSON *args = cJSON_GetObjectItemCaseSensitive(sj, "args"), *a;
	if (args) {
		size_t old = push_key(ld, "args");
		if (!cJSON_IsArray(args) || cJSON_GetArraySize(args) > 16)
			return bad(ld, "'args' must be an array of at most 16 variable names");
		scr->args = xcalloc((size_t)cJSON_GetArraySize(args) + 1, sizeof *scr->args);
		cJSON_ArrayForEach(a, args) {
			int v = var_of_type(ld, a, "args", -1);
			if (v < 0)
				return ld->err;
			if (ld->app->vars[v].type == SIM_LIST)
				return bad(ld, "'args' names the list '%s': only numbers, strings and bools", a->valuestring);
			scr->args[scr->n_args++] = v;
		}
		pop(ld, old);
	}
	if (check_widgets(ld, "widgets", cJSON_GetObjectItemCaseSensitive(sj, "widgets"), 0))
		return ld->err;
	const cJSON *nav = cJSON_GetObjectItemCaseSensitive(sj, "bottom_nav");
	ld->default_type = "nav";
	if (nav && check_widgets(ld, "bottom_nav", nav, 0))
		return ld->err;
	ld->default_type = NULL;
	const cJSON *ds = cJSON_GetObjectItemCaseSensitive(sj, "dialogs"), *d;
	if (ds && !cJSON_IsObject(ds))
		return bad(ld, "'dialogs' must be an object of dialogs");
	cJSON_ArrayForEach(d, ds) {
		size_t old = push_key(ld, "dialogs");
		(void)push_key(ld, d->string);
		if (!cJSON_IsObject(d) || !d->string[0] || strchr(d->string, '.'))
			return bad(ld, "a dialog must be an object with a plain name");
		if (opt_template(ld, d, "title") || opt_template(ld, d, "message"))
			return ld->err;
		if (cJSON_GetObjectItemCaseSensitive(d, "widgets") &&
		    check_widgets(ld, "widgets", cJSON_GetObjectItemCaseSensitive(d, "widgets"), 0))
			return ld->err;
		ld->default_type = "button";
		check_widgets(ld, "buttons", cJSON_GetObjectItemCaseSensitive(d, "buttons"), 0);
		ld->default_type = NULL;
		if (ld->err)
			return ld->err;
		pop(ld, old);
	}
	static const char *const hooks[] = { "on_show", "on_back", "on_rotate", "on_resume" };
	static const char *const hook_ev[] = { "show", "back", "rotate", "resume" };
	for (int h = 0; h < 4; h++) {
		char name[300];
		snprintf(name, sizeof name, "%s.%s", scr->name, hook_ev[h]);
		add_event(ld, name);
		const cJSON *arr = cJSON_GetObjectItemCaseSensitive(sj, hooks[h]);
		if (arr && check_effects(ld, hooks[h], arr, 0))
			return ld->err;
	}
	return 0;
}

static int load_bugs(struct loader *ld, const cJSON *bugs)
{
	struct sim_app *app = ld->app;
	size_t old = push_key(ld, "bugs");
	if (bugs && !cJSON_IsArray(bugs))
		return bad(ld, "must be an array");
	int n = cJSON_GetArraySize(bugs);
	if (n > SIM_MAX_SCREENS)
		return bad(ld, "too many bugs");
	app->bugs = xcalloc((size_t)n + 1, sizeof *app->bugs);
	app->bug_infos = xcalloc((size_t)n + 1, sizeof *app->bug_infos);
	const cJSON *b;
	int i = 0;
	cJSON_ArrayForEach(b, bugs) {
		size_t o2 = push_idx(ld, i++);
		struct sim_bug *bug = &app->bugs[app->n_bugs++];
		const char *id = get_str(b, "id"), *cat = get_str(b, "category"),
			   *desc = get_str(b, "description");
		if (!cJSON_IsObject(b) || !id || !id[0])
			return bad(ld, "a bug needs an 'id'");
		bug->info.id = xstrdup(id);
		bug->info.category = xstrdup(cat ? cat : "");
		bug->info.description = xstrdup(desc ? desc : "");
		for (size_t k = 0; k + 1 < app->n_bugs; k++)
			if (!strcmp(app->bugs[k].info.id, id))
				return bad(ld, "duplicate bug id '%s'", id);
		bool ok = false;
		for (size_t k = 0; cat && k < sizeof bug_categories / sizeof bug_categories[0]; k++)
			ok = ok || !strcmp(cat, bug_categories[k]);
		if (!ok)
			return bad(ld, "'category' must be one of Trident's nine: page loading failure, "
				   "occlusion/overlap, content missing, feedback missing, data operation "
				   "failure, media control, numerical calculation error, "
				   "settings/configuration, navigation/link error");
		if (!desc || !desc[0])
			return bad(ld, "a bug needs a 'description'");
		const char *ev = get_str(b, "event"), *wid = get_str(b, "widget");
		if ((ev != NULL) == (wid != NULL))
			return bad(ld, "a bug needs exactly one of 'event' (with 'effects') or "
				   "'widget' (with 'override')");
		const char *where = ev ? ev : wid;
		const char *dot = strchr(where, '.');
		char *sname = xstrndup(where, dot ? (size_t)(dot - where) : strlen(where));
		int si = sim_app_screen_index(app, sname);
		free(sname);
		if (si < 0) {
			size_t o3 = push_key(ld, ev ? "event" : "widget");
			bad(ld, "unknown screen in '%s'", where);
			pop(ld, o3);
			return ld->err;
		}
		ld->screen = si;
		ld->screen_json = app->screens[si].json;
		ld->row_var = -1;
		if (ev) {
			if (!has_event(ld, ev)) {
				size_t o3 = push_key(ld, "event");
				bad(ld, "no such event '%s' (events are SCREEN.ID.click|long_click|submit "
				    "and SCREEN.show|back|rotate|resume)", ev);
				pop(ld, o3);
				return ld->err;
			}
			bug->event = xstrdup(ev);
			bug->label = xstrdup(ev);
			bug->effects = cJSON_GetObjectItemCaseSensitive((cJSON *)b, "effects");
			if (!bug->effects)
				return bad(ld, "a bug with 'event' needs 'effects' (use [] to drop them)");
			/* effects of row events run in the row's context */
			ld->row_var = sim_event_row_var(app, ev);
			if (check_effects(ld, "effects", bug->effects, 0))
				return ld->err;
		} else {
			const char *id2 = dot ? dot + 1 : "";
			if (!sim_app_find_widget(&app->screens[si], id2)) {
				size_t o3 = push_key(ld, "widget");
				bad(ld, "no widget '%s' in screen '%s'", id2, app->screens[si].name);
				pop(ld, o3);
				return ld->err;
			}
			bug->widget_screen = xstrdup(app->screens[si].name);
			bug->label = xasprintf("%s.show", app->screens[si].name);
			bug->widget_id = xstrdup(id2);
			bug->override = cJSON_GetObjectItemCaseSensitive((cJSON *)b, "override");
			if (!cJSON_IsObject(bug->override))
				return bad(ld, "a bug with 'widget' needs an 'override' object");
			ld->row_var = sim_event_row_var(app, where);
			size_t o3 = push_key(ld, "override");
			if (opt_template(ld, bug->override, "text") || opt_template(ld, bug->override, "desc") ||
			    opt_template(ld, bug->override, "hint") || opt_cond(ld, bug->override, "visible") ||
			    opt_cond(ld, bug->override, "enabled") || check_geometry(ld, bug->override))
				return ld->err;
			pop(ld, o3);
		}
		const cJSON *when = cJSON_GetObjectItemCaseSensitive(b, "when");
		if (when) {
			if (check_expr(ld, "when", when, false))
				return ld->err;
			bug->when = xstrdup(when->valuestring);
		}
		app->bug_infos[app->n_bugs - 1] = bug->info;
		pop(ld, o2);
	}
	pop(ld, old);
	return 0;
}

/* The list var whose rows hold the widget named in "screen.id[.kind]", or -1. */
int sim_event_row_var(const struct sim_app *app, const char *event)
{
	const char *dot = strchr(event, '.');
	if (!dot)
		return -1;
	char *sname = xstrndup(event, (size_t)(dot - event));
	int si = sim_app_screen_index(app, sname);
	free(sname);
	const char *idp = dot + 1, *d2 = strchr(idp, '.');
	char *id = xstrndup(idp, d2 ? (size_t)(d2 - idp) : strlen(idp));
	int res = -1;
	if (si >= 0) {
		/* walk every list in the screen, looking inside its row */
		const cJSON *stack[64];
		int n = 0;
		stack[n++] = cJSON_GetObjectItemCaseSensitive(app->screens[si].json, "widgets");
		const cJSON *ds = cJSON_GetObjectItemCaseSensitive(app->screens[si].json, "dialogs"), *d;
		cJSON_ArrayForEach(d, ds)
			if (n < 63)
				stack[n++] = cJSON_GetObjectItemCaseSensitive(d, "widgets");
		while (n > 0 && res < 0) {
			const cJSON *arr = stack[--n], *w;
			cJSON_ArrayForEach(w, arr) {
				const char *t = get_str(w, "type");
				if (t && !strcmp(t, "list")) {
					const cJSON *row = cJSON_GetObjectItemCaseSensitive(w, "row");
					const char *lid = get_str(w, "id");
					if ((lid && !strcmp(lid, id)) || (row && find_widget(row, id))) {
						const char *items = get_str(w, "items");
						res = items ? sim_app_var_index(app, items) : -1;
						break;
					}
				}
				const cJSON *ch = cJSON_GetObjectItemCaseSensitive(w, "children");
				if (ch && n < 63)
					stack[n++] = ch;
			}
		}
	}
	free(id);
	return res;
}

static void free_var(struct sim_var *v)
{
	free(v->name);
	for (size_t i = 0; i < v->n_fields; i++)
		free(v->fields[i].name);
	free(v->fields);
	sim_value_free(&v->init);
}

void sim_app_free(struct sim_app *app)
{
	if (!app)
		return;
	for (size_t i = 0; i < app->n_vars; i++)
		free_var(&app->vars[i]);
	free(app->vars);
	for (size_t i = 0; i < app->n_screens; i++) {
		free(app->screens[i].name);
		free(app->screens[i].args);
	}
	free(app->screens);
	for (size_t i = 0; i < app->n_activities; i++) {
		free(app->activities[i].name);
		free(app->activities[i].short_name);
	}
	free(app->activities);
	for (size_t i = 0; i < app->n_links; i++) {
		free(app->links[i].scheme);
		free(app->links[i].host);
		free(app->links[i].path);
		free(app->links[i].uri);
	}
	free(app->links);
	for (size_t i = 0; i < app->n_bugs; i++) {
		struct sim_bug *b = &app->bugs[i];
		free((char *)b->info.id);
		free((char *)b->info.category);
		free((char *)b->info.description);
		free(b->event);
		free(b->label);
		free(b->when);
		free(b->widget_screen);
		free(b->widget_id);
	}
	free(app->bugs);
	free(app->bug_infos);
	cJSON_Delete(app->root);
	free(app->path);
	free(app->name);
	free(app->package);
	free(app->label);
	free(app->version);
	free(app);
}

/* JSON nesting depth, iteratively bounded. */
static int json_depth(const cJSON *n, int d)
{
	if (d > SIM_SPEC_MAX_DEPTH + 8)
		return d;
	int m = d;
	const cJSON *c;
	for (c = n ? n->child : NULL; c; c = c->next) {
		int k = json_depth(c, d + 1);
		if (k > m)
			m = k;
	}
	return m;
}

static int load_root(struct loader *ld)
{
	struct sim_app *app = ld->app;
	const cJSON *root = app->root;
	if (!cJSON_IsObject(root))
		return bad(ld, "the spec must be a JSON object");
	if (json_depth(root, 0) > SIM_SPEC_MAX_DEPTH + 8)
		return bad(ld, "nested deeper than %d levels", SIM_SPEC_MAX_DEPTH + 8);
	const char *pkg = get_str(root, "package");
	size_t old = push_key(ld, "package");
	if (!pkg || !pkg[0] || !strchr(pkg, '.') || strpbrk(pkg, " /\"'<>&;:$`\\"))
		return bad(ld, "must be a package name like \"com.example.notes\"");
	pop(ld, old);
	app->package = xstrdup(pkg);
	app->label = xstrdup(get_str(root, "label") ? get_str(root, "label") : pkg);
	app->version = xstrdup(get_str(root, "version") ? get_str(root, "version") : "1.0");
	const cJSON *kb = cJSON_GetObjectItemCaseSensitive(root, "keyboard");
	old = push_key(ld, "keyboard");
	if (kb && !cJSON_IsBool(kb))
		return bad(ld, "must be true or false (a soft keyboard covers the screen while a field is focused)");
	pop(ld, old);
	app->keyboard = cJSON_IsTrue(kb);
	if (load_activities(ld, cJSON_GetObjectItemCaseSensitive(root, "activities")))
		return ld->err;
	if (load_state(ld, cJSON_GetObjectItemCaseSensitive(root, "state")))
		return ld->err;
	const cJSON *screens = cJSON_GetObjectItemCaseSensitive(root, "screens");
	cJSON *s;
	old = push_key(ld, "screens");
	if (!cJSON_IsObject(screens) || cJSON_GetArraySize(screens) == 0)
		return bad(ld, "must be a non-empty object of screens");
	if (cJSON_GetArraySize(screens) > SIM_MAX_SCREENS)
		return bad(ld, "more than %d screens", SIM_MAX_SCREENS);
	app->screens = xcalloc((size_t)cJSON_GetArraySize(screens), sizeof *app->screens);
	cJSON_ArrayForEach(s, screens) {
		if (s->string[0] == '#')
			continue;
		size_t o2 = push_key(ld, s->string);
		if (!cJSON_IsObject(s) || !s->string[0] || strchr(s->string, '.'))
			return bad(ld, "a screen must be an object with a plain name");
		struct sim_screen *scr = &app->screens[app->n_screens++];
		scr->name = xstrdup(s->string);
		scr->json = s;
		const char *act = get_str(s, "activity");
		scr->activity = act ? activity_index(app, act) : app->launcher;
		if (act && scr->activity < 0) {
			char *q = qualify(app->package, act);
			scr->activity = activity_index(app, q);
			free(q);
		}
		if (scr->activity < 0) {
			(void)push_key(ld, "activity");
			return bad(ld, "unknown activity '%s'", act);
		}
		pop(ld, o2);
	}
	pop(ld, old);
	if (load_links(ld, cJSON_GetObjectItemCaseSensitive(root, "activities")))
		return ld->err;
	old = push_key(ld, "screens");
	for (size_t i = 0; i < app->n_screens; i++) {
		size_t o2 = push_key(ld, app->screens[i].name);
		if (check_screen(ld, (int)i))
			return ld->err;
		pop(ld, o2);
	}
	pop(ld, old);
	return load_bugs(ld, cJSON_GetObjectItemCaseSensitive(root, "bugs"));
}

int sim_app_load_text(const char *text, size_t len, const char *name, struct sim_app **out)
{
	*out = NULL;
	if (len > SIM_SPEC_MAX_BYTES)
		return td_error(TD_ERR_TOO_BIG, "%s: spec is %zu bytes, over the %u-byte cap", name, len,
				SIM_SPEC_MAX_BYTES);
	struct sim_app *app = xcalloc(1, sizeof *app);
	const char *base = strrchr(name, '/');
	app->name = xstrdup(base ? base + 1 : name);
	app->path = xstrdup(name);
	const char *at = NULL;
	app->root = cJSON_ParseWithLengthOpts(text, len, &at, false);
	if (!app->root) {
		size_t off = at && at >= text && at <= text + len ? (size_t)(at - text) : 0;
		size_t line = 1;
		for (size_t i = 0; i < off; i++)
			line += text[i] == '\n';
		int err = td_error(TD_ERR_PARSE, "%s: line %zu: invalid JSON near byte %zu", app->name,
				   line, off);
		sim_app_free(app);
		return err;
	}
	struct loader ld = { .app = app, .row_var = -1 };
	int err = load_root(&ld);
	for (size_t i = 0; i < ld.n_events; i++)
		free(ld.events[i]);
	free(ld.events);
	for (size_t i = 0; i < ld.n_ids; i++)
		free(ld.ids[i]);
	free(ld.ids);
	strbuf_release(&ld.path);
	if (err) {
		sim_app_free(app);
		return err;
	}
	*out = app;
	return TD_OK;
}

int sim_app_load(const char *path, struct sim_app **out)
{
	struct strbuf sb = STRBUF_INIT;
	*out = NULL;
	strbuf_init(&sb, SIM_SPEC_MAX_BYTES);
	int err = strbuf_read_file(&sb, path);
	if (err) {
		if (err == TD_ERR_TOO_BIG)
			err = td_error(err, "%s: spec over the %u-byte cap", path, SIM_SPEC_MAX_BYTES);
		strbuf_release(&sb);
		return err;
	}
	err = sim_app_load_text(sb.buf, sb.len, path, out);
	strbuf_release(&sb);
	return err;
}

const char *sim_app_package(const struct sim_app *app)
{
	return app->package;
}

const char *sim_app_path(const struct sim_app *app)
{
	return app->path;
}

size_t sim_app_bugs(const struct sim_app *app, const struct sim_bug_info **out)
{
	*out = app->bug_infos;
	return app->n_bugs;
}

char *sim_app_resolve(const char *name_or_path, const char *apps_dir)
{
	if (strchr(name_or_path, '/') || (strlen(name_or_path) > 5 &&
					  !strcmp(name_or_path + strlen(name_or_path) - 5, ".json")))
		return xstrdup(name_or_path);
	if (apps_dir && apps_dir[0])
		return xasprintf("%s/%s.json", apps_dir, name_or_path);
	/* The installed share/trident/configs/apps, or the source tree's. */
	return xasprintf("%s/configs/apps/%s.json", trident_data_dir(), name_or_path);
}
