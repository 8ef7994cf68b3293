/*
 * gone_page.c - oracle "gone_page": a row deleted from its list whose own
 * page still opens afterwards (weather `weather-deleted-location-still-in-pager`,
 * WeatherMaster #302: a location deleted on Locations leaves that list, but
 * the main page's Previous / Next still reach its weather page).
 *
 * A tracker. It remembers the app-bar titles of the pages the run saw, and
 * the lists of the last screen without a dialog (the page a delete's
 * confirmation dialog opens over). A delete (oracle_is_delete_action) whose
 * label, or the confirming dialog's text, says delete, trash, erase or
 * discard (a Remove takes a row out of a collection) that lands, with no dialog, where
 * the same list has one row fewer, the rows' first texts all as before but
 * one, X, deleted X. X counts only when a page titled X was seen before
 * the delete (the item had a page of its own), and not on a page listing
 * references to things that live on elsewhere (its title names history,
 * recents, favourites, bookmarks, starred, saved, playlists, queue,
 * downloads, a reading list or search results).
 *
 * After it, a screen of the app with no dialog whose app-bar title is X
 * (the same words) is the finding, blamed on the delete. Forgotten, so
 * never reported: a tap whose label holds X (a search result, a restore),
 * a text typed holding X, an Undo, a list of the deleted one's id that
 * shows X again, a restart with the data cleared, or another delete.
 * Blind: an item whose page is titled otherwise than its row; a deleted
 * item reached again only through a list (crud's delete checks read lists).
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/action.h"
#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

/* How many page titles the tracker remembers (a ring). */
#define GONE_TITLES_MAX 256

struct oracle_gone_page_tracker {
	uint64_t titles[GONE_TITLES_MAX]; /* hashes of the page titles seen (title_key) */
	size_t n_titles;
	struct oracle_list *page;	  /* the lists of the last screen without a dialog */
	size_t n_page;
	char *page_title;		  /* and its app-bar title (NULL: none) */
	char *gone;			  /* the deleted row's first text; NULL: none pending */
	char *gone_list;		  /* the id of the list it went from */
	char *gone_from;		  /* the title of the page it went from */
	cJSON *gone_by;			  /* the delete */
	char **reported;		  /* the names already reported */
	size_t n_reported;
};

struct oracle_gone_page_tracker *oracle_gone_page_tracker_new(void)
{
	return xcalloc(1, sizeof(struct oracle_gone_page_tracker));
}

static void forget_gone(struct oracle_gone_page_tracker *t)
{
	free(t->gone);
	free(t->gone_list);
	free(t->gone_from);
	cJSON_Delete(t->gone_by);
	t->gone = t->gone_list = t->gone_from = NULL;
	t->gone_by = NULL;
}

void oracle_gone_page_tracker_free(struct oracle_gone_page_tracker *t)
{
	if (!t)
		return;
	forget_gone(t);
	oracle_lists_free(t->page, t->n_page);
	free(t->page_title);
	for (size_t i = 0; i < t->n_reported; i++)
		free(t->reported[i]);
	free(t->reported);
	free(t);
}

/* A title's key: its letters and digits, lowered, hashed (case, spaces and punctuation aside). */
static uint64_t title_key(const char *s)
{
	char buf[256];
	size_t n = 0;

	for (const unsigned char *p = (const unsigned char *)s; *p && n + 1 < sizeof(buf); p++)
		if (isalnum(*p) || *p >= 0x80)
			buf[n++] = (char)tolower(*p);
	buf[n] = '\0';
	return n ? oracle_hash_str(ORACLE_HASH_BASIS, buf) : 0;
}

static bool title_seen(const struct oracle_gone_page_tracker *t, uint64_t k)
{
	for (size_t i = 0; i < t->n_titles && i < GONE_TITLES_MAX; i++)
		if (t->titles[i] == k)
			return true;
	return false;
}

static void note_title(struct oracle_gone_page_tracker *t, const char *title)
{
	uint64_t k = title ? title_key(title) : 0;

	if (k && !title_seen(t, k))
		t->titles[t->n_titles++ % GONE_TITLES_MAX] = k;
}

/* Whether the lowered text s holds the lowered text x. */
static bool holds(const char *s, const char *x)
{
	char hay[512], needle[256];

	if (!s || !*s || !x || !*x)
		return false;
	oracle_lower_into(hay, sizeof(hay), s);
	oracle_lower_into(needle, sizeof(needle), x);
	return strstr(hay, needle) != NULL;
}

/* Whether a page titled `title` lists references to things that live on elsewhere. */
static bool lists_references(const char *title)
{
	static const char *const words[] = { "history", "recent", "favourite", "favorite", "bookmark", "starred",
					     "saved", "playlist", "queue", "download", "reading list", "search",
					     "results", "watch later", "collection", NULL };
	char low[256];

	if (!title)
		return false;
	oracle_lower_into(low, sizeof(low), title);
	return oracle_has_word(low, words);
}

/*
 * Whether the delete destroys: its label, or a text of the dialog it was
 * pressed on, says delete, trash, erase or discard as a whole word. A
 * Remove takes a row out of a collection (a playlist, a queue) and leaves
 * the thing itself, whose page rightly opens.
 */
static bool destroys(const struct ui_tree *before, const struct action *done)
{
	static const char *const destroy[] = { "delete", "deleted", "trash", "erase", "discard", NULL };
	char low[512];

	oracle_action_label(before, done, low, sizeof(low));
	if (oracle_has_whole_word(low, destroy))
		return true;
	for (size_t i = 0; oracle_screen_has_layer(before) && i < before->n_nodes; i++) {
		oracle_lower_into(low, sizeof(low), before->nodes[i]->text);
		if (oracle_has_whole_word(low, destroy))
			return true;
	}
	return false;
}

static size_t count_of(char *const *v, size_t n, const char *s)
{
	size_t c = 0;

	for (size_t i = 0; i < n; i++)
		c += !strcmp(v[i], s);
	return c;
}

/*
 * The first text of the one row that went from a list of the remembered
 * page to the same list on `after` (one row fewer, every other first text
 * as often as before), with that list's id in *list; NULL when none.
 */
static const char *row_gone(const struct oracle_gone_page_tracker *t, const struct oracle_list *after, size_t n,
			    const char **list)
{
	for (size_t i = 0; i < t->n_page; i++) {
		const struct oracle_list *b = &t->page[i];
		const char *gone = NULL;
		size_t changed = 0;

		for (size_t j = 0; j < n; j++) {
			const struct oracle_list *a = &after[j];

			if (strcmp(a->id, b->id) != 0 || a->n_rows + 1 != b->n_rows)
				continue;
			for (size_t r = 0; r < b->n_rows; r++) {
				size_t cb = count_of(b->primary, b->n_rows, b->primary[r]);
				size_t ca = count_of(a->primary, a->n_rows, b->primary[r]);

				if (cb == ca)
					continue;
				if (cb != ca + 1 || (gone && strcmp(gone, b->primary[r]) != 0)) {
					changed = 2;
					break;
				}
				gone = b->primary[r];
				changed = 1;
			}
			if (changed == 1 && gone && *gone) {
				*list = a->id;
				return gone;
			}
		}
	}
	return NULL;
}

static bool reported(const struct oracle_gone_page_tracker *t, const char *x)
{
	for (size_t i = 0; i < t->n_reported; i++)
		if (!strcasecmp(t->reported[i], x))
			return true;
	return false;
}

/* Whether done forgets the pending deletion: it names the deleted item, types it, undoes or clears the data. */
static bool brings_back(const struct oracle_gone_page_tracker *t, const struct ui_tree *before,
			const struct action *done)
{
	static const char *const undo[] = { "undo", "restore", "undelete", NULL };
	char label[512];

	if (done->type == ACTION_RESTART && done->clear_data)
		return true;
	if (done->type == ACTION_INPUT)
		return holds(done->text, t->gone);
	if (done->type != ACTION_CLICK && done->type != ACTION_LONG_CLICK)
		return false;
	oracle_action_label(before, done, label, sizeof(label));
	return holds(label, t->gone) || holds(done->widget_text, t->gone) || oracle_has_word(label, undo);
}

/* Whether a list of after with the deleted row's list id shows it again. */
static bool listed_again(const struct oracle_gone_page_tracker *t, const struct oracle_list *ls, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(ls[i].id, t->gone_list) && count_of(ls[i].primary, ls[i].n_rows, t->gone) > 0)
			return true;
	return false;
}

static void fill_finding(struct oracle_gone_page_tracker *t, const char *activity_after, struct oracle_finding *f)
{
	char *subject;

	oracle_finding_init(f);
	f->oracle = "gone_page";
	f->category = BUG_CAT_DATA_OPERATION;
	f->title = xasprintf("'%s', deleted on '%s', still opens as a page", t->gone, t->gone_from);
	f->expected = xasprintf("no page of '%s' after it was deleted", t->gone);
	f->actual = xasprintf("a page titled '%s' (%s)", t->gone, activity_after ? activity_after : "the app");
	f->description = xasprintf("'%s' was deleted from the list on '%s' and left it. The app still shows a page "
				   "titled '%s', though nothing brought it back.",
				   t->gone, t->gone_from, t->gone);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "gone_page");
	cJSON_AddStringToObject(f->diff, "deleted", t->gone);
	cJSON_AddStringToObject(f->diff, "list", t->gone_list);
	subject = xasprintf("deleted item's page still opens: %s", t->gone_from);
	cJSON_AddStringToObject(f->diff, "subject", subject);
	free(subject);
	/* The delete left the page reachable; the step that shows it only reveals it. */
	if (t->gone_by)
		cJSON_AddItemToObject(f->diff, "blamed", cJSON_Duplicate(t->gone_by, true));
}

bool oracle_gone_page_step(struct oracle_gone_page_tracker *t, const struct oracle_tracked_step *s,
			   struct oracle_finding *f)
{
	const struct ui_tree *before = s->before, *after = s->after;
	struct oracle_list *ls = NULL;
	size_t n = 0;
	bool layer_a, hit = false;

	if (!before || !after || !s->done)
		return false;
	if (t->gone && brings_back(t, before, s->done))
		forget_gone(t);
	if (!s->after_in_app)
		return false;
	layer_a = oracle_screen_has_layer(after);
	if (!layer_a)
		n = oracle_lists(after, &ls);
	if (oracle_is_delete_action(before, s->done)) {
		const char *list = NULL, *x = layer_a ? NULL : row_gone(t, ls, n, &list);

		forget_gone(t);
		if (x && destroys(before, s->done) && title_seen(t, title_key(x)) && !lists_references(t->page_title) &&
		    !reported(t, x)) {
			t->gone = xstrdup(x);
			t->gone_list = xstrdup(list);
			t->gone_from = xstrdup(t->page_title ? t->page_title : "its list");
			t->gone_by = action_to_json(s->done);
		}
	} else if (t->gone && !layer_a) {
		const char *title = oracle_app_bar_title(after);

		if (listed_again(t, ls, n)) {
			forget_gone(t);
		} else if (title && title_key(title) == title_key(t->gone)) {
			fill_finding(t, s->activity_after, f);
			t->reported = xrealloc(t->reported, (t->n_reported + 1) * sizeof(*t->reported));
			t->reported[t->n_reported++] = xstrdup(t->gone);
			forget_gone(t);
			hit = true;
		}
	}
	if (!layer_a) {
		note_title(t, oracle_app_bar_title(after));
		oracle_lists_free(t->page, t->n_page);
		t->page = ls;
		t->n_page = n;
		free(t->page_title);
		t->page_title = oracle_app_bar_title(after) ? xstrdup(oracle_app_bar_title(after)) : NULL;
	}
	return hit;
}

static void *gone_page_tracker_new(void)
{
	return oracle_gone_page_tracker_new();
}

static void gone_page_tracker_free(void *t)
{
	oracle_gone_page_tracker_free(t);
}

static bool gone_page_track(void *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	return oracle_gone_page_step(t, s, f);
}

const struct oracle_kind oracle_kind_gone_page = {
	.name = "gone_page",
	.config_key = "oracles.gone_page",
	.category = BUG_CAT_DATA_OPERATION,
	.doc = "a row deleted from its list whose own page (titled with the row's name) still opens afterwards",
	.evidence = "the delete, the list before and after it, and the page titled with the deleted row's name",
	.flags = 0,
	.tracker_new = gone_page_tracker_new,
	.tracker_free = gone_page_tracker_free,
	.track = gone_page_track,
};
