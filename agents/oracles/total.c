/*
 * total.c - oracle "total" (oracle 12): a money total shown with the rows
 * it sums and not equal to them, or a total/balance that does not move by
 * the amount of the one row just added or deleted (oracle_total_wrong in
 * agents/oracle.h), on the same screen or when the total comes back after
 * other pages (an expense deleted on its own page: oracle_total_step keeps
 * the last total seen). The Explorer feeds each step to the tracker;
 * replay confirmation feeds every replayed step to a fresh one.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

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
	const char *value_text;    /* the text the value was read from */
	double value;
	bool sum_word;             /* "total", "subtotal", "sum", "spent" (not "balance") */
	char unit[TOTAL_UNIT_MAX]; /* "$" for money, else the unit the value is written in ("s", "km") */
};

/*
 * A money amount in s: a number written with a currency sign or two
 * decimals ("$12.50", "-4.00 EUR", "1,250.00"); false when none.
 */
static bool parse_money(const char *s, double *out)
{
	bool currency = strchr(s, '$') || strstr(s, "\u20ac") || strstr(s, "\u00a3") || strstr(s, "\u00a5") ||
			strstr(s, "EUR") || strstr(s, "USD");

	for (const char *p = s; *p; p++) {
		char num[64];
		size_t n = 0;
		const char *q = p;
		const char *dot;

		if (!isdigit((unsigned char)*p))
			continue;
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
		if (!currency && !(dot && strlen(dot + 1) == 2))
			return false;
		*out = strtod(num, NULL);
		/* Longer than the buffer, or past what a double adds up to the cent (a probe typed 120 digits). */
		if (isdigit((unsigned char)*q) || fabs(*out) >= 1e12)
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
	if (parse_money(s, out)) {
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
		if (!sum && !balance)
			continue;
		memset(out, 0, sizeof(*out));
		out->w = w;
		out->sum_word = sum;
		if (parse_amount(w->text, &out->value, out->unit) && (sum || !strcmp(out->unit, "$"))) {
			out->value_text = w->text;
			return true;
		}
		/* "Total" with its value in the next text of the same parent. */
		for (size_t c = 0; w->parent && c + 1 < w->parent->n_children; c++)
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
	f->description = xasprintf("The screen shows '%s' (%s) with a list of %zu rows; %s.", t->w->text,
				   t->value_text, l->n_rows, actual);
	f->diff = cJSON_CreateObject();
	cJSON_AddStringToObject(f->diff, "check", "total");
	/* One wrong total is one bug, whichever property showed it (bug_same). */
	{
		char *name = label_name(t->w->text);

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

/* Property 1 on `after`: a sum-worded total equals the sum of a money column of a fully shown list. */
static bool total_not_sum(const struct ui_tree *after, const struct total_label *t, const struct oracle_list *ls,
			  size_t n, struct oracle_finding *f)
{
	for (size_t i = 0; t->sum_word && i < n; i++) {
		double sums[TOTAL_MAX_COLS];
		bool ok[TOTAL_MAX_COLS], match = false;
		size_t c;

		if (ls[i].n_rows < 2 || !amount_columns(&ls[i], t->unit, sums, ok) || !oracle_list_has_room(after, ls[i].id))
			continue;
		for (c = 0; c < TOTAL_MAX_COLS && !match; c++)
			match = ok[c] && close_enough(sums[c], t->value, ls[i].n_rows);
		if (match)
			continue;
		for (c = 0; c < TOTAL_MAX_COLS && !ok[c]; c++)
			;
		{
			char *name = label_name(t->w->text);
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

bool oracle_total_wrong(const struct ui_tree *before, const char *activity_before,
			const struct ui_tree *after, const char *activity_after,
			const struct action *done, struct oracle_finding *f)
{
	struct total_label tb, ta;
	struct oracle_list *bl = NULL, *al = NULL;
	size_t nb = 0, na;
	bool hit = false;

	(void)done;
	if (!after || !find_total(after, &ta))
		return false;
	na = oracle_lists(after, &al);
	/* Judged once the screen shows something new: the total or a list changed, or a new screen. */
	if (before && find_total(before, &tb) && oracle_same_activity(activity_before, activity_after) &&
	    strcmp(tb.w->resource_id, ta.w->resource_id) == 0) {
		struct total_seen was;

		nb = oracle_lists(before, &bl);
		was = (struct total_seen){ tb.w->text, tb.value_text, tb.value, bl, nb };
		hit = total_not_moved(&was, &ta, al, na, f);
	}
	if (!hit)
		hit = total_not_sum(after, &ta, al, na, f);
	oracle_lists_free(bl, nb);
	oracle_lists_free(al, na);
	return hit;
}

/* The last screen the run saw with a total: property 2 across pages (a delete on a detail page). */
struct oracle_total_tracker {
	bool have;
	char *activity, *rid, *label, *value_text;
	double value;
	struct oracle_list *lists;
	size_t n_lists;
};

struct oracle_total_tracker *oracle_total_tracker_new(void)
{
	return xcalloc(1, sizeof(struct oracle_total_tracker));
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
	free(t);
}

/* Remember t's total and lists (tree shows total `ta`; takes ownership of the lists). */
static void total_remember(struct oracle_total_tracker *t, const char *activity, const struct total_label *ta,
			   struct oracle_list *lists, size_t n)
{
	total_forget(t);
	t->have = true;
	t->activity = xstrdup(activity ? activity : "");
	t->rid = xstrdup(ta->w->resource_id);
	t->label = xstrdup(ta->w->text);
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

	if (before_total) {
		/* The last sighting is the screen the action was taken on. */
		struct oracle_list *bl = NULL;
		size_t nb = oracle_lists(before, &bl);

		total_remember(t, activity_before, &tb, bl, nb);
	}
	if (!after || !find_total(after, &ta))
		return hit;
	na = oracle_lists(after, &al);
	/* The total came back after other pages (the same-screen case is oracle_total_wrong's). */
	if (!hit && t->have && oracle_same_activity(t->activity, activity_after) &&
	    strcmp(t->rid, ta.w->resource_id) == 0 &&
	    !(before_total && oracle_same_activity(activity_before, activity_after) &&
	      strcmp(tb.w->resource_id, ta.w->resource_id) == 0)) {
		struct total_seen was = { t->label, t->value_text, t->value, t->lists, t->n_lists };

		hit = total_not_moved(&was, &ta, al, na, f);
	}
	total_remember(t, activity_after, &ta, al, na);
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
