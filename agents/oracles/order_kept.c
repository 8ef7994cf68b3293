/*
 * order_kept.c - oracle 36 "order_kept": opening an item moves it in its
 * list. A tap on a row of a list (3+ rows, the row not the first) opens
 * another page; the next step, Back or Up, lands on the page again - its
 * activity and app-bar title, no dialog, every text outside lists as
 * before - and the list shows the same rows, but the opened one is now
 * first and the others kept their order. Looking at an item is no edit:
 * the app reordered the user's list (tube `tube-opened-bookmark-jumps-to-
 * top`, NewPipe #11106: opening a bookmarked playlist moves it to the top
 * of the bookmarks).
 *
 * Not judged: a list whose page says it is ordered by use - its title,
 * or a text outside lists that is no control (a heading, a sort label),
 * holds recent, recently, history, last, viewed, opened, played, used or
 * frequent; a row whose first text another row shares; a return that
 * changed anything else on the page (a count, a badge, a row's text: the
 * visit may rightly have changed the item). Blind: an item moved to
 * another place than the top, a list sorted by use that does not say so.
 *
 * Since session 68 also a row's own move (`diff.check` "move_to"): a
 * click or long press on a list row (or a control in it) that opens a
 * menu, then the menu's "Move to top" (or "Move to bottom"), after which
 * the list, with no dialog, shows that row (its first text, once in the
 * list) with another row above it (below it): the move took another row
 * or none (podcatcher `podcatcher-move-to-top-wrong-episode`, AntennaPod
 * #188: Move to top on the third episode moves the one below it). A row
 * out of view after the move is not judged (it may be above the rows in
 * view).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/ui.h"
#include "core/xalloc.h"

#define ORDER_ROWS_MIN 3

struct oracle_order_kept_tracker {
	bool pending;       /* a row's tap opened another page; the next step is judged */
	char *activity;     /* the list's page: activity, */
	char *title;        /* app-bar title ("" none), */
	uint64_t outside;   /* and its texts outside lists (a hash) */
	char *list_id;      /* the list's oracle_list id */
	char **rows;        /* its rows (oracle_list rows), in order */
	size_t n_rows;
	size_t tapped;      /* the tapped row's index (1 or more) */
	cJSON *tap;         /* the tap (action_to_json): the report blames it */
	uint64_t reported[8];
	size_t n_reported;
	/* The row whose tap or long press opened the menu on screen: its first text and its list. */
	char *menu_row, *menu_list;
};

struct oracle_order_kept_tracker *oracle_order_kept_tracker_new(void)
{
	return xcalloc(1, sizeof(struct oracle_order_kept_tracker));
}

static void order_forget(struct oracle_order_kept_tracker *t)
{
	for (size_t i = 0; i < t->n_rows; i++)
		free(t->rows[i]);
	free(t->rows);
	free(t->activity);
	free(t->title);
	free(t->list_id);
	cJSON_Delete(t->tap);
	t->rows = NULL;
	t->activity = t->title = t->list_id = NULL;
	t->tap = NULL;
	t->n_rows = t->tapped = 0;
	t->pending = false;
}

void oracle_order_kept_tracker_free(struct oracle_order_kept_tracker *t)
{
	if (!t)
		return;
	order_forget(t);
	free(t->menu_row);
	free(t->menu_list);
	free(t);
}

/* Hash of t's visible texts outside lists (a row's texts are the list's). */
static uint64_t outside_texts(const struct ui_tree *t)
{
	uint64_t h = ORACLE_HASH_BASIS;

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (*w->text && ui_widget_visible(w, &t->screen) && !ui_widget_in_list(w))
			h = oracle_hash_str(h, w->text);
	}
	return h;
}

/* Whether the page says its order follows use: its title or a non-clickable text outside lists. */
static bool ordered_by_use(const struct ui_tree *t)
{
	static const char *const words[] = { "recent", "recently", "history", "last", "viewed", "opened",
					     "played", "used", "frequent", "frequently", NULL };
	const char *title = oracle_app_bar_title(t);
	char low[256];

	oracle_lower_into(low, sizeof(low), title ? title : "");
	if (oracle_has_whole_word(low, words))
		return true;
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (!*w->text || w->clickable || !ui_widget_visible(w, &t->screen) || ui_widget_in_list(w))
			continue;
		oracle_lower_into(low, sizeof(low), w->text);
		if (oracle_has_whole_word(low, words))
			return true;
	}
	return false;
}

/* The list of `ls` whose rows' first texts hold `first` exactly once, and that row's index. */
static const struct oracle_list *list_with_row(const struct oracle_list *ls, size_t n, const char *first,
					       size_t *row)
{
	for (size_t i = 0; i < n; i++) {
		size_t hits = 0;

		for (size_t r = 0; r < ls[i].n_rows; r++)
			if (ls[i].primary[r] && !strcmp(ls[i].primary[r], first)) {
				hits++;
				*row = r;
			}
		if (hits == 1)
			return &ls[i];
	}
	return NULL;
}

/* Which move a label asks for: 1 "Move to top", -1 "Move to bottom", 0 neither. */
static int move_asked(const char *label)
{
	char low[32];

	if (!label)
		return 0;
	oracle_lower_into(low, sizeof(low), label);
	if (!strcmp(low, "move to top"))
		return 1;
	if (!strcmp(low, "move to bottom"))
		return -1;
	return 0;
}

/*
 * The move check: the row a menu was opened on (t->menu_row), the menu's
 * Move to top / bottom, and the list after it. True with *f.
 */
static bool move_misplaced(struct oracle_order_kept_tracker *t, const struct oracle_tracked_step *s, int dir,
			   struct oracle_finding *f)
{
	struct oracle_list *ls = NULL;
	size_t n = oracle_lists(s->after, &ls), k = 0;
	const struct oracle_list *l = list_with_row(ls, n, t->menu_row, &k);
	bool hit = false;

	if (l && !strcmp(l->id, t->menu_list) && l->n_rows >= 2 && (dir > 0 ? k != 0 : k + 1 != l->n_rows)) {
		uint64_t key = oracle_hash_str(oracle_hash_str(ORACLE_HASH_BASIS, "move_to"), l->id);
		bool seen = false;

		for (size_t r = 0; r < t->n_reported && r < 8; r++)
			seen |= t->reported[r] == key;
		if (!seen) {
			const char *other = l->primary[dir > 0 ? 0 : l->n_rows - 1];

			t->reported[t->n_reported++ % 8] = key;
			oracle_finding_init(f);
			f->category = BUG_CAT_DATA_OPERATION;
			f->oracle = "order_kept";
			f->title = xasprintf("'%s' on '%s' leaves it at row %zu: '%s' is %s", s->done->widget_text,
					     t->menu_row, k + 1, other, dir > 0 ? "first" : "last");
			f->expected = xasprintf("'%s' %s the list", t->menu_row, dir > 0 ? "first in" : "last in");
			f->actual = xasprintf("'%s' is row %zu of the %zu in view; '%s' is %s", t->menu_row, k + 1,
					      l->n_rows, other, dir > 0 ? "first" : "last");
			f->description = xasprintf("The menu of the row '%s' was opened and its '%s' pressed. The list "
						   "then shows '%s' at row %zu of the %zu in view, with '%s' %s: the "
						   "move took another row, or none.",
						   t->menu_row, s->done->widget_text, t->menu_row, k + 1, l->n_rows, other,
						   dir > 0 ? "above it, first" : "below it, last");
			f->diff = cJSON_CreateObject();
			cJSON_AddStringToObject(f->diff, "check", "move_to");
			cJSON_AddStringToObject(f->diff, "row", t->menu_row);
			cJSON_AddNumberToObject(f->diff, "row_after", (double)(k + 1));
			cJSON_AddStringToObject(f->diff, "list", l->id);
			{
				char *subject = xasprintf("%s misplaces rows: %s %s", dir > 0 ? "move to top" : "move to bottom",
							  s->activity_after ? s->activity_after : "", l->id);

				cJSON_AddStringToObject(f->diff, "subject", subject);
				free(subject);
			}
			hit = true;
		}
	}
	oracle_lists_free(ls, n);
	return hit;
}

/* Note the row (and its list) whose tap or long press opened a menu; forget it on any other step. */
static void note_menu_row(struct oracle_order_kept_tracker *t, const struct oracle_tracked_step *s)
{
	const struct ui_widget *w, *row;
	struct oracle_list *ls = NULL;
	const struct oracle_list *l;
	size_t n, k = 0;
	const char *first;

	free(t->menu_row);
	free(t->menu_list);
	t->menu_row = t->menu_list = NULL;
	if ((s->done->type != ACTION_CLICK && s->done->type != ACTION_LONG_CLICK) ||
	    oracle_screen_has_layer(s->before) || !oracle_screen_has_layer(s->after) ||
	    !(w = action_resolve(s->done, s->before)) || !(row = oracle_enclosing_row(w)) ||
	    !*(first = oracle_first_text(row)))
		return;
	n = oracle_lists(s->before, &ls);
	if ((l = list_with_row(ls, n, first, &k)) != NULL) {
		t->menu_row = xstrdup(first);
		t->menu_list = xstrdup(l->id);
	}
	oracle_lists_free(ls, n);
}

/* Note a tap on a row (not the first) of a list of before that opened another page. */
static void note_tap(struct oracle_order_kept_tracker *t, const struct oracle_tracked_step *s)
{
	const struct ui_widget *w = action_resolve(s->done, s->before), *row;
	const char *first, *tb = oracle_app_bar_title(s->before), *ta = oracle_app_bar_title(s->after);
	struct oracle_list *ls = NULL;
	const struct oracle_list *l;
	size_t n, k = 0;

	row = w ? oracle_enclosing_row(w) : NULL;
	first = row ? oracle_first_text(row) : NULL;
	if (!first || !*first || oracle_screen_has_layer(s->before) || oracle_screen_has_layer(s->after))
		return;
	/* Another page: another activity or another title. */
	if (oracle_same_activity(s->activity_before, s->activity_after) && !strcmp(tb ? tb : "", ta ? ta : ""))
		return;
	n = oracle_lists(s->before, &ls);
	l = list_with_row(ls, n, first, &k);
	if (l && l->n_rows >= ORDER_ROWS_MIN && k >= 1) {
		t->pending = true;
		t->activity = xstrdup(s->activity_before ? s->activity_before : "");
		t->title = xstrdup(tb ? tb : "");
		t->outside = outside_texts(s->before);
		t->list_id = xstrdup(l->id);
		t->rows = xcalloc(l->n_rows, sizeof(*t->rows));
		for (size_t r = 0; r < l->n_rows; r++)
			t->rows[r] = xstrdup(l->rows[r]);
		t->n_rows = l->n_rows;
		t->tapped = k;
		t->tap = action_to_json(s->done);
	}
	oracle_lists_free(ls, n);
}

/* Whether `now` is t's rows with the tapped one moved to the top, the others in their order. */
static bool moved_to_top(const struct oracle_order_kept_tracker *t, const struct oracle_list *now)
{
	size_t j = 1;

	if (now->n_rows != t->n_rows || strcmp(now->rows[0], t->rows[t->tapped]))
		return false;
	for (size_t r = 0; r < t->n_rows; r++) {
		if (r == t->tapped)
			continue;
		if (strcmp(now->rows[j++], t->rows[r]))
			return false;
	}
	return true;
}

static void fill(struct oracle_finding *f, const struct oracle_order_kept_tracker *t, const struct action *back)
{
	char name[128];
	const char *cut = strstr(t->rows[t->tapped], " | ");

	snprintf(name, sizeof(name), "%.*s", cut ? (int)(cut - t->rows[t->tapped]) : 120, t->rows[t->tapped]);
	oracle_finding_init(f);
	f->category = BUG_CAT_DATA_OPERATION;
	f->oracle = "order_kept";
	f->title = xasprintf("Opening '%s' moves it to the top of its list", name);
	f->expected = xasprintf("the list in the order it had: '%s' at row %zu", name, t->tapped + 1);
	f->actual = xasprintf("'%s' is the first row; the others kept their order", name);
	f->description = xasprintf("On '%s' the run opened '%s', row %zu of %zu, and came back with %s: the list "
				   "shows the same rows, but '%s' first. Opening an item changed the order of "
				   "the user's list.",
				   *t->title ? t->title : t->activity, name, t->tapped + 1, t->n_rows,
				   back->type == ACTION_BACK ? "Back" : "Up", name);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "moved_to_top");
	cJSON_AddStringToObject(f->diff, "row", name);
	cJSON_AddNumberToObject(f->diff, "row_before", (double)(t->tapped + 1));
	cJSON_AddStringToObject(f->diff, "list", t->list_id);
	cJSON_AddItemToObject(f->diff, "blamed", cJSON_Duplicate(t->tap, 1));
	{
		/* One bug per list, whichever row. */
		char *subject = xasprintf("opened row moves to top: %s %s", t->activity, t->list_id);

		cJSON_AddStringToObject(f->diff, "subject", subject);
		free(subject);
	}
}

bool oracle_order_kept_step(struct oracle_order_kept_tracker *t, const struct oracle_tracked_step *s,
			    struct oracle_finding *f)
{
	const struct action *done = s->done;
	bool hit = false;

	if (!done || !s->before || !s->after || !s->after_in_app) {
		order_forget(t);
		return false;
	}
	{
		int dir = done->type == ACTION_CLICK && t->menu_row && oracle_screen_has_layer(s->before) &&
				  !oracle_screen_has_layer(s->after)
			  ? move_asked(done->widget_text)
			  : 0;

		hit = dir && move_misplaced(t, s, dir, f);
		note_menu_row(t, s);
		if (hit) {
			order_forget(t);
			return true;
		}
	}
	if (t->pending) {
		const char *ta = oracle_app_bar_title(s->after);

		if ((done->type == ACTION_BACK || oracle_is_up_action(done)) && !oracle_screen_has_layer(s->after) &&
		    oracle_same_activity(t->activity, s->activity_after) && !strcmp(t->title, ta ? ta : "") &&
		    outside_texts(s->after) == t->outside && !ordered_by_use(s->after)) {
			struct oracle_list *ls = NULL;
			size_t n = oracle_lists(s->after, &ls);

			for (size_t i = 0; i < n && !hit; i++) {
				uint64_t key = oracle_hash_str(oracle_hash_str(ORACLE_HASH_BASIS, t->activity), t->list_id);
				bool seen = false;

				if (strcmp(ls[i].id, t->list_id) || !moved_to_top(t, &ls[i]))
					continue;
				for (size_t r = 0; r < t->n_reported && r < 8; r++)
					seen |= t->reported[r] == key;
				if (seen)
					break;
				t->reported[t->n_reported++ % 8] = key;
				fill(f, t, done);
				hit = true;
			}
			oracle_lists_free(ls, n);
		}
		order_forget(t);
		return hit;
	}
	if (done->type == ACTION_CLICK)
		note_tap(t, s);
	return false;
}

static void *order_kept_tracker_new(void)
{
	return oracle_order_kept_tracker_new();
}

static void order_kept_tracker_free(void *t)
{
	oracle_order_kept_tracker_free(t);
}

static bool order_kept_track(void *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	return oracle_order_kept_step(t, s, f);
}

const struct oracle_kind oracle_kind_order_kept = {
	.name = "order_kept",
	.config_key = "oracles.order_kept",
	.category = BUG_CAT_DATA_OPERATION,
	.doc = "a list row opened and left with Back or Up that comes back first in its list, the other rows in "
	       "their order and nothing else on the page changed, on a page that does not say it is ordered by use",
	.evidence = "the list before the tap and after the return, the row's place, the tap that opened it",
	.flags = 0,
	.tracker_new = order_kept_tracker_new,
	.tracker_free = order_kept_tracker_free,
	.track = order_kept_track,
};
