/*
 * mark_kept.c - oracle 56 "mark_kept": a sync or refresh that undoes what
 * the user just marked (feeds `feeds-mark-unread-undone-on-sync`, Feeder
 * #1121: an article marked as unread reads "Read" again after Sync now).
 *
 * A tracker. The rows of the lists of every screen of the app are kept by
 * their first text, with their other texts as last seen. A click whose
 * label begins "Mark as" or "Mark" and a word (Mark as unread, Mark done;
 * not "Mark all") on a page showing the first text of a kept row (the
 * article's title on its page) names that row; its texts as last seen
 * are what the mark changes. The first sighting of the row in a list after
 * the mark shows its marked texts; when they are the old ones the mark did
 * not show on the row, and nothing is judged. Then a click whose label
 * begins Sync, Refresh, Reload, Fetch or Update and a word, on a page that
 * shows the row marked, landing on the same page (activity and app-bar
 * title, no dialog) that shows the row with its old texts again, is the
 * finding. One report per run.
 *
 * Blind: a mark shown only by a colour or an icon, a row whose first text
 * repeats, a mark made from the list's own row (a swipe, a row's menu),
 * a revert that waits for the next visit of the page.
 */
#include <ctype.h>
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

enum { MK_ROWS = 64, MK_TEXT = 160 };

struct mk_row {
	uint64_t key;       /* first text */
	uint64_t texts;     /* its other texts, as last seen */
};

struct oracle_mark_kept_tracker {
	struct mk_row rows[MK_ROWS];
	size_t n_rows, next;
	/* The row a mark named. */
	bool pending, marked_seen, reported;
	uint64_t key, old_texts, new_texts;
	char name[MK_TEXT], mark[MK_TEXT];
};

struct oracle_mark_kept_tracker *oracle_mark_kept_tracker_new(void)
{
	return xcalloc(1, sizeof(struct oracle_mark_kept_tracker));
}

void oracle_mark_kept_tracker_free(struct oracle_mark_kept_tracker *t)
{
	free(t);
}

/* The hash of row's texts other than its first, in order. */
static uint64_t row_texts(const struct ui_tree *tree, const struct ui_widget *row, const char *first)
{
	uint64_t h = 0x51ed270b27a3f5c1ULL;

	for (size_t i = row->order, end = ui_subtree_end(tree, row); i < end; i++) {
		const struct ui_widget *w = tree->nodes[i];

		if (w->text[0] && strcmp(w->text, first))
			h = oracle_hash_str(h, w->text);
	}
	return h;
}

/* The rows of tree's lists in view that have a first text, into rows (at most max); how many. */
static size_t list_rows(const struct ui_tree *tree, const struct ui_widget **rows, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < tree->n_nodes && n < max; i++) {
		const struct ui_widget *row = tree->nodes[i];

		if (row->parent && oracle_is_list(row->parent) && ui_widget_visible(row, &tree->screen) &&
		    *oracle_first_text(row))
			rows[n++] = row;
	}
	return n;
}

static struct mk_row *row_of(struct oracle_mark_kept_tracker *t, uint64_t key)
{
	for (size_t i = 0; i < t->n_rows; i++)
		if (t->rows[i].key == key)
			return &t->rows[i];
	return NULL;
}

static void keep_rows(struct oracle_mark_kept_tracker *t, const struct ui_tree *tree)
{
	const struct ui_widget *rows[MK_ROWS];
	size_t n = list_rows(tree, rows, MK_ROWS);

	for (size_t i = 0; i < n; i++) {
		const char *first = oracle_first_text(rows[i]);
		uint64_t key = oracle_hash_str(0, first);
		struct mk_row *r = row_of(t, key);

		if (!r) {
			if (t->n_rows < MK_ROWS) {
				r = &t->rows[t->n_rows++];
			} else {
				r = &t->rows[t->next];
				t->next = (t->next + 1) % MK_ROWS;
			}
			r->key = key;
		}
		r->texts = row_texts(tree, rows[i], first);
	}
}

/* The texts of the row with this key on tree, in *texts; false when tree does not list it. */
static bool row_shown(const struct ui_tree *tree, uint64_t key, uint64_t *texts)
{
	const struct ui_widget *rows[MK_ROWS];
	size_t n = list_rows(tree, rows, MK_ROWS);

	for (size_t i = 0; i < n; i++) {
		const char *first = oracle_first_text(rows[i]);

		if (oracle_hash_str(0, first) == key) {
			*texts = row_texts(tree, rows[i], first);
			return true;
		}
	}
	return false;
}

/* Whether the lowered label begins with one of the words, followed by a space or its end (when alone is true). */
static bool begins(const char *low, const char *const *words, bool alone)
{
	for (size_t i = 0; words[i]; i++) {
		size_t n = strlen(words[i]);

		if (!strncmp(low, words[i], n) && ((alone && !low[n]) || low[n] == ' '))
			return true;
	}
	return false;
}

static bool is_mark(const char *low)
{
	static const char *const mark[] = { "mark", NULL };

	return begins(low, mark, false) && strncmp(low, "mark all", 8) && strncmp(low, "mark everything", 15);
}

static bool is_sync(const char *low)
{
	static const char *const sync[] = { "sync", "refresh", "reload", "fetch", NULL };
	static const char *const update[] = { "update", NULL };

	return begins(low, sync, true) || begins(low, update, false);
}

/* The first visible text of `before` outside its lists that is the first text of a kept row; NULL when none. */
static const char *named_row(struct oracle_mark_kept_tracker *t, const struct ui_tree *before)
{
	for (size_t i = 0; i < before->n_nodes; i++) {
		const struct ui_widget *w = before->nodes[i];

		if (w->text[0] && !ui_widget_in_list(w) && ui_widget_visible(w, &before->screen) &&
		    row_of(t, oracle_hash_str(0, w->text)))
			return w->text;
	}
	return NULL;
}

bool oracle_mark_kept_step(struct oracle_mark_kept_tracker *t, const struct oracle_tracked_step *s,
			   struct oracle_finding *f)
{
	const struct ui_tree *b = s->before, *a = s->after;
	char label[MK_TEXT], low[256];
	uint64_t texts;
	bool hit = false;

	label[0] = low[0] = '\0';
	if (b && s->done && s->done->type == ACTION_CLICK) {
		const struct ui_widget *w = action_resolve(s->done, b);
		char raw[256];

		/* The label as lowered for matching (" sync now": a button with no text, its description)... */
		oracle_action_label(b, s->done, raw, sizeof(raw));
		oracle_trim_into(low, sizeof(low), raw);
		/* ... and as the app writes it, for the report. */
		oracle_trim_into(label, sizeof(label),
				 s->done->widget_text && *s->done->widget_text ? s->done->widget_text
				 : w && *w->text			       ? w->text
				 : w					       ? w->content_desc
									       : raw);
	}
	if (b && low[0] && is_mark(low) && !oracle_screen_has_layer(b)) {
		const char *name = named_row(t, b);

		t->pending = name != NULL;
		t->marked_seen = false;
		if (name) {
			struct mk_row *r = row_of(t, oracle_hash_str(0, name));

			t->key = r->key;
			t->old_texts = r->texts;
			snprintf(t->name, sizeof(t->name), "%s", name);
			snprintf(t->mark, sizeof(t->mark), "%s", label);
		}
	} else if (t->pending && t->marked_seen && !t->reported && b && a && s->after_in_app && low[0] &&
		   is_sync(low) && !oracle_screen_has_layer(b) && !oracle_screen_has_layer(a) &&
		   oracle_same_activity(s->activity_before, s->activity_after) && oracle_same_title(b, a) &&
		   row_shown(b, t->key, &texts) && texts == t->new_texts && row_shown(a, t->key, &texts) &&
		   texts == t->old_texts) {
		t->reported = hit = true;
		oracle_finding_init(f);
		f->oracle = "mark_kept";
		f->category = BUG_CAT_DATA_OPERATION;
		f->title = xasprintf("'%s' undoes '%s' on '%s'", label, t->mark, t->name);
		f->expected = xasprintf("'%s' still shown as '%s' left it", t->name, t->mark);
		f->actual = xasprintf("the row of '%s' shows what it showed before '%s'", t->name, t->mark);
		f->description = xasprintf("'%s' was tapped on the page of '%s', and its row in the list changed; a "
					   "tap on '%s' then put the row back as it was before the mark.",
					   t->mark, t->name, label);
		f->diff = cJSON_CreateObject();
		cJSON_AddStringToObject(f->diff, "check", "mark_kept");
		{
			char *subject = xasprintf("mark undone by %s", low);

			cJSON_AddStringToObject(f->diff, "subject", subject);
			free(subject);
		}
		cJSON_AddStringToObject(f->diff, "row", t->name);
		cJSON_AddStringToObject(f->diff, "mark", t->mark);
	}
	if (a && s->after_in_app) {
		if (t->pending && !t->marked_seen && row_shown(a, t->key, &texts)) {
			t->marked_seen = true;
			t->new_texts = texts;
			if (texts == t->old_texts)
				t->pending = false; /* the mark does not show on the row */
		}
		keep_rows(t, a);
	}
	return hit;
}

static void *mark_kept_tracker_new(void)
{
	return oracle_mark_kept_tracker_new();
}

static void mark_kept_tracker_free(void *t)
{
	oracle_mark_kept_tracker_free(t);
}

static bool mark_kept_track(void *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	return oracle_mark_kept_step(t, s, f);
}

const struct oracle_kind oracle_kind_mark_kept = {
	.name = "mark_kept",
	.config_key = "oracles.mark_kept",
	.category = BUG_CAT_DATA_OPERATION,
	.doc = "a Sync or Refresh that puts a row back as it was before a Mark (as unread, as done) made on its page",
	.evidence = "the list before and after the sync, the row marked",
	.flags = 0,
	.tracker_new = mark_kept_tracker_new,
	.tracker_free = mark_kept_tracker_free,
	.track = mark_kept_track,
};
