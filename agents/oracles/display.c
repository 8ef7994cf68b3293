/*
 * display.c - oracle "display" (oracle 6): overlapping text widgets and
 * widgets off the screen, read from the widget tree, in portrait and once per
 * screen in landscape.
 */
#include <ctype.h>
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

/* Whether a is an ancestor of b. */
static bool is_ancestor(const struct ui_widget *a, const struct ui_widget *b)
{
	for (const struct ui_widget *p = b->parent; p; p = p->parent)
		if (p == a)
			return true;
	return false;
}

/* Whether a widget is an overlay layer (dialog card, scrim, popup, toast). */
bool oracle_is_layer(const struct ui_widget *w, const struct ui_rect *screen)
{
	char low[256];
	long area = (long)ui_rect_width(&w->bounds) * ui_rect_height(&w->bounds);
	long sarea = (long)ui_rect_width(screen) * ui_rect_height(screen);

	snprintf(low, sizeof(low), "%s %s", w->class_name, w->resource_id);
	for (char *p = low; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	if (strstr(low, "dialog") || strstr(low, "scrim") || strstr(low, "popup") ||
	    strstr(low, "toast") || strstr(low, "snackbar") || strstr(low, "menu"))
		return true;
	return w->depth <= 2 && sarea > 0 && area * 2 >= sarea && w->parent && w->parent->n_children > 1 &&
	       w->parent->children[0] != w;
}

size_t oracle_count_layers(const struct ui_tree *t)
{
	size_t n = 0;

	for (size_t i = 0; i < t->n_nodes; i++)
		if (ui_widget_visible(t->nodes[i], &t->screen) && oracle_is_layer(t->nodes[i], &t->screen))
			n++;
	return n;
}

/* Whether w is drawn under a later overlay layer (or is itself transient). */
bool oracle_hidden_under_layer(const struct ui_tree *t, const struct ui_widget *w)
{
	int cx = (w->bounds.x1 + w->bounds.x2) / 2, cy = (w->bounds.y1 + w->bounds.y2) / 2;

	for (size_t i = w->order + 1; i < t->n_nodes; i++) {
		const struct ui_widget *o = t->nodes[i];

		if (is_ancestor(w, o) || is_ancestor(o, w))
			continue;
		if (cx >= o->bounds.x1 && cx < o->bounds.x2 && cy >= o->bounds.y1 && cy < o->bounds.y2 &&
		    oracle_is_layer(o, &t->screen))
			return true;
	}
	return false;
}

/* Whether w is a visible text widget for the overlap check. */
static bool text_widget(const struct ui_tree *t, const struct ui_widget *w)
{
	char low[256];

	if (!*w->text || !w->visible_to_user || ui_rect_empty(&w->bounds) ||
	    !ui_widget_visible(w, &t->screen) || ui_class_is_editable(w->class_name))
		return false;
	snprintf(low, sizeof(low), "%s %s", w->class_name, w->resource_id);
	for (char *p = low; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return !strstr(low, "toast") && !strstr(low, "snackbar");
}

/* Intersection area of two rects. */
static long overlap_area(const struct ui_rect *a, const struct ui_rect *b)
{
	int x1 = a->x1 > b->x1 ? a->x1 : b->x1, y1 = a->y1 > b->y1 ? a->y1 : b->y1;
	int x2 = a->x2 < b->x2 ? a->x2 : b->x2, y2 = a->y2 < b->y2 ? a->y2 : b->y2;

	return x2 > x1 && y2 > y1 ? (long)(x2 - x1) * (y2 - y1) : 0;
}

/* The list's viewport: the list when it scrolls, else its nearest scrolling ancestor; NULL when none. */
static const struct ui_widget *viewport_of(const struct ui_widget *l)
{
	for (const struct ui_widget *p = l; p; p = p->parent)
		if (p->scrollable)
			return p;
	return NULL;
}

/* The position in t->nodes just past w's subtree. */
static size_t subtree_end(const struct ui_tree *t, const struct ui_widget *w)
{
	size_t i = w->order + 1;

	while (i < t->n_nodes && is_ancestor(w, t->nodes[i]))
		i++;
	return i;
}

/*
 * Whether what vp scrolls ends inside it: every widget under vp but for
 * those under `floating` lies above vp's bottom edge (a dump clips what
 * runs on below the edge to the edge, so a widget that reaches it may go
 * on: the list is not known to be at its end).
 */
static bool content_ends_inside(const struct ui_tree *t, const struct ui_widget *vp, const struct ui_widget *floating)
{
	size_t end = subtree_end(t, vp);
	bool any = false;

	for (size_t i = vp->order + 1; i < end; i++) {
		const struct ui_widget *x = t->nodes[i];

		if (x == floating || is_ancestor(floating, x) || ui_rect_empty(&x->bounds))
			continue;
		if (x->bounds.y2 >= vp->bounds.y2)
			return false;
		any = true;
	}
	return any;
}

/*
 * A floating button over the end of a list (`issue` "covers_last_row"): a
 * list of 2+ rows whose scrolled content ends inside its viewport (nothing
 * more below: scrolling cannot move the last row), and a small clickable
 * widget drawn after the list, outside it, that lies on a clickable widget
 * of the list's last row (its Update, Close or amount button): that
 * control cannot be reached (appstore `appstore-update-all-covers-last`,
 * Droid-ify #684: Update all sits on the last update's Update button;
 * Fenix #11342: the new-tab button over the last tab). A text under the
 * button is not judged: a text's box spans its row while its letters may
 * stop well before the button, which a dump cannot tell.
 */
static bool covers_last_row(const struct ui_tree *t, struct oracle_finding *f, const struct ui_widget **vp_out)
{
	long screen_area = (long)ui_rect_width(&t->screen) * ui_rect_height(&t->screen);

	/* Portrait only: a short landscape screen puts floating buttons on rows in most apps (session 34). */
	if (oracle_screen_has_layer(t) || t->rotation % 2 || ui_rect_width(&t->screen) > ui_rect_height(&t->screen))
		return false;
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *l = t->nodes[i], *last = NULL, *vp;
		size_t rows = 0, end, lend;

		if (!oracle_is_list(l) || !ui_widget_visible(l, &t->screen))
			continue;
		for (size_t c = 0; c < l->n_children; c++)
			if (!ui_rect_empty(&l->children[c]->bounds)) {
				last = l->children[c];
				rows++;
			}
		vp = viewport_of(l);
		if (rows < 2 || !vp)
			continue;
		end = subtree_end(t, l);
		lend = subtree_end(t, last);
		/* Widgets after the list's subtree: drawn later, never its ancestors. */
		for (size_t j = end; j < t->n_nodes; j++) {
			const struct ui_widget *fl = t->nodes[j], *hit = NULL;
			long area = (long)ui_rect_width(&fl->bounds) * ui_rect_height(&fl->bounds);

			if (!fl->clickable || area <= 0 || area * 8 > screen_area ||
			    !ui_widget_visible(fl, &t->screen) || oracle_is_nav_item(fl) ||
			    !overlap_area(&fl->bounds, &last->bounds))
				continue;
			for (size_t k = last->order + 1; !hit && k < lend; k++) {
				const struct ui_widget *x = t->nodes[k];

				if (x->clickable && ui_widget_visible(x, &t->screen) && overlap_area(&x->bounds, &fl->bounds))
					hit = x;
			}
			if (!hit || !content_ends_inside(t, vp, fl))
				continue;
			oracle_finding_init(f);
			f->category = BUG_CAT_OCCLUSION;
			f->oracle = "display";
			f->title = xasprintf("'%s' covers '%s' of the last row of the list", oracle_widget_name(fl),
					     oracle_widget_name(hit));
			f->expected = xstrdup("at the end of a list its last row can be reached: a floating button "
					      "leaves room under it");
			f->actual = xasprintf("'%s' [%d,%d][%d,%d] lies on '%s' [%d,%d][%d,%d]; the list ends on "
					      "the screen, so no scroll moves the row from under it",
					      oracle_widget_name(fl), fl->bounds.x1, fl->bounds.y1, fl->bounds.x2,
					      fl->bounds.y2, oracle_widget_name(hit), hit->bounds.x1, hit->bounds.y1,
					      hit->bounds.x2, hit->bounds.y2);
			f->description = xasprintf("The list is shown to its end, and the floating '%s' is drawn over "
						   "'%s' in its last row: that control cannot be tapped.",
						   oracle_widget_name(fl), oracle_widget_name(hit));
			f->diff = cJSON_CreateObject();
			cJSON_AddStringToObject(f->diff, "issue", "covers_last_row");
			cJSON_AddItemToObject(f->diff, "floating", oracle_widget_json(fl));
			cJSON_AddItemToObject(f->diff, "covered", oracle_widget_json(hit));
			{
				char *subject = xasprintf("covers last row: %s over %s", fl->resource_id,
							  l->resource_id);

				cJSON_AddStringToObject(f->diff, "subject", subject);
				free(subject);
			}
			if (vp_out)
				*vp_out = vp;
			return true;
		}
	}
	return false;
}

/*
 * A list that runs on below its viewport's edge with a small floating
 * button drawn over it (after the list, on the list): the scrolling
 * viewport to take to the list's end, where covers_last_row can judge the
 * button; NULL when none. Portrait, no dialog.
 */
static const struct ui_widget *floating_over_long_list(const struct ui_tree *t)
{
	long screen_area = (long)ui_rect_width(&t->screen) * ui_rect_height(&t->screen);

	if (oracle_screen_has_layer(t) || t->rotation % 2 || ui_rect_width(&t->screen) > ui_rect_height(&t->screen))
		return NULL;
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *l = t->nodes[i], *vp;
		size_t rows = 0;

		if (!oracle_is_list(l) || !ui_widget_visible(l, &t->screen))
			continue;
		for (size_t c = 0; c < l->n_children; c++)
			rows += !ui_rect_empty(&l->children[c]->bounds);
		vp = viewport_of(l);
		if (rows < 2 || !vp)
			continue;
		for (size_t j = subtree_end(t, l); j < t->n_nodes; j++) {
			const struct ui_widget *fl = t->nodes[j];
			long area = (long)ui_rect_width(&fl->bounds) * ui_rect_height(&fl->bounds);

			if (fl->clickable && area > 0 && area * 8 <= screen_area && ui_widget_visible(fl, &t->screen) &&
			    !oracle_is_nav_item(fl) && overlap_area(&fl->bounds, &l->bounds) &&
			    !content_ends_inside(t, vp, fl))
				return vp;
		}
	}
	return NULL;
}

bool oracle_display(const struct ui_tree *t, double overlap_min, struct oracle_finding *f)
{
	const struct ui_rect *s;

	if (!t)
		return false;
	s = &t->screen;
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *a = t->nodes[i];

		if (!text_widget(t, a) || oracle_hidden_under_layer(t, a))
			continue;
		/* Off the screen: text whose box leaves the screen (dumps clip what fits). */
		if (a->bounds.x1 < s->x1 || a->bounds.y1 < s->y1 || a->bounds.x2 > s->x2 ||
		    a->bounds.y2 > s->y2) {
			oracle_finding_init(f);
			f->category = BUG_CAT_STRUCTURE;
			f->oracle = "display";
			f->title = xasprintf("'%s' extends outside the screen", oracle_widget_name(a));
			f->expected = xstrdup("every text widget lies within the screen");
			f->actual = xasprintf("bounds [%d,%d][%d,%d] on a %dx%d screen", a->bounds.x1, a->bounds.y1,
					      a->bounds.x2, a->bounds.y2, ui_rect_width(s), ui_rect_height(s));
			f->description = xasprintf("The text \"%s\" is partly drawn outside the visible screen.",
						   a->text);
			f->diff = cJSON_CreateObject();
			cJSON_AddStringToObject(f->diff, "issue", "off_screen");
			cJSON_AddItemToObject(f->diff, "widget", oracle_widget_json(a));
			return true;
		}
		for (size_t j = i + 1; j < t->n_nodes; j++) {
			const struct ui_widget *b = t->nodes[j];
			long ov, aa, ab, small;

			if (!text_widget(t, b) || is_ancestor(a, b) || is_ancestor(b, a) || a->window != b->window ||
			    oracle_hidden_under_layer(t, b))
				continue;
			ov = overlap_area(&a->bounds, &b->bounds);
			if (!ov)
				continue;
			aa = (long)ui_rect_width(&a->bounds) * ui_rect_height(&a->bounds);
			ab = (long)ui_rect_width(&b->bounds) * ui_rect_height(&b->bounds);
			small = aa < ab ? aa : ab;
			if (small <= 0 || (double)ov < overlap_min * (double)small)
				continue;
			oracle_finding_init(f);
			f->category = BUG_CAT_STRUCTURE;
			f->oracle = "display";
			f->title = xasprintf("'%s' overlaps '%s'", oracle_widget_name(a), oracle_widget_name(b));
			f->expected = xstrdup("text widgets do not cover each other");
			f->actual = xasprintf("%.0f%% of the smaller box is covered",
					      100.0 * (double)ov / (double)small);
			f->description = xasprintf("The texts \"%s\" and \"%s\" are drawn on top of each other.",
						   a->text, b->text);
			f->diff = cJSON_CreateObject();
			cJSON_AddStringToObject(f->diff, "issue", "overlap");
			cJSON_AddItemToObject(f->diff, "a", oracle_widget_json(a));
			cJSON_AddItemToObject(f->diff, "b", oracle_widget_json(b));
			return true;
		}
	}
	return covers_last_row(t, f, NULL);
}


/* How many scrolls the list-end trip takes at most, each way. */
#define LIST_END_SCROLLS 6
/* Mixed into an abstract screen's signature: its list-end trip, in the landscape trips' seen set. */
#define LIST_END_SEEN 0x1157e2d0ull

/* Whether f is a covers_last_row finding (which one more scroll must confirm). */
static bool is_last_row_finding(const struct oracle_finding *f)
{
	const cJSON *issue = f->diff ? cJSON_GetObjectItemCaseSensitive(f->diff, "issue") : NULL;

	return cJSON_IsString(issue) && strcmp(issue->valuestring, "covers_last_row") == 0;
}

/* The viewport of the list whose last row a floating button covers on t; NULL when none. */
static const struct ui_widget *last_row_viewport(const struct ui_tree *t)
{
	struct oracle_finding g;
	const struct ui_widget *vp = NULL;

	oracle_finding_init(&g);
	(void)covers_last_row(t, &g, &vp);
	oracle_finding_release(&g);
	return vp;
}

/*
 * The list-end trip: scroll vp, the viewport under the floating button, down
 * until the screen stops changing (at most LIST_END_SCROLLS), judging each
 * screen; a finding's steps are the scrolls. A button over the last row is
 * believed only once a further scroll changes nothing: a dump leaves out
 * what lies wholly below the fold (a spacer under the list), so a list
 * scrolled part way can look ended (pantry's fixed twin, session 56).
 * `pending` (moved from, may be NULL) is such a finding on the screen the
 * trip starts from. Then as many scrolls up. The trip is recorded (the
 * replay repeats it). Returns 1 (the screen moved).
 */
static int list_end_trip(const struct oracle_step *os, const struct ui_widget *vp, struct oracle_finding *pending)
{
	struct agent_env *env = os->env;
	struct device *dev = os->dev;
	struct action trip[2 * LIST_END_SCROLLS];
	struct oracle_finding f;
	struct shot s;
	size_t down = 0, n = 0;
	bool hit = false, confirm = pending && is_last_row_finding(pending);
	uint64_t sig = ui_sig_text(os->after->tree, os->after->activity);
	char *ev = NULL;

	oracle_finding_init(&f);
	if (confirm) {
		f = *pending;
		oracle_finding_init(pending);
	}
	memset(&s, 0, sizeof(s));
	while (vp && down < LIST_END_SCROLLS) {
		struct action *a = &trip[n];

		action_init(a);
		a->type = ACTION_SCROLL;
		action_set_widget(a, -1, vp);
		a->direction = DEVICE_DIR_DOWN;
		n++;
		down++;
		oracle_shot_release(&s);
		if (action_perform(dev, a, agent_env_package(env)) != TD_OK || oracle_shot_take(dev, &s) != TD_OK ||
		    !s.tree)
			break;
		if (ui_sig_text(s.tree, s.activity) == sig) {
			hit = confirm; /* at the end: a button over the last row stands */
			break;
		}
		sig = ui_sig_text(s.tree, s.activity);
		oracle_finding_release(&f);
		confirm = false;
		if (oracle_display(s.tree, os->st->overlap, &f)) {
			if (!is_last_row_finding(&f)) {
				hit = true;
				break;
			}
			/* The last row under the button: one more scroll to be sure. */
			confirm = true;
			vp = last_row_viewport(s.tree);
			continue;
		}
		vp = floating_over_long_list(s.tree);
		if (!vp) /* at the end: the list ends inside its viewport */
			break;
	}
	if (hit) {
		ev = oracle_write_evidence(env, os->before->step, "list_end", &s);
		oracle_report_finding(env, os->before->step, &f, trip, n, ev);
		free(ev);
	}
	oracle_finding_release(&f);
	/* Back to the top, the same number of scrolls: the walk goes on where it was. */
	for (size_t k = 0; k < down; k++) {
		struct action *a = &trip[n];

		action_copy(a, &trip[k]);
		a->direction = DEVICE_DIR_UP;
		n++;
		if (action_perform(dev, a, agent_env_package(env)) != TD_OK)
			break;
	}
	oracle_shot_release(&s);
	oracle_record_side_trip(env, os->before->step, oracle_kind_display.name, trip, n);
	for (size_t k = 0; k < n; k++)
		action_release(&trip[k]);
	return 1;
}

/* Once per screen (text signature), and once per abstract screen in landscape (below the fold too). */
static int display_after_step(const struct oracle_step *os)
{
	struct oracles_state *st = os->st;
	struct agent_env *env = os->env;
	struct device *dev = os->dev;
	const struct brain_screen *before = os->before, *after = os->after;
	int changed = 0, rerr;

	if (oracle_seen_count(&st->display_seen, &st->n_display, &st->alloc_display, after->sig_text, true) == 0) {
		struct oracle_finding f;
		const struct ui_widget *vp = NULL;

		oracle_finding_init(&f);
		if (oracle_display(after->tree, st->overlap, &f)) {
			if (!is_last_row_finding(&f))
				oracle_report_finding(env, before->step, &f, NULL, 0, NULL);
			else if (after->in_app && (vp = last_row_viewport(after->tree)))
				changed = list_end_trip(os, vp, &f); /* confirmed by a scroll that changes nothing */
		}
		oracle_finding_release(&f);
	}
	/* Once per abstract screen, a long list under a floating button is
	 * scrolled to its end, as a tester does, and judged there
	 * (covers_last_row); then scrolled back. */
	if (!changed && after->in_app && after->tree &&
	    oracle_seen_count(&st->landscape_seen, &st->n_landscape, &st->alloc_landscape,
			      after->sig_abstract ^ LIST_END_SEEN, false) == 0) {
		const struct ui_widget *vp = floating_over_long_list(after->tree);

		if (vp) {
			(void)oracle_seen_count(&st->landscape_seen, &st->n_landscape, &st->alloc_landscape,
						after->sig_abstract ^ LIST_END_SEEN, true);
			changed = list_end_trip(os, vp, NULL);
		}
	}
	/* Once per abstract screen, the same in landscape (layouts break there). */
	if (st->landscape &&
	    oracle_seen_count(&st->landscape_seen, &st->n_landscape, &st->alloc_landscape, after->sig_abstract, true) == 0) {
		struct oracle_finding f;
		struct shot s;
		struct action trig;

		action_init(&trig);
		trig.type = ACTION_ROTATE;
		trig.rotation = 1;
		oracle_finding_init(&f);
		changed = 1;
		if (device_rotate(dev, 1) == TD_OK && oracle_shot_take(dev, &s) == TD_OK) {
			/* Rotate, then the scrolls taken below the fold: the replay repeats them. */
			struct action trig2[2 + LANDSCAPE_SCROLLS]; /* + the rotation back */
			size_t n_trig = 1;
			bool hit = oracle_display(s.tree, st->overlap, &f);
			char *ev;

			trig2[0] = trig;
			/* The landscape screen is short: look below the fold too, one
			 * scroll at a time, until the screen stops changing. */
			while (!hit && s.tree && n_trig < 1 + LANDSCAPE_SCROLLS) {
				const struct ui_widget *sc = NULL;
				uint64_t sig = ui_sig_text(s.tree, s.activity);
				struct action *scroll = &trig2[n_trig];

				for (size_t i = 0; !sc && i < s.tree->n_nodes; i++)
					if (s.tree->nodes[i]->scrollable &&
					    ui_widget_visible(s.tree->nodes[i], &s.tree->screen))
						sc = s.tree->nodes[i];
				if (!sc)
					break;
				action_init(scroll);
				scroll->type = ACTION_SCROLL;
				action_set_widget(scroll, -1, sc);
				scroll->direction = DEVICE_DIR_DOWN;
				n_trig++;
				oracle_shot_release(&s);
				if (action_perform(dev, scroll, agent_env_package(env)) != TD_OK ||
				    oracle_shot_take(dev, &s) != TD_OK)
					break;
				if (ui_sig_text(s.tree, s.activity) == sig)
					break;
				hit = oracle_display(s.tree, st->overlap, &f);
			}
			ev = hit ? oracle_write_evidence(env, before->step, "landscape", &s) : NULL;
			oracle_shot_release(&s);
			if (hit)
				oracle_report_finding(env, before->step, &f, trig2, n_trig, ev);
			free(ev);
			if ((rerr = device_rotate(dev, 0)) != TD_OK) {
				log_warn("cannot rotate back to portrait: %s", td_errmsg(rerr));
			} else {
				/* The trip (rotation, scrolls, rotation back) is part of the run. */
				action_init(&trig2[n_trig]);
				trig2[n_trig].type = ACTION_ROTATE;
				trig2[n_trig].rotation = 0;
				oracle_record_side_trip(env, before->step, oracle_kind_display.name, trig2, n_trig + 1);
			}
			for (size_t i = 1; i < n_trig; i++)
				action_release(&trig2[i]);
		} else if ((rerr = device_rotate(dev, 0)) != TD_OK) {
			log_warn("cannot rotate back to portrait: %s", td_errmsg(rerr));
		}
		oracle_finding_release(&f);
	}
	return changed;
}

static bool display_recheck(const struct oracle_recheck *c, struct oracle_finding *f)
{
	oracle_finding_init(f);
	if (c->r->n_screens < 1)
		return false;
	return oracle_display(c->r->screens[c->r->n_screens - 1].tree, c->overlap, f);
}

const struct oracle_kind oracle_kind_display = {
	.name = "display",
	.config_key = "oracles.display",
	.category = BUG_CAT_STRUCTURE,
	.doc = "overlapping text widgets and text outside the screen (portrait, and landscape)",
	.evidence = "the widget boxes; in landscape the rotated screen",
	.flags = 0,
	.after_step = display_after_step,
	.recheck = display_recheck,
	.reads = { .last = 1 },
};
