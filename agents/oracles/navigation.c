/*
 * navigation.c - oracle "navigation" (oracle 13): two checks on where an
 * action lands (oracle_nav_step in agents/oracle.h).
 *
 *  - A tab, bottom-navigation or drawer item labelled L lands on a page
 *    whose app-bar title names a sibling item M (or, with no title naming
 *    any item, whose selected item is a third sibling), while the page the
 *    tap was made on names its own selected item: the app titles its pages
 *    after their items, and L's page is someone else's.
 *  - Back lands somewhere other than the screen below the top of the back
 *    stack the run observed. The tracker pushes a screen on a plain click
 *    that opens another one, pops on Back (and on a click that lands on a
 *    screen the stack holds: Up, Cancel, a dialog's confirm, a page that
 *    leaves itself for the one it was opened from, as Archive leaves a
 *    note), and forgets the stack whenever it cannot know what the app's
 *    stack is: leaving the app, a tap that returns to the screen just left
 *    (a picker's row) or to one a tap left earlier and that may still be
 *    below or to a tab's page (one a tab item landed on), a Save, Done
 *    or Discard that finishes a page (it opens none; the screens that may
 *    be below stay so), restarts, rotations and
 *    other actions that change the screen, forms submitted, tab
 *    switches, dialogs that navigate elsewhere. A page that leads on to
 *    the page of the row that opened it (a protected note's gate, whose
 *    View shows the note) replaced itself:
 *    the stack stays as it was below it. After a tap pops to a screen the
 *    stack holds, Back may also show the page left, unless the tap was Up
 *    or a Save/Cancel (a menu's "Go to feed" may open the feed anew).
 *    Another app a tap opened (a share sheet) closed by Back leaves the
 *    stack as it was; a tab switch keeps the screens that may be below; a
 *    dump of a floating window alone (an alert) is a layer.
 *  - Back on a page the stack says a tap opened leaves the app, and the
 *    relaunch that follows (data kept) shows again the screen below it:
 *    that screen is still the app's first page, so Back should have
 *    returned there. A page that replaced the first one (a main page after
 *    onboarding, a login or a splash) is what a relaunch shows instead, and
 *    leaving from it is right. Judged on the relaunch, blaming the Back;
 *    the tracker is fed the steps that leave the app for it.
 *
 * A screen is known by its activity, app-bar title and selected tabs
 * (digits dropped, so "Notes (3)" and "Notes (2)" are one screen). The
 * tracker is fed each step by the Explorer (state kept in the plugin) and,
 * for confirmation, each step of a replay from a clean start.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "agents/brain.h"
#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "agents/replay.h"
#include "agents/rundir.h"
#include "core/strbuf.h"
#include "core/xalloc.h"

/* A screen below the top of the observed back stack. */
struct nav_frame {
	char *id;    /* identity (nav_identity) */
	char *name;  /* its title, for messages */
	char *alt;   /* where Back from it may also land, kept while pages were above it (see alt_kept) */
	char *opened_by; /* the texts of the tap that opened it (opened_by), again when it is on top */
	size_t typed_from; /* n_typed when a tap left it: texts typed since were typed on pages above it */
	bool named_above; /* a page above it listed its title as a text of its own (shows_title) */
	bool by_button;   /* a tap on a button pushed it (cur_by_button, kept while pages were above it) */
};

/* How many pages opened by taps the tracker remembers with their openers (opened_page[]). */
#define NAV_OPENED_MAX 16

/* How many pages a form's submit opened the tracker remembers (submitted[]). */
#define NAV_SUBMITTED_MAX 8

/* How many (form, the screen a click left it for) pairs the tracker remembers (forms[]). */
#define NAV_FORMS_MAX 4

/* How many lists whose rows open their own pages the tracker remembers (own_pages[]). */
#define NAV_OWN_LISTS_MAX 16

/* How many (tab group, tab, list) sightings the tracker remembers (tab_lists[]). */
#define NAV_TAB_LISTS_MAX 48

/* How many texts typed the tracker remembers (typed_ring[]). */
#define NAV_TYPED_MAX 8
#define NAV_START_PAGES_MAX 4 /* start pages a relaunch showed, remembered */

/* How many pages reached by a tab, bottom-navigation or drawer item the tracker remembers (tab_pages[]). */
#define NAV_TAB_PAGES_MAX 16

/* The most screens the tracker remembers as possibly below the current one (below[]). */
#define NAV_BELOW_MAX 64
/* Item texts (sentences in list rows) remembered with the page that listed them. */
#define NAV_ITEM_TEXTS_MAX 256

struct oracle_nav_tracker {
	struct nav_frame *stack;
	size_t n, alloc;
	/*
	 * Screens a tap left for another one since the app's stack was last
	 * known to be empty of them, oldest first: the observed stack's screens
	 * and those left by taps the tracker could not call pushes (a tap from a
	 * page with a field, as a search result is). They may still be below.
	 */
	char **below;
	size_t n_below, alloc_below;
	char *opened_by; /* the normalised texts ('\n'-joined) of the widget whose tap opened cur, or NULL */
	/*
	 * Pages taps opened and those taps' texts (a ring), kept when the stack
	 * is lost: a page reached again by Back or Up with its opener unknown
	 * was most likely opened by the last tap that opened it (a protected
	 * note's gate, left for Settings, whose pages a field made unsure, and
	 * back).
	 */
	char *opened_page[NAV_OPENED_MAX];
	char *opened_page_by[NAV_OPENED_MAX];
	size_t next_opened;
	char *alt;       /* besides the stack's top, where Back may rightly land (the page a guessed pop or replace left) */
	char *alt_kept;  /* the same, left by an earlier guessed pop to cur and kept in its frame while a
			  * page was above it (a link to an article the stack holds, then its contents page) */
	char *cur;       /* identity of the screen on top, NULL when unknown */
	bool cur_by_item; /* a tap on an item (a row or a text, no button) pushed cur */
	bool cur_by_button; /* a tap on a button (a widget of a Button class) pushed cur */
	char *cur_name;
	char *prev;      /* identity of the screen shown before cur, NULL when unknown */
	/* The page on screen (identity of a screen of the app without a dialog), and the page a tap
	 * (through a dialog or menu, maybe) went to it from, NULL when Back or Up reached it. */
	char *page_cur, *page_from;
	char *typed;     /* the last text typed since a tap last opened a screen, or NULL */
	char *typed_ring[NAV_TYPED_MAX]; /* the last texts typed in the app, the n_typed-th at (n_typed - 1) % MAX */
	size_t n_typed;
	/* Pages (nav_identity, hashed) a tab, bottom-navigation or drawer item landed on: a ring. */
	uint64_t tab_pages[NAV_TAB_PAGES_MAX];
	size_t n_tab_pages;
	/*
	 * Forms left by a click for another screen (a confirmation page), the
	 * latest few: another form submitted in between (a reminder's time)
	 * does not make the confirmation page's Change a push.
	 */
	struct nav_form {
		char *form;
		char *next;
	} forms[NAV_FORMS_MAX];
	size_t next_form;
	/*
	 * Back that left the app from a page a tap opened (exit_want: the screen
	 * below it, where Back should have returned), judged on the next step:
	 * only when the relaunch shows that screen again is it still the app's
	 * first page, below its child (exit_want NULL: none pending).
	 */
	char *exit_want;
	char *exit_want_name;
	/* Whether the dialog shown now was opened by a tap on an overflow or
	 * options button ("More options", "Menu"): a menu of actions, whose
	 * items may open pages (menu_item_opens). */
	bool layer_from_menu_button;
	/* Pages a relaunch with data kept showed (nav_identity, hashed): a ring. */
	uint64_t start_pages[NAV_START_PAGES_MAX];
	size_t n_start_pages;
	bool first_seen; /* the run's first screen went into start_pages (or was covered by a dialog) */
	char *exit_from;          /* the page Back left the app from */
	char *exit_from_id;       /* and its identity */
	char *exit_from_activity; /* its activity's short name */
	cJSON *exit_stack;        /* the observed stack's names then */
	cJSON *exit_ids;          /* and its identities, bottom first */
	cJSON *exit_back;         /* the Back (action_to_json), blamed */
	/*
	 * A form or confirmation page a confirm (Save, Confirm, Submit...) left
	 * for another screen, while the app still shows that screen: a Back
	 * from it that shows the page again returned to a finished page
	 * (done_page NULL: none pending).
	 */
	/* Pages a form went on to by a tap that did not finish it (a confirmation page), a ring: a confirm there finishes the form. */
	char *submitted[NAV_SUBMITTED_MAX];
	size_t next_submitted;
	char *done_page;          /* the page the confirm left (nav_identity) */
	char *done_page_name;
	char *done_landing;       /* the screen it opened */
	int done_away;            /* pages opened by taps above the landing since (0: on it) */
	bool done_dialog;         /* a dialog opened on the landing is shown */
	cJSON *done_confirm;      /* the confirm (action_to_json), blamed */
	/* The last form a final confirm left for another screen (nav_identity) and
	 * that confirm: a later Back that lands on the form blames it, however
	 * many steps came between (the confirm stacked the page over its form). */
	char *confirmed_form;
	cJSON *confirmed_by;
	/*
	 * The last step, when it was a tap on an item of a menu (a dialog over
	 * a page) after which the page under the menu showed again as it was:
	 * a menu item that opened nothing in view (action_to_json), else NULL.
	 * A Back right after it that lands on an unexpected page blames it: the
	 * page it should have shown was put below (podcatcher
	 * `podcatcher-open-podcast-stays-on-player`, AntennaPod #4010).
	 */
	cJSON *idle_menu_tap;
	/* Lists (activity and resource-id, hashed) a row of which opened a page titled with its own text. */
	uint64_t own_pages[NAV_OWN_LISTS_MAX];
	size_t n_own_pages;
	/* Links (activity, resource-id and the activity they open, hashed) seen opening pages titled
	 * with their own text, and the first such text (hashed): a link is known once two texts did. */
	struct nav_own_link {
		uint64_t key, text;
		bool known;
	} own_links[NAV_OWN_LISTS_MAX];
	size_t n_own_links;
	/* Which list (resource-id, hashed) each tab of a tab group showed with rows: a ring. */
	struct nav_tab_list {
		uint64_t group, tab, list;
	} tab_lists[NAV_TAB_LISTS_MAX];
	size_t n_tab_lists, next_tab_list;
	/* Sentences list rows showed (normalised, hashed) and the page (nav_identity, hashed) that listed each: a ring. */
	struct nav_item_text {
		uint64_t text, page;
	} item_texts[NAV_ITEM_TEXTS_MAX];
	size_t n_item_texts;
};

/* Lowered, trimmed copy of s without digits and with single spaces. */
static char *normalise(const char *s, bool drop_digits)
{
	struct strbuf sb;
	bool space = false;

	strbuf_init(&sb, 1024);
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (drop_digits && isdigit(c))
			continue;
		if (isspace(c)) {
			space = sb.len > 0;
			continue;
		}
		if (space)
			strbuf_addch(&sb, ' ');
		space = false;
		strbuf_addch(&sb, (char)tolower(c));
	}
	return strbuf_detach(&sb, NULL);
}

/* Whether w is an app bar (Toolbar, ActionBar, a view with id toolbar/action_bar). */
bool oracle_is_app_bar(const struct ui_widget *w)
{
	char low[512];

	snprintf(low, sizeof(low), "%s %s", w->class_name, w->resource_id);
	for (char *p = low; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return strstr(low, "toolbar") || strstr(low, "action_bar") || strstr(low, "actionbar");
}

bool oracle_in_control(const struct ui_widget *w)
{
	for (const struct ui_widget *p = w; p; p = p->parent)
		if (p->clickable || p->checkable || oracle_is_nav_item(p) || oracle_is_app_bar(p))
			return true;
	return false;
}

const char *oracle_app_bar_title(const struct ui_tree *t)
{
	for (size_t i = 0; t && i < t->n_nodes; i++) {
		const struct ui_widget *bar = t->nodes[i];

		if (!oracle_is_app_bar(bar) || !ui_widget_visible(bar, &t->screen))
			continue;
		for (size_t j = i + 1, end = ui_subtree_end(t, bar); j < end; j++) {
			const struct ui_widget *w = t->nodes[j];

			if (*w->text && !w->clickable && ui_widget_visible(w, &t->screen))
				return w->text;
		}
	}
	return NULL;
}

bool oracle_same_title(const struct ui_tree *before, const struct ui_tree *after)
{
	const char *tb = oracle_app_bar_title(before), *ta = oracle_app_bar_title(after);

	return !strcmp(tb ? tb : "", ta ? ta : "");
}

bool oracle_screen_has_layer(const struct ui_tree *t)
{
	static const char *const names[] = { "dialog", "popup", "alerttitle", "parentpanel", "buttonpanel",
					     "snackbar", "dropdown", NULL };

	for (size_t i = 0; t && i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		char low[512];

		if (!ui_widget_visible(w, &t->screen))
			continue;
		snprintf(low, sizeof(low), "%s %s", w->class_name, w->resource_id);
		for (char *p = low; *p; p++)
			*p = (char)tolower((unsigned char)*p);
		for (size_t k = 0; names[k]; k++)
			if (strstr(low, names[k]))
				return true;
		if (strncmp(w->resource_id, "android:id/button", 17) == 0)
			return true;
	}
	return false;
}

/*
 * Whether t is a layer over the app's screen: oracle_screen_has_layer, or a
 * dump of nothing but a floating window (an alert whose only button is the
 * app's own, its root not at the screen's corner): the screen under it is
 * still the one on top.
 */
static bool nav_has_layer(const struct ui_tree *t)
{
	if (oracle_screen_has_layer(t))
		return true;
	for (size_t i = 0; t && i < t->n_roots; i++)
		if (t->roots[i]->bounds.x1 <= 0 || t->roots[i]->bounds.y1 <= 0)
			return false;
	return t && t->n_roots > 0;
}

/*
 * Whether p is a navigation group: two or more clickable children with
 * labels, none editable, and one of them selected or checked (tabs, bottom
 * navigation, a drawer's items).
 */
static bool is_nav_group(const struct ui_widget *p)
{
	size_t items = 0;
	bool chosen = false;

	if (!p)
		return false;
	for (size_t i = 0; i < p->n_children; i++) {
		const struct ui_widget *c = p->children[i];

		if (ui_class_is_editable(c->class_name))
			return false;
		if (!c->clickable || !*oracle_item_label(c))
			continue;
		items++;
		chosen |= c->selected || c->checked;
	}
	return items >= 2 && chosen;
}

/* The nav item w is or sits in (its parent is a nav group), or NULL. */
static const struct ui_widget *nav_item_of(const struct ui_widget *w)
{
	for (const struct ui_widget *p = w; p; p = p->parent)
		if (p->clickable && is_nav_group(p->parent))
			return p;
	return NULL;
}

bool oracle_is_nav_item(const struct ui_widget *w)
{
	return w && nav_item_of(w);
}

const struct ui_widget *oracle_nav_item_of(const struct ui_widget *w)
{
	return w ? nav_item_of(w) : NULL;
}

/* The selected (or checked) clickable item of group g, or NULL. */
static const struct ui_widget *group_selected_item(const struct ui_widget *g)
{
	for (size_t i = 0; g && i < g->n_children; i++)
		if (g->children[i]->clickable && (g->children[i]->selected || g->children[i]->checked))
			return g->children[i];
	return NULL;
}

/* The selected (or checked) item's label of group g, or NULL. */
static const char *group_selected(const struct ui_widget *g)
{
	const struct ui_widget *sel = group_selected_item(g);

	return sel ? oracle_item_label(sel) : NULL;
}

/*
 * The labels of the items selected in t's visible nav groups (tabs, bottom
 * navigation, a drawer), joined with '\t' in the order of the tree; "" when
 * none. Caller frees.
 */
char *oracle_selected_nav_items(const struct ui_tree *t)
{
	struct strbuf sb;

	strbuf_init(&sb, 1024);
	for (size_t i = 0; t && i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		const char *sel;

		if (!is_nav_group(w) || !ui_widget_visible(w, &t->screen) || !(sel = group_selected(w)))
			continue;
		if (sb.len)
			strbuf_addch(&sb, '\t');
		strbuf_adds(&sb, sel);
	}
	return strbuf_detach(&sb, NULL);
}

/* The nav group of t whose items carry exactly the labels of group g (same order), or NULL. */
static const struct ui_widget *same_group(const struct ui_tree *t, const struct ui_widget *g)
{
	for (size_t i = 0; t && i < t->n_nodes; i++) {
		const struct ui_widget *o = t->nodes[i];
		size_t k = 0, m = 0;
		bool same = true;

		if (o->n_children < 2 || !is_nav_group(o) || !ui_widget_visible(o, &t->screen))
			continue;
		while (same && (k < g->n_children || m < o->n_children)) {
			while (k < g->n_children && !g->children[k]->clickable)
				k++;
			while (m < o->n_children && !o->children[m]->clickable)
				m++;
			if (k >= g->n_children || m >= o->n_children) {
				same = k >= g->n_children && m >= o->n_children;
				break;
			}
			same = strcmp(oracle_item_label(g->children[k]), oracle_item_label(o->children[m])) == 0;
			k++;
			m++;
		}
		if (same)
			return o;
	}
	return NULL;
}

/*
 * Whether title names label: equal (case-insensitive) or starting with it
 * followed by a non-letter ("Orders (3)", "Cart: 2 items").
 */
static bool names(const char *title, const char *label)
{
	char *t, *l;
	size_t n;
	bool hit;

	if (!title || !label || !*label)
		return false;
	t = normalise(title, false);
	l = normalise(label, false);
	n = strlen(l);
	hit = n > 0 && strncmp(t, l, n) == 0 && !isalpha((unsigned char)t[n]);
	free(t);
	free(l);
	return hit;
}

/* Whether the lowered title contains label as a word. */
static bool mentions_word(const char *title, const char *label)
{
	char *t = normalise(title, false), *l = normalise(label, false);
	bool hit = false;
	size_t n = strlen(l);

	for (const char *p = t; n && (p = strstr(p, l)) != NULL; p++)
		if ((p == t || !isalpha((unsigned char)p[-1])) && !isalpha((unsigned char)p[n])) {
			hit = true;
			break;
		}
	free(t);
	free(l);
	return hit;
}

/* The identity of screen t: activity, title and selected tabs, normalised. Caller frees. */
static char *nav_identity(const struct ui_tree *t, const char *activity)
{
	struct strbuf sb;
	char *title = normalise(oracle_app_bar_title(t), true);

	strbuf_init(&sb, 8192);
	strbuf_adds(&sb, activity ? activity : "");
	strbuf_addch(&sb, '\x1f');
	strbuf_adds(&sb, title);
	free(title);
	for (size_t i = 0; t && i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		char *sel;

		if (!is_nav_group(w) || !ui_widget_visible(w, &t->screen))
			continue;
		sel = normalise(group_selected(w), true);
		strbuf_addch(&sb, '\x1f');
		strbuf_adds(&sb, sel);
		free(sel);
	}
	return strbuf_detach(&sb, NULL);
}

/* Whether nav group g is a strip of tabs (its class or resource-id, or its selected item's, names tabs): pages, not filters. */
static bool is_tab_strip(const struct ui_widget *g)
{
	const struct ui_widget *sel = group_selected_item(g);
	char low[512];

	snprintf(low, sizeof(low), "%s %s %s %s", g->class_name, g->resource_id, sel ? sel->class_name : "",
		 sel ? sel->resource_id : "");
	oracle_lower_into(low, sizeof(low), low);
	for (const char *p = strstr(low, "tab"); p; p = strstr(p + 1, "tab"))
		if (strncmp(p, "table", 5))
			return true;
	return false;
}

const struct ui_widget *oracle_other_tab(const struct ui_tree *t)
{
	for (size_t i = 0; t && i < t->n_nodes; i++) {
		const struct ui_widget *g = t->nodes[i];

		if (!is_nav_group(g) || !ui_widget_visible(g, &t->screen) || !is_tab_strip(g))
			continue;
		for (size_t k = 0; k < g->n_children; k++) {
			const struct ui_widget *c = g->children[k];

			if (c->clickable && !c->selected && !c->checked && *oracle_item_label(c) &&
			    ui_widget_visible(c, &t->screen))
				return c;
		}
	}
	return NULL;
}

bool oracle_filter_tab_selected(const struct ui_tree *t)
{
	for (size_t i = 0; t && i < t->n_nodes; i++) {
		const struct ui_widget *g = t->nodes[i], *first = NULL, *sel = group_selected_item(g);
		char low[64];

		if (!sel || !is_nav_group(g) || !ui_widget_visible(g, &t->screen) || !is_tab_strip(g))
			continue;
		for (size_t k = 0; k < g->n_children && !first; k++)
			if (g->children[k]->clickable)
				first = g->children[k];
		oracle_lower_into(low, sizeof(low), oracle_item_label(first));
		if (sel != first && (!strcmp(low, "all") || !strncmp(low, "all ", 4)))
			return true;
	}
	return false;
}

/* Whether identity id (nav_identity) holds normalised label as one of its parts. */
static bool identity_has(const char *id, const char *label)
{
	size_t n = strlen(label);

	for (const char *p = strchr(id, '\x1f'); p; p = strchr(p + 1, '\x1f'))
		if (!strncmp(p + 1, label, n) && (p[1 + n] == '\x1f' || !p[1 + n]))
			return true;
	return false;
}

/*
 * Whether `after` shows a strip of tabs with another tab selected than the
 * one screen want (nav_identity) had: want holds another of the strip's
 * labels, not the one selected now. The labels (as shown) go to was and now.
 */
static bool other_tab(const char *want, const struct ui_tree *after, const char **was, const char **now)
{
	for (size_t i = 0; after && i < after->n_nodes; i++) {
		const struct ui_widget *g = after->nodes[i];
		char *sel;
		bool held;

		if (!is_nav_group(g) || !ui_widget_visible(g, &after->screen) || !is_tab_strip(g))
			continue;
		sel = normalise(group_selected(g), true);
		held = identity_has(want, sel);
		free(sel);
		if (held)
			continue;
		for (size_t k = 0; k < g->n_children; k++) {
			const struct ui_widget *c = g->children[k];
			char *label;
			bool was_this;

			if (!c->clickable || !*oracle_item_label(c))
				continue;
			label = normalise(oracle_item_label(c), true);
			was_this = *label && identity_has(want, label);
			free(label);
			if (was_this) {
				*was = oracle_item_label(c);
				*now = group_selected(g);
				return true;
			}
		}
	}
	return false;
}

/* Whether identities a and b (nav_identity) are of the same activity. */
static bool same_activity_id(const char *a, const char *b)
{
	size_t la = strcspn(a, "\x1f"), lb = strcspn(b, "\x1f");

	return la == lb && !strncmp(a, b, la);
}

/* Whether activity is of the package of identity id (nav_identity). */
static bool same_activity_package(const char *activity, const char *id)
{
	size_t la = activity ? strcspn(activity, "/") : 0, lb = strcspn(id, "/\x1f");

	return activity && la == lb && !strncmp(activity, id, la);
}

/* A name for screen t in messages: its title, else its activity. */
static const char *display_name(const struct ui_tree *t, const char *activity)
{
	const char *title = oracle_app_bar_title(t);

	if (title)
		return title;
	return activity && *activity ? activity : "?";
}

/*
 * The tab check. True with *f filled when the tapped nav item L lands on a
 * page named after a sibling item.
 */
static bool tab_lands_elsewhere(const struct ui_tree *before, const char *activity_before,
				const struct ui_tree *after, const char *activity_after, const struct action *done,
				struct oracle_finding *f)
{
	const struct ui_widget *w, *item, *group, *group_after;
	const char *label, *was, *title_before, *title_after, *landed = NULL, *sel_after = NULL;
	bool by_title = false;

	if (!done || done->type != ACTION_CLICK)
		return false;
	w = action_resolve(done, before);
	item = w ? nav_item_of(w) : NULL;
	if (!item || !item->enabled)
		return false;
	group = item->parent;
	label = oracle_item_label(item);
	was = group_selected(group);
	title_before = oracle_app_bar_title(before);
	/* The page the tap was made on names its own item: the app titles pages after their items. */
	if (!was || strcmp(was, label) == 0 || !names(title_before, was))
		return false;
	title_after = oracle_app_bar_title(after);
	if (!title_after || names(title_after, label) || mentions_word(title_after, label))
		return false;
	if (oracle_same_activity(activity_before, activity_after) && strcmp(title_after, title_before) == 0)
		return false; /* nothing moved: a refused or ignored tap is not judged here */
	group_after = same_group(after, group);
	sel_after = group_after ? group_selected(group_after) : NULL;
	for (size_t i = 0; i < group->n_children && !landed; i++) {
		const char *m = oracle_item_label(group->children[i]);

		if (group->children[i]->clickable && strcmp(m, label) != 0 && names(title_after, m)) {
			landed = m;
			by_title = true;
		}
	}
	if (!landed && sel_after && strcmp(sel_after, label) != 0 && strcmp(sel_after, was) != 0)
		landed = sel_after;
	if (!landed)
		return false;
	oracle_finding_init(f);
	f->category = BUG_CAT_NAVIGATION;
	f->oracle = "navigation";
	f->title = xasprintf("'%s' opens the '%s' page", label, landed);
	f->expected = xasprintf("the '%s' page, as '%s' opens the '%s' page", label, was, title_before);
	f->actual = by_title ? xasprintf("the page is titled '%s'", title_after)
			     : xasprintf("the page is titled '%s' and '%s' is selected", title_after, landed);
	f->description = xasprintf("Tapping the navigation item '%s' (beside '%s', whose page is titled "
				   "'%s') opened a page titled '%s'%s%s%s: another item's page.",
				   label, was, title_before, title_after, sel_after ? ", with '" : "",
				   sel_after ? sel_after : "", sel_after ? "' selected" : "");
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "tab");
	cJSON_AddStringToObject(f->diff, "item", label);
	cJSON_AddStringToObject(f->diff, "title_before", title_before);
	cJSON_AddStringToObject(f->diff, "title_after", title_after);
	if (sel_after)
		cJSON_AddStringToObject(f->diff, "selected_after", sel_after);
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	return true;
}

/*
 * The tick check (diff.check "tick"). A tap on a box or switch (a
 * checkable that is no tab or bar item) on a page with no dialog that
 * lands, still in the app and with no dialog, on another page - another
 * activity or another app-bar title - where that box is gone: a tick sets
 * a value on its page and leaves the page where it is (quests
 * `quests-checklist-tick-leaves-task`, habitica-android #214: ticking a
 * checklist item closes the task and shows the Dailies list). True with *f.
 */
static bool tick_leaves_page(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			     const char *activity_after, const struct action *done, struct oracle_finding *f)
{
	const struct ui_widget *w = action_resolve(done, before), *row;
	const char *title_before = oracle_app_bar_title(before), *title_after = oracle_app_bar_title(after);
	const char *label;

	if (!w || !w->checkable || !w->enabled || nav_item_of(w) || !*w->resource_id)
		return false;
	for (size_t i = 0; i < after->n_nodes; i++)
		if (!strcmp(after->nodes[i]->resource_id, w->resource_id))
			return false; /* the box's page is still there */
	if (oracle_same_activity(activity_before, activity_after) &&
	    (!title_before || !title_after || !strcmp(title_before, title_after)))
		return false;
	row = oracle_enclosing_row(w);
	label = oracle_item_label(w);
	if (!*label && row)
		label = oracle_first_text(row);
	if (!*label)
		return false;
	oracle_finding_init(f);
	f->category = BUG_CAT_NAVIGATION;
	f->oracle = "navigation";
	f->title = xasprintf("Ticking '%s' leaves the page%s%s%s", label, title_before ? " '" : "",
			     title_before ? title_before : "", title_before ? "'" : "");
	f->expected = xasprintf("'%s' %s on the same page", label, w->checked ? "unticked" : "ticked");
	f->actual = xasprintf("another page, %s%s%s", title_after ? "titled '" : "", title_after ? title_after : "",
			      title_after ? "'" : activity_after ? activity_after : "");
	f->description = xasprintf("Tapping the %s '%s'%s%s%s opened another page%s%s%s instead of %s it in place: "
				   "a box sets a value on its page and does not leave it.",
				   strstr(w->class_name, "Switch") ? "switch" : "box", label,
				   title_before ? " on '" : "", title_before ? title_before : "", title_before ? "'" : "",
				   title_after ? " ('" : "", title_after ? title_after : "", title_after ? "')" : "",
				   w->checked ? "unticking" : "ticking");
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "tick");
	cJSON_AddStringToObject(f->diff, "item", label);
	if (title_before)
		cJSON_AddStringToObject(f->diff, "title_before", title_before);
	if (title_after)
		cJSON_AddStringToObject(f->diff, "title_after", title_after);
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	cJSON_AddStringToObject(f->diff, "subject", w->resource_id);
	return true;
}

/* Whether a and b are the same words (case, spaces and punctuation runs aside; digits kept). */
static bool same_words(const char *a, const char *b)
{
	char *x = normalise(a, false), *y = normalise(b, false);
	bool same = *x && strcmp(x, y) == 0;

	free(x);
	free(y);
	return same;
}

static const char *next_separator(const char *p, size_t *len);

/* Whether title is label in the same words, or one of its parts between middle dots or arrows is ("Wed 9 · London"). */
static bool title_is(const char *title, const char *label)
{
	size_t sep = 0;

	if (same_words(title, label))
		return true;
	for (const char *p = title, *q; (q = next_separator(p, &sep)) || p != title; p = q + sep) {
		char *part = xstrndup(p, q ? (size_t)(q - p) : strlen(p));
		bool same = same_words(part, label);

		free(part);
		if (same)
			return true;
		if (!q)
			break;
	}
	return false;
}

static bool own_pages_known(const struct oracle_nav_tracker *t, uint64_t k)
{
	for (size_t i = 0; i < t->n_own_pages && i < NAV_OWN_LISTS_MAX; i++)
		if (t->own_pages[i] == k)
			return true;
	return false;
}

/* Whether a visible text or description of t holds label as a word. */
static bool page_mentions(const struct ui_tree *t, const char *label)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (!ui_widget_visible(w, &t->screen))
			continue;
		if ((*w->text && mentions_word(w->text, label)) ||
		    (*w->content_desc && mentions_word(w->content_desc, label)))
			return true;
	}
	return false;
}

static size_t row_texts(const struct ui_widget *w, const struct ui_rect *screen, const char **out, size_t n,
			size_t max);

/*
 * The row check. A tap on a row of a list whose first text is L lands on a
 * page titled exactly as another row of that list, M: L's tap opened M's
 * page (a folder list whose taps open the folder above, thunderbird-android
 * #7849). True with *f. Either a row of the same list was seen opening a
 * page titled with its own text (the rows open their own pages; a tap that
 * does is remembered as that evidence), or, before any such tap, the page
 * shows L nowhere and L does not hold M as a word (a subfolder opening its
 * parent is judged only once the rows were seen opening their own pages).
 */
static bool row_lands_elsewhere(struct oracle_nav_tracker *t, const struct ui_tree *before, const char *activity_before,
				const struct ui_tree *after, const char *activity_after, const struct action *done,
				struct oracle_finding *f)
{
	const struct ui_widget *w = action_resolve(done, before), *list, *row;
	const char *label, *title, *title_before = oracle_app_bar_title(before), *landed = NULL;
	uint64_t key;
	bool known;
	char *subject;

	row = w ? oracle_enclosing_row(w) : NULL;
	list = row ? row->parent : NULL;
	if (!row || !*list->resource_id)
		return false;
	/* A row cut by the list's edge to under half its siblings' height: the dump holds only the part in
	 * view ("Today" of "Radio Swiss Jazz · Today": radio's fixed twin, seed 3, session 64). */
	for (size_t i = 0; i < list->n_children; i++)
		if (ui_rect_height(&row->bounds) * 2 < ui_rect_height(&list->children[i]->bounds))
			return false;
	label = oracle_first_text(row);
	title = oracle_app_bar_title(after);
	if (!label || !*label || !title || (title_before && oracle_same_activity(activity_before, activity_after) &&
					    !strcmp(title, title_before)))
		return false;
	key = oracle_hash_str(oracle_hash_str(ORACLE_HASH_BASIS, activity_before), list->resource_id);
	if (title_is(title, label)) {
		if (!own_pages_known(t, key))
			t->own_pages[t->n_own_pages++ % NAV_OWN_LISTS_MAX] = key;
		return false;
	}
	known = own_pages_known(t, key);
	if (names(title, label) || mentions_word(title, label) || (!known && mentions_word(label, title)))
		return false;
	/* The row names the page it opened in another of its texts (a logbook's
	 * "19:42 | Bedside lamp | turned on" opening the lamp): its own page. */
	const char *texts[16];
	size_t n = row_texts(row, &before->screen, texts, 0, sizeof(texts) / sizeof(texts[0]));

	for (size_t i = 0; i < n; i++)
		if (title_is(title, texts[i])) {
			/* A post's row under its community line: its title names its page. */
			if (i > 0 && !own_pages_known(t, key))
				t->own_pages[t->n_own_pages++ % NAV_OWN_LISTS_MAX] = key;
			return false;
		}
	for (size_t i = 0; i < list->n_children && !landed; i++) {
		const char *m = oracle_first_text(list->children[i]), *other[16];
		size_t k;

		if (list->children[i] == row || !m)
			continue;
		if (title_is(title, m)) {
			landed = m;
			break;
		}
		/* ... or another text of that row, where the rows open pages titled so (their post titles). */
		k = known ? row_texts(list->children[i], &before->screen, other, 0, sizeof(other) / sizeof(other[0])) : 0;
		for (size_t j = 1; j < k && !landed; j++)
			if (title_is(title, other[j]))
				landed = other[j];
	}
	if (!landed || (!known && page_mentions(after, label)))
		return false;
	oracle_finding_init(f);
	f->category = BUG_CAT_NAVIGATION;
	f->oracle = "navigation";
	f->title = xasprintf("The row '%s' opens the '%s' page", label, landed);
	f->expected = xasprintf("the '%s' page, as the list's rows open pages titled with their own names", label);
	f->actual = xasprintf("the page is titled '%s', another row of the list", title);
	f->description = xasprintf("Tapping the row '%s' opened a page titled '%s', the name of another row of the "
				   "same list, where the list's rows were seen opening pages titled with their own names.",
				   label, title);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "row");
	cJSON_AddStringToObject(f->diff, "row", label);
	cJSON_AddStringToObject(f->diff, "title_after", title);
	cJSON_AddStringToObject(f->diff, "list", list->resource_id);
	cJSON_AddBoolToObject(f->diff, "rows_seen_opening_their_own_pages", known);
	/* Another row of the same list opening the wrong page is the same bug. */
	subject = xasprintf("row opens another row's page: %s %s", activity_before ? activity_before : "",
			    list->resource_id);
	cJSON_AddStringToObject(f->diff, "subject", subject);
	free(subject);
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	return true;
}

/* The texts of row w's visible widgets with a letter, up to max, into out; their number. */
static size_t row_texts(const struct ui_widget *w, const struct ui_rect *screen, const char **out, size_t n, size_t max)
{
	const char *s = *w->text ? w->text : w->content_desc;

	if (n < max && *s && ui_widget_visible(w, screen))
		for (const char *p = s; *p; p++)
			if (isalpha((unsigned char)*p) || (unsigned char)*p >= 0x80) {
				out[n++] = s;
				break;
			}
	for (size_t i = 0; i < w->n_children && n < max; i++)
		n = row_texts(w->children[i], screen, out, n, max);
	return n;
}

/* Whether lowered hay holds the part [p, p+n) of a row's text, trimmed, 3+ bytes. */
static bool holds_part(const char *hay, const char *p, size_t n)
{
	char part[256];

	while (n && isspace((unsigned char)*p))
		p++, n--;
	while (n && (isspace((unsigned char)p[n - 1]) || p[n - 1] == '.'))
		n--;
	if (n >= 3 && !strncmp(p + n - 3, "\xe2\x80\xa6", 3)) /* a trailing ellipsis: the text was cut */
		n -= 3;
	if (n < 3 || n >= sizeof(part))
		return false;
	oracle_lower_into(part, n + 1, p);
	return strstr(hay, part) != NULL;
}

/* The first separator of parts in p, an arrow ("→", "->") or a middle dot, its length in *len; NULL when none. */
static const char *next_separator(const char *p, size_t *len)
{
	static const char *const seps[] = { "\xe2\x86\x92", "->", "\xc2\xb7" };
	const char *first = NULL;

	for (size_t i = 0; i < sizeof(seps) / sizeof(seps[0]); i++) {
		const char *q = strstr(p, seps[i]);

		if (q && (!first || q < first)) {
			first = q;
			*len = strlen(seps[i]);
		}
	}
	return first;
}

/*
 * Whether a text of page t (not a tab's label) names a row text: holds one
 * of them, or one of their parts between arrows ("A → B") or middle dots, or
 * is, 6+ bytes, held in one of them (a post's text in its notification).
 */
static bool page_names_row(const struct ui_tree *t, const char *const *texts, size_t n)
{
	char hay[512], rowl[512];
	size_t sep = 0;

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		const char *s = *w->text ? w->text : w->content_desc;

		if (!*s || !ui_widget_visible(w, &t->screen) || nav_item_of(w))
			continue;
		oracle_lower_into(hay, sizeof(hay), s);
		for (size_t k = 0; k < n; k++) {
			for (const char *p = texts[k], *q;; p = q + sep) {
				q = next_separator(p, &sep);
				if (holds_part(hay, p, q ? (size_t)(q - p) : strlen(p)))
					return true;
				if (!q)
					break;
			}
			oracle_lower_into(rowl, sizeof(rowl), texts[k]);
			if (strlen(hay) >= 6 && strstr(rowl, hay))
				return true;
		}
	}
	return false;
}

/* Whether the row's first text begins with a command's verb ("Open settings", "Show all", "Create a list"). */
static bool is_command_row(const char *first)
{
	static const char *const verbs[] = { "open", "show", "see", "view", "go", "create", "new", "add",
					     "manage", "edit", "clear", "start", "browse", "explore", "find",
					     "search", "more", "all", "back", "sign", "log", "set", "choose",
					     "select", "pick", "get", "try", "learn", "switch", "change" };
	char low[64];
	size_t n = 0;

	oracle_lower_into(low, sizeof(low), first);
	while (low[n] && isalpha((unsigned char)low[n]))
		n++;
	for (size_t i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++)
		if (strlen(verbs[i]) == n && !strncmp(low, verbs[i], n))
			return true;
	return false;
}

/*
 * The jump check. A tap on a list row of a page under a tab, bottom-bar or
 * drawer item S lands, with no layer, on the same group with another item
 * T selected: the row sent its item to another top-level page (a favourite
 * trip that Directions searches, a notification that Home opens on its
 * post). That page must show the item: a text of the row, or a part of one
 * between arrows ("Essen Hbf → Düsseldorf Hbf"), or a text of its own held
 * in one of the row's. A page that shows none lost the item on the way
 * (Transportr #555: a favourite trip opened Directions with From and To
 * empty). A row whose first text begins with a command's verb ("Show all",
 * "Create a list") names no item and is not judged. True with *f.
 */
static bool row_jump_loses_item(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
				const struct action *done, struct oracle_finding *f)
{
	const struct ui_widget *w = action_resolve(done, before), *list, *row, *g = NULL, *o = NULL;
	const char *texts[16], *sel_b = NULL, *sel_a = NULL;
	size_t n;
	char *subject;

	row = w ? oracle_enclosing_row(w) : NULL;
	list = row ? row->parent : NULL;
	if (!row || nav_item_of(w))
		return false;
	for (size_t i = 0; i < before->n_nodes && !sel_a; i++) {
		g = before->nodes[i];
		if (!is_nav_group(g) || !ui_widget_visible(g, &before->screen) || !(sel_b = group_selected(g)) ||
		    !(o = same_group(after, g)) || !(sel_a = group_selected(o)) || !strcmp(sel_a, sel_b))
			sel_a = NULL;
	}
	if (!sel_a)
		return false;
	n = row_texts(row, &before->screen, texts, 0, sizeof(texts) / sizeof(texts[0]));
	if (!n || is_command_row(texts[0]) || page_names_row(after, texts, n))
		return false;
	oracle_finding_init(f);
	f->category = BUG_CAT_NAVIGATION;
	f->oracle = "navigation";
	f->title = xasprintf("The row '%s' opens '%s' without its item", texts[0], sel_a);
	f->expected = xasprintf("the '%s' page showing the row's item ('%s')", sel_a, texts[0]);
	f->actual = xasprintf("the '%s' page shows nothing of the row", sel_a);
	f->description = xasprintf("Tapping the row '%s' on the '%s' page switched to '%s', which shows no text of "
				   "the row: the item the row stands for was lost on the way.",
				   texts[0], sel_b, sel_a);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "row_jump");
	cJSON_AddStringToObject(f->diff, "row", texts[0]);
	cJSON_AddStringToObject(f->diff, "selected_before", sel_b);
	cJSON_AddStringToObject(f->diff, "selected_after", sel_a);
	cJSON_AddStringToObject(f->diff, "list", list->resource_id);
	/* Another row of the same list losing its item on the same jump is the same bug. */
	subject = xasprintf("row jump loses its item: %s %s %s", activity_before ? activity_before : "",
			    list->resource_id, sel_a);
	cJSON_AddStringToObject(f->diff, "subject", subject);
	free(subject);
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	return true;
}

/*
 * Whether s reads as an item's own content: a sentence of 30+ bytes with
 * five words or more that hold a letter (a post, a note's body), not a
 * name, a label, nor a line of parts ("Lightning talks · H.2215", "Mobile
 * app backend · API endpoints": a middle dot, bullet or bar between them).
 */
static bool is_item_text(const char *s)
{
	size_t words = 0;
	bool letter = false;

	if (strlen(s) < 30 || strstr(s, "\xc2\xb7") || strstr(s, "\xe2\x80\xa2") || strchr(s, '|'))
		return false;
	for (; *s; s++) {
		if (isspace((unsigned char)*s)) {
			words += letter;
			letter = false;
		} else {
			letter |= isalpha((unsigned char)*s) != 0;
		}
	}
	return words + letter >= 5;
}

static uint64_t item_hash(const char *s)
{
	char *n = normalise(s, false);
	uint64_t h = oracle_hash_str(ORACLE_HASH_BASIS, n);

	free(n);
	return h;
}

/* Remember the item texts of t's list rows, listed by page id. */
static void remember_items(struct oracle_nav_tracker *t, const struct ui_tree *tree, const char *id)
{
	uint64_t page = oracle_hash_str(ORACLE_HASH_BASIS, id);

	for (size_t i = 0; i < tree->n_nodes; i++) {
		const struct ui_widget *w = tree->nodes[i];
		uint64_t h;
		bool known = false;

		if (!is_item_text(w->text) || ui_class_is_editable(w->class_name) ||
		    !ui_widget_visible(w, &tree->screen) || !oracle_enclosing_row(w))
			continue;
		h = item_hash(w->text);
		for (size_t k = 0; k < t->n_item_texts && k < NAV_ITEM_TEXTS_MAX && !known; k++)
			known = t->item_texts[k].text == h && t->item_texts[k].page == page;
		if (!known) {
			t->item_texts[t->n_item_texts % NAV_ITEM_TEXTS_MAX] = (struct nav_item_text){ h, page };
			t->n_item_texts++;
		}
	}
}

/* Whether item texts x and y were listed by one page, neither idb nor ida (two items of one list). */
static bool items_listed_together(const struct oracle_nav_tracker *t, const char *x, const char *y, const char *idb,
				  const char *ida)
{
	uint64_t hx = item_hash(x), hy = item_hash(y), pb = oracle_hash_str(ORACLE_HASH_BASIS, idb),
		 pa = oracle_hash_str(ORACLE_HASH_BASIS, ida);
	size_t n = t->n_item_texts < NAV_ITEM_TEXTS_MAX ? t->n_item_texts : NAV_ITEM_TEXTS_MAX;

	for (size_t i = 0; i < n; i++) {
		uint64_t page = t->item_texts[i].page;

		if (t->item_texts[i].text != hx || page == pb || page == pa)
			continue;
		for (size_t k = 0; k < n; k++)
			if (t->item_texts[k].text == hy && t->item_texts[k].page == page)
				return true;
	}
	return false;
}

/* Whether item text s was listed by a page other than id. */
static bool item_listed_elsewhere(const struct oracle_nav_tracker *t, const char *s, const char *id)
{
	uint64_t h = item_hash(s), page = oracle_hash_str(ORACLE_HASH_BASIS, id);

	for (size_t k = 0; k < t->n_item_texts && k < NAV_ITEM_TEXTS_MAX; k++)
		if (t->item_texts[k].text == h && t->item_texts[k].page != page)
			return true;
	return false;
}

/* Whether a visible text of t holds the start of item text x (its first 24+ bytes, to a word's end), or is held in x. */
static bool page_shows_item(const struct ui_tree *t, const char *x)
{
	char *xn = normalise(x, false);
	size_t cut = strlen(xn) < 24 ? strlen(xn) : 24;
	bool shown = false;

	char *start;

	while (xn[cut] && xn[cut] != ' ')
		cut++;
	start = xstrndup(xn, cut);
	for (size_t i = 0; i < t->n_nodes && !shown; i++) {
		const struct ui_widget *w = t->nodes[i];
		char *pn;

		if (!*w->text || !ui_widget_visible(w, &t->screen))
			continue;
		pn = normalise(w->text, false);
		shown = strstr(pn, start) || (strlen(pn) >= 24 && strstr(xn, pn));
		free(pn);
	}
	free(start);
	free(xn);
	return shown;
}

/*
 * Whether m is in a row of a list that runs past the screen (more rows may
 * lie below): the row's item may be one of them (lemmy, session 66: a
 * comment on a person's page opens its post, whose first comments fill the
 * screen and the comment tapped is further down).
 */
static bool in_list_cut_below(const struct ui_tree *t, const struct ui_widget *m)
{
	const struct ui_widget *row = oracle_enclosing_row(m);
	char id[512];

	if (!row || !row->parent)
		return false;
	snprintf(id, sizeof(id), "%s#%s", row->parent->resource_id, row->parent->class_name);
	return !oracle_list_has_room(t, id);
}

/*
 * The item check (diff.check "row_item"). A tap on a list row that quotes
 * an item the app lists on another page (a sentence: a post's text under
 * "Eliza Okafor favourited your post") opens a page, with no layer, that
 * shows none of that sentence but the sentence of another item of that
 * same list, one the tapped page did not show: the row opened the wrong
 * item (Husky #113: a notification about one post opens the next post of
 * the timeline). Both sentences must have been listed together by a third
 * page, so a page that shows the item in other words (an article under its
 * summary) is judged only when what it shows is the row's item's
 * neighbour, and not when that neighbour is a row of a list that runs past
 * the screen (in_list_cut_below). True with *f.
 */
static bool row_opens_other_item(const struct oracle_nav_tracker *t, const struct ui_tree *before, const char *idb,
				 const struct ui_tree *after, const char *ida, const struct action *done,
				 struct oracle_finding *f)
{
	const struct ui_widget *w = action_resolve(done, before), *row, *list;
	const char *texts[16], *x = NULL, *y = NULL;
	size_t n;
	char *subject;

	row = w ? oracle_enclosing_row(w) : NULL;
	list = row ? row->parent : NULL;
	if (!row || !strcmp(idb, ida))
		return false;
	n = row_texts(row, &before->screen, texts, 0, sizeof(texts) / sizeof(texts[0]));
	for (size_t i = 0; i < n && !x; i++)
		if (is_item_text(texts[i]) && item_listed_elsewhere(t, texts[i], idb))
			x = texts[i];
	if (!x || page_shows_item(after, x))
		return false;
	for (size_t i = 0; i < after->n_nodes && !y; i++) {
		const struct ui_widget *m = after->nodes[i];
		bool in_row = false;

		if (!is_item_text(m->text) || ui_class_is_editable(m->class_name) ||
		    !ui_widget_visible(m, &after->screen) || oracle_shows_text(before, m->text) ||
		    !items_listed_together(t, x, m->text, idb, ida))
			continue;
		uint64_t hm = item_hash(m->text);

		for (size_t k = 0; k < n && !in_row; k++)
			in_row = item_hash(texts[k]) == hm;
		if (!in_row && !in_list_cut_below(after, m))
			y = m->text;
	}
	if (!y)
		return false;
	oracle_finding_init(f);
	f->category = BUG_CAT_NAVIGATION;
	f->oracle = "navigation";
	f->title = xasprintf("The row '%s' opens another item: '%.60s'", texts[0], y);
	f->expected = xasprintf("a page showing the row's item: '%s'", x);
	f->actual = xasprintf("the page shows '%s', another item the app lists, and nothing of the row's", y);
	f->description = xasprintf("Tapping the row '%s', which quotes '%s', opened a page that shows '%s' - the text "
				   "of another item the app lists - and not the row's item.",
				   texts[0], x, y);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "row_item");
	cJSON_AddStringToObject(f->diff, "row", texts[0]);
	cJSON_AddStringToObject(f->diff, "row_item", x);
	cJSON_AddStringToObject(f->diff, "page_item", y);
	/* Another row of the same list opening another item is the same bug. */
	subject = xasprintf("row opens another item: %s %s", idb, list && *list->resource_id ? list->resource_id : "");
	cJSON_AddStringToObject(f->diff, "subject", subject);
	free(subject);
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	return true;
}

/* The link entry of key, or NULL. */
static struct nav_own_link *own_link(struct oracle_nav_tracker *t, uint64_t key)
{
	for (size_t i = 0; i < t->n_own_links && i < NAV_OWN_LISTS_MAX; i++)
		if (t->own_links[i].key == key)
			return &t->own_links[i];
	return NULL;
}

/*
 * The link check, the row check's kin for links outside lists. A button
 * with its own text (an article's "Read more" link) whose resource-id was
 * seen opening pages titled exactly with its text, for two different
 * texts, opens a page of the same activity titled with neither its text
 * nor a word of it: a link that opens a page of a similar name (an
 * article's "Radioactivity" opening "Radio", kiwix-js #176). Judged only
 * when the tap `opens` a page (not a pop to one the stack holds, not Up or
 * a confirm); seen as evidence in any case. True with *f.
 */
static bool link_lands_elsewhere(struct oracle_nav_tracker *t, const struct ui_tree *before,
				 const char *activity_before, const struct ui_tree *after, const char *activity_after,
				 const struct action *done, bool opens, struct oracle_finding *f)
{
	const struct ui_widget *w = action_resolve(done, before);
	const char *label, *title, *title_before = oracle_app_bar_title(before);
	struct nav_own_link *l;
	uint64_t key, text;

	if (!w || !*w->resource_id || !*w->text || oracle_enclosing_row(w) || ui_class_is_editable(w->class_name))
		return false;
	label = w->text;
	title = oracle_app_bar_title(after);
	if (!title || !*title || (title_before && oracle_same_activity(activity_before, activity_after) &&
				  !strcmp(title, title_before)))
		return false;
	key = oracle_hash_str(oracle_hash_str(oracle_hash_str(ORACLE_HASH_BASIS, activity_before), w->resource_id),
			      activity_after);
	text = oracle_hash_str(ORACLE_HASH_BASIS, label);
	l = own_link(t, key);
	if (same_words(title, label)) {
		if (!l) {
			l = &t->own_links[t->n_own_links++ % NAV_OWN_LISTS_MAX];
			l->key = key;
			l->text = text;
			l->known = false;
		} else if (l->text != text) {
			l->known = true;
		}
		return false;
	}
	if (!opens || !l || !l->known || names(title, label) || mentions_word(title, label) ||
	    mentions_word(label, title))
		return false;
	oracle_finding_init(f);
	f->category = BUG_CAT_NAVIGATION;
	f->oracle = "navigation";
	f->title = xasprintf("The link '%s' opens the '%s' page", label, title);
	f->expected = xasprintf("the '%s' page, as this link opened pages titled with its own text", label);
	f->actual = xasprintf("the page is titled '%s'", title);
	f->description = xasprintf("Tapping the link '%s' opened a page titled '%s', where the same link was seen "
				   "opening pages titled with its own text for other texts.", label, title);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "link");
	cJSON_AddStringToObject(f->diff, "link", label);
	cJSON_AddStringToObject(f->diff, "title_after", title);
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	return true;
}

/* A tab group: its activity and its items' labels. */
static uint64_t group_key(const char *activity, const struct ui_widget *g)
{
	uint64_t h = oracle_hash_str(ORACLE_HASH_BASIS, activity);

	for (size_t i = 0; i < g->n_children; i++)
		if (g->children[i]->clickable)
			h = oracle_hash_str(h, oracle_item_label(g->children[i]));
	return h;
}

/* Whether w is inside a navigation group (a tab bar, a bottom bar) or a clickable widget. */
static bool in_chrome(const struct ui_widget *w)
{
	for (const struct ui_widget *p = w; p; p = p->parent)
		if (p->clickable || is_nav_group(p))
			return true;
	return false;
}

/*
 * What t shows besides its chrome: the resource-id of a list with a visible
 * row (into *list, "" for none), or a text that is no control's label, no
 * tab's, not the app-bar title and not `own` (the tab's name as a heading).
 * True when it shows either.
 */
static bool page_content(const struct ui_tree *t, const char *own, const char **list)
{
	const char *title = oracle_app_bar_title(t);
	bool text = false;

	*list = "";
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (!ui_widget_visible(w, &t->screen))
			continue;
		if (oracle_is_list(w) && !**list) {
			for (size_t c = 0; c < w->n_children; c++)
				if (ui_widget_visible(w->children[c], &t->screen))
					*list = w->resource_id;
		} else if (*w->text && !text && !in_chrome(w) && !(title && !strcmp(w->text, title)) &&
			   !same_words(w->text, own)) {
			text = true;
		}
	}
	return text || **list;
}

/* Tab `tab` of group `group` showed list `list` with rows (the latest sighting wins). */
static void remember_tab_list(struct oracle_nav_tracker *t, uint64_t group, uint64_t tab, uint64_t list)
{
	for (size_t k = 0; k < t->n_tab_lists; k++)
		if (t->tab_lists[k].group == group && t->tab_lists[k].tab == tab) {
			t->tab_lists[k].list = list;
			return;
		}
	t->tab_lists[t->next_tab_list] = (struct nav_tab_list){ group, tab, list };
	t->next_tab_list = (t->next_tab_list + 1) % NAV_TAB_LISTS_MAX;
	if (t->n_tab_lists < NAV_TAB_LISTS_MAX)
		t->n_tab_lists++;
}

/*
 * Tabs: remember the list each selected tab shows with rows. The blank
 * check: a tap on tab L of a group lands - same activity, L selected, no
 * dialog - on a page with nothing but chrome (no list row, no text besides
 * control labels, the app-bar title and L's name as a heading), while two
 * other tabs of that group were seen showing one list with rows: the tab's
 * page is blank where its siblings show their rows (Catima #1525: a group
 * whose cards are all archived shows nothing, not "This group is empty").
 * True with *f.
 */
static bool tab_page_blank(struct oracle_nav_tracker *t, const struct ui_tree *before, const char *activity_before,
			   const struct ui_tree *after, const char *activity_after, const struct action *done,
			   struct oracle_finding *f)
{
	const struct ui_widget *w = done && done->type == ACTION_CLICK ? action_resolve(done, before) : NULL;
	const struct ui_widget *item = w ? nav_item_of(w) : NULL, *g_after = NULL;
	const char *label = item ? oracle_item_label(item) : NULL, *list;
	uint64_t gk, lk;
	size_t siblings = 0;
	bool judged = item && oracle_same_activity(activity_before, activity_after) &&
		      (g_after = same_group(after, item->parent)) && group_selected(g_after) &&
		      !strcmp(group_selected(g_after), label);

	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *g = after->nodes[i];
		const char *sel;

		if (!is_nav_group(g) || !ui_widget_visible(g, &after->screen) || !(sel = group_selected(g)) ||
		    !page_content(after, sel, &list) || !*list)
			continue;
		remember_tab_list(t, group_key(activity_after, g), oracle_hash_str(ORACLE_HASH_BASIS, sel),
				  oracle_hash_str(ORACLE_HASH_BASIS, list));
	}
	if (!judged || page_content(after, label, &list))
		return false;
	gk = group_key(activity_after, g_after);
	for (size_t k = 0; k < t->n_tab_lists && siblings < 2; k++) {
		const struct nav_tab_list *a = &t->tab_lists[k];

		if (a->group != gk || a->tab == oracle_hash_str(ORACLE_HASH_BASIS, label))
			continue;
		siblings = 1;
		lk = a->list;
		for (size_t m = 0; m < t->n_tab_lists; m++)
			if (m != k && t->tab_lists[m].group == gk && t->tab_lists[m].list == lk &&
			    t->tab_lists[m].tab != a->tab && t->tab_lists[m].tab != oracle_hash_str(ORACLE_HASH_BASIS, label))
				siblings = 2;
	}
	if (siblings < 2)
		return false;
	oracle_finding_init(f);
	f->category = BUG_CAT_PAGE_LOADING;
	f->oracle = "navigation";
	f->title = xasprintf("The '%s' tab shows a blank page", label);
	f->expected = xasprintf("the '%s' tab's rows, or a message that it has none, as its sibling tabs show theirs",
				label);
	f->actual = xstrdup("nothing but the tabs, the title and the controls");
	f->description = xasprintf("Tapping the tab '%s' selected it and showed a page with no list row and no text "
				   "besides the controls, while other tabs of the same bar showed their rows in one "
				   "list.", label);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "blank_tab");
	cJSON_AddStringToObject(f->diff, "tab", label);
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	return true;
}

struct oracle_nav_tracker *oracle_nav_tracker_new(void)
{
	return xcalloc(1, sizeof(struct oracle_nav_tracker));
}

/*
 * Whether the clicked widget is on the screen it opened too (same
 * resource-id and label): a persistent navigation control (a bottom bar
 * or a toolbar action the layouts share), not a drill-down. Such a click
 * may bring a screen already in the app's back stack to the front (the
 * player's "Now playing" returns to the Player opened from Search), so
 * what Back shows next is not known.
 */
static bool on_both_screens(const struct action *done, const struct ui_tree *before, const struct ui_tree *after)
{
	const struct ui_widget *w = action_resolve(done, before);

	if (!w || !w->resource_id || !*w->resource_id)
		return false;
	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *o = after->nodes[i];

		if (o->clickable && o->resource_id && !strcmp(o->resource_id, w->resource_id) &&
		    !strcmp(o->text ? o->text : "", w->text ? w->text : "") &&
		    !strcmp(o->content_desc ? o->content_desc : "", w->content_desc ? w->content_desc : ""))
			return true;
	}
	return false;
}

/* Forget the observed stack. */
static void nav_clear(struct oracle_nav_tracker *t)
{
	for (size_t i = 0; i < t->n; i++) {
		free(t->stack[i].id);
		free(t->stack[i].name);
		free(t->stack[i].alt);
		free(t->stack[i].opened_by);
	}
	t->n = 0;
}

/* Forget the screens that may be below. */
static void below_clear(struct oracle_nav_tracker *t)
{
	for (size_t i = 0; i < t->n_below; i++)
		free(t->below[i]);
	t->n_below = 0;
}

/* Remember id as possibly below the screen a tap opens. */
static void below_push(struct oracle_nav_tracker *t, const char *id)
{
	if (!id)
		return;
	if (t->n_below == NAV_BELOW_MAX) {
		free(t->below[0]);
		memmove(t->below, t->below + 1, (t->n_below - 1) * sizeof(*t->below));
		t->n_below--;
	}
	t->below = xgrow(t->below, &t->alloc_below, t->n_below + 1, sizeof(*t->below));
	t->below[t->n_below++] = xstrdup(id);
}

/*
 * Whether id is among the screens that may be below; if so, it and those
 * above it are dropped (the app went back to it).
 */
static bool below_cut(struct oracle_nav_tracker *t, const char *id)
{
	for (size_t i = t->n_below; i-- > 0;)
		if (!strcmp(t->below[i], id)) {
			for (size_t j = i; j < t->n_below; j++)
				free(t->below[j]);
			t->n_below = i;
			return true;
		}
	return false;
}

/* Whether id is among the screens that may be below. */
static bool below_holds(const struct oracle_nav_tracker *t, const char *id)
{
	for (size_t i = 0; i < t->n_below; i++)
		if (!strcmp(t->below[i], id))
			return true;
	return false;
}

/* The position of id in the observed stack, the topmost match; SIZE_MAX when absent. */
static size_t stack_find(const struct oracle_nav_tracker *t, const char *id)
{
	for (size_t i = t->n; i-- > 0;)
		if (!strcmp(t->stack[i].id, id))
			return i;
	return SIZE_MAX;
}

/* Drop the observed stack's frames from k up (k becomes the screen on top). */
static void stack_pop_to(struct oracle_nav_tracker *t, size_t k)
{
	for (size_t i = k; i < t->n; i++) {
		free(t->stack[i].id);
		free(t->stack[i].name);
		free(t->stack[i].alt);
		free(t->stack[i].opened_by);
	}
	t->n = k;
}

static void set_str(char **dst, const char *v)
{
	free(*dst);
	*dst = v ? xstrdup(v) : NULL;
}

/* Where Back may also land from the new top: v (may be NULL), and nothing kept from before. */
static void set_alt(struct oracle_nav_tracker *t, const char *v)
{
	set_str(&t->alt, v);
	set_str(&t->alt_kept, NULL);
}

/* Append w's label, text and content-desc and those of its subtree to sb, normalised, '\n'-separated. */
static void add_texts(struct strbuf *sb, const struct ui_widget *w)
{
	const char *parts[2] = { w->text, w->content_desc };

	for (size_t k = 0; k < 2; k++) {
		char *n = parts[k] && *parts[k] ? normalise(parts[k], false) : NULL;

		if (n && *n) {
			strbuf_adds(sb, n);
			strbuf_addch(sb, '\n');
		}
		free(n);
	}
	for (size_t i = 0; i < w->n_children; i++)
		add_texts(sb, w->children[i]);
}

/* The texts of the widget `done` tapped on `before` ('\n'-terminated each), or NULL. Caller frees. */
static char *tapped_texts(const struct ui_tree *before, const struct action *done)
{
	const struct ui_widget *w = action_resolve(done, before);
	struct strbuf sb;

	if (!w)
		return NULL;
	strbuf_init(&sb, 256);
	add_texts(&sb, w);
	if (!sb.len) {
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb, NULL);
}

/* Remember that a tap (its texts: opened_by) opened page id, for when the stack is lost. */
static void remember_opened(struct oracle_nav_tracker *t, const char *id)
{
	size_t i;

	for (i = 0; i < NAV_OPENED_MAX && !(t->opened_page[i] && !strcmp(t->opened_page[i], id)); i++)
		;
	if (i == NAV_OPENED_MAX) {
		i = t->next_opened;
		t->next_opened = (t->next_opened + 1) % NAV_OPENED_MAX;
		set_str(&t->opened_page[i], id);
	}
	set_str(&t->opened_page_by[i], t->opened_by);
}

/*
 * Whether the tap from `before` to `after` passed a gate: the screen on top
 * was opened by a tap on a widget showing the title of `after` (a note's
 * row; its opener unknown, the last tap that opened it was such a one), it is not titled so itself ("Protected note"), and its tap led on to
 * that page. The gate stood for the page the row asked for, and apps replace
 * such a page with the one it leads to (Standard Notes' protected-note page,
 * a sign-in or unlock prompt): Back from there returns below the gate.
 */
static bool passes_gate(const struct oracle_nav_tracker *t, const struct ui_tree *before,
			const struct ui_tree *after)
{
	const char *ta = oracle_app_bar_title(after);
	char *want, *tb;
	bool hit = false;

	const char *by = t->opened_by;

	for (size_t i = 0; !by && t->cur && i < NAV_OPENED_MAX; i++)
		if (t->opened_page[i] && !strcmp(t->cur, t->opened_page[i]))
			by = t->opened_page_by[i];
	if (!by || !ta)
		return false;
	want = normalise(ta, false);
	tb = normalise(oracle_app_bar_title(before), false);
	if (*want && strcmp(want, tb) != 0) {
		size_t n = strlen(want);

		for (const char *p = by; *p && !hit; p += strcspn(p, "\n") + 1)
			hit = strcspn(p, "\n") == n && !strncmp(p, want, n);
	}
	free(want);
	free(tb);
	return hit;
}

/*
 * Whether texts (tapped_texts: '\n'-joined, or NULL) are a menu button's: a
 * widget whose text or description is a navigation menu's (Menu, Open
 * navigation drawer, Toggle sidebar...).
 */
static bool names_menu(const char *texts)
{
	static const char *const labels[] = { "menu", "open menu", "main menu", "navigation menu", "show menu",
					      "open navigation drawer", "navigation drawer", "open drawer",
					      "sidebar", "open sidebar", "toggle sidebar", "sidebar toggle",
					      "toggle menu" };

	for (const char *p = texts; p && *p; p += strcspn(p, "\n") + (p[strcspn(p, "\n")] ? 1 : 0)) {
		size_t n = strcspn(p, "\n");

		for (size_t i = 0; i < sizeof(labels) / sizeof(labels[0]); i++)
			if (strlen(labels[i]) == n && !strncmp(p, labels[i], n))
				return true;
	}
	return false;
}

/* Whether texts (tapped_texts) name an overflow or options button: "More options", "Menu", "Options"... */
static bool names_menu_button(const char *texts)
{
	static const char *const labels[] = { "more options", "more", "options", "menu", "more actions", "actions",
					      "overflow menu", "open menu", "show options" };

	for (const char *p = texts; p && *p; p += strcspn(p, "\n") + (p[strcspn(p, "\n")] ? 1 : 0)) {
		size_t n = strcspn(p, "\n");

		for (size_t i = 0; i < sizeof(labels) / sizeof(labels[0]); i++)
			if (strlen(labels[i]) == n && !strncmp(p, labels[i], n))
				return true;
	}
	return false;
}

/*
 * Whether the screen on top was opened by a menu button (names_menu). Such
 * a page is a drawer or a sidebar shown as a page of its own (Home
 * Assistant's sidebar): it closes when one of its items opens, and Back
 * from that item's page returns below it.
 */
static bool opened_as_menu(const struct oracle_nav_tracker *t)
{
	return names_menu(t->opened_by);
}

/*
 * Whether the page on top was opened by a tap on a widget one of whose
 * texts is the page's title, in the activity of the page below: a section
 * of that page picked by name (a tag in a drawer, an area of a dashboard),
 * which apps show in place rather than push, so Back may rightly close
 * the app from it (jotter's tag "Personal", smarthome's "Living room",
 * session 42, buggy and fixed twin alike).
 */
static bool opened_as_section(const struct oracle_nav_tracker *t)
{
	char *name;
	bool hit = false;

	if (!t->opened_by || !t->cur_name || !t->cur || t->n == 0 || !same_activity_id(t->stack[t->n - 1].id, t->cur))
		return false;
	name = normalise(t->cur_name, false);
	for (const char *p = t->opened_by; *name && *p && !hit; p += strcspn(p, "\n") + (p[strcspn(p, "\n")] != 0))
		hit = strcspn(p, "\n") == strlen(name) && !strncmp(p, name, strlen(name));
	free(name);
	return hit;
}

/*
 * Whether `after` shows a bottom navigation bar (a nav group in the bottom
 * fifth of the screen: the app's top-level destinations) with an item
 * selected that `before` does not show selected in the same bar: a
 * top-level page reached from a detail page without the bar, or from
 * another destination (transit's "From here" on a station's page, which
 * brings the Directions tab forward). Chips and tab strips at the top of
 * a page do not count: a note's page may show its own filter chips.
 */
static bool switches_tab(const struct ui_tree *before, const struct ui_tree *after)
{
	for (size_t i = 0; after && i < after->n_nodes; i++) {
		const struct ui_widget *g = after->nodes[i], *o;
		const char *sel, *was;

		if (!is_nav_group(g) || !ui_widget_visible(g, &after->screen) ||
		    g->bounds.y1 < after->screen.y2 - ui_rect_height(&after->screen) / 5 || !(sel = group_selected(g)))
			continue;
		o = same_group(before, g);
		was = o ? group_selected(o) : NULL;
		if (!was || strcmp(was, sel) != 0)
			return true;
	}
	return false;
}

/* Make (id, name) the screen on top (takes ownership of id); the one it replaces becomes prev. */
static void nav_set_cur(struct oracle_nav_tracker *t, char *id, const char *name)
{
	if (t->cur && id && strcmp(t->cur, id) != 0) {
		free(t->prev);
		t->prev = t->cur;
	} else {
		free(t->cur);
	}
	free(t->cur_name);
	t->cur = id;
	t->cur_name = id ? xstrdup(name) : NULL;
	t->cur_by_item = false;
	t->cur_by_button = false;
}

/*
 * Forget everything the tracker knows of the stack - the frames, the screens
 * that may be below, who opened the current screen and where else Back may
 * land - and make `id` (owned; NULL: none) the current screen.
 */
static void nav_forget_all(struct oracle_nav_tracker *t, char *id, const char *name)
{
	nav_clear(t);
	below_clear(t);
	set_str(&t->opened_by, NULL);
	set_alt(t, NULL);
	nav_set_cur(t, id, name);
}

static bool finishes_page(const struct ui_tree *before, const struct action *a);

/* Whether w or a widget around it takes taps. */
static bool in_clickable(const struct ui_widget *w)
{
	for (; w; w = w->parent)
		if (w->clickable)
			return true;
	return false;
}

/*
 * Whether the dialog `before` is a menu: a title at most and two or more
 * items to tap (Device info, Settings, Cancel under an entity's name), no
 * message and no field. A question ("Delete this note?") has its message.
 */
static bool layer_is_menu(const struct ui_tree *before)
{
	size_t items = 0;

	for (size_t i = 0; i < before->n_nodes; i++) {
		const struct ui_widget *w = before->nodes[i];
		const char *id = strrchr(w->resource_id, '/');

		if (!ui_widget_visible(w, &before->screen))
			continue;
		if (ui_class_is_editable(w->class_name))
			return false;
		if (!*w->text)
			continue;
		if (in_clickable(w))
			items++;
		else if (!id || (strcasecmp(id + 1, "alertTitle") && strcasecmp(id + 1, "title") &&
				 strcasecmp(id + 1, "dialog_title")))
			return false;
	}
	return items >= 2;
}

/*
 * Whether a tap on an item of the dialog `before` opened a page the way a
 * tap on the page would: the dialog is a menu (layer_is_menu), the item is
 * none of the ways a dialog closes or confirms (Cancel, OK, Save, Delete,
 * Done...), and the page it opened is not the one under the dialog, nor one
 * that may be below it.
 */
static bool menu_item_opens(const struct oracle_nav_tracker *t, const struct ui_tree *before,
			    const struct action *done, const char *ida)
{
	static const char *const closes[] = { "cancel", "close", "dismiss", "ok", "yes", "no", "done", "apply",
					      "back", "got it", "not now", "later", "skip", NULL };
	const struct ui_widget *w = action_resolve(done, before);
	char low[128];

	if (!t->layer_from_menu_button || !w || !*w->text || !t->cur || !strcmp(ida, t->cur) || below_holds(t, ida) ||
	    !layer_is_menu(before))
		return false;
	snprintf(low, sizeof low, "%s", w->text);
	for (char *c = low; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	for (size_t i = 0; closes[i]; i++)
		if (!strcmp(low, closes[i]))
			return false;
	return !oracle_is_save_action(done) && !oracle_is_delete_action(before, done) && !finishes_page(before, done);
}

/* Whether a relaunch (data kept) showed the page of identity id before. */
static bool is_start_page(const struct oracle_nav_tracker *t, const char *id)
{
	uint64_t h = oracle_hash_str(ORACLE_HASH_BASIS, id);
	size_t n = t->n_start_pages < NAV_START_PAGES_MAX ? t->n_start_pages : NAV_START_PAGES_MAX;

	for (size_t i = 0; i < n; i++)
		if (t->start_pages[i] == h)
			return true;
	return false;
}

/* Remember a page a relaunch (data kept) showed. */
static void start_page_add(struct oracle_nav_tracker *t, const char *id)
{
	if (!is_start_page(t, id))
		t->start_pages[t->n_start_pages++ % NAV_START_PAGES_MAX] = oracle_hash_str(ORACLE_HASH_BASIS, id);
}

/* Forget a pending Back that left the app. */
static void exit_clear(struct oracle_nav_tracker *t)
{
	free(t->exit_want);
	free(t->exit_want_name);
	free(t->exit_from);
	free(t->exit_from_id);
	free(t->exit_from_activity);
	cJSON_Delete(t->exit_stack);
	cJSON_Delete(t->exit_ids);
	cJSON_Delete(t->exit_back);
	t->exit_want = t->exit_want_name = t->exit_from = t->exit_from_id = t->exit_from_activity = NULL;
	t->exit_stack = t->exit_ids = t->exit_back = NULL;
}

/*
 * Remember Back `done` from the screen on top (its activity activity_before),
 * which a tap opened from the stack's top, as having left the app: the next
 * step judges it (exit_judge).
 */
static void exit_remember(struct oracle_nav_tracker *t, const char *activity_before, const struct action *done)
{
	const char *slash = activity_before ? strrchr(activity_before, '/') : NULL;

	exit_clear(t);
	t->exit_want = xstrdup(t->stack[t->n - 1].id);
	t->exit_want_name = xstrdup(t->stack[t->n - 1].name ? t->stack[t->n - 1].name : "?");
	t->exit_from = xstrdup(t->cur_name ? t->cur_name : "?");
	t->exit_from_id = xstrdup(t->cur);
	t->exit_from_activity = xstrdup(slash ? slash + 1 : "?");
	t->exit_stack = cJSON_CreateArray();
	t->exit_ids = cJSON_CreateArray();
	for (size_t i = 0; i < t->n; i++) {
		cJSON_AddItemToArray(t->exit_stack, cJSON_CreateString(t->stack[i].name ? t->stack[i].name : "?"));
		cJSON_AddItemToArray(t->exit_ids, cJSON_CreateString(t->stack[i].id));
	}
	t->exit_back = action_to_json(done);
}

/*
 * The step after a Back that left the app: true, with *f filled, when it is
 * a relaunch (data kept) that shows again the screen the page was opened
 * from (identity ida, no dialog). That screen is still the app's first page,
 * so it was below its child: Back should have returned to it. A page that
 * replaced the app's first one (a main page after onboarding or a login)
 * shows again on relaunch instead, and leaving from it is right.
 */
static bool exit_judge(struct oracle_nav_tracker *t, const char *ida, const char *relaunched_name,
		       bool after_in_app, bool layer_a, const struct action *done, struct oracle_finding *f)
{
	const char *landed = NULL;
	const cJSON *id;
	int at = 0, landed_at = -1;

	if (!t->exit_want || done->type != ACTION_RESTART || done->clear_data || !after_in_app || layer_a)
		return false;
	/* The relaunch shows a screen further down the stack (the dashboard
	 * under an entity whose menu opened the device page): all of it was
	 * below the page, Back should have returned into it. */
	cJSON_ArrayForEach(id, t->exit_ids) {
		if (cJSON_IsString(id) && !strcmp(ida, id->valuestring)) {
			landed = id->valuestring;
			landed_at = at;
		}
		at++;
	}
	/* Or the app's start page (one an earlier relaunch showed), not the
	 * page Back was pressed on, when the tracker lost the way from it (a
	 * rename retitled a page between): a page a tap opened was not the
	 * task's only one. The relaunch showing that page itself is an app
	 * that rightly made it its new start (a main page after a login); a
	 * page never seen at a start may be one the app moved on to. */
	if (!landed && t->exit_from_id && strcmp(ida, t->exit_from_id) != 0 && is_start_page(t, ida))
		landed = ida;
	if (!landed)
		return false;
	const cJSON *landed_name = landed_at >= 0 ? cJSON_GetArrayItem(t->exit_stack, landed_at) : NULL;
	const char *shown = cJSON_IsString(landed_name) ? landed_name->valuestring : relaunched_name;

	oracle_finding_init(f);
	f->category = BUG_CAT_NAVIGATION;
	f->oracle = "navigation";
	f->title = xasprintf("Back from %s leaves the app instead of returning to '%s'", t->exit_from_activity,
			     t->exit_want_name);
	f->expected = xasprintf("Back returns to '%s', the screen '%s' was opened from", t->exit_want_name,
				t->exit_from);
	f->actual = strcmp(landed, t->exit_want) == 0
			    ? xstrdup("Back closed the app; relaunched, it shows that screen again")
			    : xasprintf("Back closed the app; relaunched, it shows '%s', a page below it", shown);
	f->description = xasprintf("'%s' was opened from '%s' by a tap; pressing Back there closed the app "
				   "instead of returning to '%s', which the app shows again when relaunched.",
				   t->exit_from, t->exit_want_name, t->exit_want_name);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "back_exit");
	cJSON_AddItemToObject(f->diff, "back_stack", t->exit_stack);
	t->exit_stack = NULL;
	cJSON_AddStringToObject(f->diff, "top", t->exit_from);
	cJSON_AddStringToObject(f->diff, "landed", "(outside the app)");
	cJSON_AddStringToObject(f->diff, "relaunched_to", shown);
	/* The Back is the bug; the relaunch after it only shows where the app starts. */
	cJSON_AddItemToObject(f->diff, "blamed", t->exit_back);
	t->exit_back = NULL;
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	return true;
}

/* Forget a pending confirmed page. */
static void done_clear(struct oracle_nav_tracker *t)
{
	free(t->done_page);
	free(t->done_page_name);
	free(t->done_landing);
	cJSON_Delete(t->done_confirm);
	t->done_page = t->done_page_name = t->done_landing = NULL;
	t->done_confirm = NULL;
	t->done_away = 0;
	t->done_dialog = false;
}

/* The label of the widget a tap pressed on t (its recorded text when it cannot be found). */
static const char *tap_label(const struct ui_tree *t, const struct action *a)
{
	const struct ui_widget *w = action_resolve(a, t);

	return w ? ui_widget_label(w) : a->widget_text ? a->widget_text : "";
}

/* How deep above the landing the confirm check follows the walk (a row's page, its editor, a picker). */
#define DONE_AWAY_MAX 3

/*
 * The confirm check while the walk is above the landing (a row opened from
 * the list the confirm went to): taps that open pages go up, Back and Up
 * come down; back on the landing, the check is armed again (pillbox seed
 * 4: a medicine opened and closed, then the Today tab and its Up). A Back
 * that lands anywhere else, the confirmed page included (the back check's
 * business), a restart or leaving the app ends it.
 */
static void done_follow(struct oracle_nav_tracker *t, const char *idb, const char *ida, bool layer_b, bool layer_a,
			bool after_in_app, const struct action *done)
{
	bool back = done->type == ACTION_BACK || (done->type == ACTION_CLICK && oracle_is_up_action(done));

	if (!after_in_app || done->type == ACTION_RESTART) {
		done_clear(t);
	} else if (layer_b || layer_a) {
		/* a dialog on the way: nothing moves */
	} else if (back) {
		if (!strcmp(ida, t->done_landing))
			t->done_away = 0;
		else if (!strcmp(ida, t->done_page) || --t->done_away <= 0)
			done_clear(t);
	} else if (done->type == ACTION_CLICK && strcmp(ida, idb) != 0 && ++t->done_away > DONE_AWAY_MAX) {
		done_clear(t);
	}
}

/* Whether a click was seen leaving form for next (remembered in forms[]). */
static bool left_form_for(const struct oracle_nav_tracker *t, const char *form, const char *next)
{
	for (size_t i = 0; i < NAV_FORMS_MAX; i++)
		if (t->forms[i].form && !strcmp(t->forms[i].form, form) && !strcmp(t->forms[i].next, next))
			return true;
	return false;
}

/* Whether page id (nav_identity) is one a form's submit opened. */
static bool was_submitted_to(const struct oracle_nav_tracker *t, const char *id)
{
	for (size_t i = 0; i < NAV_SUBMITTED_MAX; i++)
		if (t->submitted[i] && !strcmp(t->submitted[i], id))
			return true;
	return false;
}

/*
 * Whether the tap's widget is labelled exactly one confirm word: it
 * finishes what its page asked for. Not Next or Continue (a wizard's step
 * stays below the next one), not Add (a list's Add opens a form) nor OK
 * (dialogs).
 */
static bool is_final_confirm(const struct ui_tree *before, const struct action *a)
{
	static const char *const words[] = { "save", "confirm", "submit", "create", "done", "finish", NULL };
	const struct ui_widget *w = action_resolve(a, before);
	char *label = oracle_trimmed(w ? ui_widget_label(w) : a->widget_text ? a->widget_text : "");
	bool hit = false;

	for (size_t i = 0; words[i] && !hit; i++)
		hit = !strcasecmp(label, words[i]);
	free(label);
	return hit;
}

/*
 * The confirm check, run before the tracker's own update: a Back (or Up)
 * from the screen a confirm opened - nothing but inputs, dialogs and tab,
 * bottom-bar or drawer switches since, or pages opened above it and left
 * by Back or Up (done_follow) - that shows the confirmed page again. The app kept a finished form or confirmation page below the
 * screen it went on to (dose's add-medicine flow); Back should leave it
 * behind, and so should Up from a top-level page a tab switch showed.
 * True with *f filled.
 */
static bool done_judge(struct oracle_nav_tracker *t, const struct ui_tree *before, const char *idb, const char *ida,
		       bool layer_b, bool layer_a, bool after_in_app, const struct ui_tree *after,
		       const char *activity_after, const struct action *done, struct oracle_finding *f)
{
	const struct ui_widget *w;
	bool hit, up;

	if (!t->done_page)
		return false;
	if (t->done_away) {
		done_follow(t, idb, ida, layer_b, layer_a, after_in_app, done);
		return false;
	}
	if (layer_b && t->done_dialog) {
		/* A dialog opened on the landing: its Delete ends the landing's page,
		 * which must not show the confirmed page either (passwords seed 3: the
		 * entry deleted, the edit form it was saved from came back). */
		if (after_in_app && layer_a)
			return false;
		t->done_dialog = false;
		if (after_in_app && !strcmp(ida, t->done_landing))
			return false; /* cancelled: still on the landing */
		if (!after_in_app || done->type != ACTION_CLICK || !oracle_is_delete_action(before, done) || strcmp(ida, t->done_page)) {
			done_clear(t);
			return false;
		}
		up = false;
		hit = true;
	} else if (layer_b || strcmp(idb, t->done_landing) != 0) {
		done_clear(t);
		return false;
	} else {
		up = done->type == ACTION_CLICK && oracle_is_up_action(done);
		hit = (done->type == ACTION_BACK || up) && after_in_app && !layer_a && !strcmp(ida, t->done_page);
	}
	if (hit) {
		char *label = done->type == ACTION_CLICK && !up ? oracle_trimmed(tap_label(before, done)) : NULL;
		const char *key = up ? "Up" : label && *label ? label : "Back";

		oracle_finding_init(f);
		f->category = BUG_CAT_NAVIGATION;
		f->oracle = "navigation";
		f->title = xasprintf("%s returns to '%s', which was already confirmed", key, t->done_page_name);
		f->expected = xasprintf("%s leaves '%s' behind: its confirm finished it", key, t->done_page_name);
		f->actual = xasprintf("%s showed '%s' again", key, display_name(after, activity_after));
		f->description = xasprintf("Confirming '%s' went on to another screen; pressing %s there returned "
					   "to '%s', the page already confirmed, instead of leaving it behind.",
					   t->done_page_name, key, t->done_page_name);
		f->diff = cJSON_CreateObject();
		cJSON_AddStringToObject(f->diff, "check", "back_to_confirmed");
		/* Back and Up to the same confirmed page are one bug. */
		{
			char *subject = xasprintf("confirmed page '%s' kept below", t->done_page_name);

			cJSON_AddStringToObject(f->diff, "subject", subject);
			free(subject);
		}
		cJSON_AddStringToObject(f->diff, "landed", display_name(after, activity_after));
		/* The confirm kept its page below: the Back only shows it. */
		cJSON_AddItemToObject(f->diff, "blamed", t->done_confirm);
		t->done_confirm = NULL;
		cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
		free(label);
	}
	/* A tab switch shows another top-level page in place: Back or Up there is judged the same. */
	w = done->type == ACTION_CLICK && !hit ? action_resolve(done, before) : NULL;
	if (w && nav_item_of(w) && after_in_app && !layer_a && strcmp(ida, t->done_page) != 0) {
		set_str(&t->done_landing, ida);
		return false;
	}
	/* A dialog opened on the landing: judged on the press that closes it. */
	if (!hit && !layer_b && layer_a && after_in_app && done->type == ACTION_CLICK) {
		t->done_dialog = true;
		return false;
	}
	/* A tap that opened a page above the landing (a row's page): followed until Back returns. */
	if (!hit && done->type == ACTION_CLICK && after_in_app && !layer_a && strcmp(ida, t->done_landing) != 0 &&
	    strcmp(ida, t->done_page) != 0 && !oracle_is_up_action(done)) {
		t->done_away = 1;
		return false;
	}
	if (hit || strcmp(ida, t->done_landing) != 0)
		done_clear(t);
	return hit;
}

void oracle_nav_tracker_free(struct oracle_nav_tracker *t)
{
	if (!t)
		return;
	nav_clear(t);
	free(t->stack);
	below_clear(t);
	free(t->below);
	free(t->opened_by);
	for (size_t i = 0; i < NAV_OPENED_MAX; i++) {
		free(t->opened_page[i]);
		free(t->opened_page_by[i]);
	}
	free(t->alt);
	free(t->alt_kept);
	free(t->cur);
	free(t->cur_name);
	free(t->prev);
	free(t->page_cur);
	free(t->page_from);
	free(t->typed);
	for (size_t i = 0; i < NAV_TYPED_MAX; i++)
		free(t->typed_ring[i]);
	for (size_t i = 0; i < NAV_FORMS_MAX; i++) {
		free(t->forms[i].form);
		free(t->forms[i].next);
	}
	exit_clear(t);
	done_clear(t);
	free(t->confirmed_form);
	cJSON_Delete(t->confirmed_by);
	cJSON_Delete(t->idle_menu_tap);
	for (size_t i = 0; i < NAV_SUBMITTED_MAX; i++)
		free(t->submitted[i]);
	free(t);
}

/* Whether a's label dismisses a menu or dialog: Cancel, Close, Dismiss, Back, No. */
static bool names_dismiss(const struct action *a)
{
	static const char *const words[] = { "cancel", "close", "dismiss", "back", "no", NULL };
	char low[64];

	if (!a->widget_text)
		return false;
	oracle_lower_into(low, sizeof(low), a->widget_text);
	for (size_t i = 0; words[i]; i++)
		if (!strcmp(low, words[i]))
			return true;
	return false;
}

/* Fill *f with a Back finding: `from` was on top, `want` below, `got` after Back. */
static void back_finding(struct oracle_finding *f, const char *from, const char *from_activity, const char *want,
			 const char *got, const struct oracle_nav_tracker *t, const struct action *done)
{
	cJSON *stack = cJSON_CreateArray();

	oracle_finding_init(f);
	f->category = BUG_CAT_NAVIGATION;
	f->oracle = "navigation";
	f->title = xasprintf("Back from %s lands on '%s' instead of '%s'", from_activity, got, want);
	f->expected = xasprintf("Back returns to '%s', the screen '%s' was opened from", want, from);
	f->actual = xasprintf("Back showed '%s'", got);
	if (t->idle_menu_tap && cJSON_IsString(cJSON_GetObjectItem(t->idle_menu_tap, "widget_text")))
		f->description = xasprintf("'%s' was opened from '%s' by a tap. Its menu's '%s' then closed the menu "
					   "and left '%s' as it was; pressing Back showed '%s' instead of returning "
					   "to '%s': the page the menu item should have shown was put below.",
					   from, want, cJSON_GetObjectItem(t->idle_menu_tap, "widget_text")->valuestring,
					   from, got, want);
	else
		f->description = xasprintf("'%s' was opened from '%s' by a tap; pressing Back there showed '%s' "
					   "instead of returning to '%s'.", from, want, got, want);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "back");
	if (t->idle_menu_tap)
		cJSON_AddItemToObject(f->diff, "blamed", cJSON_Duplicate(t->idle_menu_tap, true));
	for (size_t i = 0; i < t->n; i++)
		cJSON_AddItemToArray(stack, cJSON_CreateString(t->stack[i].name));
	cJSON_AddItemToObject(f->diff, "back_stack", stack);
	cJSON_AddStringToObject(f->diff, "top", from);
	cJSON_AddStringToObject(f->diff, "landed", got);
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	{
		/* One wrong Back per page and landing, whichever page it was opened from (feedreader:
		 * Back from a story lands on 'All stories' from each of three lists, one bug). */
		char *subject = xasprintf("back from %s lands on %s", from_activity, got);

		cJSON_AddStringToObject(f->diff, "subject", subject);
		free(subject);
	}
}

/*
 * Whether normalised tap texts (opened_by) name a step of a form: Next,
 * Continue, Save, Done or OK. A page such a tap opened is the next step of
 * a flow, and a Save there may rightly close the steps before it.
 */
static bool opened_as_step(const char *texts)
{
	static const char *const steps[] = { "next", "continue", "save", "done", "ok", NULL };
	char low[128];

	if (!texts)
		return false;
	oracle_lower_into(low, sizeof(low), texts);
	return oracle_label_begins_with(low, steps);
}

/*
 * Whether normalised tap texts (opened_by) begin a creation: Add, New,
 * Create or "+". A page such a button opened (a category picker) hands on
 * to the form that ends the creation, whose Save may rightly return to
 * where the button was.
 */
static bool opened_to_create(const char *texts)
{
	static const char *const verbs[] = { "add", "new", "create", "+", NULL };
	char low[128];

	if (!texts)
		return false;
	oracle_lower_into(low, sizeof(low), texts);
	return oracle_label_begins_with(low, verbs);
}

/*
 * The save check (diff.check "save_past"), run before the tracker's own
 * update: Save (a click labelled exactly Save, Confirm, Submit, Create,
 * Done or Finish) on a form - the screen on top of the observed stack,
 * opened by a tap on an item (a row or a text: no button, no box) that
 * was no step of a flow - that lands on a screen the stack holds below the
 * one the form was opened from: the save closed that page too (tasks
 * `tasks-subtask-save-leaves-parent`, Tasks.org #3775: a task opened from
 * a filter's list, one of its subtasks saved, shows the lists page). A form
 * a button opened (Stop on a run's page, Change on a budget's) may rightly
 * close the page of the flow it ends (runtracker's and ledger's fixed
 * twins, the first version); so may one opened from a page a creation
 * button (Add, New, Create, +) opened: a picker (ledger's Add budget, then
 * a category's row, then the budget's Save returns to Budgets: seed 3 and
 * the fixed twin's seed 1). A list a filter's button opened (tasks'
 * Upcoming) is still judged. True with *f.
 */
static bool save_past(const struct oracle_nav_tracker *t, const struct ui_tree *before, const char *idb,
		      const char *ida, const char *landed, const char *activity_before, const struct action *done,
		      struct oracle_finding *f)
{
	const struct nav_frame *want;
	const char *slash = activity_before ? strrchr(activity_before, '/') : NULL;
	size_t k;
	char *subject;

	if (done->type != ACTION_CLICK || !t->cur || strcmp(t->cur, idb) != 0 || t->n < 2 || !t->cur_by_item ||
	    !oracle_shows_field(before) || !is_final_confirm(before, done) || opened_as_step(t->opened_by) ||
	    (t->stack[t->n - 1].by_button && opened_to_create(t->stack[t->n - 1].opened_by)) ||
	    (k = stack_find(t, ida)) == SIZE_MAX || k + 1 >= t->n)
		return false;
	want = &t->stack[t->n - 1];
	oracle_finding_init(f);
	f->category = BUG_CAT_NAVIGATION;
	f->oracle = "navigation";
	f->title = xasprintf("'%s' on %s closes the page it was opened from too", done->widget_text ? done->widget_text : "Save",
			     slash ? slash + 1 : "?");
	f->expected = xasprintf("the form closes back to '%s', the screen it was opened from",
				want->name ? want->name : "?");
	f->actual = xasprintf("'%s', further down, is shown: '%s' was closed too", landed,
			      want->name ? want->name : "?");
	f->description = xasprintf("'%s' was opened from '%s' by a tap; its '%s' closed it and showed '%s', a screen "
				   "below '%s', instead of returning to '%s'.",
				   t->cur_name ? t->cur_name : "?", want->name ? want->name : "?",
				   done->widget_text ? done->widget_text : "Save", landed, want->name ? want->name : "?",
				   want->name ? want->name : "?");
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "save_past");
	{
		cJSON *stack = cJSON_CreateArray();

		for (size_t i = 0; i < t->n; i++)
			cJSON_AddItemToArray(stack, cJSON_CreateString(t->stack[i].name ? t->stack[i].name : ""));
		cJSON_AddItemToObject(f->diff, "back_stack", stack);
	}
	cJSON_AddStringToObject(f->diff, "landed", landed);
	cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	/* One bug per form's activity, whichever page it was opened from and landed on. */
	subject = xasprintf("save on %s lands past its opener", slash ? slash + 1 : "?");
	cJSON_AddStringToObject(f->diff, "subject", subject);
	free(subject);
	return true;
}

/* The toolbar's Up button ("Navigate up"): it goes to the parent screen, it opens nothing. */
/*
 * Whether the tap commits or abandons the page it is on (Save, Apply, Done,
 * Discard, Cancel, Close): the app finishes that page, it opens none.
 */
static bool finishes_page(const struct ui_tree *before, const struct action *a)
{
	/* "Restore this version" on a past version's page returns to the history
	 * it was opened from, which the restore may retitle (passwords, session 22). */
	/* "Mark as read" on an article returns to the list it was opened from (readlater, session 24), as
	 * "Mark unread" on a message does (mail, session 37). */
	static const char *const words[] = { "save", "apply", "done", "discard", "cancel", "close", "restore",
					     "mark", NULL };
	const struct ui_widget *w = action_resolve(a, before);

	return oracle_label_begins_with(w ? ui_widget_label(w) : a->widget_text, words) ||
	       oracle_label_begins_with(a->widget_text, words);
}

/*
 * Whether the tap closes every screen of the app behind the one it opens:
 * Lock, Log out, Sign out, Switch account (a password manager's Lock leaves
 * only its unlock page, and Back there rightly leaves the app).
 */
static bool resets_stack(const struct ui_tree *before, const struct action *a)
{
	/* Whole labels: "Lock screen notifications" is a setting, not a lock. */
	static const char *const labels[] = { "lock", "lock now", "lock database", "lock vault", "lock app", "log out",
					      "logout", "sign out", "switch account", NULL };
	const struct ui_widget *w = action_resolve(a, before);
	const char *shown[2] = { w ? ui_widget_label(w) : NULL, a->widget_text };

	for (size_t i = 0; i < 2; i++) {
		char *label = shown[i] ? oracle_trimmed(shown[i]) : NULL;
		bool hit = false;

		for (size_t k = 0; label && labels[k] && !hit; k++)
			hit = !strcasecmp(label, labels[k]);
		free(label);
		if (hit)
			return true;
	}
	return false;
}

bool oracle_is_up_action(const struct action *a)
{
	const char *id = a->resource_id ? strrchr(a->resource_id, '/') : NULL;

	return (a->widget_text && (!strcasecmp(a->widget_text, "Navigate up") || !strcasecmp(a->widget_text, "Up"))) ||
	       (id && (!strcmp(id, "/up") || !strcmp(id, "/action_bar_up") || !strcmp(id, "/navigate_up")));
}

/*
 * Whether `title` is a text typed since the n_typed-th (one of the last
 * NAV_TYPED_MAX): typed on a page above a frame whose typed_from is `from`.
 */
static bool typed_since(const struct oracle_nav_tracker *t, size_t from, const char *title)
{
	bool hit = false;

	if (t->n_typed > NAV_TYPED_MAX && from < t->n_typed - NAV_TYPED_MAX)
		from = t->n_typed - NAV_TYPED_MAX;
	for (size_t i = from; i < t->n_typed && !hit; i++) {
		char *s = oracle_trimmed(t->typed_ring[i % NAV_TYPED_MAX]);

		hit = *s && !strcasecmp(s, title);
		free(s);
	}
	return hit;
}

/* Whether page id (nav_identity) was seen reached by a tab, bottom-navigation or drawer item. */
static bool is_tab_page(const struct oracle_nav_tracker *t, const char *id)
{
	uint64_t h = oracle_hash_str(ORACLE_HASH_BASIS, id);

	for (size_t i = 0; i < t->n_tab_pages && i < NAV_TAB_PAGES_MAX; i++)
		if (t->tab_pages[i] == h)
			return true;
	return false;
}

/* Whether a visible text or description of t is `title`, trimmed, in any case. */
static bool shows_title(const struct ui_tree *t, const char *title)
{
	char *want = oracle_trimmed(title ? title : "");
	bool shown = false;

	for (size_t i = 0; i < t->n_nodes && *want && !shown; i++) {
		const struct ui_widget *w = t->nodes[i];
		char *text, *desc;

		if (!ui_widget_visible(w, &t->screen))
			continue;
		text = oracle_trimmed(w->text);
		desc = oracle_trimmed(w->content_desc);
		shown = !strcasecmp(text, want) || !strcasecmp(desc, want);
		free(text);
		free(desc);
	}
	free(want);
	return shown;
}

/* Whether `after` is the current page under the name last typed (renamed, not another page). */
static bool renamed_in_place(const struct oracle_nav_tracker *t, const struct ui_tree *after,
			     const char *activity_after, const char *ida)
{
	char *typed;
	bool same;

	if (!t->cur || !t->typed || !same_activity_id(t->cur, ida) || !strcmp(t->cur, ida))
		return false;
	typed = oracle_trimmed(t->typed);
	same = *typed && !strcasecmp(typed, display_name(after, activity_after));
	free(typed);
	return same;
}

bool oracle_nav_step(struct oracle_nav_tracker *t, const struct ui_tree *before, const char *activity_before,
		     const struct ui_tree *after, const char *activity_after, bool after_in_app,
		     const struct action *done, struct oracle_finding *f)
{
	bool layer_b, layer_a, hit = false, nav_click = false;
	char *idb, *ida;
	size_t k;

	if (!before || !after || !done)
		return false;
	layer_b = nav_has_layer(before);
	layer_a = nav_has_layer(after);
	idb = nav_identity(before, activity_before);
	ida = nav_identity(after, activity_after);
	/* Every text typed in the app: one typed on a page above may rename a page below. */
	if (done->type == ACTION_INPUT && done->text && *done->text && after_in_app)
		set_str(&t->typed_ring[t->n_typed++ % NAV_TYPED_MAX], done->text);
	/*
	 * The run's first screen is where the app starts, as a relaunch's is
	 * (smarthome seed 5 lost its way from Home through an entity's
	 * settings form before Device info's Back closed the app, with no
	 * relaunch earlier in the run). A first page a relaunch does not show
	 * again (an onboarding page) never matches.
	 */
	if (!t->first_seen) {
		t->first_seen = true;
		if (!layer_b)
			start_page_add(t, idb);
	}
	/* A Back that left the app the step before is judged by this step alone. */
	hit = exit_judge(t, ida, display_name(after, activity_after), after_in_app, layer_a, done, f);
	if (done->type == ACTION_RESTART && !done->clear_data && after_in_app && !layer_a)
		start_page_add(t, ida);
	if (done->type == ACTION_RESTART) {
		set_str(&t->confirmed_form, NULL);
		cJSON_Delete(t->confirmed_by);
		t->confirmed_by = NULL;
	}
	exit_clear(t);
	/* The page Back would return to, listed by name on a page above (a location among the saved ones). */
	if (t->n > 0 && !layer_b && !t->stack[t->n - 1].named_above && strcmp(idb, t->stack[t->n - 1].id) != 0 &&
	    shows_title(before, t->stack[t->n - 1].name))
		t->stack[t->n - 1].named_above = true;
	if (!hit)
		hit = done_judge(t, before, idb, ida, layer_b, layer_a, after_in_app, after, activity_after, done, f);
	else
		done_clear(t);
	/*
	 * Back from a page a tap opened (from the screen below, in the observed
	 * stack) that left the app: judged on the relaunch that follows.
	 */
	if (!after_in_app && done->type == ACTION_BACK && !layer_b && t->cur && t->n > 0 && !strcmp(t->cur, idb) &&
	    same_activity_package(activity_before, t->cur) && !opened_as_section(t))
		exit_remember(t, activity_before, done);
	/*
	 * Back from another app (a share sheet, a browser the app opened) to the
	 * screen last seen in the app: the app's stack waited below it.
	 */
	if (t->cur && done->type == ACTION_BACK && !layer_a && !strcmp(ida, t->cur) &&
	    !same_activity_package(activity_before, t->cur))
		goto out;
	/* Something happened between the steps (a side trip, a relaunch): the stack is unknown. */
	if (!layer_b && (!t->cur || strcmp(t->cur, idb) != 0)) {
		nav_forget_all(t, xstrdup(idb), display_name(before, activity_before));
	}
	if (!hit && (done->type == ACTION_CLICK || done->type == ACTION_CHECK) && !layer_b && after_in_app && !layer_a)
		hit = tick_leaves_page(before, activity_before, after, activity_after, done, f);
	if (!hit && !layer_b && after_in_app && !layer_a)
		hit = save_past(t, before, idb, ida, display_name(after, activity_after), activity_before, done, f);
	if (done->type == ACTION_CLICK && !layer_b && after_in_app && !layer_a) {
		const struct ui_widget *w = action_resolve(done, before);

		nav_click = w && nav_item_of(w);
		/* The confirm check may have judged this tap (an Up) already. */
		if (!hit)
			hit = tab_lands_elsewhere(before, activity_before, after, activity_after, done, f);
		/* A row whose tap returns to a page the stack holds, or to the page shown before this
		 * one (a picker's row: Add to playlist's "Road trip" adds the song and goes back),
		 * opens nothing (music's fixed twin, seed 3, session 64). */
		if (!hit && !nav_click && stack_find(t, ida) == SIZE_MAX && !(t->page_from && !strcmp(t->page_from, ida)))
			hit = row_lands_elsewhere(t, before, activity_before, after, activity_after, done, f);
		if (!hit && !nav_click)
			hit = row_jump_loses_item(before, activity_before, after, done, f);
		if (!hit && !nav_click)
			hit = row_opens_other_item(t, before, idb, after, ida, done, f);
		/* A link opens a page: not one the stack holds or may hold below (a
		 * pop), nor a confirm's or Up's landing. */
		bool opens = !oracle_is_up_action(done) && !finishes_page(before, done) && !oracle_is_save_action(done) &&
			     stack_find(t, ida) == SIZE_MAX && !below_holds(t, ida) &&
			     (!oracle_same_activity(activity_before, activity_after) || strcmp(ida, idb) != 0);

		if (!hit && !nav_click)
			hit = link_lands_elsewhere(t, before, activity_before, after, activity_after, done, opens, f);
	}
	if (!hit && !layer_b && after_in_app && !layer_a)
		hit = tab_page_blank(t, before, activity_before, after, activity_after, done, f);
	if (!layer_b)
		remember_items(t, before, idb);
	if (after_in_app && !layer_a)
		remember_items(t, after, ida);
	if (!after_in_app && done->type == ACTION_CLICK) {
		/*
		 * A tap that opened another app over this screen (a share sheet, a
		 * browser): the stack stays below it, for Back to return to.
		 */
	} else if (!after_in_app) {
		nav_forget_all(t, NULL, NULL);
	} else if (layer_a) {
		/* A dialog or menu over the current screen: the stack stays. A name typed there may retitle the page. */
		if (!layer_b) {
			char *texts = done->type == ACTION_CLICK ? tapped_texts(before, done) : NULL;
			const struct ui_widget *w = done->type == ACTION_CLICK ? action_resolve(done, before) : NULL;

			/* Not a bottom bar's or tab strip's More: its sheet lists
			 * top-level sections, which bring a page forward rather than
			 * stack one (podcasts' fixed twin, seed 4: Episodes from the
			 * bottom bar's More, Back rightly showed a page from before
			 * Queue). */
			t->layer_from_menu_button = names_menu_button(texts) && !(w && nav_item_of(w));
			free(texts);
		}
		if (done->type == ACTION_INPUT && done->text && *done->text)
			set_str(&t->typed, done->text);
	} else if (done->type == ACTION_BACK) {
		char *kept = NULL; /* the alt kept in the frame Back returns to */
		char *kept_by = NULL; /* and the texts of the tap that had opened that screen */
		bool kept_button = false; /* and whether that tap was on a button */

		if (!layer_b && t->n > 0 && strcmp(ida, idb) != 0) {
			struct nav_frame *want = &t->stack[t->n - 1];
			/* The page below renamed on a page above (a group's settings
			 * renamed the group, a database's settings page the database
			 * its root page is titled with): its title is a text typed there. */
			bool renamed = ((t->typed && !strcasecmp(t->typed, display_name(after, activity_after))) ||
					typed_since(t, want->typed_from, display_name(after, activity_after))) &&
				       same_activity_id(want->id, ida);

			/* The page a guessed pop or replace left: the app pushed after all. */
			bool alt = (t->alt && !strcmp(ida, t->alt)) || (t->alt_kept && !strcmp(ida, t->alt_kept));

			/* The page below was titled by an item a page above listed
			 * and lists no more: deleted there, so the page is gone and
			 * Back rightly shows another (weather's fixed twin, seed 2:
			 * Paris deleted on Locations, Back showed London). */
			bool deleted = want->named_above && !shows_title(before, want->name);

			/* A page of the wanted name with another filter selected is the
			 * same page shown another way (the app may reset a filter); with
			 * another tab of a strip of tabs selected, it is another page
			 * (RadioDroid: Back from a country's stations shows the Local tab). */
			const char *tab_was = NULL, *tab_now = NULL;
			bool same_name = !strcmp(want->name ? want->name : "", display_name(after, activity_after));

			/* A page known by now as a tab's (a tab, bottom-bar or drawer
			 * item was seen landing on it after a tap had pushed it) is
			 * top-level: Back from it may rightly go to the tab shown
			 * before (added in session 42 with switches_tab, which is what
			 * took transit's "From here"; no walk of the queue needed it). */
			if (strcmp(ida, want->id) != 0 && !hit && !renamed && !alt && !deleted && !is_tab_page(t, idb) &&
			    (!same_name || other_tab(want->id, after, &tab_was, &tab_now))) {
				const char *slash = activity_before ? strrchr(activity_before, '/') : NULL;

				if (same_name) {
					char *w = xasprintf("%s: %s", want->name, tab_was);
					char *g = xasprintf("%s: %s", display_name(after, activity_after), tab_now);

					back_finding(f, t->cur_name, slash ? slash + 1 : "?", w, g, t, done);
					free(w);
					free(g);
				} else {
					back_finding(f, t->cur_name, slash ? slash + 1 : "?", want->name,
						     display_name(after, activity_after), t, done);
				}
				/* Back on a form a confirm had left: the confirm kept it below. */
				if (t->confirmed_form && !strcmp(ida, t->confirmed_form) && t->confirmed_by)
					cJSON_AddItemToObject(f->diff, "blamed", cJSON_Duplicate(t->confirmed_by, true));
				hit = true;
			}
			if (strcmp(ida, want->id) != 0 && !renamed) {
				nav_clear(t);
			} else {
				kept = want->alt;
				kept_by = want->opened_by;
				kept_button = want->by_button;
				free(want->id);
				free(want->name);
				t->n--;
			}
		} else if (!layer_b && strcmp(ida, idb) != 0) {
			nav_clear(t);
		}
		if (!layer_b && strcmp(ida, idb) != 0 && !below_cut(t, ida))
			below_clear(t);
		if (!layer_b && strcmp(ida, idb) != 0) {
			/* A gate reached again by Back still stands for the row that opened it. */
			free(t->opened_by);
			t->opened_by = kept_by;
			kept_by = NULL;
			set_alt(t, NULL);
			t->alt_kept = kept;
			kept = NULL;
		}
		free(kept);
		free(kept_by);
		nav_set_cur(t, xstrdup(ida), display_name(after, activity_after));
		t->cur_by_button = kept_button;
		/* Reached by Back: a tap to the screen just left opens it again, it returns nowhere. */
		free(t->prev);
		t->prev = NULL;
	} else if (strcmp(ida, layer_b ? (t->cur ? t->cur : "") : idb) == 0) {
		/* Same screen (an input, a scroll, a dialog closed): nothing moved. */
		if (done->type == ACTION_INPUT && done->text && *done->text) {
			free(t->typed);
			t->typed = xstrdup(done->text);
		}
	} else if (done->type == ACTION_CLICK && !layer_b && !layer_a && resets_stack(before, done)) {
		/* Lock or Log out: the app closed every screen; the stack starts anew here. */
		nav_forget_all(t, xstrdup(ida), display_name(after, activity_after));
	} else if (done->type == ACTION_CLICK && (k = stack_find(t, ida)) != SIZE_MAX) {
		/*
		 * Up, Cancel, a confirm that returns, or a page that leaves itself for
		 * a screen further down (Archive on a note returns to the search the
		 * note was opened from, as Standard Notes' leaveEditor does): the
		 * stack was popped to that screen. When it was not the top, or the tap
		 * was not one that only leaves a page (Up, Save, Cancel...), Back may
		 * still show the page left, had the app pushed a new copy instead (a
		 * story's menu "Go to feed" opens the feed's list anew over the story).
		 */
		bool deep = k + 1 < t->n;
		bool may_push = deep || (!oracle_is_up_action(done) && !finishes_page(before, done));

		char *kept = t->stack[k].alt;
		char *kept_by = t->stack[k].opened_by;
		bool kept_button = t->stack[k].by_button;

		t->stack[k].alt = NULL;
		t->stack[k].opened_by = NULL;
		stack_pop_to(t, k);
		below_cut(t, ida);
		/*
		 * The screen returned to was opened by that tap (a gate still
		 * stands for its row); one an item of a menu dialog showed again
		 * was opened by that item (smarthome seed 2: the device page,
		 * first reached by its row on the energy page - a section picked
		 * by name, whose Back may close the app - then by Device info in
		 * an entity's menu, whose Back must not).
		 */
		if (layer_b && t->layer_from_menu_button && layer_is_menu(before)) {
			free(kept_by);
			kept_by = tapped_texts(before, done);
		}
		free(t->opened_by);
		t->opened_by = kept_by;
		set_alt(t, may_push ? t->cur : NULL);
		t->alt_kept = kept;
		nav_set_cur(t, xstrdup(ida), display_name(after, activity_after));
		t->cur_by_button = kept_button && !(layer_b && t->layer_from_menu_button && layer_is_menu(before));
	} else if (done->type == ACTION_CLICK &&
		   (oracle_is_up_action(done) || (t->prev && strcmp(ida, t->prev) == 0) ||
		    left_form_for(t, ida, idb))) {
		/*
		 * Up to a screen the stack does not hold (it was cleared on the way), a tap that
		 * returns to the screen just left (a picker's row, Done), or one from the page a
		 * form opened back to that form (Change on a confirmation page, pillbox): the app
		 * finished a screen rather than opening one, so the stack is unknown.
		 */
		char *texts = tapped_texts(before, done);

		nav_clear(t);
		below_cut(t, ida);
		/* A menu button shows its menu page, just left or not: an item there still closes it. */
		free(t->opened_by);
		t->opened_by = names_menu(texts) ? texts : NULL;
		if (!t->opened_by)
			free(texts);
		set_alt(t, NULL);
		nav_set_cur(t, xstrdup(ida), display_name(after, activity_after));
	} else if (done->type == ACTION_CLICK && layer_b && renamed_in_place(t, after, activity_after, ida)) {
		/*
		 * A dialog's confirm that retitled the page under it with the name
		 * typed in the dialog (Rename on a photo's page): the same page, in
		 * the same place on the stack.
		 */
		nav_set_cur(t, xstrdup(ida), display_name(after, activity_after));
	} else if (done->type == ACTION_CLICK && !layer_b &&
		   (below_cut(t, ida) || (!nav_click && (is_tab_page(t, ida) || switches_tab(before, after))))) {
		/*
		 * A tap to a screen a tap left earlier, which may still be below
		 * (the search a note was opened from, forgotten when the search
		 * field made that tap no sure push): the app went back to it, to a
		 * stack the tracker does not know. It opened nothing. So does a
		 * tap to a tab's page (one a tab or drawer item was seen landing
		 * on: "To here" on a station's page, to the Directions tab; or a
		 * tap, not on a tab, after which another tab is the selected one:
		 * "From here" from the Departures tab's station to Directions,
		 * before any tab was seen landing there): apps bring a top-level
		 * page forward or finish the page the tap was made on, so what is
		 * below it is not known.
		 */
		nav_clear(t);
		set_str(&t->opened_by, NULL);
		set_alt(t, NULL);
		nav_set_cur(t, xstrdup(ida), display_name(after, activity_after));
	} else if (done->type == ACTION_CLICK && !layer_b && !nav_click &&
		   (passes_gate(t, before, after) || opened_as_menu(t))) {
		/*
		 * A gate that leads on to the page its row asked for replaced itself
		 * with it: the stack stays as it was below the gate, and Back may
		 * also show the gate, had the app kept it. So does a menu page
		 * (a drawer) that one of its items closed.
		 */
		set_str(&t->opened_by, NULL);
		set_alt(t, idb);
		nav_set_cur(t, xstrdup(ida), display_name(after, activity_after));
	} else if ((done->type == ACTION_CLICK && !layer_b && !nav_click && !oracle_shows_field(before) && t->cur &&
		    !on_both_screens(done, before, after) && !finishes_page(before, done) &&
		    !oracle_is_delete_action(before, done)) ||
		   (done->type == ACTION_CLICK && layer_b && t->cur && menu_item_opens(t, before, done, ida))) {
		/* A tap that opened a page: the page it was made on (under the
		 * menu, for an item of a dialog's menu) goes on the stack. */
		t->stack = xgrow(t->stack, &t->alloc, t->n + 1, sizeof(*t->stack));
		t->stack[t->n].id = t->cur;
		t->stack[t->n].name = t->cur_name;
		/* cur's alternatives wait in its frame: Back to it may land there. */
		t->stack[t->n].alt = t->alt ? t->alt : t->alt_kept;
		t->stack[t->n].opened_by = t->opened_by;
		t->stack[t->n].typed_from = t->n_typed;
		t->stack[t->n].named_above = false;
		t->stack[t->n].by_button = t->cur_by_button;
		t->opened_by = NULL;
		if (t->alt)
			t->alt = NULL;
		else
			t->alt_kept = NULL;
		t->n++;
		below_push(t, t->cur);
		free(t->typed);
		t->typed = NULL;
		free(t->prev);
		t->prev = xstrdup(t->cur);
		t->cur = NULL;
		t->cur_name = NULL;
		free(t->opened_by);
		t->opened_by = tapped_texts(before, done);
		remember_opened(t, ida);
		/*
		 * An item of a menu dialog may also replace the page under the
		 * menu (Home Assistant's Device info closes the entity's more-info
		 * page it was picked on): Back may rightly land one page further
		 * down (smarthome's fixed twin, seed 6: Back from the device page
		 * showed the Logbook the entity was opened from).
		 */
		set_alt(t, layer_b && t->n >= 2 ? t->stack[t->n - 2].id : NULL);
		nav_set_cur(t, xstrdup(ida), display_name(after, activity_after));
		{
			const struct ui_widget *w = layer_b ? NULL : action_resolve(done, before);

			t->cur_by_item = w && !w->checkable && !strstr(w->class_name, "Button");
			t->cur_by_button = w && strstr(w->class_name, "Button");
		}
	} else {
		/*
		 * A tab switch, a submitted form, a long press, a rotation, a restart...: unknown
		 * stack. A tap from a page with a field that is neither a tab nor a Save (a search
		 * result) may have left that page below: remember it.
		 */
		bool maybe_push = done->type == ACTION_CLICK && !layer_b && !nav_click && t->cur &&
				  oracle_shows_field(before) && !finishes_page(before, done) &&
				  !on_both_screens(done, before, after);
		/* A Delete on an item's page finishes it too (mail's fixed twin, seed 5: a starred message deleted
		 * returned to Starred, which was taken for a page the Delete opened over the message). */
		bool finished = done->type == ACTION_CLICK && !layer_b && !nav_click &&
				(finishes_page(before, done) || oracle_is_delete_action(before, done));

		nav_clear(t);
		if (maybe_push) {
			below_push(t, t->cur);
			free(t->opened_by);
			t->opened_by = tapped_texts(before, done);
			remember_opened(t, ida);
		} else if (finished) {
			/*
			 * A Save, Done or Discard finished its page: the app returned to a
			 * screen below it, and those that may be below that one still are
			 * (the search a note was opened from, under the note whose editor
			 * was saved). The page returned to leaves the list; so does the
			 * one the finished page was opened from, when the edit renamed
			 * it (the same activity under a new title).
			 */
			if (!below_cut(t, ida) && t->n_below > 0 && same_activity_id(t->below[t->n_below - 1], ida))
				free(t->below[--t->n_below]);
			set_str(&t->opened_by, NULL);
		} else if (nav_click) {
			/* A tab switch replaces the page in place: what may be below it still may. */
			below_cut(t, ida);
			set_str(&t->opened_by, NULL);
		} else {
			below_clear(t);
			set_str(&t->opened_by, NULL);
		}
		set_alt(t, NULL);
		nav_set_cur(t, xstrdup(ida), display_name(after, activity_after));
	}
	/* A tab, bottom-navigation or drawer item that landed on a page: a tab's page. */
	if (nav_click && after_in_app && !layer_a && strcmp(ida, idb) != 0 && !is_tab_page(t, ida))
		t->tab_pages[t->n_tab_pages++ % NAV_TAB_PAGES_MAX] = oracle_hash_str(ORACLE_HASH_BASIS, ida);
	/* A confirm that left a form or the page a form opened: judge a Back from where it went. */
	if (done->type == ACTION_CLICK && !layer_b && !layer_a && after_in_app && strcmp(ida, idb) != 0 &&
	    (oracle_shows_field(before) || was_submitted_to(t, idb)) && is_final_confirm(before, done)) {
		done_clear(t);
		t->done_page = xstrdup(idb);
		t->done_page_name = xstrdup(display_name(before, activity_before));
		t->done_landing = xstrdup(ida);
		t->done_confirm = action_to_json(done);
		set_str(&t->confirmed_form, idb);
		cJSON_Delete(t->confirmed_by);
		t->confirmed_by = action_to_json(done);
	}
	/* A click that left a form for another screen: remember both (whichever branch took it). */
	if (done->type == ACTION_CLICK && !layer_b && !layer_a && after_in_app && strcmp(ida, idb) != 0 &&
	    oracle_shows_field(before)) {
		if (!left_form_for(t, idb, ida)) {
			struct nav_form *fp = &t->forms[t->next_form];

			set_str(&fp->form, idb);
			set_str(&fp->next, ida);
			t->next_form = (t->next_form + 1) % NAV_FORMS_MAX;
		}
		/* Not where a Save or Done returned to (a list): a page the form went on to. */
		if (!finishes_page(before, done) && !is_final_confirm(before, done) && !was_submitted_to(t, ida)) {
			free(t->submitted[t->next_submitted]);
			t->submitted[t->next_submitted] = xstrdup(ida);
			t->next_submitted = (t->next_submitted + 1) % NAV_SUBMITTED_MAX;
		}
	}
out:
	cJSON_Delete(t->idle_menu_tap);
	t->idle_menu_tap = done->type == ACTION_CLICK && layer_b && !layer_a && after_in_app && t->page_cur &&
					   !strcmp(t->page_cur, ida) && layer_is_menu(before) && !oracle_is_save_action(done) &&
					   !names_dismiss(done)
				   ? action_to_json(done)
				   : NULL;
	if (after_in_app && !layer_a && (!t->page_cur || strcmp(t->page_cur, ida))) {
		free(t->page_from);
		t->page_from = done->type == ACTION_CLICK && !oracle_is_up_action(done) ? t->page_cur : NULL;
		if (!t->page_from)
			free(t->page_cur);
		t->page_cur = xstrdup(ida);
	}
	free(idb);
	free(ida);
	return hit;
}

bool oracle_activity_in_package(const char *activity, const char *package)
{
	size_t n = package ? strlen(package) : 0;

	return activity && n && strncmp(activity, package, n) == 0 && activity[n] == '/';
}

static void *navigation_tracker_new(void)
{
	return oracle_nav_tracker_new();
}

static void navigation_tracker_free(void *t)
{
	oracle_nav_tracker_free(t);
}

static bool navigation_track(void *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	return oracle_nav_step(t, s->before, s->activity_before, s->after, s->activity_after, s->after_in_app, s->done, f);
}

const struct oracle_kind oracle_kind_navigation = {
	.name = "navigation",
	.config_key = "oracles.navigation",
	.category = BUG_CAT_NAVIGATION,
	.doc = "a tab or drawer item that opens another item's page, Back that leaves the observed back stack, "
	       "or Back that closes the app from a page a tap opened when a relaunch shows the screen below again",
	.evidence = "the screen before the action, the titles and selected items, the observed back stack",
	/* Fed the steps that leave the app too: a Back that closes it is judged. */
	.flags = ORACLE_ANY_SCREEN,
	.tracker_new = navigation_tracker_new,
	.tracker_free = navigation_tracker_free,
	.track = navigation_track,
};
