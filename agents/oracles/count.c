/*
 * count.c - oracle "count": a label that counts a list's rows or its
 * checked rows ("Done today: 2 of 4", "Tasks (3)", "5 items"), was right
 * when its screen was last seen, and is wrong now that the rows changed:
 * a box ticked, a row added or deleted, here or on another page.
 *
 * Only a label that matched before is judged, so a number that counts
 * something else is left alone; and it must say what it counts (a word such
 * as "done" or "selected" for checked rows; a plural noun or "of N" for
 * rows). Lists must be shown whole on both screens, and a screen that says
 * its list is filtered ("Filtered") is neither judged nor learned from.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "agents/brain.h"
#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

#define COUNT_MAX_VALUES 3
#define COUNT_MAX_ITEMS 24      /* labels and lists kept per screen */
#define COUNT_MAX_SCREENS 64    /* activities remembered */
#define COUNT_MAX_MATCHED 64    /* rows counts seen right, remembered */

/* A text outside every list with 1-3 whole numbers in it. */
struct count_label {
	char *rid;
	char *shape;                /* the text with each number replaced by "N" */
	char *text;
	long value[COUNT_MAX_VALUES];
	bool rows_word[COUNT_MAX_VALUES];   /* the number reads as a number of rows */
	bool after_of[COUNT_MAX_VALUES];    /* the number follows "of" ("2 of 12") */
	bool matched[COUNT_MAX_VALUES];     /* the run saw it equal to the rows (2+) of a list shown whole beside it */
	uint64_t noun[COUNT_MAX_VALUES];    /* the plural noun beside the number, hashed (0: none) */
	int n_values;
	bool checked_word;          /* the text says it counts done/checked/selected things */
	bool link;                  /* it is, or sits in, something clickable other than a tab */
};

#define COUNT_MAX_ROWS 64

/* A list shown whole: its rows, and how many of them hold a checked box. */
struct count_list {
	char *id;                   /* resource-id#class */
	long rows, checked, checkable;
	uint64_t key[COUNT_MAX_ROWS];   /* each row's first text, hashed (the first COUNT_MAX_ROWS rows) */
	uint64_t row_noun[COUNT_MAX_VALUES];    /* plural nouns counted inside its rows ("Japan trip | 2 tabs"), hashed */
	int n_row_nouns;
};

struct count_screen {
	char *activity;
	struct count_label labels[COUNT_MAX_ITEMS];
	size_t n_labels;
	struct count_list lists[COUNT_MAX_ITEMS];
	size_t n_lists;
	unsigned long filters;      /* filter toggles made on the activity when this was seen */
};

struct oracle_count_tracker {
	struct count_screen screens[COUNT_MAX_SCREENS];
	size_t n_screens, next;     /* next: the slot to reuse when full */
	/*
	 * Rows counts the run saw equal to their rows (activity, resource-id,
	 * shape and value index, hashed; 0 a free slot), each with the number
	 * of toggles the run had made on the label's activity when it last did.
	 */
	uint64_t matched[COUNT_MAX_MATCHED];
	unsigned long matched_toggles[COUNT_MAX_MATCHED];
	size_t n_matched;
	/*
	 * How many checkable widgets the run toggled on each activity (hashed),
	 * a ring; `filters` counts those in no list (a filter or display option).
	 */
	struct count_toggles {
		uint64_t activity;
		unsigned long n, filters;
	} toggles[COUNT_MAX_SCREENS];
	size_t n_toggles, next_toggles;
	bool primed;                /* a step was fed: the run's first screen is behind */
	/*
	 * Rows counts (same key as `matched`) the run saw equal to the rows
	 * (2+) in view of a list, shown whole or not (a list sized to its rows
	 * leaves no room below its last one): a ring, for count_over_empty.
	 */
	uint64_t seen_equal[COUNT_MAX_MATCHED];
	size_t n_seen_equal;
};

static void screen_clear(struct count_screen *s)
{
	free(s->activity);
	for (size_t i = 0; i < s->n_labels; i++) {
		free(s->labels[i].rid);
		free(s->labels[i].shape);
		free(s->labels[i].text);
	}
	for (size_t i = 0; i < s->n_lists; i++)
		free(s->lists[i].id);
	memset(s, 0, sizeof(*s));
}

struct oracle_count_tracker *oracle_count_tracker_new(void)
{
	return xcalloc(1, sizeof(struct oracle_count_tracker));
}

void oracle_count_tracker_free(struct oracle_count_tracker *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->n_screens; i++)
		screen_clear(&t->screens[i]);
	free(t);
}

static bool inside_list(const struct ui_widget *w)
{
	for (const struct ui_widget *p = w->parent; p; p = p->parent)
		if (oracle_is_list(p))
			return true;
	return false;
}

static bool has_checked(const struct ui_widget *w, bool *checkable)
{
	bool hit = w->checkable && w->checked;

	*checkable |= w->checkable;
	for (size_t i = 0; i < w->n_children; i++)
		hit |= has_checked(w->children[i], checkable);
	return hit;
}

/* The word of s that ends just before position `at` (skipping spaces, ':' and '('), lower-cased into out. */
static void word_before(const char *s, size_t at, char *out, size_t cap)
{
	size_t end = at, start;

	while (end > 0 && (s[end - 1] == ' ' || s[end - 1] == ':' || s[end - 1] == '('))
		end--;
	start = end;
	while (start > 0 && isalpha((unsigned char)s[start - 1]))
		start--;
	snprintf(out, cap, "%.*s", (int)(end - start), s + start);
	for (char *c = out; *c; c++)
		*c = (char)tolower((unsigned char)*c);
}

/* The word of s that starts at `at` (after spaces), lower-cased into out. */
static void word_after(const char *s, size_t at, char *out, size_t cap)
{
	size_t start = at, end;

	while (s[start] == ' ')
		start++;
	end = start;
	while (isalpha((unsigned char)s[end]))
		end++;
	snprintf(out, cap, "%.*s", (int)(end - start), s + start);
	for (char *c = out; *c; c++)
		*c = (char)tolower((unsigned char)*c);
}

/* A plural noun: "items", "notes", "tasks" (not "is", "was", "this"). */
static bool plural(const char *w)
{
	size_t n = strlen(w);

	return n >= 4 && w[n - 1] == 's' && w[n - 2] != 's' && strcmp(w, "this") != 0 && strcmp(w, "days") != 0 &&
	       strcmp(w, "hours") != 0 && strcmp(w, "mins") != 0 && strcmp(w, "minutes") != 0 &&
	       strcmp(w, "seconds") != 0 && strcmp(w, "weeks") != 0 && strcmp(w, "years") != 0 &&
	       strcmp(w, "times") != 0;
}

static bool says_checked(const char *text)
{
	static const char *const words[] = { "done", "checked", "complete", "selected", "ticked", "finished",
					     "bought", "marked" };
	char low[256];
	size_t i;

	for (i = 0; text[i] && i + 1 < sizeof(low); i++)
		low[i] = (char)tolower((unsigned char)text[i]);
	low[i] = '\0';
	for (size_t k = 0; k < sizeof(words) / sizeof(words[0]); k++)
		if (strstr(low, words[k]))
			return true;
	return false;
}

/*
 * Parse a label: its whole numbers (not money, decimals, times, dates,
 * percentages or parts of words). False when it has none or more than three.
 */
static bool parse_label(const char *text, struct count_label *l)
{
	struct strbuf_lite {
		char buf[256];
		size_t len;
	} shape = { .len = 0 };
	size_t n = strlen(text);

	memset(l, 0, sizeof(*l));
	if (n == 0 || n > 120 || strpbrk(text, "$€£¥%/"))
		return false;
	for (size_t i = 0; i < n;) {
		if (isdigit((unsigned char)text[i])) {
			size_t j = i;
			long v = 0;
			char w[32];

			while (isdigit((unsigned char)text[j]) && j - i < 6)
				v = v * 10 + (text[j++] - '0');
			if (isdigit((unsigned char)text[j]) || (i > 0 && isalpha((unsigned char)text[i - 1])) ||
			    isalpha((unsigned char)text[j]) || ((text[j] == '.' || text[j] == ',' || text[j] == ':') &&
								  isdigit((unsigned char)text[j + 1])) ||
			    (i > 0 && (text[i - 1] == '.' || text[i - 1] == ',' || text[i - 1] == '-' || text[i - 1] == '+' ||
				       text[i - 1] == '#')))
				return false;
			if (l->n_values == COUNT_MAX_VALUES)
				return false;
			word_before(text, i, w, sizeof(w));
			l->after_of[l->n_values] = !strcmp(w, "of");
			l->rows_word[l->n_values] = plural(w) || l->after_of[l->n_values];
			if (plural(w))
				l->noun[l->n_values] = oracle_hash_str(ORACLE_HASH_BASIS, w);
			word_after(text, j, w, sizeof(w));
			l->rows_word[l->n_values] |= plural(w);
			if (plural(w))
				l->noun[l->n_values] = oracle_hash_str(ORACLE_HASH_BASIS, w);
			l->value[l->n_values++] = v;
			if (shape.len + 1 < sizeof(shape.buf))
				shape.buf[shape.len++] = 'N';
			i = j;
			continue;
		}
		if (shape.len + 1 < sizeof(shape.buf))
			shape.buf[shape.len++] = text[i];
		i++;
	}
	if (l->n_values == 0)
		return false;
	shape.buf[shape.len] = '\0';
	l->shape = xstrdup(shape.buf);
	l->checked_word = says_checked(text);
	return true;
}

static bool has_key(const struct count_list *l, uint64_t k)
{
	for (long i = 0; i < l->rows && i < COUNT_MAX_ROWS; i++)
		if (l->key[i] == k)
			return true;
	return false;
}

/*
 * Whether the rows changed as by one add or one delete: one row more with
 * every earlier row still there, or one row less with every remaining row
 * there before. A filter, a tab or a search changes them otherwise.
 */
static bool one_row_added_or_removed(const struct count_list *was, const struct count_list *now)
{
	const struct count_list *small = was->rows < now->rows ? was : now, *big = small == was ? now : was;

	if (big->rows != small->rows + 1 || big->rows > COUNT_MAX_ROWS)
		return false;
	for (long i = 0; i < small->rows; i++)
		if (!has_key(big, small->key[i]))
			return false;
	return true;
}

/*
 * Whether w is, or sits in, a nav item other than the selected one: a tab
 * or bottom-navigation item beside the chosen one counts what its own page
 * lists, not the list shown (manga, session 25: "Updates 5", unread
 * chapters, beside the selected History over 5 rows by chance; browser:
 * the "Open tabs (6)" tab over the selected Private tab's list).
 */
static bool other_nav_item(const struct ui_widget *w)
{
	const struct ui_widget *item = oracle_nav_item_of(w);

	return item && !item->selected && !item->checked && !w->selected;
}

/*
 * Note in l the plural nouns that w's texts (a row and what it holds)
 * count: "Japan trip\n2 tabs" counts tabs, so the row is a group of tabs.
 */
static void note_row_nouns(const struct ui_widget *w, struct count_list *l)
{
	for (const char *c = w->text; *c && l->n_row_nouns < COUNT_MAX_VALUES; c++) {
		char word[32];
		uint64_t h;
		bool known = false;

		if (!isdigit((unsigned char)*c) || (c > w->text && isalnum((unsigned char)c[-1])))
			continue;
		while (isdigit((unsigned char)c[1]))
			c++;
		word_after(c, 1, word, sizeof(word));
		if (!plural(word))
			continue;
		h = oracle_hash_str(ORACLE_HASH_BASIS, word);
		for (int i = 0; i < l->n_row_nouns; i++)
			known |= l->row_noun[i] == h;
		if (!known)
			l->row_noun[l->n_row_nouns++] = h;
	}
	for (size_t i = 0; i < w->n_children; i++)
		note_row_nouns(w->children[i], l);
}

/* Whether the rows of l count the noun hashed as h themselves. */
static bool rows_count_noun(const struct count_list *l, uint64_t h)
{
	for (int i = 0; h && i < l->n_row_nouns; i++)
		if (l->row_noun[i] == h)
			return true;
	return false;
}

/* What the oracle reads off a screen: its counting labels and its lists shown whole. */
static void read_screen(const struct ui_tree *t, const char *activity, struct count_screen *s)
{
	memset(s, 0, sizeof(*s));
	s->activity = xstrdup(activity ? activity : "");
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (!ui_widget_visible(w, &t->screen) || oracle_hidden_under_layer(t, w))
			continue;
		if (oracle_is_list(w) && s->n_lists < COUNT_MAX_ITEMS) {
			struct count_list *l = &s->lists[s->n_lists];
			char id[512];

			snprintf(id, sizeof(id), "%s#%s", w->resource_id, w->class_name);
			if (!oracle_list_has_room(t, id))
				continue;
			memset(l, 0, sizeof(*l));
			for (size_t c = 0; c < w->n_children; c++) {
				bool checkable = false;

				if (!ui_widget_visible(w->children[c], &t->screen))
					continue;
				if (l->rows < COUNT_MAX_ROWS)
					l->key[l->rows] = oracle_hash_str(ORACLE_HASH_BASIS, oracle_first_text(w->children[c]));
				l->rows++;
				l->checked += has_checked(w->children[c], &checkable);
				l->checkable += checkable;
				note_row_nouns(w->children[c], l);
			}
			l->id = xstrdup(id);
			s->n_lists++;
		} else if (*w->text && !ui_class_is_editable(w->class_name) && !w->checkable && !inside_list(w) &&
			   !other_nav_item(w) && s->n_labels < COUNT_MAX_ITEMS) {
			struct count_label *l = &s->labels[s->n_labels];

			if (parse_label(w->text, l)) {
				l->rid = xstrdup(w->resource_id);
				l->text = xstrdup(w->text);
				l->link = false;
				for (const struct ui_widget *p = w; p && !l->link; p = p->parent)
					l->link = p->clickable;
				l->link = l->link && !oracle_nav_item_of(w);
				s->n_labels++;
			}
		}
	}
}

static const struct count_label *label_like(const struct count_screen *s, const struct count_label *l)
{
	for (size_t i = 0; i < s->n_labels; i++)
		if (!strcmp(s->labels[i].rid, l->rid) && !strcmp(s->labels[i].shape, l->shape))
			return &s->labels[i];
	return NULL;
}

static const struct count_list *list_like(const struct count_screen *s, const char *id)
{
	for (size_t i = 0; i < s->n_lists; i++)
		if (!strcmp(s->lists[i].id, id))
			return &s->lists[i];
	return NULL;
}

/* One bug per label, whichever check showed it: f's subject names the label's shape on its activity. */
static void label_subject(struct oracle_finding *f, const char *activity, const char *shape)
{
	char *subject = xasprintf("count on %s: %s", activity ? activity : "", shape);

	cJSON_AddStringToObject(f->diff, "subject", subject);
	free(subject);
}

static void fill_finding(struct oracle_finding *f, const struct count_label *was, const struct count_label *now,
			 const char *what, long q_was, long q_now, const char *list_id, const char *activity,
			 const struct action *done)
{
	oracle_finding_init(f);
	f->category = BUG_CAT_CALCULATION;
	f->oracle = "count";
	f->title = xasprintf("'%s' does not count the %s", now->shape, what);
	f->expected = xasprintf("the label follows the %s: %ld, as it showed %ld for %ld", what, q_now, q_was, q_was);
	f->actual = xasprintf("'%s' with %ld %s", now->text, q_now, what);
	f->description = xasprintf("On %s, '%s' matched the %s of the list (%ld) when the screen was last seen. Now "
				   "the list shows %ld, and the label says '%s'.",
				   activity && *activity ? activity : "the screen", was->text, what, q_was, q_now,
				   now->text);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "count");
	cJSON_AddStringToObject(f->diff, "list", list_id);
	cJSON_AddStringToObject(f->diff, "counts", what);
	cJSON_AddStringToObject(f->diff, "label_before", was->text);
	cJSON_AddStringToObject(f->diff, "label_after", now->text);
	cJSON_AddNumberToObject(f->diff, "rows_before", (double)q_was);
	cJSON_AddNumberToObject(f->diff, "rows_after", (double)q_now);
	if (done)
		cJSON_AddItemToObject(f->diff, "action", action_to_json(done));
	label_subject(f, activity, now->shape);
}

/*
 * Whether value v of l, "M" in "N of M", counted the rows of list `was`:
 * only when N counted its checked rows ("Done: 2 of 4"). Otherwise "N of M"
 * is progress against a goal ("Reading challenge: 2 of 12 books", where N
 * may be the rows and M a number the user chose), not a count of rows.
 */
static bool of_counts_rows(const struct count_label *l, int v, const struct count_list *was)
{
	return v > 0 && !l->rows_word[v - 1] && was->checkable >= 2 &&
	       (l->checked_word || l->value[v - 1] == was->checked);
}

/*
 * Compare `now` with `was` (the same activity, seen earlier): true with *f
 * for the first broken count. Not once a box or switch outside the lists was
 * toggled on the page (or a dialog over it), before `was` or since: a "Hide
 * archived" filter changes which rows show, not what the label counts
 * (held-out habits: "7 habits" counts the active habits, and the list shows
 * eight once archived ones are no longer hidden).
 */
static bool compare(const struct count_screen *was, const struct count_screen *now, const struct action *done,
		    struct oracle_finding *f)
{
	bool filter_toggled = was->filters != now->filters;

	for (size_t i = 0; i < now->n_lists; i++) {
		const struct count_list *ln = &now->lists[i], *lw = list_like(was, ln->id);

		if (!lw)
			continue;
		for (int kind = 0; kind < 2; kind++) {
			bool checked = kind == 1;
			long qw = checked ? lw->checked : lw->rows, qn = checked ? ln->checked : ln->rows;

			if (qw == qn || (checked && (lw->checkable < 2 || ln->checkable < 2 || lw->rows != ln->rows)))
				continue;
			/*
			 * A box outside the list ("Hide completed") changes which
			 * rows show, not what is done. Once one was toggled on the
			 * page, a label that matched its rows may have matched by
			 * chance (held-out habits, seed 8: "8 habits" counts the
			 * active habits; with completed ones hidden and archived
			 * ones shown the list also held 8, and a delete left 7).
			 */
			if (filter_toggled || was->filters > 0)
				continue;
			/* Rows: one added or deleted, not a search typed or a tab chosen. */
			if (!checked && (!one_row_added_or_removed(lw, ln) ||
					 (done && (done->type == ACTION_CHECK || done->type == ACTION_INPUT ||
						   done->type == ACTION_ENTER))))
				continue;
			for (size_t k = 0; k < now->n_labels; k++) {
				const struct count_label *nl = &now->labels[k], *wl = label_like(was, nl);

				/* A label one taps to open what it counts ("Recently
				 * closed tabs | 4 tabs" on History, over the history
				 * list: browser, session 32, a history row deleted) counts
				 * another page's rows (rowcount's, 19), not this list's. */
				if (!wl || wl->n_values != nl->n_values || wl->link || nl->link)
					continue;
				for (int v = 0; v < nl->n_values; v++) {
					/* "Done: 2 of 4": 2 counts checked rows, "of 4" the rows. */
					bool says = checked ? !wl->rows_word[v] &&
								      (wl->checked_word ||
								       (v + 1 < wl->n_values && wl->value[v + 1] == lw->rows &&
									wl->rows_word[v + 1]))
							    : wl->rows_word[v] && (!wl->after_of[v] ||
										   of_counts_rows(wl, v, lw));

					/* Rows that count the label's noun themselves ("Japan trip
					 * | 2 tabs") are groups of it: "Show all (2 tabs)" counts
					 * tabs, not the collections listed (browser, session 27). */
					if (!checked && (rows_count_noun(lw, wl->noun[v]) || rows_count_noun(ln, nl->noun[v])))
						says = false;

					if (says && wl->value[v] == qw && nl->value[v] != qn) {
						fill_finding(f, wl, nl, checked ? "checked rows" : "rows", qw, qn, ln->id,
							     now->activity, done);
						return true;
					}
					/* Off since (contacts: deleted rows counted on), but once a count of the
					 * rows: it must move with them, by one. */
					if (says && !checked && wl->matched[v] && wl->value[v] != qw &&
					    nl->value[v] - wl->value[v] != qn - qw) {
						fill_finding(f, wl, nl, "rows", qw, qn, ln->id, now->activity, done);
						return true;
					}
				}
			}
		}
	}
	return false;
}

/* The slot of key h in t->matched, or -1. */
static int matched_slot(const struct oracle_count_tracker *t, uint64_t h)
{
	for (size_t i = 0; i < t->n_matched && i < COUNT_MAX_MATCHED; i++)
		if (t->matched[i] == h)
			return (int)i;
	return -1;
}

/* Whether a list (2+ rows) shown whole on s has exactly n rows; *any: s shows such a list at all. */
static bool rows_equal(const struct count_screen *s, long n, bool *any)
{
	bool eq = false;

	*any = false;
	for (size_t i = 0; i < s->n_lists; i++) {
		*any |= s->lists[i].rows >= 2;
		eq |= s->lists[i].rows >= 2 && s->lists[i].rows == n;
	}
	return eq;
}

/* The toggles made on `activity` so far (a slot of t->toggles, added when absent). */
static struct count_toggles *toggles_on(struct oracle_count_tracker *t, const char *activity)
{
	uint64_t k = oracle_hash_str(ORACLE_HASH_BASIS, activity);
	size_t slot;

	for (size_t i = 0; i < t->n_toggles; i++)
		if (t->toggles[i].activity == k)
			return &t->toggles[i];
	slot = t->next_toggles;
	t->next_toggles = (t->next_toggles + 1) % COUNT_MAX_SCREENS;
	if (t->n_toggles < COUNT_MAX_SCREENS)
		t->n_toggles++;
	t->toggles[slot] = (struct count_toggles){ k, 0, 0 };
	return &t->toggles[slot];
}

/* The key of value v of label l on activity (never 0, a free slot's value). */
static uint64_t label_key(const char *activity, const struct count_label *l, int v)
{
	char key[1024];

	snprintf(key, sizeof(key), "%s\n%s\n%s\n%d", activity, l->rid, l->shape, v);
	return oracle_hash_str(ORACLE_HASH_BASIS, key) | 1;
}

/*
 * Which numbers of now's labels count rows and were seen doing so: equal to
 * the rows (2+) of a list shown whole on a screen of the activity, now or
 * at any earlier sighting (the same label: resource-id and shape), however
 * many other screens came in between (t->matched).
 *
 * Unless the run toggled a checkable widget on the label's own page (or a
 * dialog over it) since the label last equalled its rows and it does not
 * now: a "Show archived" or "Hide done" option there changes which rows the
 * list shows but not what the label counts (loyalty
 * held-out app: "6 cards" over 8 rows with archived cards shown, then an
 * archived card deleted and the label rightly unmoved). Such a label is
 * forgotten until it equals its rows again; a label that went off with no
 * toggle on its page (contacts: deleted rows counted on, while switches
 * were toggled in Settings) stays remembered.
 */
static void note_matches(struct oracle_count_tracker *t, struct count_screen *now)
{
	for (size_t k = 0; k < now->n_labels; k++) {
		struct count_label *l = &now->labels[k];

		for (int v = 0; v < l->n_values; v++) {
			uint64_t h;
			int slot;
			bool any, equal;

			if (!l->rows_word[v] || l->after_of[v])
				continue;
			h = label_key(now->activity, l, v);
			slot = matched_slot(t, h);
			equal = rows_equal(now, l->value[v], &any);
			if (equal) {
				if (slot < 0)
					slot = (int)(t->n_matched++ % COUNT_MAX_MATCHED);
				t->matched[slot] = h;
				t->matched_toggles[slot] = toggles_on(t, now->activity)->n;
			} else if (slot >= 0 && any && t->matched_toggles[slot] != toggles_on(t, now->activity)->n) {
				t->matched[slot] = 0;
				slot = -1;
			}
			l->matched[v] = slot >= 0;
		}
	}
}

/*
 * Whether two screens are sightings of one page: the same activity, and a
 * list in common (or no list on either). An activity's tabs show other
 * lists (a Favorites or Recents tab beside the Contacts tab): each tab is
 * remembered on its own, so coming back to a tab compares it with its own
 * last sighting, not with the other tab seen just before.
 */
static bool same_page(const struct count_screen *a, const struct count_screen *b)
{
	if (!oracle_same_activity(a->activity, b->activity))
		return false;
	if (a->n_lists == 0 && b->n_lists == 0)
		return true;
	for (size_t i = 0; i < b->n_lists; i++)
		if (list_like(a, b->lists[i].id))
			return true;
	return false;
}

/* Whether w is a text saying there is nothing to show ("All apps are up to date", "No updates", "Nothing here"). */
bool oracle_says_empty(const struct ui_widget *w)
{
	static const char *const says[] = { "up to date", "nothing to show", "nothing here", "is empty",
					    "all caught up", NULL };
	char low[256];

	if (!*w->text || w->clickable || ui_class_is_editable(w->class_name) || strlen(w->text) > 80)
		return false;
	oracle_lower_into(low, sizeof(low), w->text);
	return oracle_has_word(low, says) || (!strncmp(low, "no ", 3) && isalpha((unsigned char)low[3]));
}

/* The visible text of t saying the page has nothing to show (a list's placeholder row too), or NULL. */
const char *oracle_empty_state(const struct ui_tree *t)
{
	for (size_t i = 0; i < t->n_nodes; i++)
		if (oracle_says_empty(t->nodes[i]) && ui_widget_visible(t->nodes[i], &t->screen))
			return t->nodes[i]->text;
	return NULL;
}

/* The rows of list in view on tree; a placeholder ("All apps are up to date") is no row. */
long oracle_rows_in_view(const struct ui_tree *tree, const struct ui_widget *list)
{
	long rows = 0;

	for (size_t c = 0; c < list->n_children; c++)
		rows += ui_widget_visible(list->children[c], &tree->screen) && !oracle_says_empty(list->children[c]);
	return rows;
}

/*
 * The lists of tree with a row in view: how many, and the rows in view of
 * the first ROWS_LISTS of them in rows_of (a page with more lists than
 * that is judged on its first ones).
 */
#define ROWS_LISTS 8
static long lists_with_rows(const struct ui_tree *tree, long rows_of[ROWS_LISTS])
{
	long n = 0;

	for (size_t i = 0; i < tree->n_nodes; i++) {
		const struct ui_widget *w = tree->nodes[i];
		long rows = 0;

		if (!oracle_is_list(w) || !ui_widget_visible(w, &tree->screen) || oracle_hidden_under_layer(tree, w))
			continue;
		rows = oracle_rows_in_view(tree, w);
		if (rows && n < ROWS_LISTS)
			rows_of[n] = rows;
		n += rows > 0;
	}
	return n;
}

/* Whether an empty text tells of a filter or search ("No chapters found", "No matching items", "No results"). */
static bool filtered_out(const char *empty)
{
	static const char *const words[] = { "found", "match", "result", "filter", NULL };
	char low[256];

	oracle_lower_into(low, sizeof(low), empty);
	return oracle_has_word(low, words);
}

/*
 * Whether label l of tree is, or sits in, something clickable: a row that
 * opens what it counts ("Recently closed tabs | 5 tabs" on a History page:
 * that count is rowcount's, 19), not a count of the page's own list.
 */
static bool tappable(const struct ui_tree *tree, const struct count_label *l)
{
	for (size_t i = 0; i < tree->n_nodes; i++) {
		const struct ui_widget *w = tree->nodes[i];

		if (strcmp(w->text, l->text) || strcmp(w->resource_id, l->rid))
			continue;
		for (const struct ui_widget *p = w; p; p = p->parent)
			if (p->clickable)
				return true;
		return false;
	}
	return false;
}

/* Whether the label of key h was once seen equal to the rows of its list. */
static bool seen_equal_has(const struct oracle_count_tracker *t, uint64_t h)
{
	for (size_t i = 0; i < t->n_seen_equal && i < COUNT_MAX_MATCHED; i++)
		if (t->seen_equal[i] == h)
			return true;
	return false;
}

/* Whether a label of now counts rows ("4 updates"), the only kind count_over_empty reads. */
static bool counts_rows(const struct count_screen *now)
{
	for (size_t k = 0; k < now->n_labels; k++)
		for (int v = 0; v < now->labels[k].n_values; v++)
			if (now->labels[k].rows_word[v] && !now->labels[k].after_of[v])
				return true;
	return false;
}

/*
 * Remember the rows counts of now equal to the rows in view of a list of
 * tree (2+), then judge: a count seen so that says rows are there on a
 * page that shows no row of any list and says it has nothing (appstore
 * `appstore-sync-hides-updates`: after Sync, "2 updates available" over
 * "All apps are up to date" and no row; the label had read 4 over 4 rows).
 * With no such text, only the page's title is judged, on a page with no
 * dialog, spinner or field: a page titled by the count of its rows shows
 * none (recorder `recorder-new-recording-hides-list`: "Recordings (3)"
 * over no list after a recording was made; it had read 3 over 3 rows).
 */
static bool count_over_empty(struct oracle_count_tracker *t, const struct count_screen *now,
			     const struct ui_tree *tree, struct oracle_finding *f)
{
	long rows_of[ROWS_LISTS], n_with_rows;
	const char *empty, *title, *page = *now->activity ? now->activity : "the screen";

	if (!counts_rows(now))
		return false;
	n_with_rows = lists_with_rows(tree, rows_of);
	for (size_t k = 0; k < now->n_labels; k++) {
		const struct count_label *l = &now->labels[k];

		for (int v = 0; v < l->n_values; v++) {
			uint64_t h;
			bool known;

			if (!l->rows_word[v] || l->after_of[v])
				continue;
			h = label_key(now->activity, l, v);
			known = seen_equal_has(t, h);
			for (long i = 0; i < n_with_rows && i < ROWS_LISTS && !known; i++)
				if (rows_of[i] >= 2 && rows_of[i] == l->value[v]) {
					t->seen_equal[t->n_seen_equal++ % COUNT_MAX_MATCHED] = h;
					known = true;
				}
		}
	}
	if (n_with_rows)
		return false;
	empty = oracle_empty_state(tree);
	title = empty ? NULL : oracle_app_bar_title(tree);
	if (empty ? filtered_out(empty)
		  : !title || oracle_screen_has_layer(tree) || oracle_loading_spinner(tree) || oracle_shows_field(tree))
		return false;
	for (size_t k = 0; k < now->n_labels; k++) {
		const struct count_label *l = &now->labels[k];

		if (title && strcmp(l->text, title))
			continue;
		for (int v = 0; v < l->n_values; v++) {
			if (!l->rows_word[v] || l->after_of[v] || l->value[v] < 1 ||
			    !seen_equal_has(t, label_key(now->activity, l, v)) || tappable(tree, l))
				continue;
			oracle_finding_init(f);
			f->category = BUG_CAT_CONTENT_MISSING;
			f->oracle = "count";
			f->title = xasprintf("'%s' counts rows the page does not show", l->shape);
			f->expected = xasprintf("the %ld rows '%s' counts, as the label once matched the rows of its list",
						l->value[v], l->text);
			f->actual = empty ? xasprintf("no row, and \"%s\"", empty) : xasprintf("no list and no row");
			if (empty)
				f->description = xasprintf("On %s, '%s' was seen equal to the rows of its list. Now "
							   "it says '%s' while the page shows no row and says \"%s\": "
							   "the label or the list is wrong.",
							   page, l->shape, l->text, empty);
			else
				f->description = xasprintf("On %s, '%s' was seen equal to the rows of its list. Now "
							   "it says '%s' while the page shows no row and no list: the "
							   "label or the list is wrong.",
							   page, l->shape, l->text);
			f->diff = cJSON_CreateObject();
			cJSON_AddStringToObject(f->diff, "check", empty ? "count_over_empty" : "count_without_list");
			cJSON_AddStringToObject(f->diff, "label", l->text);
			if (empty)
				cJSON_AddStringToObject(f->diff, "empty", empty);
			label_subject(f, now->activity, l->shape);
			return true;
		}
	}
	return false;
}

/*
 * One screen seen: compared with the last sighting of its page (true with
 * *f when a count broke; `done` NULL for the run's first screen), then,
 * unless broken, remembered as the page's last sighting.
 */
/*
 * Whether t says its list is filtered: a visible text outside lists, not
 * clickable, reading "Filtered", "Filter on", "Filters applied" and the
 * like (manga's chapter list under "8 chapters · Filtered", session 47:
 * the count names every chapter while the list shows the bookmarked ones).
 */
static bool says_filtered(const struct ui_tree *t)
{
	static const char *const words[] = { "filtered", "filter on", "filters on", "filter applied",
					     "filters applied", "filter active", "filters active", NULL };
	char low[48];

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (!*w->text || w->clickable || strlen(w->text) >= sizeof(low) || inside_list(w) ||
		    !ui_widget_visible(w, &t->screen))
			continue;
		oracle_trim_into(low, sizeof(low), w->text);
		oracle_lower_into(low, sizeof(low), low);
		for (size_t k = 0; words[k]; k++)
			if (!strcmp(low, words[k]))
				return true;
	}
	return false;
}

static bool observe(struct oracle_count_tracker *t, const struct ui_tree *tree, const char *activity,
		    const struct action *done, struct oracle_finding *f)
{
	struct count_screen now;
	size_t slot;

	/* A list the page says it filters is not what its counts count: neither judged nor learned. */
	if (says_filtered(tree))
		return false;
	read_screen(tree, activity, &now);
	now.filters = toggles_on(t, activity)->filters;
	for (slot = 0; slot < t->n_screens; slot++)
		if (same_page(&t->screens[slot], &now))
			break;
	note_matches(t, &now);
	if (count_over_empty(t, &now, tree, f)) {
		screen_clear(&now);
		return true;
	}
	/*
	 * A broken sighting does not become the page's reference: the page
	 * seen broken again is reported again. A replay sees more screens
	 * than the run fed (a restart landing on the page right after the
	 * delete) and must still find it on its last step.
	 */
	if (slot < t->n_screens && compare(&t->screens[slot], &now, done, f)) {
		screen_clear(&now);
		return true;
	}
	if (slot == t->n_screens && t->n_screens < COUNT_MAX_SCREENS)
		t->n_screens++;
	else if (slot == t->n_screens)
		slot = t->next++ % COUNT_MAX_SCREENS;
	screen_clear(&t->screens[slot]);
	t->screens[slot] = now;
	return false;
}

/* Whether the action toggled a checkable widget: a check, or a click on a switch or box. */
static bool is_toggle(const struct action *done, const struct ui_tree *before)
{
	static const char *const shows[] = { "hide", "show", NULL };
	const struct ui_widget *w;

	if (!done)
		return false;
	if (done->type == ACTION_CHECK)
		return true;
	if (done->type != ACTION_CLICK || !before || !(w = action_resolve(done, before)))
		return false;
	/*
	 * A button outside the lists that hides or shows rows is a display
	 * option too (confsched's fixed twin, session 38: "Hide past sessions"
	 * left 2 of the 3 bookmarks under "Bookmarks (3)", and was reported).
	 */
	return w->checkable || (!inside_list(w) && oracle_label_begins_with(*w->text ? w->text : w->content_desc, shows));
}

/* Whether the action toggled a checkable widget that is in no list (a filter or display option, not a row's box). */
static bool toggled_outside_lists(const struct action *done, const struct ui_tree *before)
{
	const struct ui_widget *w = done && before ? action_resolve(done, before) : NULL;

	return w && is_toggle(done, before) && !inside_list(w);
}

bool oracle_count_step(struct oracle_count_tracker *t, const struct ui_tree *before, const char *activity_before,
		       const struct ui_tree *after, const char *activity_after, bool after_in_app,
		       const struct action *done, struct oracle_finding *f)
{
	/* In a dialog too: display options are often one. A settings page's switches are another activity's. */
	if (is_toggle(done, before) && activity_before) {
		struct count_toggles *on = toggles_on(t, activity_before);

		on->n++;
		on->filters += toggled_outside_lists(done, before);
	}
	if (!after || !after_in_app || oracle_screen_has_layer(after))
		return false;
	/*
	 * The run's first screen is only ever a `before`: seen too, since a
	 * count is judged once it matched its rows, and the launch screen is
	 * often the one place it did (contacts: "4 contacts" over 4 rows, a
	 * contact renamed and one deleted before the list shows again).
	 */
	if (!t->primed && before && activity_before && activity_after && oracle_same_package(activity_before, activity_after) &&
	    !oracle_screen_has_layer(before)) {
		struct oracle_finding none;

		oracle_finding_init(&none);
		observe(t, before, activity_before, NULL, &none);
		oracle_finding_release(&none);
	}
	t->primed = true;
	return observe(t, after, activity_after, done, f);
}

static void *count_tracker_new(void)
{
	return oracle_count_tracker_new();
}

static void count_tracker_free(void *t)
{
	oracle_count_tracker_free(t);
}

static bool count_track(void *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	return oracle_count_step(t, s->before, s->activity_before, s->after, s->activity_after, s->after_in_app,
				 s->done, f);
}

const struct oracle_kind oracle_kind_count = {
	.name = "count",
	.config_key = "oracles.count",
	.category = BUG_CAT_CALCULATION,
	.doc = "a label counting a list's rows or checked rows that was right and is wrong after the rows changed",
	.evidence = "the screen before the action, the label before and after, the rows counted",
	.flags = 0,
	.tracker_new = count_tracker_new,
	.tracker_free = count_tracker_free,
	.track = count_track,
};
