/*
 * sim.c - the running simulated device: the app's process, state and back
 * stack, events and their effects, injected bugs and their ground truth, and
 * the Android behaviours a tester relies on (Back, Home and relaunch,
 * force-stop, pm clear, rotation, focus and typing).
 *
 * Every action (a tap, a key, typed text, a launch, a rotation) is one
 * device event and bumps `seq`. An action fires spec events named
 * "SCREEN.ID.click" (or long_click/submit) and "SCREEN.show|back|rotate|
 * resume"; an injected bug that names the event replaces its effects unless
 * the device runs `fixed`, and the replacement is recorded as ground truth.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/log.h"
#include "core/xalloc.h"
#include "device/sim/sim_internal.h"

#define LAUNCHER_PKG "com.google.android.apps.nexuslauncher"
#define LAUNCHER_ACT "com.google.android.apps.nexuslauncher.NexusLauncherActivity"

const char *sim_launcher_package(void)
{
	return LAUNCHER_PKG;
}

const char *sim_launcher_activity(void)
{
	return LAUNCHER_ACT;
}

const char *sim_features(void)
{
	return "shell_v2,cmd,stat_v2,ls_v2,fixed_push_mkdir,apex,abb,fixed_push_symlink_timestamp,"
	       "abb_exec,remount_shell,track_app,sendrecv_v2,sendrecv_v2_brotli,sendrecv_v2_lz4,"
	       "sendrecv_v2_zstd,sendrecv_v2_dry_run_send,openscreen_mdns";
}

const char *sim_model(void)
{
	return "trident_sim";
}

/* --- scopes: how expressions see the running app --- */

struct rowctx {
	int list_var;  /* -1 outside list rows */
	long index;
};

struct scope_ctx {
	struct sim *s;
	struct rowctx rc;
};

struct sim_frame *sim_top(struct sim *s)
{
	return s->n_stack ? &s->stack[s->n_stack - 1] : NULL;
}

const char *sim_frame_input(const struct sim_frame *f, const char *id)
{
	for (size_t i = 0; f && i < f->n_inputs; i++)
		if (!strcmp(f->inputs[i].id, id))
			return f->inputs[i].text;
	return NULL;
}

/* The edit widget `id` on the top screen, or NULL. */
static const cJSON *top_widget(struct sim *s, const char *id)
{
	struct sim_frame *f = sim_top(s);
	if (!f)
		return NULL;
	return sim_app_find_widget(&s->app->screens[f->screen], id);
}

static const char *bind_of(const cJSON *w)
{
	const cJSON *b = cJSON_GetObjectItemCaseSensitive(w, "bind");
	return cJSON_IsString(b) ? b->valuestring : NULL;
}

static int sc_var(void *ctx, const char *name, struct sim_value *out)
{
	memset(out, 0, sizeof *out);
	struct scope_ctx *c = ctx;
	struct sim *s = c->s;
	if (c->rc.list_var >= 0) {
		const struct sim_var *lv = &s->app->vars[c->rc.list_var];
		int f = sim_app_field_index(lv, name);
		const struct sim_value *l = &s->vars[c->rc.list_var];
		if (f >= 0 && c->rc.index >= 0 && (size_t)c->rc.index < l->n_recs) {
			sim_value_copy(out, &l->recs[c->rc.index].fields[f]);
			return 0;
		}
		if (f >= 0) {
			memset(out, 0, sizeof *out);
			out->type = lv->fields[f].type;
			if (out->type == SIM_STR)
				out->str = xstrdup("");
			return 0;
		}
	}
	int v = sim_app_var_index(s->app, name);
	if (v < 0)
		return -1;
	sim_value_copy(out, &s->vars[v]);
	return 0;
}

static const struct sim_value *sc_var_ref(void *ctx, const char *name)
{
	struct scope_ctx *c = ctx;
	struct sim *s = c->s;
	int v;

	/* A field of the current row shadows the state variable (sc_var). */
	if (c->rc.list_var >= 0 && sim_app_field_index(&s->app->vars[c->rc.list_var], name) >= 0)
		return NULL;
	v = sim_app_var_index(s->app, name);
	return v < 0 ? NULL : &s->vars[v];
}

int sim_current_input_text(struct sim *s, const char *id, const char **out)
{
	const cJSON *w = top_widget(s, id);
	const char *bind = bind_of(w);
	*out = NULL;
	if (!w)
		return -1;
	if (bind) {
		int v = sim_app_var_index(s->app, bind);
		if (v >= 0 && s->vars[v].type == SIM_STR) {
			*out = s->vars[v].str;
			return 0;
		}
	}
	*out = sim_frame_input(sim_top(s), id);
	if (!*out)
		*out = "";
	return 0;
}

static int sc_input(void *ctx, const char *id, struct sim_value *out)
{
	memset(out, 0, sizeof *out);
	struct scope_ctx *c = ctx;
	const char *t;
	if (sim_current_input_text(c->s, id, &t) != 0)
		return -1;
	sim_value_str(out, t);
	return 0;
}

static int sc_special(void *ctx, const char *name, struct sim_value *out)
{
	memset(out, 0, sizeof *out);
	struct scope_ctx *c = ctx;
	struct sim *s = c->s;
	if (!strncmp(name, "field:", 6)) {
		const char *list = name + 6, *colon = strchr(list, ':');
		if (!colon)
			return -1;
		char *ln = xstrndup(list, (size_t)(colon - list));
		int v = sim_app_var_index(s->app, ln);
		free(ln);
		if (v < 0)
			return -1;
		int f = sim_app_field_index(&s->app->vars[v], colon + 1);
		if (f < 0)
			return -1;
		sim_value_num(out, f);
		return 0;
	}
	if (!strcmp(name, "index") && c->rc.list_var >= 0) {
		sim_value_num(out, (double)c->rc.index);
		return 0;
	}
	if (!strcmp(name, "landscape")) {
		sim_value_bool(out, s->rotation % 2 == 1);
		return 0;
	}
	if (!strcmp(name, "screen")) {
		struct sim_frame *f = sim_top(s);
		sim_value_str(out, f ? s->app->screens[f->screen].name : "");
		return 0;
	}
	return -1;
}

void sim_bind_scope(struct sim *s, struct sim_scope *sc, const struct sim_var *list_var,
		    long index, void *buf)
{
	struct scope_ctx *c = buf;
	c->s = s;
	c->rc.list_var = list_var ? (int)(list_var - s->app->vars) : -1;
	c->rc.index = index;
	sc->var = sc_var;
	sc->var_ref = sc_var_ref;
	sc->input = sc_input;
	sc->special = sc_special;
	sc->ctx = c;
	sc->check = false;
}

static void make_scope(struct sim *s, struct rowctx rc, struct scope_ctx *c, struct sim_scope *sc)
{
	sim_bind_scope(s, sc, rc.list_var >= 0 ? &s->app->vars[rc.list_var] : NULL, rc.index, c);
}

/* Evaluate a JSON value: strings are templates, numbers and bools literals. */
static void eval_value(struct sim *s, struct rowctx rc, const cJSON *n, struct sim_value *out)
{
	struct scope_ctx c;
	struct sim_scope sc;
	char why[200];
	memset(out, 0, sizeof *out);
	make_scope(s, rc, &c, &sc);
	if (cJSON_IsNumber(n)) {
		sim_value_num(out, n->valuedouble);
	} else if (cJSON_IsBool(n)) {
		sim_value_bool(out, cJSON_IsTrue(n));
	} else if (cJSON_IsString(n)) {
		struct strbuf sb = STRBUF_INIT;
		strbuf_init(&sb, SIM_MAX_STRING);
		if (sim_template(n->valuestring, &sc, &sb, why, sizeof why) != 0)
			strbuf_reset(&sb);
		sim_value_str(out, sb.buf);
		strbuf_release(&sb);
	} else {
		sim_value_str(out, "");
	}
}

static void eval_expr(struct sim *s, struct rowctx rc, const char *expr, struct sim_value *out)
{
	struct scope_ctx c;
	struct sim_scope sc;
	char why[200];
	make_scope(s, rc, &c, &sc);
	if (sim_expr_eval(expr, &sc, out, why, sizeof why) != 0)
		memset(out, 0, sizeof *out);
}

static bool eval_cond(struct sim *s, struct rowctx rc, const char *expr)
{
	struct sim_value v;
	eval_expr(s, rc, expr, &v);
	bool b = sim_value_truthy(&v);
	sim_value_free(&v);
	return b;
}

/* --- ground truth --- */

void sim_note_bug(struct sim *s, size_t bug, const char *event)
{
	const struct sim_bug *b = &s->app->bugs[bug];
	s->fired = xgrow(s->fired, &s->alloc_fired, s->n_fired + 1, sizeof *s->fired);
	struct sim_bug_event *e = &s->fired[s->n_fired++];
	e->bug_id = b->info.id;
	e->category = b->info.category;
	e->event = b->label;
	e->seq = s->seq;
	e->drawn = b->event == NULL;
	/* an event's bug is logged where it fires, so a run's log tells which
	 * injected bugs a walk triggered; a drawn one is noted on every frame
	 * that shows it and logged the first time only */
	if (!e->drawn)
		log_debug("injected bug %s fired on %s", b->info.id, event ? event : "?");
	else if (!s->bug_logged[bug])
		log_debug("injected bug %s shown on %s", b->info.id, event ? event : "?");
	s->bug_logged[bug] = true;
}

size_t sim_fired_bugs(struct sim *s, const struct sim_bug_event **out)
{
	pthread_mutex_lock(&s->lock);
	*out = s->fired;
	size_t n = s->n_fired;
	pthread_mutex_unlock(&s->lock);
	return n;
}

/* --- process and back stack --- */

static void frame_release(struct sim_frame *f)
{
	for (size_t i = 0; i < f->n_inputs; i++) {
		free(f->inputs[i].id);
		free(f->inputs[i].text);
	}
	free(f->inputs);
	free(f->focused);
	free(f->dialog);
	for (size_t i = 0; i < f->n_args; i++)
		sim_value_free(&f->args[i]);
	free(f->args);
	memset(f, 0, sizeof *f);
}

static void stack_clear(struct sim *s)
{
	while (s->n_stack)
		frame_release(&s->stack[--s->n_stack]);
}

static void reset_vars(struct sim *s, bool all)
{
	for (size_t i = 0; i < s->app->n_vars; i++) {
		if (!all && s->app->vars[i].persisted)
			continue;
		sim_value_free(&s->vars[i]);
		sim_value_copy(&s->vars[i], &s->app->vars[i].init);
	}
}

/* Local time stamp like logcat's "11-22 04:12:03.123". */
static void log_stamp(struct strbuf *sb)
{
	struct timespec ts;
	struct tm tm;
	clock_gettime(CLOCK_REALTIME, &ts);
	localtime_r(&ts.tv_sec, &tm);
	(void)strbuf_addf(sb, "%02d-%02d %02d:%02d:%02d.%03ld", tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
			  tm.tm_min, tm.tm_sec, ts.tv_nsec / 1000000);
}

static void log_line(struct sim *s, struct strbuf *buf, char level, const char *tag, const char *msg)
{
	if (buf->len > (4u << 20))
		strbuf_reset(buf);
	log_stamp(buf);
	(void)strbuf_addf(buf, " %5d %5d %c %s: %s\n", s->pid, s->pid, level, tag, msg);
}

/* The other app in front goes away (Back to the app, Home, a launch). */
static void other_close(struct sim *s)
{
	s->other = SIM_OTHER_NONE;
	s->other_depth = 0;
	free(s->other_text);
	s->other_text = NULL;
}

/* Another app comes to the front over the app's task. */
static void other_open(struct sim *s, int which, const char *text)
{
	char *t = xstrdup(text ? text : "");
	other_close(s);
	s->other = which;
	s->other_text = t;
	s->ime_visit = 0;
}

const char *sim_other_package(const struct sim *s)
{
	switch (s->other) {
	case SIM_OTHER_CHOOSER: return SIM_CHOOSER_PACKAGE;
	case SIM_OTHER_BROWSER: return SIM_BROWSER_PACKAGE;
	case SIM_OTHER_MESSAGES: return SIM_MESSAGES_PACKAGE;
	default: return NULL;
	}
}

const char *sim_other_activity(const struct sim *s)
{
	switch (s->other) {
	case SIM_OTHER_CHOOSER: return SIM_CHOOSER_ACTIVITY;
	case SIM_OTHER_BROWSER: return SIM_BROWSER_ACTIVITY;
	case SIM_OTHER_MESSAGES: return SIM_MESSAGES_ACTIVITY;
	default: return NULL;
	}
}

static void process_kill(struct sim *s)
{
	stack_clear(s);
	s->running = false;
	s->foreground = false;
	s->anr = false;
	s->perm_asking = NULL; /* the dialog belongs to the app's task */
	s->ime_visit = 0;
	other_close(s);
	free(s->toast);
	s->toast = NULL;
	reset_vars(s, false);
}

static void crash(struct sim *s, const char *exception)
{
	char line[600];
	struct sim_frame *f = sim_top(s);
	const char *act = f ? s->app->activities[s->app->screens[f->screen].activity].name : s->app->package;
	log_line(s, &s->log_crash, 'E', "AndroidRuntime", "FATAL EXCEPTION: main");
	snprintf(line, sizeof line, "Process: %s, PID: %d", s->app->package, s->pid);
	log_line(s, &s->log_crash, 'E', "AndroidRuntime", line);
	snprintf(line, sizeof line, "%.400s", exception);
	log_line(s, &s->log_crash, 'E', "AndroidRuntime", line);
	snprintf(line, sizeof line, "\tat %.200s.onClick(%s.java:%d)", act,
		 strrchr(act, '.') ? strrchr(act, '.') + 1 : act, 42 + (int)(s->seq % 50));
	log_line(s, &s->log_crash, 'E', "AndroidRuntime", line);
	log_line(s, &s->log_crash, 'E', "AndroidRuntime",
		 "\tat android.view.View.performClick(View.java:7659)");
	log_line(s, &s->log_crash, 'E', "AndroidRuntime",
		 "\tat com.android.internal.os.ZygoteInit.main(ZygoteInit.java:1042)");
	snprintf(line, sizeof line, "Process %s (pid %d) has died: fg  TOP ", s->app->package, s->pid);
	log_line(s, &s->log_main, 'I', "ActivityManager", line);
	s->crashed_now = true;
	process_kill(s);
}

static void run_event(struct sim *s, const char *event, const cJSON *effects, struct rowctx rc);

/*
 * A screen's args (its "args" variables: which item it shows) as the frame
 * shows them now: kept when a click on it runs and once it is shown, put
 * back when Back returns to it. A page under another page of its kind (a
 * post under the post a user's page opened) shows its own item again, as
 * an activity or fragment keeps its arguments on a real back stack.
 */
static void frame_keep_args(struct sim *s, struct sim_frame *f)
{
	const struct sim_screen *scr = &s->app->screens[f->screen];

	if (!scr->n_args)
		return;
	if (!f->args) {
		f->args = xcalloc(scr->n_args, sizeof *f->args);
		f->n_args = scr->n_args;
	}
	for (size_t i = 0; i < f->n_args; i++) {
		sim_value_free(&f->args[i]);
		sim_value_copy(&f->args[i], &s->vars[scr->args[i]]);
	}
}

static void frame_restore_args(struct sim *s, const struct sim_frame *f)
{
	const struct sim_screen *scr = &s->app->screens[f->screen];

	for (size_t i = 0; f->args && i < f->n_args && i < scr->n_args; i++) {
		sim_value_free(&s->vars[scr->args[i]]);
		sim_value_copy(&s->vars[scr->args[i]], &f->args[i]);
	}
}

static void push_frame(struct sim *s, int screen)
{
	if (s->n_stack >= SIM_MAX_STACK) /* a runaway spec: reuse the top slot */
		frame_release(&s->stack[--s->n_stack]);
	s->stack = xgrow(s->stack, &s->alloc_stack, s->n_stack + 1, sizeof *s->stack);
	struct sim_frame *f = &s->stack[s->n_stack++];
	memset(f, 0, sizeof *f);
	f->screen = screen;
	f->visit = ++s->visits;
	char ev[300];
	snprintf(ev, sizeof ev, "%s.show", s->app->screens[screen].name);
	struct rowctx rc = { -1, -1 };
	run_event(s, ev, cJSON_GetObjectItemCaseSensitive(s->app->screens[screen].json, "on_show"), rc);
	if (s->n_stack && sim_top(s)->screen == screen)
		frame_keep_args(s, sim_top(s));
}

static void pop_frame(struct sim *s)
{
	if (!s->n_stack)
		return;
	frame_release(&s->stack[--s->n_stack]);
	if (!s->n_stack) {
		s->foreground = false;  /* the task finished: back to the launcher */
	} else {
		sim_top(s)->visit = ++s->visits;
		frame_restore_args(s, sim_top(s));
	}
}

/* --- effects --- */

static void set_input(struct sim_frame *f, const char *id, const char *text)
{
	for (size_t i = 0; i < f->n_inputs; i++) {
		if (!strcmp(f->inputs[i].id, id)) {
			free(f->inputs[i].text);
			f->inputs[i].text = xstrndup(text, SIM_MAX_STRING);
			return;
		}
	}
	f->inputs = xrealloc(f->inputs, (f->n_inputs + 1) * sizeof *f->inputs);
	f->inputs[f->n_inputs].id = xstrdup(id);
	f->inputs[f->n_inputs].text = xstrndup(text, SIM_MAX_STRING);
	f->n_inputs++;
}

/* Store text into the edit `id` on the top screen (its bound var or the frame). */
static void store_input(struct sim *s, const char *id, const char *text)
{
	const char *bind = bind_of(top_widget(s, id));
	int v = bind ? sim_app_var_index(s->app, bind) : -1;
	if (v >= 0) {
		sim_value_str(&s->vars[v], text);
		sim_value_convert(&s->vars[v], s->app->vars[v].type);
		return;
	}
	if (sim_top(s))
		set_input(sim_top(s), id, text);
}

static void exec_effects(struct sim *s, const cJSON *arr, struct rowctx rc);

static void list_remove(struct sim_value *l, size_t i)
{
	if (i >= l->n_recs)
		return;
	for (size_t k = 0; k < l->n_fields; k++)
		sim_value_free(&l->recs[i].fields[k]);
	free(l->recs[i].fields);
	memmove(&l->recs[i], &l->recs[i + 1], (l->n_recs - i - 1) * sizeof *l->recs);
	l->n_recs--;
}

static int rec_cmp(const struct sim_value *a, const struct sim_value *b)
{
	if (a->type == SIM_NUM && b->type == SIM_NUM)
		return a->num < b->num ? -1 : a->num > b->num;
	if (a->type == SIM_BOOL)
		return (int)a->b - (int)b->b;
	return strcasecmp(a->str ? a->str : "", b->str ? b->str : "");
}

static long effect_index(struct sim *s, const cJSON *e, struct rowctx rc)
{
	const cJSON *ix = cJSON_GetObjectItemCaseSensitive(e, "index");
	if (!ix)
		return rc.index;
	struct sim_value v;
	if (cJSON_IsNumber(ix))
		return sim_clamp(ix->valuedouble);
	eval_expr(s, rc, cJSON_IsString(ix) ? ix->valuestring : "0", &v);
	sim_value_convert(&v, SIM_NUM);
	long i = sim_clamp(v.num);
	sim_value_free(&v);
	return i;
}

static int list_of(struct sim *s, const cJSON *e, struct rowctx rc)
{
	const cJSON *l = cJSON_GetObjectItemCaseSensitive(e, "list");
	if (cJSON_IsString(l))
		return sim_app_var_index(s->app, l->valuestring);
	return rc.list_var;
}

static void exec_effect(struct sim *s, const cJSON *e, struct rowctx rc)
{
	const struct sim_app *app = s->app;
	const cJSON *a;
	struct sim_value v = { 0 };
	int vi;
	if ((a = cJSON_GetObjectItemCaseSensitive(e, "navigate"))) {
		int scr = sim_app_screen_index(app, a->valuestring);
		const cJSON *mode = cJSON_GetObjectItemCaseSensitive(e, "mode");
		const char *m = cJSON_IsString(mode) ? mode->valuestring : "push";
		if (scr < 0)
			return;
		if (!strcmp(m, "replace") && s->n_stack)
			frame_release(&s->stack[--s->n_stack]);
		else if (!strcmp(m, "clear"))
			stack_clear(s);
		push_frame(s, scr);
	} else if (cJSON_GetObjectItemCaseSensitive(e, "back")) {
		pop_frame(s);
	} else if (cJSON_GetObjectItemCaseSensitive(e, "finish")) {
		struct sim_frame *f = sim_top(s);
		int act = f ? app->screens[f->screen].activity : -1;
		while (s->n_stack && app->screens[sim_top(s)->screen].activity == act)
			pop_frame(s);
	} else if ((a = cJSON_GetObjectItemCaseSensitive(e, "set"))) {
		vi = sim_app_var_index(app, a->valuestring);
		const cJSON *ex = cJSON_GetObjectItemCaseSensitive(e, "expr");
		if (ex)
			eval_expr(s, rc, ex->valuestring, &v);
		else
			eval_value(s, rc, cJSON_GetObjectItemCaseSensitive(e, "value"), &v);
		if (vi >= 0 && app->vars[vi].type != SIM_LIST) {
			sim_value_convert(&v, app->vars[vi].type);
			sim_value_free(&s->vars[vi]);
			s->vars[vi] = v;
			return;
		}
		sim_value_free(&v);
	} else if ((a = cJSON_GetObjectItemCaseSensitive(e, "increment"))) {
		vi = sim_app_var_index(app, a->valuestring);
		const cJSON *by = cJSON_GetObjectItemCaseSensitive(e, "by");
		double d = 1;
		if (cJSON_IsNumber(by)) {
			d = by->valuedouble;
		} else if (cJSON_IsString(by)) {
			eval_expr(s, rc, by->valuestring, &v);
			sim_value_convert(&v, SIM_NUM);
			d = v.num;
			sim_value_free(&v);
		}
		if (vi >= 0)
			sim_value_num(&s->vars[vi], s->vars[vi].num + d);
	} else if ((a = cJSON_GetObjectItemCaseSensitive(e, "toggle"))) {
		vi = sim_app_var_index(app, a->valuestring);
		if (vi >= 0)
			sim_value_bool(&s->vars[vi], !sim_value_truthy(&s->vars[vi]));
	} else if ((a = cJSON_GetObjectItemCaseSensitive(e, "reset"))) {
		vi = sim_app_var_index(app, a->valuestring);
		if (vi >= 0) {
			sim_value_free(&s->vars[vi]);
			sim_value_copy(&s->vars[vi], &app->vars[vi].init);
		}
	} else if ((a = cJSON_GetObjectItemCaseSensitive(e, "append"))) {
		vi = sim_app_var_index(app, a->valuestring);
		if (vi < 0)
			return;
		const struct sim_var *dv = &app->vars[vi];
		struct sim_value *l = &s->vars[vi];
		if (l->n_recs >= SIM_MAX_LIST_ITEMS)
			return;
		struct sim_record r;
		r.fields = xcalloc(dv->n_fields, sizeof *r.fields);
		const cJSON *rec = cJSON_GetObjectItemCaseSensitive(e, "record");
		for (size_t k = 0; k < dv->n_fields; k++) {
			const cJSON *fv = cJSON_GetObjectItemCaseSensitive(rec, dv->fields[k].name);
			if (fv) {
				eval_value(s, rc, fv, &r.fields[k]);
			} else {
				r.fields[k].type = SIM_STR;
				r.fields[k].str = xstrdup("");
			}
			sim_value_convert(&r.fields[k], dv->fields[k].type);
		}
		l->recs = xrealloc(l->recs, (l->n_recs + 1) * sizeof *l->recs);
		l->recs[l->n_recs++] = r;
		l->n_fields = dv->n_fields;
	} else if ((a = cJSON_GetObjectItemCaseSensitive(e, "remove"))) {
		vi = sim_app_var_index(app, a->valuestring);
		if (vi < 0)
			return;
		struct sim_value *l = &s->vars[vi];
		const cJSON *where = cJSON_GetObjectItemCaseSensitive(e, "where");
		if (where) {
			for (size_t i = l->n_recs; i-- > 0;) {
				struct rowctx r2 = { vi, (long)i };
				if (eval_cond(s, r2, where->valuestring))
					list_remove(l, i);
			}
		} else {
			long i = effect_index(s, e, rc);
			if (i >= 0)
				list_remove(l, (size_t)i);
		}
	} else if ((a = cJSON_GetObjectItemCaseSensitive(e, "sort"))) {
		vi = sim_app_var_index(app, a->valuestring);
		if (vi < 0)
			return;
		struct sim_value *l = &s->vars[vi];
		int f = sim_app_field_index(&app->vars[vi],
					    cJSON_GetObjectItemCaseSensitive(e, "by")->valuestring);
		const cJSON *ord = cJSON_GetObjectItemCaseSensitive(e, "order");
		int sign = cJSON_IsString(ord) && !strcmp(ord->valuestring, "desc") ? -1 : 1;
		for (size_t i = 1; f >= 0 && i < l->n_recs; i++) { /* stable insertion sort */
			struct sim_record r = l->recs[i];
			size_t j = i;
			while (j > 0 && sign * rec_cmp(&l->recs[j - 1].fields[f], &r.fields[f]) > 0) {
				l->recs[j] = l->recs[j - 1];
				j--;
			}
			l->recs[j] = r;
		}
	} else if ((a = cJSON_GetObjectItemCaseSensitive(e, "set_field")) ||
		   (a = cJSON_GetObjectItemCaseSensitive(e, "toggle_field"))) {
		int lv = list_of(s, e, rc);
		long i = effect_index(s, e, rc);
		if (lv < 0 || i < 0 || (size_t)i >= s->vars[lv].n_recs)
			return;
		int f = sim_app_field_index(&app->vars[lv], a->valuestring);
		if (f < 0)
			return;
		struct sim_value *fv = &s->vars[lv].recs[i].fields[f];
		struct rowctx r2 = { lv, i };
		if (cJSON_GetObjectItemCaseSensitive(e, "toggle_field")) {
			sim_value_bool(fv, !sim_value_truthy(fv));
		} else {
			const cJSON *ex = cJSON_GetObjectItemCaseSensitive(e, "expr");
			if (ex)
				eval_expr(s, r2, ex->valuestring, &v);
			else
				eval_value(s, r2, cJSON_GetObjectItemCaseSensitive(e, "value"), &v);
			sim_value_convert(&v, app->vars[lv].fields[f].type);
			sim_value_free(fv);
			*fv = v;
		}
	} else if ((a = cJSON_GetObjectItemCaseSensitive(e, "clear_input"))) {
		store_input(s, a->valuestring, "");
	} else if ((a = cJSON_GetObjectItemCaseSensitive(e, "set_input"))) {
		eval_value(s, rc, cJSON_GetObjectItemCaseSensitive(e, "value"), &v);
		sim_value_convert(&v, SIM_STR);
		store_input(s, a->valuestring, v.str);
		sim_value_free(&v);
	} else if (cJSON_GetObjectItemCaseSensitive(e, "clear_inputs")) {
		struct sim_frame *f = sim_top(s);
		for (size_t i = 0; f && i < f->n_inputs; i++) {
			free(f->inputs[i].text);
			f->inputs[i].text = xstrdup("");
		}
	} else if ((a = cJSON_GetObjectItemCaseSensitive(e, "dialog"))) {
		struct sim_frame *f = sim_top(s);
		if (f) {
			free(f->dialog);
			f->dialog = xstrdup(a->valuestring);
		}
	} else if (cJSON_GetObjectItemCaseSensitive(e, "dismiss")) {
		struct sim_frame *f = sim_top(s);
		if (f) {
			free(f->dialog);
			f->dialog = NULL;
		}
	} else if ((a = cJSON_GetObjectItemCaseSensitive(e, "toast"))) {
		eval_value(s, rc, a, &v);
		free(s->toast);
		s->toast = xstrdup(v.str ? v.str : "");
		s->toast_seq = s->seq;
		sim_value_free(&v);
	} else if ((a = cJSON_GetObjectItemCaseSensitive(e, "share")) ||
		   (a = cJSON_GetObjectItemCaseSensitive(e, "open_url"))) {
		/* Intent.createChooser(ACTION_SEND) / ACTION_VIEW of a web URL: another app comes to the front */
		bool share = !strcmp(a->string, "share");
		eval_value(s, rc, a, &v);
		other_open(s, share ? SIM_OTHER_CHOOSER : SIM_OTHER_BROWSER, v.str);
		sim_value_free(&v);
	} else if ((a = cJSON_GetObjectItemCaseSensitive(e, "crash"))) {
		crash(s, a->valuestring);
	} else if (cJSON_GetObjectItemCaseSensitive(e, "anr")) {
		char line[300];
		s->anr = true;
		snprintf(line, sizeof line, "ANR in %s", s->app->package);
		log_line(s, &s->log_main, 'E', "ActivityManager", line);
	} else if ((a = cJSON_GetObjectItemCaseSensitive(e, "if"))) {
		bool c = eval_cond(s, rc, a->valuestring);
		exec_effects(s, cJSON_GetObjectItemCaseSensitive(e, c ? "then" : "else"), rc);
	} else if ((a = cJSON_GetObjectItemCaseSensitive(e, "permission"))) {
		/*
		 * requestPermissions(): granted runs "then" at once; denied twice
		 * is denied without a dialog (Android 11+); otherwise the
		 * permission controller asks, and its answer runs then/else.
		 */
		enum sim_perm_state st = sim_perm_get(s, s->app->package, a->valuestring);
		if (st == SIM_PERM_GRANTED) {
			exec_effects(s, cJSON_GetObjectItemCaseSensitive(e, "then"), rc);
		} else if (st == SIM_PERM_DENIED_TWICE) {
			exec_effects(s, cJSON_GetObjectItemCaseSensitive(e, "else"), rc);
		} else if (!s->perm_asking) {
			s->perm_asking = a->valuestring;
			s->perm_then = cJSON_GetObjectItemCaseSensitive(e, "then");
			s->perm_else = cJSON_GetObjectItemCaseSensitive(e, "else");
			s->perm_list = rc.list_var;
			s->perm_row = rc.index;
		}
	}
}

enum sim_perm_state sim_perm_get(struct sim *s, const char *package, const char *perm)
{
	struct sim_pkg *p = sim_pkg_find(s, package);
	if (p && p->grant_all)
		return SIM_PERM_GRANTED;
	for (size_t i = 0; i < s->n_perms; i++)
		if (!strcmp(s->perms[i].package, package) && !strcmp(s->perms[i].name, perm))
			return s->perms[i].state;
	return SIM_PERM_ASK;
}

void sim_perm_set(struct sim *s, const char *package, const char *perm, enum sim_perm_state st)
{
	for (size_t i = 0; i < s->n_perms; i++)
		if (!strcmp(s->perms[i].package, package) && !strcmp(s->perms[i].name, perm)) {
			s->perms[i].state = st;
			return;
		}
	if (s->n_perms >= 4096)
		return;
	s->perms = xrealloc(s->perms, (s->n_perms + 1) * sizeof(*s->perms));
	s->perms[s->n_perms].package = xstrdup(package);
	s->perms[s->n_perms].name = xstrdup(perm);
	s->perms[s->n_perms++].state = st;
}

void sim_perm_forget(struct sim *s, const char *package)
{
	size_t k = 0;
	for (size_t i = 0; i < s->n_perms; i++) {
		if (!strcmp(s->perms[i].package, package)) {
			free(s->perms[i].package);
			free(s->perms[i].name);
		} else {
			s->perms[k++] = s->perms[i];
		}
	}
	s->n_perms = k;
}

/* The user answered the permission dialog (Allow, Only this time, Don't allow, or Back). */
static void perm_answer(struct sim *s, int role, bool back)
{
	const char *perm = s->perm_asking;
	const cJSON *then = s->perm_then, *els = s->perm_else;
	struct rowctx rc = { s->perm_list, s->perm_row };
	s->perm_asking = NULL;
	if (!perm)
		return;
	if (role == SIM_ROLE_PERM_ALLOW) {
		sim_perm_set(s, s->app->package, perm, SIM_PERM_GRANTED);
	} else if (role == SIM_ROLE_PERM_DENY && !back) {
		/* The second denial is "don't ask again" (Android 11+); Back is no answer. */
		sim_perm_set(s, s->app->package, perm,
			     sim_perm_get(s, s->app->package, perm) == SIM_PERM_DENIED ? SIM_PERM_DENIED_TWICE
										: SIM_PERM_DENIED);
	}
	exec_effects(s, role == SIM_ROLE_PERM_DENY ? els : then, rc);
}

static void exec_effects(struct sim *s, const cJSON *arr, struct rowctx rc)
{
	const cJSON *e;
	if (!arr || s->depth > SIM_MAX_EFFECT_DEPTH * 2)
		return;
	s->depth++;
	cJSON_ArrayForEach(e, arr) {
		if (s->crashed_now || !s->running)
			break;
		exec_effect(s, e, rc);
	}
	s->depth--;
}

/* Fire spec event `event`: an active injected bug replaces its effects. */
static void run_event(struct sim *s, const char *event, const cJSON *effects, struct rowctx rc)
{
	if (!s->running)
		return;
	if (!s->fixed) {
		for (size_t i = 0; i < s->app->n_bugs; i++) {
			const struct sim_bug *b = &s->app->bugs[i];
			if (!b->event || strcmp(b->event, event) != 0)
				continue;
			if (b->when && !eval_cond(s, rc, b->when))
				continue;
			sim_note_bug(s, i, event);
			effects = b->effects;
			break;
		}
	}
	exec_effects(s, effects, rc);
}

/* --- actions --- */

static struct sim_frame *top_if_foreground(struct sim *s)
{
	return s->running && s->foreground ? sim_top(s) : NULL;
}

const char *sim_top_activity(struct sim *s)
{
	struct sim_frame *f = top_if_foreground(s);
	if (!f)
		return NULL;
	return s->app->activities[s->app->screens[f->screen].activity].name;
}

bool sim_ime_shown(struct sim *s)
{
	struct sim_frame *f = top_if_foreground(s);
	return f && s->app->keyboard && s->ime_visit && f->visit == s->ime_visit && f->focused && !f->dialog &&
	       !s->anr && !s->perm_asking && !s->other;
}

static void begin_action(struct sim *s)
{
	s->crashed_now = false;
	s->depth = 0;
	if (s->toast && s->toast_seq < s->seq - 0) {
		free(s->toast);
		s->toast = NULL;
	}
}

static void end_action(struct sim *s)
{
	/* lay the new screen out once, so that widget bugs shown by this
	 * action are recorded even if nobody dumps the screen */
	if (s->running && s->foreground && s->app->n_bugs && !s->keys_pending)
		sim_view_free_tree(sim_layout(s));
	s->seq++;
}

/* Fire the events of a widget view (tap or long press). */
static void widget_event(struct sim *s, const struct sim_view_ext *vx, int tap_x, bool long_press)
{
	const cJSON *w = vx->widget;
	const char *type = NULL;
	const cJSON *t = cJSON_GetObjectItemCaseSensitive(w, "type");
	type = cJSON_IsString(t) ? t->valuestring : "";
	struct sim_frame *f = sim_top(s);
	const cJSON *idn = cJSON_GetObjectItemCaseSensitive(w, "id");
	const char *id = cJSON_IsString(idn) ? idn->valuestring : NULL;
	struct rowctx rc = { vx->list_var, vx->row };
	char ev[300];
	if (!f)
		return;
	const char *sname = s->app->screens[f->screen].name;
	if (!strcmp(type, "edit") && !long_press) {
		if (id) {
			free(f->focused);
			f->focused = xstrdup(id);
			const char *cur;
			(void)sim_current_input_text(s, id, &cur);
			f->cursor = cur ? strlen(cur) : 0;
			s->ime_visit = f->visit; /* the soft keyboard comes up (shown when the spec has one) */
		}
	}
	/* dialog buttons close their dialog first */
	if (f->dialog && vx->view.kind == SIM_VIEW_TEXT_BUTTON &&
	    !cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(w, "keep"))) {
		free(f->dialog);
		f->dialog = NULL;
	}
	if (!id)
		return;
	const cJSON *on = cJSON_GetObjectItemCaseSensitive(w, long_press ? "on_long_click" : "on_click");
	cJSON *tmp = cJSON_CreateArray();
	if (!long_press) {
		const char *bind = bind_of(w);
		if (bind && (!strcmp(type, "checkbox") || !strcmp(type, "switch"))) {
			cJSON *eff = cJSON_CreateObject();
			bool field = rc.list_var >= 0 && sim_app_field_index(&s->app->vars[rc.list_var], bind) >= 0;
			cJSON_AddStringToObject(eff, field ? "toggle_field" : "toggle", bind);
			cJSON_AddItemToArray(tmp, eff);
		}
		if (bind && !strcmp(type, "seekbar") && vx->view.x2 > vx->view.x1) {
			int val = (tap_x - vx->view.x1) * 100 / (vx->view.x2 - vx->view.x1);
			cJSON *eff = cJSON_CreateObject();
			cJSON_AddStringToObject(eff, "set", bind);
			cJSON_AddNumberToObject(eff, "value", val < 0 ? 0 : val > 100 ? 100 : val);
			cJSON_AddItemToArray(tmp, eff);
		}
		const cJSON *scr = cJSON_GetObjectItemCaseSensitive(w, "screen");
		if (cJSON_IsString(scr)) {
			cJSON *eff = cJSON_CreateObject();
			cJSON_AddStringToObject(eff, "navigate", scr->valuestring);
			cJSON_AddStringToObject(eff, "mode", "replace");
			cJSON_AddItemToArray(tmp, eff);
		}
	}
	const cJSON *x;
	cJSON_ArrayForEach(x, on)
		cJSON_AddItemReferenceToArray(tmp, (cJSON *)x);
	if (cJSON_GetArraySize(tmp) > 0 || on) {
		snprintf(ev, sizeof ev, "%s.%s.%s", sname, id, long_press ? "long_click" : "click");
		if (sim_top(s))
			frame_keep_args(s, sim_top(s));
		run_event(s, ev, tmp, rc);
	}
	cJSON_Delete(tmp);
}

static void back_event(struct sim *s)
{
	struct sim_frame *f = sim_top(s);
	char ev[300];
	if (!f)
		return;
	if (f->dialog) {
		free(f->dialog);
		f->dialog = NULL;
		return;
	}
	const cJSON *sj = s->app->screens[f->screen].json;
	snprintf(ev, sizeof ev, "%s.back", s->app->screens[f->screen].name);
	const cJSON *on = cJSON_GetObjectItemCaseSensitive(sj, "on_back");
	cJSON *dflt = NULL;
	if (!on) {
		/* built by hand: cJSON_Parse writes a process-wide error pointer */
		dflt = cJSON_CreateArray();
		cJSON *eff = cJSON_CreateObject();
		cJSON_AddTrueToObject(eff, "back");
		cJSON_AddItemToArray(dflt, eff);
		on = dflt;
	}
	struct rowctx rc = { -1, -1 };
	run_event(s, ev, on, rc);
	cJSON_Delete(dflt);
}

/* Type `text` at the cursor of the focused field of frame f. */
static void type_text(struct sim *s, struct sim_frame *f, const char *text)
{
	const char *cur;
	if (sim_current_input_text(s, f->focused, &cur) != 0)
		return;
	struct strbuf sb = STRBUF_INIT;
	size_t n = strlen(cur), at = f->cursor > n ? n : f->cursor;
	(void)strbuf_add(&sb, cur, at);
	(void)strbuf_adds(&sb, text);
	(void)strbuf_adds(&sb, cur + at);
	size_t newcur = at + strlen(text);
	char *id = xstrdup(f->focused);
	store_input(s, id, sb.len > SIM_MAX_STRING ? cur : sb.buf);
	free(id);
	f->cursor = newcur;
	strbuf_release(&sb);
}

/* Delete the character before the cursor (DEL) or after it (FORWARD_DEL). */
static void delete_char(struct sim *s, struct sim_frame *f, bool forward)
{
	const char *cur;
	if (sim_current_input_text(s, f->focused, &cur) != 0)
		return;
	size_t n = strlen(cur), at = f->cursor > n ? n : f->cursor;
	char *t = xstrdup(cur);
	if (!forward && at > 0) {
		memmove(t + at - 1, t + at, n - at + 1);
		at--;
	} else if (forward && at < n) {
		memmove(t + at, t + at + 1, n - at);
	}
	char *id = xstrdup(f->focused);
	store_input(s, id, t);
	free(id);
	free(t);
	f->cursor = at;
}

/* Enter in the focused field: its on_submit; the keyboard's Done hides it. */
static void submit_field(struct sim *s, struct sim_frame *f)
{
	const cJSON *w = top_widget(s, f->focused);
	const cJSON *on = cJSON_GetObjectItemCaseSensitive(w, "on_submit");
	s->ime_visit = 0;
	if (on) {
		char ev[300];
		snprintf(ev, sizeof ev, "%s.%s.submit", s->app->screens[f->screen].name, f->focused);
		struct rowctx rc = { -1, -1 };
		run_event(s, ev, on, rc);
	}
}

/* A tap on a key of the soft keyboard. */
static void ime_key(struct sim *s, const char *key)
{
	struct sim_frame *f = top_if_foreground(s);
	if (!f || !f->focused || !key)
		return;
	if (!strcmp(key, "DEL"))
		delete_char(s, f, false);
	else if (!strcmp(key, "ENTER"))
		submit_field(s, f);
	else if (!strcmp(key, "SPACE"))
		type_text(s, f, " ");
	else if (strlen(key) == 1)
		type_text(s, f, key);
}

int sim_act_tap(struct sim *s, int x, int y, bool long_press)
{
	begin_action(s);
	struct sim_screen_view *v = sim_layout(s);
	const struct sim_view_ext *vx = (const struct sim_view_ext *)sim_view_hit(v, x, y);
	const char *launch_state;
	bool front;
	if (vx) {
		switch (vx->role) {
		case SIM_ROLE_WIDGET:
			widget_event(s, vx, x, long_press);
			break;
		case SIM_ROLE_UP:
			back_event(s);
			break;
		case SIM_ROLE_LAUNCHER_ICON:
			s->seq--; /* the launch below counts as this action */
			sim_act_launch(s, s->app->launcher, -1, &launch_state, &front);
			break;
		case SIM_ROLE_ANR_CLOSE:
			process_kill(s);
			break;
		case SIM_ROLE_ANR_WAIT:
			s->anr = false;
			break;
		case SIM_ROLE_PERM_ALLOW:
		case SIM_ROLE_PERM_ONCE:
		case SIM_ROLE_PERM_DENY:
			perm_answer(s, vx->role, false);
			break;
		case SIM_ROLE_IME_KEY:
			ime_key(s, vx->arg);
			break;
		case SIM_ROLE_SHARE_TARGET:
			if (vx->arg && !strcmp(vx->arg, "messages")) {
				char *t = xstrdup(s->other_text ? s->other_text : "");
				other_open(s, SIM_OTHER_MESSAGES, t);
				free(t);
			} else {
				other_close(s);
				free(s->toast);
				s->toast = xstrdup("Copied to clipboard");
				s->toast_seq = s->seq;
			}
			break;
		case SIM_ROLE_BROWSER_LINK:
			if (s->other_depth < 50)
				s->other_depth++;
			break;
		case SIM_ROLE_SCRIM:
			if (sim_top(s)) {
				free(sim_top(s)->dialog);
				sim_top(s)->dialog = NULL;
			}
			break;
		default:
			break;
		}
	}
	sim_view_free_tree(v);
	end_action(s);
	return 0;
}

int sim_act_swipe(struct sim *s, int x1, int y1, int x2, int y2, int ms)
{
	if (abs(x2 - x1) < 20 && abs(y2 - y1) < 20 && ms >= 500)
		return sim_act_tap(s, x1, y1, true);
	begin_action(s);
	struct sim_frame *f = top_if_foreground(s);
	int ime_top = sim_ime_top(s);
	/* a swipe that starts on the soft keyboard is the keyboard's (gesture typing), not a scroll */
	if (f && !s->anr && !s->perm_asking && !s->other && !f->dialog && abs(y1 - y2) >= abs(x1 - x2) &&
	    (ime_top < 0 || y1 < ime_top)) {
		f->scroll += y1 - y2;
		if (f->scroll < 0)
			f->scroll = 0;
		/* sim_layout clamps the top end */
		struct sim_screen_view *v = sim_layout(s);
		sim_view_free_tree(v);
	}
	end_action(s);
	return 0;
}

int sim_act_text(struct sim *s, const char *text)
{
	begin_action(s);
	struct sim_frame *f = top_if_foreground(s);
	if (f && f->focused && !s->anr && !s->perm_asking && !s->other)
		type_text(s, f, text);
	end_action(s);
	return 0;
}

int sim_act_key(struct sim *s, int key, bool long_press)
{
	const char *ls;
	bool front;
	begin_action(s);
	struct sim_frame *f = top_if_foreground(s);
	switch (key) {
	case 4: /* BACK */
		if (s->anr)
			s->anr = false;
		else if (s->perm_asking && f)
			perm_answer(s, SIM_ROLE_PERM_DENY, true);
		else if (s->other == SIM_OTHER_BROWSER && s->other_depth > 0)
			s->other_depth--; /* the browser's own history first */
		else if (s->other)
			other_close(s); /* back to the app that handed over */
		else if (sim_ime_shown(s))
			s->ime_visit = 0; /* Back hides the soft keyboard first */
		else if (f)
			back_event(s);
		break;
	case 3: /* HOME */
	case 187: /* APP_SWITCH */
		s->foreground = false;
		s->anr = false;
		s->ime_visit = 0;
		other_close(s);
		break;
	case 66: /* ENTER */
	case 160: /* NUMPAD_ENTER */
		if (f && f->focused && !s->anr && !s->perm_asking && !s->other && !f->dialog)
			submit_field(s, f);
		break;
	case 67: /* DEL */
	case 112: /* FORWARD_DEL */
		if (f && f->focused && !s->anr && !s->perm_asking && !s->other)
			delete_char(s, f, key == 112);
		break;
	case 123: /* MOVE_END */
	case 122: /* MOVE_HOME */
	case 21: /* DPAD_LEFT */
	case 22: /* DPAD_RIGHT */
		if (f && f->focused) {
			const char *cur;
			if (sim_current_input_text(s, f->focused, &cur) == 0) {
				size_t n = strlen(cur);
				if (key == 123)
					f->cursor = n;
				else if (key == 122)
					f->cursor = 0;
				else if (key == 21 && f->cursor > 0)
					f->cursor--;
				else if (key == 22 && f->cursor < n)
					f->cursor++;
			}
		}
		break;
	case 26: /* POWER */
	case 223: /* SLEEP */
		break;
	default:
		(void)ls;
		(void)front;
		break;
	}
	(void)long_press;
	end_action(s);
	return 0;
}

void sim_act_rotate(struct sim *s, int rotation)
{
	rotation &= 3;
	if (rotation == s->rotation)
		return;
	begin_action(s);
	s->rotation = rotation;
	struct sim_frame *f = top_if_foreground(s);
	if (f) {
		char ev[300];
		snprintf(ev, sizeof ev, "%s.rotate", s->app->screens[f->screen].name);
		struct rowctx rc = { -1, -1 };
		run_event(s, ev, cJSON_GetObjectItemCaseSensitive(s->app->screens[f->screen].json,
								  "on_rotate"), rc);
	}
	end_action(s);
}

void sim_act_home(struct sim *s)
{
	begin_action(s);
	s->foreground = false;
	s->anr = false;
	end_action(s);
}

void sim_act_force_stop(struct sim *s)
{
	if (s->running) {
		char line[200];
		snprintf(line, sizeof line, "Force stopping %s appid=10123 user=0: from pid %d",
			 s->app->package, 4000 + (int)(s->seq % 1000));
		log_line(s, &s->log_main, 'I', "ActivityManager", line);
	}
	process_kill(s);
}

void sim_act_clear(struct sim *s)
{
	process_kill(s);
	reset_vars(s, true);
	s->n_fired = 0;
	memset(s->bug_visit, 0, (s->app->n_bugs + 1) * sizeof *s->bug_visit);
	memset(s->bug_logged, 0, (s->app->n_bugs + 1) * sizeof *s->bug_logged);
}

void sim_act_launch(struct sim *s, int act, int screen, const char **launch_state,
		    bool *brought_front)
{
	const struct sim_activity *a = &s->app->activities[act];
	if (screen < 0)
		screen = a->screen;
	*brought_front = false;
	begin_action(s);
	other_close(s); /* the app's task comes to the front */
	if (!s->running) {
		s->running = true;
		s->pid += 17;
		s->task++;
		reset_vars(s, false);
		*launch_state = "COLD";
		char line[300];
		snprintf(line, sizeof line, "Start proc %d:%s/u0a123 for top-activity {%s/%s}", s->pid,
			 s->app->package, s->app->package, a->short_name);
		log_line(s, &s->log_main, 'I', "ActivityManager", line);
		s->foreground = true;
		push_frame(s, screen);
	} else if (!s->n_stack) {
		*launch_state = "WARM";
		s->task++;
		s->foreground = true;
		push_frame(s, screen);
	} else if (act == s->app->launcher && screen == a->screen) {
		*launch_state = "HOT";
		*brought_front = true;
		bool was_fg = s->foreground;
		s->foreground = true;
		struct sim_frame *f = sim_top(s);
		if (!was_fg && f) {
			char ev[300];
			snprintf(ev, sizeof ev, "%s.resume", s->app->screens[f->screen].name);
			struct rowctx rc = { -1, -1 };
			run_event(s, ev, cJSON_GetObjectItemCaseSensitive(s->app->screens[f->screen].json,
									  "on_resume"), rc);
		}
	} else {
		*launch_state = s->foreground ? "HOT" : "WARM";
		s->foreground = true;
		push_frame(s, screen);
	}
	if (s->crashed_now)
		*launch_state = "COLD";
	end_action(s);
}

void sim_act_switch_app(struct sim *s, const struct sim_app *app)
{
	process_kill(s);
	for (size_t i = 0; i < s->app->n_vars; i++)
		sim_value_free(&s->vars[i]);
	free(s->vars);
	free(s->bug_visit);
	free(s->bug_logged);
	s->app = app;
	s->vars = xcalloc(app->n_vars + 1, sizeof *s->vars);
	s->bug_visit = xcalloc(app->n_bugs + 1, sizeof *s->bug_visit);
	s->bug_logged = xcalloc(app->n_bugs + 1, sizeof *s->bug_logged);
	for (size_t i = 0; i < app->n_vars; i++)
		sim_value_copy(&s->vars[i], &app->vars[i].init);
}

int sim_new(const struct sim_app *app, const struct sim_options *opt, struct sim **out)
{
	struct sim *s = xcalloc(1, sizeof *s);
	*out = NULL;
	pthread_mutex_init(&s->lock, NULL);
	s->app = app;
	s->port_w = opt && opt->width > 0 ? opt->width : 1080;
	s->port_h = opt && opt->height > 0 ? opt->height : 2400;
	if (s->port_w < 240 || s->port_h < 320 || s->port_w > 8192 || s->port_h > 8192) {
		pthread_mutex_destroy(&s->lock);
		free(s);
		return td_error(TD_ERR_INVALID, "sim: screen size %dx%d out of range (240x320..8192x8192)",
				opt->width, opt->height);
	}
	s->fixed = opt && opt->fixed;
	if (opt && opt->latency && strcmp(opt->latency, "none") != 0) {
		if (strcmp(opt->latency, "phone") != 0) {
			pthread_mutex_destroy(&s->lock);
			free(s);
			return td_error(TD_ERR_INVALID, "sim: unknown latency profile '%s' (none, phone)",
					opt->latency);
		}
		s->latency = 1;
	}
	s->vars = xcalloc(app->n_vars + 1, sizeof *s->vars);
	s->bug_visit = xcalloc(app->n_bugs + 1, sizeof *s->bug_visit);
	s->bug_logged = xcalloc(app->n_bugs + 1, sizeof *s->bug_logged);
	for (size_t i = 0; i < app->n_vars; i++)
		sim_value_copy(&s->vars[i], &app->vars[i].init);
	s->pkgs = xcalloc(1, sizeof *s->pkgs);
	s->pkgs[0].app = app;
	s->n_pkgs = 1;
	s->pid = 4211;
	s->task = 11;
	strbuf_init(&s->log_main, 0);
	strbuf_init(&s->log_crash, 0);
	sim_kv_set(&s->settings, &s->n_settings, "system:accelerometer_rotation", "0");
	sim_kv_set(&s->settings, &s->n_settings, "system:user_rotation", "0");
	sim_kv_set(&s->settings, &s->n_settings, "global:window_animation_scale", "1.0");
	sim_kv_set(&s->settings, &s->n_settings, "global:transition_animation_scale", "1.0");
	sim_kv_set(&s->settings, &s->n_settings, "global:animator_duration_scale", "1.0");
	sim_fs_init(s);
	*out = s;
	return TD_OK;
}

void sim_free(struct sim *s)
{
	if (!s)
		return;
	stack_clear(s);
	free(s->stack);
	free(s->other_text);
	for (size_t i = 0; i < s->app->n_vars; i++)
		sim_value_free(&s->vars[i]);
	free(s->vars);
	free(s->toast);
	free(s->fired);
	free(s->bug_visit);
	free(s->bug_logged);
	strbuf_release(&s->log_main);
	strbuf_release(&s->log_crash);
	sim_kv_free(s->settings, s->n_settings);
	sim_kv_free(s->props, s->n_props);
	for (size_t i = 0; i < s->n_perms; i++) {
		free(s->perms[i].package);
		free(s->perms[i].name);
	}
	free(s->perms);
	sim_fs_free(s);
	sim_pkg_free_all(s);
	pthread_mutex_destroy(&s->lock);
	free(s);
}
