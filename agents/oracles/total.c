/*
 * total.c - oracle "total" (oracle 12): a money total shown with the rows
 * it sums and not equal to them, or a total/balance that does not move by
 * the amount of the one row just added or deleted (oracle_total_wrong in
 * agents/oracle.h), on the same screen or when the total comes back after
 * other pages (an expense deleted on its own page: oracle_total_step keeps
 * the last total seen), or a total on one page that did not move at all
 * after a change on another page (a row with an amount added or deleted, a
 * row whose state the count names changed; issue 18, "Totals followed
 * across pages" below), or a total of another tab's rows that parted from
 * them ("Totals of another tab" below), or an Undo on a list row that leaves a number as
 * the tap before made it; and a total of data sizes ("Maps use 368 MB")
 * beside the whole list of stored items it sums (property (a) only,
 * "Data sizes" below). The Explorer feeds each step to the tracker;
 * replay confirmation feeds every replayed step to a fresh one.
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
#include "agents/brain.h"
#include "agents/oracle.h"
#include "agents/oracles/oracle_kind.h"
#include "agents/oracles/oracles_internal.h"
#include "agents/replay.h"
#include "agents/rundir.h"
#include "core/xalloc.h"

#define TOTAL_MAX_COLS 8
#define TOTAL_UNIT_MAX 12

/* A total label found on a screen. */
struct total_label {
	const struct ui_widget *w; /* the widget whose text names the total */
	const char *text;          /* the text naming it: w's, or the part of it (part) */
	const char *value_text;    /* the text the value was read from */
	double value;
	bool sum_word;             /* "total", "subtotal", "sum", "spent" (not "balance") */
	char unit[TOTAL_UNIT_MAX]; /* "$" for money, else the unit the value is written in ("s", "km") */
	char part[128];            /* "Total € -984.41" of "Expenses € 1016.65 · Total € -984.41" */
};

/* The currency signs and codes a money amount is written with. */
static const char *const currency_marks[] = { "$", "\u20ac", "\u00a3", "\u00a5", "EUR", "USD", NULL };

/*
 * The number starting at p (a leading '-' just before it, or before a
 * sign before it, counts; thousands commas skipped) into *out; false when
 * it is longer than a buffer holds or past what a double adds up to the
 * cent (a probe typed 120 digits). *two_decimals: written with exactly two.
 */
static bool read_number(const char *s, const char *p, double *out, bool *two_decimals)
{
	char num[64];
	size_t n = 0;
	const char *q = p, *dot;

	if (p > s && (p[-1] == '-' || (p > s + 1 && p[-1] == '$' && p[-2] == '-')))
		num[n++] = '-';
	for (; *q && n + 1 < sizeof(num); q++) {
		if (isdigit((unsigned char)*q) || (*q == '.' && isdigit((unsigned char)q[1])))
			num[n++] = *q;
		else if (*q == ',' && isdigit((unsigned char)q[1]) && isdigit((unsigned char)q[2]) &&
			 isdigit((unsigned char)q[3]))
			continue;
		else
			break;
	}
	num[n] = '\0';
	dot = strchr(num, '.');
	*two_decimals = dot && strlen(dot + 1) == 2;
	*out = strtod(num, NULL);
	return !isdigit((unsigned char)*q) && fabs(*out) < 1e12;
}

/*
 * The start of the number a currency mark of s is written against: right
 * after it ("$12.50", "\u20ac 7.50") or right before it ("7.50 \u20ac",
 * "4.00 EUR"); NULL when no mark touches a number.
 */
static const char *number_at_mark(const char *s)
{
	for (size_t k = 0; currency_marks[k]; k++) {
		size_t len = strlen(currency_marks[k]);

		for (const char *m = strstr(s, currency_marks[k]); m; m = strstr(m + 1, currency_marks[k])) {
			const char *after = m + len, *before = m;

			if (*after == ' ')
				after++;
			if (*after == '-')
				after++;
			if (isdigit((unsigned char)*after))
				return after;
			if (before > s && before[-1] == ' ')
				before--;
			if (before > s && isdigit((unsigned char)before[-1])) {
				while (before > s && (isdigit((unsigned char)before[-1]) || before[-1] == '.' ||
						      (before[-1] == ',' && before - 1 > s && isdigit((unsigned char)before[-2]))))
					before--;
				return before;
			}
		}
	}
	return NULL;
}

/*
 * A money amount in s: a number written against a currency sign or code
 * ("$12.50", "-4.00 EUR"; in "0 h 10 min \u00b7 \u20ac7.50" the 7.50, not
 * the 0), else the first number when it has two decimals ("1,250.00");
 * false when none.
 */
bool oracle_parse_money(const char *s, double *out)
{
	bool currency = false, two;
	const char *at = number_at_mark(s);

	if (at)
		return read_number(s, at, out, &two);
	for (size_t k = 0; currency_marks[k] && !currency; k++)
		currency = strstr(s, currency_marks[k]) != NULL;
	for (const char *p = s; *p; p++) {
		if (!isdigit((unsigned char)*p))
			continue;
		if (!read_number(s, p, out, &two) || (!currency && !two))
			return false;
		return true;
	}
	return false;
}

/* Units a summed quantity is written in: durations, distances, weights, volumes, energy, points. */
static const char *const sum_units[] = {
	"s", "sec", "secs", "seconds", "min", "mins", "minutes", "h", "hr", "hrs", "hours",
	"km", "mi", "m", "miles", "kg", "g", "lb", "lbs", "oz", "l", "ml", "kcal", "cal", "pts", "points", "steps",
	NULL,
};

/*
 * The one number of s followed by a unit of sum_units ("Total: 66 s",
 * "4.25 km"); false otherwise (a time "3:05", "2 of 5", several numbers).
 */
static bool parse_unit_quantity(const char *s, double *out, char unit[TOTAL_UNIT_MAX])
{
	const char *num = NULL, *p;
	char tok[TOTAL_UNIT_MAX];
	size_t n = 0;

	for (p = s; *p; p++) {
		if (!isdigit((unsigned char)*p) || (p > s && (isdigit((unsigned char)p[-1]) || p[-1] == '.')))
			continue;
		if (num)
			return false; /* a second number */
		num = p;
	}
	if (!num || (num > s && (isalpha((unsigned char)num[-1]) || num[-1] == ':')))
		return false;
	*out = strtod(num, (char **)&p);
	if (*p == ':' || *p == '/' || fabs(*out) >= 1e12)
		return false;
	if (*p == ' ')
		p++;
	while (isalpha((unsigned char)*p) && n + 1 < sizeof(tok))
		tok[n++] = (char)tolower((unsigned char)*p++);
	tok[n] = '\0';
	if (!n || isalpha((unsigned char)*p))
		return false;
	for (size_t k = 0; sum_units[k]; k++)
		if (!strcmp(tok, sum_units[k])) {
			snprintf(unit, TOTAL_UNIT_MAX, "%s", tok);
			return true;
		}
	return false;
}

/* A quantity in s: in a unit of sum_units, else money (unit "$"). */
static bool parse_amount(const char *s, double *out, char unit[TOTAL_UNIT_MAX])
{
	if (parse_unit_quantity(s, out, unit))
		return true;
	if (oracle_parse_money(s, out)) {
		snprintf(unit, TOTAL_UNIT_MAX, "$");
		return true;
	}
	return false;
}

/* Lowered copy of s into buf. */
static void lower_copy(char *buf, size_t n, const char *s)
{
	size_t i = 0;

	for (; s && *s && i + 1 < n; s++)
		buf[i++] = (char)tolower((unsigned char)*s);
	buf[i] = '\0';
}

/* Whether w is, or sits inside, a list row. */
static bool in_row(const struct ui_widget *w)
{
	return oracle_enclosing_row(w) != NULL;
}

/*
 * The first total label of t: a visible text outside list rows that starts
 * with "total", "subtotal", "sum", "spent" or "balance" and carries a money
 * amount, in its own text or in the next text beside it ("Total" "$12.00").
 */
/*
 * A total written as one part of a line of parts split by " · " ("Expenses
 * € 1016.65 · Total € -984.41": ledger's month page), the part starting
 * with a sum word and holding a money amount: into out (its part), true.
 */
static bool total_part(const struct ui_widget *w, const char *const *sum_words, struct total_label *out)
{
	static const char dot[] = " \u00b7 ";
	const char *p = strstr(w->text, dot);

	while (p) {
		const char *start = p + strlen(dot), *end = strstr(start, dot);
		size_t len = end ? (size_t)(end - start) : strlen(start);
		char low[sizeof(out->part)];

		p = end;
		if (len >= sizeof(out->part))
			continue;
		memset(out, 0, sizeof(*out));
		memcpy(out->part, start, len);
		out->part[len] = '\0';
		lower_copy(low, sizeof(low), out->part);
		for (size_t k = 0; sum_words[k]; k++)
			if (strncmp(low, sum_words[k], strlen(sum_words[k])) == 0 && !isalpha((unsigned char)low[strlen(sum_words[k])]) &&
			    parse_amount(out->part, &out->value, out->unit) && !strcmp(out->unit, "$")) {
				out->w = w;
				out->text = out->value_text = out->part;
				out->sum_word = true;
				return true;
			}
	}
	return false;
}

static bool find_total(const struct ui_tree *t, struct total_label *out)
{
	static const char *const sum_words[] = { "total", "subtotal", "sum", "spent", NULL };

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		char low[128];
		bool sum = false, balance;

		if (!*w->text || in_row(w) || !ui_widget_visible(w, &t->screen))
			continue;
		lower_copy(low, sizeof(low), w->text);
		for (size_t k = 0; sum_words[k] && !sum; k++)
			sum = strncmp(low, sum_words[k], strlen(sum_words[k])) == 0;
		balance = strncmp(low, "balance", 7) == 0;
		if (!sum && !balance) {
			if (total_part(w, sum_words, out))
				return true;
			continue;
		}
		memset(out, 0, sizeof(*out));
		out->w = w;
		out->text = w->text;
		out->sum_word = sum;
		if (parse_amount(w->text, &out->value, out->unit) && (sum || !strcmp(out->unit, "$"))) {
			out->value_text = w->text;
			return true;
		}
		/* "Total" with its value in the next text of the same parent; a
		 * label with a number of its own ("Total: 2 h 15 min") has its
		 * value in it, even one not read here. */
		for (size_t c = 0; w->parent && !strpbrk(w->text, "0123456789") && c + 1 < w->parent->n_children; c++)
			if (w->parent->children[c] == w &&
			    parse_amount(w->parent->children[c + 1]->text, &out->value, out->unit) &&
			    (sum || !strcmp(out->unit, "$"))) {
				out->value_text = w->parent->children[c + 1]->text;
				return true;
			}
	}
	return false;
}

/* The col-th " | "-separated part of row as an amount in `unit`; false when absent or not one. */
static bool row_amount(const char *row, size_t col, const char *unit, double *v)
{
	char u[TOTAL_UNIT_MAX];
	char part[256];
	const char *bar;
	size_t len;

	for (size_t i = 0; row && i < col; i++) {
		row = strstr(row, " | ");
		if (row)
			row += 3;
	}
	if (!row)
		return false;
	bar = strstr(row, " | ");
	len = bar ? (size_t)(bar - row) : strlen(row);
	if (len >= sizeof(part))
		len = sizeof(part) - 1;
	memcpy(part, row, len);
	part[len] = '\0';
	/* A rate ("£38.50/h", "€1.80/L") is a price per unit, no amount a total sums (timesheet's projects). */
	for (const char *q = strchr(part, '/'); q; q = strchr(q + 1, '/'))
		if (q > part && isdigit((unsigned char)q[-1]) && isalpha((unsigned char)q[1]))
			return false;
	return parse_amount(part, v, u) && !strcmp(u, unit);
}

/* Per column (up to TOTAL_MAX_COLS), whether every row of l holds an amount in `unit` there, and the sums. */
static size_t amount_columns(const struct oracle_list *l, const char *unit, double sums[TOTAL_MAX_COLS],
			     bool ok[TOTAL_MAX_COLS])
{
	size_t n = 0;

	for (size_t c = 0; c < TOTAL_MAX_COLS; c++) {
		ok[c] = l->n_rows > 0;
		sums[c] = 0;
		for (size_t r = 0; r < l->n_rows && ok[c]; r++) {
			double v;

			ok[c] = row_amount(l->rows[r], c, unit, &v);
			sums[c] += v;
		}
		n += ok[c];
	}
	return n;
}

/* Rounding tolerated: half a cent per row, and a cent more. */
static bool close_enough(double a, double b, size_t rows)
{
	return fabs(a - b) <= 0.005 * (double)rows + 0.01;
}

/* The one row of `more` that `less` lacks (rows as multisets), or NULL when the lists differ otherwise. */
static const char *one_extra_row(const struct oracle_list *more, const struct oracle_list *less)
{
	const char *extra = NULL;
	bool *used;

	if (more->n_rows != less->n_rows + 1)
		return NULL;
	used = xcalloc(less->n_rows + 1, sizeof(*used));
	for (size_t i = 0; i < more->n_rows; i++) {
		size_t j = 0;

		while (j < less->n_rows && (used[j] || strcmp(less->rows[j], more->rows[i]) != 0))
			j++;
		if (j < less->n_rows) {
			used[j] = true;
		} else if (!extra) {
			extra = more->rows[i];
		} else {
			extra = NULL;
			break;
		}
	}
	free(used);
	return extra;
}

/* The list of `ls` with this id, or NULL. */
static const struct oracle_list *list_by_id(const struct oracle_list *ls, size_t n, const char *id)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(ls[i].id, id) == 0)
			return &ls[i];
	return NULL;
}

static char *label_name(const char *text);

/* Fill *f with a total finding. */
static void total_finding(struct oracle_finding *f, const struct total_label *t, const struct oracle_list *l,
			  const char *title, const char *expected, const char *actual)
{
	cJSON *rows = cJSON_CreateArray();

	oracle_finding_init(f);
	f->category = BUG_CAT_CALCULATION;
	f->oracle = "total";
	f->title = xstrdup(title);
	f->expected = xstrdup(expected);
	f->actual = xstrdup(actual);
	f->description = xasprintf("The screen shows '%s' (%s) with a list of %zu rows; %s.", t->text,
				   t->value_text, l->n_rows, actual);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "total");
	/* One wrong total is one bug, whichever property showed it (bug_same). */
	{
		char *name = label_name(t->text);

		cJSON_AddStringToObject(f->diff, "subject", name);
		free(name);
	}
	cJSON_AddStringToObject(f->diff, "total", t->value_text);
	cJSON_AddStringToObject(f->diff, "list", l->id);
	for (size_t r = 0; r < l->n_rows; r++)
		cJSON_AddItemToArray(rows, cJSON_CreateString(l->rows[r]));
	cJSON_AddItemToObject(f->diff, "rows", rows);
}

/*
 * The name of a total without its amount ("Total: $12.98" -> "Total"), for
 * titles: the same wrong total seen at other amounts is one bug, one report.
 * Caller frees.
 */
static char *label_name(const char *text)
{
	size_t n = 0, len = strlen(text);
	while (n < len && !isdigit((unsigned char)text[n]) && text[n] != '$' && (unsigned char)text[n] < 0x80 &&
	       !(text[n] == '-' && isdigit((unsigned char)text[n + 1])))
		n++;
	while (n > 0 && (isspace((unsigned char)text[n - 1]) || text[n - 1] == ':' || text[n - 1] == '='))
		n--;
	return n ? xstrndup(text, n) : xstrdup("the total");
}

/*
 * The fewest rows a total is summed over: two for money (one row beside a
 * money total is often the latest of many, "Spent: $360" over "Hotel
 * $240"), one for a quantity in a unit (a stopwatch's "Total: 21 s" over
 * its one lap "12 s": the lap stopped was counted but not listed).
 */
static size_t min_rows_summed(const struct total_label *t)
{
	return strcmp(t->unit, "$") == 0 ? 2 : 1;
}

/* Property 1 on `after`: a sum-worded total equals the sum of a money column of a fully shown list. */
static bool total_not_sum(const struct ui_tree *after, const struct total_label *t, const struct oracle_list *ls,
			  size_t n, struct oracle_finding *f)
{
	for (size_t i = 0; t->sum_word && i < n; i++) {
		double sums[TOTAL_MAX_COLS];
		bool ok[TOTAL_MAX_COLS], match = false;
		size_t c;

		if (ls[i].n_rows < min_rows_summed(t) || !amount_columns(&ls[i], t->unit, sums, ok) ||
		    !oracle_list_has_room(after, ls[i].id))
			continue;
		for (c = 0; c < TOTAL_MAX_COLS && !match; c++)
			match = ok[c] && close_enough(sums[c], t->value, ls[i].n_rows);
		if (match)
			continue;
		for (c = 0; c < TOTAL_MAX_COLS && !ok[c]; c++)
			;
		{
			char *name = label_name(t->text);
			char *title = xasprintf("'%s' does not equal the sum of the rows shown", name);
			char *exp = xasprintf("%.2f (the %zu rows' amounts added up)", sums[c], ls[i].n_rows);
			char *act = xasprintf("the total reads %s", t->value_text);

			total_finding(f, t, &ls[i], title, exp, act);
			free(name);
			free(title);
			free(exp);
			free(act);
		}
		return true;
	}
	return false;
}

/* What the total looked like on a screen: its label, value and the lists beside it. */
struct total_seen {
	const char *label;       /* the label's text */
	const char *value_text;
	double value;
	const struct oracle_list *lists;
	size_t n_lists;
};

/*
 * Property 2: a list of `now` that gained or lost exactly one row (with a
 * money amount) against the same list of `was`, and a total that did not
 * move by that amount. `ta` is the total label on `now`.
 */
static bool total_not_moved(const struct total_seen *was, const struct total_label *ta,
			    const struct oracle_list *al, size_t na, struct oracle_finding *f)
{
	for (size_t i = 0; i < na; i++) {
		const struct oracle_list *b = list_by_id(was->lists, was->n_lists, al[i].id);
		const char *added = b ? one_extra_row(&al[i], b) : NULL;
		const char *removed = b && !added ? one_extra_row(b, &al[i]) : NULL;
		double sums[TOTAL_MAX_COLS], amount;
		bool ok[TOTAL_MAX_COLS];
		size_t c;

		if (!added && !removed)
			continue;
		if (!amount_columns(added ? &al[i] : b, ta->unit, sums, ok))
			continue;
		for (c = 0; c < TOTAL_MAX_COLS && !ok[c]; c++)
			;
		if (!row_amount(added ? added : removed, c, ta->unit, &amount) || fabs(amount) < 0.005)
			continue;
		if (close_enough(fabs(ta->value - was->value), fabs(amount), 1))
			continue;
		{
			char *name = label_name(was->label);
			char *title = xasprintf("'%s' does not change by the %s row's amount", name,
						added ? "added" : "deleted");
			free(name);
			char *exp = xasprintf("the total moves by %.2f (row \"%s\")", fabs(amount),
					      added ? added : removed);
			char *act = xasprintf("it went from %s to %s", was->value_text, ta->value_text);

			total_finding(f, ta, &al[i], title, exp, act);
			free(title);
			free(exp);
			free(act);
		}
		return true;
	}
	return false;
}

/*
 * Data sizes (session 26): a total of what a list's rows take on disk
 * ("Maps use 368 MB" over maps of 61, 74, 87 and 96 MB). Only property (a)
 * reads them - a total shown beside the whole list it sums - and only
 * in a narrow shape, since storage screens are full of sizes that are not
 * sums of the rows beside them: free space, capacity, quota, cache, a
 * download's progress, sizes of items offered for download.
 */
#define SIZE_MAX_PARTS 8

/* A data size as written: a value, its unit's power of the base (B 0, KB 1, MB 2, GB 3, TB 4), its decimals. */
struct data_size {
	double value;
	int power;
	int decimals;
};

/*
 * The data size whose number starts at p (s is the whole text): "61 MB",
 * "1.2 GB", "512 kB", "3 MiB", "840 bytes" (one space, a no-break space or
 * none before the unit; thousands commas skipped). False when the number is
 * not one (glued to letters, a version "v1.2", a time) or its unit is not a
 * data size, or a rate ("MB/s"), or bits ("Mb"). *end: just past the unit.
 */
static bool read_data_size(const char *s, const char *p, struct data_size *d, const char **end)
{
	static const struct {
		const char *name;
		int power;
	} units[] = {
		{ "B", 0 },   { "bytes", 0 }, { "KB", 1 }, { "kB", 1 }, { "KiB", 1 }, { "MB", 2 },
		{ "MiB", 2 }, { "GB", 3 },    { "GiB", 3 }, { "TB", 4 }, { "TiB", 4 },
	};
	char num[32];
	size_t n = 0, len = 0;
	const char *q = p;

	if (p > s && (isalnum((unsigned char)p[-1]) || p[-1] == '.' || p[-1] == ',' || p[-1] == ':'))
		return false;
	d->decimals = 0;
	for (; n + 1 < sizeof(num); q++) {
		if (isdigit((unsigned char)*q)) {
			num[n++] = *q;
		} else if (*q == ',' && isdigit((unsigned char)q[1]) && isdigit((unsigned char)q[2]) &&
			   isdigit((unsigned char)q[3]) && !isdigit((unsigned char)q[4]) && !strchr(num, '.')) {
			continue; /* "1,024 MB" */
		} else if (*q == '.' && isdigit((unsigned char)q[1]) && !memchr(num, '.', n)) {
			num[n++] = '.';
		} else {
			break;
		}
		num[n] = '\0';
		if (memchr(num, '.', n) && *q != '.')
			d->decimals++;
	}
	num[n] = '\0';
	if (isdigit((unsigned char)*q) || *q == ',' || *q == '.' || *q == ':')
		return false; /* too long, a decimal comma "1,2", a time */
	if (*q == ' ')
		q++;
	else if (!strncmp(q, "\u00a0", 2))
		q += 2;
	while (isalpha((unsigned char)q[len]))
		len++;
	if (!len || isdigit((unsigned char)q[len]) || q[len] == '/')
		return false;
	for (size_t k = 0; k < sizeof(units) / sizeof(units[0]); k++)
		if (strlen(units[k].name) == len && !strncmp(q, units[k].name, len)) {
			d->value = strtod(num, NULL);
			d->power = units[k].power;
			*end = q + len;
			return fabs(d->value) < 1e12;
		}
	return false;
}

/* How many data sizes s holds; the first into *first (when not NULL). */
static size_t count_data_sizes(const char *s, struct data_size *first)
{
	size_t n = 0;

	for (const char *p = s; *p; p++) {
		struct data_size d = { 0 };
		const char *end;

		if (!isdigit((unsigned char)*p) || (p > s && isdigit((unsigned char)p[-1])))
			continue;
		if (!read_data_size(s, p, &d, &end))
			continue;
		if (!n++ && first)
			*first = d;
		p = end - 1;
	}
	return n;
}

/* A size in bytes, its unit's power taken of `base` (1000 or 1024). */
static double size_bytes(const struct data_size *d, double base)
{
	return d->value * pow(base, d->power);
}

/* One step of the last digit written ("61 MB": 1 MB, "1.2 GB": 0.1 GB), in bytes: rounding, either way. */
static double size_step(const struct data_size *d, double base)
{
	return pow(10, -d->decimals) * pow(base, d->power);
}

/* Whether word w (lowered, n bytes) is, or is the plural or singular of, a word of `title`. */
static bool word_in_title(const char *w, size_t n, const char *title)
{
	char low[128];

	lower_copy(low, sizeof(low), title);
	for (char *t = strtok(low, " :,.\u00b7-"); t; t = strtok(NULL, " :,.\u00b7-")) {
		size_t m = strlen(t);

		if ((m == n && !strncmp(t, w, n)) || (m + 1 == n && !strncmp(t, w, m) && w[m] == 's') ||
		    (m == n + 1 && !strncmp(t, w, n) && t[n] == 's'))
			return true;
	}
	return false;
}

/* Words that make a size a device's storage, not a sum of rows: free space, capacity, cache. */
static bool storage_word(const char *low)
{
	static const char *const words[] = { "free", "used", "available", "left", "remaining", "capacity", "quota",
					     "limit", "storage", "space", "cache", "other", "system", "device",
					     "internal", "external", "memory", "disk", "card", "of ", NULL };

	for (size_t k = 0; words[k]; k++)
		if (strstr(low, words[k]))
			return true;
	return false;
}

/*
 * Whether `part` (one "\u00b7"-separated part of a text, lowered) names a
 * total of the listed things before its one size `num`: a sum word alone
 * ("total", "total size", "subtotal"; *sum_word set), or a subject that
 * uses or takes the size or is followed by a colon ("maps use", "downloads
 * take up", "downloads:") whose last word is a plural of letters also
 * written in the page's title ("Download maps"): the things the page
 * lists. Nothing but the size may follow. False on storage words.
 */
static bool size_total_words(const char *part, const char *num, const char *end, const char *title, bool *sum_word)
{
	static const char *const verbs[] = { " uses", " use", " takes up", " take up", " takes", " take",
					     " occupies", " occupy", ":", NULL };
	char head[96];
	size_t n = (size_t)(num - part), words = 1;
	const char *last;

	*sum_word = false;
	while (*end == ' ' || *end == '.')
		end++;
	if (*end || n == 0 || n >= sizeof(head))
		return false;
	memcpy(head, part, n);
	while (n > 0 && head[n - 1] == ' ')
		n--;
	head[n] = '\0';
	for (const char *c = head; *c; c++) {
		if (!isalpha((unsigned char)*c) && *c != ' ' && *c != ':')
			return false;
		words += *c == ' ';
	}
	if (storage_word(head) || words > 4)
		return false;
	if (!strcmp(head, "total") || !strcmp(head, "total:") || !strcmp(head, "total size") ||
	    !strcmp(head, "total size:") || !strcmp(head, "subtotal") || !strcmp(head, "subtotal:")) {
		*sum_word = true;
		return true;
	}
	for (size_t k = 0; verbs[k]; k++) {
		size_t vl = strlen(verbs[k]);

		if (n <= vl || strcmp(head + n - vl, verbs[k]) != 0)
			continue;
		n -= vl;
		head[n] = '\0';
		last = strrchr(head, ' ');
		last = last ? last + 1 : head;
		return n - (size_t)(last - head) >= 3 && head[n - 1] == 's' && head[n - 2] != 's' && title &&
		       word_in_title(last, n - (size_t)(last - head), title);
	}
	return false;
}

/* The length of the part of s up to the next separator (" \u00b7 ", " | ", ", ", a newline...); *sep: the separator's. */
static size_t part_len(const char *s, size_t *sep)
{
	static const char *const seps[] = { " \u00b7 ", "\u00b7", " | ", " \u2022 ", ", ", "; ", "\n", NULL };
	size_t best = strlen(s);

	*sep = 0;
	for (size_t k = 0; seps[k]; k++) {
		const char *at = strstr(s, seps[k]);

		if (at && (size_t)(at - s) < best) {
			best = (size_t)(at - s);
			*sep = strlen(seps[k]);
		}
	}
	return best;
}

/*
 * A size total of t: a visible, non-clickable text outside list rows and
 * app bars with a part ("\u00b7", "|", ","-separated) that holds one
 * data size and that size_total_words reads as a total of the listed
 * things. *label: the widget; part_out: that part ("Maps use 368 MB").
 */
static bool find_size_total(const struct ui_tree *t, const struct ui_widget **label, char *part_out, size_t cap,
			    struct data_size *total, bool *sum_word)
{
	const char *title = oracle_app_bar_title(t);

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];

		if (!*w->text || w->clickable || in_row(w) || !ui_widget_visible(w, &t->screen) ||
		    oracle_is_app_bar(w) || !count_data_sizes(w->text, NULL))
			continue;
		for (const char *part = w->text; *part;) {
			size_t sep, len = part_len(part, &sep);
			char orig[128], low[128];
			const char *num, *end;
			struct data_size d = { 0 };

			while (len && *part == ' ')
				part++, len--;
			if (len && len < sizeof(orig)) {
				memcpy(orig, part, len);
				orig[len] = '\0';
				lower_copy(low, sizeof(low), orig);
				for (num = orig; *num && !isdigit((unsigned char)*num); num++)
					;
				if (count_data_sizes(orig, NULL) == 1 && read_data_size(orig, num, &d, &end) &&
				    size_total_words(low, low + (num - orig), low + (end - orig), title, sum_word)) {
					*label = w;
					*total = d;
					snprintf(part_out, cap, "%s", orig);
					return true;
				}
			}
			part += len + sep;
		}
	}
	return false;
}

/*
 * Whether a row offers or follows a download rather than holding a stored
 * item (a part "Download", "Get", "Install", "Queued", "Not downloaded",
 * "Downloading 40%"...), or is a storage category ("Cache", "Other",
 * "System", "Free space"), or shows a progress ('%', "12 MB / 61 MB" holds
 * two sizes and is caught by the caller).
 */
static bool size_row_not_stored(const char *row)
{
	static const char *const exact[] = { "download", "get", "install", "not downloaded", "not installed",
					     "available", "queued", "waiting", "paused", "pending", "cancel",
					     "resume", "retry", "failed", "cache", "other", "others", "system",
					     "free", "free space", "unused", "temporary files", NULL };
	static const char *const starts[] = { "download (", "download \u00b7", "downloading", "get (", "install (",
					      "cache ", "cached ", "other ", "free ", NULL };

	if (strchr(row, '%'))
		return true;
	for (const char *part = row; *part;) {
		size_t sep, len = part_len(part, &sep);
		char low[64];

		if (len < sizeof(low)) {
			memcpy(low, part, len);
			low[len] = '\0';
			lower_copy(low, sizeof(low), low);
			for (size_t k = 0; exact[k]; k++)
				if (!strcmp(low, exact[k]))
					return true;
			for (size_t k = 0; starts[k]; k++)
				if (!strncmp(low, starts[k], strlen(starts[k])))
					return true;
		}
		part += len + sep;
	}
	return false;
}

/*
 * Property (a) for data sizes: a size total of `after` (find_size_total)
 * that is not the sum of the one list shown whole whose 2+ rows each hold
 * one data size of a stored item. Rows and total may be in different
 * units: sums are taken with a kilobyte of 1000 and of 1024 bytes, and
 * either agreeing is enough; each row and the total may be off by one step
 * of their last digit (rounded or cut). A sum-worded total ("Total size")
 * is not judged on a screen that shows a device's storage too ("12 GB
 * free"), whose total may be its capacity.
 */
static bool size_total_wrong(const struct ui_tree *after, struct oracle_finding *f)
{
	const struct ui_widget *w = NULL;
	struct oracle_list *ls = NULL, *l = NULL;
	struct data_size total = { 0 };
	char part[128];
	bool sum_word, hit = false, agree = false;
	size_t n, sized = 0;
	double sum[2] = { 0, 0 }, tol[2] = { 0, 0 };
	static const double bases[2] = { 1000, 1024 };

	if (!after || oracle_screen_has_layer(after) ||
	    !find_size_total(after, &w, part, sizeof(part), &total, &sum_word))
		return false;
	if (sum_word)
		for (size_t i = 0; i < after->n_nodes; i++) {
			const struct ui_widget *o = after->nodes[i];
			char low[256];

			if (o == w || !*o->text || in_row(o) || !count_data_sizes(o->text, NULL))
				continue;
			lower_copy(low, sizeof(low), o->text);
			if (storage_word(low))
				return false;
		}
	n = oracle_lists(after, &ls);
	for (size_t i = 0; i < n; i++) {
		bool all = ls[i].n_rows > 0, any = false;

		for (size_t r = 0; r < ls[i].n_rows; r++) {
			size_t k = count_data_sizes(ls[i].rows[r], NULL);

			any = any || k;
			all = all && k == 1 && !size_row_not_stored(ls[i].rows[r]);
		}
		sized += any;
		if (all)
			l = &ls[i];
	}
	/* One list with sizes, every row a stored item with one size, all shown. */
	if (sized != 1 || !l || l->n_rows < 2 || !oracle_list_has_room(after, l->id))
		goto out;
	for (size_t b = 0; b < 2; b++) {
		for (size_t r = 0; r < l->n_rows; r++) {
			struct data_size d = { 0 };

			(void)count_data_sizes(l->rows[r], &d);
			sum[b] += size_bytes(&d, bases[b]);
			tol[b] += size_step(&d, bases[b]);
		}
		tol[b] += size_step(&total, bases[b]);
		agree = agree || fabs(sum[b] - size_bytes(&total, bases[b])) <= tol[b] * (1 + 1e-9);
	}
	if (!agree) {
		static const char *const names[] = { "B", "KB", "MB", "GB", "TB" };
		struct total_label t = { .w = w, .text = w->text, .value_text = w->text, .value = total.value, .sum_word = true };
		char *name = label_name(part);
		char *title = xasprintf("'%s' does not equal the sum of the sizes listed", name);
		char *exp = xasprintf("%.*f %s (the %zu rows' sizes added up)", total.decimals,
				      sum[0] / pow(1000, total.power), names[total.power], l->n_rows);
		char *act = xasprintf("the total reads %s", part);

		snprintf(t.unit, sizeof(t.unit), "%s", names[total.power]);
		total_finding(f, &t, l, title, exp, act);
		free(name);
		free(title);
		free(exp);
		free(act);
		hit = true;
	}
out:
	oracle_lists_free(ls, n);
	return hit;
}

bool oracle_total_wrong(const struct ui_tree *before, const char *activity_before,
			const struct ui_tree *after, const char *activity_after,
			const struct action *done, struct oracle_finding *f)
{
	struct total_label tb, ta;
	struct oracle_list *bl = NULL, *al = NULL;
	size_t nb = 0, na;
	bool hit = false;

	(void)done;
	if (!after)
		return false;
	if (!find_total(after, &ta))
		return size_total_wrong(after, f);
	na = oracle_lists(after, &al);
	/* Judged once the screen shows something new: the total or a list changed, or a new screen. */
	if (before && find_total(before, &tb) && oracle_same_activity(activity_before, activity_after) &&
	    strcmp(tb.w->resource_id, ta.w->resource_id) == 0) {
		struct total_seen was;

		nb = oracle_lists(before, &bl);
		was = (struct total_seen){ tb.text, tb.value_text, tb.value, bl, nb };
		hit = total_not_moved(&was, &ta, al, na, f);
	}
	if (!hit)
		hit = total_not_sum(after, &ta, al, na, f);
	if (!hit)
		hit = size_total_wrong(after, f);
	oracle_lists_free(bl, nb);
	oracle_lists_free(al, na);
	return hit;
}

/*
 * Totals followed across pages (issue 18): a total on one page, the list it
 * depends on on another. The tracker keeps each page's lists as last seen
 * and each total's last sighting; a list seen again is compared with
 * its last sighting, and a clean change - one row with an amount added or
 * deleted, or rows that lost or gained one part ("Unread") - is put against
 * every total seen on another page. Only a total that did not move at all
 * is reported; anything the tracker cannot place in time or measure (a
 * list that changed otherwise, a total seen while the change may have
 * happened, a tap on a control that names the total) makes it unsure.
 */
#define TOTAL_MAX_FAR 16   /* totals followed across pages */
#define TOTAL_MAX_PAGES 24 /* lists remembered, by page */
#define TOTAL_MAX_TAPS 16  /* rows tapped on a list page since it was last seen */
#define TOTAL_NAME_MAX 48
#define TOTAL_MAX_SUMS 16  /* money columns of a page's lists, to tell a total of them */

/* A total on some page: its last sighting and what changed elsewhere since. */
struct far_total {
	char *page;             /* page key (activity and app-bar title) */
	char *rid;
	char name[TOTAL_NAME_MAX]; /* "Left to spend", "Unread" */
	bool count;             /* "Name: N" (rows carrying the part Name) rather than an amount */
	bool beside_money;      /* last seen beside a list of money rows (its own rows: a, b) */
	bool sums_its_rows;     /* last seen equal to a money column of a list on its page */
	bool rows_own;          /* seen on a page a list row opened, equal to an amount of that row */
	char unit[TOTAL_UNIT_MAX];
	char *value_text;
	double value;
	unsigned tick;          /* when last seen */
	double moved;           /* since the last sighting: amounts of rows added (+) and deleted (-) */
	int marks;              /* since: rows that gained (+) or lost (-) the part `name` */
	bool unsure;
	char *what;             /* the last change put against it, for the report */
};

/* A list of a page as last seen, and the rows tapped on it since. */
struct far_list {
	char *page;
	struct oracle_list *list; /* owned (one list) */
	unsigned tick;
	char *tapped[TOTAL_MAX_TAPS]; /* tapped rows' first texts */
	unsigned tapped_tick[TOTAL_MAX_TAPS];
	bool tapped_counted[TOTAL_MAX_TAPS]; /* its change was already put against the totals (far_marked) */
	size_t n_tapped;
};

struct far_state {
	struct far_total totals[TOTAL_MAX_FAR];
	size_t n_totals;
	struct far_list lists[TOTAL_MAX_PAGES];
	size_t n_lists;
	unsigned tick;
	/* The row tapped on the screen before (its list, tap and text), until the next screen. */
	struct far_list *tap_list;
	size_t tap_index;
	char *tap_row;
};

/*
 * The page key of a screen: its activity, app-bar title and selected tabs
 * ("activity\ntitle\x1ftabs"): a group's Expenses and Balances tabs share
 * the title and are two pages (splitter). Caller frees.
 */
static char *far_page(const struct ui_tree *t, const char *activity)
{
	const char *title = oracle_app_bar_title(t);
	char *tabs = oracle_selected_nav_items(t);
	char *page = xasprintf("%s\n%s\x1f%s", activity ? activity : "", title ? title : "", tabs);

	free(tabs);
	return page;
}

/* The title part of a page key, and its length (without the tabs), for "%.*s". */
static const char *far_title(const char *page, int *len)
{
	const char *title = strchr(page, '\n') + 1;

	*len = (int)strcspn(title, "\x1f");
	return title;
}

/* Whether two page keys differ only by their selected tabs. */
static bool far_same_but_tabs(const char *a, const char *b)
{
	size_t la = strcspn(a, "\x1f"), lb = strcspn(b, "\x1f");

	return la == lb && !strncmp(a, b, la);
}

/*
 * A count label "Name: N" or "Name (N)" outside list rows: a name of letters
 * and spaces, a whole number. False otherwise.
 */
static bool parse_count_label(const char *s, char name[TOTAL_NAME_MAX], double *v)
{
	size_t n = 0;
	const char *p = s;
	char *end;
	long k;

	while (*p && (isalpha((unsigned char)*p) || *p == ' ') && n + 1 < TOTAL_NAME_MAX)
		name[n++] = *p++;
	while (n > 0 && name[n - 1] == ' ')
		n--;
	name[n] = '\0';
	if (!n || !isalpha((unsigned char)name[0]))
		return false;
	if (*p == ':')
		p++;
	else if (*p != '(')
		return false;
	while (*p == ' ' || *p == '(')
		p++;
	if (!isdigit((unsigned char)*p))
		return false;
	k = strtol(p, &end, 10);
	if (*end == ')')
		end++;
	if (*end || k > 1000000)
		return false;
	*v = (double)k;
	return true;
}

/*
 * A money total followed across pages: outside rows, named with a sum word,
 * "balance", "left" or "remaining", with a money amount ("Left to spend:
 * $1,200.00"). Its name (without the amount) in name.
 */
static bool parse_far_money(const char *s, char name[TOTAL_NAME_MAX], double *v)
{
	static const char *const words[] = { "total", "subtotal", "sum", "spent", "balance", "left", "remaining", NULL };
	char low[128], unit[TOTAL_UNIT_MAX];
	bool ok = false;
	char *label;

	lower_copy(low, sizeof(low), s);
	for (size_t k = 0; words[k] && !ok; k++)
		ok = strncmp(low, words[k], strlen(words[k])) == 0 && !isalpha((unsigned char)low[strlen(words[k])]);
	if (!ok || !parse_amount(s, v, unit) || strcmp(unit, "$") != 0)
		return false;
	label = label_name(s);
	snprintf(name, TOTAL_NAME_MAX, "%s", label);
	free(label);
	return true;
}

static void far_total_release(struct far_total *ft)
{
	free(ft->page);
	free(ft->rid);
	free(ft->value_text);
	free(ft->what);
	memset(ft, 0, sizeof(*ft));
}

static void far_list_release(struct far_list *fl)
{
	free(fl->page);
	oracle_lists_free(fl->list, fl->list ? 1 : 0);
	for (size_t i = 0; i < fl->n_tapped; i++)
		free(fl->tapped[i]);
	memset(fl, 0, sizeof(*fl));
}

static void far_free(struct far_state *fs)
{
	if (!fs)
		return;
	for (size_t i = 0; i < fs->n_totals; i++)
		far_total_release(&fs->totals[i]);
	for (size_t i = 0; i < fs->n_lists; i++)
		far_list_release(&fs->lists[i]);
	free(fs->tap_row);
	free(fs);
}

/* Note what changed for a total's report. */
static void far_note(struct far_total *ft, char *what)
{
	free(ft->what);
	ft->what = what;
}

/* Whether the row's " | "-parts are the parts of `with` plus one more, `part` (exact); false otherwise. */
static bool row_has_extra_part(const char *with, const char *without, char *part, size_t size)
{
	size_t wl = strlen(without);
	const char *tail;

	/* The part is last ("Title | Unread") or first ("Unread | Title"), the other parts unchanged. */
	if (strncmp(with, without, wl) == 0 && strncmp(with + wl, " | ", 3) == 0) {
		tail = with + wl + 3;
		if (!strstr(tail, " | ")) {
			snprintf(part, size, "%s", tail);
			return true;
		}
	}
	tail = strstr(with, " | ");
	if (tail && strcmp(tail + 3, without) == 0 && (size_t)(tail - with) < size) {
		memcpy(part, with, (size_t)(tail - with));
		part[tail - with] = '\0';
		return true;
	}
	return false;
}

/*
 * Rows of `now` that gained (+1) or lost (-1) one same part against `was`,
 * the other rows unchanged and in the same order: the count (signed) and
 * the part; 0 when none or when the lists differ otherwise (*messy).
 * The changed rows' first texts must each have been tapped on the page:
 * their ticks are the taps' (the change is placed at the tap).
 */
static int marker_change(const struct far_list *was, const struct oracle_list *now, char *part, size_t size,
			 unsigned *first_tap, unsigned *last_tap, bool *messy)
{
	int sign = 0, n = 0;

	*messy = false;
	*first_tap = UINT32_MAX;
	*last_tap = 0;
	part[0] = '\0';
	if (was->list->n_rows != now->n_rows) {
		*messy = true;
		return 0;
	}
	for (size_t r = 0; r < now->n_rows; r++) {
		const char *a = was->list->rows[r], *b = now->rows[r];
		char p[64];
		int s;
		size_t k;

		if (!strcmp(a, b))
			continue;
		if (row_has_extra_part(a, b, p, sizeof(p)))
			s = -1;
		else if (row_has_extra_part(b, a, p, sizeof(p)))
			s = 1;
		else {
			*messy = true;
			return 0;
		}
		if ((sign && s != sign) || (part[0] && strcmp(part, p) != 0)) {
			*messy = true;
			return 0;
		}
		sign = s;
		snprintf(part, size, "%s", p);
		for (k = 0; k < was->n_tapped && strcmp(was->tapped[k], now->primary[r]) != 0; k++)
			;
		if (k == was->n_tapped) {
			*messy = true; /* changed without a tap: when is unknown */
			return 0;
		}
		if (was->tapped_counted[k])
			continue; /* put against the totals when it was opened */
		if (was->tapped_tick[k] < *first_tap)
			*first_tap = was->tapped_tick[k];
		if (was->tapped_tick[k] > *last_tap)
			*last_tap = was->tapped_tick[k];
		n++;
	}
	return sign * n;
}

/* Whether list l has a column of money amounts in every row. */
static bool has_money(const struct oracle_list *l)
{
	double sums[TOTAL_MAX_COLS];
	bool ok[TOTAL_MAX_COLS];

	return amount_columns(l, "$", sums, ok) > 0;
}

/* Whether any row of l has a " | "-part equal to name (case ignored). */
static bool has_part(const struct oracle_list *l, const char *name)
{
	size_t n = strlen(name);

	for (size_t r = 0; r < l->n_rows; r++)
		for (const char *p = l->rows[r]; p; p = strstr(p, " | ")) {
			if (p != l->rows[r])
				p += 3;
			if (!strncasecmp(p, name, n) && (!p[n] || !strncmp(p + n, " | ", 3)))
				return true;
		}
	return false;
}

/* A change of list `was` -> `now` (page `page`) put against the totals of other pages. */
static void far_list_changed(struct far_state *fs, const struct far_list *was, const struct oracle_list *now,
			     const char *page)
{
	const char *added = one_extra_row(now, was->list);
	const char *removed = added ? NULL : one_extra_row(was->list, now);
	double amount = 0;
	bool money = false, messy = false;
	char part[64];
	unsigned first_tap = 0, last_tap = 0;
	int marks = 0;

	if (added || removed) {
		double sums[TOTAL_MAX_COLS];
		bool ok[TOTAL_MAX_COLS];
		size_t c;

		if (amount_columns(added ? now : was->list, "$", sums, ok)) {
			for (c = 0; c < TOTAL_MAX_COLS && !ok[c]; c++)
				;
			money = row_amount(added ? added : removed, c, "$", &amount) && fabs(amount) >= 0.005;
			amount = added ? fabs(amount) : -fabs(amount);
		}
		messy = !money;
	} else {
		marks = marker_change(was, now, part, sizeof(part), &first_tap, &last_tap, &messy);
	}
	for (size_t i = 0; i < fs->n_totals; i++) {
		struct far_total *ft = &fs->totals[i];
		bool concerned = ft->count ? has_part(was->list, ft->name) || has_part(now, ft->name)
					   : has_money(was->list) || has_money(now);

		/* The same page, or its other tab when the total has money rows beside it: (a) and (b)'s.
		 * A total that equals the sum of a list on its own page is that
		 * list's: a change elsewhere moves it through those rows, which
		 * (a) and (b) judge (fuel costs on a page that totals other costs).
		 * Nor is the amount of the row that opened its page (a refueling's
		 * "Total price"): that entry's own figure. */
		if (!strcmp(ft->page, page) || !concerned || (ft->beside_money && far_same_but_tabs(ft->page, page)) ||
		    (!ft->count && (ft->sums_its_rows || ft->rows_own)))
			continue;
		if (messy || (marks && strcasecmp(part, ft->name) != 0) || (money && ft->count)) {
			/* A change the total may depend on but that cannot be measured. */
			ft->unsure = true;
			continue;
		}
		if (money) {
			if (ft->tick > was->tick) {
				ft->unsure = true; /* seen in between: before or after the change? */
				continue;
			}
			ft->moved += amount;
			int tl;
			const char *title = far_title(page, &tl);

			far_note(ft, xasprintf("the row \"%s\" was %s on another page (%.*s)", added ? added : removed,
					       added ? "added" : "deleted", tl, title));
		} else if (marks) {
			if (first_tap > ft->tick) {
				int tl;
				const char *title = far_title(page, &tl);

				ft->marks += marks;
				far_note(ft, xasprintf("%d row%s %s '%s' on another page (%.*s)", abs(marks),
						       abs(marks) == 1 ? "" : "s", marks > 0 ? "gained" : "lost", part, tl,
						       title));
			} else {
				ft->unsure = true; /* tapped before the total was last seen: not placed */
			}
		}
	}
}

/* Fill f: a total that did not move with a change made on another page. */
static void far_finding(struct oracle_finding *f, const struct far_total *ft, const char *was, const char *now,
			const char *expected)
{
	int tl;
	const char *title = far_title(ft->page, &tl);

	oracle_finding_init(f);
	f->category = BUG_CAT_CALCULATION;
	f->oracle = "total";
	f->title = ft->count ? xasprintf("'%s' does not change with rows changed on another page", ft->name)
			     : xasprintf("'%s' does not move by an amount added or deleted on another page", ft->name);
	f->expected = xstrdup(expected);
	f->actual = xasprintf("it went from %s to %s", was, now);
	f->description = xasprintf("'%s' (%.*s) read %s, then %s, and it reads %s.", ft->name, tl, title, was, ft->what ? ft->what : "a change was made", now);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "total_across_pages");
	cJSON_AddStringToObject(f->diff, "subject", ft->name);
	cJSON_AddStringToObject(f->diff, "total", now);
	cJSON_AddStringToObject(f->diff, "was", was);
	if (ft->what)
		cJSON_AddStringToObject(f->diff, "change", ft->what);
}

/* The total `name` (widget rid) of page, or NULL. */
static struct far_total *far_total_find(struct far_state *fs, const char *page, const char *rid, const char *name)
{
	for (size_t i = 0; i < fs->n_totals; i++)
		if (!strcmp(fs->totals[i].page, page) && !strcmp(fs->totals[i].rid, rid) &&
		    !strcmp(fs->totals[i].name, name))
			return &fs->totals[i];
	return NULL;
}

/*
 * A total seen on `page`: judged against the changes put against it since
 * its last sighting (true with *f when it did not move), then remembered.
 */
static bool far_sighting(struct far_state *fs, const char *page, const char *rid, const char *name, bool count,
			 double v, const char *text, bool beside_money, bool sums_rows, int rows_own, bool judge,
			 struct oracle_finding *f)
{
	struct far_total *ft = far_total_find(fs, page, rid, name);
	bool hit = false;

	if (!ft) {
		size_t k = fs->n_totals;

		if (k == TOTAL_MAX_FAR) { /* forget the total seen longest ago */
			k = 0;
			for (size_t i = 1; i < fs->n_totals; i++)
				if (fs->totals[i].tick < fs->totals[k].tick)
					k = i;
			far_total_release(&fs->totals[k]);
		} else {
			fs->n_totals++;
		}
		ft = &fs->totals[k];
		ft->page = xstrdup(page);
		ft->rid = xstrdup(rid);
		snprintf(ft->name, sizeof(ft->name), "%s", name);
		ft->count = count;
		ft->value = v;
		ft->value_text = xstrdup(text);
		ft->tick = fs->tick;
		ft->beside_money = beside_money;
		ft->sums_its_rows = sums_rows;
		ft->rows_own = rows_own > 0;
		return false;
	}
	if (judge && !ft->unsure && fabs(v - ft->value) < 0.005 &&
	    ((!count && fabs(ft->moved) >= 0.005) || (count && ft->marks != 0))) {
		char *exp = count ? xasprintf("it changes by %d (rows that %s '%s' since it read %s)", ft->marks,
					      ft->marks > 0 ? "gained" : "lost", ft->name, ft->value_text)
				  : xasprintf("it moves by %.2f (rows added or deleted since it read %s)",
					      fabs(ft->moved), ft->value_text);

		far_finding(f, ft, ft->value_text, text, exp);
		free(exp);
		hit = true;
	}
	free(ft->value_text);
	ft->value_text = xstrdup(text);
	ft->value = v;
	ft->tick = fs->tick;
	ft->moved = 0;
	ft->marks = 0;
	ft->unsure = false;
	ft->beside_money = beside_money;
	/* Seen as the sum of its page's rows, it stays theirs while the page shows no money rows (the
	 * list emptied: fuellog's other costs all deleted read "Total: €0.00", which a refueling deleted
	 * elsewhere does not move). */
	ft->sums_its_rows = sums_rows || (ft->sums_its_rows && !beside_money);
	if (rows_own >= 0) /* else (not opened by a row) as last seen */
		ft->rows_own = rows_own;
	return hit;
}

/* The far list of page with list id, or NULL. */
static struct far_list *far_list_find(struct far_state *fs, const char *page, const char *id)
{
	for (size_t i = 0; i < fs->n_lists; i++)
		if (!strcmp(fs->lists[i].page, page) && !strcmp(fs->lists[i].list->id, id))
			return &fs->lists[i];
	return NULL;
}

/* Whether two lists hold the same rows in the same order. */
static bool same_rows(const struct oracle_list *a, const struct oracle_list *b)
{
	if (a->n_rows != b->n_rows)
		return false;
	for (size_t r = 0; r < a->n_rows; r++)
		if (strcmp(a->rows[r], b->rows[r]) != 0)
			return false;
	return true;
}

/*
 * The page a row's tap opened offers to mark it back ("Mark as unread"
 * after a row marked "Unread"): the entry lost that state when opened. Put
 * against every count named after the part, on other pages, seen before the
 * tap; the row's change seen later on its list is then not counted again.
 */
static void far_marked(struct far_state *fs, const struct ui_tree *t, const char *page)
{
	struct far_list *fl = fs->tap_list;

	if (!fl || !fs->tap_row || !strcmp(fl->page, page))
		return;
	for (size_t i = 0; i < fs->n_totals; i++) {
		struct far_total *ft = &fs->totals[i];
		char a[TOTAL_NAME_MAX + 16], b[TOTAL_NAME_MAX + 16];
		bool offered = false;
		struct oracle_list one = { .rows = &fs->tap_row, .n_rows = 1 };

		if (!ft->count || !strcmp(ft->page, fl->page) || !has_part(&one, ft->name))
			continue;
		snprintf(a, sizeof(a), "mark as %s", ft->name);
		snprintf(b, sizeof(b), "mark %s", ft->name);
		for (size_t j = 0; j < t->n_nodes && !offered; j++)
			offered = t->nodes[j]->clickable && (!strcasecmp(t->nodes[j]->text, a) ||
							     !strcasecmp(t->nodes[j]->text, b));
		if (!offered)
			continue;
		fl->tapped_counted[fs->tap_index] = true;
		if (ft->tick < fl->tapped_tick[fs->tap_index]) {
			int tl;
			const char *title = far_title(fl->page, &tl);

			ft->marks -= 1;
			far_note(ft, xasprintf("the row \"%s\" was opened (%.*s) and its page offers '%s'", fs->tap_row,
					       tl, title, a + 0));
		}
	}
}

/*
 * One in-app screen (no dialog) seen: its lists compared with their last
 * sighting, then its totals judged and remembered. True with *f (the first
 * finding) when a total did not move.
 */
static bool far_observe(struct far_state *fs, const struct ui_tree *t, const char *activity, bool judge,
			struct oracle_finding *f)
{
	struct oracle_list *ls = NULL;
	size_t n;
	char *page, *opened_by = NULL;
	bool hit = false, money = false;
	double sum[TOTAL_MAX_SUMS];
	size_t sum_rows[TOTAL_MAX_SUMS], n_sums = 0;

	if (!t || oracle_screen_has_layer(t))
		return false;
	fs->tick++;
	page = far_page(t, activity);
	far_marked(fs, t, page);
	if (fs->tap_row && fs->tap_list && strcmp(fs->tap_list->page, page) != 0)
		opened_by = xstrdup(fs->tap_row); /* a list row of another page opened this one */
	n = oracle_lists(t, &ls);
	for (size_t i = 0; i < n; i++) {
		struct far_list *fl = far_list_find(fs, page, ls[i].id);
		double sums[TOTAL_MAX_COLS];
		bool ok[TOTAL_MAX_COLS];

		/* The money columns (has_money) and their sums, to tell a total of these rows. */
		if (amount_columns(&ls[i], "$", sums, ok)) {
			money = true;
			for (size_t c = 0; c < TOTAL_MAX_COLS && n_sums < TOTAL_MAX_SUMS; c++)
				if (ok[c]) {
					sum[n_sums] = sums[c];
					sum_rows[n_sums++] = ls[i].n_rows;
				}
		}
		if (fl && !same_rows(fl->list, &ls[i]))
			far_list_changed(fs, fl, &ls[i], page);
		if (fl) {
			far_list_release(fl);
		} else if (fs->n_lists < TOTAL_MAX_PAGES) {
			fl = &fs->lists[fs->n_lists++];
		} else {
			size_t k = 0;

			for (size_t j = 1; j < fs->n_lists; j++)
				if (fs->lists[j].tick < fs->lists[k].tick)
					k = j;
			fl = &fs->lists[k];
			far_list_release(fl);
		}
		/* The list moves into the slot; ls[i] is left empty. */
		fl->page = xstrdup(page);
		fl->list = xmalloc(sizeof(*fl->list));
		*fl->list = ls[i];
		memset(&ls[i], 0, sizeof(ls[i]));
		fl->tick = fs->tick;
	}
	oracle_lists_free(ls, n);
	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		char name[TOTAL_NAME_MAX];
		double v;
		bool count, sums_rows;
		int rows_own = opened_by ? 0 : -1;
		struct oracle_finding one;

		if (!*w->text || in_row(w) || !ui_widget_visible(w, &t->screen))
			continue;
		if (parse_far_money(w->text, name, &v))
			count = false;
		else if (parse_count_label(w->text, name, &v))
			count = true;
		else
			continue;
		sums_rows = false;
		for (size_t k = 0; k < n_sums && !count && !sums_rows; k++)
			sums_rows = close_enough(v, sum[k], sum_rows[k]);
		for (size_t c = 0; c < TOTAL_MAX_COLS && opened_by && !count && rows_own <= 0; c++) {
			double a;

			rows_own = row_amount(opened_by, c, "$", &a) && close_enough(a, v, 1);
		}
		oracle_finding_init(&one);
		if (far_sighting(fs, page, w->resource_id, name, count, v, w->text, money, sums_rows, rows_own, judge,
				 &one) &&
		    !hit) {
			*f = one;
			hit = true;
		} else {
			oracle_finding_release(&one);
		}
	}
	free(opened_by);
	free(page);
	return hit;
}

/*
 * A tap on `before`: the row it opened is remembered on the page's lists
 * (a change of that row seen later is placed at the tap), and a control
 * that names a total ("Mark as unread") makes that total unsure.
 */
static void far_tap(struct far_state *fs, const struct ui_tree *before, const char *activity,
		    const struct action *done)
{
	const struct ui_widget *w, *row;
	const char *label;
	char *page;

	free(fs->tap_row);
	fs->tap_row = NULL;
	fs->tap_list = NULL;
	if (done && ((done->type == ACTION_RESTART && done->clear_data) || done->type == ACTION_DEEP_LINK ||
		     done->type == ACTION_START_ACTIVITY))
		/* Cleared data, or a link that may change it: no total is judged across it. */
		for (size_t i = 0; i < fs->n_totals; i++)
			fs->totals[i].unsure = true;
	if (!before || !done || done->type != ACTION_CLICK || oracle_screen_has_layer(before))
		return;
	w = oracle_toggle_target(before, done);
	if (!w)
		w = action_resolve(done, before);
	label = w ? w->text : done->widget_text;
	for (size_t i = 0; label && *label && i < fs->n_totals; i++)
		if (strcasestr(label, fs->totals[i].name))
			fs->totals[i].unsure = true;
	row = w ? oracle_enclosing_row(w) : NULL;
	if (!row)
		return;
	page = far_page(before, activity);
	for (size_t i = 0; i < fs->n_lists; i++) {
		struct far_list *fl = &fs->lists[i];
		const char *key = oracle_first_text(row);

		if (strcmp(fl->page, page) != 0 || fl->n_tapped == TOTAL_MAX_TAPS)
			continue;
		for (size_t r = 0; r < fl->list->n_rows; r++)
			if (!strcmp(fl->list->primary[r], key)) {
				fl->tapped[fl->n_tapped] = xstrdup(key);
				fl->tapped_counted[fl->n_tapped] = false;
				fl->tapped_tick[fl->n_tapped++] = fs->tick;
				free(fs->tap_row);
				fs->tap_row = xstrdup(fl->list->rows[r]);
				fs->tap_list = fl;
				fs->tap_index = fl->n_tapped - 1;
				break;
			}
	}
	free(page);
}

/*
 * Summary lines (issue 18): a value "Name: N unit" or "Name: $N" outside
 * the lists and without a sum word ("Volume: 1250 kg", gymlog) is a total
 * only once the run saw it equal to the sum of an amount column of a list
 * shown whole with 2+ rows; from then on, when that list gains or loses
 * exactly one row, the value must still be that column's sum.
 */
struct summary_seen {
	bool have;
	char *activity, *rid, *label, *value_text, *list_id;
	double value;
	char unit[TOTAL_UNIT_MAX];
	size_t col;                /* the column the value was the sum of */
	struct oracle_list *lists; /* the screen's lists then (owned) */
	size_t n_lists;
};

static void summary_forget(struct summary_seen *s)
{
	free(s->activity);
	free(s->rid);
	free(s->label);
	free(s->value_text);
	free(s->list_id);
	oracle_lists_free(s->lists, s->n_lists);
	memset(s, 0, sizeof(*s));
}

/*
 * The first summary line of t: a visible, non-clickable text outside list
 * rows that reads "Name: amount" (a name of letters and spaces, no sum
 * word: those are find_total's) with one amount in a unit of sum_units or
 * money. False when none.
 */
static bool find_summary(const struct ui_tree *t, struct total_label *out)
{
	for (size_t i = 0; t && i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		const char *p = w->text;

		if (!*p || w->clickable || in_row(w) || !ui_widget_visible(w, &t->screen) ||
		    !isalpha((unsigned char)*p))
			continue;
		while (isalpha((unsigned char)*p) || *p == ' ')
			p++;
		if (*p != ':')
			continue;
		memset(out, 0, sizeof(*out));
		if (!parse_amount(p + 1, &out->value, out->unit))
			continue;
		out->w = w;
		out->text = w->text;
		out->value_text = w->text;
		return true;
	}
	return false;
}

/* The column of list l (2+ rows, shown whole on t) whose amounts in s's unit add up to s's value; false when none. */
static bool summary_column(const struct ui_tree *t, const struct total_label *s, const struct oracle_list *l,
			   size_t *col)
{
	double sums[TOTAL_MAX_COLS];
	bool ok[TOTAL_MAX_COLS];

	if (l->n_rows < 2 || fabs(s->value) < 0.005 || !amount_columns(l, s->unit, sums, ok) ||
	    !oracle_list_has_room(t, l->id))
		return false;
	for (size_t c = 0; c < TOTAL_MAX_COLS; c++)
		if (ok[c] && close_enough(sums[c], s->value, l->n_rows)) {
			*col = c;
			return true;
		}
	return false;
}

/*
 * The summary line of `after` against its last sighting `was` (same
 * resource-id, activity and unit; it was then the sum of column was->col
 * of list was->list_id): true with *f when that list, shown whole, gained
 * or lost exactly one row with an amount and the value is no longer the
 * column's sum.
 */
static bool summary_wrong(const struct summary_seen *was, const struct ui_tree *after, const char *activity,
			  const struct total_label *sa, const struct oracle_list *al, size_t na, struct oracle_finding *f)
{
	const struct oracle_list *b, *a;
	const char *added, *removed;
	double sums[TOTAL_MAX_COLS], amount;
	bool ok[TOTAL_MAX_COLS];

	if (!was->have || !oracle_same_activity(was->activity, activity) || strcmp(was->rid, sa->w->resource_id) != 0 ||
	    strcmp(was->unit, sa->unit) != 0)
		return false;
	b = list_by_id(was->lists, was->n_lists, was->list_id);
	a = list_by_id(al, na, was->list_id);
	if (!a || !b || !oracle_list_has_room(after, a->id))
		return false;
	added = one_extra_row(a, b);
	removed = added ? NULL : one_extra_row(b, a);
	if ((!added && !removed) || !amount_columns(a, sa->unit, sums, ok) || !ok[was->col] ||
	    !row_amount(added ? added : removed, was->col, sa->unit, &amount) || fabs(amount) < 0.005 ||
	    close_enough(sums[was->col], sa->value, a->n_rows))
		return false;
	{
		char *name = label_name(sa->w->text);
		char *title = xasprintf("'%s' does not change by the %s row's amount", name, added ? "added" : "deleted");
		char *exp = xasprintf("the total moves by %g to %g, the sum of the %zu rows shown (row \"%s\"); it read "
				      "%s, the sum of the rows then",
				      fabs(amount), sums[was->col], a->n_rows, added ? added : removed, was->value_text);
		char *act = xasprintf("it went from %s to %s", was->value_text, sa->value_text);

		total_finding(f, sa, a, title, exp, act);
		free(name);
		free(title);
		free(exp);
		free(act);
	}
	return true;
}

/* Remember t's summary line when it is the sum of a column of one of its lists (else keep the last one). */
static void summary_remember(struct summary_seen *s, const struct ui_tree *t, const char *activity,
			     const struct total_label *sa)
{
	struct oracle_list *ls = NULL;
	size_t n = oracle_lists(t, &ls), col;

	for (size_t i = 0; i < n; i++)
		if (summary_column(t, sa, &ls[i], &col)) {
			summary_forget(s);
			s->have = true;
			s->activity = xstrdup(activity ? activity : "");
			s->rid = xstrdup(sa->w->resource_id);
			s->label = xstrdup(sa->w->text);
			s->value_text = xstrdup(sa->value_text);
			s->list_id = xstrdup(ls[i].id);
			s->value = sa->value;
			snprintf(s->unit, sizeof(s->unit), "%s", sa->unit);
			s->col = col;
			s->lists = ls;
			s->n_lists = n;
			return;
		}
	oracle_lists_free(ls, n);
}

/*
 * Undo (issue 18): a tap in a list row that changed the row and offered
 * "Undo" there ("Taken" on a dose: "12 tablets left · Due" became "11
 * tablets left · Taken"), then Undo on that row, at once or after other
 * steps (up to UNDO_ROWS rows are remembered): the row must read as it
 * did before the tap. Judged only when the row still read as the tap left
 * it, Undo changed it, and it then differs from its first reading only by
 * whole numbers ("11" where it read "12"): the undo restored the rest and
 * not the quantity (pillbox).
 */
#define UNDO_ROWS 8

struct undo_row {
	char *activity, *list_id, *key, *row_before, *row_after;
};

struct undo_watch {
	struct undo_row rows[UNDO_ROWS];
	size_t n;
};

static void undo_row_release(struct undo_row *r)
{
	free(r->activity);
	free(r->list_id);
	free(r->key);
	free(r->row_before);
	free(r->row_after);
	memset(r, 0, sizeof(*r));
}

/* Drop the remembered row i. */
static void undo_drop(struct undo_watch *u, size_t i)
{
	undo_row_release(&u->rows[i]);
	memmove(&u->rows[i], &u->rows[i + 1], (u->n - i - 1) * sizeof(u->rows[0]));
	u->n--;
	memset(&u->rows[u->n], 0, sizeof(u->rows[0]));
}

static void undo_forget(struct undo_watch *u)
{
	while (u->n)
		undo_drop(u, u->n - 1);
}

/* The remembered row of key on activity; -1 when none. */
static int undo_find(const struct undo_watch *u, const char *activity, const char *key)
{
	for (size_t i = 0; i < u->n; i++)
		if (oracle_same_activity(u->rows[i].activity, activity) && !strcmp(u->rows[i].key, key))
			return (int)i;
	return -1;
}

/* The row of t's lists whose first text is key (its list id in *list_id when not NULL); NULL when none or several. */
static char *row_by_key(const struct ui_tree *t, const char *key, const char *list_id, char **found_list)
{
	struct oracle_list *ls = NULL;
	size_t n = oracle_lists(t, &ls), hits = 0;
	char *row = NULL;

	for (size_t i = 0; i < n; i++) {
		if (list_id && strcmp(ls[i].id, list_id) != 0)
			continue;
		for (size_t r = 0; r < ls[i].n_rows; r++)
			if (!strcmp(ls[i].primary[r], key) && hits++ == 0) {
				row = xstrdup(ls[i].rows[r]);
				if (found_list)
					*found_list = xstrdup(ls[i].id);
			}
	}
	oracle_lists_free(ls, n);
	if (hits > 1) {
		free(row);
		row = NULL;
		if (found_list) {
			free(*found_list);
			*found_list = NULL;
		}
	}
	return row;
}

/* Whether a and b have the same words (split at spaces) but for whole numbers, and differ in one. */
static bool differ_by_numbers(const char *a, const char *b)
{
	bool differ = false;

	while (*a && *b) {
		size_t la = strcspn(a, " "), lb = strcspn(b, " ");

		if (la != lb || strncmp(a, b, la) != 0) {
			for (size_t i = 0; i < la; i++)
				if (!isdigit((unsigned char)a[i]))
					return false;
			for (size_t i = 0; i < lb; i++)
				if (!isdigit((unsigned char)b[i]))
					return false;
			if (!la || !lb)
				return false;
			differ = true;
		}
		a += la;
		b += lb;
		while (*a == ' ')
			a++;
		while (*b == ' ')
			b++;
	}
	return differ && !*a && !*b;
}

/* Whether the label of w (text, else content-desc) is the word "Undo". */
static bool is_undo(const struct ui_widget *w)
{
	return w && (!strcasecmp(w->text, "undo") || (!*w->text && !strcasecmp(w->content_desc, "undo")));
}

/* Whether row (its " | "-parts) has a part "Undo". */
static bool row_offers_undo(const char *row)
{
	for (const char *p = row; p; p = strstr(p, " | ")) {
		if (p != row)
			p += 3;
		if (!strncasecmp(p, "undo", 4) && (!p[4] || !strncmp(p + 4, " | ", 3)))
			return true;
	}
	return false;
}

/* One step for the undo check: true with *f when an Undo left a number of its row as the tap before made it. */
static bool undo_step(struct undo_watch *u, const struct ui_tree *before, const char *activity_before,
		      const struct ui_tree *after, const char *activity_after, const struct action *done,
		      struct oracle_finding *f)
{
	const struct ui_widget *w, *row;
	const char *key;
	bool hit = false;
	int at;

	if (!before || !after || !done || done->type != ACTION_CLICK || oracle_screen_has_layer(before) ||
	    oracle_screen_has_layer(after) || !oracle_same_activity(activity_before, activity_after))
		return false;
	w = action_resolve(done, before);
	row = w ? oracle_enclosing_row(w) : NULL;
	key = row ? oracle_first_text(row) : NULL;
	if (!key || !*key)
		return false;
	at = undo_find(u, activity_before, key);
	if (is_undo(w) && at >= 0) {
		const struct undo_row *m = &u->rows[at];
		char *now = row_by_key(before, key, m->list_id, NULL);
		char *then = now && !strcmp(now, m->row_after) ? row_by_key(after, key, m->list_id, NULL) : NULL;

		if (then && strcmp(then, m->row_after) != 0 && strcmp(then, m->row_before) != 0 &&
		    differ_by_numbers(m->row_before, then)) {
			oracle_finding_init(f);
			f->category = BUG_CAT_CALCULATION;
			f->oracle = "total";
			f->title = xasprintf("Undo on '%s' does not give back the number the tap before changed", key);
			f->expected = xasprintf("the row reads as before the tap: \"%s\"", m->row_before);
			f->actual = xasprintf("\"%s\" (after the tap: \"%s\")", then, m->row_after);
			f->description = xasprintf("The row '%s' read \"%s\"; a tap made it \"%s\" and offered Undo; after "
						   "Undo it reads \"%s\": the rest came back, a number did not.",
						   key, m->row_before, m->row_after, then);
			f->diff = cJSON_CreateObject();
			cJSON_AddStringToObject(f->diff, "check", "undo");
			/* One bug per list: an Undo that keeps a number on one row keeps it on the others too. */
			{
				char *subject = *m->list_id ? xasprintf("undo in %s", m->list_id) : xstrdup(key);

				cJSON_AddStringToObject(f->diff, "subject", subject);
				free(subject);
			}
			cJSON_AddStringToObject(f->diff, "row_before", m->row_before);
			cJSON_AddStringToObject(f->diff, "row_after_tap", m->row_after);
			cJSON_AddStringToObject(f->diff, "row_after_undo", then);
			cJSON_AddStringToObject(f->diff, "list", m->list_id);
			hit = true;
		}
		free(now);
		free(then);
		undo_drop(u, (size_t)at);
		return hit;
	}
	{
		char *list_id = NULL;
		char *was = row_by_key(before, key, NULL, &list_id);
		char *now = was ? row_by_key(after, key, list_id, NULL) : NULL;

		if (was && now && strcmp(was, now) != 0 && row_offers_undo(now) && !row_offers_undo(was)) {
			struct undo_row *m;

			if (at >= 0)
				undo_drop(u, (size_t)at);
			if (u->n == UNDO_ROWS)
				undo_drop(u, 0);
			m = &u->rows[u->n++];
			m->activity = xstrdup(activity_after ? activity_after : "");
			m->list_id = list_id;
			m->key = xstrdup(key);
			m->row_before = was;
			m->row_after = now;
			return false;
		}
		free(list_id);
		free(was);
		free(now);
	}
	return false;
}

/*
 * Totals of another tab (issue 18): a group's "Total spent" on its
 * Balances tab sums the expense rows of its Expenses tab (splitter). A
 * tap that switches between two tabs of one page (the same activity and
 * app-bar title, another tab selected, no dialog on either screen) puts a
 * sum-worded money total outside rows on one side against the money
 * columns of the wholly shown lists on the other. The first switch that
 * finds the total equal to a column's sum (two rows or more) learns that
 * the total is that column's; a later switch that finds them apart is the
 * finding. Before the relation was seen to hold, a total is judged only
 * when it is the other tab's rows plus the one amount the screen of a
 * recent delete named ("Violet6 (€195.00) will be removed"): it still
 * counts that row. A total equal to a list of its own tab is that list's
 * ((a) judges it).
 */
#define TOTAL_MAX_TAB_SUMS 8
#define TOTAL_TAB_CHANGES 16 /* saves and deletes remembered, to blame one */
#define TOTAL_TAB_TITLES 8   /* pages whose learned totals were last seen to agree */
#define TOTAL_TAB_DELETES 4  /* deletes whose screen named one amount */

struct tab_sums {
	char *learned[TOTAL_MAX_TAB_SUMS]; /* activity, total, other tab, list and column, as one key */
	size_t n;
	unsigned tick;                     /* steps seen */
	struct {
		cJSON *by;                 /* a save or delete tap (action_to_json) */
		bool deletes;
		unsigned tick;
	} changes[TOTAL_TAB_CHANGES];      /* a ring */
	size_t n_changes;
	struct {
		char *title;               /* a page key's title part */
		unsigned tick;             /* when a learned total of that page last agreed */
	} agreed[TOTAL_TAB_TITLES];        /* a ring */
	size_t n_agreed;
	struct {
		double amount;             /* the one money amount its screen named ("Violet6 (€195.00) will be removed") */
		cJSON *by;                 /* the delete tap */
	} deleted[TOTAL_TAB_DELETES];      /* a ring */
	size_t n_deleted;
};

static void tab_sums_free(struct tab_sums *ts)
{
	for (size_t i = 0; i < ts->n && i < TOTAL_MAX_TAB_SUMS; i++)
		free(ts->learned[i]);
	for (size_t i = 0; i < ts->n_changes && i < TOTAL_TAB_CHANGES; i++)
		cJSON_Delete(ts->changes[i].by);
	for (size_t i = 0; i < ts->n_agreed && i < TOTAL_TAB_TITLES; i++)
		free(ts->agreed[i].title);
	for (size_t i = 0; i < ts->n_deleted && i < TOTAL_TAB_DELETES; i++)
		cJSON_Delete(ts->deleted[i].by);
	memset(ts, 0, sizeof(*ts));
}

/* Whether `key` was learned; `learn`: remember it (the oldest forgotten past TOTAL_MAX_TAB_SUMS). */
static bool tab_sum_known(struct tab_sums *ts, const char *key, bool learn)
{
	size_t n = ts->n < TOTAL_MAX_TAB_SUMS ? ts->n : TOTAL_MAX_TAB_SUMS;

	for (size_t i = 0; i < n; i++)
		if (!strcmp(ts->learned[i], key))
			return true;
	if (learn) {
		size_t k = ts->n++ % TOTAL_MAX_TAB_SUMS;

		if (ts->n > TOTAL_MAX_TAB_SUMS)
			free(ts->learned[k]);
		ts->learned[k] = xstrdup(key);
	}
	return false;
}

/* The agreement slot of page title (tl bytes), or NULL; `add`: make one (the oldest reused). */
static unsigned *tab_sum_agreed(struct tab_sums *ts, const char *title, int tl, bool add)
{
	size_t n = ts->n_agreed < TOTAL_TAB_TITLES ? ts->n_agreed : TOTAL_TAB_TITLES, k;

	for (size_t i = 0; i < n; i++)
		if ((int)strlen(ts->agreed[i].title) == tl && !strncmp(ts->agreed[i].title, title, (size_t)tl))
			return &ts->agreed[i].tick;
	if (!add)
		return NULL;
	k = ts->n_agreed++ % TOTAL_TAB_TITLES;
	free(ts->agreed[k].title);
	ts->agreed[k].title = xstrndup(title, (size_t)tl);
	return &ts->agreed[k].tick;
}

/*
 * The tap blamed for a learned total of page title (tl bytes) that parted
 * from its rows: a total above them still counts a row deleted, one below
 * them misses a row saved; the first such tap remembered since the total
 * last agreed on that page (the oldest remembered when it never did: a
 * renamed group). NULL when none.
 */
static const cJSON *tab_sum_blamed(const struct tab_sums *ts, const char *title, int tl, bool deletes)
{
	size_t n = ts->n_changes < TOTAL_TAB_CHANGES ? ts->n_changes : TOTAL_TAB_CHANGES;
	unsigned since = 0;
	const cJSON *by = NULL;
	unsigned at = 0;

	for (size_t i = 0; i < ts->n_agreed && i < TOTAL_TAB_TITLES; i++)
		if ((int)strlen(ts->agreed[i].title) == tl && !strncmp(ts->agreed[i].title, title, (size_t)tl))
			since = ts->agreed[i].tick;
	for (size_t i = 0; i < n; i++)
		if (ts->changes[i].deletes == deletes && ts->changes[i].tick > since &&
		    (!by || ts->changes[i].tick < at)) {
			by = ts->changes[i].by;
			at = ts->changes[i].tick;
		}
	return by;
}

/*
 * The one money amount the screen a delete was pressed on names, over its
 * dialog when it has one ("Violet6 (€195.00) will be removed from Lisbon
 * trip."): false when it names none or several.
 */
static bool deleted_amount(const struct ui_tree *t, double *out)
{
	bool found = false;

	for (size_t i = 0; i < t->n_nodes; i++) {
		const struct ui_widget *w = t->nodes[i];
		double v;

		if (!*w->text || !ui_widget_visible(w, &t->screen) || oracle_hidden_under_layer(t, w) ||
		    !oracle_parse_money(w->text, &v))
			continue;
		if (found && fabs(v - *out) >= 0.005)
			return false;
		*out = v;
		found = true;
	}
	return found && fabs(*out) >= 0.005;
}

/* Whether a money column of a list of t adds up to v. */
static bool sums_own_rows(const struct ui_tree *t, double v)
{
	struct oracle_list *ls = NULL;
	size_t n = oracle_lists(t, &ls);
	bool own = false;

	for (size_t i = 0; i < n && !own; i++) {
		double sums[TOTAL_MAX_COLS];
		bool ok[TOTAL_MAX_COLS];

		if (amount_columns(&ls[i], "$", sums, ok))
			for (size_t c = 0; c < TOTAL_MAX_COLS && !own; c++)
				own = ok[c] && close_enough(sums[c], v, ls[i].n_rows);
	}
	oracle_lists_free(ls, n);
	return own;
}

/* Selected tab labels ('\t'-joined) as a reader sees them: "Day, Reports". Caller frees. */
static char *tab_names(const char *tabs)
{
	size_t n = 0;
	char *out = xmalloc(2 * strlen(tabs) + 1);

	for (const char *p = tabs; *p; p++) {
		if (*p == '\t') {
			out[n++] = ',';
			out[n++] = ' ';
		} else {
			out[n++] = *p;
		}
	}
	out[n] = '\0';
	return out;
}

/* The total of `tt` (page tp) against the lists of the other tab `lt` (page lp); true with *f when apart. */
static bool tab_sum_judge(struct tab_sums *ts, const struct ui_tree *tt, const char *tp, const struct ui_tree *lt,
			  const char *lp, struct oracle_finding *f)
{
	struct total_label t;
	struct oracle_list *ls = NULL;
	size_t n;
	bool hit = false;
	int tl;
	const char *title = far_title(tp, &tl), *other = strchr(lp, '\x1f') + 1;

	if (!find_total(tt, &t) || !t.sum_word || strcmp(t.unit, "$") != 0 || sums_own_rows(tt, t.value))
		return false;
	n = oracle_lists(lt, &ls);
	for (size_t i = 0; i < n && !hit; i++) {
		double sums[TOTAL_MAX_COLS];
		bool ok[TOTAL_MAX_COLS];

		if (!oracle_list_has_room(lt, ls[i].id) || !amount_columns(&ls[i], "$", sums, ok))
			continue;
		for (size_t c = 0; c < TOTAL_MAX_COLS && !hit; c++) {
			bool equal = ok[c] && close_enough(sums[c], t.value, ls[i].n_rows), by_delete = false;
			const cJSON *blamed = NULL;
			double kept = 0; /* with by_delete: the deleted row's amount the total still counts */
			char *name, *key;

			if (!ok[c] || (equal && ls[i].n_rows < 2))
				continue;
			name = label_name(t.text);
			key = xasprintf("%.*s\x1e%s\x1e%s\x1e%s\x1e%s\x1e%zu", (int)strcspn(tp, "\n"), tp,
					t.w->resource_id, name, other, ls[i].id, c);

			if (!tab_sum_known(ts, key, equal) && !equal) {
				/* Never seen to agree: only a total that is the rows plus the
				 * one amount a delete's screen named is judged. */
				for (size_t k = 0; k < ts->n_deleted && k < TOTAL_TAB_DELETES && !blamed; k++)
					if (close_enough(sums[c] + ts->deleted[k].amount, t.value, ls[i].n_rows + 1)) {
						blamed = ts->deleted[k].by;
						kept = ts->deleted[k].amount;
						by_delete = true;
					}
				if (!blamed) {
					free(key);
					free(name);
					continue;
				}
			} else if (!equal) {
				blamed = tab_sum_blamed(ts, title, tl, t.value > sums[c]);
			}
			if (equal) { /* they agree: what parts them from now on comes after this */
				*tab_sum_agreed(ts, title, tl, true) = ts->tick;
			} else {
				char *tabs = tab_names(other), *own = tab_names(strchr(tp, '\x1f') + 1);
				char *ti = xasprintf("'%s' does not equal the sum of the rows on the '%s' tab", name,
						     tabs);
				char *exp = by_delete ? xasprintf("%.2f (the %zu rows' amounts added up)", sums[c], ls[i].n_rows)
						 : xasprintf("%.2f (the %zu rows' amounts added up, as the total did before)",
							     sums[c], ls[i].n_rows);
				char *act = xasprintf("the total reads %s", t.value_text);

				total_finding(f, &t, &ls[i], ti, exp, act);
				free(f->description);
				f->description =
					by_delete ? xasprintf("'%s' (%.*s, tab '%s') reads %s, which is the %zu rows of the '%s' "
							 "tab (%.2f) plus %.2f, the amount of the row just deleted.",
							 name, tl, title, own, t.value_text, ls[i].n_rows, tabs, sums[c], kept)
					     : xasprintf("'%s' (%.*s, tab '%s') read the sum of the '%s' tab's rows on an "
							 "earlier visit; now the tab lists %zu rows adding up to %.2f, and it "
							 "reads %s.",
							 name, tl, title, own, tabs, ls[i].n_rows, sums[c], t.value_text);
				cJSON_ReplaceItemInObject(f->diff, "check", cJSON_CreateString("total_other_tab"));
				if (blamed)
					cJSON_AddItemToObject(f->diff, "blamed", cJSON_Duplicate(blamed, 1));
				free(ti);
				free(exp);
				free(act);
				free(tabs);
				free(own);
				hit = true;
			}
			free(key);
			free(name);
		}
	}
	/* The other tab lists nothing ("No expenses in this group yet") and the
	 * total is the one amount a recent delete named: it still counts the
	 * last row, deleted. */
	if (!hit && oracle_empty_state(lt) && t.value > 0) {
		bool rows = false;

		/* A list whose one row is the placeholder ("No expenses...") lists nothing. */
		for (size_t i = 0; i < n; i++)
			rows |= ls[i].n_rows > 1 || (ls[i].n_rows == 1 && !strstr(ls[i].rows[0], oracle_empty_state(lt)));
		for (size_t k = 0; !rows && !hit && k < ts->n_deleted && k < TOTAL_TAB_DELETES; k++)
			if (close_enough(ts->deleted[k].amount, t.value, 1)) {
				struct oracle_list none = { .id = "", .rows = NULL, .primary = NULL, .n_rows = 0 };
				char *name = label_name(t.text), *tabs = tab_names(other);
				char *ti = xasprintf("'%s' does not equal the sum of the rows on the '%s' tab", name, tabs);
				char *act = xasprintf("the total reads %s", t.value_text);

				total_finding(f, &t, &none, ti, "0.00 (the tab lists no rows)", act);
				free(f->description);
				f->description = xasprintf("'%s' (%.*s) reads %s while the '%s' tab lists nothing (\"%s\"): "
							   "%.2f is the amount of the row just deleted.",
							   name, tl, title, t.value_text, tabs, oracle_empty_state(lt),
							   ts->deleted[k].amount);
				cJSON_ReplaceItemInObject(f->diff, "check", cJSON_CreateString("total_other_tab"));
				cJSON_AddItemToObject(f->diff, "blamed", cJSON_Duplicate(ts->deleted[k].by, 1));
				free(ti);
				free(act);
				free(tabs);
				free(name);
				hit = true;
			}
	}
	oracle_lists_free(ls, n);
	return hit;
}

/* A tap from one tab of a page to another: its totals against the other tab's rows. */
static bool tab_sum_step(struct tab_sums *ts, const struct ui_tree *before, const char *activity_before,
			 const struct ui_tree *after, const char *activity_after, const struct action *done,
			 struct oracle_finding *f)
{
	char *pb, *pa;
	bool hit = false;
	int tl;

	if (!before || !after || !done || done->type != ACTION_CLICK)
		return false;
	ts->tick++;
	{
		bool deletes = oracle_is_delete_action(before, done);

		if (deletes || oracle_is_save_action(done)) {
			size_t k = ts->n_changes++ % TOTAL_TAB_CHANGES;

			cJSON_Delete(ts->changes[k].by);
			ts->changes[k].by = action_to_json(done);
			ts->changes[k].deletes = deletes;
			ts->changes[k].tick = ts->tick;
		}
		if (deletes) {
			double amount;

			if (deleted_amount(before, &amount)) {
				size_t k = ts->n_deleted++ % TOTAL_TAB_DELETES;

				cJSON_Delete(ts->deleted[k].by);
				ts->deleted[k].by = action_to_json(done);
				ts->deleted[k].amount = fabs(amount);
			}
		}
	}
	if (oracle_screen_has_layer(before) || oracle_screen_has_layer(after))
		return false;
	pb = far_page(before, activity_before);
	pa = far_page(after, activity_after);
	(void)far_title(pb, &tl);
	if (tl > 0 && strcmp(pb, pa) != 0 && far_same_but_tabs(pb, pa))
		hit = tab_sum_judge(ts, after, pa, before, pb, f) || tab_sum_judge(ts, before, pb, after, pa, f);
	free(pb);
	free(pa);
	return hit;
}

/* The last screen the run saw with a total: property 2 across pages (a delete on a detail page). */
struct oracle_total_tracker {
	bool have;
	char *activity, *rid, *label, *value_text;
	double value;
	struct oracle_list *lists;
	size_t n_lists;
	struct far_state *far; /* totals followed across pages */
	struct summary_seen summary; /* the last summary line seen equal to a column's sum */
	struct undo_watch undo;      /* row taps that offered Undo */
	struct tab_sums tab_sums;    /* totals seen to sum another tab's rows */
	uint64_t filter;             /* oracle_filter_note of the screen the total was last seen on */
};

struct oracle_total_tracker *oracle_total_tracker_new(void)
{
	struct oracle_total_tracker *t = xcalloc(1, sizeof(struct oracle_total_tracker));

	t->far = xcalloc(1, sizeof(*t->far));
	return t;
}

/* Forget the screen seen. */
static void total_forget(struct oracle_total_tracker *t)
{
	free(t->activity);
	free(t->rid);
	free(t->label);
	free(t->value_text);
	oracle_lists_free(t->lists, t->n_lists);
	t->activity = t->rid = t->label = t->value_text = NULL;
	t->lists = NULL;
	t->n_lists = 0;
	t->have = false;
}

void oracle_total_tracker_free(struct oracle_total_tracker *t)
{
	if (!t)
		return;
	total_forget(t);
	summary_forget(&t->summary);
	undo_forget(&t->undo);
	tab_sums_free(&t->tab_sums);
	far_free(t->far);
	free(t);
}

/* Remember t's total and lists (tree shows total `ta`; takes ownership of the lists). */
static void total_remember(struct oracle_total_tracker *t, const char *activity, const struct total_label *ta,
			   struct oracle_list *lists, size_t n, uint64_t filter)
{
	total_forget(t);
	t->have = true;
	t->filter = filter;
	t->activity = xstrdup(activity ? activity : "");
	t->rid = xstrdup(ta->w->resource_id);
	t->label = xstrdup(ta->text);
	t->value_text = xstrdup(ta->value_text);
	t->value = ta->value;
	t->lists = lists;
	t->n_lists = n;
}

bool oracle_total_step(struct oracle_total_tracker *t, const struct ui_tree *before, const char *activity_before,
		       const struct ui_tree *after, const char *activity_after, const struct action *done,
		       struct oracle_finding *f)
{
	struct total_label ta, tb;
	struct oracle_list *al = NULL;
	size_t na;
	bool hit = oracle_total_wrong(before, activity_before, after, activity_after, done, f);
	bool before_total = before && find_total(before, &tb);
	struct oracle_finding far_f;

	/* Totals across pages: the first screen, the tap on it, the screen after. */
	oracle_finding_init(&far_f);
	if (!t->far->tick)
		(void)far_observe(t->far, before, activity_before, false, &far_f);
	far_tap(t->far, before, activity_before, done);
	if (far_observe(t->far, after, activity_after, true, &far_f) && !hit) {
		*f = far_f;
		hit = true;
	} else {
		oracle_finding_release(&far_f);
	}

	/* Undo on a row that the tap before changed. */
	{
		struct oracle_finding uf;

		oracle_finding_init(&uf);
		if (undo_step(&t->undo, before, activity_before, after, activity_after, done, &uf) && !hit) {
			*f = uf;
			hit = true;
		} else {
			oracle_finding_release(&uf);
		}
	}

	/* A total of another tab's rows, on a switch between the two tabs. */
	{
		struct oracle_finding tf;

		oracle_finding_init(&tf);
		if (tab_sum_step(&t->tab_sums, before, activity_before, after, activity_after, done, &tf) && !hit) {
			*f = tf;
			hit = true;
		} else {
			oracle_finding_release(&tf);
		}
	}

	/* Summary lines: the last sighting that was a column's sum, judged when its list changed by one row. */
	{
		struct total_label sb, sa;

		if (before && find_summary(before, &sb))
			summary_remember(&t->summary, before, activity_before, &sb);
		if (after && find_summary(after, &sa)) {
			struct oracle_list *sl = NULL;
			size_t ns = oracle_lists(after, &sl);
			struct oracle_finding sf;

			oracle_finding_init(&sf);
			if (summary_wrong(&t->summary, after, activity_after, &sa, sl, ns, &sf) && !hit) {
				*f = sf;
				hit = true;
			} else {
				oracle_finding_release(&sf);
			}
			oracle_lists_free(sl, ns);
		}
	}

	if (before_total) {
		/* The last sighting is the screen the action was taken on. */
		struct oracle_list *bl = NULL;
		size_t nb = oracle_lists(before, &bl);

		total_remember(t, activity_before, &tb, bl, nb, oracle_filter_note(before));
	}
	if (!after || !find_total(after, &ta))
		return hit;
	na = oracle_lists(after, &al);
	/* The total came back after other pages (the same-screen case is oracle_total_wrong's), its
	 * list under the same filter: a filter set or cleared there rightly leaves an account's
	 * balance as it was (ledger, session 67: This month hid a November row). */
	if (!hit && t->have && oracle_same_activity(t->activity, activity_after) &&
	    t->filter == oracle_filter_note(after) &&
	    strcmp(t->rid, ta.w->resource_id) == 0 &&
	    !(before_total && oracle_same_activity(activity_before, activity_after) &&
	      strcmp(tb.w->resource_id, ta.w->resource_id) == 0)) {
		struct total_seen was = { t->label, t->value_text, t->value, t->lists, t->n_lists };

		hit = total_not_moved(&was, &ta, al, na, f);
	}
	total_remember(t, activity_after, &ta, al, na, oracle_filter_note(after));
	return hit;
}

static void *total_tracker_new(void)
{
	return oracle_total_tracker_new();
}

static void total_tracker_free(void *t)
{
	oracle_total_tracker_free(t);
}

static bool total_track(void *t, const struct oracle_tracked_step *s, struct oracle_finding *f)
{
	return oracle_total_step(t, s->before, s->activity_before, s->after, s->activity_after, s->done, f);
}

const struct oracle_kind oracle_kind_total = {
	.name = "total",
	.config_key = "oracles.total",
	.category = BUG_CAT_CALCULATION,
	.doc = "a money total that is not the sum of its rows, or that does not move by a row added or deleted",
	.evidence = "the screen, the total before/after and the list rows",
	.flags = 0,
	.tracker_new = total_tracker_new,
	.tracker_free = total_tracker_free,
	.track = total_track,
};
