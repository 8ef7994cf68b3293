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

struct oracle_row_measure_tracker {
	uint64_t calibrated[RM_CALIBRATED];
	size_t n_calibrated;
	uint64_t reported[RM_REPORTED];
	size_t n_reported;
};

/* One measure read in a text: its value, decimals, canonical unit and where it stands. */
struct measure {
	double value;
	int decimals;
	const char *unit;
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
		for (; isdigit((unsigned char)*q) || ((*q == ',' || *q == '.') && isdigit((unsigned char)q[1])); q++) {
			if (*q == ',')
				continue;
			if (*q == '.') {
				if (dec >= 0)
					break;
				dec = 0;
				continue;
			}
			v = v * 10 + (*q - '0');
			if (dec >= 0)
				dec++;
		}
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

/* Whether t shows, outside its lists, a visible text equal to name (the item's page). */
static bool shows_name(const struct ui_tree *t, const char *name)
{
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

bool oracle_row_measure_step(struct oracle_row_measure_tracker *t, const struct oracle_tracked_step *s,
			     struct oracle_finding *f)
{
	struct measure rm[RM_MEASURES], pm[RM_MEASURES];
	const struct ui_widget *tapped, *row;
	const char *name;
	size_t nr, np;

	if (!s->done || s->done->type != ACTION_CLICK || !s->before || !s->after || !s->after_in_app ||
	    oracle_screen_has_layer(s->before) || oracle_screen_has_layer(s->after))
		return false;
	tapped = action_resolve(s->done, s->before);
	row = tapped ? oracle_enclosing_row(tapped) : NULL;
	if (!row || tapped->checkable)
		return false;
	name = oracle_first_text(row);
	if (strlen(name) < 3 || !strpbrk(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"))
		return false;
	if (oracle_same_activity(s->activity_before, s->activity_after) && oracle_same_title(s->before, s->after))
		return false;
	if (!shows_name(s->after, name))
		return false;
	nr = measures_under(row, &s->before->screen, false, rm, 0, RM_MEASURES);
	np = 0;
	for (size_t i = 0; i < s->after->n_roots; i++)
		np = measures_under(s->after->roots[i], &s->after->screen, true, pm, np, RM_MEASURES);
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
				if (!has_key(t->calibrated, t->n_calibrated, RM_CALIBRATED, k))
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
