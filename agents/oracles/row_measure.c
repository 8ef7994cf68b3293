/*
 * row_measure.c - oracle "row_measure" (oracle 27): a measure a list row
 * shows for its item ("slatestarcodex.com · 71 min") given otherwise on
 * the item's own page ("11 min read"). Two views of one stored value must
 * agree (Genie's independent views, here a list and its detail page).
 *
 * A tap on a list row whose texts hold exactly one measure of a unit
 * (minutes, hours, km, miles, words, pages, KB/MB/GB; or a count of the
 * things a collection holds: songs, tracks, videos, episodes, items,
 * articles, notes, cards, photos, files, entries, books, recipes,
 * chapters, stations, members) that opens another
 * page (no dialog; the activity or the app-bar title changed) showing the
 * row's first text (the same item) is read: the page's texts outside any
 * list holding a measure of that unit. One of them equal to the row's
 * (rounded to the coarser of the two) calibrates the page's text (its
 * activity, unit and resource-id): the app shows the row's value there.
 * A later opening of another row whose page shows no text with the row's
 * value, and exactly one measure of the unit in a calibrated text, is the
 * finding (readlater `readlater-long-read-time-wraps`, wallabag ios-app #156: an
 * article of 71 min in the list says "11 min read" in the reading view;
 * music `music-playlist-count-stale`, VinylMusicPlayer #206: a playlist
 * that says "4 songs" on the Playlists tab after a song was added opens
 * on "5 songs").
 *
 * What is not read: a time relative to now or to a progress ("5 min ago",
 * "64 min left", "remaining", "to go"), a rate ("6 min/km", "12 km/h"), a
 * row with two measures of one unit (a range, a split), a page that does
 * not show the row's first text, and a calibrated text of another page.
 * One finding per item and unit.
 *
 * Since session 66 also scores and counts (points, votes, likes,
 * comments), and a stale row: a click on the item's page the row opened
 * changes the row's value in a calibrated text ("412 points" to "413
 * points" after Upvote), and Back shows the list with the item's row
 * (its first text) still at the old value (lemmy
 * `lemmy-feed-keeps-old-score`, jerboa #912).
 *
 * Since session 68 also bare counts (a row's lone number beside its name,
 * "Work" "7", against the page's "6 open, subtasks included": tasks
 * `tasks-list-count-not-updated`, Tasks.org #22) and labelled amounts (a
 * word then money, "Spent € 64.95", against the page's "Spent € 34.96":
 * ledger `ledger-budget-list-ignores-aggregate`, MyExpenses #1717). What
 * they stand for is less certain than a unit, so their page texts count
 * as calibrated only once two items' rows and pages agreed there. An
 * item's page may also name it in its app-bar title after ": " ("Budget:
 * Clothing").
 */
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "agents/action.h"
#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "core/xalloc.h"

#define RM_CALIBRATED 32 /* page texts seen agreeing with their rows */
#define RM_REPORTED 16   /* items reported */
#define RM_MEASURES 8    /* measures read in one row or page */

/* A measure remembered past its step: value, decimals, unit and how it was written. */
struct kept_measure {
	double value;
	int decimals;
	char unit[16];
	char shown[64];
};

struct oracle_row_measure_tracker {
	uint64_t calibrated[RM_CALIBRATED];
	size_t n_calibrated;
	/* Bare counts (unit "#") agreeing once, with the item they agreed for (its name's hash): a
	 * second item must agree too before the text counts as calibrated. */
	uint64_t half[RM_CALIBRATED], half_item[RM_CALIBRATED];
	size_t n_half;
	uint64_t reported[RM_REPORTED];
	size_t n_reported;
	/* The item page a row tap opened last: the row's first text, the page (activity and title),
	 * the row's measures; and a change of one of them made on that page (stale, the new text). */
	char open_name[128];
	uint64_t open_page;
	struct kept_measure open_row[RM_MEASURES];
	size_t n_open_row;
	bool changed;
	struct kept_measure was, now;
};

/* One measure read in a text: its value, decimals, canonical unit and where it stands. */
struct measure {
	double value;
	int decimals;
	const char *unit;
	char label[20];    /* a labelled amount's unit ("$spent"), which unit points to */
	const struct ui_widget *w;
	const char *begin; /* where it starts in w's text */
	size_t end;        /* the offset just past its unit */
	char shown[64];    /* "71 min" as the text writes it */
};

struct oracle_row_measure_tracker *oracle_row_measure_tracker_new(void)
{
	return xcalloc(1, sizeof(struct oracle_row_measure_tracker));
}

void oracle_row_measure_tracker_free(struct oracle_row_measure_tracker *t)
{
	free(t);
}

/* The canonical unit of the word at s (length n), or NULL: "mins" -> "min", "Miles" -> "mi". */
static const char *unit_of(const char *s, size_t n)
{
	static const char *const words[][2] = {
		{ "min", "min" }, { "mins", "min" }, { "minute", "min" }, { "minutes", "min" },
		{ "h", "h" },     { "hr", "h" },     { "hrs", "h" },      { "hour", "h" },     { "hours", "h" },
		{ "km", "km" },   { "mi", "mi" },    { "mile", "mi" },    { "miles", "mi" },   { "word", "word" },
		{ "words", "word" }, { "page", "page" }, { "pages", "page" }, { "kb", "kb" }, { "mb", "mb" },
		{ "gb", "gb" },
		/* Counts of the things a collection holds (music `music-playlist-count-stale`). */
		{ "song", "song" }, { "songs", "song" }, { "track", "track" }, { "tracks", "track" },
		{ "video", "video" }, { "videos", "video" }, { "episode", "episode" }, { "episodes", "episode" },
		{ "item", "item" }, { "items", "item" }, { "article", "article" }, { "articles", "article" },
		{ "note", "note" }, { "notes", "note" }, { "card", "card" }, { "cards", "card" },
		{ "photo", "photo" }, { "photos", "photo" }, { "file", "file" }, { "files", "file" },
		{ "entry", "entry" }, { "entries", "entry" }, { "book", "book" }, { "books", "book" },
		{ "recipe", "recipe" }, { "recipes", "recipe" }, { "chapter", "chapter" }, { "chapters", "chapter" },
		{ "station", "station" }, { "stations", "station" }, { "member", "member" }, { "members", "member" },
		/* Scores and counts a post's row and page both show (lemmy `lemmy-feed-keeps-old-score`). */
		{ "point", "point" }, { "points", "point" }, { "vote", "vote" }, { "votes", "vote" },
		{ "like", "like" }, { "likes", "like" }, { "comment", "comment" }, { "comments", "comment" },
	};

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strlen(words[i][0]) == n && !strncasecmp(s, words[i][0], n))
			return words[i][1];
	return NULL;
}

/* Whether the words after a measure make it relative: "ago", "left", "remaining", "to go", "late", "behind". */
static bool relative_after(const char *s)
{
	static const char *const words[] = { "ago", "left", "remaining", "to go", "late", "early", "behind",
					     "away", "elapsed", NULL };
	char low[64];

	while (*s == ' ')
		s++;
	oracle_lower_into(low, sizeof(low), s);
	for (int i = 0; words[i]; i++) {
		size_t n = strlen(words[i]);

		if (!strncmp(low, words[i], n) && !isalpha((unsigned char)low[n]))
			return true;
	}
	return false;
}

/*
 * The number at q - digits, thousands commas, one decimal point - read as
 * its digits (*v, not yet scaled) and how many of them follow the point
 * (*dec, -1 with no point); returns where it ends.
 */
static const char *scan_number(const char *q, double *v, int *dec)
{
	*v = 0;
	*dec = -1;
	for (; isdigit((unsigned char)*q) || ((*q == ',' || *q == '.') && isdigit((unsigned char)q[1])); q++) {
		if (*q == ',')
			continue;
		if (*q == '.') {
			if (*dec >= 0)
				break;
			*dec = 0;
			continue;
		}
		*v = *v * 10 + (*q - '0');
		if (*dec >= 0)
			(*dec)++;
	}
	return q;
}

/*
 * The measures of w's text into m (at most max; returns how many): a
 * number (digits, thousands commas, one decimal point) then a space and a
 * unit word, not part of a rate ('/' around it) or a relative time.
 */
static size_t read_measures(const struct ui_widget *w, struct measure *m, size_t n, size_t max)
{
	const char *s = w->text;

	for (const char *p = s; *p && n < max; p++) {
		const char *start = p, *q = p, *u;
		double v = 0;
		int dec = -1;
		size_t ul;

		if (!isdigit((unsigned char)*p) || (p > s && (isalnum((unsigned char)p[-1]) || p[-1] == '.' ||
							       p[-1] == ',' || p[-1] == '/' || p[-1] == ':')))
			continue;
		q = scan_number(q, &v, &dec);
		p = q - 1;
		if (*q != ' ')
			continue;
		u = q + 1;
		for (ul = 0; isalpha((unsigned char)u[ul]); ul++)
			;
		if (!ul || u[ul] == '/' || !unit_of(u, ul) || relative_after(u + ul))
			continue;
		v = dec > 0 ? v / pow(10, dec) : v;
		/* "1 h 11 min" is one duration: 71 min. */
		if (!strcmp(unit_of(u, ul), "min") && n > 0 && m[n - 1].w == w && !strcmp(m[n - 1].unit, "h") &&
		    m[n - 1].decimals == 0 && (size_t)(start - s) == m[n - 1].end + 1 && start[-1] == ' ') {
			m[n - 1].value = m[n - 1].value * 60 + v;
			m[n - 1].decimals = dec > 0 ? dec : 0;
			m[n - 1].unit = "min";
			m[n - 1].end = (size_t)(u + ul - s);
			snprintf(m[n - 1].shown, sizeof(m[n - 1].shown), "%.*s", (int)(u + ul - m[n - 1].begin),
				 m[n - 1].begin);
			p = u + ul - 1;
			continue;
		}
		m[n].value = v;
		m[n].decimals = dec > 0 ? dec : 0;
		m[n].unit = unit_of(u, ul);
		m[n].w = w;
		m[n].begin = start;
		m[n].end = (size_t)(u + ul - s);
		snprintf(m[n].shown, sizeof(m[n].shown), "%.*s", (int)(u + ul - start), start);
		p = u + ul - 1;
		n++;
	}
	return n;
}

/*
 * Bare counts (unit "#", since session 68): a row text that is only a
 * whole number of 1-4 digits ("5" beside a list's name), and a page text
 * outside lists that begins with one followed by a word that is no unit
 * and no relative time ("4 open, subtasks included"). They stand for the
 * same count only where two items' rows and pages were seen agreeing.
 */
static size_t read_bare_count(const struct ui_widget *w, bool page, struct measure *m, size_t n, size_t max)
{
	const char *s = w->text, *q = s;
	double v = 0;
	size_t ul;

	if (n >= max)
		return n;
	for (; isdigit((unsigned char)*q) && q - s < 5; q++)
		v = v * 10 + (*q - '0');
	if (q == s || q - s > 4)
		return n;
	if (!page) {
		if (*q)
			return n;
	} else {
		if (*q != ' ' || !isalpha((unsigned char)q[1]))
			return n;
		for (ul = 0; isalpha((unsigned char)q[1 + ul]); ul++)
			;
		if (unit_of(q + 1, ul) || relative_after(q + 1) || q[1 + ul] == '/')
			return n;
	}
	m[n].value = v;
	m[n].decimals = 0;
	m[n].unit = "#";
	m[n].w = w;
	m[n].begin = s;
	m[n].end = (size_t)(q - s);
	snprintf(m[n].shown, sizeof(m[n].shown), "%.*s", (int)(q - s), s);
	return n + 1;
}

/* The length of the currency mark at s ("€", "$", "EUR"...), 0 when none. */
static size_t currency_at(const char *s)
{
	static const char *const marks[] = { "$", "\u20ac", "\u00a3", "\u00a5", "EUR", "USD", "GBP", NULL };

	for (size_t k = 0; marks[k]; k++)
		if (!strncmp(s, marks[k], strlen(marks[k])))
			return strlen(marks[k]);
	return 0;
}

/*
 * Labelled amounts (unit "$" and the label lowered, since session 68): a
 * word of 3+ letters, then a money amount - a number with a currency mark
 * before or after it ("Spent € 64.95", "Left 12.00 EUR"): a budget's row
 * and its page both say what was spent. The label names which amount it
 * is, so row and page amounts are compared by label only.
 */
static size_t read_labelled_money(const struct ui_widget *w, struct measure *m, size_t n, size_t max)
{
	static const char *const skip[] = { "and", "the", "for", "from", "with", "per", "than", "about", NULL };
	const char *s = w->text;

	for (const char *p = s; *p && n < max; p++) {
		const char *word = p, *q, *num;
		size_t wl = 0, cur;
		bool mark;
		double v = 0;
		int dec = -1;
		char low[16];

		if (!isalpha((unsigned char)*p) || (p > s && isalnum((unsigned char)p[-1])))
			continue;
		while (isalpha((unsigned char)word[wl]))
			wl++;
		p = word + wl - 1;
		if (wl < 3 || wl >= sizeof(low) || word[wl] != ' ')
			continue;
		q = word + wl;
		while (*q == ' ')
			q++;
		mark = (cur = currency_at(q)) > 0;
		q += cur;
		while (*q == ' ')
			q++;
		if (*q == '-')
			q++;
		num = q;
		q = scan_number(q, &v, &dec);
		if (q == num || isalnum((unsigned char)*q) || v >= 1e12)
			continue;
		if (!mark) {
			const char *after = q;

			while (*after == ' ')
				after++;
			mark = currency_at(after) > 0;
			if (mark)
				q = after + currency_at(after);
		}
		for (size_t i = 0; i < wl; i++)
			low[i] = (char)tolower((unsigned char)word[i]);
		low[wl] = '\0';
		if (!mark || oracle_has_whole_word(low, skip))
			continue;
		m[n].value = (num > s && num[-1] == '-') ? -(dec > 0 ? v / pow(10, dec) : v)
							  : (dec > 0 ? v / pow(10, dec) : v);
		m[n].decimals = dec > 0 ? dec : 0;
		snprintf(m[n].label, sizeof(m[n].label), "$%s", low);
		m[n].unit = m[n].label;
		m[n].w = w;
		m[n].begin = word;
		m[n].end = (size_t)(q - s);
		snprintf(m[n].shown, sizeof(m[n].shown), "%.*s", (int)(q - word), word);
		p = q - 1;
		n++;
	}
	return n;
}

/* The bare counts and labelled amounts in the visible texts under w, outside lists for a page. */
static size_t counts_under(const struct ui_widget *w, const struct ui_rect *screen, bool page, struct measure *m,
				size_t n, size_t max)
{
	if (page && oracle_is_list(w))
		return n;
	if (*w->text && !ui_class_is_editable(w->class_name) && ui_widget_visible(w, screen)) {
		n = read_bare_count(w, page, m, n, max);
		n = read_labelled_money(w, m, n, max);
	}
	for (size_t i = 0; i < w->n_children && n < max; i++)
		n = counts_under(w->children[i], screen, page, m, n, max);
	return n;
}

/* Whether a and b (one unit) show one value: equal once rounded to the coarser of their decimals. */
static bool same_value(const struct measure *a, const struct measure *b)
{
	int d = a->decimals < b->decimals ? a->decimals : b->decimals;
	double scale = pow(10, d);

	return llround(a->value * scale) == llround(b->value * scale);
}

/* The measures in the visible texts under w (w itself included), outside lists when `outside_lists`. */
static size_t measures_under(const struct ui_widget *w, const struct ui_rect *screen, bool outside_lists,
			     struct measure *m, size_t n, size_t max)
{
	if (outside_lists && oracle_is_list(w))
		return n;
	if (*w->text && !ui_class_is_editable(w->class_name) && ui_widget_visible(w, screen))
		n = read_measures(w, m, n, max);
	for (size_t i = 0; i < w->n_children && n < max; i++)
		n = measures_under(w->children[i], screen, outside_lists, m, n, max);
	return n;
}

/*
 * Whether t shows, outside its lists, a visible text equal to name (the
 * item's page), or an app-bar title that ends with it after ": " ("Budget:
 * Clothing").
 */
static bool shows_name(const struct ui_tree *t, const char *name)
{
	const char *title = oracle_app_bar_title(t);
	size_t tl = title ? strlen(title) : 0, nl = strlen(name);

	if (tl > nl + 2 && !strcmp(title + tl - nl, name) && !strncmp(title + tl - nl - 2, ": ", 2))
		return true;
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		bool in_list = false;

		if (strcmp(w->text, name) || ui_class_is_editable(w->class_name) || !ui_widget_visible(w, &t->screen))
			continue;
		for (const struct ui_widget *p = w->parent; p && !in_list; p = p->parent)
			in_list = oracle_is_list(p);
		if (!in_list)
			return true;
	}
	return false;
}

/*
 * The name of the item row stands for on the page `after` opened: the
 * row's first text when the page shows it outside its lists, else the
 * first other text of the row (3+ bytes with a letter, no measure in it)
 * that the page shows (a post's row begins with "c/technology ·
 * kestrel@lemmy.world · 3h", its page repeats the title). NULL: none.
 */
static const char *item_name(const struct ui_tree *before, const struct ui_widget *row, const struct ui_tree *after)
{
	const char *first = oracle_first_text(row);

	if (strlen(first) >= 3 && strpbrk(first, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") &&
	    shows_name(after, first))
		return first;
	for (size_t i = row->order, end = ui_subtree_end(before, row); i < end; i++) {
		const struct ui_widget *w = before->nodes[i];
		struct measure m[2];

		if (strlen(w->text) < 3 || !strpbrk(w->text, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") ||
		    !ui_widget_visible(w, &before->screen) || read_measures(w, m, 0, 2))
			continue;
		if (shows_name(after, w->text))
			return w->text;
	}
	return NULL;
}

static uint64_t text_key(const char *activity, const char *unit, const char *rid)
{
	return oracle_hash_str(oracle_hash_str(oracle_hash_str(ORACLE_HASH_BASIS, activity), unit), rid) | 1;
}

static bool has_key(const uint64_t *keys, size_t n, size_t max, uint64_t k)
{
	for (size_t i = 0; i < n && i < max; i++)
		if (keys[i] == k)
			return true;
	return false;
}

/*
 * A bare count's page text agreeing with item name's row: true when
 * another item's agreed before (the text is calibrated), else remembered.
 */
static bool half_agrees(struct oracle_row_measure_tracker *t, uint64_t k, const char *name)
{
	uint64_t item = oracle_hash_str(ORACLE_HASH_BASIS, name);

	for (size_t i = 0; i < t->n_half && i < RM_CALIBRATED; i++)
		if (t->half[i] == k && t->half_item[i] != item)
			return true;
	t->half[t->n_half % RM_CALIBRATED] = k;
	t->half_item[t->n_half % RM_CALIBRATED] = item;
	t->n_half++;
	return false;
}

static void fill_finding(struct oracle_finding *f, const char *name, const struct measure *row,
			 const struct measure *page, const char *activity)
{
	oracle_finding_init(f);
	f->category = BUG_CAT_CALCULATION;
	f->oracle = "row_measure";
	f->title = xasprintf("'%s' shows '%s' in its list but '%s' on its page", name, row->shown, page->w->text);
	f->expected = xasprintf("the page of '%s' gives the list's %s", name, row->shown);
	f->actual = xasprintf("the page says \"%s\"", page->w->text);
	f->description = xasprintf("The row of '%s' says \"%s\"; a tap on it opened its page (%s), which gives no "
				   "%s but \"%s\" in the text where the app showed other rows' values as their rows "
				   "did. One of the two views computes the value wrongly.",
				   name, row->w->text, activity ? activity : "?", row->shown, page->w->text);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "row_measure");
	cJSON_AddStringToObject(f->diff, "row", row->w->text);
	cJSON_AddStringToObject(f->diff, "page", page->w->text);
	cJSON_AddStringToObject(f->diff, "unit", row->unit);
	{
		/* One bug per item and unit. */
		char *subject = xasprintf("row measure of %s in %s", name, row->unit);

		cJSON_AddStringToObject(f->diff, "subject", subject);
		free(subject);
	}
}

static void keep_measure(struct kept_measure *k, const struct measure *m)
{
	k->value = m->value;
	k->decimals = m->decimals;
	snprintf(k->unit, sizeof(k->unit), "%s", m->unit);
	snprintf(k->shown, sizeof(k->shown), "%s", m->shown);
}

/* A page: its activity and app-bar title. */
static uint64_t page_key(const struct ui_tree *t, const char *activity)
{
	const char *title = oracle_app_bar_title(t);

	return oracle_hash_str(oracle_hash_str(ORACLE_HASH_BASIS, activity ? activity : ""), title ? title : "") | 1;
}

/* Whether the value of m is the kept one (rounded to the coarser of the two). */
static bool same_kept(const struct kept_measure *k, const struct measure *m)
{
	struct measure a = { .value = k->value, .decimals = k->decimals };

	return same_value(&a, m);
}

/*
 * A click on the item's page the last row tap opened that changes, in a
 * calibrated text (one seen giving its row's value), the row's measure of
 * a unit to another value ("412 points" to "413 points" after Upvote):
 * remembered, for the Back that follows.
 */
static void note_page_change(struct oracle_row_measure_tracker *t, const struct oracle_tracked_step *s)
{
	struct measure pb[RM_MEASURES], pa[RM_MEASURES];
	size_t nb = 0, na = 0;

	for (size_t i = 0; i < s->before->n_roots; i++)
		nb = measures_under(s->before->roots[i], &s->before->screen, true, pb, nb, RM_MEASURES);
	for (size_t i = 0; i < s->after->n_roots; i++)
		na = measures_under(s->after->roots[i], &s->after->screen, true, pa, na, RM_MEASURES);
	for (size_t i = 0; i < na; i++)
		for (size_t j = 0; j < nb; j++) {
			const struct measure *a = &pa[i], *b = &pb[j];

			if (!*a->w->resource_id || strcmp(a->w->resource_id, b->w->resource_id) ||
			    strcmp(a->unit, b->unit) || same_value(a, b) ||
			    !has_key(t->calibrated, t->n_calibrated, RM_CALIBRATED,
				     text_key(s->activity_after, a->unit, a->w->resource_id)))
				continue;
			for (size_t k = 0; k < t->n_open_row; k++)
				if (!strcmp(t->open_row[k].unit, b->unit) && same_kept(&t->open_row[k], b)) {
					t->was = t->open_row[k];
					keep_measure(&t->now, a);
					t->changed = true;
					return;
				}
		}
}

/* The list row of t showing name, or NULL. */
static const struct ui_widget *row_named(const struct ui_tree *t, const char *name)
{
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i], *row;

		if (!strcmp(w->text, name) && ui_widget_visible(w, &t->screen) && (row = oracle_enclosing_row(w)))
			return row;
	}
	return NULL;
}

/*
 * Back from that page to a list whose row of the item (its first text)
 * still shows the old value of the changed measure, the only measure of
 * its unit in the row: the list kept a stale copy (lemmy
 * `lemmy-feed-keeps-old-score`, jerboa #912: an upvote on a post's page,
 * and the feed's row still says 412 points). True with *f.
 */
static bool stale_after_back(struct oracle_row_measure_tracker *t, const struct oracle_tracked_step *s,
			     struct oracle_finding *f)
{
	struct measure rm[RM_MEASURES];
	const struct ui_widget *row = row_named(s->after, t->open_name);
	const struct measure *old = NULL;
	size_t nr;
	uint64_t k;

	if (!row)
		return false;
	nr = measures_under(row, &s->after->screen, false, rm, 0, RM_MEASURES);
	for (size_t i = 0; i < nr; i++)
		if (!strcmp(rm[i].unit, t->was.unit)) {
			if (old)
				return false; /* two of the unit: a range, a split */
			old = &rm[i];
		}
	if (!old || !same_kept(&t->was, old))
		return false;
	k = oracle_hash_str(oracle_hash_str(oracle_hash_str(ORACLE_HASH_BASIS, "stale"), t->open_name), t->was.unit);
	if (has_key(t->reported, t->n_reported, RM_REPORTED, k))
		return false;
	if (t->n_reported < RM_REPORTED)
		t->reported[t->n_reported++] = k;
	oracle_finding_init(f);
	f->category = BUG_CAT_CALCULATION;
	f->oracle = "row_measure";
	f->title = xasprintf("'%s' still shows '%s' in its list after its page changed it to '%s'", t->open_name,
			     old->shown, t->now.shown);
	f->expected = xasprintf("the row of '%s' showing %s, as its page does", t->open_name, t->now.shown);
	f->actual = xasprintf("the row says \"%s\"", old->w->text);
	f->description = xasprintf("The page of '%s' changed its %s to %s; Back showed the list, whose row of '%s' "
				   "still says \"%s\". The list keeps a stale copy of the item.",
				   t->open_name, t->was.shown, t->now.shown, t->open_name, old->w->text);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "stale_row");
	cJSON_AddStringToObject(f->diff, "row", old->w->text);
	cJSON_AddStringToObject(f->diff, "page", t->now.shown);
	cJSON_AddStringToObject(f->diff, "unit", t->was.unit);
	{
		char *subject = xasprintf("stale row of %s in %s", t->open_name, t->was.unit);

		cJSON_AddStringToObject(f->diff, "subject", subject);
		free(subject);
	}
	return true;
}

bool oracle_row_measure_step(struct oracle_row_measure_tracker *t, const struct oracle_tracked_step *s,
			     struct oracle_finding *f)
{
	struct measure rm[RM_MEASURES], pm[RM_MEASURES];
	const struct ui_widget *tapped, *row;
	const char *name;
	size_t nr, np;

	if (!s->done || !s->before || !s->after || !s->after_in_app || oracle_screen_has_layer(s->before) ||
	    oracle_screen_has_layer(s->after)) {
		if (s->after && !oracle_screen_has_layer(s->after))
			t->open_page = 0; /* left the app, or a step without a screen */
		return false;
	}
	if (t->open_page && page_key(s->before, s->activity_before) == t->open_page) {
		bool stays = page_key(s->after, s->activity_after) == t->open_page;

		if (stays && (s->done->type == ACTION_CLICK || s->done->type == ACTION_CHECK))
			note_page_change(t, s);
		if (!stays) {
			bool hit = s->done->type == ACTION_BACK && t->changed && stale_after_back(t, s, f);

			t->open_page = 0;
			t->changed = false;
			if (hit)
				return true;
		}
	}
	if (s->done->type != ACTION_CLICK)
		return false;
	tapped = action_resolve(s->done, s->before);
	row = tapped ? oracle_enclosing_row(tapped) : NULL;
	if (!row || tapped->checkable)
		return false;
	if (oracle_same_activity(s->activity_before, s->activity_after) && oracle_same_title(s->before, s->after))
		return false;
	name = item_name(s->before, row, s->after);
	if (!name)
		return false;
	nr = measures_under(row, &s->before->screen, false, rm, 0, RM_MEASURES);
	nr = counts_under(row, &s->before->screen, false, rm, nr, RM_MEASURES);
	snprintf(t->open_name, sizeof(t->open_name), "%s", name);
	t->open_page = page_key(s->after, s->activity_after);
	t->changed = false;
	t->n_open_row = nr;
	for (size_t i = 0; i < nr; i++)
		keep_measure(&t->open_row[i], &rm[i]);
	np = 0;
	for (size_t i = 0; i < s->after->n_roots; i++)
		np = measures_under(s->after->roots[i], &s->after->screen, true, pm, np, RM_MEASURES);
	for (size_t i = 0; i < s->after->n_roots; i++)
		np = counts_under(s->after->roots[i], &s->after->screen, true, pm, np, RM_MEASURES);
	for (size_t i = 0; i < nr; i++) {
		const struct measure *r = &rm[i];
		const struct measure *only = NULL;
		size_t of_unit = 0, in_row = 0;
		bool agrees = false;

		for (size_t j = 0; j < nr; j++)
			in_row += !strcmp(rm[j].unit, r->unit);
		if (in_row != 1)
			continue;
		for (size_t j = 0; j < np; j++) {
			if (strcmp(pm[j].unit, r->unit))
				continue;
			of_unit++;
			only = &pm[j];
			if (same_value(r, &pm[j]) && *pm[j].w->resource_id) {
				uint64_t k = text_key(s->activity_after, r->unit, pm[j].w->resource_id);

				agrees = true;
				if (!has_key(t->calibrated, t->n_calibrated, RM_CALIBRATED, k) &&
				    ((strcmp(r->unit, "#") && r->unit[0] != '$') || half_agrees(t, k, name)))
					t->calibrated[t->n_calibrated++ % RM_CALIBRATED] = k;
			}
		}
		if (agrees || of_unit != 1 || !*only->w->resource_id ||
		    !has_key(t->calibrated, t->n_calibrated, RM_CALIBRATED,
			     text_key(s->activity_after, r->unit, only->w->resource_id)))
			continue;
		{
			uint64_t k = oracle_hash_str(oracle_hash_str(ORACLE_HASH_BASIS, name), r->unit);

			if (has_key(t->reported, t->n_reported, RM_REPORTED, k))
				continue;
			if (t->n_reported < RM_REPORTED)
				t->reported[t->n_reported++] = k;
		}
		fill_finding(f, name, r, only, s->activity_after);
		return true;
	}
	return false;
}

static void *row_measure_tracker_new(void)
{
	return oracle_row_measure_tracker_new();
}

static void row_measure_tracker_free(void *t)
{
	oracle_row_measure_tracker_free(t);
}

static bool row_measure_track(void *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	return oracle_row_measure_step(t, s, f);
}

const struct oracle_kind oracle_kind_row_measure = {
	.name = "row_measure",
	.config_key = "oracles.row_measure",
	.category = BUG_CAT_CALCULATION,
	.doc = "a measure a list row shows for its item (\"71 min\") given otherwise on the page the row opens, "
	       "where that page was seen giving other rows' values as their rows did",
	.evidence = "the screens before and after the tap on the row; the row's text and the page's",
	.flags = 0,
	.tracker_new = row_measure_tracker_new,
	.tracker_free = row_measure_tracker_free,
	.track = row_measure_track,
};
