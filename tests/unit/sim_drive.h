/*
 * sim_drive.h - driving the simulated device from unit tests the way a
 * tester would (test_sim_model.c for the demo apps, test_bench_apps.c for
 * the benchmark apps): shell commands, taps on a view found by resource-id
 * or text, short scripts, what a tester observes (dump, toasts, focus,
 * crashes), the display oracle's view of a clean screen, a fresh launched
 * app, and whether an injected bug fired.
 */
#ifndef TRIDENT_TESTS_SIM_DRIVE_H
#define TRIDENT_TESTS_SIM_DRIVE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/ui.h"
#include "device/sim/sim.h"
#include "device/sim/sim_truth.h"
#include "device/sim/sim_view.h"
#include "test.h"

static struct strbuf last_out = STRBUF_INIT;

/* Run a shell command; returns its stdout (valid until the next call). */
__attribute__((unused)) static const char *sh(struct sim *s, const char *cmd)
{
	struct strbuf err = STRBUF_INIT;
	int code = 0;
	strbuf_reset(&last_out);
	if (sim_shell(s, cmd, &last_out, &err, &code) != 0)
		TEST_FAIL_AT("sim_shell(%s) failed", cmd);
	(void)strbuf_add(&last_out, err.buf, err.len);
	strbuf_release(&err);
	return last_out.buf;
}

__attribute__((unused)) static const struct sim_view *find_view(const struct sim_view *v, const char *id, const char *text, int *nth)
{
	const char *rid = v->resource_id ? strstr(v->resource_id, ":id/") : NULL;
	bool match = (id && rid && !strcmp(rid + 4, id)) || (text && !strcmp(v->text, text));
	if (match && (*nth)-- == 0)
		return v;
	for (size_t i = 0; i < v->n_children; i++) {
		const struct sim_view *r = find_view(v->children[i], id, text, nth);
		if (r)
			return r;
	}
	return NULL;
}

/* Tap the nth view with resource-id ID (or text); long press when asked. */
__attribute__((unused)) static bool tap(struct sim *s, const char *id, const char *text, int nth, bool longp)
{
	struct sim_screen_view *sv = NULL;
	if (sim_screen_view_get(s, &sv) != 0)
		return false;
	const struct sim_view *v = find_view(sv->root, id, text, &nth);
	char cmd[200];
	if (v) {
		int x = (v->x1 + v->x2) / 2, y = (v->y1 + v->y2) / 2;
		if (longp)
			snprintf(cmd, sizeof cmd, "input swipe %d %d %d %d 800", x, y, x, y);
		else
			snprintf(cmd, sizeof cmd, "input tap %d %d", x, y);
	}
	sim_screen_view_free(sv);
	if (!v) {
		TEST_FAIL_AT("no view %s%s", id ? id : "", text ? text : "");
		return false;
	}
	sh(s, cmd);
	return true;
}

/* Run a script: "tap:ID[#n]", "long:ID[#n]", "text:Label", else a shell command. */
__attribute__((unused)) static void run_script(struct sim *s, const char *const *steps)
{
	for (; *steps; steps++) {
		const char *st = *steps;
		if (!strncmp(st, "tap:", 4) || !strncmp(st, "long:", 5)) {
			bool lp = st[0] == 'l';
			char id[100];
			snprintf(id, sizeof id, "%s", st + (lp ? 5 : 4));
			int nth = 0;
			char *hash = strchr(id, '#');
			if (hash) {
				*hash = '\0';
				nth = atoi(hash + 1);
			}
			tap(s, id, NULL, nth, lp);
		} else if (!strncmp(st, "text:", 5)) {
			tap(s, NULL, st + 5, 0, false);
		} else {
			sh(s, st);
		}
	}
}

__attribute__((unused)) static void collect_toasts(const struct sim_view *v, struct strbuf *sb)
{
	if (v->kind == SIM_VIEW_TOAST)
		(void)strbuf_addf(sb, "toast:%s\n", v->text);
	for (size_t i = 0; i < v->n_children; i++)
		collect_toasts(v->children[i], sb);
}

/* What a tester sees: the dump, toasts, the focused window, crashes. */
__attribute__((unused)) static char *observe(struct sim *s)
{
	struct strbuf sb = STRBUF_INIT;
	(void)strbuf_adds(&sb, sh(s, "uiautomator dump /dev/tty"));
	struct sim_screen_view *sv = NULL;
	if (sim_screen_view_get(s, &sv) == 0) {
		collect_toasts(sv->root, &sb);
		sim_screen_view_free(sv);
	}
	(void)strbuf_adds(&sb, sh(s, "dumpsys window | grep mCurrentFocus"));
	(void)strbuf_adds(&sb, sh(s, "logcat -b crash -d | grep -c FATAL"));
	return strbuf_detach(&sb, NULL);
}

__attribute__((unused)) static bool is_ancestor(const struct ui_widget *a, const struct ui_widget *b)
{
	for (const struct ui_widget *p = b->parent; p; p = p->parent)
		if (p == a)
			return true;
	return false;
}

/* The display oracle's view of a clean screen: no two text widgets overlap
 * and nothing lies outside the screen. Returns the number of problems. */
__attribute__((unused)) static int display_problems(struct sim *s, const char *where)
{
	const char *x = sh(s, "uiautomator dump /dev/tty");
	struct ui_tree *t = NULL;
	int problems = 0;
	if (ui_parse(x, strlen(x), where, &t) != 0) {
		TEST_FAIL_AT("%s: dump does not parse: %s", where, td_errmsg(TD_ERR_PARSE));
		return 1;
	}
	int w = 1080, h = 2400;
	if (t->rotation % 2) {
		w = 2400;
		h = 1080;
	}
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *a = t->nodes[i];
		if (a->bounds.x1 < 0 || a->bounds.y1 < 0 || a->bounds.x2 > w || a->bounds.y2 > h) {
			fprintf(stderr, "%s: '%s' outside the screen\n", where, a->resource_id);
			problems++;
		}
		if (!a->text[0])
			continue;
		for (size_t j = i + 1; j < t->n_nodes; j++) {
			const struct ui_widget *b = t->nodes[j];
			if (!b->text[0] || is_ancestor(a, b) || is_ancestor(b, a))
				continue;
			if (ui_rect_intersects(&a->bounds, &b->bounds)) {
				fprintf(stderr, "%s: '%s' overlaps '%s'\n", where, a->text, b->text);
				problems++;
			}
		}
	}
	ui_tree_free(t);
	return problems;
}

__attribute__((unused)) static struct sim *start(const struct sim_app *app, bool fixed)
{
	struct sim_options o = { 0, 0, fixed, NULL };
	struct sim *s = NULL;
	if (sim_new(app, &o, &s) != 0)
		return NULL;
	char cmd[200];
	snprintf(cmd, sizeof cmd, "monkey -p %s -c android.intent.category.LAUNCHER 1", sim_app_package(app));
	sh(s, cmd);
	return s;
}

__attribute__((unused)) static bool fired(struct sim *s, const char *bug, const char **event)
{
	const struct sim_bug_event *ev;
	size_t n = sim_fired_bugs(s, &ev);
	for (size_t i = 0; i < n; i++) {
		if (!strcmp(ev[i].bug_id, bug)) {
			if (event)
				*event = ev[i].event;
			return true;
		}
	}
	return false;
}

#endif
