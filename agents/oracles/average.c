/*
 * average.c - oracle 52 "average": an average over a date range that says
 * how many values it averages ("Weekly average (24 - 30 Nov)", "Weight
 * 81.6 kg · 4 measurements") while the list the run saw last shows exactly
 * that many dated values of the same unit in the range, whose mean is
 * another number (scale `scale-weekly-average-shows-last`, openScale #422:
 * the weekly average showed the last measurement instead). Genie's
 * independent views: a list and the summary computed from it.
 *
 * A tracker. A screen of the app without a dialog whose list rows each
 * hold a date ("Mon 30 Nov 2026, 09:40": a day of the month and a month
 * name, in either order) and a measure ("82.5 kg · BMI 25.5": the first
 * number followed by a unit word) is kept when two or more rows do: the
 * values, their dates (month and day) and units. It is forgotten by a step
 * that may change the data: typing, a long press, a tap in a dialog, or a
 * tap whose label names a change (save, add, delete, import...).
 *
 * An average is a visible text, outside any list, that names an average
 * (average, avg, mean) and a date range ("24 – 30 Nov", "28 Nov – 4 Dec",
 * "1 Nov - 30 Nov"), with its value in the same text or in one of the next
 * three texts of the page: a number and a unit word, and a count ("4
 * measurements": a whole number and a word that is no unit). It is judged
 * when the kept rows of that unit dated in the range are exactly that many
 * (two or more; a list scrolled past some of them, or a value added since,
 * counts another number) and their mean differs from the value by more than
 * one unit of the value's last digit. A range across the new year is not
 * read. One report per average text.
 *
 * Blind: an average of values the list does not show (another screen, a
 * scrolled part), one without a count, weighted or per-day averages, ranges
 * written with numbers only ("24/11 - 30/11").
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

enum { AV_ROWS = 64, AV_UNIT = 12, AV_REPORTED = 16, AV_LOOKAHEAD = 3 };

/* One dated value of the list: month*100 + day, the value and its unit (lowered). */
struct av_row {
	int date;
	double value;
	char unit[AV_UNIT];
};

struct oracle_average_tracker {
	struct av_row rows[AV_ROWS];
	size_t n_rows;           /* 0: no list kept */
	char list_title[128];    /* the app-bar title of the page the rows were read on */
	uint64_t reported[AV_REPORTED];
	size_t n_reported;
};

struct oracle_average_tracker *oracle_average_tracker_new(void)
{
	return xcalloc(1, sizeof(struct oracle_average_tracker));
}

void oracle_average_tracker_free(struct oracle_average_tracker *t)
{
	free(t);
}

/* The month (1-12) of the word at s: a month's name or its first three letters; 0 when none. */
static int month_at(const char *s, const char **end)
{
	static const char *const names[] = { "january", "february", "march",     "april",   "may",      "june",
					     "july",    "august",   "september", "october", "november", "december" };
	size_t n = 0;

	while (isalpha((unsigned char)s[n]))
		n++;
	if (n < 3)
		return 0;
	for (int m = 0; m < 12; m++)
		if ((n == 3 && !strncasecmp(s, names[m], 3)) ||
		    (n == 4 && !strncasecmp(s, "sept", 4) && m == 8) ||
		    (n == strlen(names[m]) && !strncasecmp(s, names[m], n))) {
			*end = s + n;
			return m + 1;
		}
	return 0;
}

/* A day of the month (1-31) at s, not part of a longer number; 0 when none. */
static int day_at(const char *s, const char **end)
{
	int d = 0, n = 0;

	while (isdigit((unsigned char)s[n]) && n < 3)
		d = d * 10 + (s[n++] - '0');
	if (!n || n > 2 || isdigit((unsigned char)s[n]) || s[n] == '.' || s[n] == ':' || s[n] == '/' || d < 1 ||
	    d > 31)
		return 0;
	*end = s + n;
	return d;
}

static const char *skip_spaces(const char *s)
{
	while (*s == ' ' || !strncmp(s, "\u00a0", 2))
		s += *s == ' ' ? 1 : 2;
	return s;
}

/*
 * A date at s as month*100 + day: "30 Nov", "30. Nov", "Nov 30" (the
 * month's name may be followed by a comma before the year, which is not
 * read). With only_day, a bare day is read too (*month 0), the start of a
 * range whose month comes at its end ("24 – 30 Nov"). 0 when none.
 */
static int date_at(const char *s, const char **end, bool only_day, int *day_only)
{
	const char *p, *q;
	int d, m;

	*day_only = 0;
	if ((d = day_at(s, &p))) {
		q = skip_spaces(*p == '.' ? p + 1 : p);
		if ((m = month_at(q, end)))
			return m * 100 + d;
		if (only_day) {
			*day_only = d;
			*end = p;
		}
		return 0;
	}
	if ((m = month_at(s, &p)) && (d = day_at(skip_spaces(p), end)))
		return m * 100 + d;
	return 0;
}

/* The first date in text (month*100 + day), or 0. */
static int first_date(const char *text)
{
	for (const char *s = text; *s; s++) {
		const char *end;
		int day_only, k;

		if (s > text && isalnum((unsigned char)s[-1]))
			continue;
		if ((k = date_at(s, &end, false, &day_only)))
			return k;
	}
	return 0;
}

/* A range separator at s (spaces, then -, en or em dash, or "to", then spaces); *end past it. */
static bool range_sep(const char *s, const char **end)
{
	s = skip_spaces(s);
	if (*s == '-')
		s++;
	else if (!strncmp(s, "\u2013", 3) || !strncmp(s, "\u2014", 3))
		s += 3;
	else if (!strncasecmp(s, "to ", 3))
		s += 2;
	else
		return false;
	*end = skip_spaces(s);
	return true;
}

/* The first date range in text into *from, *to (month*100 + day, from <= to); false when none. */
static bool date_range(const char *text, int *from, int *to)
{
	for (const char *s = text; *s; s++) {
		const char *p, *q, *end;
		int a, b, day_only, unused;

		if (s > text && isalnum((unsigned char)s[-1]))
			continue;
		a = date_at(s, &p, true, &day_only);
		if (!a && !day_only)
			continue;
		if (!range_sep(p, &q) || !(b = date_at(q, &end, false, &unused)))
			continue;
		if (!a)
			a = (b / 100) * 100 + day_only;
		if (a > b)
			return false; /* across the new year, or not a range */
		*from = a;
		*to = b;
		return true;
	}
	return false;
}

/* Words after a number that make it a count, not a measure. */
static bool unit_word(const char *low)
{
	static const char *const words[] = { "kg", "g", "lb", "lbs", "st", "oz", "km", "mi", "m", "cm", "ft", "in",
					     "l", "ml", "gal", "kcal", "cal", "kj", "bpm", "mmhg", "min", "h",
					     "hr", "hrs", "%", "mpg", "kwh", "steps", "step", NULL };

	for (size_t i = 0; words[i]; i++)
		if (!strcmp(low, words[i]))
			return true;
	return false;
}

/*
 * The first measure of text: a number (digits, one '.' or ',' decimal
 * mark) followed by a space and a unit word. Its value, the digits after
 * its mark in *decimals, its unit lowered into unit. False when none.
 */
static bool first_measure(const char *text, double *value, int *decimals, char *unit, size_t size)
{
	for (const char *s = text; *s; s++) {
		const char *p = s, *u;
		char num[32], low[AV_UNIT + 1];
		size_t n = 0, k = 0;
		int dec = -1;

		if (!isdigit((unsigned char)*s) || (s > text && (isalnum((unsigned char)s[-1]) || s[-1] == '.' ||
								   s[-1] == ',' || s[-1] == ':')))
			continue;
		while ((isdigit((unsigned char)*p) || ((*p == '.' || *p == ',') && dec < 0 &&
							isdigit((unsigned char)p[1]))) && n + 1 < sizeof(num)) {
			if (*p == '.' || *p == ',') {
				dec = 0;
				num[n++] = '.';
			} else {
				num[n++] = *p;
				if (dec >= 0)
					dec++;
			}
			p++;
		}
		num[n] = '\0';
		if (*p != ' ')
			continue;
		u = p + 1;
		while (u[k] && (isalpha((unsigned char)u[k]) || u[k] == '%') && k < AV_UNIT)
			low[k] = (char)tolower((unsigned char)u[k]), k++;
		low[k] = '\0';
		if (!k || k >= AV_UNIT || isalpha((unsigned char)u[k]) || !unit_word(low))
			continue;
		if (k >= size)
			continue;
		memcpy(unit, low, k + 1);
		*value = strtod(num, NULL);
		*decimals = dec < 0 ? 0 : dec;
		return true;
	}
	return false;
}

/* A count in text: a whole number (2-5 digits at most 99999) then a space and a word of letters that is no unit. */
static long count_in(const char *text)
{
	for (const char *s = text; *s; s++) {
		const char *p = s;
		char low[AV_UNIT + 1];
		long n = 0;
		size_t k = 0;

		if (!isdigit((unsigned char)*s) || (s > text && (isalnum((unsigned char)s[-1]) || s[-1] == '.' ||
								   s[-1] == ',')))
			continue;
		while (isdigit((unsigned char)*p) && n < 100000)
			n = n * 10 + (*p++ - '0');
		if (isdigit((unsigned char)*p) || *p == '.' || *p == ',' || p[0] != ' ')
			continue;
		p++;
		while (isalpha((unsigned char)p[k]) && k < AV_UNIT)
			low[k] = (char)tolower((unsigned char)p[k]), k++;
		low[k] = '\0';
		if (k >= 3 && !isalpha((unsigned char)p[k]) && !unit_word(low))
			return n;
	}
	return -1;
}

/* Whether the lowered text names an average. */
static bool names_average(const char *text)
{
	static const char *const words[] = { "average", "avg", "mean", "ø", NULL };
	char low[256];

	oracle_lower_into(low, sizeof(low), text);
	return oracle_has_whole_word(low, words);
}

/* Whether a step may have changed the data a kept list shows. */
static bool may_change_data(const struct oracle_tracked_step *s)
{
	static const char *const words[] = { "save", "add", "new", "create", "delete", "remove", "edit", "update",
					     "import", "restore", "undo", "clear", "reset", "ok", "apply", "done",
					     "confirm", "yes", "sync", "merge", "switch", NULL };
	const struct action *a = s->done;
	char label[256], low[256];

	if (!a)
		return false;
	if (a->type == ACTION_INPUT || a->type == ACTION_LONG_CLICK || a->type == ACTION_DEEP_LINK ||
	    a->type == ACTION_START_ACTIVITY || a->type == ACTION_ENTER || (a->type == ACTION_RESTART && a->clear_data))
		return true;
	if (a->type != ACTION_CLICK && a->type != ACTION_CHECK)
		return false;
	if (!s->before || oracle_screen_has_layer(s->before))
		return true;
	oracle_action_label(s->before, a, label, sizeof(label));
	oracle_lower_into(low, sizeof(low), label);
	return oracle_has_whole_word(low, words);
}

/* Keeps the dated values of t's list rows when two or more rows have one. */
static void read_rows(struct oracle_average_tracker *t, const struct ui_tree *tree)
{
	struct av_row rows[AV_ROWS];
	size_t n = 0;
	const char *title;

	for (size_t i = 0; i < tree->n_nodes && n < AV_ROWS; i++) {
		const struct ui_widget *row = tree->nodes[i];
		int date = 0, dec;
		bool has_measure = false;
		double v = 0;
		char unit[AV_UNIT];

		if (!row->parent || !oracle_is_list(row->parent) || !ui_widget_visible(row, &tree->screen))
			continue;
		for (size_t j = i, end = ui_subtree_end(tree, row); j < end; j++) {
			const struct ui_widget *w = tree->nodes[j];

			if (!w->text[0] || !ui_widget_visible(w, &tree->screen))
				continue;
			if (!date)
				date = first_date(w->text);
			if (!has_measure && first_measure(w->text, &v, &dec, unit, sizeof(unit)) && !first_date(w->text))
				has_measure = true;
		}
		if (date && has_measure) {
			rows[n].date = date;
			rows[n].value = v;
			snprintf(rows[n].unit, sizeof(rows[n].unit), "%s", unit);
			n++;
		}
	}
	if (n < 2)
		return;
	memcpy(t->rows, rows, n * sizeof(rows[0]));
	t->n_rows = n;
	title = oracle_app_bar_title(tree);
	snprintf(t->list_title, sizeof(t->list_title), "%s", title ? title : "");
}

static bool reported(struct oracle_average_tracker *t, uint64_t key, bool mark)
{
	for (size_t i = 0; i < t->n_reported; i++)
		if (t->reported[i] == key)
			return true;
	if (mark && t->n_reported < AV_REPORTED)
		t->reported[t->n_reported++] = key;
	return false;
}

/* The value text of the average named by tree->nodes[i]: its own text or one of the next texts. */
static const struct ui_widget *value_of(const struct ui_tree *tree, size_t i, double *v, int *dec, char *unit,
					size_t size, long *count)
{
	size_t seen = 0;

	for (size_t j = i; j < tree->n_nodes && seen <= AV_LOOKAHEAD; j++) {
		const struct ui_widget *w = tree->nodes[j];

		if (!w->text[0] || !ui_widget_visible(w, &tree->screen))
			continue;
		if (j > i && (names_average(w->text) || ui_widget_in_list(w)))
			return NULL;
		seen++;
		if (first_measure(w->text, v, dec, unit, size) && (*count = count_in(w->text)) >= 2)
			return w;
	}
	return NULL;
}

bool oracle_average_step(struct oracle_average_tracker *t, const struct oracle_tracked_step *s,
			 struct oracle_finding *f)
{
	const struct ui_tree *after = s->after;

	if (may_change_data(s))
		t->n_rows = 0;
	if (!after || !s->after_in_app || oracle_screen_has_layer(after))
		return false;
	read_rows(t, after);
	if (!t->n_rows)
		return false;
	for (size_t i = 0; i < after->n_nodes; i++) {
		const struct ui_widget *w = after->nodes[i], *vw;
		int from = 0, to = 0, dec = 0;
		double v, sum = 0, mean;
		char unit[AV_UNIT];
		long count, in_range = 0;
		uint64_t key;

		if (!w->text[0] || strlen(w->text) > 160 || ui_widget_in_list(w) ||
		    !ui_widget_visible(w, &after->screen) || !names_average(w->text) || !date_range(w->text, &from, &to))
			continue;
		vw = value_of(after, i, &v, &dec, unit, sizeof(unit), &count);
		if (!vw)
			continue;
		for (size_t r = 0; r < t->n_rows; r++)
			if (t->rows[r].date >= from && t->rows[r].date <= to && !strcmp(t->rows[r].unit, unit)) {
				sum += t->rows[r].value;
				in_range++;
			}
		if (in_range != count || count < 2)
			continue;
		mean = sum / (double)count;
		if (fabs(mean - v) <= pow(10, -dec) + 1e-9)
			continue;
		key = oracle_hash_str(oracle_hash_str(0, w->text), s->activity_after ? s->activity_after : "");
		if (reported(t, key, true))
			continue;
		oracle_finding_init(f);
		f->oracle = "average";
		f->category = BUG_CAT_CALCULATION;
		/* The title names no number: the values move with the data, the miscount stays. */
		f->title = xasprintf("'%s' is not the mean of the values the list shows in its range", w->text);
		f->expected = xasprintf("the mean of the %ld values in %s's list dated in the range: %.*f %s", count,
					t->list_title[0] ? t->list_title : "the", dec + 1, mean, unit);
		f->actual = xasprintf("\"%s\"", vw->text);
		f->description = xasprintf("The list%s%s%s showed %ld values in %s dated in the range of '%s', which "
					   "average %.*f %s; the average says \"%s\". No step since could have changed "
					   "the values.",
					   t->list_title[0] ? " '" : "", t->list_title, t->list_title[0] ? "'" : "",
					   count, unit, w->text, dec + 1, mean, unit, vw->text);
		f->diff = cJSON_CreateObject();
		cJSON_AddStringToObject(f->diff, "check", "average");
		{
			char *subject = xasprintf("average '%s'", w->text);

			cJSON_AddStringToObject(f->diff, "subject", subject);
			free(subject);
		}
		cJSON_AddItemToObject(f->diff, "average", oracle_widget_json(w));
		cJSON_AddItemToObject(f->diff, "value", oracle_widget_json(vw));
		cJSON_AddNumberToObject(f->diff, "mean", mean);
		cJSON_AddNumberToObject(f->diff, "values", (double)count);
		return true;
	}
	return false;
}

static void *average_tracker_new(void)
{
	return oracle_average_tracker_new();
}

static void average_tracker_free(void *t)
{
	oracle_average_tracker_free(t);
}

static bool average_track(void *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	return oracle_average_step(t, s, f);
}

const struct oracle_kind oracle_kind_average = {
	.name = "average",
	.config_key = "oracles.average",
	.category = BUG_CAT_CALCULATION,
	.doc = "an average over a date range that counts N values, while the list seen last shows exactly N dated "
	       "values of its unit in the range whose mean is another number",
	.evidence = "the list's screen, then the average's",
	.flags = 0,
	.tracker_new = average_tracker_new,
	.tracker_free = average_tracker_free,
	.track = average_track,
};
