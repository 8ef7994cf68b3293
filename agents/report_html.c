/*
 * report_html.c - report.html from the run's JSON (see report_html.h).
 *
 * Layout: run metadata and counters; per bug a card with its filmstrip
 * (each step's screen with the acted-on widget boxed, then the result and
 * the evidence screens, BEFORE/AFTER for an oracle's before/after pair),
 * the widget diff, a crash's log with the exception and app frames marked,
 * and the reproduce commands; then the screen-transition graph, coverage
 * over time, and the functionality and activity lists (collapsed).
 */
#include "agents/report_html.h"
#include "agents/adb_script.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/run_record.h"
#include "core/image.h"
#include "core/strbuf.h"
#include "core/xalloc.h"

/* Thumbnails: small enough that a 300-step run's page stays a few MB. */
#define THUMB_LONG 400
#define THUMB_SHORT 225
/* Screens shown at most per filmstrip, nodes at most in the graph. */
#define FILM_MAX 24
#define GRAPH_MAX 60

struct thumb {
	char *rel;      /* run-relative path */
	int w, h;       /* the screenshot's own size (bounds are in these pixels) */
	bool ok;        /* readable */
};

struct html {
	struct strbuf out;   /* body */
	struct strbuf defs;  /* the hidden SVG's <defs>: one <image> per thumbnail */
	const char *run_dir;
	struct thumb *thumbs;
	int n_thumbs;
	int svg_ids;         /* clip/marker ids */
};

static const char *str_of(const cJSON *o, const char *key)
{
	return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, key));
}

static double num_of(const cJSON *o, const char *key)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsNumber(it) ? it->valuedouble : 0.0;
}

/*
 * The thumbnail of run-relative PNG `rel`: its index (embedded once, on first
 * use), or -1 when the file cannot be read.
 */
static int thumb_get(struct html *h, const char *rel)
{
	struct image *img = NULL, *small = NULL;
	unsigned char *png = NULL;
	char *abs, *b64 = NULL;
	size_t len = 0;
	struct thumb *t;
	int w, ht, i;

	if (!rel || !*rel)
		return -1;
	for (i = 0; i < h->n_thumbs; i++)
		if (!strcmp(h->thumbs[i].rel, rel))
			return h->thumbs[i].ok ? i : -1;
	h->thumbs = xrealloc(h->thumbs, (size_t)(h->n_thumbs + 1) * sizeof(*h->thumbs));
	t = &h->thumbs[h->n_thumbs++];
	memset(t, 0, sizeof(*t));
	t->rel = xstrdup(rel);
	abs = xasprintf("%s/%s", h->run_dir, rel);
	if (image_read_file(abs, &img) == TD_OK) {
		image_fit_size(img->width, img->height, THUMB_LONG, THUMB_SHORT, &w, &ht);
		small = image_downscale(img, w, ht);
		if (small && image_encode_png_palette(small, 9, NULL, 0, &png, &len) == TD_OK)
			b64 = image_base64(png, len, NULL);
	}
	if (b64) {
		t->ok = true;
		t->w = img->width;
		t->h = img->height;
		(void)strbuf_addf(&h->defs, "<image id=\"t%d\" width=\"%d\" height=\"%d\" "
				  "href=\"data:image/png;base64,%s\"/>\n", i, t->w, t->h, b64);
	}
	free(b64);
	free(png);
	image_free(small);
	image_free(img);
	free(abs);
	return t->ok ? i : -1;
}

/*
 * The box drawn where a step has no screen of its own (a side trip's
 * rotation, Home and relaunch, a scroll, or a screenshot not saved): an
 * icon and words saying what the step did, so the filmstrip reads on.
 */
static void no_screen_box(struct html *h, const cJSON *action)
{
	const char *type = str_of(action, "type"), *icon = "\u25a1", *what = "no screen saved";
	char *words = NULL;

	if (!type) {
		/* nothing known: the plain placeholder */
	} else if (!strcmp(type, "rotate")) {
		icon = "\u27f3";
		what = num_of(action, "rotation") == 1 ? "rotated to landscape" : "rotated back to portrait";
	} else if (!strcmp(type, "home")) {
		icon = "\u2302";
		what = "Home: the app goes to the background";
	} else if (!strcmp(type, "restart")) {
		icon = "\u21bb";
		what = "app stopped and relaunched";
	} else if (!strcmp(type, "start_activity") || !strcmp(type, "deep_link")) {
		icon = "\u25b6";
		what = words = xasprintf("app brought back (%s)", str_of(action, "uri") ? str_of(action, "uri") : "launch");
	} else if (!strcmp(type, "scroll")) {
		icon = "\u21f5";
		what = words = xasprintf("scrolled %s", str_of(action, "direction") ? str_of(action, "direction") : "");
	} else if (!strcmp(type, "back")) {
		icon = "\u2190";
		what = "Back key";
	} else if (!strcmp(type, "wait")) {
		icon = "\u231b";
		what = "waited for the page";
	} else {
		what = words = xasprintf("%s (no screen saved)", type);
	}
	(void)strbuf_adds(&h->out, "<div class=\"noshot trip\"><span class=\"icon\">");
	(void)strbuf_adds(&h->out, icon);
	(void)strbuf_adds(&h->out, "</span><span class=\"what\">");
	(void)strbuf_add_xml(&h->out, what);
	(void)strbuf_adds(&h->out, "</span></div>");
	free(words);
}

/*
 * One screen: the thumbnail with the acted-on widget (action's bounds, or its
 * x/y) boxed, linked to the full-size file; a placeholder when unreadable.
 * `label` (BEFORE, AFTER, result) is drawn over the picture.
 */
static void screen_figure(struct html *h, const char *rel, const cJSON *action, const char *label,
			  const char *caption, const char *cls)
{
	int t = thumb_get(h, rel);
	const cJSON *bounds = action ? cJSON_GetObjectItemCaseSensitive(action, "bounds") : NULL;

	(void)strbuf_addf(&h->out, "<figure class=\"frame%s%s\">", cls ? " " : "", cls ? cls : "");
	if (label) {
		(void)strbuf_adds(&h->out, "<span class=\"label\">");
		(void)strbuf_add_xml(&h->out, label);
		(void)strbuf_adds(&h->out, "</span>");
	}
	if (t >= 0) {
		const struct thumb *th = &h->thumbs[t];
		(void)strbuf_adds(&h->out, "<a href=\"");
		(void)strbuf_add_xml(&h->out, rel);
		(void)strbuf_addf(&h->out, "\"><svg class=\"shot\" viewBox=\"0 0 %d %d\" role=\"img\"><use href=\"#t%d\"/>",
				  th->w, th->h, t);
		if (cJSON_GetArraySize(bounds) == 4) {
			double l = cJSON_GetArrayItem(bounds, 0)->valuedouble, tp = cJSON_GetArrayItem(bounds, 1)->valuedouble;
			double r = cJSON_GetArrayItem(bounds, 2)->valuedouble, b = cJSON_GetArrayItem(bounds, 3)->valuedouble;
			(void)strbuf_addf(&h->out, "<rect class=\"target\" x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" "
					  "height=\"%.0f\"/>", l, tp, r - l, b - tp);
		}
		if (action && cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(action, "x")) &&
		    cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(action, "y")))
			(void)strbuf_addf(&h->out, "<circle class=\"tap\" cx=\"%.0f\" cy=\"%.0f\" r=\"%d\"/>",
					  num_of(action, "x"), num_of(action, "y"), th->w / 40 + 4);
		(void)strbuf_adds(&h->out, "</svg></a>");
	} else {
		no_screen_box(h, action);
	}
	(void)strbuf_adds(&h->out, "<figcaption>");
	(void)strbuf_add_xml(&h->out, caption);
	(void)strbuf_adds(&h->out, "</figcaption></figure>");
}

/* The step record of step `n` in the trace, or NULL. */
static const cJSON *trace_step(const struct run_record *rec, int n)
{
	const cJSON *s;
	if (!rec)
		return NULL;
	cJSON_ArrayForEach(s, run_record_steps(rec))
		if ((int)num_of(s, "step") == n)
			return s;
	return NULL;
}

/* Whether a bug is an oracle's before/after finding (its evidence: before, after the check). */
static bool before_after(const cJSON *bug)
{
	const char *by = str_of(bug, "found_by");
	return by && !strncmp(by, "oracle:", 7) && strcmp(by, "oracle:crash") &&
	       cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(bug, "evidence")) >= 2;
}

/* The evidence screens: BEFORE/AFTER for an oracle's before/after pair, else RESULT first. */
static void evidence_row(struct html *h, const cJSON *bug, const struct run_record *rec)
{
	const cJSON *steps = cJSON_GetObjectItemCaseSensitive(bug, "steps");
	const cJSON *ev = cJSON_GetObjectItemCaseSensitive(bug, "evidence"), *s;
	int n_ev = cJSON_GetArraySize(ev), k = 0;
	bool ba = before_after(bug);

	(void)strbuf_adds(&h->out, "<div class=\"evidence-row\">");
	cJSON_ArrayForEach(s, ev) {
		const char *label = "EVIDENCE";
		if (!cJSON_IsString(s))
			continue;
		if (ba)
			label = k == 0 ? "BEFORE" : k == n_ev - 1 ? "AFTER" : "EVIDENCE";
		else if (k == 0)
			label = "RESULT";
		screen_figure(h, s->valuestring, NULL, label, s->valuestring, "evidence");
		k++;
	}
	if (!k && rec) {
		/* No evidence listed: the screen after the last action. */
		const cJSON *last = cJSON_GetArrayItem(steps, cJSON_GetArraySize(steps) - 1);
		const cJSON *next = last ? trace_step(rec, (int)num_of(last, "step") + 1) : NULL;
		if (next && str_of(next, "screenshot"))
			screen_figure(h, str_of(next, "screenshot"), NULL, "RESULT", str_of(next, "screenshot"),
				      "evidence");
	}
	(void)strbuf_adds(&h->out, "</div>");
}

/*
 * A saved screen of the same abstract screen as run step `step` (the trace's
 * "screen" signature): with run.save_screens "bugs" a step's own PNG exists
 * only when its screen was new or it was among the last steps before a bug,
 * but the first step on each abstract screen is always saved. Its
 * run-relative path and step number, or NULL.
 */
static const char *like_screen(struct html *h, const struct run_record *rec, int step, int *like_step)
{
	const cJSON *at = trace_step(rec, step), *s;
	const char *sig = str_of(at, "screen");
	if (!sig)
		return NULL;
	cJSON_ArrayForEach(s, run_record_steps(rec)) {
		const char *shot = str_of(s, "screenshot");
		if (shot && str_of(s, "screen") && !strcmp(str_of(s, "screen"), sig) && thumb_get(h, shot) >= 0) {
			*like_step = (int)num_of(s, "step");
			return shot;
		}
	}
	return NULL;
}

/*
 * The filmstrip: each step's screen with the acted-on widget boxed (the last
 * FILM_MAX). A step whose own screen was not saved (run.save_screens) shows
 * the first saved screen of the same abstract screen, and its caption says so.
 */
static void filmstrip(struct html *h, const cJSON *bug, const struct run_record *rec)
{
	const cJSON *steps = cJSON_GetObjectItemCaseSensitive(bug, "steps"), *s;
	int n = cJSON_GetArraySize(steps), i = 0;

	(void)strbuf_addf(&h->out, "<h4>Path (%d step%s from a fresh start; the acted-on widget is boxed)</h4>"
			  "<div class=\"filmstrip\">", n, n == 1 ? "" : "s");
	if (n > FILM_MAX)
		(void)strbuf_addf(&h->out, "<div class=\"elided\">first %d steps not shown "
				  "(see Steps to reproduce)</div>", n - FILM_MAX);
	cJSON_ArrayForEach(s, steps) {
		const cJSON *a = cJSON_GetObjectItemCaseSensitive(s, "action");
		const char *shot = str_of(s, "screen"), *d = str_of(s, "description");
		int step = (int)num_of(s, "step");
		bool side = str_of(s, "side_trip") != NULL;
		char *cap, *fallback = NULL;

		if (i++ < n - FILM_MAX)
			continue;
		/* A side trip's step number is the explorer step it followed, whose
		 * screen is not the one the trip acted on: it gets a box saying what
		 * it did (no_screen_box) unless its own screen was saved. */
		int like_step = 0;
		if (!shot && step > 0 && !side)
			shot = fallback = xasprintf("steps/%04d.png", step);
		if (shot && step > 0 && !side && thumb_get(h, shot) < 0) {
			const char *like = like_screen(h, rec, step, &like_step);
			if (like)
				shot = like;
		}
		if (!d)
			d = str_of(a, "type");
		if (like_step)
			cap = xasprintf("%d. %s (step %d shows the same screen; step %d's own was not saved)", i, d ? d : "?",
					like_step, step);
		else
			cap = xasprintf("%d. %s", i, d ? d : "?");
		screen_figure(h, shot, a, NULL, cap, step < 0 || side ? "side" : NULL);
		free(cap);
		free(fallback);
	}
	(void)strbuf_adds(&h->out, "</div>");
}

/* A widget-diff entry {"before": {...}, "after": {...}} as "id: "old" -> "new""; NULL otherwise. */
static char *before_after_text(const cJSON *x)
{
	const cJSON *b = cJSON_GetObjectItemCaseSensitive(x, "before");
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(x, "after");
	const char *id;
	if (!cJSON_IsObject(b) && !cJSON_IsObject(a))
		return NULL;
	id = str_of(b, "resource_id") ? str_of(b, "resource_id") : str_of(a, "resource_id");
	if (id && strchr(id, '/'))
		id = strchr(id, '/') + 1;
	return xasprintf("%s: \"%s\" \u2192 %s%s%s", id ? id : str_of(b, "class") ? str_of(b, "class") : "widget",
			 str_of(b, "text") ? str_of(b, "text") : "", a ? "\"" : "(gone)",
			 a && str_of(a, "text") ? str_of(a, "text") : "", a ? "\"" : "");
}

/* One JSON value as text (strings bare). Caller frees. */
static char *value_text(const cJSON *v)
{
	if (cJSON_IsString(v))
		return xstrdup(v->valuestring);
	return cJSON_PrintUnformatted(v);
}

/* The finder's evidence object: a key/value table (a widget diff, list rows, counts). */
static void widget_diff(struct html *h, const cJSON *extra)
{
	const cJSON *it;
	if (!cJSON_IsObject(extra) || !extra->child)
		return;
	(void)strbuf_adds(&h->out, "<details class=\"diff\" open><summary>Widget diff</summary><table>");
	cJSON_ArrayForEach(it, extra) {
		(void)strbuf_adds(&h->out, "<tr><th>");
		(void)strbuf_add_xml(&h->out, it->string);
		(void)strbuf_adds(&h->out, "</th><td>");
		if (cJSON_IsArray(it)) {
			const cJSON *x;
			(void)strbuf_adds(&h->out, "<ul>");
			cJSON_ArrayForEach(x, it) {
				char *t = before_after_text(x);
				if (!t)
					t = value_text(x);
				(void)strbuf_adds(&h->out, "<li>");
				(void)strbuf_add_xml(&h->out, t);
				(void)strbuf_adds(&h->out, "</li>");
				free(t);
			}
			(void)strbuf_adds(&h->out, "</ul>");
		} else {
			char *t = value_text(it);
			if (strchr(t, '\n')) {
				(void)strbuf_adds(&h->out, "<pre>");
				(void)strbuf_add_xml(&h->out, t);
				(void)strbuf_adds(&h->out, "</pre>");
			} else {
				(void)strbuf_add_xml(&h->out, t);
			}
			free(t);
		}
		(void)strbuf_adds(&h->out, "</td></tr>");
	}
	(void)strbuf_adds(&h->out, "</table></details>");
}

/*
 * A crash log, preformatted: the exception line(s) and the app's own frames
 * ("at PKG.") marked.
 */
static void crash_log(struct html *h, const char *log, const char *package)
{
	const char *p = log;
	(void)strbuf_adds(&h->out, "<h4>Crash log</h4><pre class=\"logcat\">");
	while (p && *p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		char *line = xstrndup(p, len);
		const char *cls = NULL;
		char *at = package && *package ? xasprintf("at %s.", package) : NULL;

		if (strstr(line, "Exception") || strstr(line, "Error") || strstr(line, "FATAL") ||
		    strstr(line, "ANR in"))
			cls = "exc";
		else if (at && strstr(line, at))
			cls = "app";
		if (cls)
			(void)strbuf_addf(&h->out, "<mark class=\"%s\">", cls);
		(void)strbuf_add_xml(&h->out, line);
		if (cls)
			(void)strbuf_adds(&h->out, "</mark>");
		(void)strbuf_addch(&h->out, '\n');
		free(at);
		free(line);
		p = nl ? nl + 1 : NULL;
	}
	(void)strbuf_adds(&h->out, "</pre>");
}

/* One bug's card. */
static void bug_card(struct html *h, const cJSON *bug, const cJSON *summary, const struct run_record *rec,
		     const char *device)
{
	const char *id = str_of(bug, "id"), *cat = str_of(bug, "category");
	const char *exp = str_of(bug, "expected"), *act = str_of(bug, "actual");
	const cJSON *steps = cJSON_GetObjectItemCaseSensitive(bug, "steps"), *s;
	const cJSON *adb = cJSON_GetObjectItemCaseSensitive(bug, "adb_commands");
	const cJSON *orig = cJSON_GetObjectItemCaseSensitive(bug, "original_steps");
	const cJSON *extra = cJSON_GetObjectItemCaseSensitive(bug, "extra");
	int occ = (int)num_of(bug, "occurrences"), n = cJSON_GetArraySize(steps);
	bool crash = cat && !strcmp(cat, "crash");

	(void)strbuf_adds(&h->out, "<section class=\"bug\" id=\"");
	(void)strbuf_add_xml(&h->out, id);
	(void)strbuf_adds(&h->out, "\"><h3>");
	(void)strbuf_add_xml(&h->out, id);
	(void)strbuf_adds(&h->out, " &middot; ");
	(void)strbuf_add_xml(&h->out, str_of(bug, "title"));
	(void)strbuf_adds(&h->out, "</h3><p class=\"meta\"><span class=\"cat\">");
	(void)strbuf_add_xml(&h->out, cat);
	(void)strbuf_adds(&h->out, "</span>");
	/* No functionality known (oracle bugs mostly): say nothing rather than "-". */
	if (str_of(bug, "functionality") && *str_of(bug, "functionality")) {
		(void)strbuf_adds(&h->out, " functionality <b>");
		(void)strbuf_add_xml(&h->out, str_of(bug, "functionality"));
		(void)strbuf_adds(&h->out, "</b>");
	}
	(void)strbuf_adds(&h->out, " &middot; found by <b>");
	(void)strbuf_add_xml(&h->out, str_of(bug, "found_by"));
	(void)strbuf_addf(&h->out, "</b> at step %d%s", (int)num_of(bug, "step"),
			  cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(bug, "confirmed")) ?
			  " &middot; <b class=\"ok\">confirmed by replay</b>" : "");
	if (occ > 1)
		(void)strbuf_addf(&h->out, " &middot; reported %d times", occ);
	(void)strbuf_adds(&h->out, "</p><p>");
	(void)strbuf_add_xml(&h->out, str_of(bug, "description"));
	(void)strbuf_adds(&h->out, "</p>");
	if (exp || act) {
		(void)strbuf_adds(&h->out, "<table class=\"ea\"><tr><th>Expected</th><td>");
		(void)strbuf_add_xml(&h->out, exp ? exp : "-");
		(void)strbuf_adds(&h->out, "</td></tr><tr><th>Actual</th><td>");
		(void)strbuf_add_xml(&h->out, act ? act : "-");
		(void)strbuf_adds(&h->out, "</td></tr></table>");
	}
	evidence_row(h, bug, rec);
	filmstrip(h, bug, rec);
	if (crash) {
		const char *log = str_of(extra, "summary");
		crash_log(h, log && *log ? log : str_of(bug, "description"), str_of(summary, "package"));
	} else {
		widget_diff(h, extra);
	}
	(void)strbuf_addf(&h->out, "<details%s><summary>Steps to reproduce (%d)</summary><ol>",
			  n <= 8 ? " open" : "", n);
	cJSON_ArrayForEach(s, steps) {
		const char *d = str_of(s, "description"), *a = str_of(s, "activity");
		(void)strbuf_adds(&h->out, "<li>");
		(void)strbuf_add_xml(&h->out, d ? d : str_of(cJSON_GetObjectItemCaseSensitive(s, "action"), "type"));
		if (a) {
			(void)strbuf_adds(&h->out, " <span class=\"meta\">on ");
			(void)strbuf_add_xml(&h->out, a);
			(void)strbuf_adds(&h->out, "</span>");
		}
		(void)strbuf_adds(&h->out, "</li>");
	}
	(void)strbuf_adds(&h->out, "</ol></details>");
	if (cJSON_IsArray(orig))
		(void)strbuf_addf(&h->out, "<p class=\"meta\">minimised from %d recorded steps "
				  "(original_steps in bugs.json)</p>", cJSON_GetArraySize(orig));
	/* Long command lists are collapsed (the filmstrip shows the path). */
	(void)strbuf_addf(&h->out, "<details%s><summary>Reproduce with adb (%d step%s)</summary><pre class=\"cmd\">",
			  (cJSON_IsArray(adb) ? cJSON_GetArraySize(adb) : n) <= 10 ? " open" : "", n, n == 1 ? "" : "s");
	{
		/* bugs.json's adb commands; for an older bugs.json, made from the steps. */
		cJSON *made = cJSON_IsArray(adb) && cJSON_GetArraySize(adb) > 0 ? NULL :
			      adb_script_for_bug(bug, str_of(summary, "package"), NULL);

		const cJSON *list = made ? made : adb;

		cJSON_ArrayForEach(s, list)
			if (cJSON_IsString(s)) {
				(void)strbuf_add_xml(&h->out, s->valuestring);
				(void)strbuf_addch(&h->out, '\n');
			}
		cJSON_Delete(made);
	}
	(void)strbuf_adds(&h->out, "</pre></details>");
	if (device && id) {
		(void)strbuf_adds(&h->out, "<p class=\"meta\">Replay with trident: <code>trident replay RUN ");
		(void)strbuf_add_xml(&h->out, id);
		(void)strbuf_adds(&h->out, " --device ");
		(void)strbuf_add_xml(&h->out, device);
		(void)strbuf_adds(&h->out, "</code></p>");
	}
	(void)strbuf_adds(&h->out, "</section>\n");
}

/* Distinct abstract screens in first-seen order, with the step records that show them. */
struct gnode {
	const char *sig;
	const char *shot;      /* first screenshot */
	const char *activity;
	int visits;
	bool bug;
};

static int node_of(struct gnode *nodes, int n, const char *sig)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(nodes[i].sig, sig))
			return i;
	return -1;
}

/*
 * The screen-transition graph: abstract screens as thumbnail nodes on a grid
 * (first seen first), actions as arrows (one per screen pair, its actions in
 * the tooltip), bug screens outlined red.
 */
static void transition_graph(struct html *h, const struct run_record *rec, const cJSON *bugs)
{
	const cJSON *steps = run_record_steps(rec), *s, *prev = NULL, *b;
	struct gnode *nodes = NULL;
	int n = 0, cols, rows, cw = 120, ch = 190, tw = 72, th = 128;
	struct { int from, to, count; char *label; } *edges = NULL;
	int n_edges = 0, shown;

	cJSON_ArrayForEach(s, steps) {
		const char *sig = str_of(s, "screen");
		int i;
		if (!sig)
			continue;
		i = node_of(nodes, n, sig);
		if (i < 0) {
			nodes = xrealloc(nodes, (size_t)(n + 1) * sizeof(*nodes));
			nodes[n] = (struct gnode){ sig, str_of(s, "screenshot"), str_of(s, "activity"), 0, false };
			i = n++;
		}
		nodes[i].visits++;
	}
	if (!n) {
		free(nodes);
		return;
	}
	/* A bug's screen: the screen after its last action (the step after it was reported). */
	cJSON_ArrayForEach(b, cJSON_GetObjectItemCaseSensitive(bugs, "bugs")) {
		const cJSON *at = trace_step(rec, (int)num_of(b, "step") + 1);
		if (!at)
			at = trace_step(rec, (int)num_of(b, "step"));
		if (at && str_of(at, "screen")) {
			int i = node_of(nodes, n, str_of(at, "screen"));
			if (i >= 0)
				nodes[i].bug = true;
		}
	}
	shown = n < GRAPH_MAX ? n : GRAPH_MAX;
	cJSON_ArrayForEach(s, steps) {
		const char *sig = str_of(s, "screen");
		if (prev && sig && str_of(prev, "screen") &&
		    (int)num_of(s, "step") == (int)num_of(prev, "step") + 1) {
			int a = node_of(nodes, n, str_of(prev, "screen")), z = node_of(nodes, n, sig), e;
			const char *d = str_of(prev, "description");
			if (a != z && a < shown && z < shown) {
				for (e = 0; e < n_edges; e++)
					if (edges[e].from == a && edges[e].to == z)
						break;
				if (e == n_edges) {
					edges = xrealloc(edges, (size_t)(n_edges + 1) * sizeof(*edges));
					edges[e].from = a;
					edges[e].to = z;
					edges[e].count = 0;
					edges[e].label = xstrdup(d ? d : "");
					n_edges++;
				}
				edges[e].count++;
			}
		}
		prev = s;
	}
	cols = (int)ceil(sqrt((double)shown * 1.6));
	if (cols > 10)
		cols = 10;
	rows = (shown + cols - 1) / cols;
	(void)strbuf_addf(&h->out, "<h2>Screen transitions</h2><p class=\"meta\">%d distinct screens%s, "
			  "%d transitions between them; red: a bug shows on that screen. Hover an arrow "
			  "for its action.</p>", n, n > shown ? " (the first 60 drawn)" : "", n_edges);
	(void)strbuf_addf(&h->out, "<div class=\"graph\"><svg class=\"graph\" viewBox=\"0 0 %d %d\" "
			  "width=\"%d\" role=\"img\"><defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" "
			  "refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0L10,5L0,10z\" "
			  "fill=\"#557\"/></marker></defs>", cols * cw, rows * ch, cols * cw);
	for (int e = 0; e < n_edges; e++) {
		int a = edges[e].from, z = edges[e].to;
		double x1 = (a % cols) * cw + cw / 2.0, y1 = (a / cols) * ch + 10 + th / 2.0;
		double x2 = (z % cols) * cw + cw / 2.0, y2 = (z / cols) * ch + 10 + th / 2.0;
		double dx = x2 - x1, dy = y2 - y1;
		/* Leave and enter at the boxes' edges; bend a little so that A->B and B->A do not overlap. */
		double k = fmin(dx ? (tw / 2.0 + 3) / fabs(dx) : 1e9, dy ? (th / 2.0 + 3) / fabs(dy) : 1e9);
		double sx = x1 + dx * k, sy = y1 + dy * k;
		double ex = x2 - dx * k, ey = y2 - dy * k;
		double mx = (sx + ex) / 2 - dy * 0.12, my = (sy + ey) / 2 + dx * 0.12;
		(void)strbuf_addf(&h->out, "<path class=\"edge\" d=\"M%.0f,%.0f Q%.0f,%.0f %.0f,%.0f\" "
				  "stroke-width=\"%d\" marker-end=\"url(#arrow)\"><title>", sx, sy, mx, my, ex, ey,
				  edges[e].count > 4 ? 3 : edges[e].count > 1 ? 2 : 1);
		(void)strbuf_add_xml(&h->out, edges[e].label);
		if (edges[e].count > 1)
			(void)strbuf_addf(&h->out, " (%d times)", edges[e].count);
		(void)strbuf_adds(&h->out, "</title></path>");
		free(edges[e].label);
	}
	for (int i = 0; i < shown; i++) {
		int x = (i % cols) * cw + (cw - tw) / 2, y = (i / cols) * ch + 10;
		int t = thumb_get(h, nodes[i].shot);
		const char *act = nodes[i].activity ? strrchr(nodes[i].activity, '.') : NULL;
		(void)strbuf_addf(&h->out, "<g class=\"node%s\"><title>", nodes[i].bug ? " bugnode" : "");
		(void)strbuf_add_xml(&h->out, nodes[i].activity);
		(void)strbuf_addf(&h->out, " (screen %s, %d visits)</title>", nodes[i].sig, nodes[i].visits);
		if (t >= 0)
			(void)strbuf_addf(&h->out, "<svg x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
					  "preserveAspectRatio=\"xMidYMid meet\"><use href=\"#t%d\"/></svg>",
					  x, y, tw, th, h->thumbs[t].w, h->thumbs[t].h, t);
		(void)strbuf_addf(&h->out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"3\"/>"
				  "<text x=\"%d\" y=\"%d\">", x, y, tw, th, x + tw / 2, y + th + 16);
		(void)strbuf_add_xml(&h->out, act ? act + 1 : nodes[i].activity ? nodes[i].activity : "?");
		(void)strbuf_addf(&h->out, " &#215;%d</text></g>", nodes[i].visits);
	}
	(void)strbuf_adds(&h->out, "</svg></div>\n");
	free(edges);
	free(nodes);
}

/* Coverage over time: distinct screens and activities after each step, as an SVG line chart. */
static void coverage_chart(struct html *h, const struct run_record *rec)
{
	const cJSON *steps = run_record_steps(rec), *s;
	int n = cJSON_GetArraySize(steps), i = 0, max_y = 1, last;
	int *scr = xcalloc((size_t)n + 1, sizeof(int)), *act = xcalloc((size_t)n + 1, sizeof(int));
	const char **sigs = xcalloc((size_t)n + 1, sizeof(char *)), **acts = xcalloc((size_t)n + 1, sizeof(char *));
	int n_sigs = 0, n_acts = 0, W = 640, H = 220, L = 40, B = 30;

	if (!n)
		goto out;
	cJSON_ArrayForEach(s, steps) {
		const char *sig = str_of(s, "screen"), *a = str_of(s, "activity");
		int k;
		for (k = 0; sig && k < n_sigs && strcmp(sigs[k], sig); k++)
			;
		if (sig && k == n_sigs)
			sigs[n_sigs++] = sig;
		for (k = 0; a && k < n_acts && strcmp(acts[k], a); k++)
			;
		if (a && k == n_acts)
			acts[n_acts++] = a;
		scr[i] = n_sigs;
		act[i] = n_acts;
		i++;
	}
	max_y = n_sigs > 1 ? n_sigs : 1;
	last = (int)num_of(cJSON_GetArrayItem(steps, n - 1), "step");
	if (last < 1)
		last = n;
	(void)strbuf_addf(&h->out, "<h2>Coverage over time</h2><svg class=\"chart\" viewBox=\"0 0 %d %d\" "
			  "width=\"%d\" role=\"img\"><line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" class=\"axis\"/>"
			  "<line x1=\"%d\" y1=\"10\" x2=\"%d\" y2=\"%d\" class=\"axis\"/>"
			  "<text x=\"%d\" y=\"%d\" class=\"tick\">0</text><text x=\"%d\" y=\"%d\" class=\"tick\" "
			  "text-anchor=\"end\">step %d</text><text x=\"%d\" y=\"16\" class=\"tick\" "
			  "text-anchor=\"end\">%d</text>",
			  W, H, W, L, H - B, W - 10, H - B, L, L, H - B, L, H - B + 16, W - 10, H - B + 16, last,
			  L - 4, max_y);
	for (int series = 0; series < 2; series++) {
		const int *v = series ? act : scr;
		(void)strbuf_addf(&h->out, "<polyline class=\"%s\" points=\"", series ? "acts" : "screens");
		i = 0;
		cJSON_ArrayForEach(s, steps) {
			double x = L + (double)(W - 10 - L) * num_of(s, "step") / last;
			double y = (H - B) - (double)(H - B - 10) * v[i] / max_y;
			(void)strbuf_addf(&h->out, "%.1f,%.1f ", x, y);
			i++;
		}
		(void)strbuf_adds(&h->out, "\"/>");
	}
	(void)strbuf_addf(&h->out, "<text x=\"%d\" y=\"28\" class=\"screens-l\">distinct screens (%d)</text>"
			  "<text x=\"%d\" y=\"44\" class=\"acts-l\">activities (%d)</text></svg>\n",
			  L + 10, n_sigs, L + 10, n_acts);
out:
	free(scr);
	free(act);
	free(sigs);
	free(acts);
}

/* A metadata row; nothing when the value is empty. */
static void meta_row(struct strbuf *sb, const char *key, const char *value)
{
	if (!value || !*value)
		return;
	(void)strbuf_adds(sb, "<tr><th>");
	(void)strbuf_add_xml(sb, key);
	(void)strbuf_adds(sb, "</th><td>");
	(void)strbuf_add_xml(sb, value);
	(void)strbuf_adds(sb, "</td></tr>");
}

static const char CSS[] =
	"body{font-family:system-ui,sans-serif;margin:1.5em auto;max-width:1280px;padding:0 1em;color:#222}"
	"h1{margin-bottom:.2em}h2{border-bottom:2px solid #ddd;padding-bottom:.2em;margin-top:1.6em}"
	"table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}"
	"th{background:#f4f4f6;font-weight:600}"
	".cols{display:flex;gap:2em;flex-wrap:wrap}"
	".warn{background:#fff4d6;border:1px solid #e0b84f;padding:.5em 1em;border-radius:4px}"
	".toc a{margin-right:1em}"
	".bug{border:1px solid #d99;border-left:6px solid #c33;border-radius:6px;padding:.6em 1em;margin:1.2em 0;background:#fffdfd}"
	".bug h3{margin:.2em 0}.cat{background:#c33;color:#fff;border-radius:3px;padding:1px 6px;margin-right:.5em}"
	".ok{color:#171}.meta{color:#555;font-size:90%}"
	".ea th{width:6em}"
	".filmstrip{display:flex;gap:10px;overflow-x:auto;padding:6px 2px 10px;align-items:flex-start}"
	".frame{margin:0;flex:0 0 150px;position:relative}"
	".frame svg.shot{width:150px;display:block;border:1px solid #999;border-radius:3px;background:#eee}"
	".frame.evidence svg.shot{border:2px solid #c33}.frame.side{opacity:.85}"
	".evidence-row{display:flex;gap:14px;flex-wrap:wrap;margin:.6em 0}.evidence-row .frame{flex-basis:200px}"
	".evidence-row .frame svg.shot{width:200px}"
	".frame figcaption{font-size:75%;color:#333;word-break:break-word;margin-top:3px}"
	".label{position:absolute;top:4px;left:4px;background:#c33;color:#fff;font-weight:700;font-size:75%;"
	"padding:1px 5px;border-radius:3px;z-index:1}"
	".noshot{width:150px;height:100px;border:1px dashed #aaa;display:flex;flex-direction:column;align-items:center;"
	"justify-content:center;color:#555;font-size:80%;text-align:center;background:#fafafa}"
	".noshot .icon{font-size:200%;line-height:1.1}"
	".elided{flex:0 0 90px;color:#777;font-size:80%;align-self:center}"
	"rect.target{fill:rgba(255,200,0,.25);stroke:#e60;stroke-width:8}"
	"circle.tap{fill:rgba(230,60,0,.7);stroke:#fff;stroke-width:3}"
	"pre{background:#f6f6f8;padding:.6em;overflow-x:auto;font-size:85%}"
	"pre.logcat mark.exc{background:#fcc;font-weight:700}pre.logcat mark.app{background:#ffe38a}"
	"pre.cmd{background:#223;color:#dfe}"
	"details>summary{cursor:pointer;font-weight:600;margin:.4em 0}"
	".diff table{font-size:90%}.diff td,.ea td{overflow-wrap:anywhere}.diff ul{margin:0;padding-left:1.2em}"
	".graph{overflow-x:auto}svg.graph .edge{fill:none;stroke:#557;opacity:.55}"
	"svg.graph .node rect{fill:none;stroke:#888;stroke-width:1}"
	"svg.graph .bugnode rect{stroke:#d22;stroke-width:4}"
	"svg.graph text{font-size:11px;text-anchor:middle;fill:#333}"
	"svg.chart .axis{stroke:#999}svg.chart polyline{fill:none;stroke-width:2}"
	"svg.chart .screens{stroke:#2a6fdb}svg.chart .acts{stroke:#2a9d55}"
	"svg.chart .screens-l{fill:#2a6fdb;font-size:12px}svg.chart .acts-l{fill:#2a9d55;font-size:12px}"
	"svg.chart .tick{font-size:11px;fill:#555}";

char *report_html_render(const char *run_dir, const cJSON *summary, const cJSON *bugs,
			 const struct run_record *rec)
{
	struct html h = { STRBUF_INIT, STRBUF_INIT, run_dir, NULL, 0, 0 };
	struct strbuf page = STRBUF_INIT;
	const cJSON *start = rec ? run_record_start(rec) : NULL, *b, *it;
	const cJSON *list = cJSON_GetObjectItemCaseSensitive(bugs, "bugs");
	const cJSON *acts = cJSON_GetObjectItemCaseSensitive(summary, "activities");
	const char *pkg = str_of(summary, "package"), *brain = str_of(summary, "brain");
	const char *label = str_of(start, "app_label"), *device = str_of(start, "device");
	bool model = (brain && !strcmp(brain, "llm")) || num_of(summary, "tokens") > 0;
	int n_bugs = cJSON_GetArraySize(list), total = (int)num_of(acts, "total");
	char buf[160];

	/* Header and run metadata. */
	(void)strbuf_adds(&h.out, "<h1>trident report: ");
	(void)strbuf_add_xml(&h.out, label && *label ? label : pkg);
	(void)strbuf_addf(&h.out, "</h1><p class=\"meta\">%d bug%s &middot; %d steps &middot; %d screens "
			  "&middot; ", n_bugs, n_bugs == 1 ? "" : "s", (int)num_of(summary, "steps"),
			  (int)num_of(summary, "screens"));
	if (total)
		(void)strbuf_addf(&h.out, "%d of %d activities", (int)num_of(acts, "covered"), total);
	else
		(void)strbuf_addf(&h.out, "%d activities seen (manifest unknown)", (int)num_of(acts, "covered"));
	(void)strbuf_adds(&h.out, "</p>");
	if (cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(summary, "complete")))
		(void)strbuf_adds(&h.out, "<p class=\"warn\">This run was stopped before it finished (killed); "
				  "the report was rebuilt from trace.jsonl and covers every step it recorded. "
				  "Model counters of the unfinished part are not known.</p>");
	(void)strbuf_adds(&h.out, "<p class=\"toc\"><a href=\"#bugs\">Bugs</a><a href=\"#graph\">Screen transitions</a>"
			  "<a href=\"#coverage\">Coverage</a><a href=\"#steps\">Steps</a><a href=\"#funcs\">Functionalities</a></p>");
	(void)strbuf_adds(&h.out, "<div class=\"cols\"><table><caption>Run</caption>");
	meta_row(&h.out, "date", str_of(start, "date"));
	meta_row(&h.out, "device", device);
	meta_row(&h.out, "package", pkg);
	meta_row(&h.out, "app version", str_of(start, "app_version"));
	meta_row(&h.out, "brain", brain);
	if (start && cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(start, "seed"))) {
		snprintf(buf, sizeof(buf), "%.0f", num_of(start, "seed"));
		meta_row(&h.out, "seed", buf);
	}
	meta_row(&h.out, "trident", str_of(start, "trident_version") ? str_of(start, "trident_version") :
		 TRIDENT_VERSION);
	(void)strbuf_adds(&h.out, "</table><table><caption>Results</caption>");
	snprintf(buf, sizeof(buf), "%d of %d (stopped: %s)", (int)num_of(summary, "steps"),
		 (int)num_of(summary, "step_budget"), str_of(summary, "stop_reason") ? str_of(summary, "stop_reason") : "?");
	meta_row(&h.out, "steps", buf);
	snprintf(buf, sizeof(buf), "%d", (int)num_of(summary, "screens"));
	meta_row(&h.out, "distinct screens", buf);
	if (total)
		snprintf(buf, sizeof(buf), "%d of %d", (int)num_of(acts, "covered"), total);
	else
		snprintf(buf, sizeof(buf), "%d seen (activities unknown)", (int)num_of(acts, "covered"));
	meta_row(&h.out, "activities", buf);
	snprintf(buf, sizeof(buf), "%d", (int)num_of(summary, "functionalities"));
	meta_row(&h.out, "functionalities", buf);
	snprintf(buf, sizeof(buf), "%d", n_bugs);
	meta_row(&h.out, "bugs", buf);
	snprintf(buf, sizeof(buf), "%.1f s", num_of(summary, "wall_s"));
	meta_row(&h.out, "wall time", buf);
	if (model) {
		/* Model-only counters: an offline run has none. */
		snprintf(buf, sizeof(buf), "%d (%d skipped)", (int)num_of(summary, "segments_judged"),
			 (int)num_of(summary, "segments_skipped"));
		meta_row(&h.out, "segments judged", buf);
		snprintf(buf, sizeof(buf), "%d / %d", (int)num_of(summary, "alignment_retries"),
			 (int)num_of(summary, "fallbacks"));
		meta_row(&h.out, "alignment retries / fallbacks", buf);
		snprintf(buf, sizeof(buf), "%.0f", num_of(summary, "tokens"));
		meta_row(&h.out, "tokens", buf);
		snprintf(buf, sizeof(buf), "$%.4f", num_of(summary, "cost_usd"));
		meta_row(&h.out, "cost", buf);
	}
	snprintf(buf, sizeof(buf), "%d", (int)num_of(summary, "interventions"));
	meta_row(&h.out, "interventions", buf);
	(void)strbuf_adds(&h.out, "</table></div>\n");

	/* Bugs. */
	(void)strbuf_addf(&h.out, "<h2 id=\"bugs\">Bugs (%d)</h2>\n", n_bugs);
	if (!n_bugs)
		(void)strbuf_adds(&h.out, "<p>No bugs were reported.</p>\n");
	else {
		(void)strbuf_adds(&h.out, "<ul>");
		cJSON_ArrayForEach(b, list) {
			(void)strbuf_adds(&h.out, "<li><a href=\"#");
			(void)strbuf_add_xml(&h.out, str_of(b, "id"));
			(void)strbuf_adds(&h.out, "\">");
			(void)strbuf_add_xml(&h.out, str_of(b, "id"));
			(void)strbuf_adds(&h.out, "</a> ");
			(void)strbuf_add_xml(&h.out, str_of(b, "title"));
			(void)strbuf_adds(&h.out, " <span class=\"meta\">(");
			(void)strbuf_add_xml(&h.out, str_of(b, "category"));
			(void)strbuf_adds(&h.out, ")</span></li>");
		}
		(void)strbuf_adds(&h.out, "</ul>\n");
	}
	cJSON_ArrayForEach(b, list)
		bug_card(&h, b, summary, rec, device);

	/* Graph and coverage. */
	(void)strbuf_adds(&h.out, "<div id=\"graph\"></div>");
	if (rec)
		transition_graph(&h, rec, bugs);
	(void)strbuf_adds(&h.out, "<div id=\"coverage\"></div>");
	if (rec)
		coverage_chart(&h, rec);

	/* Every recorded step, collapsed. */
	if (rec) {
		const cJSON *steps = run_record_steps(rec);
		(void)strbuf_addf(&h.out, "<h2 id=\"steps\">Steps (%d recorded)</h2><details><summary>every step "
				  "with its screen and action</summary><table class=\"steps\"><tr><th>step</th>"
				  "<th>activity</th><th>action</th><th>functionality</th></tr>",
				  cJSON_GetArraySize(steps));
		cJSON_ArrayForEach(it, steps) {
			const char *shot = str_of(it, "screenshot");
			(void)strbuf_addf(&h.out, "<tr class=\"step\" data-step=\"%d\"><td>", (int)num_of(it, "step"));
			if (shot) {
				(void)strbuf_adds(&h.out, "<a href=\"");
				(void)strbuf_add_xml(&h.out, shot);
				(void)strbuf_addf(&h.out, "\">%d</a>", (int)num_of(it, "step"));
			} else {
				(void)strbuf_addf(&h.out, "%d", (int)num_of(it, "step"));
			}
			(void)strbuf_adds(&h.out, "</td><td>");
			(void)strbuf_add_xml(&h.out, str_of(it, "activity"));
			(void)strbuf_adds(&h.out, "</td><td>");
			(void)strbuf_add_xml(&h.out, str_of(it, "description"));
			(void)strbuf_adds(&h.out, "</td><td>");
			(void)strbuf_add_xml(&h.out, str_of(it, "functionality"));
			(void)strbuf_adds(&h.out, "</td></tr>");
		}
		(void)strbuf_adds(&h.out, "</table></details>\n");
	}

	/* Functionalities and activities, collapsed when long. */
	{
		const cJSON *funcs = cJSON_GetObjectItemCaseSensitive(summary, "functionality_list");
		int nf = cJSON_GetArraySize(funcs);
		(void)strbuf_addf(&h.out, "<h2 id=\"funcs\">Functionalities (%d)</h2><details%s><summary>"
				  "functionality list</summary><table><tr><th>functionality</th><th>visits</th>"
				  "<th>steps</th><th>status</th></tr>", nf, nf <= 12 ? " open" : "");
		cJSON_ArrayForEach(it, funcs) {
			(void)strbuf_adds(&h.out, "<tr><td>");
			(void)strbuf_add_xml(&h.out, str_of(it, "name"));
			(void)strbuf_addf(&h.out, "</td><td>%d</td><td>%d</td><td>", (int)num_of(it, "visits"),
					  (int)num_of(it, "steps"));
			(void)strbuf_add_xml(&h.out, str_of(it, "status"));
			(void)strbuf_adds(&h.out, "</td></tr>");
		}
		(void)strbuf_adds(&h.out, "</table></details>\n");
	}
	{
		const cJSON *vis = cJSON_GetObjectItemCaseSensitive(acts, "visited");
		const cJSON *miss = cJSON_GetObjectItemCaseSensitive(acts, "missed");
		const cJSON *seen = cJSON_GetObjectItemCaseSensitive(acts, "seen");
		int na = cJSON_GetArraySize(vis) + cJSON_GetArraySize(miss);
		(void)strbuf_addf(&h.out, "<h2>Activities</h2><details%s><summary>%s</summary><ul>",
				  na <= 12 ? " open" : "", total ? "manifest activities" : "activities seen (no manifest)");
		cJSON_ArrayForEach(it, vis) {
			(void)strbuf_adds(&h.out, "<li>&#10003; ");
			(void)strbuf_add_xml(&h.out, it->valuestring);
			(void)strbuf_adds(&h.out, "</li>");
		}
		cJSON_ArrayForEach(it, miss) {
			(void)strbuf_adds(&h.out, "<li>&#10007; ");
			(void)strbuf_add_xml(&h.out, it->valuestring);
			(void)strbuf_adds(&h.out, "</li>");
		}
		if (!total)
			cJSON_ArrayForEach(it, seen) {
				(void)strbuf_adds(&h.out, "<li>");
				(void)strbuf_add_xml(&h.out, it->valuestring);
				(void)strbuf_adds(&h.out, "</li>");
			}
		(void)strbuf_adds(&h.out, "</ul></details>\n");
	}
	if (model && cJSON_GetObjectItemCaseSensitive(summary, "llm")) {
		char *t = cJSON_Print(cJSON_GetObjectItemCaseSensitive(summary, "llm"));
		(void)strbuf_adds(&h.out, "<h2>Model usage</h2><details><summary>per agent</summary><pre>");
		(void)strbuf_add_xml(&h.out, t);
		(void)strbuf_adds(&h.out, "</pre></details>\n");
		free(t);
	}
	(void)strbuf_adds(&h.out, "<p class=\"meta\">Generated by trident " TRIDENT_VERSION
			  ". Full trace: trace.jsonl; bugs: bugs.json; screens: steps/.</p>");

	(void)strbuf_adds(&page, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
			  "<title>trident report: ");
	(void)strbuf_add_xml(&page, pkg);
	(void)strbuf_addf(&page, "</title><style>%s</style></head><body>\n", CSS);
	/* Every thumbnail once; the filmstrips and the graph <use> them. */
	(void)strbuf_adds(&page, "<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\"><defs>\n");
	(void)strbuf_add(&page, h.defs.buf, h.defs.len);
	(void)strbuf_adds(&page, "</defs></svg>\n");
	(void)strbuf_add(&page, h.out.buf, h.out.len);
	(void)strbuf_adds(&page, "</body></html>\n");
	strbuf_release(&h.out);
	strbuf_release(&h.defs);
	for (int i = 0; i < h.n_thumbs; i++)
		free(h.thumbs[i].rel);
	free(h.thumbs);
	return strbuf_detach(&page, NULL);
}
