/*
 * blank.c - oracle "blank" (oracle 23): a page that showed its content
 * comes back empty. A page is the app's activity, its app-bar title and the
 * tabs selected on it; the tracker remembers the pages it saw "full" - at
 * least two widgets outside every list that are not chrome (not in the app
 * bar, not a tab) and that show something: a text, a description, a switch
 * or box, a text field. A later sighting of the same page, in the app,
 * without a dialog or menu, without a progress spinner (oracle 9 waits for
 * those), that shows nothing at all besides its chrome - no text, no
 * control, no list row - is the finding: the app drew the page's title and
 * none of its body (pantry `pantry-settings-blank-after-change`, grocy
 * issue: Settings reopened after a change shows only its title).
 *
 * What may rightly empty a page is not judged: every page is believed
 * again only once it has been seen full after a tap that deletes, clears,
 * empties, resets or signs out, after a cleared restart (which forgets all
 * pages), and a page seen full only through its lists (a list a filter or
 * a delete may empty) is never judged. A page without an app-bar title is
 * not remembered: its activity alone may host other pages.
 *
 * A page never seen before is judged by its siblings (session 33): the
 * pages of one activity that hold their body in the same container (the
 * nearest ancestor with a resource-id, not a list: an article's "content")
 * are one screen drawn for different items. When two such pages with other
 * titles were seen with two or more widgets in that container, a page of
 * that activity whose container is there and empty, with nothing else
 * besides its chrome, is the finding: the app named the item and drew none
 * of it (wiki `wiki-slash-title-blank`, kiwix-android #3557: an article
 * whose title holds a slash opens as an empty page). A tap that may empty a
 * page makes the siblings wait for a new full sighting as well.
 *
 * A list emptied by a round trip (session 38, `diff.check` "emptied",
 * content missing): a tap on a row of a list (with a resource-id) of two or
 * more rows opens another page, and within four steps, with no tap that
 * may empty a page in between, Back or Up returns to the same page (key as
 * above), where that list has no row left and a text says there is
 * nothing to show. Opening an item and coming back changed nothing a list
 * of them should lose (wiki `wiki-history-empty-after-back`, modelled on
 * ttrss-reader-fork #34: History reads "No recently viewed articles"
 * after Up from an article it opened).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

#define BLANK_PAGES 64 /* pages remembered (a ring) */
#define BLANK_FRAMES 32 /* body containers remembered (a ring) */
#define FRAME_TITLES 2  /* sibling pages a container must be seen full on */
#define FRAME_NAME 80   /* bytes kept of a sibling's title, for the report */

struct blank_page {
	uint64_t key;      /* activity, title, selected tabs */
	int shown;         /* widgets outside lists at its fullest sighting */
	bool stale;        /* a tap since then may have emptied it */
	bool reported;
};

/* A body container of an activity's pages (activity and resource-id) and the titled pages seen full in it. */
struct blank_frame {
	uint64_t key;
	uint64_t titles[FRAME_TITLES];     /* title hashes, distinct */
	char names[FRAME_TITLES][FRAME_NAME];
	size_t n_titles;
	int shown;                         /* widgets in it at its fullest sighting */
	bool stale;
};

/* The page a list row's tap left, while the run may come back to it. */
struct blank_trip {
	bool armed;
	uint64_t page;
	char list[128];   /* the list's resource-id */
	char title[FRAME_NAME];
	long rows;        /* its rows in view when the row was tapped */
	int steps;        /* steps since */
};

#define TRIP_STEPS 4 /* steps a trip may take to come back */

struct oracle_blank_tracker {
	struct blank_trip trip;
	struct blank_page pages[BLANK_PAGES];
	size_t n, next;
	struct blank_frame frames[BLANK_FRAMES];
	size_t n_frames, next_frame;
};

struct oracle_blank_tracker *oracle_blank_tracker_new(void)
{
	return xcalloc(1, sizeof(struct oracle_blank_tracker));
}

void oracle_blank_tracker_free(struct oracle_blank_tracker *t)
{
	free(t);
}

/*
 * Whether w sits in an app bar, is a tab or bottom-navigation item, or is
 * the app-bar title itself. A switch or box is never chrome, though a
 * column of them with one checked looks like a group of tabs.
 */
static bool is_chrome(const struct ui_widget *w, const char *title)
{
	if (oracle_is_nav_item(w) && !w->checkable)
		return true;
	for (const struct ui_widget *p = w; p; p = p->parent)
		if (oracle_is_app_bar(p))
			return true;
	return title && *w->text && !strcmp(w->text, title);
}

/* Whether w shows something of its own: a text, a description, a switch or box, a text field. */
static bool shows_something(const struct ui_widget *w)
{
	return *w->text || *w->content_desc || w->checkable || strstr(w->class_name, "EditText");
}

/*
 * What t shows besides its chrome: the widgets outside lists that show
 * something into *outside; the return is whether anything at all shows
 * (such a widget anywhere, or a list with a visible row).
 */
static bool page_body(const struct ui_tree *t, const char *title, int *outside)
{
	bool any = false;

	*outside = 0;
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (!ui_widget_visible(w, &t->screen))
			continue;
		if (oracle_is_list(w)) {
			for (size_t c = 0; c < w->n_children && !any; c++)
				any = ui_widget_visible(w->children[c], &t->screen);
			continue;
		}
		if (!shows_something(w) || is_chrome(w, title))
			continue;
		any = true;
		if (!oracle_enclosing_row(w))
			(*outside)++;
	}
	return any;
}

/* The page's key - activity, app-bar title, the labels of its selected tabs (not switches) - or 0 without a title. */
static uint64_t page_key(const struct ui_tree *t, const char *activity)
{
	const char *title = oracle_app_bar_title(t);
	uint64_t k;

	if (!title || !*title)
		return 0;
	k = oracle_hash_str(oracle_hash_str(ORACLE_HASH_BASIS, activity), title);
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (w->selected && !w->checkable && oracle_is_nav_item(w) && ui_widget_visible(w, &t->screen))
			k = oracle_hash_str(k, *w->text ? w->text : w->content_desc);
	}
	return k | 1;
}

static struct blank_page *page_find(struct oracle_blank_tracker *t, uint64_t key)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->pages[i].key == key)
			return &t->pages[i];
	return NULL;
}

/* A new page remembered under key, in place of the oldest when the ring is full. */
static struct blank_page *page_add(struct oracle_blank_tracker *t, uint64_t key)
{
	struct blank_page *p = &t->pages[t->next];

	t->next = (t->next + 1) % BLANK_PAGES;
	if (t->n < BLANK_PAGES)
		t->n++;
	*p = (struct blank_page){ .key = key };
	return p;
}

/* Whether `done` may rightly empty a page: a delete, or a tap that clears, empties, resets or signs out. */
static bool empties(const struct ui_tree *before, const struct action *done)
{
	static const char *const words[] = { "clear", "empty", "reset", "sign out", "log out", "logout", "wipe",
					     "remove all", NULL };
	char label[512];

	if (!done || done->type != ACTION_CLICK)
		return false;
	if (oracle_is_delete_action(before, done))
		return true;
	oracle_action_label(before, done, label, sizeof(label));
	return oracle_has_word(label, words);
}

static void fill_finding(struct oracle_finding *f, const char *title, const char *activity, int shown,
			 const struct action *done)
{
	char label[256] = "";

	if (done && done->widget_text && *done->widget_text)
		snprintf(label, sizeof(label), " after '%s'", done->widget_text);
	oracle_finding_init(f);
	f->category = BUG_CAT_PAGE_LOADING;
	f->oracle = "blank";
	f->title = xasprintf("Page '%s' comes back empty%s", title, label);
	f->expected = xasprintf("'%s' shows its content, as it did before (%d item(s) besides its title)", title,
				shown);
	f->actual = xasprintf("'%s' shows only its title bar: no text, control or row", title);
	f->description = xasprintf("The run saw the page '%s' (%s) showing %d item(s) besides its title; "
				   "reached again, with no dialog and no progress spinner, it shows nothing but its "
				   "title bar: the page's content was not drawn.",
				   title, activity ? activity : "?", shown);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "blank");
	cJSON_AddStringToObject(f->diff, "page", title);
	cJSON_AddNumberToObject(f->diff, "shown_before", shown);
}

/* The body container of w: its nearest ancestor with a resource-id that is not a list or an app bar, or NULL. */
static const struct ui_widget *body_container(const struct ui_widget *w)
{
	for (const struct ui_widget *p = w->parent; p; p = p->parent) {
		if (oracle_is_list(p) || oracle_is_app_bar(p))
			return NULL;
		if (*p->resource_id)
			return p;
	}
	return NULL;
}

static uint64_t frame_key(const char *activity, const char *rid)
{
	return oracle_hash_str(oracle_hash_str(ORACLE_HASH_BASIS ^ 0x66, activity), rid) | 1;
}

static struct blank_frame *frame_find(struct oracle_blank_tracker *t, uint64_t key)
{
	for (size_t i = 0; i < t->n_frames; i++)
		if (t->frames[i].key == key)
			return &t->frames[i];
	return NULL;
}

/* Remember the containers that hold two or more of full page t's body widgets (outside lists), under its title. */
static void frames_note(struct oracle_blank_tracker *t, const struct ui_tree *tree, const char *activity,
			const char *title)
{
	const struct ui_widget *seen[16];
	int count[16];
	size_t n = 0;
	uint64_t th = oracle_hash_str(ORACLE_HASH_BASIS, title);

	for (size_t i = 0; i < tree->n_nodes; i++) {
		const struct ui_widget *w = tree->nodes[i], *c;
		size_t k;

		if (!ui_widget_visible(w, &tree->screen) || oracle_is_list(w) || oracle_enclosing_row(w) ||
		    !shows_something(w) || is_chrome(w, title) || !(c = body_container(w)))
			continue;
		for (k = 0; k < n && seen[k] != c; k++)
			;
		if (k == n) {
			if (n == 16)
				continue;
			seen[n] = c;
			count[n++] = 0;
		}
		count[k]++;
	}
	for (size_t k = 0; k < n; k++) {
		uint64_t key = frame_key(activity, seen[k]->resource_id);
		struct blank_frame *fr;
		size_t j;

		if (count[k] < 2)
			continue;
		if (!(fr = frame_find(t, key))) {
			fr = &t->frames[t->next_frame];
			t->next_frame = (t->next_frame + 1) % BLANK_FRAMES;
			if (t->n_frames < BLANK_FRAMES)
				t->n_frames++;
			memset(fr, 0, sizeof(*fr));
			fr->key = key;
		}
		fr->stale = false;
		if (count[k] > fr->shown)
			fr->shown = count[k];
		for (j = 0; j < fr->n_titles && fr->titles[j] != th; j++)
			;
		if (j == fr->n_titles && j < FRAME_TITLES) {
			fr->titles[j] = th;
			snprintf(fr->names[j], FRAME_NAME, "%s", title);
			fr->n_titles++;
		}
	}
}

/* Whether w has a visible descendant. */
static bool has_visible_child(const struct ui_widget *w, const struct ui_tree *tree)
{
	for (size_t c = 0; c < w->n_children; c++)
		if (ui_widget_visible(w->children[c], &tree->screen) || has_visible_child(w->children[c], tree))
			return true;
	return false;
}

/*
 * For blank page t (nothing besides its chrome), titled `title`: a visible
 * container of it with nothing in it that two other pages of its activity
 * were seen full in; NULL when there is none, or when t shows a list (an
 * empty list may rightly be empty).
 */
static const struct blank_frame *frame_left_empty(struct oracle_blank_tracker *t, const struct ui_tree *tree,
						  const char *activity, const char *title)
{
	uint64_t th = oracle_hash_str(ORACLE_HASH_BASIS, title);

	for (size_t i = 0; i < tree->n_nodes; i++)
		if (oracle_is_list(tree->nodes[i]) && ui_widget_visible(tree->nodes[i], &tree->screen))
			return NULL;
	for (size_t i = 0; i < tree->n_nodes; i++) {
		const struct ui_widget *w = tree->nodes[i];
		const struct blank_frame *fr;

		if (!*w->resource_id || !ui_widget_visible(w, &tree->screen) || is_chrome(w, title) ||
		    has_visible_child(w, tree))
			continue;
		fr = frame_find(t, frame_key(activity, w->resource_id));
		if (!fr || fr->stale || fr->n_titles < FRAME_TITLES)
			continue;
		if (fr->titles[0] != th && fr->titles[1] != th)
			return fr;
	}
	return NULL;
}

static void fill_sibling_finding(struct oracle_finding *f, const char *title, const char *activity,
				 const struct blank_frame *fr, const struct action *done)
{
	char label[256] = "";

	if (done && done->widget_text && *done->widget_text)
		snprintf(label, sizeof(label), " (opened by '%s')", done->widget_text);
	oracle_finding_init(f);
	f->category = BUG_CAT_PAGE_LOADING;
	f->oracle = "blank";
	f->title = xasprintf("Page '%s' opens empty%s, where pages like it show their content", title, label);
	f->expected = xasprintf("'%s' shows its content, as '%s' and '%s' of the same screen did (%d item(s))", title,
				fr->names[0], fr->names[1], fr->shown);
	f->actual = xasprintf("'%s' shows only its title bar: no text, control or row", title);
	f->description = xasprintf("The run saw the pages '%s' and '%s' (%s) each showing their content in the "
				   "same container; the page '%s' of that screen, with no dialog and no progress "
				   "spinner, shows nothing but its title bar: its content was not drawn.",
				   fr->names[0], fr->names[1], activity ? activity : "?", title);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "blank_sibling");
	cJSON_AddStringToObject(f->diff, "page", title);
	cJSON_AddStringToObject(f->diff, "sibling", fr->names[0]);
	cJSON_AddNumberToObject(f->diff, "shown_before", fr->shown);
}

/* The visible rows of t's list with resource-id `id` (a placeholder saying it is empty is none); -1 when absent. */
static long list_rows(const struct ui_tree *t, const char *id)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (oracle_is_list(w) && strcmp(w->resource_id, id) == 0 && ui_widget_visible(w, &t->screen))
			return oracle_rows_in_view(t, w);
	}
	return -1;
}

/*
 * The round-trip check: judged on a Back or Up that returns to the page a
 * row's tap left; arms on a row's tap that opens another page. True with
 * *f when the list came back empty.
 */
static bool trip_step(struct oracle_blank_tracker *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	struct blank_trip *tr = &t->trip;
	const struct action *done = s->done;
	const struct ui_widget *w, *list, *row;
	const char *empty;
	bool back;

	if (!done)
		return false;
	if (tr->armed) {
		back = done->type == ACTION_BACK || (done->type == ACTION_CLICK && oracle_is_up_action(done));
		if (++tr->steps > TRIP_STEPS || empties(s->before, done) || !s->after_in_app) {
			tr->armed = false;
		} else if (back && s->after && !oracle_screen_has_layer(s->after) && !oracle_loading_spinner(s->after) &&
			   page_key(s->after, s->activity_after) == tr->page) {
			tr->armed = false;
			if (list_rows(s->after, tr->list) <= 0 && (empty = oracle_empty_state(s->after)) != NULL) {
				char *subject = xasprintf("list emptied by a round trip: %s %s",
							  s->activity_after ? s->activity_after : "?", tr->list);

				oracle_finding_init(f);
				f->oracle = "blank";
				f->category = BUG_CAT_CONTENT_MISSING;
				f->title = xasprintf("'%s' shows its list empty after coming back from a row it opened",
						     tr->title);
				f->expected = xasprintf("the %ld rows the list showed when one of them was opened", tr->rows);
				f->actual = xasprintf("no row, and \"%s\"", empty);
				f->description = xasprintf("A row of the list on '%s' (%ld rows) was opened, and coming "
							   "back to the page shows no row and \"%s\". Nothing in "
							   "between deleted or cleared anything.",
							   tr->title, tr->rows, empty);
				f->diff = cJSON_CreateObject();
				cJSON_AddStringToObject(f->diff, "check", "emptied");
				cJSON_AddStringToObject(f->diff, "list", tr->list);
				cJSON_AddNumberToObject(f->diff, "rows_before", tr->rows);
				cJSON_AddStringToObject(f->diff, "empty_text", empty);
				cJSON_AddStringToObject(f->diff, "subject", subject);
				cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
				free(subject);
				return true;
			}
		} else if (back) {
			tr->armed = false;
		}
	}
	if (done->type != ACTION_CLICK || !s->before || !s->after || oracle_screen_has_layer(s->before) ||
	    !(w = action_resolve(done, s->before)))
		return false;
	row = oracle_enclosing_row(w);
	list = row ? row->parent : NULL;
	if (!row || !*list->resource_id || strlen(list->resource_id) >= sizeof(tr->list))
		return false;
	/* Armed only by a tap that leaves the page: a row that keeps it (a
	 * drawer's tag showing the same page again) leaves an armed trip as
	 * it was (jotter's fixed twin, session 42, had the trip's page taken
	 * from such a tap and a later Back to an empty tag page reported). */
	{
		uint64_t page = page_key(s->before, s->activity_before);
		long rows = list_rows(s->before, list->resource_id);

		if (!page || rows < 2 || page_key(s->after, s->activity_after) == page)
			return false;
		tr->page = page;
		tr->rows = rows;
	}
	snprintf(tr->list, sizeof(tr->list), "%s", list->resource_id);
	snprintf(tr->title, sizeof(tr->title), "%s", oracle_app_bar_title(s->before));
	tr->steps = 0;
	tr->armed = true;
	return false;
}

bool oracle_blank_step(struct oracle_blank_tracker *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	const struct ui_tree *after = s->after;
	const char *title;
	struct blank_page *p;
	uint64_t key;
	int outside;

	if (s->done && s->done->type == ACTION_RESTART && s->done->clear_data) {
		t->n = t->next = 0;
		t->n_frames = t->next_frame = 0;
		t->trip.armed = false;
		return false;
	}
	if (trip_step(t, s, f))
		return true;
	if (empties(s->before, s->done)) {
		for (size_t i = 0; i < t->n; i++)
			t->pages[i].stale = true;
		for (size_t i = 0; i < t->n_frames; i++)
			t->frames[i].stale = true;
	}
	if (!after || !s->after_in_app || oracle_screen_has_layer(after) || oracle_loading_spinner(after))
		return false;
	key = page_key(after, s->activity_after);
	if (!key)
		return false;
	title = oracle_app_bar_title(after);
	p = page_find(t, key);
	if (page_body(after, title, &outside)) {
		if (outside < 2)
			return false;
		if (!p)
			p = page_add(t, key);
		if (outside > p->shown)
			p->shown = outside;
		p->stale = false;
		frames_note(t, after, s->activity_after, title);
		return false;
	}
	if (!p) {
		const struct blank_frame *fr = frame_left_empty(t, after, s->activity_after, title);

		if (!fr)
			return false;
		page_add(t, key)->reported = true;
		fill_sibling_finding(f, title, s->activity_after, fr, s->done);
		return true;
	}
	if (p->stale || p->reported)
		return false;
	p->reported = true;
	fill_finding(f, title, s->activity_after, p->shown, s->done);
	return true;
}

bool oracle_blank_came_back(const struct ui_tree *before, const char *activity_before, const struct ui_tree *after,
			    const char *activity_after, const struct action *done, struct oracle_finding *f)
{
	uint64_t key;
	int outside, now;

	if (!before || !after || oracle_screen_has_layer(before) || oracle_screen_has_layer(after) ||
	    oracle_loading_spinner(after))
		return false;
	key = page_key(before, activity_before);
	if (!key || key != page_key(after, activity_after))
		return false;
	if (!page_body(before, oracle_app_bar_title(before), &outside) || outside < 2 ||
	    page_body(after, oracle_app_bar_title(after), &now))
		return false;
	fill_finding(f, oracle_app_bar_title(after), activity_after, outside, done);
	return true;
}

static void *blank_tracker_new(void)
{
	return oracle_blank_tracker_new();
}

static void blank_tracker_free(void *t)
{
	oracle_blank_tracker_free(t);
}

static bool blank_track(void *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	return oracle_blank_step(t, s, f);
}

const struct oracle_kind oracle_kind_blank = {
	.name = "blank",
	.config_key = "oracles.blank",
	.category = BUG_CAT_PAGE_LOADING,
	.doc = "a page seen with its content (two or more widgets outside lists) comes back showing only its title bar, "
	       "or a new page opens with only its title bar where two pages like it showed their content, or a list "
	       "left by a row's tap comes back by Back or Up with no row and a text saying there is nothing",
	.evidence = "the screen before the action; the page's title and how many items it showed before",
	.flags = 0,
	.tracker_new = blank_tracker_new,
	.tracker_free = blank_tracker_free,
	.track = blank_track,
};
